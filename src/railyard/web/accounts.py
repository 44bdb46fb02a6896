"""Accounts, their sessions and the log-in rate limits, kept in the games' database.

* **Passwords** are stored only as argon2id hashes (argon2-cffi's ``PasswordHasher``, its
  default RFC 9106 parameters); a hash made with older parameters is replaced at the next
  log-in.  A password is never logged nor kept anywhere else.
* **Sessions**: the cookie carries a random token (32 bytes); the database keeps only its
  SHA-256 (``ry_sessions``), so every worker and server on the database shares the
  sessions, and a stolen database holds no usable cookie.  A session unused for
  :data:`SESSION_DAYS` days ends.  "Log out everywhere", a password change and an admin's
  reset, disabling or deleting end an account's sessions.  A process keeps a looked-up
  session for :data:`SESSION_CACHE_SECONDS` (no database round trip per request); an end
  of sessions clears that in its own process at once, other processes (workers, the admin
  command) are heard within those seconds.
* **CSRF**: the token of a session is an HMAC of its cookie (:func:`csrf_token`): bound to
  the session, unknown to other sites; forms carry it in a hidden field, the page script
  sends it as ``X-CSRF-Token``.  Before logging in, forms use a random cookie of their own
  (double submit; :data:`PRE_COOKIE`).
* **Log-in rate limit**: a token bucket per account name and one per client address
  (``RAILYARD_RATE_LOGIN`` attempts per name and minute, default 10; three times that per
  address), in memory on SQLite and in the database on PostgreSQL (shared by workers).

Names: 1 to :data:`MAX_NAME` characters after blanks are collapsed, no control characters;
unique regardless of case.  They are shown as text everywhere (autoescaped templates,
``textContent`` in scripts).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from .limits import Buckets, SharedBuckets, _env_int
from .service import ApiError
from .storage import Storage, name_key, now_iso

log = logging.getLogger("railyard.web")

COOKIE = "railyard_session"
PRE_COOKIE = "railyard_csrf"
MAX_NAME = 30
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
SESSION_DAYS = 30
#: a session's last use is written at most this often (not on every request)
SEEN_EVERY = timedelta(hours=1)
#: seconds a process keeps a looked-up session (a request with a cookie then costs no
#: database round trip); log-outs, password changes and the admin's commands clear it in
#: their own process at once -- other workers see them within this time
SESSION_CACHE_SECONDS = 5.0
DEFAULT_LOGIN_RATE = 10
#: how long a password reset link works
RESET_HOURS = 1

_hasher = PasswordHasher()
#: verified against when a name is unknown, so that the answer takes as long
_DUMMY = _hasher.hash(secrets.token_urlsafe(16))


def hash_session(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def csrf_token(session_token: str) -> str:
    """The CSRF token of a session (or of the pre-log-in cookie)."""
    return hmac.new(session_token.encode("utf-8", "replace"), b"railyard csrf",
                    hashlib.sha256).hexdigest()


def csrf_ok(session_token: str | None, given: Any) -> bool:
    return bool(session_token) and isinstance(given, str) and \
        hmac.compare_digest(csrf_token(session_token or ""), given)


def clean_name(name: Any) -> str:
    """The account name as stored (blanks collapsed), or :class:`ApiError` 400."""
    if not isinstance(name, str):
        raise ApiError(400, "bad_name", "The name must be text.")
    text = " ".join(name.split())
    if not text:
        raise ApiError(400, "bad_name", "Choose a name.")
    if len(text) > MAX_NAME:
        raise ApiError(400, "bad_name", f"A name has at most {MAX_NAME} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise ApiError(400, "bad_name", "A name may not hold control or unassigned "
                       "characters.")
    return text


def check_password(password: Any) -> str:
    if not isinstance(password, str):
        raise ApiError(400, "bad_password", "The password must be text.")
    if len(password) < MIN_PASSWORD:
        raise ApiError(400, "bad_password", f"A password has at least {MIN_PASSWORD} "
                       "characters.")
    if len(password) > MAX_PASSWORD:
        raise ApiError(400, "bad_password", f"A password has at most {MAX_PASSWORD} "
                       "characters.")
    if "\x00" in password:
        raise ApiError(400, "bad_password", "A password may not hold a NUL character.")
    return password


@dataclass
class Account:
    id: str
    name: str
    created: str
    disabled: bool = False
    settings: dict[str, Any] = field(default_factory=dict)


def _account(row: Any) -> Account:
    aid, name, created, disabled, settings = row
    try:
        prefs = json.loads(settings or "{}")
    except ValueError:
        prefs = {}
    return Account(aid, name, created, bool(disabled), prefs if isinstance(prefs, dict) else {})


_COLS = "id, name, created, disabled, settings"


class Accounts:
    """Accounts and sessions on a :class:`Storage`; ``login_rate``: attempts per name and
    minute (per client address: three times as many; 0 = no limit)."""

    def __init__(self, storage: Storage, login_rate: int | None = None) -> None:
        self.storage = storage
        self._cache: dict[str, tuple[float, Account]] = {}      # session hash -> account
        self._cache_lock = threading.Lock()
        if login_rate is None:
            login_rate = _env_int(os.environ, "RAILYARD_RATE_LOGIN", DEFAULT_LOGIN_RATE)
        self.login_rate = login_rate
        if not login_rate:
            self._by_name = self._by_client = None
        elif storage.is_postgres:
            self._by_name = SharedBuckets(storage, "login-name", login_rate)
            self._by_client = SharedBuckets(storage, "login-client", 3 * login_rate)
        else:
            self._by_name, self._by_client = Buckets(login_rate), Buckets(3 * login_rate)

    # ---- accounts ---------------------------------------------------------------------
    def create(self, name: Any, password: Any, client: str | None = None) -> Account:
        """A new account (400 for a bad name or password, 409 for a name taken).  With
        ``client`` the sign-up counts against that address's log-in bucket (a hash costs
        as much CPU as a log-in)."""
        if client is not None:
            self._limit(None, client)
        text = clean_name(name)
        pw_hash = _hasher.hash(check_password(password))
        acc = Account(secrets.token_hex(8), text, now_iso())
        try:
            with self.storage._tx() as tx:
                tx.execute("INSERT INTO ry_accounts (id, name, name_key, pw_hash, created) "
                           "VALUES (?,?,?,?,?)", (acc.id, text, name_key(text), pw_hash,
                                                  acc.created))
        except self.storage._integrity_errors():
            raise ApiError(409, "name_taken", f"The name {text!r} is taken; choose "
                           "another.") from None
        log.info("account created: %s", acc.id)
        return acc

    def get(self, account_id: str) -> Account | None:
        with self.storage._tx(write=False) as tx:
            r = tx.execute(f"SELECT {_COLS} FROM ry_accounts WHERE id = ?",
                           (account_id,)).fetchone()
        return _account(r) if r else None

    def by_name(self, name: Any) -> Account | None:
        if not isinstance(name, str) or not name.strip() or len(name) > 4 * MAX_NAME or \
                "\x00" in name:            # PostgreSQL cannot store NUL: no such name
            return None
        key = name_key(" ".join(name.split()))
        with self.storage._tx(write=False) as tx:
            r = tx.execute(f"SELECT {_COLS} FROM ry_accounts WHERE name_key = ?",
                           (key,)).fetchone()
        return _account(r) if r else None

    def names(self, ids: list[str]) -> dict[str, str]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self.storage._tx(write=False) as tx:
            rows = tx.execute(f"SELECT id, name FROM ry_accounts WHERE id IN ({marks})",
                              list(ids)).fetchall()
        return {a: n for a, n in rows}

    def list(self) -> list[tuple[Account, int, int]]:
        """Every account with its number of sessions and seats."""
        with self.storage._tx(write=False) as tx:
            rows = tx.execute(
                f"SELECT {_COLS}, (SELECT count(*) FROM ry_sessions s WHERE s.account_id = "
                "a.id), (SELECT count(*) FROM ry_seats t WHERE t.account_id = a.id) "
                "FROM ry_accounts a ORDER BY name_key").fetchall()
        return [(_account(r[:5]), int(r[5]), int(r[6])) for r in rows]

    def authenticate(self, name: Any, password: Any, client: str) -> Account:
        """The account whose name and password these are, or :class:`ApiError` (401 for a
        wrong name or password -- one message for both; 403 for a disabled account; 429
        when the name or the address tried too often)."""
        key = name_key(" ".join(name.split())) if isinstance(name, str) else ""
        self._limit(key[:200], client)
        if not isinstance(password, str) or len(password) > MAX_PASSWORD or \
                not isinstance(name, str) or len(name) > 4 * MAX_NAME or "\x00" in key:
            raise ApiError(401, "bad_login", "Wrong name or password.")
        with self.storage._tx(write=False) as tx:
            r = tx.execute(f"SELECT {_COLS}, pw_hash FROM ry_accounts WHERE name_key = ?",
                           (key,)).fetchone()
        stored = r[5] if r else _DUMMY
        try:
            _hasher.verify(stored, password)
            ok = r is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if not ok:
            raise ApiError(401, "bad_login", "Wrong name or password.")
        acc = _account(r[:5])
        if acc.disabled:
            raise ApiError(403, "disabled", "This account is disabled; ask the server's "
                           "admin.")
        if _hasher.check_needs_rehash(stored):
            self._store_hash(acc.id, _hasher.hash(password))
        return acc

    def _limit(self, key: str | None, client: str) -> None:
        """Every attempt counts against the name's bucket (``key``; None: none) and the
        address's."""
        wait = 0.0
        for buckets, who in ((self._by_name, "name:" + (key or "")), (self._by_client, client)):
            if buckets is None or (key is None and buckets is self._by_name):
                continue
            try:
                wait = max(wait, buckets.take(who))
            except Exception as exc:  # noqa: BLE001 - the database is away: do not refuse
                log.warning("log-in rate limit not checked (%s)", exc)
        if wait > 0:
            seconds = max(1, int(wait + 0.999))
            raise ApiError(429, "rate_limited", "Too many log-in attempts; try again in "
                           f"{seconds} s.", retry_after=seconds)

    def _store_hash(self, account_id: str, pw_hash: str) -> None:
        with self.storage._tx() as tx:
            tx.execute("UPDATE ry_accounts SET pw_hash = ? WHERE id = ?", (pw_hash, account_id))

    def change_password(self, account: Account, old: Any, new: Any, client: str,
                        keep_session: str | None = None) -> None:
        """A new password after the old one is given again; every other session ends."""
        self.authenticate(account.name, old, client)
        self._store_hash(account.id, _hasher.hash(check_password(new)))
        self.end_all(account.id, keep=keep_session)

    def reset_password(self, name: str, new: str) -> Account:
        """The admin's reset: a new password, every session ended."""
        acc = self._named(name)
        self._store_hash(acc.id, _hasher.hash(check_password(new)))
        self.end_all(acc.id)
        return acc

    # ---- password reset by e-mail ----------------------------------------------------------
    def reset_request(self, name: Any, client: str) -> tuple[Account, str, str] | None:
        """A reset link's token for the account of ``name`` when it has an e-mail address
        (``(account, address, token)``), else ``None``; counts against the log-in
        buckets.  Earlier links of the account stop working."""
        key = name_key(" ".join(name.split())) if isinstance(name, str) else ""
        self._limit(key[:200], client)
        acc = self.by_name(name)
        if acc is None or acc.disabled:
            return None
        email = (acc.settings.get("notify") or {}).get("email")
        if not email:
            return None
        token = secrets.token_urlsafe(32)
        with self.storage._tx() as tx:
            tx.execute("DELETE FROM ry_resets WHERE account_id = ?", (acc.id,))
            tx.execute("INSERT INTO ry_resets (token_hash, account_id, created) VALUES "
                       "(?,?,?)", (hash_session(token), acc.id, now_iso()))
        return acc, email, token

    def reset_account(self, token: Any) -> Account | None:
        """The account a reset link is for while it is valid (:data:`RESET_HOURS`)."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        with self.storage._tx(write=False) as tx:
            r = tx.execute("SELECT account_id, created FROM ry_resets WHERE token_hash = ?",
                           (hash_session(token),)).fetchone()
        if r is None:
            return None
        try:
            made = datetime.fromisoformat(r[1])
        except ValueError:
            return None
        if datetime.now(timezone.utc) - made > timedelta(hours=RESET_HOURS):
            return None
        acc = self.get(r[0])
        return acc if acc is not None and not acc.disabled else None

    def reset_with_link(self, token: Any, new: Any) -> Account:
        """A new password through a reset link (used once); every session ends."""
        acc = self.reset_account(token)
        if acc is None:
            raise ApiError(400, "bad_link", "This reset link is not valid (any more); ask "
                           "for a new one.")
        pw_hash = _hasher.hash(check_password(new))
        with self.storage._tx() as tx:
            cur = tx.execute("DELETE FROM ry_resets WHERE token_hash = ?",
                             (hash_session(token),))
            if cur.rowcount != 1:
                raise ApiError(400, "bad_link", "This reset link was used already.")
            tx.execute("UPDATE ry_accounts SET pw_hash = ? WHERE id = ?", (pw_hash, acc.id))
        self.end_all(acc.id)
        return acc

    def _named(self, name: str) -> Account:
        acc = self.by_name(name)
        if acc is None:
            raise ApiError(404, "unknown_account", f"There is no account {name!r}.")
        return acc

    def set_disabled(self, name: str, disabled: bool) -> Account:
        acc = self._named(name)
        self._forget(acc.id)
        with self.storage._tx() as tx:
            tx.execute("UPDATE ry_accounts SET disabled = ? WHERE id = ?",
                       (int(disabled), acc.id))
            if disabled:
                tx.execute("DELETE FROM ry_sessions WHERE account_id = ?", (acc.id,))
        return acc

    def delete(self, name: str) -> tuple[Account, int]:
        """Delete an account and its sessions; its seats stay in their games as
        private-link seats (the games lose nothing).  Returns the account and how many
        seats it held."""
        acc = self._named(name)
        self._forget(acc.id)
        with self.storage._tx() as tx:
            tx.execute("DELETE FROM ry_resets WHERE account_id = ?", (acc.id,))
            cur = tx.execute("UPDATE ry_seats SET account_id = NULL WHERE account_id = ?",
                             (acc.id,))
            seats = cur.rowcount
            tx.execute("DELETE FROM ry_sessions WHERE account_id = ?", (acc.id,))
            tx.execute("DELETE FROM ry_accounts WHERE id = ?", (acc.id,))
        return acc, seats

    def set_notify(self, account_id: str, notify: dict[str, Any]) -> None:
        """Store the account's notification settings (checked by
        ``notifications.check_settings``) in its settings."""
        with self.storage._tx() as tx:
            r = tx.execute("SELECT settings FROM ry_accounts WHERE id = ?",
                           (account_id,)).fetchone()
            try:
                prefs = json.loads(r[0] or "{}") if r else {}
            except ValueError:
                prefs = {}
            prefs = prefs if isinstance(prefs, dict) else {}
            prefs["notify"] = notify
            tx.execute("UPDATE ry_accounts SET settings = ? WHERE id = ?",
                       (json.dumps(prefs), account_id))

    # ---- sessions ---------------------------------------------------------------------
    def new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        stamp = now_iso()
        with self.storage._tx() as tx:
            tx.execute("INSERT INTO ry_sessions (id_hash, account_id, created, seen) VALUES "
                       "(?,?,?,?)", (hash_session(token), account.id, stamp, stamp))
        return token

    def cached(self, token: Any) -> Account | None:
        """The account of a session looked up less than :data:`SESSION_CACHE_SECONDS` ago
        (no database access: the event loop may ask), else ``None``."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        with self._cache_lock:
            got = self._cache.get(hash_session(token))
        return got[1] if got is not None and got[0] > time.monotonic() else None

    def session(self, token: Any) -> Account | None:
        """The (enabled) account of a session cookie, or ``None``."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        h = hash_session(token)
        now_m = time.monotonic()
        with self._cache_lock:
            got = self._cache.get(h)
        if got is not None and got[0] > now_m:
            return got[1]
        with self.storage._tx(write=False) as tx:
            r = tx.execute(f"SELECT a.id, a.name, a.created, a.disabled, a.settings, s.seen "
                           "FROM ry_sessions s JOIN ry_accounts a ON a.id = s.account_id "
                           "WHERE s.id_hash = ?", (h,)).fetchone()
        if r is None or r[3]:
            return None
        now = datetime.now(timezone.utc)
        try:
            seen = datetime.fromisoformat(r[5])
        except ValueError:
            seen = now - timedelta(days=SESSION_DAYS + 1)
        if now - seen > timedelta(days=SESSION_DAYS):
            self.end_session(token)
            return None
        if now - seen > SEEN_EVERY:
            with self.storage._tx() as tx:
                tx.execute("UPDATE ry_sessions SET seen = ? WHERE id_hash = ?", (now_iso(), h))
        acc = _account(r[:5])
        with self._cache_lock:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[h] = (now_m + SESSION_CACHE_SECONDS, acc)
        return acc

    def _forget(self, account_id: str | None = None, session_hash: str | None = None) -> None:
        """Drop cached sessions (of an account, or one session)."""
        with self._cache_lock:
            for h in [h for h, (_, a) in self._cache.items()
                      if h == session_hash or a.id == account_id]:
                del self._cache[h]

    def end_session(self, token: str) -> None:
        self._forget(session_hash=hash_session(token))
        with self.storage._tx() as tx:
            tx.execute("DELETE FROM ry_sessions WHERE id_hash = ?", (hash_session(token),))

    def end_all(self, account_id: str, keep: str | None = None) -> int:
        """End every session of an account (but ``keep``, a cookie); how many ended."""
        self._forget(account_id)
        with self.storage._tx() as tx:
            cur = tx.execute("DELETE FROM ry_sessions WHERE account_id = ? AND id_hash <> ?",
                             (account_id, hash_session(keep) if keep else ""))
            return cur.rowcount
