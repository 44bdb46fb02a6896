"""Stock rounds: par, buying, selling, presidency, limits and price moves (4.0, 8.0-15.0)."""
from __future__ import annotations

import pytest

from railyard.eighteen import shares as sh
from railyard.games.g1830 import stock

from .helpers import act, finish_auction, illegal, new


def sr(n=4):
    g = new(n)
    finish_auction(g)
    return g


def give(g, corp, seat, certs):
    h = g.s["holders"][corp]
    for c in certs:
        src = next(k for k, v in h.items() if c in v)
        h[src].remove(c)
        h.setdefault(str(seat), []).append(c)


def park(g, corp, price, president):
    """Par ``corp`` directly (white-box set-up of a position)."""
    stock.set_par(g, corp, price)
    give(g, corp, president, [f"{corp}_0"])
    g.s["corps"][corp]["president"] = president


def test_8_1_par_prices_are_67_to_100_and_president_share_costs_2x_par():
    g = sr()
    seat = g.current_player
    pars = sorted({c.fixed["price"] for c in g.legal_actions() if c.type == "par"})
    assert pars == [67, 71, 76, 82, 90, 100]
    illegal(g, {"type": "par", "player": seat, "corporation": "NYC", "price": 80})
    cash = g.s["cash"][seat]
    act(g, "par", corporation="NYC", price=90)
    assert g.s["cash"][seat] == cash - 180
    assert g.s["holders"]["NYC"][str(seat)] == ["NYC_0"]
    assert g.price("NYC") == 90 and g.s["corps"]["NYC"]["par"] == 90


def test_8_0_the_first_share_sold_is_the_presidents():
    g = sr()
    err = illegal(g, {"type": "buy_share", "player": g.current_player, "corporation": "NYC",
                      "source": "ipo"})
    assert "9.0" in err.message


def test_bo_cannot_be_parred_in_the_stock_round():
    g = sr()
    illegal(g, {"type": "par", "player": g.current_player, "corporation": "B&O", "price": 100})


def test_11_0_float_at_60_percent_with_full_capitalisation():
    # 11.0 example: NYC par 90; 60 % sold -> the company gets 900 from the bank
    g = sr()
    park(g, "NYC", 90, 0)
    give(g, "NYC", 1, ["NYC_1", "NYC_2", "NYC_3"])
    assert not g.s["corps"]["NYC"]["floated"]
    seat = g.current_player
    act(g, "buy_share", corporation="NYC", source="ipo")
    assert g.s["corps"]["NYC"]["floated"]
    assert g.s["corps"]["NYC"]["cash"] == 900


def test_12_0a_no_sales_in_the_first_stock_round_and_turn_ends_after_a_buy():
    g = sr()
    seat = g.current_player
    act(g, "par", corporation="PRR", price=67)
    assert g.current_player == (seat + 1) % 4  # nothing more to do: the turn ends
    g.s["stock"]["turn"] = seat
    err = illegal(g, {"type": "sell_shares", "player": seat, "corporation": "PRR", "count": 1})
    assert "12.0a" in err.message


def later_round(g):
    g.s["sr"] = 2
    return g


def test_4_0_who_sold_may_not_buy_back_in_the_same_round_but_buy_then_sell_is_fine():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, (seat + 1) % 4)
    give(g, "NYC", seat, ["NYC_1", "NYC_2"])
    act(g, "buy_share", corporation="NYC", source="ipo")       # buy ...
    act(g, "sell_shares", corporation="NYC", count=1)          # ... then sell: allowed
    g.s["stock"]["buys"] = []
    err = illegal(g, {"type": "buy_share", "player": seat, "corporation": "NYC",
                      "source": "pool"})
    assert "4.0" in err.message


def test_12_0b_pool_holds_at_most_50_percent():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, (seat + 1) % 4)
    give(g, "NYC", seat, ["NYC_1"])
    for c in ["NYC_2", "NYC_3", "NYC_4", "NYC_5", "NYC_6"]:
        give(g, "NYC", "pool", [c])
    err = illegal(g, {"type": "sell_shares", "player": seat, "corporation": "NYC", "count": 1})
    assert "12.0b" in err.message


@pytest.mark.parametrize("other", [0, 20])
def test_12_0b_an_empty_pool_takes_at_most_five_shares(other):
    """12.0b with the pool empty: a president holding 80 % may sell 5 shares, not 6 (nor
    8 when another player holds 20 %) -- in the rule-by-rule listing, in ``apply`` and in
    the fast listing the random playout draws its sales from (``stock.share_options``)."""
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, seat)
    give(g, "NYC", seat, [f"NYC_{i}" for i in range(1, 7)])            # 80 %
    if other:
        give(g, "NYC", (seat + 1) % 4, ["NYC_7", "NYC_8"])
    assert not g.s["holders"]["NYC"]["pool"]
    sale = next(c for c in g.legal_actions()
                if c.type == "sell_shares" and c.fixed["corporation"] == "NYC")
    assert sale.ranges["count"] == (1, 5)
    assert ("sell_shares", "NYC", 5) in stock.share_options(g, seat)
    err = illegal(g, {"type": "sell_shares", "player": seat, "corporation": "NYC",
                      "count": 6})
    assert "12.0b" in err.message
    act(g, "sell_shares", corporation="NYC", count=5)
    assert len(g.s["holders"]["NYC"]["pool"]) == 5


def test_12_0c_presidents_certificate_not_sold_unless_someone_takes_over():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, seat)
    give(g, "NYC", (seat + 1) % 4, ["NYC_1"])
    err = illegal(g, {"type": "sell_shares", "player": seat, "corporation": "NYC", "count": 1})
    assert "12.0c" in err.message


def test_15_0_cpr_example_two_shares_at_100_fall_two_rows_to_82():
    g = later_round(sr())
    seat = g.current_player
    park(g, "CPR", 100, (seat + 1) % 4)
    give(g, "CPR", seat, ["CPR_1", "CPR_2"])
    cash = g.s["cash"][seat]
    act(g, "sell_shares", corporation="CPR", count=2)
    assert g.s["cash"][seat] == cash + 200
    assert g.price("CPR") == 82
    assert g.s["holders"]["CPR"]["pool"] == ["CPR_1", "CPR_2"]


def test_8_2a_price_stays_on_the_bottom_row():
    g = later_round(sr())
    m = g.st.market
    assert m.down([10, 6]) == [10, 6]


def test_13_0_example_presidency_passes_when_another_holds_more():
    # two players hold 30 % NYC each, player 1 is president; player 2 buys a fourth share
    g = later_round(sr())
    p2 = g.current_player
    p1 = (p2 + 1) % 4
    park(g, "NYC", 90, p1)
    give(g, "NYC", p1, ["NYC_1"])
    give(g, "NYC", p2, ["NYC_2", "NYC_3", "NYC_4"])
    act(g, "buy_share", corporation="NYC", source="ipo")
    h = g.s["holders"]["NYC"]
    assert g.s["corps"]["NYC"]["president"] == p2
    assert "NYC_0" in h[str(p2)] and sum(20 if c == "NYC_0" else 10 for c in h[str(p2)]) == 40
    assert sorted(h[str(p1)]) == ["NYC_1", "NYC_2", "NYC_3"]  # two 10 % in exchange


def test_13_0_equal_holding_does_not_change_the_president():
    g = later_round(sr())
    p2 = g.current_player
    p1 = (p2 + 1) % 4
    park(g, "NYC", 90, p1)
    give(g, "NYC", p1, ["NYC_1"])
    give(g, "NYC", p2, ["NYC_2", "NYC_3"])
    act(g, "buy_share", corporation="NYC", source="ipo")
    assert g.s["corps"]["NYC"]["president"] == p1


def test_14_0_tie_after_the_president_sells_goes_to_his_left():
    g = later_round(sr())
    pres = g.current_player
    left = (pres + 1) % 4
    other = (pres + 2) % 4
    park(g, "NYC", 90, pres)
    give(g, "NYC", left, ["NYC_1", "NYC_2"])
    give(g, "NYC", other, ["NYC_3", "NYC_4"])
    act(g, "sell_shares", corporation="NYC", count=2)
    assert g.s["corps"]["NYC"]["president"] == left
    assert g.s["holders"]["NYC"][str(left)] == ["NYC_0"]
    assert sorted(g.s["holders"]["NYC"]["pool"]) == ["NYC_1", "NYC_2"]


def test_10_0_no_more_than_60_percent_outside_orange_and_brown():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, seat)
    give(g, "NYC", seat, ["NYC_1", "NYC_2", "NYC_3", "NYC_4"])
    err = illegal(g, {"type": "buy_share", "player": seat, "corporation": "NYC",
                      "source": "ipo"})
    assert "60 %" in err.message
    g.set_pos("NYC", [4, 1])  # 41, orange
    give(g, "NYC", "pool", ["NYC_5"])
    act(g, "buy_share", corporation="NYC", source="pool")
    assert "NYC_5" in g.s["holders"]["NYC"][str(seat)]


@pytest.mark.parametrize("n,limit", [(2, 28), (3, 20), (4, 16), (5, 13), (6, 11)])
def test_10_0_certificate_limits(n, limit):
    g = new(n)
    assert g.cert_limit() == limit


def test_10_0_certificate_limit_counts_privates_but_not_yellow_zone_shares():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, (seat + 1) % 4)
    park(g, "PRR", 67, (seat + 1) % 4)
    before = g.cert_count(seat)
    give(g, "PRR", seat, ["PRR_2", "PRR_3"])
    assert g.cert_count(seat) == before + 2
    g.set_pos("PRR", [0, 0])  # 60 yellow
    assert g.cert_count(seat) == before
    g.s["cash"][seat] = 5000
    for corp in ("CPR", "C&O", "ERIE"):
        park(g, corp, 67, (seat + 2) % 4)
    pool = [f"{c}_{i}" for c in ("NYC", "C&O", "ERIE") for i in range(1, 6)]
    while g.cert_count(seat) < 16:
        give(g, pool[0].rsplit("_", 1)[0], seat, [pool.pop(0)])
    assert g.cert_count(seat) == 16
    err = illegal(g, {"type": "buy_share", "player": seat, "corporation": "CPR",
                      "source": "ipo"})
    assert "certificate limit" in err.message


def test_10_0_over_the_limit_he_need_not_sell_certificates_that_do_not_count():
    """10.0: over the limit a player "muss dies korrigieren"; shares in the yellow zone do
    not count, so selling them corrects nothing.  When none of his counting certificates
    can be sold (president's certificates nobody can take over, pools at 50 %), he may pass
    although he could sell a yellow-zone share."""
    g = later_round(sr())
    seat = g.current_player
    for corp in ("NYC", "CPR", "C&O", "ERIE"):
        park(g, corp, 67, seat)
        give(g, corp, seat, [f"{corp}_{i}" for i in (1, 2, 3)])
        give(g, corp, "pool", [f"{corp}_{i}" for i in (4, 5, 6, 7, 8)])
    park(g, "PRR", 67, (seat + 1) % 4)
    give(g, "PRR", seat, ["PRR_5"])
    g.set_pos("PRR", [0, 0])            # 60: yellow zone
    assert g.cert_count(seat) > g.cert_limit()
    sales = {c.fixed["corporation"] for c in g.legal_actions() if c.type == "sell_shares"}
    assert sales == {"PRR"}
    assert "pass" in {c.type for c in g.legal_actions()}
    act(g, "pass")
    assert g.current_player != seat


def test_10_0_over_the_limit_he_must_sell_a_counting_certificate_before_passing():
    g = later_round(sr())
    seat = g.current_player
    for corp in ("NYC", "CPR", "C&O", "ERIE"):
        park(g, corp, 67, seat)
        give(g, corp, seat, [f"{corp}_{i}" for i in (1, 2, 3)])
        give(g, corp, "pool", [f"{corp}_{i}" for i in (4, 5, 6, 7)])   # NYC_8 in the IPO
    assert g.cert_count(seat) > g.cert_limit()
    assert "pass" not in {c.type for c in g.legal_actions()}
    err = illegal(g, {"type": "pass", "player": seat})
    assert "10.0" in err.message


def test_10_0_brown_zone_several_shares_per_turn_from_the_pool():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, (seat + 1) % 4)
    g.set_pos("NYC", [7, 1])  # 20, brown
    give(g, "NYC", "pool", ["NYC_1", "NYC_2", "NYC_3"])
    act(g, "buy_share", corporation="NYC", source="pool")
    act(g, "buy_share", corporation="NYC", source="pool")
    assert len(g.s["holders"]["NYC"][str(seat)]) == 2
    err = illegal(g, {"type": "buy_share", "player": seat, "corporation": "NYC",
                      "source": "ipo"})
    assert "10.0" in err.message


def test_multiple_brown_from_ipo_option():
    g = new(4, multiple_brown_from_ipo=True)
    finish_auction(g)
    later_round(g)
    seat = g.current_player
    park(g, "NYC", 90, (seat + 1) % 4)
    g.set_pos("NYC", [7, 1])
    act(g, "buy_share", corporation="NYC", source="ipo")
    act(g, "buy_share", corporation="NYC", source="ipo")
    assert len(g.s["holders"]["NYC"][str(seat)]) == 2


def test_4_0_round_ends_when_all_pass_priority_to_left_of_last_actor_8_2b_sold_out_rises():
    g = later_round(sr())
    seat = g.current_player
    park(g, "NYC", 90, seat)
    give(g, "NYC", (seat + 1) % 4, [f"NYC_{i}" for i in range(1, 9)])
    g.s["corps"]["NYC"]["floated"] = True
    act(g, "pass")
    act(g, "pass")
    actor = g.current_player
    act(g, "par", corporation="PRR", price=67)
    act(g, "pass")
    for _ in range(4):
        if g.s["round"] != "stock":
            break
        act(g, "pass")
    assert g.s["round"] == "operating"
    assert g.s["priority"] == (actor + 1) % 4
    assert g.price("NYC") == 100  # sold out: one row up from 90
    assert g.price("PRR") == 67


def test_illegal_stock_actions_leave_the_state_unchanged():
    g = sr()
    seat = g.current_player
    illegal(g, {"type": "par", "player": seat, "corporation": "XYZ", "price": 67}, "unknown_id")
    illegal(g, {"type": "par", "player": seat, "corporation": "NYC"}, "malformed")
    illegal(g, {"type": "buy_share", "player": seat, "corporation": "NYC", "source": "x"},
            "malformed")
    illegal(g, {"type": "sell_shares", "player": seat, "corporation": "NYC", "count": 1})
    illegal(g, {"type": "exchange", "player": seat, "company": "SV"}, "unknown_id")
    illegal(g, {"type": "bid", "player": seat, "company": "SV", "amount": 5}, "wrong_phase")
    g.s["cash"][seat] = 100
    illegal(g, {"type": "par", "player": seat, "corporation": "NYC", "price": 67}, "unaffordable")


def test_mh_exchange_for_an_nyc_share_closes_the_private():
    g = later_round(sr())
    owner = int(g.s["companies"]["MH"]["owner"][1:])
    g.s["stock"]["turn"] = owner
    park(g, "NYC", 90, (owner + 1) % 4)
    act(g, "exchange", company="MH", source="ipo")
    assert g.s["companies"]["MH"]["closed"]
    assert g.s["holders"]["NYC"][str(owner)] == ["NYC_1"]


def test_17_0_mh_exchange_before_nyc_has_a_par_price():
    """17.0 names only two conditions (less than 60 % NYC held, an NYC share in the bank);
    an exchange is no sale, so 9.0 ("die erste Aktie ..., die aus der Bank verkauft wird")
    does not forbid it before NYC is parred.  The share counts as sold (11.0) but NYC has
    no president and no price: it cannot be sold, is worth nothing yet, and whoever pars
    NYC buys the president's certificate."""
    g = later_round(sr())
    owner = int(g.s["companies"]["MH"]["owner"][1:])
    g.s["stock"]["turn"] = owner
    assert g.s["corps"]["NYC"]["pos"] is None
    assert ("exchange", "ipo") in {(c.type, c.fixed.get("source")) for c in g.legal_actions()}
    worth = g.worth(owner)
    act(g, "exchange", company="MH", source="ipo")
    assert g.s["companies"]["MH"]["closed"]
    assert g.s["holders"]["NYC"][str(owner)] == ["NYC_1"]
    assert g.s["corps"]["NYC"]["president"] is None
    assert g.worth(owner) == worth - g.st.privates["MH"].value
    assert stock.sell_error(g, owner, "NYC", 1) is not None
    other = (owner + 1) % 4
    g.s["stock"]["turn"] = other
    g.s["stock"]["acted"] = False
    g.s["stock"]["buys"] = []
    act(g, "par", corporation="NYC", price=90)
    assert g.s["corps"]["NYC"]["president"] == other
    assert g.s["holders"]["NYC"][str(other)] == ["NYC_0"]
    assert 100 - sh.percent(g.s["holders"]["NYC"], "ipo") == 30         # sold


def test_8_1_camden_amboy_share_is_held_before_prr_has_a_par_price():
    """17.0 C&A / 8.1 last paragraph: the C&A's first buyer holds 10 % PRR although PRR has
    no par price yet; he may keep it, cannot sell it before the president's certificate is
    sold, and it counts for neither worth nor presidency until then."""
    g = new(4)
    for sym in ("SV", "CS", "DH", "MH", "CA"):
        act(g, "buy_private", company=sym)
    assert g.s["holders"]["PRR"]["0"] == ["PRR_1"]
    assert g.s["corps"]["PRR"]["pos"] is None and g.s["corps"]["PRR"]["president"] is None
    assert stock.sell_error(g, 0, "PRR", 1) is not None


def test_17_0_mh_exchange_also_outside_the_owners_turn():
    g = later_round(sr())
    owner = int(g.s["companies"]["MH"]["owner"][1:])
    other = (owner + 1) % 4
    g.s["stock"]["turn"] = other
    park(g, "NYC", 90, other)
    give(g, "NYC", "pool", ["NYC_3"])
    g.apply({"type": "exchange", "player": owner, "company": "MH", "source": "pool"})
    assert g.s["holders"]["NYC"][str(owner)] == ["NYC_3"]
    assert g.current_player == other  # the turn did not change
    # nobody else may act out of turn
    illegal(g, {"type": "exchange", "player": (owner + 2) % 4, "company": "MH",
                "source": "ipo"}, "wrong_player")


def test_13_0_president_sells_out_and_the_successor_exchanges_certificates():
    # export notes pitfall 12 (26855.json entry 113): the president hands in 60 % of
    # certificates to sell 50 %; the new president's two 10 % go to the pool
    g = later_round(sr())
    seller = g.current_player
    other = (seller + 1) % 4
    park(g, "NYC", 90, seller)
    give(g, "NYC", seller, ["NYC_1", "NYC_2", "NYC_4", "NYC_5"])
    give(g, "NYC", other, ["NYC_3", "NYC_7"])
    act(g, "sell_shares", corporation="NYC", count=5,
        certs=["NYC_1", "NYC_2", "NYC_4", "NYC_5", "NYC_0"])
    h = g.s["holders"]["NYC"]
    assert h["pool"] == ["NYC_2", "NYC_4", "NYC_5", "NYC_3", "NYC_7"]
    assert h[str(seller)] == ["NYC_1"]
    assert h[str(other)] == ["NYC_0"]
    assert g.s["corps"]["NYC"]["president"] == other
    assert g.s["corps"]["NYC"]["pos"] == [6, 6]  # five rows down from 90: 82 76 71 67 67


def test_12_0_selling_without_naming_certificates_keeps_the_same_holdings():
    g = later_round(sr())
    seller = g.current_player
    other = (seller + 1) % 4
    park(g, "NYC", 90, seller)
    give(g, "NYC", seller, ["NYC_1", "NYC_2", "NYC_4", "NYC_5"])
    give(g, "NYC", other, ["NYC_3", "NYC_7"])
    act(g, "sell_shares", corporation="NYC", count=5)
    from railyard.eighteen import shares as sh
    h = g.s["holders"]["NYC"]
    assert sh.percent(h, str(seller)) == 10
    assert sh.percent(h, str(other)) == 20 and "NYC_0" in h[str(other)]
    assert sh.percent(h, "pool") == 50


def test_4_0_priority_stays_when_nobody_buys_or_sells():
    g = later_round(sr())
    before = g.s["priority"]
    for _ in range(4):
        act(g, "pass")
    # no company operates yet: the next stock round follows at once
    assert g.s["sr"] == 3
    assert g.s["priority"] == before
    assert g.current_player == before


def test_cert_counts_is_cert_count_of_every_seat_over_random_games():
    from railyard.bots.random_bot import RandomBot
    from railyard.games.g1830.state import G1830State
    steps = 0
    for seed, players in ((1, 4), (2, 6)):
        g = G1830State([f"P{i}" for i in range(players)], seed, {})
        bot = RandomBot(seed)
        while g.current_player is not None:
            assert g.cert_counts() == [g.cert_count(p) for p in range(players)]
            steps += 1
            g.apply(bot.choose(g))
    assert steps > 500
