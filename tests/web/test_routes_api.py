"""Route picking for 1830 through the API (what the browser's route panel calls): each
train's route as clicked hexes, checked by the engine's own rules (1830 20.1) on a copy of
the state; "auto" fills in the optimiser's routes; nothing changes until the player submits
``run_routes``."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from railyard.web.app import create_app
from railyard.web.storage import Storage

from .positions import play_1830_until, routes_step, several_trains_running


@pytest.fixture(scope="module")
def position():
    pytest.importorskip("railyard.games.g1830")
    return play_1830_until(several_trains_running, bot_seed=6)


@pytest.fixture
def game(tmp_path, position):
    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as c:
        made = c.post("/api/games/import", json={"save": position.to_save(),
                                                 "hotseat": True}).json()
        yield c, made["id"], {"authorization": f"Bearer {made['host_token']}"}


def _check(c, gid, auth, picks):
    r = c.post(f"/api/games/{gid}/routes/check", headers=auth, json={"routes": picks})
    assert r.status_code == 200, r.text
    return r.json()


def test_auto_fills_the_optimal_routes_and_they_can_be_run(game, position):
    from railyard.routing import auto_routes
    c, gid, auth = game
    corp = position.state.s["op"]["corp"]
    best = auto_routes(position.state, corp)
    auto = c.post(f"/api/games/{gid}/routes/auto", headers=auth, json={}).json()
    assert auto["ok"] and auto["corporation"] == corp
    expected = position.state.clone().apply(best)["revenue"]
    assert auto["total"] == expected == sum(t["revenue"] or 0 for t in auto["trains"])
    assert {r["train"] for r in auto["routes"]} == {r["train"] for r in best["routes"]}
    # the greedy route set of the legal choice is never better than the optimiser's
    greedy = next(x for x in position.legal_actions() if x.type == "run_routes")
    assert auto["total"] >= position.state.clone().apply(
        {"type": "run_routes", "player": greedy.player, **greedy.fixed})["revenue"]
    before = c.get(f"/api/games/{gid}").json()["version"]
    # checking changed nothing; submitting the checked routes runs them
    r = c.post(f"/api/games/{gid}/actions", headers=auth, json={"version": before, "action": {
        "type": "run_routes", "routes": auto["routes"]}})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == before + 1
    last = c.get(f"/api/games/{gid}/log").json()["log"][-1]
    assert f"({corp}) runs" in last
    # the story of the 18xx table says each train's run and its revenue
    said = " ".join(c.get(f"/api/games/{gid}/table").json()["story"][-1]["events"])
    assert f"(total ${auto['total']})" in said
    assert all(f"the {r['train'].rsplit('-', 1)[0]}-train runs" in said for r in best["routes"])


def test_clicked_hexes_give_live_revenue_or_the_broken_rule(game, position):
    c, gid, auth = game
    version = c.get(f"/api/games/{gid}").json()["version"]
    auto = c.post(f"/api/games/{gid}/routes/auto", headers=auth, json={}).json()
    long = max(auto["trains"], key=lambda t: len(t["hexes"]))
    other = next(t for t in auto["trains"] if t["revenue"] and t is not long)
    assert len(long["hexes"]) >= 3
    # the same hexes, picked one train at a time, give the same revenue
    one = _check(c, gid, auth, [{"train": long["train"], "hexes": long["hexes"]}])
    assert one["ok"] and one["total"] == long["revenue"]
    # backwards is the same route
    back = _check(c, gid, auth, [{"train": long["train"], "hexes": long["hexes"][::-1]}])
    assert back["total"] == long["revenue"]
    # a gap in the path: the engine's reason, naming the rule
    from railyard.games.g1830.data import static
    nbrs = static().board.hexes[long["hexes"][0]].neighbors.values()
    far = next(h for h in long["hexes"][2:] if h not in nbrs and h != long["hexes"][0])
    gap = _check(c, gid, auth, [{"train": long["train"],
                                 "hexes": [long["hexes"][0], far]}])
    row = gap["trains"][[t["train"] for t in gap["trains"]].index(long["train"])]
    assert not gap["ok"] and row["revenue"] is None and "20.1" in row["error"]
    # one hex so far: a hint, no revenue
    half = _check(c, gid, auth, [{"train": other["train"], "hexes": other["hexes"][:1]}])
    assert not half["ok"] and half["trains"][[t["train"] for t in half["trains"]].index(
        other["train"])]["error"]
    # two trains on the same track: each is fine alone, the set breaks 20.1.  The route
    # must suit both trains: take the one of the train reaching fewer stops.
    def alone(train, hexes):
        return _check(c, gid, auth, [{"train": train, "hexes": hexes}])["ok"]
    shared = next(t["hexes"] for t in (other, long)
                  if alone(long["train"], t["hexes"]) and alone(other["train"], t["hexes"]))
    same = _check(c, gid, auth, [{"train": long["train"], "hexes": shared},
                                 {"train": other["train"], "hexes": shared}])
    assert all(t["error"] is None for t in same["trains"])
    assert not same["ok"] and same["error"] and same["total"] is None
    # no route at all: the engine's reason (a corporation with a route must run, 17.0c)
    none = _check(c, gid, auth, [])
    assert not none["ok"] and "17.0" in none["error"]
    assert c.get(f"/api/games/{gid}").json()["version"] == version     # nothing changed


def test_route_requests_are_checked(game):
    c, gid, auth = game
    url = f"/api/games/{gid}/routes/check"
    assert c.post(url, json={"routes": []}).status_code == 401
    assert c.post(url, headers={"authorization": "Bearer nope"},
                  json={"routes": []}).status_code == 403
    bad = [{"routes": "x"}, {"routes": [{"train": 3}]},
           {"routes": [{"train": "2-0", "hexes": "E5"}]},
           {"routes": [{"train": "no-such", "hexes": []}]},
           {"routes": [{"train": "2-0", "hexes": ["E5"] * 500}]}]
    for body in bad:
        r = c.post(url, headers=auth, json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", body


def test_no_routes_outside_a_run(tmp_path):
    pytest.importorskip("railyard.games.g1830")
    pos = play_1830_until(lambda g: not routes_step(g) and len(g.log) > 5)
    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as c:
        made = c.post("/api/games/import", json={"save": pos.to_save(), "hotseat": True}).json()
        r = c.post(f"/api/games/{made['id']}/routes/auto",
                   headers={"authorization": f"Bearer {made['host_token']}"}, json={})
        assert r.status_code == 409 and r.json()["error"]["code"] == "no_routes"


def test_1870_routes_are_checked_by_1870s_rules(tmp_path):
    """1870 (9.3): the same panel; "auto" is at least as good as the title's own routes."""
    pytest.importorskip("railyard.games.g1870")
    from railyard.bots.random_bot import RandomBot
    from railyard.engine import Game

    game, bot = Game("1870", ["Ann", "Bob", "Cy", "Di"], 1), RandomBot(2)

    def earning_run(g):
        c = next((c for c in g.legal_actions() if c.type == "run_routes"), None)
        return c is not None and c.fixed["routes"]

    while not earning_run(game):
        assert not game.is_terminal and len(game.log) < 3000
        game.apply(bot.choose(game.state))
    own = next(c for c in game.legal_actions() if c.type == "run_routes")
    own_total = game.state.clone().apply({"type": "run_routes", "player": own.player,
                                          **own.fixed})["revenue"]
    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as c:
        made = c.post("/api/games/import", json={"save": game.to_save(), "hotseat": True}).json()
        auth = {"authorization": f"Bearer {made['host_token']}"}
        auto = c.post(f"/api/games/{made['id']}/routes/auto", headers=auth, json={}).json()
        assert auto["ok"] and auto["corporation"] == own.fixed["corporation"]
        assert auto["total"] >= own_total > 0
        first = next(t for t in auto["trains"] if t["revenue"])
        gap = c.post(f"/api/games/{made['id']}/routes/check", headers=auth, json={"routes": [
            {"train": first["train"], "hexes": [first["hexes"][0], "A1"]}]}).json()
        assert not gap["ok"] and gap["trains"][0]["error"] is not None
