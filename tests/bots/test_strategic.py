"""The strategic bot of 1830 and 1870 (issue 14, points 1 and 3): legal answers, it gets a
company running, the ``tournament`` command takes it, and it takes no ruinous voluntary
step in constructed positions."""
import json

import pytest
from click.testing import CliRunner

from railyard.bots import kinds
from railyard.bots.kinds import BotSpecError, make_bot, parse_kind, parse_seat
from railyard.bots.random_bot import RandomBot
from railyard.bots.strategic import StrategicBot, cheapest_train
from railyard.bots.views import observe
from railyard.cli.main import main
from railyard.engine import available
from railyard.engine.errors import IllegalAction
from railyard.games.g1830.trains import must_buy


def new_game(title, seed, n=4, **options):
    info = available()[title]
    return info.factory(["a", "b", "c", "d", "e", "f"][:n], seed, info.resolve_options(options))


def is_legal(st, act):
    """One of the listed choices; a run of trains may name other (better) routes, then the
    game's own check must accept it."""
    if any(c.matches(act) for c in st.legal_actions()):
        return True
    if act.get("type") != "run_routes":
        return False
    try:
        st.clone().apply(act)
    except IllegalAction:
        return False
    return True


# ---- kinds ---------------------------------------------------------------------------------
def test_strategic_kind_everywhere():
    assert parse_kind("strategic") == kinds.Kind("strategic", "normal")
    assert str(parse_kind("strategic:hard")) == "strategic:hard"
    seat = parse_seat("strategic:easy:Rob")
    assert (seat.kind, seat.level, seat.name) == ("strategic", "easy", "Rob")
    for title in ("1830", "1870"):
        assert {"strategic:easy", "strategic:normal", "strategic:hard"} <= \
            set(kinds.available_kinds(title))
        assert isinstance(make_bot("strategic:easy", title, 1), StrategicBot)
    assert "strategic:normal" not in kinds.available_kinds("chicago-express")
    with pytest.raises(BotSpecError):
        make_bot("strategic", "chicago-express")
    with pytest.raises(BotSpecError):
        parse_kind("strategic:genius")


# ---- legality ----------------------------------------------------------------------------
@pytest.mark.parametrize("title,seed,moves", [("1830", 5, 300), ("1870", 6, 200)])
def test_every_answer_is_legal(title, seed, moves):
    """Seat 0 strategic, the others random; every strategic answer is legal, also from
    positions the random seats lead into (sales, emergencies, offers)."""
    st = new_game(title, seed)
    bot = StrategicBot(1, "easy")
    rnd = RandomBot(2)
    asked = 0
    for _ in range(moves * 4):
        p = st.current_player
        if p is None:
            break
        if p == 0:
            act = bot.choose(observe(st))
            assert act["player"] == 0
            assert is_legal(st, act), act
            asked += 1
            if asked >= moves:
                break
        else:
            act = rnd.choose(st)
        st.apply(act)
    assert asked >= min(moves, 60)
    assert bot.fallbacks == 0          # its own answers, never the safe fallback


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_it_floats_a_company_runs_it_and_buys_a_train(title):
    st = new_game(title, 3)
    bots = [StrategicBot(10, "easy")] + [RandomBot(11 + i) for i in range(3)]
    bought = ran = False
    for _ in range(4000):
        p = st.current_player
        if p is None:
            break
        act = bots[p].choose(observe(st)) if p == 0 else bots[p].choose(st)
        if p == 0 and st.s["round"] == "operating":
            bought |= act["type"] == "buy_train"
            ran |= act["type"] == "run_routes" and bool(act.get("routes"))
        st.apply(act)
        if bought and ran:
            break
    assert bought, "the strategic seat never bought a train for its company"
    assert ran, "the strategic seat's company never ran a route"


# ---- the tournament command ---------------------------------------------------------------
def test_tournament_with_strategic_short_run():
    # two players and a small bank (26.0 option bank_cash): the bank breaks in the first
    # operating rounds, so the games are short
    r = CliRunner().invoke(main, ["tournament", "1830", "--seats", "strategic:easy,random",
                                  "--games", "2", "--seed", "1", "-o", "bank_cash=2500",
                                  "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["errors"] == []
    bots = out["bots"]
    assert bots["strategic:easy"]["games"] == 2 and bots["random"]["games"] == 2
    assert bots["strategic:easy"]["wins"] + bots["random"]["wins"] == pytest.approx(2)


# ---- no ruinous voluntary step ------------------------------------------------------------
def _to_buy_step(seed, with_train):
    """A 1830 position where a company of the seat to act is at its train step (20.2, 21.0),
    with or without a train, reached by random play."""
    st = new_game("1830", seed)
    rnd = RandomBot(seed)
    for _ in range(20000):
        if st.current_player is None:
            break
        op = st.s.get("op") if st.s["round"] == "operating" else None
        if op and op.get("corp") and op["step"] == "buy_train" and not op.get("deal") \
                and not op["discard"] and not op.get("offer"):
            corp = op["corp"]
            if bool(st.s["corps"][corp]["trains"]) == with_train and (
                    with_train or must_buy(st, corp)):
                return st, corp
        st.apply(rnd.choose(st))
    pytest.skip("no such position in this random game")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_train_on_the_presidents_money_when_not_forced(seed):
    """The company has a train and almost no money, the president is rich: the bot buys
    nothing the company cannot pay itself and never touches the president's money."""
    st, corp = _to_buy_step(seed, with_train=True)
    seat = st.current_player
    st.s["corps"][corp]["cash"] = 5
    st.s["cash"][seat] = 5000
    act = StrategicBot(0, "normal").choose(observe(st))
    assert act["type"] != "bankrupt"
    after = st.clone()
    after.apply(act)
    assert after.s["cash"][seat] >= 5000
    if act["type"] == "buy_train":
        assert act["price"] <= 5


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_forced_purchase_pays_the_cheapest_train_not_bankruptcy(seed):
    """A trainless company that must buy (20.2) with a president who can pay the gap: the bot
    buys a train (the cheapest from the bank), it does not go bankrupt or sell shares."""
    st, corp = _to_buy_step(seed, with_train=False)
    seat = st.current_player
    st.s["corps"][corp]["cash"] = 0
    low = cheapest_train(st)
    st.s["cash"][seat] = low + 50
    assert not any(c.type == "pass" for c in st.legal_actions())
    act = StrategicBot(0, "normal").choose(observe(st))
    assert act["type"] == "buy_train" and act.get("price") == low
    after = st.clone()
    after.apply(act)
    assert after.s["cash"][seat] == 50
    assert after.s["corps"][corp]["trains"]


def test_stock_round_keeps_money_for_a_train_its_company_needs():
    """The seat presides a floated trainless company that cannot pay the next train; it does
    not spend that money on another company's shares."""
    st = new_game("1830", 4)
    rnd = RandomBot(4)
    for _ in range(20000):
        if st.current_player is None:
            pytest.skip("no position")
        if st.s["round"] == "stock" and st.s["sr"] >= 2:
            seat = st.current_player
            buys = [c for c in st.legal_actions() if c.type == "buy_share"
                    and st.s["corps"][c.fixed["corporation"]]["president"] not in (seat, None)]
            mine = [c for c, v in st.s["corps"].items() if v["president"] == seat
                    and v["floated"]]
            if buys and mine:
                break
        st.apply(rnd.choose(st))
    else:
        pytest.skip("no position")
    corp = mine[0]
    st.s["corps"][corp]["trains"] = []
    st.s["corps"][corp]["cash"] = 0
    need = cheapest_train(st)
    st.s["cash"][seat] = need + 10          # less than the gap plus any share
    act = StrategicBot(0, "normal").choose(observe(st))
    if act["type"] == "buy_share":
        assert st.s["corps"][act["corporation"]]["president"] == seat
    assert act["type"] != "par"
