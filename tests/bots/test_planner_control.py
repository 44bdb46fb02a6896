"""The planner's presidencies and a company's own shares (issue 22 point 1, session 11):
taking over another player's company worth having and defending its own (1830 and 1870),
1870's price protection (6.2), redemption (7.3) and the connection run's choices and the
destination's pull on the track (9.6).  Positions from short seeded games of planner seats,
then changed by hand; each test fails against a bot without the behaviour (the basic bot
declines every protection, never redeems, takes a presidency only one share away)."""
import pytest

from railyard.bots.planner import PlannerBot
from railyard.bots.planner import control as ctl
from railyard.bots.planner import economy as eco
from railyard.bots.planner import track
from railyard.bots.strategic import StrategicBot, price
from railyard.bots.views import observe

from .planner_helpers import hold, new_game, play_until, stock_position


def _presides(st, corp, pres, seat):
    """The president's certificate goes from ``pres`` to ``seat``, who presides."""
    h = st.s["holders"][corp]
    cert = next(c for c in h[str(pres)] if c.endswith("_0"))
    h[str(pres)].remove(cert)
    h.setdefault(str(seat), []).append(cert)
    st.s["corps"][corp]["president"] = seat


def _healthy(st, corp):
    """The company keeps running: a train of the bank's current type (lasting) and money."""
    v = st.s["corps"][corp]
    v["cash"] = max(v["cash"], 300)
    if not eco.lasting_trains(st, corp):
        for t in st.st.trains:
            v["trains"] = [f"{t.name}-90"]
            if eco.lasting_trains(st, corp):
                break
    assert eco.lasting_trains(st, corp) and not eco.at_risk(st, corp)


def _doom(st, corp):
    """The company's one train rusts at the bank's next type (the types before it are sold
    out) and its treasury is empty: :func:`economy.at_risk`."""
    dep = st.s["depot"]
    t = next(t for t in st.st.trains if t.rusts_on)
    for other in st.st.trains:
        if other.name == t.rusts_on:
            break
        dep[other.name] = 0
    v = st.s["corps"][corp]
    v["trains"] = [f"{t.name}-9"]
    v["cash"] = 0
    assert eco.at_risk(st, corp)


# ---- takeovers and defence (1830 and 1870) ------------------------------------------------
@pytest.mark.parametrize("title,seed", [("1830", 11), ("1870", 13)])
def test_takes_over_a_company_worth_having_that_it_can_win(title, seed):
    """Another player presides a running company with 30 %, the seat holds 20 % and can
    pay the shares on offer, the president cannot pay one: three more shares make the seat
    president (1830 14.0 / 1870 7.2: the presidency goes to the player holding most), so
    it buys one (the basic bot takes a presidency only one share away).  With a president
    able to buy back share for share the race is lost and no takeover is planned; a
    company heading for a crash is not worth having."""
    st, seat, corp = stock_position(title, seed, running=True)
    pres = st.s["corps"][corp]["president"]
    for s in range(4):
        hold(st, corp, s, 0 if s not in (seat, pres) else 20)
    hold(st, corp, pres, 30)
    hold(st, corp, seat, 20)
    _healthy(st, corp)
    st.s["cash"][seat] = 420                   # too little to start a company (LATE_CASH)
    st.s["cash"][pres] = 0
    bot = PlannerBot(0, "normal")
    bot.seat = seat
    assert ctl.takeover_plan(bot, st, corp, 420, 0) == 2           # 30, 40 > 30
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "buy_share" and act["corporation"] == corp, act
    basic = StrategicBot(0, "normal")
    basic.seat = seat
    src = act["source"]
    assert basic.share_score(st, corp, src, 420, 0) < bot.share_score(st, corp, src, 420, 0)

    st.s["cash"][pres] = 3000                                       # he buys back
    assert ctl.takeover_plan(bot, st, corp, 420, 0) == 0
    assert bot.control_points(st, corp, price(st, corp), 420, 0) == 0.0

    st.s["cash"][pres] = 0
    _doom(st, corp)
    assert ctl.takeover_plan(bot, st, corp, 420, 0) == 0


@pytest.mark.parametrize("title,seed", [("1830", 11), ("1870", 13)])
def test_defends_a_presidency_another_player_could_buy(title, seed):
    """The seat presides a running company with 30 %; a rival holds 10 % and can pay the
    three or four shares on offer (40 % > 30 %): the seat buys a share of its own company
    (1830 14.0 / 1870 7.2).  The basic bot defends only when the rival is one share away.
    With the rival unable to pay any share the presidency is safe and scores nothing extra."""
    st, _, corp = stock_position(title, seed, running=True)
    pres = st.s["corps"][corp]["president"]
    seat = st.current_player
    rival = next(s for s in range(4) if s not in (seat, pres))
    # the seat to move becomes the company's president with 30 %
    for s in range(4):
        hold(st, corp, s, 0 if s != pres else 20)
    _presides(st, corp, pres, seat)
    hold(st, corp, seat, 30)
    hold(st, corp, rival, 10)
    for s in range(4):                                     # 10 % each: none one share away
        if s not in (seat, rival) and ctl.on_offer(st, corp) > 3:
            hold(st, corp, s, 10)
    assert ctl.on_offer(st, corp) in (3, 4)
    _healthy(st, corp)
    st.s["cash"][seat] = 420
    st.s["cash"][rival] = 3000
    assert ctl.threatened(st, corp, seat)
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "buy_share" and act["corporation"] == corp, act
    basic = StrategicBot(0, "normal")
    basic.seat = seat
    assert basic.share_score(st, corp, act["source"], 420, 0) < 90

    for s in range(4):
        if s != seat:
            st.s["cash"][s] = 0
    assert not ctl.threatened(st, corp, seat)
    bot = PlannerBot(0, "normal")
    bot.seat = seat
    assert bot.control_points(st, corp, price(st, corp), 420, 0) == 0.0


def test_race_counts_the_presidents_buying_back():
    # 20 % against 30 %, five shares on offer: the seat wins only if he cannot buy
    assert ctl.race(20, 30, 5, 5, 0) == 2
    assert ctl.race(20, 30, 5, 5, 5) == 0
    assert ctl.race(20, 30, 5, 5, 1) == 3                 # he buys one, the seat one more
    assert ctl.race(20, 30, 1, 5, 0) == 0                 # one share: 30 is a tie


# ---- 1870 price protection (6.2) ----------------------------------------------------------
def _protection_position(seed=13):
    """An 1870 stock turn; the seat to move sells 20 % of another player's running company
    and ends its turn: the president decides on protection (6.2.1, 6.2.6).  (state,
    president, company)."""
    st, seat, corp = stock_position("1870", seed, running=True)
    pres = st.s["corps"][corp]["president"]
    for s in range(4):
        if s not in (seat, pres):
            hold(st, corp, s, 0)
    hold(st, corp, seat, 20)
    _healthy(st, corp)
    st.s["cash"][pres] = 3000
    st.apply({"type": "sell_shares", "player": seat, "corporation": corp, "count": 2})
    st.apply({"type": "pass", "player": seat})
    assert st.current_player == pres
    assert {c.type for c in st.legal_actions()} == {"protect", "decline"}
    return st, pres, corp


def test_protects_a_running_company_it_can_afford():
    """6.2: the president protects the sale of a running company's shares when he can pay
    them without starving his companies' trains: the price does not fall on his own
    shares and the shares pay him dividends (the basic bot always declines)."""
    st, pres, corp = _protection_position()
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "protect", act
    assert StrategicBot(0, "normal").choose(observe(st))["type"] == "decline"
    p0 = price(st, corp)
    st.apply(act)
    assert price(st, corp) == p0 and eco.pct(st, corp, pres) >= 60


def test_declines_protection_of_a_company_heading_for_a_crash():
    """6.2/6.2.5: a company whose trains rust at the next type and whose treasury is empty
    is a burden: the president lets the price fall rather than pay for more of it."""
    st, pres, corp = _protection_position()
    _doom(st, corp)
    assert PlannerBot(0, "normal").choose(observe(st))["type"] == "decline"


def test_declines_protection_when_the_money_is_its_companies_train():
    """6.2: protecting must not take the money the president keeps for the train his
    trainless company cannot pay (the planner's reserve)."""
    st, pres, corp = _protection_position()
    bot = PlannerBot(0, "normal")
    bot.seat = pres
    sale = ctl.pending_sale(st)
    cost = sale["count"] * sale["price"]
    st.s["cash"][pres] = cost + 10
    other = next((c for c, v in st.s["corps"].items() if c != corp and v["floated"]
                  and v["president"] == pres), None)
    if other is None:                          # he becomes president of a second company
        other = next(c for c, v in st.s["corps"].items() if c != corp and v["floated"])
        h = st.s["holders"][other]
        old = st.s["corps"][other]["president"]
        cert = next(c for c in h[str(old)] if c.endswith("_0"))
        h[str(old)].remove(cert)
        h.setdefault(str(pres), []).append(cert)
        st.s["corps"][other]["president"] = pres
    st.s["corps"][other]["trains"] = []
    st.s["corps"][other]["cash"] = 0
    assert bot.reserve(st) > 10
    assert PlannerBot(0, "normal").choose(observe(st))["type"] == "decline"


# ---- 1870 redemption (7.3) ----------------------------------------------------------------
def _redeem_position(seed=13):
    """An 1870 stock turn of a president whose running company has operated, holds money at
    the start of the round and has its last share on offer in the pool (the initial
    offering empty): a redemption is legal (7.3.2, 7.3.3).  (state, seat, company)."""
    st, _, corp = stock_position("1870", seed, running=True)
    seat = st.current_player
    pres = st.s["corps"][corp]["president"]
    # the seat to move becomes president with 60 %; the rest with the others, one in the pool
    h = st.s["holders"][corp]
    for s in range(4):
        hold(st, corp, s, 0 if s != pres else 20)
    _presides(st, corp, pres, seat)
    hold(st, corp, seat, 60)
    others = [s for s in range(4) if s != seat]
    hold(st, corp, others[0], 20)
    hold(st, corp, others[1], 10)
    for c in list(h["ipo"]):
        h["ipo"].remove(c)
        h["pool"].append(c)
    assert ctl.on_offer(st, corp) == 1
    _healthy(st, corp)
    st.s["corps"][corp]["cash"] = 2000
    st.s["stock"]["start_cash"][corp] = 2000
    assert any(c.type == "redeem" and c.fixed["corporation"] == corp
               for c in st.legal_actions())
    return st, seat, corp


def _full_trains(st, corp):
    """The company holds as many trains as the phase allows (it saves for none)."""
    v = st.s["corps"][corp]
    limit = eco.train_limit(st)
    ty = eco.lasting_trains(st, corp)[0].rsplit("-", 1)[0]
    v["trains"] = [f"{ty}-{90 + i}" for i in range(limit)]


def test_redeems_the_last_share_when_the_treasury_can_spare_it():
    """7.3: a company with its trains and money to spare buys back the last share on offer:
    the company is then sold out and its price rises at the end of the round on the
    president's shares (3.3.5, a redeemed share counts as held), and the share's
    dividends go to the treasury (the basic bot never redeems)."""
    st, seat, corp = _redeem_position()
    _full_trains(st, corp)
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "redeem" and act["corporation"] == corp, act
    assert StrategicBot(0, "normal").choose(observe(st))["type"] != "redeem"


def test_does_not_redeem_the_money_of_the_next_train():
    """7.3: a company without a lasting train keeps its money for the train it needs: it
    does not redeem when the price would leave less than that train."""
    st, seat, corp = _redeem_position()
    bot = PlannerBot(0, "normal")
    bot.seat = seat
    st.s["corps"][corp]["trains"] = []
    need = eco.need_price(st)
    st.s["corps"][corp]["cash"] = need + price(st, corp) - 1
    assert ctl.redeem_points(bot, st, corp, "pool") == 0.0
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] != "redeem", act


# ---- 1870 destinations and the connection run (9.6) ----------------------------------------
def _or_position(seed=13):
    """An 1870 operating turn with a company to place its tiles and a destination not yet
    reached: (state, company)."""
    st = new_game("1870", seed)
    bots = [PlannerBot(90 + i, "easy") for i in range(4)]

    def cond(s):
        if s.s["round"] != "operating" or s.s["sr"] < 2:
            return False
        corp = s.s["op"].get("corp")
        return corp is not None and s.s["corps"][corp]["trains"] and \
            any(c.type == "lay_tile" for c in s.legal_actions())
    if not play_until(st, bots, cond):
        pytest.skip("no position")
    return st, st.s["op"]["corp"]


def test_destination_pulls_the_track_toward_it():
    """9.6: reaching the destination pays a connection run of all trains and doubles the
    destination for the company's runs: the prospect of its track counts the destination,
    more the fewer lays are left to it, and not once the run is made (9.6.7)."""
    st, corp = _or_position()
    dest = st.st.corps[corp].destination
    bot = PlannerBot(0, "normal")
    value = ctl.destination_value(bot, st, corp, 100)
    assert value >= 100
    reached, hexes, open_hexes = track.network_reach(st, corp)
    pull = track.dest_pull(st, reached, hexes, open_hexes, dest, value)
    near = track.dest_pull(st, reached, hexes, open_hexes | {dest}, dest, value)
    assert 0 < pull < near <= value
    assert track.prospect(st, corp, dest, value) == pytest.approx(
        track.prospect(st, corp) + pull)
    st.s["corps"][corp]["connected"] = True
    assert ctl.destination_value(bot, st, corp, 100) == 0.0


def test_build_lays_toward_the_destination():
    """9.6: in a seeded 1870 position the planner's lay shortens the way to the company's
    destination where the same bot without the destination's pull lays elsewhere."""
    st, corp = _or_position()
    dest = st.st.corps[corp].destination

    def pull_after(act):
        w = st.clone()
        w.apply(act)
        r, hx, op = track.network_reach(w, corp)
        return track.dest_pull(w, r, hx, op, dest, 100.0)
    with_pull = PlannerBot(0, "normal").choose(observe(st))
    import railyard.bots.planner.control as c_mod
    keep = c_mod.destination_value
    c_mod.destination_value = lambda *a, **k: 0.0
    try:
        without = PlannerBot(0, "normal").choose(observe(st))
    finally:
        c_mod.destination_value = keep
    assert with_pull["type"] == "lay_tile", with_pull
    assert pull_after(with_pull) > pull_after(without), (with_pull, without)


def _connection_position(seed=13):
    """An 1870 operating turn outside the track step, with a company's connection run due
    (9.6.2): (state, company)."""
    st = new_game("1870", seed)
    bots = [PlannerBot(90 + i, "easy") for i in range(4)]

    def cond(s):
        if s.s["round"] != "operating" or s.s["sr"] < 2:
            return False
        return any(c.type == "buy_train" for c in s.legal_actions())
    if not play_until(st, bots, cond):
        pytest.skip("no position")
    corp = st.s["op"]["corp"]
    st.s["op"]["connections"] = [corp]
    assert any(c.type == "connection_run" for c in st.legal_actions())
    return st, corp


def test_connection_run_places_the_marker_on_the_map_and_pays_out():
    """9.6.3, 9.6.5, 9.6.6: a running company puts its destination marker on the map (its
    destination then counts double for it) and pays the run out; with a station already
    in the destination only the charter is allowed."""
    st, corp = _connection_position()
    _healthy(st, corp)
    _full_trains(st, corp)
    st.s["corps"][corp]["cash"] = 2000
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "connection_run" and act["marker"] == "map", act
    assert act["kind"] == "full", act
    dest = st.st.corps[corp].destination
    st.s["tokens"].setdefault(dest, [[]])[0].append(corp)
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["marker"] == "charter", act


def test_reissues_redeemed_shares_when_the_company_lacks_its_train():
    """7.4: a company holding three redeemed shares, without a train and without money for
    one, reissues them (they sell for its treasury); with the train's money it keeps them."""
    st, seat, corp = _redeem_position()
    h = st.s["holders"][corp]
    others = [s for s in range(4) if s != seat]
    moved = list(h["pool"]) + [c for c in h[str(others[0])] if not c.endswith("_0")]
    for c in moved[:3]:
        for k in ("pool", str(others[0])):
            if c in h.get(k, ()):
                h[k].remove(c)
        h.setdefault("treasury", []).append(c)
    assert len(h["treasury"]) == 3 and not h["ipo"]
    st.s["corps"][corp]["trains"] = []
    st.s["corps"][corp]["cash"] = 0
    assert any(c.type == "reissue" for c in st.legal_actions())
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] == "reissue" and act["corporation"] == corp, act
    st.s["corps"][corp]["cash"] = 5000
    act = PlannerBot(0, "normal").choose(observe(st))
    assert act["type"] != "reissue", act
