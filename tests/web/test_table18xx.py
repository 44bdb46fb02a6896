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


def test_decisions_give_the_engines_reason_and_the_effect_of_a_sale():
    from railyard.web.decisions18xx import decisions
    bot = RandomBot(5)
    seen_reason = seen_sale = False
    g = Game("1830", ["Ann", "Bob", "Cy"], 1)
    while not g.is_terminal and len(g.log) < 1500 and not (seen_reason and seen_sale):
        if g.state.s["round"] == "stock":
            d = decisions(g, {g.current_player})
            for grp in d["groups"]:
                for it in grp["items"]:
                    if it["reason"]:
                        seen_reason = True
                        corp = it["corp"]
                        src = "ipo" if "initial offering" in it["label"] else "pool"
                        with pytest.raises(IllegalAction) as err:
                            g.state.clone().apply({"type": "buy_share", "player":
                                                   g.current_player, "corporation": corp,
                                                   "source": src})
                        assert err.value.message == it["reason"]
                    if it["action"] and it["action"]["type"] == "sell_shares":
                        seen_sale = True
                        after = g.state.clone()
                        after.apply(it["action"])
                        got = after.s["cash"][g.current_player] - \
                            g.state.s["cash"][g.current_player]
                        assert f"you receive ${got}" in it["detail"]
        g.apply(bot.choose(g.state))
    assert seen_reason and seen_sale


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
