"""``end_game`` (18xx.games): the players agree to stop; any seat, any time; the result
is each player's worth at that moment (10.4.1).  Not a rule of the rulebook, so it is
never among the legal choices."""
from __future__ import annotations

from .helpers import new


def test_end_game_by_any_seat_ends_at_once_with_current_worth():
    g = new(3)
    assert all(c.type != "end_game" for c in g.legal_actions())
    other = (g.current_player + 1) % 3
    g.apply({"type": "end_game", "player": other})
    assert g.is_terminal
    assert list(g.result().scores) == [g.worth(i) for i in range(3)]
