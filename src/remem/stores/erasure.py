"""Erasing a subject from a store, and proving it: the optional :class:`Erasure` part of the
store contract, and the scan for what was erased.

The engine (:mod:`remem.engine.erase`) decides what a subject is — its records, what was
derived from them, the scopes of its cache entries — and hands the store an
:class:`ErasePlan`. The store removes all of it in one transaction (:meth:`Erasure.erase`),
makes the freed space unreadable (:meth:`Erasure.scrub`) and then looks for every
:class:`Needles` — ids, texts, metadata values, vectors — in everything it keeps
(:meth:`Erasure.traces`): its files, byte by byte, where it has files; every table otherwise.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ahocorasick_rs
import numpy as np
from numpy.typing import NDArray

__all__ = [
    "VECTOR_BYTES",
    "ErasePlan",
    "Erasure",
    "Needles",
    "Traces",
    "count_in_files",
    "doomed_keys",
    "erase_scope_rows",
    "held",
    "key_grant_for",
    "scope_rows_left",
    "scope_where",
]

#: Scope patterns: (user, agent, session), None for any value.
ScopePattern = tuple[str | None, str | None, str | None]

#: A text is looked for in windows of this many bytes; shorter texts (and metadata values)
#: are looked for whole when at least :data:`MIN_NEEDLE` bytes long (a shorter one would be
#: found in anyone's data).
WINDOW = 32
MIN_NEEDLE = 12
#: A vector is looked for by its first bytes (float32, as stored): 16 dimensions.
VECTOR_BYTES = 64
#: Windows looked for per text: a document's first 64 KiB.
MAX_WINDOWS = 2048
_CHUNK = 8 << 20


@dataclass(frozen=True, slots=True)
class ErasePlan:
    """What a store removes for one subject, in one transaction.

    ``ids``: the records (the store takes their chunks along). ``scopes``: the (user, agent,
    session) patterns whose semantic-cache entries, scope-change rows and empty keyword
    statistics go. ``key_user`` / ``key_agent``: the API keys granted to exactly this one
    user (or agent) and nothing more go too. ``trash``: the subject's trashed memories
    (:mod:`remem.stores.trash`), by id."""

    ids: tuple[str, ...]
    scopes: tuple[ScopePattern, ...]
    key_user: str | None = None
    key_agent: str | None = None
    trash: tuple[str, ...] = ()


@dataclass(slots=True)
class Needles:
    """What must not be found once a subject is erased: the records' ids (and callers' ids),
    their texts and metadata values, their vectors, and the scopes no cache entry (and, with
    ``whole_scopes``, no record) may be left in."""

    ids: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    vectors: list[NDArray[np.float32]] = field(default_factory=list)
    scopes: list[ScopePattern] = field(default_factory=list)
    #: Whether the subject is its scopes whole (no namespace): then no record may remain in them.
    whole_scopes: bool = False

    def id_patterns(self) -> list[bytes]:
        return sorted({i.encode() for i in self.ids if len(i.encode()) >= MIN_NEEDLE})

    def content_patterns(self) -> list[bytes]:
        """The texts in windows (as stored, and as JSON escapes them) and each vector's first
        bytes (float32, as stored)."""
        found: set[bytes] = set()
        for text in self.texts:
            forms = {text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}
            for form in forms:
                found.update(_windows(form.encode("utf-8")))
        for vector in self.vectors:
            raw = np.ascontiguousarray(vector, dtype=np.float32).tobytes()[:VECTOR_BYTES]
            if len(raw) >= MIN_NEEDLE and any(raw):
                found.add(raw)
        return sorted(found)


@dataclass(slots=True)
class Traces:
    """What a scan found: where (a file, a table) and how many times; how many byte patterns
    it looked for; and how many it left out because data that remains holds them too (a
    phrase another user also wrote, the vector of an identical text)."""

    found: dict[str, int] = field(default_factory=dict)
    patterns: int = 0
    shared: int = 0


def _windows(raw: bytes) -> list[bytes]:
    if len(raw) < MIN_NEEDLE:
        return []
    if len(raw) <= WINDOW:
        return [raw]
    last = min(len(raw) - WINDOW, WINDOW * MAX_WINDOWS)
    return [raw[i : i + WINDOW] for i in range(0, last + 1, WINDOW)]


def held(patterns: Sequence[bytes], values: Iterable[bytes]) -> set[int]:
    """The indexes of ``patterns`` found in any of ``values``."""
    if not patterns:
        return set()
    matcher = ahocorasick_rs.BytesAhoCorasick(list(patterns))
    found: set[int] = set()
    for value in values:
        if value:
            found.update(i for i, _, _ in matcher.find_matches_as_indexes(value, overlapping=True))
    return found


class Erasure(ABC):
    """A store that can erase a subject from everything it keeps, and show that it did."""

    @abstractmethod
    def erase(self, plan: ErasePlan) -> dict[str, int]:
        """Remove what ``plan`` names in one transaction — all of it or, on any error,
        nothing — and return how many of each artifact went (``records``, ``cache_entries``,
        ``scope_changes``, ``keyword_scopes``, ``api_keys``, and the store's own)."""

    @abstractmethod
    def scrub(self) -> list[str]:
        """Make what earlier deletes freed unreadable where the store keeps it (rewrite the
        files, vacuum the tables); returns what was done, in words. Safe to call again."""

    @abstractmethod
    def traces(self, needles: Needles) -> Traces:
        """Where any of ``needles`` is still found. Ids and scopes are looked for in the rows;
        ids, texts and vectors in everything the store keeps (its files, where it has them),
        except the texts and vectors data that remains also holds (:attr:`Traces.shared`)."""


def count_in_files(paths: Iterable[Path], patterns: Sequence[bytes]) -> dict[str, int]:
    """Occurrences of any of ``patterns`` in each file, read raw (overlapping chunks, so a
    pattern across a chunk boundary is found once)."""
    if not patterns:
        return {}
    matcher = ahocorasick_rs.BytesAhoCorasick(list(patterns))
    overlap = max(len(p) for p in patterns) - 1
    found: dict[str, int] = {}
    for path in paths:
        hits = 0
        for seen, chunk in _chunks(path, overlap):
            # A match ending inside the bytes the chunk before also held was counted there.
            matches = matcher.find_matches_as_indexes(chunk, overlapping=True)
            hits += sum(1 for _, _, end in matches if end > seen)
        if hits:
            found[path.name] = hits
    return found


def _chunks(path: Path, overlap: int) -> Iterator[tuple[int, bytes]]:
    """The file in chunks, each after the first led by the last ``overlap`` bytes of the one
    before (so a pattern across a boundary is whole in one chunk); with how many leading bytes
    were already searched."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return
    with handle:
        tail = b""
        while block := handle.read(_CHUNK):
            yield len(tail), tail + block
            tail = (tail + block)[-overlap:] if overlap else b""


def scope_where(marks: str, *fields: tuple[str, str | None]) -> tuple[str, list[Any]]:
    """``a = ? AND b = ?`` (the driver's placeholder ``marks``) for the fields given a value,
    ``1 = 1`` when none is; and the values."""
    named = [(name, value) for name, value in fields if value is not None]
    clause = " AND ".join(f"{name} = {marks}" for name, _ in named)
    return clause or "1 = 1", [value for _, value in named]


def erase_scope_rows(conn: Any, marks: str, scopes: Sequence[ScopePattern]) -> dict[str, int]:
    """Inside the caller's transaction, delete the cache entries and scope-change rows of
    ``scopes``, and their keyword statistics left empty; how many of each."""
    counts = dict.fromkeys(("cache_entries", "scope_changes", "keyword_scopes", "cache_bounds"), 0)
    for user, agent, session in scopes:
        clause, params = scope_where(
            marks, ("user_id", user), ("agent_id", agent), ("session_id", session)
        )
        for table in ("cache_entries", "scope_changes"):
            counts[table] += conn.execute(f"DELETE FROM {table} WHERE {clause}", params).rowcount
        owner, values = scope_where(marks, ("user_id", user), ("agent_id", agent))
        counts["keyword_scopes"] += conn.execute(
            f"DELETE FROM keyword_scopes WHERE docs = 0 AND {owner}", values
        ).rowcount
        if session is None and values:  # a user's or agent's caches' learned bounds
            counts["cache_bounds"] += conn.execute(
                f"DELETE FROM cache_bounds WHERE {owner}", values
            ).rowcount
    return counts


def scope_rows_left(conn: Any, marks: str, needles: Needles) -> dict[str, int]:
    """Rows left in the subject's scopes that should be gone: cache entries (and, for a whole
    scope, records), by table."""
    found: dict[str, int] = {}
    tables = ("cache_entries", "memories", "trash") if needles.whole_scopes else ("cache_entries",)
    for user, agent, session in needles.scopes:
        clause, params = scope_where(
            marks, ("user_id", user), ("agent_id", agent), ("session_id", session)
        )
        for table in tables:
            (n,) = conn.execute(f"SELECT count(*) FROM {table} WHERE {clause}", params).fetchone()
            if n:
                key = f"{table} (subject's scope)"
                found[key] = found.get(key, 0) + int(n)
    return found


def doomed_keys(rows: Iterable[Sequence[str]], plan: ErasePlan) -> list[str]:
    """The key ids among (key id, grant JSON) rows that ``plan`` erases."""
    if plan.key_user is None and plan.key_agent is None:
        return []
    return [key for key, grant in rows if key_grant_for(grant, plan.key_user, plan.key_agent)]


def key_grant_for(grant_json: str, user: str | None, agent: str | None) -> bool:
    """Whether a stored key's grant is exactly the one user (or agent) being erased."""
    try:
        grant: dict[str, Any] = json.loads(grant_json)
    except ValueError:
        return False
    if grant.get("admin"):
        return False
    users, agents = list(grant.get("users") or []), list(grant.get("agents") or [])
    if user is not None:
        return users == [user] and (agent is None or agents in ([], [agent]))
    return agent is not None and agents == [agent] and not users
