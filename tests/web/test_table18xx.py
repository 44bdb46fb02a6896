"""The 18xx table's server side (1830, 1870): events and their sentences, the spreadsheet
view model, the table at an earlier action (history) and decisions in words."""
from __future__ import annotations

import re

import pytest

from railyard.bots.random_bot import RandomBot
from railyard.engine import Game
from railyard.engine.errors import IllegalAction


def _play(title, n, seed=1):
    g, bot = Game(title, ["Ann", "Bob", "Cy"], seed), RandomBot(seed + 100)
    while not g.is_terminal and len(g.log) < n:
        g.apply(bot.choose(g.state))
    return g


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_events_tell_what_happened_automatically_with_the_amounts(title):
    """Private revenue (1830 16.0, 1870 5.1), dividends per share, price moves, phase
    changes and the end of the game each have a sentence with the amounts of the rules."""
    from railyard.eighteen.events import story
    g, bot = Game(title, ["Ann", "Bob", "Cy"], 2), RandomBot(7)
    kinds = set()
    while not g.is_terminal and len(g.log) < 4000:
        before = g.state.clone()
        n = len(g.state.events)
        g.apply(bot.choose(g.state))
        for _, kind, d in g.state.events[n:]:
            kinds.add(kind)
            if kind == "private_revenue":
                assert d["amount"] == g.state.st.privates[d["company"]].revenue > 0
                assert before.s["companies"][d["company"]]["owner"] == d["owner"]
            if kind == "price" and d["old"] != d["new"]:
                assert d["new"] == g.state.price(d["corp"]) or g.state.s["corps"][d["corp"]] \
                    .get("closed")
            if kind == "phase":
                assert g.state.s["phase"] == d["phase"]
    assert {"private_revenue", "dividend", "price", "phase", "round", "game_end"} <= kinds
    said = story(g.state.events, g.players)
    text = "\n".join(x for lines in said.values() for x in lines)
    assert re.search(r"pays \$\d+ to (Ann|Bob|Cy)", text)                # private revenue
    assert re.search(r"pays out \$\d+: \$\d+ per share", text)
    assert re.search(r"share price (rises|falls) from \$\d+ to \$\d+", text)
    assert "Phase " in text and "The game ends:" in text
    assert not re.search(r"[a-z]+_[a-z]+", text), "an engine name in the story"


def test_a_refused_action_records_no_event_and_clone_keeps_events():
    g = _play("1830", 120)
    n = len(g.state.events)
    with pytest.raises(IllegalAction):
        g.apply({"type": "buy_share", "player": g.current_player, "corporation": "XX",
                 "source": "ipo"})
    assert len(g.state.events) == n
    assert g.state.clone().events == g.state.events
    g.undo(10)                         # replayed from a checkpoint: the same events again
    again = _play("1830", 110)
    assert g.state.events == again.state.events


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_table_view_model_shows_the_state(title):
    from railyard.web.table18xx import table
    g = _play(title, 400)
    st = {"title": title, "view": g.public_view(), "current_player": g.current_player}
    t = table(st, g.state.events)
    view = st["view"]
    assert [p["cash"] for p in t["players"]] == view["cash"]
    for c in t["started"]:
        v = view["corporations"][c["sym"]]
        assert c["cash"] == v["cash"] and c["price"] == v["price"]
        shares = sum(p["shares"][c["sym"]]["pct"] for p in t["players"])
        assert shares + c["ipo"] + c["pool"] + c["treasury"] == 100
        pres = [p for p in t["players"] if p["shares"][c["sym"]]["president"]]
        assert len(pres) <= 1 and (not pres or pres[0]["seat"] == v["president"])
    assert sum(p["priority"] for p in t["players"]) == 1
    assert t["status"]["bank"] == view["bank"]


def test_history_state_at_k_is_the_replay_and_leaves_the_game():
    """Game.state_at(k) (engine contract: a game is its parameters plus its log) is the
    state a fresh replay of the first k actions reaches; the game is not changed and the
    returned state is its own object."""
    g = _play("1870", 300)
    n = len(g.log)
    head = g.state.fingerprint()
    for k in (0, 1, 63, 64, 65, 200, n):
        st = g.state_at(k)
        replay = Game("1870", g.players, g.seed, g.options)
        for a in g.log[:k]:
            replay.apply(a)
        assert st.fingerprint() == replay.state.fingerprint()
        assert st is not g.state
    assert len(g.log) == n and g.state.fingerprint() == head
    later = g.state_at(n)
    later.apply(RandomBot(1).choose(later))           # changing the copy ...
    assert g.state.fingerprint() == head              # ... leaves the game as it was
    for bad in (-1, n + 1, "3", True):
        with pytest.raises(ValueError):
            g.state_at(bad)


def _items(d):
    for grp in d["groups"]:
        for it in grp["items"] + grp.get("refused", []):
            yield grp, it
            for p in it.get("pars") or []:
                yield grp, p


@pytest.mark.parametrize("title,seed", [("1830", 1), ("1870", 3)])
def test_refused_choices_carry_the_engines_reason_and_sales_their_effect(title, seed):
    """Every decision shows what is not allowed now, disabled, with the engine's own
    reason: the actions tried are refused by the engine with exactly that sentence (1830
    4.0/8.1/12.0/21.0/23.1, 1870 6.1/7.1/7.3/7.4/8.1/9.2/9.5); a sale says the money the
    seller receives, as the engine pays it."""
    from railyard.web.decisions18xx import decisions
    bot = RandomBot(5)
    kinds, seen_sale = set(), False
    want = {"buy_share", "sell_shares", "par", "buy_train", "place_token"} | (
        {"buy_company"} if title == "1830" else {"buy_private", "redeem", "reissue"})
    g = Game(title, ["Ann", "Bob", "Cy"], seed)
    while not g.is_terminal and len(g.log) < 2500 and not (kinds >= want and seen_sale):
        d = decisions(g, {g.current_player})
        for grp, it in _items(d):
            if it["disabled"] and it.get("tried"):
                assert it["reason"]
                for act in it["tried"]:
                    kinds.add(act["type"])
                    with pytest.raises(IllegalAction) as err:
                        g.state.clone().apply(act)
                    assert err.value.message == it["reason"], (it, act)
            if it.get("action") and it["action"]["type"] == "sell_shares":
                seen_sale = True
                after = g.state.clone()
                after.apply(it["action"])
                got = after.s["cash"][g.current_player] - \
                    g.state.s["cash"][g.current_player]
                assert f"you receive ${got}" in it["detail"]
        g.apply(bot.choose(g.state))
    assert kinds >= want, want - kinds
    assert seen_sale


def test_table_and_decisions_endpoints_refuse_bad_input_clearly(tmp_path):
    from starlette.testclient import TestClient

    from railyard.web.app import create_app
    from railyard.web.storage import Storage
    app = create_app(storage=Storage(str(tmp_path / "db.sqlite3")))
    with TestClient(app) as c:
        made = c.post("/api/games", json={"title": "1830", "seed": 1, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "bot"}, {"kind": "bot"}]}).json()
        gid, tok = made["id"], made["tokens"][0]["token"]
        now = c.get(f"/api/games/{gid}/table").json()
        assert now["live"] and now["at"] == now["count"]
        for bad in ("abc", "-1", str(now["count"] + 1), "9" * 40, "1.5"):
            r = c.get(f"/api/games/{gid}/table", params={"at": bad})
            assert r.status_code == 400 and r.json()["error"]["message"], bad
        assert c.get("/api/games/nope/table").status_code == 404
        d = c.get(f"/api/games/{gid}/decisions",
                  headers={"authorization": f"Bearer {tok}"}).json()
        assert d["mine"] and d["auction"] and d["version"] == now["version"]
        assert c.get(f"/api/games/{gid}/decisions",
                     headers={"authorization": "Bearer wrong"}).status_code == 403
        spectator = c.get(f"/api/games/{gid}/decisions").json()
        assert not spectator["mine"] and not spectator["groups"]
        other = c.post("/api/games", json={"title": "chicago-express", "seats": [
            {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}).json()
        assert c.get(f"/api/games/{other['id']}/table").status_code == 404


def _cheapest_offer(game):
    """The cheapest train the bank sells now, from the data file's prices: the next depot
    train and the bank pool's trains."""
    from railyard.web.table18xx import data_of
    price = {str(t["name"]): t["price"] for t in data_of(game.state.title)["trains"]}
    s = game.state.s
    depot = s["depot"]
    nxt = next((k for k, v in depot.items() if v is None or v), None)
    got = [price[t.rsplit("-", 1)[0]] for t in s["train_pool"]]
    return min(got + ([price[nxt]] if nxt else []))


@pytest.mark.parametrize("title,seed", [("1830", 1), ("1870", 2)])
def test_the_forced_train_purchase_is_guided_step_by_step(title, seed):
    """1830 24.0 / 1870 9.5.3-9.5.5, 10.2: a company without a train and without the money
    for the cheapest one: the page names that train and its price, what the treasury and
    the president pay, what is still missing, and marks selling shares as the step to do
    now; the sales offered pay what they say."""
    from railyard.web.decisions18xx import decisions
    g, bot = Game(title, ["Ann", "Bob", "Cy"], seed), RandomBot(seed)
    while not any(c.type == "emergency_sell" or (c.type == "sell_shares" and
                                                  g.state.s["round"] == "operating")
                  for c in g.legal_actions()):
        assert not g.is_terminal and len(g.log) < 3000, "no forced purchase short of money"
        g.apply(bot.choose(g.state))
    seat = g.current_player
    corp = next(k for k, v in g.state.s["corps"].items()
                if v.get("president") == seat and not v["trains"] and k == (
                    g.state.s["op"].get("corp") or k))
    low = _cheapest_offer(g)
    treasury, own = g.state.s["corps"][corp]["cash"], g.state.s["cash"][seat]
    assert low > treasury + own
    d = decisions(g, {seat})
    guide = next(grp for grp in d["groups"] if grp.get("kind") == "emergency")
    text = " ".join(s["text"] for s in guide["guide"])
    assert f"for ${low}" in text and f"${treasury}" in text and f"add ${own}" in text
    assert f"${low - treasury - own} is still missing" in text
    current = [s["text"] for s in guide["guide"] if s["current"]]
    assert len(current) == 1 and "sell shares" in current[0]
    sells = [it for grp in d["groups"] for it in grp["items"]
             if it["action"] and it["action"]["type"] in ("sell_shares", "emergency_sell")]
    assert sells
    for it in sells:
        after = g.state.clone()
        after.apply(it["action"])
        assert f"you receive ${after.s['cash'][seat] - own}" in it["detail"]


def test_the_stock_round_heading_says_what_the_player_may_still_do():
    """1830 4.0/12.0: after a purchase the turn may end (no "pass" while it is one's turn
    to pass); the heading follows the legal choices."""
    from railyard.web.decisions18xx import decisions
    g, bot = Game("1830", ["Ann", "Bob", "Cy"], 2), RandomBot(2)
    seen = 0
    while len(g.log) < 400 and not g.is_terminal:
        if g.state.s["round"] == "stock":
            kinds = {c.type for c in g.legal_actions()}
            heading = decisions(g, {g.current_player})["heading"]
            assert ("buy a share" in heading) == ("buy_share" in kinds)
            assert ("sell shares" in heading) == ("sell_shares" in kinds)
            if "pass" in kinds:
                assert heading.endswith("end your turn." if g.state.s["stock"]["acted"]
                                        else "pass.")
            seen += 1
        g.apply(bot.choose(g.state))
    assert seen > 20


def test_1870_destination_run_choices_say_where_the_marker_goes_and_what_they_pay():
    """1870 9.6.3-9.6.5: the four choices (marker on the map or the charter; pay out or
    withhold) are told apart, and each says what it pays, as the engine pays it."""
    import json
    import os

    from railyard.games.g1870.import18xx import import_1870
    from railyard.web.decisions18xx import decisions
    path = os.path.join(os.path.dirname(__file__), "..", "fixtures", "18xx-games", "1870",
                        "1870_game_end_bankrupt.json")
    with open(path, encoding="utf-8") as fh:
        game, _ = import_1870(json.load(fh))
    k = next(i for i, a in enumerate(game.log) if a["type"] == "connection_run")
    game.undo(len(game.log) - k)
    d = decisions(game, {game.current_player})
    corp = next(c.fixed["corporation"] for c in game.legal_actions()
                if c.type == "connection_run")
    dest = game.state.st.corps[corp].destination
    assert f"{corp} has reached its destination {dest}" in d["heading"]
    items = [it for g in d["groups"] for it in g["items"]
             if it["action"] and it["action"]["type"] == "connection_run"]
    assert len({it["label"] for it in items}) == len(items) == 4
    for it in items:
        a = it["action"]
        assert ("map" in it["label"]) == (a["marker"] == "map")
        assert it["label"].startswith("Pay out" if a["kind"] == "full" else "Withhold")
        after = game.state.clone()
        after.apply(a)
        kept = after.s["corps"][corp]["cash"] - game.state.s["corps"][corp]["cash"]
        if kept:
            assert f"{corp} keeps ${kept}" in it["detail"]


@pytest.mark.parametrize("title", ["1830", "1870"])
def test_the_private_auction_shows_each_high_bid_and_bidder(title):
    """1830 6.0-7.0 / 1870 5.2: each private for sale with its face value and, once bid on,
    the high bid and the bidder, as the state holds them."""
    from railyard.web.decisions18xx import decisions
    g, bot = Game(title, ["Ann", "Bob", "Cy"], 4), RandomBot(4)
    seen = 0
    while g.state.s["round"] == "auction" and len(g.log) < 200:
        d = decisions(g, {g.current_player})
        bids = (g.state.s.get("auction") or {}).get("bids") or {}
        for row in d["auction"] or []:
            got = bids.get(row["company"])
            got = [(int(k), v) for k, v in got.items()] if isinstance(got, dict) else \
                [tuple(b) for b in got or []]
            if got:
                seat, amount = max(got, key=lambda b: b[1])
                assert f"high bid ${amount} by {g.players[seat]}" in row["info"]
                seen += 1
            else:
                assert "high bid" not in row["info"]
        g.apply(bot.choose(g.state))
    assert seen


@pytest.mark.parametrize("title,seed", [("1830", 1), ("1870", 3)])
def test_a_company_buying_a_private_is_offered_the_range_the_engine_accepts(title, seed):
    """A corporation buying a private from a player (1830 16.0-16.1, 1870 5.2) is a choice
    worded for the player deciding ("Have B&O buy the private ...") that says the range of
    prices; the engine takes the ends of that range and refuses a dollar more."""
    from railyard.web.decisions18xx import decisions
    bot = RandomBot(5)
    g = Game(title, ["Ann", "Bob", "Cy"], seed)
    seen = 0
    while not g.is_terminal and len(g.log) < 3000 and seen < 3:
        d = decisions(g, {g.current_player})
        for _, it in _items(d):
            act = it.get("action") or {}
            if act.get("type") not in ("buy_company", "buy_private") or not it.get("input") \
                    or g.state.s.get("round") != "operating":
                continue
            lo, hi = it["input"]["min"], it["input"]["max"]
            corp = act.get("corporation") or g.state.s["op"]["corp"]
            assert it["label"] == f"Have {corp} buy the private {act['company']}"
            assert it["detail"] == f"{corp} pays its owner any price from ${lo} to ${hi}"
            for price in (lo, hi):
                g.state.clone().apply(dict(act, price=price))
            with pytest.raises(IllegalAction):
                g.state.clone().apply(dict(act, price=hi + 1))
            seen += 1
        g.apply(bot.choose(g.state))
    assert seen, "no private offered to a corporation in this game"
