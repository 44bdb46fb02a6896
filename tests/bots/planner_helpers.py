"""Shared set-up of the planner's tests: a new 1830/1870 game and playing it on until a
condition holds."""
from railyard.bots.views import observe
from railyard.engine import available


def new_game(title, seed, n=4):
    info = available()[title]
    return info.factory(["a", "b", "c", "d", "e", "f"][:n], seed, info.resolve_options({}))


def play_until(st, bots, cond, limit=30000):
    for _ in range(limit):
        if st.current_player is None:
            return False
        if cond(st):
            return True
        st.apply(bots[st.current_player].choose(observe(st)))
    return False
