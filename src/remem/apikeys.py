"""API keys for the servers, and what each key may touch (its :class:`Grant`).

A key is ``rk_<key id>_<secret>``. The store keeps the key id, a SHA-256 of the secret (keys are
random 192-bit strings, so a fast hash is enough: there is nothing to brute-force), a name and
the grant. The secret is shown once, when the key is made.

A key's grant (:class:`remem.trust.access.Grant`) is admin or a tenant's users and/or agents; the
engine applies it (``Memory.scoped``), so no face that serves a key can forget it.

A server checks keys against the ring **in memory**, never with a round trip to the database
per request: the first check reads every key, and a thread of the ring's reads them again
every ``refresh`` seconds (:data:`REFRESH_EVERY`, 1 s). So a key revoked by another process
(``remem keys revoke`` elsewhere) stops working within ``refresh`` seconds plus one read of
the key table; one revoked (or erased with its user, ``forget``) through the same store handle
in this process, at once (:func:`keys_changed`). While the database cannot be read (its
PostgreSQL primary is down), keys are checked against the last read — no key can be revoked
meanwhile, since revoking writes to the primary — and requests served by replicas go on.
A key's ``last_used_at`` is written by that thread too, at most once a minute a key.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from remem.core.errors import AuthenticationError, InvalidInputError, NotFoundError, StoreError
from remem.core.timeutil import from_epoch, now
from remem.stores.tables import Capability, KeyTable, offered, part
from remem.trust.access import Grant

__all__ = ["REFRESH_EVERY", "KeyInfo", "KeyRing", "keys_changed", "presented_key"]

log = logging.getLogger("remem.keys")
#: Seconds between two reads of the key table by a ring that checks keys: the bound on how
#: long a key revoked by another process keeps working here.
REFRESH_EVERY = 1.0
#: An id the last read did not hold makes the ring read the keys again at most this often.
_UNKNOWN_EVERY = 0.1
#: Per store handle, how many times keys were written through this process.
_CHANGES: weakref.WeakKeyDictionary[object, int] = weakref.WeakKeyDictionary()
_CHANGES_LOCK = threading.Lock()


def keys_changed(store: object) -> None:
    """Keys of ``store`` were written in this process (made, revoked, erased with the one user
    they served): every ring over it reads them again before its next check."""
    with _CHANGES_LOCK:
        _CHANGES[store] = _CHANGES.get(store, 0) + 1


def _changes(store: object) -> int:
    with _CHANGES_LOCK:
        return _CHANGES.get(store, 0)


_KEY = re.compile(r"^rk_([0-9a-f]{12})_([0-9a-f]{48})$")
#: Seconds between two writes of a key's ``last_used_at`` (a write per request would cost a sync).
_USED_EVERY = 60.0


@dataclass(frozen=True, slots=True)
class KeyInfo:
    """A key as listed: never its secret."""

    key_id: str
    name: str
    grant: Grant
    created_at: datetime
    revoked_at: datetime | None = None
    last_used_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key_id": self.key_id,
            "name": self.name,
            **self.grant.to_dict(),
            "created_at": self.created_at.isoformat(),
            "revoked_at": self.revoked_at.isoformat() if self.revoked_at else None,
            "last_used_at": self.last_used_at.isoformat() if self.last_used_at else None,
        }


class KeyRing:
    """The keys of one store: make, list, revoke, and check a presented key."""

    def __init__(self, store: object, *, refresh: float = REFRESH_EVERY) -> None:
        """``store``: a store with a key table (an optional part of the store contract); one
        without holds no keys — listing them finds none, making one says why it cannot.
        ``refresh``: seconds between two reads of the keys while this ring checks them."""
        self.store = store
        self.refresh = refresh
        self._used: dict[str, float] = {}  # key id -> when its use was last written
        self._pending: dict[str, float] = {}  # key id -> its last use, not yet written
        self._lock = threading.Lock()
        #: Every key by id, as last read (None before the first check), and when.
        self._known: dict[str, dict[str, Any]] | None = None
        self.read_at = 0.0
        self._seen = -1  # keys_changed() count of the last read
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None

    def _table(self, purpose: str) -> KeyTable:
        return offered(self.store, KeyTable, purpose)  # type: ignore[type-abstract]

    def _rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        table = part(self.store, Capability.KEYS)
        return [] if table is None else table.rows(key_id)

    def create(
        self,
        name: str,
        *,
        admin: bool = False,
        users: Sequence[str] = (),
        agents: Sequence[str] = (),
    ) -> tuple[str, KeyInfo]:
        """A new key: the secret string (shown once) and its listing."""
        if not isinstance(name, str) or not name.strip():
            raise InvalidInputError("a key needs a name (who or what uses it)")
        grant = Grant(admin=admin, users=tuple(users), agents=tuple(agents))
        key_id, secret = secrets.token_hex(6), secrets.token_hex(24)
        self._table("an API key").put(
            {
                "key_id": key_id,
                "secret_hash": _hash(secret),
                "name": name.strip(),
                "grant_json": json.dumps(grant.to_dict()),
                "created_at": now(),
            }
        )
        keys_changed(self.store)
        return f"rk_{key_id}_{secret}", self.get(key_id)

    def get(self, key_id: str) -> KeyInfo:
        rows = self._rows(key_id)
        if not rows:
            raise NotFoundError(f"no API key {key_id!r}")
        return _info(rows[0])

    def list(self) -> list[KeyInfo]:
        return [_info(row) for row in self._rows()]

    def active(self) -> bool:
        """Whether any key is in force (the server then requires one on every request)."""
        return any(row["revoked_at"] is None for row in self._rows())

    def revoke(self, key_id: str) -> KeyInfo:
        """Revoke a key (by its id, or the whole key string); it stops working at once in this
        process, within ``refresh`` seconds in others."""
        match = _KEY.match(key_id)
        key_id = match.group(1) if match else key_id
        at = now()
        if not self._table("revoking an API key").revoke(key_id, at):
            info = self.get(key_id)  # raises NotFoundError when there is no such key
            raise InvalidInputError(f"API key {info.key_id!r} is already revoked")
        with self._lock:  # this ring at once, even if it cannot read the keys again now
            if self._known is not None and key_id in self._known:
                self._known[key_id] = {**self._known[key_id], "revoked_at": at}
        keys_changed(self.store)
        return self.get(key_id)

    @staticmethod
    def key_id_of(token: str | None) -> str | None:
        """The id part of a presented key (``rk_<id>_...``), or None if it has none."""
        match = _KEY.match(token.strip()) if token else None
        return match.group(1) if match else None

    def authenticate(self, token: str | None) -> Grant:
        """The grant of a presented key; :class:`AuthenticationError` if it is not a live key."""
        if not token:
            raise AuthenticationError(
                "this server needs an API key: send 'Authorization: Bearer rk_...' "
                "(make one with `remem keys create`)"
            )
        match = _KEY.match(token.strip())
        row = self._known_key(match.group(1)) if match else None
        if (
            not match
            or row is None
            or not hmac.compare_digest(row["secret_hash"], _hash(match.group(2)))
        ):
            raise AuthenticationError("unknown API key")
        if row["revoked_at"] is not None:
            raise AuthenticationError("this API key was revoked")
        self._note_use(match.group(1))
        return Grant.from_dict(json.loads(row["grant_json"]))

    def close(self) -> None:
        """Stop reading the keys in the background (the last uses are written first)."""
        self._closed.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(5)
        self._write_uses()

    # -- the keys in memory ------------------------------------------------------------------------
    def _known_key(self, key_id: str) -> dict[str, Any] | None:
        """The key ``key_id`` as last read: the first call reads them all (and starts the
        thread that reads them again every ``refresh`` seconds); a key made since the last
        read is looked up at once."""
        with self._lock:
            known = self._known
        if known is None:
            self._reload()
            self._start()
        elif self._seen != _changes(self.store):
            with contextlib.suppress(StoreError):  # unreachable now: the last read stands
                self._reload()
        with self._lock:
            known = self._known or {}
        row = known.get(key_id)
        if row is None and time.monotonic() - self.read_at >= _UNKNOWN_EVERY:
            try:  # a key made elsewhere a moment ago; at most 10 reads a second for unknown ids
                self._reload()
            except Exception:  # the store unreachable: an unknown key stays unknown
                return None
            with self._lock:
                row = (self._known or {}).get(key_id)
        return row

    def _reload(self) -> None:
        seen = _changes(self.store)
        rows = {row["key_id"]: row for row in self._rows()}
        with self._lock:
            self._known, self.read_at, self._seen = rows, time.monotonic(), seen

    def _start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(
                target=_refresh, args=(weakref.ref(self),), name="remem-keys", daemon=True
            )
        self._thread.start()

    def _note_use(self, key_id: str) -> None:
        at = now()
        with self._lock:
            if at - self._used.get(key_id, 0.0) < _USED_EVERY:
                return
            self._used[key_id] = at
            self._pending[key_id] = at

    def _write_uses(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, {}
        for key_id, at in pending.items():
            try:
                self._table("an API key's last use").used(key_id, at)
            except Exception as exc:  # a last use is worth no failure: dropped, said once
                log.info("API key %s: its last use not written (%s)", key_id, exc)


def _refresh(ring: weakref.ref[KeyRing]) -> None:
    """The ring's thread: every ``refresh`` seconds, its last uses written and its keys read
    again (a failed read keeps the last one); ends with the ring."""
    while True:
        me = ring()
        if me is None or me._closed.wait(me.refresh):
            return
        me._write_uses()
        try:
            me._reload()
        except Exception as exc:  # the store unreachable: the last read stands
            log.debug("API keys not read again (%s); checking against the last read", exc)
        del me


def presented_key(headers: Mapping[str, str]) -> str | None:
    """The API key a request's headers carry: ``Authorization: Bearer rk_...`` or
    ``X-API-Key: rk_...`` (header names in any case)."""
    lowered = {name.lower(): value for name, value in headers.items()}
    auth = lowered.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return lowered.get("x-api-key")


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _info(row: Mapping[str, Any]) -> KeyInfo:
    return KeyInfo(
        key_id=row["key_id"],
        name=row["name"],
        grant=Grant.from_dict(json.loads(row["grant_json"])),
        created_at=datetime.fromtimestamp(row["created_at"], UTC),
        revoked_at=from_epoch(row["revoked_at"]),
        last_used_at=from_epoch(row["last_used_at"]),
    )
