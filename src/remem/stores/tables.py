"""The small tables beside a store's records, each an interface of its own: the semantic
cache's entries (and the scope changes that invalidate them), the servers' API keys, and what
language models cost. A backend implements them beside :class:`~remem.stores.base.RecordStore`;
:class:`~remem.stores.base.Store` is all four together.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["CacheTable", "KeyTable", "Scope", "Snapshots", "UsageTable"]

#: (user_id, agent_id, session_id); None is "no value" in a record and "any value" in a pattern.
Scope = tuple[str | None, str | None, str | None]


class CacheTable(ABC):
    """Semantic-cache entries, and the last change of each scope's memories."""

    @abstractmethod
    def changed_since(
        self, scope: Scope, since: float, *, kinds: Sequence[str] | None = None
    ) -> bool:
        """Whether a memory matching ``scope`` (of ``kinds``; None: any) was added, changed or
        deleted after ``since``."""

    @abstractmethod
    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        """Every scope's last change: (user, agent, session, kind, at), ``""`` for no value."""

    @abstractmethod
    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        """Set these scopes' last changes (a copy of a store keeps its source's)."""

    @abstractmethod
    def cache_put(
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
    def cache_names(self) -> list[str]:
        """The names of the caches holding entries."""

    @abstractmethod
    def cache_rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        """Entries past row ``after``: row id, scope, vector."""

    @abstractmethod
    def cache_state(self, name: str) -> tuple[int, int]:
        """(entries, largest row id) of one cache."""

    @abstractmethod
    def cache_entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        """Entries by row id: query, value, created_at, expires_at, last_hit_at, hits, scope."""

    @abstractmethod
    def cache_hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        """Count hits: (row id, how many, last at, new expiry or None to keep it)."""

    @abstractmethod
    def cache_delete(self, rowids: Sequence[int]) -> int: ...

    @abstractmethod
    def cache_victims(self, name: str, policy: str, count: int) -> list[int]:
        """The ``count`` entries ``policy`` (fifo, lru, lfu) evicts first."""

    @abstractmethod
    def cache_matching(
        self, name: str, scope: Scope | None, *, expired_at: float | None
    ) -> list[int]:
        """Entries in ``scope`` (None: all), or only those expired by ``expired_at``."""


class KeyTable(ABC):
    """API keys of the servers: only a hash of each secret is kept."""

    @abstractmethod
    def key_put(self, row: Mapping[str, Any]) -> None:
        """Store a new key: key_id, secret_hash, name, grant_json, created_at."""

    @abstractmethod
    def key_rows(self, key_id: str | None = None) -> list[dict[str, Any]]:
        """Every key (or the one ``key_id``), oldest first, revoked ones included."""

    @abstractmethod
    def key_revoke(self, key_id: str, at: float) -> bool:
        """Revoke a key; False when there is no such key or it was already revoked."""

    @abstractmethod
    def key_used(self, key_id: str, at: float) -> None: ...


class UsageTable(ABC):
    """Running totals of what language models cost, per feature."""

    @abstractmethod
    def add_llm_usage(self, feature: str, usage: Mapping[str, float]) -> None:
        """Add one call's spending (calls, prompt_tokens, completion_tokens, cost) to a
        feature's running totals."""

    @abstractmethod
    def llm_usage(self) -> dict[str, dict[str, float]]:
        """Running totals per feature."""


class Snapshots(ABC):
    """A store that can copy itself while in use (SQLite: its online backup). Optional: a
    store without it is backed up by ``export`` (or its server's own tools)."""

    @abstractmethod
    def backup(self, path: str | Path) -> dict[str, Any]:
        """Copy the store into ``path`` (a new or empty directory) as one consistent snapshot
        while writers keep writing; returns the backup's ``path``, ``records`` and
        ``size_bytes``."""
