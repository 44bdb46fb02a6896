"""Versteigere eine Aktie (the action), including companies not yet on the board."""
from .helpers import MARY, MIKE, RICK, act, cidx, hexid, make, rejects, setup, to_action_phase


def test_auction_any_company_min_10_clockwise_from_chooser():
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    offered = {c.fixed["company"] for c in st.legal_actions() if c.type == "offer"}
    assert offered == {"national", "american", "continental", "republic", "majestic"}
    act(st, "offer", company="republic")
    assert st.current_player == RICK          # the chooser need not bid
    act(st, "pass")
    assert st.current_player == MIKE
    act(st, "bid", amount=10)
    act(st, "bid", amount=11)                 # Mary
    act(st, "pass")                           # Mike
    rep = cidx("republic")
    assert st.held[MARY][rep] == 1 and st.ccash[rep] == 10 + 11
    assert st.current_player == MIKE and st.step == "space"   # Rick's turn is over


def test_no_bid_removes_the_share():
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="majestic")
    for _ in range(3):
        act(st, "pass")
    maj = cidx("majestic")
    assert st.shares_out[maj] == 1 and st.shares_left[maj] == 2
    assert st.current_player == MIKE


def test_not_on_board_buyer_places_first_cube():
    """Versteigere: a share of a company not yet on the board: the buyer puts one of its cubes
    on a free city; its full value is the start income."""
    st = to_action_phase(make(3, 0))
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    act(st, "pass")                          # Rick
    act(st, "bid", amount=10)                # Mike
    act(st, "pass")                          # Mary -> Mike wins
    assert st.step == "place" and st.current_player == MIKE
    taken = {hexid(st, c) for c in ("Memphis", "St. Louis", "Pittsburgh")}
    places = {c.fixed["hex"] for c in st.legal_actions()}
    assert not places & taken and len(places) == len(st.board.cities) - 3
    rejects(st, {"type": "place", "player": MIKE, "hex": hexid(st, "Memphis")}, "not_allowed")
    act(st, "place", hex=hexid(st, "Boston"))
    assert st.income[cidx("national")] == st.board.full[st.board.city_by_name["Boston"]]
    assert st.current_player == MIKE and st.step == "space"   # next in the turn order


def test_no_free_city_removes_all_remaining_shares():
    """Versteigere: if no free city is left, that share and all other shares of the company
    leave the game (ruling: at the offer, without bidding)."""
    st = to_action_phase(make(3, 0))
    for h in st.board.cities:
        st.hexmask[h] |= 1 << cidx("majestic")
    act(st, "space", space="auction")
    act(st, "offer", company="national")
    nat = cidx("national")
    assert st.shares_left[nat] == 0 and st.shares_out[nat] == 4
    assert st.current_player == MIKE


def test_bidder_short_of_money_can_only_pass():
    st = to_action_phase(make(3, 0))
    st.cash[MIKE] = 9
    act(st, "space", space="auction")
    act(st, "offer", company="republic")
    act(st, "pass")
    assert [c.type for c in st.legal_actions()] == ["pass"]
    rejects(st, {"type": "bid", "player": MIKE, "amount": 10}, "unaffordable")
