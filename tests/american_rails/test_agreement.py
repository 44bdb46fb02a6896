"""legal_actions() and apply() agree: every listed action is accepted, every other one is
refused without changing the state (checked on positions of random games)."""
from hypothesis import given, settings
from hypothesis import strategies as st_

from railyard.bots.random_bot import RandomBot
from railyard.engine.errors import IllegalAction
from railyard.games.american_rails.rules import RULES
from railyard.games.american_rails.state import AmericanRailsState

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def _candidates(st):
    """A wide set of actions for the seat to act, legal or not."""
    p = st.current_player
    ids = [co.id for co in RULES.companies] + ["nobody"]
    out = [{"type": "space", "player": p, "space": s} for s in RULES.spaces]
    out += [{"type": t, "player": p} for t in ("pass", "take2", "levy", "stop", "forgo")]
    out += [{"type": "offer", "player": p, "company": c} for c in ids]
    out += [{"type": "finance", "player": p, "company": c} for c in ids]
    out += [{"type": "bid", "player": p, "amount": a} for a in (0, 9, 10, 11, 25, 60)]
    b = st.board
    near = set(b.cities[::3])
    for m in st.reach:
        near.update(h for h in range(len(b.ids)) if m >> h & 1)
    for h in sorted(near):
        out.append({"type": "place", "player": p, "hex": b.ids[h]})
        out.append({"type": "urbanise", "player": p, "hex": b.ids[h]})
        out += [{"type": "build", "player": p, "company": c, "hex": b.ids[h]} for c in ids[:-1]]
    return out


def _check(st: AmericanRailsState) -> None:
    choices = st.legal_actions()
    assert choices
    before = st.fingerprint()
    for i, a in enumerate(_candidates(st)):
        listed = any(c.matches(a) for c in choices)
        trial = st.clone()
        try:
            trial.apply(a)
            assert listed, f"accepted but not listed: {a}"
        except IllegalAction:
            assert not listed, f"listed but refused: {a}"
            if i % 10 == 0:
                assert trial.fingerprint() == before
    assert st.fingerprint() == before, "applying to clones must not touch the original"


@settings(max_examples=4, deadline=None)
@given(st_.integers(3, 5), st_.integers(0, 2**32))
def test_legal_actions_agree_with_apply(n, seed):
    st = AmericanRailsState(NAMES[:n], seed, {})
    bot = RandomBot(seed)
    k = 0
    while st.current_player is not None:
        if k % 23 == 0 or st.step in ("place", "urbanise"):
            _check(st)
        st.apply(bot.choose(st))
        k += 1
