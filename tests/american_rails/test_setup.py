"""Spielaufbau and the auction before the game (Spielbeginn)."""
import pytest

from railyard.games.american_rails.rules import RULES

from .helpers import MARY, MIKE, RICK, act, auction, cidx, hexid, make, setup

COMPANIES = ["national", "american", "continental", "liberty", "republic", "majestic"]


@pytest.mark.parametrize("n,money", [(3, 50), (4, 50), (5, 40)])
def test_starting_money(n, money):
    """Spielaufbau I: $50 each with 3 or 4 players, $40 each with 5."""
    st = make(n, 0)
    assert st.cash == [money] * n
    assert st.total_money() == 60 * 1 + 50 * 5 + 40 * 25


def test_material_shares_and_cubes():
    """Spielmaterial: 21 shares and 144 cubes; setup D puts one cube per company on the income
    track, so each supply starts with one cube fewer."""
    st = make(4, 0)
    shares = {"national": 4, "american": 5, "continental": 3, "liberty": 2, "republic": 3,
              "majestic": 4}
    cubes = {"national": 29, "american": 31, "continental": 26, "liberty": 19, "republic": 17,
             "majestic": 22}
    assert sum(shares.values()) == 21 and sum(cubes.values()) == 144
    for cid in COMPANIES:
        assert st.shares_left[cidx(cid)] == shares[cid]
        assert st.cubes_left[cidx(cid)] == cubes[cid] - 1
        assert st.income[cidx(cid)] == 0
    assert st.markers_left == 12  # Spielaufbau E


def test_three_players_remove_one_company_from_the_seed():
    """Spielaufbau C: with 3 players one company is removed at random (from the seed)."""
    removed = {make(3, s).removed_company for s in range(40)}
    assert removed == set(range(6))
    assert make(3, 5).removed_company == make(3, 5).removed_company
    st = make(3, 0)
    r = st.removed_company
    assert r not in st.in_play and st.shares_left[r] == 0 and st.cubes_left[r] == 0
    assert make(4, 0).removed_company is None and make(5, 0).removed_company is None


def test_banker_offers_first_and_min_bid_is_10(three):
    """Spielbeginn: the banker chooses the first share; minimum bid $10."""
    st = three
    assert st.current_player == RICK and st.step == "offer"
    offered = {c.fixed["company"] for c in st.legal_actions()}
    assert offered == {"national", "american", "continental", "republic", "majestic"}
    assert all(c.type == "offer" for c in st.legal_actions())  # no forgoing in the setup
    act(st, "offer", company="majestic")
    bid = [c for c in st.legal_actions() if c.type == "bid"][0]
    assert bid.ranges["amount"] == (10, 50)


def test_setup_auction_clockwise_and_passers_stay_out(three):
    """Spielbeginn: the chooser may pass; clockwise each raises or passes; a passer cannot
    come back; it runs until one player is left."""
    st = three
    act(st, "offer", company="majestic")
    act(st, "pass")                       # Rick passes first
    assert st.current_player == MIKE
    act(st, "bid", amount=12)
    assert st.current_player == MARY
    act(st, "bid", amount=15)
    assert st.current_player == MIKE      # Rick is out
    act(st, "bid", amount=16)
    assert st.current_player == MARY
    act(st, "pass")
    # Mike won: pays the company, gets the share, places a cube
    assert st.step == "place" and st.current_player == MIKE
    assert st.cash[MIKE] == 34 and st.ccash[cidx("majestic")] == 16
    assert st.held[MIKE][cidx("majestic")] == 1
    assert st.shares_left[cidx("majestic")] == 3


def test_winner_places_cube_on_free_city_income_full_value(three):
    """Spielbeginn steps 3-5: cube on any unoccupied city, income = full value, marker to the
    top free player-order space; then the winner offers the next share."""
    st = three
    auction(st, "majestic", MIKE, 10)
    act(st, "place", hex=hexid(st, "New York"))
    ny = st.board.city_by_name["New York"]
    assert st.income[cidx("majestic")] == st.board.full[ny] > st.board.shared[ny]
    assert st.track == [MIKE]
    assert st.current_player == MIKE and st.step == "offer"
    auction(st, "american", MARY, 11)
    places = {c.fixed["hex"] for c in st.legal_actions()}
    assert hexid(st, "New York") not in places and hexid(st, "Boston") in places
    act(st, "place", hex=hexid(st, "Boston"))
    assert st.track == [MIKE, MARY]
    auction(st, "republic", MIKE, 10)
    act(st, "place", hex=hexid(st, "Chicago"))
    assert st.track == [MIKE, MARY]           # step 5 skipped: Mike is already there


def test_unsold_share_removed_and_last_passer_chooses(three):
    """Spielbeginn: no bid removes the share; the last player to pass picks the next one."""
    st = three
    act(st, "offer", company="national")
    act(st, "pass")
    act(st, "pass")
    act(st, "pass")                            # Mary passes last
    n = cidx("national")
    assert st.shares_left[n] == 3 and st.shares_out[n] == 1
    assert st.current_player == MARY and st.step == "offer"
    assert "national" not in {c.fixed["company"] for c in st.legal_actions()}


def test_setup_ends_after_one_share_of_each_company(three):
    """Spielbeginn: exactly one share of every company is auctioned; players without a share
    fill the order clockwise from the banker."""
    st = three
    setup(st, [("majestic", MARY, 10, "Memphis"), ("republic", None, 0, None),
               ("national", MARY, 10, "Atlanta"), ("american", None, 0, None),
               ("continental", None, 0, None)])
    assert st.phase == 1 and st.step == "space"
    assert st.track == [MARY, RICK, MIKE]
    assert st.current_player == MARY
    assert st.shares_left[cidx("republic")] == 2  # one removed, two left for later auctions
    assert not st.comp_hexes[cidx("republic")]


def test_setup_bid_limited_by_cash(three):
    st = three
    act(st, "offer", company="majestic")
    from .helpers import rejects
    rejects(st, {"type": "bid", "player": RICK, "amount": 51}, "unaffordable")
    rejects(st, {"type": "bid", "player": RICK, "amount": 9}, "not_allowed")


def test_companies_data_matches_rulebook_names():
    assert [c.name for c in RULES.companies] == ["National", "American", "Continental",
                                                 "Liberty", "Republic", "Majestic"]
