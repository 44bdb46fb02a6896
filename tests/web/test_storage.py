"""Storage and service on both backends: durability, replay, conflicts, two workers."""
from __future__ import annotations

import threading

import pytest

from railyard.web.service import ApiError, Service
from railyard.web.storage import Conflict, Entry, GameRow, SeatRow, Storage, now_iso

from .toy import SLUG


def _row(gid="g1"):
    return GameRow(gid, SLUG, ["A", "B"], 7, {"pile": 10}, now_iso(), None, "active", [0], 0)


def test_append_is_ordered_and_conflicts_on_taken_index(storage):
    storage.create_game(_row(), [SeatRow(0, "human", "A", "h"), SeatRow(1, "bot", "B", None)])
    act = {"type": "take", "player": 0, "amount": 1}
    assert storage.append("g1", 0, [Entry(0, "action", 0, act)], "active", [1]) == 1
    with pytest.raises(Conflict):
        storage.append("g1", 0, [Entry(0, "action", 0, act)], "active", [1])
    assert [e.body for e in storage.entries("g1")] == [act]
    assert storage.get_game("g1").to_act == [1]
    assert storage.version("g1") == 1
    with pytest.raises(Conflict):
        storage.create_game(_row(), [])


def test_unique_index_backstops_the_version_check(storage):
    storage.create_game(_row(), [])
    act = {"type": "take", "player": 0, "amount": 1}
    storage.append("g1", 0, [Entry(0, "action", 0, act)], "active", [1])
    # force the version back as a buggy writer might: the primary key still refuses index 0
    with storage._tx() as tx:
        tx.execute("UPDATE ry_games SET version = 0 WHERE id = 'g1'")
    with pytest.raises(Conflict):
        storage.append("g1", 0, [Entry(0, "action", 0, act)], "active", [1])
    assert len(storage.entries("g1")) == 1


def test_game_resumes_after_restart(db_url):
    svc = Service(Storage(db_url))
    made = svc.create(SLUG, [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
                      {"pile": 9})
    gid, t0, t1 = made["id"], made["tokens"][0]["token"], made["tokens"][1]["token"]
    svc.act(gid, t0, 0, {"type": "take", "amount": 2})
    svc.act(gid, t1, 1, {"type": "take", "amount": 3})
    svc.undo(gid, t1, 2)
    before = svc.state(gid)
    svc.close()
    svc2 = Service(Storage(db_url))
    after = svc2.state(gid)
    assert after["view"] == before["view"]
    assert after["view"]["taken"] == [2, 0] and after["view"]["pile"] == 7
    assert after["version"] == 3 and after["log"] == ["Ann takes 2."]
    # the restarted server continues where the first stopped
    svc2.act(gid, t1, 3, {"type": "take", "amount": 1})
    assert svc2.state(gid)["view"]["pile"] == 6
    svc2.close()


def test_two_workers_on_one_database_stay_consistent(db_url):
    a, b = Service(Storage(db_url)), Service(Storage(db_url))
    made = a.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 30})
    gid, t0, t1 = made["id"], made["tokens"][0]["token"], made["tokens"][1]["token"]
    assert b.state(gid)["version"] == 0
    a.act(gid, t0, 0, {"type": "take", "amount": 1})
    # worker b catches up before checking the version the client saw
    with pytest.raises(ApiError) as err:
        b.act(gid, t0, 0, {"type": "take", "amount": 1})
    assert err.value.status == 409 and err.value.extra["state"]["version"] == 1
    b.act(gid, t1, 1, {"type": "take", "amount": 2})
    assert a.state(gid)["view"]["taken"] == [1, 2]
    a.close()
    b.close()


def test_racing_duplicate_submissions_apply_once(db_url):
    workers = [Service(Storage(db_url)) for _ in range(4)]
    made = workers[0].create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": 30})
    gid, t0 = made["id"], made["tokens"][0]["token"]
    for w in workers:
        w.state(gid)            # every worker holds the game in memory at version 0
    outcomes: list[int] = []
    barrier = threading.Barrier(len(workers))

    def submit(w):
        barrier.wait()
        try:
            w.act(gid, t0, 0, {"type": "take", "amount": 1})
            outcomes.append(200)
        except ApiError as exc:
            outcomes.append(exc.status)

    threads = [threading.Thread(target=submit, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == [200, 409, 409, 409]
    check = Service(Storage(db_url))
    assert check.state(gid)["view"]["pile"] == 29
    assert len(check.storage.entries(gid)) == 1
    for w in [*workers, check]:
        w.close()


def test_all_bot_game_plays_to_the_end(db_url):
    svc = Service(Storage(db_url))
    made = svc.create(SLUG, [{"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}], {"pile": 25})
    assert made["tokens"] == []
    assert svc.wait_bots_idle()
    st = svc.state(made["id"])
    assert st["status"] == "finished" and st["result"]["winners"]
    assert sum(st["view"]["taken"]) == 25
    svc.close()


def test_engine_crash_keeps_memory_and_database_in_step(db_url, monkeypatch):
    svc = Service(Storage(db_url))
    made = svc.create(SLUG, [{"kind": "human"}, {"kind": "bot"}], {"pile": 20})
    gid, tok = made["id"], made["tokens"][0]["token"]
    from .toy import Stones
    real = Stones._apply
    calls = {"n": 0}

    def flaky(self, action):
        calls["n"] += 1
        if calls["n"] == 2:                 # the bot's answer crashes half-way
            self.pile -= 1
            raise RuntimeError("engine bug")
        return real(self, action)

    monkeypatch.setattr(Stones, "_apply", flaky)
    st = svc.act(gid, tok, 0, {"type": "take", "amount": 1})
    assert st["version"] == 1 and st["view"]["pile"] == 19
    assert svc.wait_bots_idle()             # the bot thinks after the answer, and crashes
    monkeypatch.setattr(Stones, "_apply", real)
    fresh = svc.state(gid)                  # replayed from the database, not the broken copy
    assert fresh["view"]["pile"] == 19 and fresh["version"] == 1
    svc.close()


def test_only_recent_games_stay_in_memory_the_rest_replay(tmp_path):
    svc = Service(Storage(str(tmp_path / "db.sqlite3")), max_live=2)
    games = []
    for pile in (9, 10, 11):
        made = svc.create(SLUG, [{"kind": "human"}, {"kind": "human"}], {"pile": pile})
        gid, t0 = made["id"], made["tokens"][0]["token"]
        svc.act(gid, t0, 0, {"type": "take", "amount": 2})
        games.append(gid)
    assert svc.peek_version(games[0]) is None           # the oldest was dropped
    assert [svc.peek_version(g) for g in games[1:]] == [1, 1]
    st = svc.state(games[0])                            # replayed from the database
    assert st["version"] == 1 and st["view"]["pile"] == 7 and st["log"] == ["Player 1 takes 2."]
    assert svc.peek_version(games[1]) is None and svc.peek_version(games[0]) == 1
    svc.close()
