"""1870's pace with four ``strategic:normal`` bots (issue 22, branch i22p; done when the
median game reaches phase 7 and ends by stock round 10): a company at its train limit keeps
the price of the train it will need before one of its trains rusts (``RUST_RESERVE``);
and (branch i22q) a company with room takes a train of its president's company at the
limit that can then buy the bank's next train (``MAKE_ROOM``, 1870 9.5.2).

The position is an early 1870 dividend decision of a game of planner seats moved on to
phase 4 (the 2-, 3- and 4-trains sold, two 5-trains left, train limit 2).  The route
optimiser's revenue is a fixed value per train type (the rush tests' ``FakeRevenue``), so
the values the test asks for are known without reading them from the bot."""
from railyard.bots.planner import PlannerBot
from railyard.bots.planner import economy as eco
from railyard.bots.strategic import train_limit
from railyard.bots.views import observe

from .planner_helpers import new_game, play_until
from .test_planner_rush import FakeRevenue

#: revenue per 1870 train type of the test position
VALUES = {"2": 30, "3": 60, "4": 90, "5": 120, "6": 160, "8": 200, "10": 240, "12": 280}


def _phase4_dividend(trains, cash):
    """An 1870 dividend decision moved on to phase 4: every 2-, 3- and 4-train and two of
    the four 5-trains sold (so a company that needs a train will likely pay the 6's $630:
    ``need_price``), the company runs ``trains`` and holds ``cash``, no other company owns
    a train.  (state, company)."""
    st = new_game("1870", 3)
    bots = [PlannerBot(50 + i, "easy") for i in range(4)]
    assert play_until(st, bots, lambda s: any(c.type == "dividend"
                                              for c in s.legal_actions()), limit=2000)
    corp = st.s["op"]["corp"]
    st.s["depot"].update({"2": 0, "3": 0, "4": 0, "5": 2})
    st.s["bought_types"] = list(dict.fromkeys(list(st.s.get("bought_types") or []) +
                                              ["2", "3", "4", "5"]))
    st.s["phase"] = "4"
    for v in st.s["corps"].values():
        v["trains"] = []
    st.s["corps"][corp]["trains"] = list(trains)
    st.s["corps"][corp]["cash"] = cash
    st.s["bank"] = 8000
    assert train_limit(st) == 2 and eco.need_price(st) == 630
    return st, corp


def _kind(st, corp, revenue):
    bot = PlannerBot(0, "normal")
    bot.seat = st.s["corps"][corp]["president"]
    bot.rev = FakeRevenue(VALUES)
    st.s["op"]["revenue"] = revenue
    return bot.choose(observe(st)).get("kind")


def test_1870_at_the_limit_keeps_the_price_of_the_train_after_the_rust():
    """A company at the limit (2 in phase 4) with a 3-train, which rusts when the first
    6 is bought, and a 5-train, and $150 in its treasury, withholds its $250 run: the
    6 it will need when the 3 rusts costs $630, two runs more pay it.  The planner before
    paid out (the 5 lasts, and with no room and no trade-in in 1870 there was no train to
    save for); then the rusted company had no money for a train and the phase waited."""
    st, corp = _phase4_dividend(["3-0", "5-0"], 150)
    assert eco.rust_reserve(st, corp, 250) == 250
    assert _kind(st, corp, 250) == "withhold"
    # half the run is enough when the treasury lacks only that much: 1870 pays half
    st, corp = _phase4_dividend(["3-0", "5-0"], 520)
    assert eco.rust_reserve(st, corp, 250) == 110
    assert _kind(st, corp, 250) == "half"


def test_1870_rust_reserve_only_at_the_limit_with_a_train_to_rust():
    """No reserve below the train limit (the company can buy and saves by the other
    rules), with no train that rusts soon, with the price already in the treasury, when
    more than ``SAVE_RUNS`` runs are needed, nor in a title outside ``RUST_RESERVE``."""
    st, corp = _phase4_dividend(["3-0", "5-0"], 150)
    assert eco.rust_reserve(st, corp, 60) == 0                    # 8 runs to $630
    st, corp = _phase4_dividend(["5-0", "5-1"], 150)
    assert eco.rust_reserve(st, corp, 250) == 0                   # nothing rusts soon
    st, corp = _phase4_dividend(["3-0", "5-0"], 700)
    assert eco.rust_reserve(st, corp, 250) == 0                   # the money is there
    st, corp = _phase4_dividend(["3-0", "5-0"], 150)
    assert _kind(st, corp, 250) == "withhold"
    st.s["corps"][corp]["trains"] = ["5-0"]
    assert eco.rust_reserve(st, corp, 250) == 0                   # room: it can buy
    assert "1830" not in eco.RUST_RESERVE and "1870" in eco.RUST_RESERVE


def _phase4_train_step(trains, cash, seller_trains, seller_cash):
    """An 1870 train step after the dividend in phase 4 with every 5-train sold (the bank
    offers the first 6, $630): the operating company runs ``trains`` and holds ``cash``;
    another company of the same president runs ``seller_trains`` (at the limit of 2) and
    holds ``seller_cash``.  (state, company, seller)."""
    st, corp = _phase4_dividend(trains, cash)
    st.s["depot"]["5"] = 0
    st.s["bought_types"] = list(dict.fromkeys(st.s["bought_types"] + ["5"]))
    pres = st.s["corps"][corp]["president"]
    seller = next(c for c in st.s["corps"] if c != corp)
    st.s["corps"][seller].update({"president": pres, "trains": list(seller_trains),
                                  "cash": seller_cash})
    st.s["op"]["revenue"] = 0
    kinds = [c for c in st.legal_actions() if c.type == "dividend"]
    st.apply(kinds[0].base())
    assert any(c.type == "buy_train" and c.fixed.get("source") == seller
               for c in st.legal_actions())
    return st, corp, seller


def _answer(st, corp):
    bot = PlannerBot(0, "normal")
    bot.seat = st.s["corps"][corp]["president"]
    bot.rev = FakeRevenue(VALUES)
    return bot.choose(observe(st))


def test_1870_takes_a_train_to_give_room_for_the_next_one():
    """1870 9.5.2 (trains sold between corporations at $1 or more): a company with one
    4-train and room takes, at $1, the 3-train of its president's other company, which
    sits at the limit (a 3 and a 5) with $700, so that the other company can buy the
    first 6 ($630) in its turn.  The planner before passed: in the four-planner games
    ending in phase 4 five companies at the limit held $600-800 each and the 6 was never
    bought."""
    st, corp, seller = _phase4_train_step(["4-0"], 100, ["3-0", "5-0"], 700)
    act = _answer(st, corp)
    assert act["type"] == "buy_train" and act["source"] == seller
    assert act["train"] == "3-0" and act["price"] == 1
    st.apply(act)
    assert len(st.s["corps"][seller]["trains"]) == 1
    assert eco.room_sale(PlannerBot(0, "normal"), st, corp, []) is None


def test_1870_room_sale_only_when_the_seller_can_then_buy():
    """No train is taken when the company at the limit lacks the 6's price beyond what the
    taker may top up (a quarter of it), and the taker pays the top-up when it can; nor in
    a title outside ``MAKE_ROOM``."""
    st, corp, seller = _phase4_train_step(["4-0"], 100, ["3-0", "5-0"], 300)
    act = _answer(st, corp)
    assert not (act["type"] == "buy_train" and act.get("source") == seller)
    st, corp, seller = _phase4_train_step(["4-0"], 200, ["3-0", "5-0"], 500)
    act = _answer(st, corp)
    assert act["type"] == "buy_train" and act["source"] == seller and act["price"] == 130
    assert "1830" not in eco.MAKE_ROOM and "1870" in eco.MAKE_ROOM
