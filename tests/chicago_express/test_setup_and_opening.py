"""Rules of "Spielaufbau" and "Spielvorbereitung" (opening auctions)."""
import pytest

from railyard.engine.errors import IllegalAction

from .helpers import act, bid, cidx, finish_opening, hidx, new_state


@pytest.mark.parametrize("n,money", [(2, 60), (3, 40), (4, 30), (5, 24), (6, 20)])
def test_spielaufbau_starting_money_split_of_120(n, money):
    """Spielaufbau: 120 $ shared out: 2 P. 60, 3 P. 40, 4 P. 30, 5 P. 24, 6 P. 20."""
    st = new_state(n)
    assert st.cash == [money] * n


def test_spielaufbau_one_loco_per_company_on_start_hex_wabash_empty():
    """Spielaufbau: one loco of each company on its start hex; the Wabash start stays empty."""
    st = new_state(3)
    for cid, hid in [("NYC", "S3"), ("PRR", "R5"), ("B&O", "Q7"), ("C&O", "Q9")]:
        c = cidx(st, cid)
        assert st.occ[hidx(st, hid)] == 1 << c
        assert st.opened[c]
    wab = cidx(st, "WAB")
    assert not st.opened[wab] and st.occ[hidx(st, "D3")] == 0 and st.locos[wab] == 11
    # 20 PRR locos in all, one is on the board
    assert st.locos[cidx(st, "PRR")] == 19 and st.locos[cidx(st, "C&O")] == 25


def test_spielaufbau_start_incomes_houses_and_industry_markers():
    """Spielaufbau: income markers; 20 houses; industry markers on Detroit 1, Wheeling 3,
    Pittsburgh 4."""
    st = new_state(4)
    assert [st.income[cidx(st, c)] for c in ("PRR", "B&O", "C&O", "NYC", "WAB")] == [7, 6, 5, 8, 0]
    assert st.houses_left == 20
    assert [st.industry_value(i) for i in range(3)] == [1, 3, 4]
    assert st.dials == [0, 0, 0]


def test_spielvorbereitung_order_and_minimum_bids():
    """Spielvorbereitung: PRR 7 $, B&O 6 $, C&O 5 $, NYC 8 $, in that order; banker starts."""
    st = new_state(4)
    seen = []
    while st.phase == "opening_auction":
        cid = st.board.companies[st.auction.lot].id
        seen.append((cid, st.auction.min_bid))
        starter = st.auction.starter
        assert st.current_player == starter
        bid(st, st.auction.min_bid)
        for _ in range(3):
            act(st, "pass")
    assert seen == [("PRR", 7), ("B&O", 6), ("C&O", 5), ("NYC", 8)]


def test_spielvorbereitung_below_minimum_refused():
    st = new_state(4)
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        bid(st, 6)
    assert e.value.code == "not_allowed" and "7" in e.value.message
    assert st.fingerprint() == before


def test_spielvorbereitung_pass_is_final_and_highest_bid_pays_company():
    """Spielvorbereitung: a pass is final; the highest bidder pays the company."""
    st = new_state(3)
    bid(st, 7)   # Andy
    act(st, "pass")            # Bert passes: out for good
    bid(st, 9)   # Charly
    assert st.current_player == 0  # Bert is skipped
    bid(st, 10)  # Andy
    act(st, "pass")            # Charly passes -> Andy wins
    prr = cidx(st, "PRR")
    assert st.held[prr] == [1, 0, 0]
    assert st.cash == [30, 40, 40]
    assert st.ccash[prr] == 10
    # the winner starts the next auction
    assert st.board.companies[st.auction.lot].id == "B&O" and st.auction.starter == 0


def test_spielvorbereitung_no_bid_starter_gets_share_free():
    """Spielvorbereitung: if nobody bids, the starting bidder gets the share for free."""
    st = new_state(3)
    for _ in range(3):
        act(st, "pass")
    prr = cidx(st, "PRR")
    assert st.held[prr] == [1, 0, 0] and st.cash == [40, 40, 40] and st.ccash[prr] == 0
    assert st.auction.starter == 0


def test_spielvorbereitung_winner_leads_next_and_prr_owner_starts():
    """Spielvorbereitung: the share's receiver starts the next auction; the owner of the
    PRR share is the start player."""
    st = new_state(4)
    finish_opening(st, winners=(2, 0, 3, 1))
    assert st.phase == "choose_action"
    assert st.current_player == 2
    assert [st.held[cidx(st, c)] for c in ("PRR", "B&O", "C&O", "NYC")] == [
        [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 1, 0, 0]]
    assert [st.ccash[cidx(st, c)] for c in ("PRR", "B&O", "C&O", "NYC")] == [7, 6, 5, 8]


def test_spielvorbereitung_cannot_bid_more_than_cash():
    st = new_state(6)  # 20 $ each
    before = st.fingerprint()
    with pytest.raises(IllegalAction) as e:
        bid(st, 21)
    assert e.value.code == "unaffordable"
    assert st.fingerprint() == before
    lo, hi = st.legal_actions()[0].ranges["amount"]
    assert (lo, hi) == (7, 20)


def test_spielvorbereitung_wabash_not_auctioned():
    """Spielvorbereitung (Anmerkung): the Wabash share is not offered before play."""
    st = new_state(2)
    lots = []
    while st.phase == "opening_auction":
        lots.append(st.auction.lot)
        act(st, "pass")
        if st.phase == "opening_auction" and st.auction.lot == lots[-1]:
            act(st, "pass")
    assert cidx(st, "WAB") not in lots and len(lots) == 4
