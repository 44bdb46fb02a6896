"""Notifications that reach players outside the browser (issue 23, point 3): e-mail and
webhooks, per account, when it becomes their turn, when they are invited to a game, when a
game of theirs ends.

* **Never blocking a move.**  The request (or bot) that commits only hands a small record
  to :meth:`Notifier.changed` (a queue put); one background thread per process does the
  rest: it stores the notice in the database (``ry_notices``, one row per account told).
* **Pending notices live in the database**, so a restart does not lose them and a burst
  spread over several workers is still one message: an account's notices go out together
  ``delay`` seconds after its oldest one was queued (a burst of turns in several games, or
  bots moving one after the other, becomes one message).  Whichever process looks first
  claims them (one UPDATE, which only one process can win; the claim holds :data:`LEASE`
  seconds, after which a delivery that died is taken again), checks in the database that
  each turn is still the account's, sends, and deletes them.  Each process looks when its
  own notices are due and every :data:`POLL` seconds at most for those of others (a
  process that stopped; on start it looks at once).  Stopping stores what the queue still
  holds.
* **Channels** (the account's settings, ``ry_accounts.settings``): ``email`` (an address; the
  server's SMTP settings must be configured) and ``webhook`` (an http(s) URL receiving a JSON
  POST ``{"content": text, "text": text, "username": "railyard"}``: Discord reads
  ``content``, Slack ``text``); kinds ``turn``, ``invite``, ``end`` and ``join`` (someone
  took an open seat of a game one is seated in) each switched on or off (all on by default
  once a channel is given).
* **Failures** are retried (:data:`RETRIES` attempts, waiting ``backoff`` seconds, doubled
  each time) and each failure is one log line (warning; error after the last attempt).
* **SMTP** settings (environment): ``RAILYARD_SMTP_HOST`` (no mail without it),
  ``RAILYARD_SMTP_PORT`` (25), ``RAILYARD_SMTP_FROM``, ``RAILYARD_SMTP_USER`` /
  ``RAILYARD_SMTP_PASSWORD`` (log in when set), ``RAILYARD_SMTP_TLS`` (``starttls``,
  ``ssl`` or ``off``, default ``off``); ``RAILYARD_NOTIFY_DELAY`` (seconds, default 60);
  ``RAILYARD_BASE_URL`` (the site's address, for links in messages).
* **Webhooks reach only public addresses**: a webhook whose host resolves to a loopback,
  private, link-local or otherwise non-global address is not posted to (one log line,
  without the URL), so a player cannot make the server call into its own network;
  ``RAILYARD_WEBHOOK_PRIVATE=allow`` lifts this for a table inside a private network.
"""
from __future__ import annotations

import ipaddress
import json
import logging
import os
import queue
import secrets
import smtplib
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("railyard.web")

KINDS = ("turn", "invite", "end", "join")
RETRIES = 3
#: seconds between a process's looks for notices queued by other processes (at most)
POLL = 15.0
#: seconds a delivery holds the notices it took (then another process may take them)
LEASE = 600.0
MAX_EMAIL = 200
MAX_URL = 500


@dataclass
class SmtpSettings:
    host: str | None = None
    port: int = 25
    sender: str = "railyard@localhost"
    user: str | None = None
    password: str | None = None
    tls: str = "off"

    @classmethod
    def from_env(cls, env: Any = None) -> "SmtpSettings":
        env = os.environ if env is None else env
        try:
            port = int(env.get("RAILYARD_SMTP_PORT", "25"))
        except ValueError:
            port = 25
        tls = env.get("RAILYARD_SMTP_TLS", "off").strip().lower()
        return cls(env.get("RAILYARD_SMTP_HOST") or None, port,
                   env.get("RAILYARD_SMTP_FROM") or "railyard@localhost",
                   env.get("RAILYARD_SMTP_USER") or None,
                   env.get("RAILYARD_SMTP_PASSWORD") or None,
                   tls if tls in ("starttls", "ssl") else "off")


def check_settings(email: Any, webhook: Any, kinds: Any) -> dict[str, Any]:
    """The notification settings of an account as stored, or ``ValueError`` with a
    sentence."""
    out: dict[str, Any] = {}
    email = (email or "").strip() if isinstance(email, str) else email
    if email:
        if not isinstance(email, str) or len(email) > MAX_EMAIL or "@" not in email or \
                any(c.isspace() or ord(c) < 32 for c in email) or email.count("@") != 1:
            raise ValueError("The e-mail address does not look like one (name@example.org).")
        out["email"] = email
    webhook = (webhook or "").strip() if isinstance(webhook, str) else webhook
    if webhook:
        if not isinstance(webhook, str) or len(webhook) > MAX_URL or \
                not webhook.startswith(("https://", "http://")) or \
                any(c.isspace() or ord(c) < 32 for c in webhook):
            raise ValueError("The webhook must be an http(s) address (a Discord or Slack "
                             "webhook URL).")
        out["webhook"] = webhook
    kinds = kinds if isinstance(kinds, (list, tuple, set)) else []
    out["kinds"] = [k for k in KINDS if k in kinds]
    return out


@dataclass
class Notice:
    """What happened in one game, as the committing thread saw it."""

    game_id: str
    title: str
    kind: str                       # "turn", "invite", "end" or "join"
    accounts: list[str]             # who is told
    text: str = ""


class Notifier:
    """The notification thread of a process (started by :meth:`start` when the server
    starts, or by the first notice)."""

    def __init__(self, storage: Any, smtp: SmtpSettings | None = None,
                 delay: float | None = None, backoff: float = 2.0,
                 base_url: str | None = None, allow_private: bool | None = None,
                 poll: float | None = None, lease: float = LEASE) -> None:
        self.storage = storage
        if allow_private is None:
            allow_private = os.environ.get("RAILYARD_WEBHOOK_PRIVATE", "").lower() in (
                "allow", "1", "on", "yes")
        #: whether webhooks may post to loopback / private addresses (tests, private tables)
        self.allow_private = allow_private
        self.smtp = smtp or SmtpSettings.from_env()
        if delay is None:
            try:
                delay = float(os.environ.get("RAILYARD_NOTIFY_DELAY", "60"))
            except ValueError:
                delay = 60.0
        self.delay, self.backoff = max(0.0, delay), backoff
        #: seconds between looks in the database for notices other processes queued (their
        #: own are delivered on time by them; this finds those of a process that stopped)
        self.poll = poll if poll is not None else min(POLL, max(1.0, self.delay / 2))
        #: seconds a delivery holds its notices before another process may take them again
        self.lease = lease
        self.base_url = (base_url or os.environ.get("RAILYARD_BASE_URL") or "").rstrip("/")
        self._q: "queue.Queue[Notice | None]" = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.sent = 0                                    # messages sent (for tests)
        self._cut = False                                # a delivery stopped half-way

    # ---- the committing side: a queue put, nothing else ----------------------------------
    def changed(self, notice: Notice) -> None:
        if not notice.accounts:
            return
        self.start()
        self._q.put(notice)

    def start(self) -> None:
        """Start the thread (once): it looks in the database at once, so notices queued
        before a restart go out."""
        with self._lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="railyard-notify",
                                                daemon=True)
                self._thread.start()

    def stop(self, wait: float = 2.0) -> None:
        """Stop the thread; the notices it has not stored yet are stored here (another
        process, or this server started again, sends them)."""
        self._stop.set()
        self._store(self._drain())
        self._q.put(None)
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=wait)

    def idle(self) -> bool:
        """Nothing waits in this process's queue (notices in the database may)."""
        return self._q.empty()

    # ---- the thread ------------------------------------------------------------------
    def _drain(self, first: "Notice | None" = None) -> list[Notice]:
        got = [first] if first is not None else []
        while True:
            try:
                n = self._q.get_nowait()
            except queue.Empty:
                return got
            if n is not None:
                got.append(n)

    def _store(self, notices: list[Notice]) -> float | None:
        """Queue ``notices`` in the database (one row per account told); when they were
        queued (None: nothing stored)."""
        now = time.time()
        rows = [(acc, n.game_id, n.kind, n.title, n.text, now)
                for n in notices for acc in dict.fromkeys(n.accounts)]
        if not rows:
            return None
        try:
            self.storage.add_notices(rows)
        except Exception:  # noqa: BLE001 - the database is away: one line, the notices lost
            log.exception("%d notification(s) could not be queued", len(rows))
            return None
        return now

    def _run(self) -> None:
        next_look = 0.0                      # epoch seconds: look in the database then
        while not self._stop.is_set():
            try:
                n = self._q.get(timeout=max(0.0, next_look - time.time()))
            except queue.Empty:
                n = None
            at = self._store(self._drain(n))
            if at is not None:               # our own notices are due after the delay
                next_look = min(next_look, at + self.delay)
            if self._stop.is_set():
                return
            now = time.time()
            if now < next_look:
                continue
            try:
                due, later = self.storage.notices_due(now, self.delay)
            except Exception:  # noqa: BLE001 - the database is away: look again later
                log.warning("pending notifications could not be read; again in %g s",
                            self.poll)
                due, later = [], None
            for acc in due:
                if self._stop.is_set():
                    return
                self._claim_and_deliver(acc)
            next_look = min(later if later is not None else float("inf"),
                            time.time() + self.poll)

    def _claim_and_deliver(self, acc: str) -> None:
        claim = secrets.token_hex(8)
        try:
            rows = self.storage.claim_notices(acc, claim, time.time(), self.lease)
        except Exception:  # noqa: BLE001
            log.exception("notifications of account %s could not be claimed", acc)
            return
        if not rows:                         # another process took them first
            return
        merged: dict[tuple[str, str, str], Notice] = {}  # the last one of a game and kind
        for gid, kind, title, text in rows:              # (every player who joined)
            merged[(gid, kind, text if kind == "join" else "")] = \
                Notice(gid, title, kind, [acc], text)
        self._cut = False
        try:
            self._deliver(acc, list(merged.values()))
        except Exception:  # noqa: BLE001 - one bad message must not stop the thread
            log.exception("notification to account %s failed", acc)
        if self._cut:
            return                           # cut short: taken again when the lease ends
        try:
            self.storage.drop_notices(claim)
        except Exception:  # noqa: BLE001
            log.exception("sent notifications of account %s could not be forgotten", acc)

    def _still_turn(self, acc: str, game_id: str) -> bool:
        row = self.storage.get_game(game_id)
        if row is None or row.status != "active":
            return False
        seats = self.storage.get_seats(game_id)
        return any(0 <= i < len(seats) and seats[i].account == acc for i in row.to_act)

    def _deliver(self, acc: str, items: list[Notice]) -> None:
        items = [n for n in items if n.kind != "turn" or self._still_turn(acc, n.game_id)]
        settings = self._settings(acc)
        if settings is None:
            return
        items = [n for n in items if n.kind in settings.get("kinds", KINDS)]
        if not items:
            return
        subject, text = self._message(items)
        if settings.get("email") and self.smtp.host:
            self._retry("e-mail", acc, lambda: self._send_mail(settings["email"], subject,
                                                               text))
        if settings.get("webhook"):
            refused = None if self.allow_private else webhook_refused(settings["webhook"])
            if refused:
                log.warning("webhook notification to account %s not sent: %s", acc, refused)
            else:
                self._retry("webhook", acc, lambda: self._post(settings["webhook"], text))

    def _settings(self, acc: str) -> dict[str, Any] | None:
        with self.storage._tx(write=False) as tx:
            r = tx.execute("SELECT settings, disabled FROM ry_accounts WHERE id = ?",
                           (acc,)).fetchone()
        if r is None or r[1]:
            return None
        try:
            prefs = json.loads(r[0] or "{}")
        except ValueError:
            return None
        notify = prefs.get("notify") if isinstance(prefs, dict) else None
        return notify if isinstance(notify, dict) else None

    def _link(self, game_id: str) -> str:
        return f"{self.base_url}/games/{game_id}" if self.base_url else f"/games/{game_id}"

    def _message(self, items: list[Notice]) -> tuple[str, str]:
        lines = []
        for n in items:
            what = {"turn": "It is your turn in", "invite": "You are invited to",
                    "end": "The game is over:", "join": "A player joined"}[n.kind]
            extra = f" {n.text}" if n.text else ""
            lines.append(f"{what} {n.title}.{extra} {self._link(n.game_id)}")
        turns = sum(1 for n in items if n.kind == "turn")
        if len(items) == 1:
            n = items[0]
            subject = {"turn": "It is your turn in", "invite": "You are invited to",
                       "end": "Game over:", "join": "A player joined"}[n.kind] + \
                f" {n.title}"
        elif turns == len(items):
            subject = f"It is your turn in {turns} games"
        else:
            subject = f"railyard: {len(items)} news from your games"
        return subject, "\n".join(lines)

    def _retry(self, channel: str, acc: str, send) -> None:
        wait = self.backoff
        for attempt in range(1, RETRIES + 1):
            try:
                send()
                self.sent += 1
                return
            except Exception as exc:  # noqa: BLE001 - network and server failures
                last = attempt == RETRIES
                log.log(logging.ERROR if last else logging.WARNING,
                        "%s notification to account %s failed (attempt %d of %d): %s%s",
                        channel, acc, attempt, RETRIES, type(exc).__name__,
                        "; given up" if last else f"; again in {wait:g} s")
                if last:
                    return
                if self._stop.wait(wait):
                    self._cut = True         # stopped between attempts
                    return
                wait *= 2

    def _send_mail(self, to: str, subject: str, text: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.smtp.sender, to, subject
        msg.set_content(text + "\n\n(Change what you are sent on the site's settings "
                        "page.)\n")
        cls = smtplib.SMTP_SSL if self.smtp.tls == "ssl" else smtplib.SMTP
        with cls(self.smtp.host, self.smtp.port, timeout=20) as s:
            if self.smtp.tls == "starttls":
                s.starttls()
            if self.smtp.user:
                s.login(self.smtp.user, self.smtp.password or "")
            s.send_message(msg)

    @staticmethod
    def _post(url: str, text: str) -> None:
        body = json.dumps({"content": text, "text": text, "username": "railyard"}).encode()
        req = urllib.request.Request(url, body, {"content-type": "application/json",
                                                 "user-agent": "railyard"}, method="POST")
        with urllib.request.urlopen(req, timeout=10) as resp:
            if resp.status >= 300:
                raise OSError(f"HTTP {resp.status}")


def webhook_refused(url: str) -> str | None:
    """Why a webhook must not be posted to (its host resolves to an address that is not
    global: loopback, private, link-local, reserved, multicast), or None.  A host that does
    not resolve is left to the post (a failure that is retried and logged)."""
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return "the address cannot be read"
    if not host:
        return "the address names no host"
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return None
    for info in infos:
        try:
            ip = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        except ValueError:
            return "the host resolves to an address that cannot be read"
        if not ip.is_global:
            return "the host resolves to a private or local address (RAILYARD_WEBHOOK_PRIVATE=allow permits it)"
    return None
