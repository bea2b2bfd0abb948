"""The narrow door of the engine: what memory types (and the LLM steps they run) call.

:class:`~remem.memory_types` policies annotate :class:`EngineAPI`, not :class:`Engine`, so they
depend on these names only and mypy says which new one a change reaches for. ``Engine`` (and
so ``Memory`` and every scoped view) satisfies it; so would a wrapper that offers only these.
The signatures are the engine's own, held to it by a test (tests/test_public_api.py compares
each, annotations evaluated), and mypy checks each ``ChatMemory(memory, ...)`` call against
them.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, Unpack

import numpy as np
from numpy.typing import NDArray

from remem.core.limits import Limits
from remem.core.records import MemoryFields, MemoryRecord, SearchHit, SearchMode, Tags
from remem.core.validate import TimeLike
from remem.embedders import Embedder
from remem.retrieval.config import RetrievalConfig, RetrievalOptions
from remem.stores import RecordStore
from remem.text.chunking import ChunkStrategy
from remem.trust.access import Grant

__all__ = ["EngineAPI"]


class EngineAPI(Protocol):
    """A memory as its memory types see it: records in and out, search, vectors, and the
    store, grant and limits they are kept in (see :class:`~remem.engine.Engine`)."""

    @property
    def store(self) -> RecordStore: ...

    @property
    def embedder(self) -> Embedder: ...

    @property
    def grant(self) -> Grant: ...

    @property
    def limits(self) -> Limits: ...

    #: The user this memory acts for (None: the application): whose trust its reads judge.
    principal: str | None

    def add(
        self,
        text: str,
        *,
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        upsert: bool = False,
        **fields: Unpack[MemoryFields],
    ) -> MemoryRecord: ...

    def add_many(
        self,
        items: Iterable[Mapping[str, Any] | str],
        *,
        embeddings: NDArray[np.floating] | None = None,
        progress: bool | None = None,
        upsert: bool = False,
    ) -> builtins.list[MemoryRecord]: ...

    def add_document(
        self,
        text: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        created_at: TimeLike | None = None,
        importance: float | None = None,
        kind: str = "document",
        strategy: ChunkStrategy = "tokens",
        chunk_size: int | None = None,
        chunk_overlap: int | None = None,
        progress: bool | None = None,
        **tags: Unpack[Tags],
    ) -> MemoryRecord: ...

    def update(
        self,
        id: str,
        *,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        importance: float | None = None,
        kind: str | None = None,
        role: str | None = None,
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        expires_at: TimeLike | None = None,
        ttl: float | None = None,
    ) -> MemoryRecord: ...

    def delete(self, ids: str | Sequence[str], *, recoverable: bool = False) -> int: ...

    def get(self, id: str) -> MemoryRecord: ...

    def get_many(self, ids: Sequence[str]) -> builtins.list[MemoryRecord]: ...

    def list(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 100,
        offset: int = 0,
        order: str = "created_at",
        namespace: Sequence[str] | None = None,
    ) -> builtins.list[MemoryRecord]: ...

    def list_all(self, *, page: int = 1000, **criteria: Any) -> builtins.list[MemoryRecord]: ...

    def search(
        self,
        query: str | None = None,
        *,
        k: int = 10,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        mode: SearchMode = "hybrid",
        vector: Sequence[float] | NDArray[np.floating] | None = None,
        now: TimeLike | None = None,
        touch: bool = True,
        config: RetrievalConfig | None = None,
        namespace: Sequence[str] | None = None,
        min_score: float | None = None,
        **options: Unpack[RetrievalOptions],
    ) -> builtins.list[SearchHit]: ...

    def embed(
        self, texts: builtins.list[str], *, progress: bool = False, embedder: Embedder | None = None
    ) -> NDArray[np.float32]: ...

    def query_vector(self, query: str | None, vector: Any = None) -> NDArray[np.float32]: ...
