"""The small games' side panel (web/decisions_small.py): every decision says what is decided,
every legal choice is offered exactly as the engine allows it, the ones not allowed carry the
rules' reason, and a North American Railways seat sees its own money only (rulebook section
4, "Hinweis")."""
from __future__ import annotations

import json
import random

import pytest

from railyard.engine.game import Game
from railyard.games.american_rails.rules import RULES as AR_RULES
from railyard.web.decisions_small import panel


def _items(p):
    return [i for g in p["groups"] for i in g["items"]]


def _sent(item):
    return item["action"]


def _play(game, rng, until, limit=2000):
    for _ in range(limit):
        if until(game) or game.current_player is None:
            return
        game.apply(rng.choice(game.legal_actions()).sample(rng))
    raise AssertionError("the position was never reached")


@pytest.mark.parametrize("title,n", [("chicago-express", 3), ("north-american-railways", 3),
                                     ("american-rails", 4)])
def test_every_legal_choice_is_offered_and_every_offered_action_is_legal(title, n):
    rng = random.Random(5)
    g = Game(title, [f"P{i}" for i in range(n)], 5, {})
    while g.current_player is not None:
        cp = g.current_player
        legal = g.legal_actions()
        p = panel(g, {cp}, legal)
        json.dumps(p)
        assert p["heading"], p
        offered = [i for i in _items(p) if "action" in i]
        assert not any(g["title"] == "Other choices" for g in p["groups"])
        assert len(offered) == len(legal)
        for item in rng.sample(offered, min(3, len(offered))):
            action = dict(_sent(item))
            if "amount" in item:
                a = item["amount"]
                action[a["field"]] = a["min"]
            clone = g.clone() if hasattr(g, "clone") else None
            if clone is not None:
                clone.apply(action)           # legal: raises otherwise
        for item in _items(p):
            if item.get("disabled"):
                assert item["reason"] and "action" not in item
        watcher = panel(g, set(), [])
        assert watcher["groups"] is None and watcher["heading"]
        g.apply(rng.choice(legal).sample(rng))
    assert panel(g, {0}, [])["heading"] == "The game is over."


def test_chicago_express_auction_names_the_lot_minimum_and_high_bid():
    """Versteigerung einer Aktie: the panel names the share, the minimum and the high bid
    with its bidder (a player once passed on the wrong share without it)."""
    g = Game("chicago-express", ["Ann", "Bob", "Cid"], 1, {})
    a = g.state.auction
    lot = g.state.board.companies[a.lot]
    p = panel(g, {g.current_player}, g.legal_actions())
    assert lot.name in p["heading"] and lot.id in p["heading"]
    assert f"Minimum bid ${a.min_bid}." in p["lines"]
    assert "No bid yet." in p["lines"]
    bidder = g.players[g.current_player]
    g.apply({"type": "bid", "player": g.current_player, "company": lot.id,
             "amount": a.min_bid + 2})
    p = panel(g, {g.current_player}, g.legal_actions())
    assert f"High bid: ${a.min_bid + 2} by {bidder}." in p["lines"]
    bid = next(i for i in _items(p) if i.get("action", {}).get("type") == "bid")
    assert bid["amount"]["min"] == a.min_bid + 3


def test_chicago_express_build_shows_unaffordable_hexes_with_the_rules_reason():
    """Streckenausbau: a hex next to the network the company cannot pay for is shown
    disabled with the reason the engine gives (why_not_build)."""
    rng = random.Random(2)
    g = Game("chicago-express", ["Ann", "Bob", "Cid"], 2, {})
    found = False
    for _ in range(4000):
        if g.current_player is None:
            break
        s = g.state
        if s.phase == "build":
            p = panel(g, {g.current_player}, g.legal_actions())
            off = [i for i in _items(p) if i.get("disabled") and i.get("hex")]
            for item in off:
                h = s.board.index[item["hex"]]
                reasons = {w[1] for c in range(len(s.board.companies))
                           if (w := s.why_not_build(g.current_player, c, h))}
                assert item["reason"] in reasons
                found = found or "costs the" in item["reason"]
        g.apply(rng.choice(g.legal_actions()).sample(rng))
    assert found, "no unaffordable hex was ever shown"


def test_nar_panel_shows_a_seat_its_own_money_only():
    g = Game("north-american-railways", ["Ann", "Bob", "Cid"], 3, {})
    cash = g.state.cash
    mine = panel(g, {1}, g.legal_actions() if g.current_player == 1 else [])
    rows = mine["tables"][0]["rows"]
    assert rows[1]["cells"][1] == f"${cash[1]}" and rows[1]["you"]
    assert rows[0]["cells"][1] == "secret" and rows[2]["cells"][1] == "secret"
    spectator = panel(g, set(), [])
    assert [r["cells"][1] for r in spectator["tables"][0]["rows"]] == ["secret"] * 3
    assert f"${cash[1]}" not in json.dumps(spectator)


def test_american_rails_taken_spaces_are_disabled_with_who_took_them():
    rng = random.Random(4)
    g = Game("american-rails", ["Ann", "Bob", "Cid", "Dan"], 4, {})
    _play(g, rng, lambda g: g.state.step == "space" and any(
        s is not None for s in g.state.columns[g.state.phase - 1]))
    s = g.state
    p = panel(g, {g.current_player}, g.legal_actions())
    col = s.columns[s.phase - 1]
    off = [i for i in _items(p) if i.get("disabled")]
    assert len(off) == sum(1 for x in col if x is not None)
    taken_by = {g.players[x] for x in col if x is not None}
    assert all(any(f"Taken by {who}." == i["reason"] for who in taken_by) for i in off)


def test_panel_endpoint_answers_seats_spectators_and_refuses_bad_input(tmp_path):
    """GET /api/games/{id}/panel: the seat to act gets its choices, a spectator the heading
    only; a wrong token is 403, an unknown game 404, a title without a panel 404 - never a
    500."""
    from starlette.testclient import TestClient

    from railyard.web.app import create_app
    from railyard.web.storage import Storage

    with TestClient(create_app(storage=Storage(str(tmp_path / "db.sqlite3")))) as client:
        made = client.post("/api/games", json={"title": "chicago-express", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
        gid = made["id"]
        tok = {t["seat"]: t["token"] for t in made["tokens"]}
        st = client.get(f"/api/games/{gid}").json()
        cp = st["current_player"]
        mine = client.get(f"/api/games/{gid}/panel",
                          headers={"authorization": f"Bearer {tok[cp]}"}).json()
        assert mine["version"] == st["version"] and mine["groups"]
        assert "Opening auction" in mine["heading"]
        other = client.get(f"/api/games/{gid}/panel",
                           headers={"authorization": f"Bearer {tok[1 - cp]}"}).json()
        assert other["groups"] is None and other["heading"] == mine["heading"]
        assert client.get(f"/api/games/{gid}/panel").json()["groups"] is None
        bad = client.get(f"/api/games/{gid}/panel", headers={"authorization": "Bearer nope"})
        assert bad.status_code == 403
        assert client.get("/api/games/nosuchgame/panel").status_code == 404
        made18 = client.post("/api/games", json={"title": "1830", "seats": [
            {"kind": "human"}] * 3}).json()
        r = client.get(f"/api/games/{made18['id']}/panel")
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_panel"


def test_american_rails_cube_the_company_cannot_pay_for_is_shown_with_the_engines_reason():
    """Expansion: a hex next to the company's cubes that costs more than its treasury is
    disabled with the engine's own refusal; a cube offered says how incomes change."""
    from railyard.engine.errors import IllegalAction
    rng = random.Random(6)
    seen_off = seen_income = False
    for seed in range(6):
        g = Game("american-rails", ["Ann", "Bob", "Cid", "Dan"], seed, {})
        while g.current_player is not None and not (seen_off and seen_income):
            s = g.state
            if s.step == "expand":
                p = panel(g, {g.current_player}, g.legal_actions())
                for item in _items(p):
                    if item.get("disabled") and item.get("hex"):
                        company = next(gr for gr in p["groups"] if item in gr["items"])
                        cid = next(co.id for co in AR_RULES.companies
                                   if company["title"].startswith(co.name + " "))
                        with pytest.raises(IllegalAction) as exc:
                            g.clone().apply({"type": "build", "player": g.current_player,
                                             "company": cid, "hex": item["hex"]})
                        assert exc.value.message == item["reason"]
                        seen_off = True
                    if item.get("action", {}).get("type") == "build" and \
                            item.get("detail", "").startswith("income: "):
                        seen_income = True
            g.apply(rng.choice(g.legal_actions()).sample(rng))
        if seen_off and seen_income:
            break
    assert seen_off and seen_income


def test_nar_end_says_why_and_splits_each_score_into_money_and_the_final_payout():
    """Section 6: the end names the reasons of the last round; each player's money is his
    money before the final payout plus the payout of the coast-to-coast symbols."""
    rng = random.Random(8)
    g = Game("north-american-railways", ["Ann", "Bob", "Cid"], 8, {})
    while g.current_player is not None:
        g.apply(rng.choice(g.legal_actions()).sample(rng))
    s = g.state
    p = panel(g, set(), [])
    assert all(reason in p["end_reason"] for reason in s.end_reasons) and s.end_reasons
    for seat, parts in enumerate(p["end_parts"]):
        assert sum(amount for _, amount in parts) == s.cash[seat]
        assert parts[1] == ["coast-to-coast payout", s.final_payout[seat]]
