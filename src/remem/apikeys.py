"""API keys for the servers, and what each key may touch (its :class:`Grant`).

A key is ``rk_<key id>_<secret>``. The store keeps the key id, a SHA-256 of the secret (keys are
random 192-bit strings, so a fast hash is enough: there is nothing to brute-force), a name and
the grant. The secret is shown once, when the key is made.

A key's grant (:class:`remem.access.Grant`) is admin or a tenant's users and/or agents; the
engine applies it (``Memory.scoped``), so no face that serves a key can forget it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from remem.access import Grant
from remem.errors import AuthenticationError, InvalidInputError, NotFoundError
from remem.stores.tables import KeyTable, offered
from remem.timeutil import from_epoch, now

__all__ = ["KeyInfo", "KeyRing", "presented_key"]

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

    def __init__(self, store: object) -> None:
        """``store``: a store with a key table (an optional part of the store contract); one
        without holds no keys — listing them finds none, making one says why it cannot."""
        self.store = store
        self._used: dict[str, float] = {}
        self._lock = threading.Lock()

    def _table(self, purpose: str) -> KeyTable:
        return offered(self.store, KeyTable, purpose)  # type: ignore[type-abstract]

    def _rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        if not isinstance(self.store, KeyTable):
            return []
        return self.store.key_rows(key_id)

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
        self._table("an API key").key_put(
            {
                "key_id": key_id,
                "secret_hash": _hash(secret),
                "name": name.strip(),
                "grant_json": json.dumps(grant.to_dict()),
                "created_at": now(),
            }
        )
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
        """Revoke a key (by its id, or the whole key string); it stops working at once."""
        match = _KEY.match(key_id)
        key_id = match.group(1) if match else key_id
        if not self._table("revoking an API key").key_revoke(key_id, now()):
            info = self.get(key_id)  # raises NotFoundError when there is no such key
            raise InvalidInputError(f"API key {info.key_id!r} is already revoked")
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
        rows = self._rows(match.group(1)) if match else []
        if (
            not match
            or not rows
            or not hmac.compare_digest(rows[0]["secret_hash"], _hash(match.group(2)))
        ):
            raise AuthenticationError("unknown API key")
        if rows[0]["revoked_at"] is not None:
            raise AuthenticationError("this API key was revoked")
        self._note_use(match.group(1))
        return Grant.from_dict(json.loads(rows[0]["grant_json"]))

    def _note_use(self, key_id: str) -> None:
        at = now()
        with self._lock:
            if at - self._used.get(key_id, 0.0) < _USED_EVERY:
                return
            self._used[key_id] = at
        self._table("an API key's last use").key_used(key_id, at)


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
