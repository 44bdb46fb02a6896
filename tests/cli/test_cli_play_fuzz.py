"""Property: whatever a player types, the terminal loop either applies one legal action
or leaves the game exactly as it was, and never crashes (issue 2 §4: bad input
re-prompts with the reason)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from railyard.cli import terminal_play
from railyard.cli.terminal_play import TerminalPlay
from railyard.engine import Game

words = st.one_of(st.sampled_from(["1", "2", "3", "0", "-1", "1 2", "1 0", "1 4", "2 5",
                                   "f", "f st", "v", "h", "l", "", "  ", "x"]),
                  st.text(max_size=12).filter(lambda t: t.strip().lower()[:1] not in
                                              ("q", "u", "s")))


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(words, max_size=8))
def test_any_input_applies_a_legal_action_or_changes_nothing(lines):
    game = Game("dummy-race", ["Ann", "Bob"], 0, {"target": 30})
    play = TerminalPlay(game, ["human", "human"])
    with pytest.MonkeyPatch.context() as mp:
        # a follow-up question (an amount) is answered with end of input
        mp.setattr(terminal_play, "ask", lambda text, default=None: None)
        check(game, play, lines)


def check(game, play, lines):
    for line in lines:
        before = (list(game.log), game.state.fingerprint())
        choices = game.legal_actions()
        done = play.handle(line.strip(), choices)
        if done:
            assert len(game.log) == len(before[0]) + 1
            assert any(c.matches(game.log[-1]) for c in choices)
        else:
            assert (game.log, game.state.fingerprint()) == before
