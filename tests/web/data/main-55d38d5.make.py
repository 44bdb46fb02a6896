"""Run with the code of main 55d38d5 on PYTHONPATH (git archive 55d38d5 src): fill a
database (argv[1], SQLite path or PostgreSQL URL; argv[2]: the JSON of what it holds) with
that code (schema 4): two accounts, a Chicago
Express game of their seats with moves and chat, Bob's notification settings."""
import json, sys
from railyard.web.storage import Storage, SCHEMA_VERSION
from railyard.web.service import Service, Credential
from railyard.web.accounts import Accounts
from railyard.web.notifications import check_settings
from railyard.bots.random_bot import RandomBot
import railyard
assert "/tmp/main55" in railyard.__file__, railyard.__file__
url, out = sys.argv[1], sys.argv[2]
store = Storage(url)
assert SCHEMA_VERSION == 4
accs = Accounts(store)
ann = accs.create("Ann", "steam and rails 1")
bob = accs.create("Bob", "steam and rails 2")
accs.set_notify(bob.id, check_settings("bob@example.org", "", ["turn", "invite", "end"]))
svc = Service(store)
made = svc.create("chicago-express", [{"kind": "human", "name": "Ann"},
                                      {"kind": "human", "account": "Bob"},
                                      {"kind": "bot"}], {}, None, False, None, ann.id)
gid = made["id"]
rng = RandomBot(11)
for _ in range(6):
    live = svc.get(gid)
    seat = live.game.current_player
    if seat not in (0, 1):
        svc.wait_bots_idle(10); continue
    svc.act(gid, Credential(None, ann.id if seat == 0 else bob.id), live.version,
            rng.choose(live.game.state))
    svc.wait_bots_idle(10)
store.add_chat(gid, 0, "Ann", "Hello Bob <b>!</b>", 10)
store.add_chat(gid, 1, "Bob", "Hi Ann", 10)
live = svc.get(gid)
json.dump({"id": gid, "version": live.version, "status": live.status,
           "to_act": live.to_act(), "chat": [r.text for r in store.chat(gid)],
           "accounts": {"Ann": ann.id, "Bob": bob.id}}, open(out, "w"), indent=1)
svc.close()
print("made", gid, live.version, live.to_act())
