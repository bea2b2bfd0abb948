"""The optional parts of the store contract, each an interface of its own: the semantic cache's
entries (and the scope changes that invalidate them), the servers' API keys, what language
models cost, snapshots, erasure, the audit log and the trash. A store offers a part by holding
an object that implements its interface in the part's attribute (``store.cache``,
``store.keys``, ``store.usage``, ``store.snapshots``, ``store.erasure``, ``store.audit``,
``store.trash``; None where it has none): parts, not base classes. :func:`capabilities` says
which parts a store offers, and :func:`offered` hands a caller the part it needs or an error
that says what to do instead.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import StoreError
from remem.stores.erasure import Erasure
from remem.stores.trash import Trash
from remem.trust.audit import AuditEvent

__all__ = [
    "AuditLog",
    "CacheTable",
    "Capability",
    "KeyTable",
    "Scope",
    "Snapshots",
    "UsageTable",
    "capabilities",
    "offered",
    "part",
    "require",
]

T = TypeVar("T")
#: (user_id, agent_id, session_id); None is "no value" in a record and "any value" in a pattern.
Scope = tuple[str | None, str | None, str | None]


class CacheTable(ABC):
    """Semantic-cache entries, and the last change of each scope's memories (which the store's
    record writes note). The abstract methods are the primitives; the others have defaults
    built on them, for a backend to override where its own query is faster."""

    def changed_since(
        self, scope: Scope, since: float, *, kinds: Sequence[str] | None = None
    ) -> bool:
        """Whether a memory matching ``scope`` (of ``kinds``; None: any) was added, changed or
        deleted after ``since``. By default a scan of :meth:`scope_changes`."""
        return any(
            at > since
            and (kinds is None or kind in kinds)
            and _within(scope, (user, agent, session))
            for user, agent, session, kind, at in self.scope_changes()
        )

    @abstractmethod
    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        """Every scope's last change: (user, agent, session, kind, at), ``""`` for no value."""

    @abstractmethod
    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        """Set these scopes' last changes (a copy of a store keeps its source's)."""

    @abstractmethod
    def put(
        self,
        name: str,
        entries: Sequence[tuple[Scope, str, str, NDArray[np.float32]]],
        *,
        created_at: float,
        expires_at: float | None,
    ) -> list[int]:
        """Store cache entries (scope, question, JSON value, vector) in one transaction;
        returns their row ids."""

    @abstractmethod
    def names(self) -> list[str]:
        """The names of the caches holding entries."""

    @abstractmethod
    def rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        """Entries past row ``after``: row id, scope, vector."""

    def state(self, name: str) -> tuple[int, int]:
        """(entries, largest row id) of one cache. By default from :meth:`rows`."""
        rows = self.rows(name)
        return len(rows), (rows[-1][0] if rows else 0)

    @abstractmethod
    def entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """Entries by row id, each a dict of ``query``, ``value`` (the JSON text stored),
        ``created_at``, ``expires_at``, ``last_hit_at`` (Unix seconds or None), ``hits`` and
        its scope as ``user_id``, ``agent_id``, ``session_id``; unknown row ids left out."""

    @abstractmethod
    def hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        """Count hits: (row id, how many, last at, new expiry or None to keep it)."""

    @abstractmethod
    def delete(self, rowids: Sequence[int]) -> int: ...

    @abstractmethod
    def bounds(self, name: str, owner: tuple[str, str]) -> bytes | None:
        """The learned error bound (:mod:`remem.memory_types.cache_bound`, as bytes) of one
        owner — (user, agent), ``""`` for none — of cache ``name``, or None."""

    @abstractmethod
    def set_bounds(self, name: str, states: Sequence[tuple[tuple[str, str], bytes]]) -> None:
        """Keep owners' learned bounds of cache ``name``, each replacing the one kept."""

    @abstractmethod
    def every_bound(self) -> list[tuple[str, tuple[str, str], bytes]]:
        """Every cache's learned bounds: (cache name, owner, bytes), in order (a copy of a
        store keeps them)."""

    def victims(self, name: str, policy: str, count: int) -> list[int]:
        """The ``count`` entries ``policy`` (fifo, lru, lfu) evicts first: oldest first, least
        recently hit (or made) first, or fewest hits first; ties by row id. By default sorted
        from :meth:`entries`."""
        entries = self.entries([row for row, _, _ in self.rows(name)])

        def order(row: int) -> tuple[float, ...]:
            entry = entries[row]
            last = entry["created_at"] if entry["last_hit_at"] is None else entry["last_hit_at"]
            return {
                "fifo": (entry["created_at"], row),
                "lru": (last, row),
                "lfu": (entry["hits"], last, row),
            }[policy]

        return sorted(entries, key=order)[:count]

    def matching(self, name: str, scope: Scope | None, *, expired_at: float | None) -> list[int]:
        """Entries in ``scope`` (None: all; a None in it: any value), or only those expired by
        ``expired_at``. By default from :meth:`rows` and :meth:`entries`."""
        rows = [row for row, held, _ in self.rows(name) if _within(scope, held)]
        if expired_at is None:
            return rows
        entries = self.entries(rows)
        return [
            row
            for row in rows
            if entries[row]["expires_at"] is not None and entries[row]["expires_at"] <= expired_at
        ]


def _within(pattern: Scope | None, scope: Sequence[str | None]) -> bool:
    """Whether ``scope`` matches ``pattern``, whose None is any value."""
    return pattern is None or all(
        want is None or want == have for want, have in zip(pattern, scope, strict=True)
    )


class KeyTable(ABC):
    """API keys of the servers: only a hash of each secret is kept."""

    @abstractmethod
    def put(self, row: Mapping[str, Any]) -> None:
        """Store a new key: key_id, secret_hash, name, grant_json, created_at."""

    @abstractmethod
    def rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        """Every key (or the one ``key_id``), oldest first, revoked ones included: each a dict
        of the fields :meth:`put` stored (``key_id``, ``secret_hash``, ``name``,
        ``grant_json``, ``created_at``) and ``revoked_at``, ``last_used_at`` (Unix seconds,
        None until revoked or used)."""

    @abstractmethod
    def revoke(self, key_id: str, at: float) -> bool:
        """Revoke a key; False when there is no such key or it was already revoked."""

    @abstractmethod
    def used(self, key_id: str, at: float) -> None: ...


class UsageTable(ABC):
    """Running totals of what language models cost, per feature."""

    @abstractmethod
    def add(self, feature: str, usage: Mapping[str, float]) -> None:
        """Add one call's spending (calls, prompt_tokens, completion_tokens, cost) to a
        feature's running totals."""

    @abstractmethod
    def totals(self) -> dict[str, dict[str, float]]:
        """Running totals per feature."""


class Snapshots(ABC):
    """A store that can copy itself while in use (SQLite: its online backup). Optional: a
    store without it is backed up by ``export`` (or its server's own tools)."""

    @abstractmethod
    def backup(self, path: str | Path) -> dict[str, Any]:
        """Copy the store into ``path`` (a new or empty directory) as one consistent snapshot
        while writers keep writing; returns the backup's ``path``, ``records`` and
        ``size_bytes``."""


class AuditLog(ABC):
    """The audit log (:mod:`remem.trust.audit`): the store writes an event in the transaction of
    each change it records; these read the events back."""

    @abstractmethod
    def key(self, conn: Any = None) -> bytes:
        """The store's own random key, under which the log keeps ids as keyed hashes (read on
        ``conn``, a connection of the store's, when given)."""

    @abstractmethod
    def events(
        self,
        *,
        chains: Sequence[str] | None = None,
        after: int = 0,
        limit: int | None = None,
        order: str = "written",
    ) -> list[AuditEvent]:
        """Events, each with its ``seq``: of ``chains`` (None: all), past ``after``, at most
        ``limit``, in ``order`` (``written``, ``newest`` first, or by ``chain`` and number)."""

    @abstractmethod
    def heads(self) -> dict[str, tuple[int, str]]:
        """Each chain's last event: (number, hash)."""


class Capability(StrEnum):
    """An optional part of the store contract: a store offers it by holding an implementation
    of its interface (:data:`INTERFACES`) in the attribute of the same name
    (:attr:`attribute`)."""

    #: :class:`CacheTable`: semantic-cache entries, and when each scope's memories changed.
    CACHE = "cache"
    #: :class:`KeyTable`: the servers' API keys.
    KEYS = "keys"
    #: :class:`UsageTable`: what language models cost, per feature.
    USAGE = "usage"
    #: :class:`Snapshots`: a consistent copy of the store while it is in use.
    SNAPSHOTS = "snapshots"
    #: :class:`~remem.stores.erasure.Erasure`: a subject erased in one transaction, the freed
    #: space scrubbed, and a scan showing nothing of it is left.
    ERASE = "erase"
    #: :class:`AuditLog`: every change an event, hash-chained per tenant.
    AUDIT = "audit"
    #: :class:`~remem.stores.trash.Trash`: deletes kept whole for a while, to be restored.
    TRASH = "trash"

    @property
    def attribute(self) -> str:
        """The store's attribute that holds this part (``store.erasure`` for ERASE)."""
        return "erasure" if self is Capability.ERASE else self.value


#: The interface that offers each capability.
INTERFACES: dict[Capability, type[ABC]] = {
    Capability.CACHE: CacheTable,
    Capability.KEYS: KeyTable,
    Capability.USAGE: UsageTable,
    Capability.SNAPSHOTS: Snapshots,
    Capability.ERASE: Erasure,
    Capability.AUDIT: AuditLog,
    Capability.TRASH: Trash,
}

#: What a caller without a capability can do instead.
_INSTEAD = {
    Capability.CACHE: "use a store that keeps a semantic cache (SQLite, PostgreSQL)",
    Capability.KEYS: "serve without API keys, or from a store that keeps them",
    Capability.USAGE: "keep the totals elsewhere",
    Capability.SNAPSHOTS: "use export()",
    Capability.ERASE: "delete the records, then clean the backend's files with its own tools",
    Capability.AUDIT: "keep the backend's own change log",
    Capability.TRASH: "delete for good (Memory.delete) instead of to the trash",
}


def part(store: object, capability: Capability) -> Any:
    """The object ``store`` holds for ``capability``, or None."""
    return getattr(store, capability.attribute, None)


def capabilities(store: object) -> frozenset[Capability]:
    """The optional parts ``store`` offers: the attributes it holds a part in (each an instance
    of the capability's interface)."""
    return frozenset(c for c in Capability if isinstance(part(store, c), INTERFACES[c]))


def offered(store: object, interface: type[T], purpose: str) -> T:
    """``store``'s part for ``interface`` (one of :data:`INTERFACES`), or the error of
    :func:`require` for ``purpose``: a caller's typed handle on an optional part."""
    capability = next(c for c, known in INTERFACES.items() if known is interface)
    require(store, capability, purpose)
    found = part(store, capability)
    assert isinstance(found, interface)
    return found


def require(store: object, capability: Capability, purpose: str) -> None:
    """Refuse ``purpose`` (what the caller was about to do) on a store without
    ``capability``, with a :class:`~remem.core.errors.StoreError` that says what to do instead."""
    if not isinstance(part(store, capability), INTERFACES[capability]):
        raise StoreError(
            f"{type(store).__name__} has no {capability.value} ({INTERFACES[capability].__name__})"
            f" for {purpose}: {_INSTEAD[capability]}"
        )
