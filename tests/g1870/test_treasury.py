"""Redemption (7.3, T11) and reissue (7.4, T10)."""
from __future__ import annotations

from .helpers import act, float_corp, give, illegal, new, place, to_stock_round


def setup():
    g = new(4)
    float_corp(g, "IC", 100, 0)
    give(g, "IC", 1, ["IC_5", "IC_6", "IC_7", "IC_8"])   # IPO empty
    g.s["corps"]["IC"]["operated"] = True
    to_stock_round(g)
    return g


def test_redeem_from_a_player_pays_him_the_market_price():
    """7.3.3/7.3.5: no pool share -> from a player; price = market; marker stays.  7.3.4
    (rulebook "anbieten"): the player is asked and accepts."""
    g = setup()
    act(g, "redeem", corporation="IC", source="1")
    assert g.current_player == 1 and g.s["corps"]["IC"]["cash"] == 1000
    assert {c.type for c in g.legal_actions()} == {"accept_offer", "refuse_offer"}
    act(g, "accept_offer", corporation="IC")
    assert g.s["corps"]["IC"]["cash"] == 900 and g.s["cash"][1] == 625
    assert len(g.s["holders"]["IC"]["treasury"]) == 1 and g.price("IC") == 100
    illegal(g, {"type": "buy_share", "player": 0, "corporation": "IC", "source": "pool"})


def test_T11_pool_share_must_be_taken_first():
    """7.3.3 / T11: with a pool share the share comes from the pool (money to the bank)."""
    g = setup()
    give(g, "IC", "pool", ["IC_8"])
    assert [c.fixed["source"] for c in g.legal_actions() if c.type == "redeem"] == ["pool"]
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})
    act(g, "redeem", corporation="IC", source="pool")


def test_T11_cash_at_the_start_of_the_round_must_cover_the_price():
    """7.3.2 / T11: $100 at the start of the round, price $110 -> no."""
    g = setup()
    place(g, "IC", 0, 7)                          # 110
    g.s["stock"]["start_cash"]["IC"] = 100
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})


def test_T11_at_most_four_own_shares_and_once_per_round_and_operated():
    """7.3.2 / T11."""
    g = setup()
    give(g, "IC", "treasury", ["IC_5", "IC_6", "IC_7", "IC_8"])
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "pool"})
    g = setup()
    g.s["stock"]["redeemed"].append("IC")
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})
    g = setup()
    g.s["corps"]["IC"]["operated"] = False
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})


def test_redemption_is_the_whole_turn():
    """7.3.1: nothing before or after it."""
    g = setup()
    float_corp(g, "GMO", 100, 2)
    act(g, "buy_share", corporation="GMO", source="ipo")
    illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})


def test_president_share_only_if_he_stays_president():
    """7.3.3: from the president only if he stays president."""
    g = setup()
    give(g, "IC", 2, ["IC_5", "IC_6", "IC_7", "IC_8"])  # seat 2: 40 %, president 60 %
    sources = {c.fixed["source"] for c in g.legal_actions() if c.type == "redeem"}
    assert sources == {"0", "2"}
    give(g, "IC", 2, ["IC_4"])                    # 50 % vs 50 %
    sources = {c.fixed["source"] for c in g.legal_actions() if c.type == "redeem"}
    assert sources == {"2"}


def test_T10_reissue_sets_the_new_ipo_price_and_later_sales_pay_the_corporation():
    """7.4.1-7.4.5 / T10: par 76, market 140 -> 110; IPO purchases pay the corporation."""
    g = new(4)
    float_corp(g, "IC", 76, 0)
    give(g, "IC", 1, ["IC_5", "IC_6", "IC_7"])
    give(g, "IC", "treasury", ["IC_8"])
    place(g, "IC", 2, 11)                         # 140
    to_stock_round(g)
    act(g, "reissue", corporation="IC")
    assert g.s["corps"]["IC"]["ipo_price"] == 110 and g.s["holders"]["IC"]["ipo"] == ["IC_8"]
    act(g, "pass")
    cash = g.s["corps"]["IC"]["cash"]
    act(g, "buy_share", corporation="IC", source="ipo")
    assert g.s["corps"]["IC"]["cash"] == cash + 110


def test_reissue_needs_an_empty_ipo():
    """7.4.1."""
    g = new(4)
    float_corp(g, "IC", 100, 0)
    give(g, "IC", "treasury", ["IC_8"])
    to_stock_round(g)
    illegal(g, {"type": "reissue", "player": 0, "corporation": "IC"})


def test_7_3_4_a_refused_redemption_costs_the_president_nothing():
    """7.3.4 (rulebook: the corporation "kann anbieten", offers to buy): the player refuses;
    nothing moves and the president may still act in his turn."""
    g = setup()
    act(g, "redeem", corporation="IC", source="1")
    illegal(g, {"type": "pass", "player": 0})
    act(g, "refuse_offer", corporation="IC")
    assert g.s["corps"]["IC"]["cash"] == 1000 and g.s["cash"][1] == 525
    assert "treasury" not in g.s["holders"]["IC"] or not g.s["holders"]["IC"]["treasury"]
    assert g.current_player == 0
    assert any(c.type == "redeem" for c in g.legal_actions())


def test_ruling_a_refused_redemption_is_not_offered_again_in_the_turn():
    """railyard's ruling (eighteen/offers.py): the price stays, so the refused player is
    not asked again in this turn - the offer and the refusal cannot repeat for ever; his
    next turn may ask again."""
    g = setup()
    act(g, "redeem", corporation="IC", source="1")
    act(g, "refuse_offer", corporation="IC")
    assert "1" not in {c.fixed["source"] for c in g.legal_actions() if c.type == "redeem"}
    err = illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})
    assert "refused" in str(err) and "7.3.4" in str(err)
    act(g, "pass")
    assert "refused" not in g.s["stock"]


def test_7_3_4_redemption_from_the_president_needs_no_answer():
    g = setup()
    give(g, "IC", 0, ["IC_5"])
    g.s["holders"]["IC"]["1"] = []
    act(g, "redeem", corporation="IC", source="0")
    assert len(g.s["holders"]["IC"]["treasury"]) == 1


def test_7_3_4_profile_redemption_without_consent_takes_the_share():
    """18xx.games profile option ``redemption_without_consent``: taken without asking."""
    g = new(4, redemption_without_consent=True)
    float_corp(g, "IC", 100, 0)
    give(g, "IC", 1, ["IC_5", "IC_6", "IC_7", "IC_8"])
    g.s["corps"]["IC"]["operated"] = True
    to_stock_round(g)
    act(g, "redeem", corporation="IC", source="1")
    assert g.s["corps"]["IC"]["cash"] == 900 and g.s["cash"][1] == 625


def _reissue_setup(**options):
    g = new(4, **options)
    float_corp(g, "IC", 100, 0)
    give(g, "IC", 1, ["IC_5", "IC_6", "IC_7"])
    give(g, "IC", "treasury", ["IC_8"])
    float_corp(g, "GMO", 100, 2)
    to_stock_round(g)
    return g


def test_7_4_1_reissue_after_buying_is_refused():
    """7.4.1 (rulebook: redemption and reissue take the place of the player's buying and
    selling in that turn)."""
    g = _reissue_setup()
    act(g, "buy_share", corporation="GMO", source="ipo")
    illegal(g, {"type": "reissue", "player": 0, "corporation": "IC"})


def test_7_4_1_profile_reissue_after_dealing_then_ends_the_turn():
    """18xx.games profile option ``reissue_after_dealing``: after his purchase the president
    reissues; nothing else may follow in that turn."""
    g = _reissue_setup(reissue_after_dealing=True)
    act(g, "buy_share", corporation="GMO", source="ipo")
    act(g, "reissue", corporation="IC")
    assert g.s["holders"]["IC"]["ipo"] == ["IC_8"]
    assert {c.type for c in g.legal_actions()} == {"pass"}


def test_7_3_2_money_from_reissued_shares_waits_for_the_next_operating_round():
    """7.3.2 / 7.4.5 (rulebook: the corporation "darf es aber erst in der nächsten
    Betriebsrunde verwenden"): IC had $0 at the start of the round and has $100 from a
    reissued share sold since: no redemption.  Profile option ``redeem_with_reissue_money``
    (18xx.games, 1870-p2-seed15 action 930: TP redeems with such money): allowed."""
    for option, ok in ((False, False), (True, True)):
        g = new(4, redeem_with_reissue_money=option)
        float_corp(g, "IC", 100, 0)
        give(g, "IC", 1, ["IC_5", "IC_6", "IC_7", "IC_8"])
        g.s["corps"]["IC"]["operated"] = True
        to_stock_round(g)
        g.s["stock"]["start_cash"]["IC"] = 0
        g.s["corps"]["IC"]["cash"] = 100
        listed = any(c.type == "redeem" for c in g.legal_actions())
        assert listed is ok
        if not ok:
            err = illegal(g, {"type": "redeem", "player": 0, "corporation": "IC", "source": "1"})
            assert "7.3.2" in err.message
