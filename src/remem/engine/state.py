"""What a memory and its scoped views share: one :class:`EngineState`.

A view is this state plus a grant (:meth:`remem.engine.Engine.scoped`). Everything a view
must share is a field here, named, so a new one cannot be silently copied per view (as
``copy.copy`` of the engine did: a view made before a re-embed kept the old embedder).
"""

from __future__ import annotations

import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from remem.core.errors import InvalidInputError, TooManyRequestsError
from remem.core.filters import Filter
from remem.core.limits import Limits
from remem.core.records import MemoryRecord
from remem.embedders import Embedder
from remem.retrieval.config import RetrievalConfig
from remem.retrieval.retriever import Retriever
from remem.stores import RecordStore

__all__ = ["AccessBuffer", "Allowance", "EngineSettings", "EngineState"]


class Touchable(Protocol):
    """Where pending accesses are written: a store's ``touch``."""

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool: ...


class AccessBuffer(Protocol):
    """What the engine asks of its buffer of pending access statistics
    (:class:`remem.engine.deferred.Touches`, built in one place: :class:`~remem.engine.Engine`)."""

    def add(self, ids: Sequence[str], at: float) -> None:
        """One access of each of ``ids`` at ``at`` (Unix seconds)."""

    def due(self) -> bool:
        """Whether a search should write the pending accesses now."""

    def flush(self, store: Touchable, *, wait: bool = True) -> None:
        """Write the pending accesses in one transaction (``wait=False``: not while another
        writer holds the store's write lock)."""

    def read(self, fetch: Callable[[], list[MemoryRecord]]) -> list[MemoryRecord]:
        """``fetch()``'s records, with the pending accesses added to their statistics."""


@dataclass(frozen=True, slots=True)
class EngineSettings:
    """A memory's settings, fixed when it opens: checked here, once."""

    #: ``auto`` (a bar when stderr is a terminal), ``on`` or ``off``.
    progress: str
    #: Default settings of every search; a call may override any field (None: the defaults,
    #: with the embedder's fusion weight).
    retrieval: RetrievalConfig | None
    #: A text longer than this many tokens also gets vectors of its overlapping windows.
    part_tokens: int
    part_overlap: int
    #: What one call may ask (text sizes, filter shapes, batch sizes): see remem.core.limits.
    limits: Limits
    #: Days a recoverable delete stays in the trash (:mod:`remem.stores.trash`).
    trash_days: float = 30.0

    def __post_init__(self) -> None:
        part_tokens, part_overlap = self.part_tokens, self.part_overlap
        if part_tokens < 0 or 0 < part_tokens < 16:
            raise InvalidInputError(f"part_tokens must be 0 (off) or at least 16: {part_tokens}")
        if part_tokens and not 0 <= part_overlap < part_tokens:
            raise InvalidInputError(
                f"part_overlap must be in [0, part_tokens): {part_overlap}, {part_tokens}"
            )
        if not (isinstance(self.trash_days, int | float) and 0 <= self.trash_days <= 36_500):
            raise InvalidInputError(f"trash_days must be from 0 to 36500: {self.trash_days!r}")
        if not isinstance(self.limits, Limits):
            name = type(self.limits).__name__
            raise InvalidInputError(f"limits must be a remem.Limits, got {name}")

    def show_progress(self, explicit: bool | None) -> bool:
        """Whether long work shows a progress bar: ``explicit`` when given, else ``progress``
        (``auto``: when stderr is a terminal)."""
        if explicit is not None:
            return explicit
        if self.progress == "auto":
            return sys.stderr.isatty()
        return self.progress == "on"


class Allowance:
    """How often each caller may do a costly act: at most ``limit`` times in any ``window``
    seconds, counted in this process (thread-safe)."""

    def __init__(self, window: float = 3600.0) -> None:
        self.window = window
        self._done: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def take(self, caller: str, limit: int, what: str) -> None:
        """Count one act of ``caller``, or raise :class:`TooManyRequestsError` saying when it
        may ask again when it already did ``limit`` in the window."""
        at = time.monotonic()
        with self._lock:
            done = self._done.setdefault(caller, deque())
            while done and done[0] <= at - self.window:
                done.popleft()
            if len(done) >= limit:
                wait = int(done[0] + self.window - at) + 1
                raise TooManyRequestsError(
                    f"{what}: at most {limit} an hour for a tenant (limit "
                    f"max_tenant_forgets_per_hour); try again in {wait} s"
                )
            done.append(at)


@dataclass(eq=False)
class EngineState:
    """The store, embedder, retriever, pending accesses, lock and settings of one memory,
    shared by every scoped view of it."""

    store: RecordStore
    #: Swapped by a re-embed, for the memory and all its views at once.
    embedder: Embedder
    settings: EngineSettings
    #: Pending access statistics: a search writes none (docs/architecture.md, "Search").
    touches: AccessBuffer
    #: Held around every write of vectors, so a re-embed swaps the embedder between writes.
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: Whether the store's embedder signature was checked before a search (once per memory).
    checked_signature: bool = False
    #: Whether the store is new and its model the default, to be settled by its first write
    #: (:mod:`remem.engine.model_choice`).
    choosing: bool = False
    #: Runs each search's stages; reads records through :meth:`read` (pending accesses shown).
    retriever: Retriever = field(init=False)
    #: The erasures each tenant asked for lately (``Limits.max_tenant_forgets_per_hour``).
    forgets: Allowance = field(default_factory=Allowance)

    def __post_init__(self) -> None:
        self.retriever = Retriever(self.store, self.read)

    def read(self, ids: Sequence[str], where: Filter | None) -> list[MemoryRecord]:
        """The records ``ids`` under ``where``, as the store holds them plus pending accesses."""
        return self.touches.read(lambda: self.store.get(ids, where))
