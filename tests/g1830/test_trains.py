"""Trains, phases, rusting, limits, forced purchases and bankruptcy (20.2, 21.0-25.0)."""
from __future__ import annotations

from railyard.games.g1830 import trains

from .helpers import act, illegal, new, operating


def at_buy_step(corps=None, n=4, **options):
    g = operating(n, corps=corps or {"PRR": (67, 0)}, **options)
    act(g, "pass")  # no tile
    assert g.s["op"]["step"] == "buy_train"
    return g


def sell_out(g, ttype):
    g.s["depot"][ttype] = 0


def test_21_0_trains_are_sold_smallest_first():
    g = at_buy_step()
    offered = [c.fixed["train"] for c in g.legal_actions() if c.type == "buy_train"]
    assert offered == ["2-0"]
    err = illegal(g, {"type": "buy_train", "player": 0, "train": "3-0", "price": 180},
                  "unknown_id")
    assert "21.0" in err.message
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["corps"]["PRR"]["trains"] == ["2-0"]
    assert g.s["corps"]["PRR"]["cash"] == 670 - 80


def test_22_0_first_3_train_starts_phase_3():
    g = at_buy_step()
    sell_out(g, "2")
    act(g, "buy_train", train="3-0", price=180)
    assert g.s["phase"] == "3"
    assert "green" in g.phase_info()["tiles"]
    assert g.phase_info()["operating_rounds"] == 2


def test_22_0_first_4_rusts_the_2s_and_limits_to_3_trains():
    g = at_buy_step(corps={"PRR": (100, 0), "NYC": (67, 1)})
    g.s["corps"]["PRR"]["cash"] = 2000
    g.s["corps"]["NYC"]["trains"] = ["2-4", "3-0", "3-1", "3-2"]
    sell_out(g, "2")
    sell_out(g, "3")
    g.s["phase"] = "3"
    g.s["bought_types"] = ["2", "3"]
    act(g, "buy_train", train="4-0", price=300)
    assert g.s["phase"] == "4"
    assert g.s["corps"]["NYC"]["trains"] == ["3-0", "3-1", "3-2"]  # the 2 rusted
    assert g.s["op"]["discard"] == []


def test_21_0_example_over_the_limit_after_the_first_5_discards():
    g = at_buy_step(corps={"PRR": (100, 0)})
    c = g.s["corps"]["PRR"]
    c["trains"] = ["3-0", "4-0"]
    c["cash"] = 1000
    for t in ("2", "3", "4"):
        sell_out(g, t)
    g.s["phase"] = "4"
    g.s["bought_types"] = ["2", "3", "4"]
    act(g, "buy_train", train="5-0", price=450)
    assert g.s["phase"] == "5"
    assert g.s["op"]["discard"] == ["PRR"]
    assert {ch.type for ch in g.legal_actions()} == {"discard_train"}
    act(g, "discard_train", train="3-0")
    assert c["trains"] == ["4-0", "5-0"]
    assert g.s["train_pool"] == ["3-0"]


def test_23_2_first_5_closes_all_privates():
    g = at_buy_step(corps={"PRR": (100, 0)})
    g.s["corps"]["PRR"]["cash"] = 1000
    for t in ("2", "3", "4"):
        sell_out(g, t)
    g.s["phase"] = "4"
    act(g, "buy_train", train="5-0", price=450)
    assert all(c["closed"] for c in g.s["companies"].values())


def test_21_0_d_trains_after_the_first_6_with_trade_in_for_800():
    g = at_buy_step(corps={"PRR": (100, 0)})
    c = g.s["corps"]["PRR"]
    c["trains"] = ["5-0"]
    c["cash"] = 1000
    for t in ("2", "3", "4", "5"):
        sell_out(g, t)
    g.s["phase"] = "5"
    g.s["bought_types"] = ["2", "3", "4", "5"]
    offered = {ch.fixed["train"] for ch in g.legal_actions() if ch.type == "buy_train"}
    assert offered == {"6-0"}
    g.s["depot"]["6"] -= 1
    g.s["bought_types"].append("6")
    g.s["phase"] = "6"
    illegal(g, {"type": "buy_train", "player": 0, "train": "D-0", "price": 800})
    act(g, "buy_train", train="D-0", price=800, exchange="5-0")
    c = g.s["corps"]["PRR"]  # a refused action restores the state object
    assert c["trains"] == ["D-0"]
    assert "5-0" in g.s["train_pool"]
    assert c["cash"] == 200


def _at_limit_in_phase_6(**options):
    """PRR holds a 5 and a 6 (the limit of 2) with $1500; D-trains are for sale."""
    g = at_buy_step(corps={"PRR": (100, 0)}, **options)
    for t in ("2", "3", "4", "5"):
        sell_out(g, t)
    g.s["depot"]["6"] = 0
    g.s["train_pool"] = ["6-1"]
    g.s["phase"] = "6"
    g.s["bought_types"] = ["2", "3", "4", "5", "6"]
    c = g.s["corps"]["PRR"]
    c["trains"] = ["5-0", "6-0"]
    c["cash"] = 1500
    from railyard.games.g1830 import operating
    operating.advance(g)
    return g


def test_21_0_at_the_train_limit_a_4_5_or_6_may_still_be_traded_in_for_a_d():
    """21.0: "D-Züge kann man ... für 800 Dollar plus Dreingabe" kaufen: the train given in
    leaves as the D arrives, so a company at its limit may trade; buying more is refused."""
    g = _at_limit_in_phase_6()
    assert g.s["op"]["step"] == "buy_train" and g.current_player == 0
    offered = {(ch.fixed["train"], ch.fixed.get("exchange")) for ch in g.legal_actions()
               if ch.type == "buy_train"}
    assert offered == {("D-0", "5-0"), ("D-0", "6-0")}
    err = illegal(g, {"type": "buy_train", "player": 0, "train": "D-0", "price": 1100})
    assert "most trains allowed" in err.message
    illegal(g, {"type": "buy_train", "player": 0, "train": "6-1", "price": 630})
    act(g, "buy_train", train="D-0", price=800, exchange="6-0")
    assert g.s["corps"]["PRR"]["trains"] == ["5-0", "D-0"]
    assert "6-0" in g.s["train_pool"]


def test_21_0_at_the_train_limit_without_a_trade_in_the_purchase_step_is_skipped():
    g = _at_limit_in_phase_6()
    g2 = at_buy_step(corps={"PRR": (100, 0)})
    g2.s["corps"]["PRR"]["trains"] = ["2-0", "2-1", "2-2", "2-3"]
    from railyard.games.g1830 import trains
    assert not trains.buy_step_open(g2, "PRR")
    g.s["corps"]["PRR"]["cash"] = 799          # cannot pay the $800
    assert not trains.buy_step_open(g, "PRR")


def _over_the_limit_by_its_own_4(**options):
    """PRR with three 3-trains buys the first 4-train: phase 4, limit 3 (22.0), PRR holds
    four trains; Bob (seat 1) owns DH, which PRR could buy (23.1)."""
    g = at_buy_step(corps={"PRR": (100, 0)}, **options)
    c = g.s["corps"]["PRR"]
    c["trains"], c["cash"] = ["3-0", "3-1", "3-2"], 1000
    for t in ("2", "3"):
        sell_out(g, t)
    g.s["phase"], g.s["bought_types"] = "3", ["2", "3"]
    g.s["companies"]["DH"]["owner"] = "p1"
    act(g, "buy_train", train="4-0", price=300)
    assert g.s["phase"] == "4" and g.s["op"]["discard"] == ["PRR"]
    return g


def test_21_0_over_the_limit_by_its_own_purchase_the_company_discards_at_once():
    """21.0: "muss den Überschuss sofort an die Bank zurückgeben" - nothing else comes
    before the discard, not even a private's purchase."""
    g = _over_the_limit_by_its_own_4(agreed_prices_need_consent=False)
    assert {c.type for c in g.legal_actions()} == {"discard_train"}
    illegal(g, {"type": "buy_company", "player": 0, "company": "DH", "price": 70},
            "wrong_phase")


def test_option_private_purchase_before_discard_as_18xx_games():
    """The site's behaviour (option ``private_purchase_before_discard``, set by the import):
    the company over the limit by its own purchase may buy a private first; the discard is
    still owed."""
    g = _over_the_limit_by_its_own_4(private_purchase_before_discard=True,
                                     agreed_prices_need_consent=False)
    assert {c.type for c in g.legal_actions()} == {"discard_train", "buy_company"}
    cash = g.s["corps"]["PRR"]["cash"]
    act(g, "buy_company", company="DH", price=70)
    assert g.company_owner("DH") == "cPRR" and g.s["corps"]["PRR"]["cash"] == cash - 70
    assert g.s["op"]["discard"] == ["PRR"]
    left = g.legal_actions()
    assert "discard_train" in {c.type for c in left}
    assert all(c.fixed.get("company") != "DH" for c in left if c.type == "buy_company")
    act(g, "discard_train", corporation="PRR", train="3-0")
    assert g.s["corps"]["PRR"]["trains"] == ["3-1", "3-2", "4-0"]


def test_option_train_limit_purchase_then_discard_as_18xx_games():
    """The site's behaviour (option ``train_limit_purchase_then_discard``, set by the
    import): at the limit with a possible trade-in any train may be bought; the company then
    discards down to the limit."""
    g = _at_limit_in_phase_6(train_limit_purchase_then_discard=True)
    offered = {ch.fixed["train"] for ch in g.legal_actions() if ch.type == "buy_train"}
    assert {"D-0", "6-1"} <= offered
    act(g, "buy_train", train="D-0", price=1100)
    assert g.s["op"]["discard"] == ["PRR"]
    assert {c.type for c in g.legal_actions()} == {"discard_train"}
    act(g, "discard_train", corporation="PRR", train="5-0")
    assert g.s["corps"]["PRR"]["trains"] == ["6-0", "D-0"]
    assert "5-0" in g.s["train_pool"]


def test_22_0_rusting_6_rusts_3s_and_d_rusts_4s():
    assert trains.ttype("3-4") == "3"
    from railyard.games.g1830.data import static
    rust = {t.name: t.rusts_on for t in static().trains}
    assert rust["2"] == "4" and rust["3"] == "6" and rust["4"] == "D"
    counts = {t.name: t.count for t in static().trains}
    assert counts == {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": 6}
    assert {t.name: t.count for t in static(True).trains}["6"] == 3  # 26.0 variant


def test_23_2_bo_private_closes_with_the_bo_first_train():
    g = at_buy_step(corps={"B&O": (100, 1)})
    assert not g.s["companies"]["BO"]["closed"]
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["companies"]["BO"]["closed"]


def route_for_prr(g):
    g.s["tiles"]["H14"] = ["9", 1]
    g.s["tiles"]["H16"] = ["57", 1]


def test_20_2_a_company_with_a_route_and_no_train_must_buy():
    g = operating(corps={"PRR": (67, 0)})
    route_for_prr(g)
    act(g, "pass")  # no tile
    if g.s["op"]["step"] == "token":
        act(g, "pass")
    assert g.s["op"]["step"] == "buy_train"
    err = illegal(g, {"type": "pass", "player": 0})
    assert "20.2" in err.message


def test_24_0_president_pays_the_shortfall_for_the_cheapest_train():
    g = operating(corps={"PRR": (67, 0)})
    route_for_prr(g)
    g.s["corps"]["PRR"]["cash"] = 50
    act(g, "pass")
    if g.s["op"]["step"] == "token":
        act(g, "pass")
    cash = g.s["cash"][0]
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["corps"]["PRR"]["cash"] == 0
    assert g.s["cash"][0] == cash - 30


def emergency(g_cash, corp_cash, holding, **options):
    g = operating(corps={"PRR": (67, 0)}, **options)
    route_for_prr(g)
    g.s["corps"]["PRR"]["cash"] = corp_cash
    g.s["cash"][0] = g_cash
    h = g.s["holders"]["PRR"]
    keep = h["0"][:holding]
    h["ipo"] += [c for c in h["0"] if c not in keep]
    h["0"] = keep
    act(g, "pass")
    if g.s["op"]["step"] == "token":
        act(g, "pass")
    return g


def test_24_0c_president_sells_shares_to_raise_the_money():
    g = emergency(10, 0, 5)  # PRR_0 + 3 x 10 %
    # he may also offer his privates (SV, CA) to other players (24.0c, test_private_sale)
    assert {c.type for c in g.legal_actions()} == {"sell_shares", "offer_private"}
    illegal(g, {"type": "bankrupt", "player": 0})
    price = g.price("PRR")
    act(g, "sell_shares", corporation="PRR", count=2)
    assert g.s["cash"][0] == 10 + 2 * price
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["cash"][0] == 10 + 2 * price - 80


def test_24_0c_the_president_sells_only_as_many_shares_as_the_train_needs():
    """24.0c "Wenn nötig, muss der Präsident mehr Geld flüssig machen, indem er Aktien ...
    verkauft": $70 are missing for the 2-train ($80, PRR $0, president $10); at $65 a share
    two shares are needed, a third may not be sold."""
    g = emergency(10, 0, 5)
    price = g.price("PRR")
    assert 70 > price and 2 * price >= 70
    sale = [c for c in g.legal_actions() if c.type == "sell_shares"]
    assert [c.ranges["count"] for c in sale] == [(1, 2)]
    err = illegal(g, {"type": "sell_shares", "player": 0, "corporation": "PRR", "count": 3})
    assert "24.0c" in err.message
    act(g, "sell_shares", corporation="PRR", count=1)
    # one share was not enough: the next one may be sold, then nothing more
    assert [c.ranges["count"] for c in g.legal_actions() if c.type == "sell_shares"] == \
        [(1, 1)]


def _short_with_a_lone_presidents_certificate(**options):
    """PRR must buy a 2-train ($80; PRR $0, its president $10: $70 short); the president
    holds of NYC only its 20 % president's certificate, seat 1 holds 20 % NYC; one NYC
    share at $100 covers the shortfall."""
    from railyard.games.g1830 import stock
    from .helpers import give
    g = emergency(10, 0, 1, **options)
    stock.set_par(g, "NYC", 100)
    give(g, "NYC", 0, ["NYC_0"])
    give(g, "NYC", 1, ["NYC_1", "NYC_2"])
    g.s["corps"]["NYC"]["president"] = 0
    assert g.price("NYC") == 100
    return g


def test_24_0c_only_what_is_needed_a_lone_presidents_certificate_is_sold_by_half():
    """24.0c "only what is needed": 10 % NYC covers the $70; the president's certificate
    is split (seat 1 takes it over for his two shares, 13.0) and 20 % may not be sold."""
    g = _short_with_a_lone_presidents_certificate()
    sale = [c for c in g.legal_actions() if c.type == "sell_shares"]
    assert [(c.fixed["corporation"], c.ranges["count"]) for c in sale] == [("NYC", (1, 1))]
    err = illegal(g, {"type": "sell_shares", "player": 0, "corporation": "NYC", "count": 2})
    assert "24.0c" in err.message
    act(g, "sell_shares", corporation="NYC", count=1)
    assert g.s["cash"][0] == 110 and g.s["corps"]["NYC"]["president"] == 1


def test_option_emergency_sale_whole_presidents_certificate_as_18xx_games():
    """18xx.games profile: the same president may sell the certificate whole (20 %)."""
    g = _short_with_a_lone_presidents_certificate(
        emergency_sale_whole_presidents_certificate=True)
    sale = [c for c in g.legal_actions() if c.type == "sell_shares"]
    assert [(c.fixed["corporation"], c.ranges["count"]) for c in sale] == [("NYC", (1, 2))]
    illegal(g, {"type": "sell_shares", "player": 0, "corporation": "NYC", "count": 3})
    act(g, "sell_shares", corporation="NYC", count=2)
    assert g.s["cash"][0] == 210 and g.s["corps"]["NYC"]["president"] == 1
    assert not g.s["holders"]["NYC"].get("0")
    act(g, "buy_train", train="2-0", price=80)
    assert g.s["cash"][0] == 130


def test_24_0f_bankrupt_when_nothing_can_be_sold_and_the_game_ends():
    g = emergency(10, 0, 1)  # only the president's certificate: it cannot be sold
    # selling his privates is allowed but not required (24.0c "muss nicht")
    assert {c.type for c in g.legal_actions()} == {"bankrupt", "offer_private"}
    act(g, "bankrupt")
    assert g.is_terminal
    assert g.result().details["reason"] == "bankrupt"
    assert g.s["cash"][0] == 0
    # 25.0: what he could not sell still counts: 20 % PRR at 67 (PRR ran nothing, but the
    # round did not end, so its price did not move left, 8.2d)
    assert g.price("PRR") == 67
    assert g.worth(0) == 2 * 67 + sum(
        g.st.privates[p].value for p, c in g.s["companies"].items()
        if c["owner"] == "p0" and not c["closed"])


def _bankrupt_with_a_rival(**options):
    """PRR must buy a train; its president (seat 0, $10) holds 30 % PRR, seat 1 also 30 %:
    selling any PRR share would make seat 1 president (24.0c), so nothing can be sold."""
    from .helpers import give
    g = emergency(10, 0, 2, **options)
    give(g, "PRR", 1, g.s["holders"]["PRR"]["ipo"][-3:])
    assert {c.type for c in g.legal_actions()} == {"bankrupt", "offer_private"}
    price = g.price("PRR")
    act(g, "bankrupt")
    assert g.is_terminal
    return g, price


def test_24_0c_25_0_bankruptcy_sale_never_makes_another_player_president_of_the_company_in_need():
    """24.0c: "Aktienverkäufe dürfen auch nicht dazu führen, dass jemand anders Präsident der
    betreffenden Gesellschaft wird"; 24.0f/25.0: he sells all he may sell and his result is
    what he keeps.  Seat 0 keeps his 30 % PRR and stays its president."""
    g, price = _bankrupt_with_a_rival()
    h = g.s["holders"]["PRR"]
    assert sorted(h["0"]) == ["PRR_0", "PRR_1"] and h["pool"] == []
    assert g.s["corps"]["PRR"]["president"] == 0
    assert g.price("PRR") == price
    assert g.worth(0) == 3 * price + sum(
        g.st.privates[p].value for p, c in g.s["companies"].items()
        if c["owner"] == "p0" and not c["closed"])


def test_option_bankruptcy_sale_may_change_president_sells_them_to_a_successor():
    """The option ``bankruptcy_sale_may_change_president``: the bankrupt's PRR shares are sold
    like any other; seat 1 (30 %) becomes president and the price falls three rows."""
    g, price = _bankrupt_with_a_rival(bankruptcy_sale_may_change_president=True)
    h = g.s["holders"]["PRR"]
    assert h["0"] == [] and len(h["pool"]) == 3
    assert g.s["corps"]["PRR"]["president"] == 1
    assert g.price("PRR") < price


def test_25_0_broken_bank_ends_the_game_after_the_set_of_operating_rounds():
    from railyard.games.g1830 import operating as op
    g = at_buy_step(corps={"PRR": (67, 0), "NYC": (67, 1)})
    assert g.s["op"]["corp"] == "PRR"
    g.s["bank"] = 10
    op.pay(g, "PRR", 100, "payout")
    assert g.s["bank_broken"] and g.s["bank"] == -50  # payments go on
    act(g, "pass")  # PRR buys no train; NYC operates: the round is played to its end
    assert not g.is_terminal and g.s["op"]["corp"] == "NYC"
    act(g, "pass")  # NYC lays no tile
    act(g, "pass")  # and buys no train: the set of operating rounds is over
    assert g.is_terminal
    res = g.result()
    assert res.details["reason"] == "bank"
    assert res.scores == tuple(g.worth(i) for i in range(4))


def test_21_0_every_company_over_the_limit_discards_in_any_order():
    g = at_buy_step(corps={"PRR": (100, 0), "NYC": (67, 1), "CPR": (67, 2)})
    g.s["corps"]["PRR"]["cash"] = 2000
    g.s["corps"]["NYC"]["trains"] = ["3-0", "3-1", "3-2"]
    g.s["corps"]["CPR"]["trains"] = ["3-3", "3-4", "4-0"]
    for t in ("2", "3", "4"):
        sell_out(g, t)
    g.s["phase"] = "4"
    g.s["bought_types"] = ["2", "3", "4"]
    act(g, "buy_train", train="5-0", price=450)
    assert g.s["op"]["discard"] == ["NYC", "CPR"]
    assert g.current_player == 1
    g.apply({"type": "discard_train", "player": 2, "corporation": "CPR", "train": "3-3"})
    assert g.s["op"]["discard"] == ["NYC"]
    illegal(g, {"type": "discard_train", "player": 2, "corporation": "NYC", "train": "3-0"},
            "wrong_player")
    act(g, "discard_train", corporation="NYC", train="3-0")
    assert g.s["op"]["discard"] == []
    assert g.s["train_pool"] == ["3-3", "3-0"]


def test_26_0_variant_without_diesels():
    from .helpers import new
    g = new(4, diesels=False)
    assert "D" not in g.s["depot"]
    assert g.s["depot"]["6"] == 2
    g = new(4, diesels=False, extra_6_train=True)
    assert g.s["depot"]["6"] == 3


def test_20_2_no_obligation_when_the_bank_has_no_train_left():
    g = operating(corps={"PRR": (67, 0)})
    route_for_prr(g)
    g.s["depot"] = {t: 0 for t in g.s["depot"]}
    assert not trains.must_buy(g, "PRR")


def test_21_0_six_d_trains_unless_the_18xx_games_unlimited_supply_is_chosen():
    # 21.0 prints six D-trains (ruling 2); 18xx.games (data file: "unlimited") never runs
    # out: with the option the depot holds 16, one for each place a D can take (8
    # companies x limit 2, 22.0), named D-0, D-1, ... as in its exports (3.2 train ids)
    assert new(4).s["depot"]["D"] == 6
    assert new(4, unlimited_d_trains=True).s["depot"]["D"] == 16


def test_24_0b_president_money_for_a_train_of_another_players_company_up_to_face():
    # 24.0b "darf er für einen Zug nicht mehr als den Nennwert zahlen, wenn er ihn von
    # einer anderen Eisenbahn kauft": any other railroad, not only his own (24.0d)
    g = emergency(500, 10, 5)
    g.s["corps"]["NYC"]["trains"] = ["2-0"]
    g.s["depot"]["2"] -= 1
    g.s["corps"]["NYC"]["president"] = 1
    offered = [c for c in g.legal_actions() if c.type == "buy_train"
               and c.fixed.get("train") == "2-0"]
    assert offered and offered[0].ranges["price"] == (1, 80)
    illegal(g, {"type": "buy_train", "player": 0, "train": "2-0", "price": 81})
    nyc = g.s["corps"]["NYC"]["cash"]
    act(g, "buy_train", train="2-0", price=80)
    assert g.current_player == 1        # NYC's president agrees to the price (21.0)
    act(g, "accept_offer")
    assert g.s["corps"]["PRR"]["cash"] == 0 and g.s["cash"][0] == 500 - 70
    assert g.s["corps"]["NYC"]["cash"] == nyc + 80
