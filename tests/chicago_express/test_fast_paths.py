"""The fast legal-action listing (bit masks) agrees with the rule-by-rule checks that
``apply`` uses (Streckenausbau, Entwicklung), on positions from random games."""
from hypothesis import given, settings
from hypothesis import strategies as hs

from railyard.bots.random_bot import RandomBot
from railyard.engine.game import Game

from .helpers import PLAYERS


@settings(max_examples=8, deadline=None)
@given(seed=hs.integers(0, 2**32), n=hs.integers(2, 6))
def test_listed_builds_and_develops_match_rule_checks(seed, n):
    game = Game("chicago-express", PLAYERS[:n], seed=seed)
    bot = RandomBot(seed)
    st = game.state
    checked = 0
    while not st.is_terminal:
        if st.phase == "build":
            p = st.current_player
            for c in range(len(st.board.companies)):
                fast = set(st.legal_builds(p, c))
                slow = {h for h in range(len(st.board.hex_ids))
                        if st.why_not_build(p, c, h) is None}
                assert fast == slow
                checked += 1
        if st.phase == "develop":
            fast = set(st.legal_develops())
            slow = {h for h in range(len(st.board.hex_ids)) if st.why_not_develop(h) is None}
            assert fast == slow
        st.apply(bot.choose(st))
    assert checked > 0
