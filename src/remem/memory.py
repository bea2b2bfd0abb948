"""The Python API: :func:`open` gives a :class:`Memory` over a store and an embedder.

``Memory`` is the front door: the :class:`~remem.engine.Engine`'s operations, plus the memory
types made over it (:meth:`Memory.chat`, :meth:`~Memory.cache`, :meth:`~Memory.keyvalue`,
:meth:`~Memory.stream`, :meth:`~Memory.facts`) and files in and out (:meth:`~Memory.export`,
:meth:`~Memory.import_`). ``AsyncMemory`` runs the same methods in a worker thread, so the two
can never drift apart (a parity test checks they agree).
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Coroutine, Mapping, Sequence
from contextlib import AbstractContextManager
from os import PathLike
from pathlib import Path
from typing import Any, Generic, ParamSpec, Self, TypeVar, overload

from remem import transfer
from remem.core.errors import InvalidInputError
from remem.core.limits import Limits
from remem.core.records import ErasureReceipt
from remem.core.settings import Settings
from remem.embedders import DEFAULT_EMBEDDER, Embedder, get_embedder
from remem.engine import Engine
from remem.memory_types.cache import CacheEvent, SemanticCache
from remem.memory_types.chat import ChatMemory
from remem.memory_types.facts import FactMemory
from remem.memory_types.keyvalue import KeyValueMemory
from remem.memory_types.stream import MemoryStream
from remem.retrieval.config import RetrievalConfig
from remem.stores import RecordStore, open_store
from remem.stores.base import reading_after
from remem.trust.access import Grant

__all__ = ["AsyncMemory", "Memory", "open"]

P = ParamSpec("P")
R = TypeVar("R")


def open(
    path: str | Path | None = None,
    *,
    embedder: str | Embedder | None = None,
    settings: Settings | None = None,
    retrieval: RetrievalConfig | None = None,
    limits: Limits | None = None,
    store_options: Mapping[str, Any] | None = None,
    **options: Any,
) -> Memory:
    """Open (or create) a memory store.

    ``path`` is a directory (created if missing), ``":memory:"``, or a store URL
    (``sqlite:PATH``, ``postgresql://user@host/db``; see :func:`remem.stores.open_store`);
    without it, ``$REMEM_STORE`` (or ``$REMEM_STORE_URL``) or the
    default data directory. ``embedder`` is a ``"provider:model"`` name or an instance; without
    it, the embedder the store was built with, or the bundled ``local:minilm``. ``retrieval``
    sets the default of every search (e.g. ``remem.AGENT_RETRIEVAL``). ``limits`` bounds what
    one call may ask (:class:`~remem.core.limits.Limits`; default: the ``max_*`` settings, i.e.
    ``REMEM_MAX_*`` variables, else the documented defaults). ``store_options`` go to the
    store's backend (PostgreSQL: ``max_connections``, ``index_memory``, ``ef_search``, ...;
    see :class:`~remem.stores.postgres.PostgresStore`). ``replicas`` (PostgreSQL): URLs of
    streaming standbys that answer reads and searches (docs/scaling.md). ``key`` (or
    ``$REMEM_KEY``) opens, or creates, an encrypted SQLite store (docs/privacy.md). Other
    keyword arguments override :class:`~remem.core.settings.Settings` fields. A store object of
    your own goes to :class:`Memory` itself (``remem.Memory(store, embedder)``).
    """
    if path is not None and not isinstance(path, str | PathLike):
        raise InvalidInputError(
            f"remem.open takes a path or a store URL, not {type(path).__name__}; "
            "a store object goes to remem.Memory(store, embedder)"
        )
    settings = settings or Settings.load(
        store=str(path) if path is not None else None,
        embedder=embedder if isinstance(embedder, str) else None,
        **options,
    )
    store = open_store(
        settings.store,
        busy_timeout=settings.busy_timeout,
        synchronous=settings.synchronous,
        **(
            {"exact_search_limit": settings.exact_search_limit}
            if settings.exact_search_limit
            else {}
        ),
        **({"key": settings.key} if settings.key else {}),
        **({"replicas": settings.replicas} if settings.replicas else {}),
        **(store_options or {}),
    )
    try:
        chosen = embedder if isinstance(embedder, Embedder) else _choose_embedder(store, settings)
        # No model named, and the store's is the default (or none yet): a write may settle
        # it, while the store holds nothing that tells its language (remem.engine.model_choice).
        recorded = store.signature()
        fresh = (
            embedder is None
            and not settings.embedder
            and (recorded is None or recorded.name == DEFAULT_EMBEDDER)
        )
        store.signature(claim=chosen.signature)  # a new store records it for later openers
        return Memory(
            store,
            chosen,
            choose_model=fresh,
            progress=settings.progress,
            retrieval=retrieval,
            part_tokens=settings.part_tokens,
            part_overlap=settings.part_overlap,
            limits=limits or settings.limits,
            trash_days=settings.trash_days,
        )
    except BaseException:
        store.close()
        raise


def _choose_embedder(store: RecordStore, settings: Settings) -> Embedder:
    if settings.embedder:
        return get_embedder(settings.embedder)
    recorded = store.signature()
    return get_embedder(recorded.name if recorded else None)


class Memory(Engine):
    """Long-term memory over one store. Use as a context manager, or call :meth:`close`.

    A memory acts within its ``grant`` (admin, every record, unless made by :meth:`scoped`):
    every read and write of every method and memory type goes through it (in the engine).
    """

    def __init__(self, store: RecordStore, embedder: Embedder, **options: Any) -> None:
        super().__init__(store, embedder, **options)
        self._caches: dict[str, SemanticCache] = {}  # shared with scoped views (scoped())
        self._caches_lock = threading.Lock()
        #: Options of the caches :meth:`cache` opens without any (``remem serve
        #: --cache-max-error`` sets ``max_error`` here).
        self.cache_options: dict[str, Any] = {}

    def scoped(self, grant: Grant, *, actor: str | None = None) -> Self:
        """:meth:`Engine.scoped`, sharing this memory's caches too (one object per name)."""
        view = super().scoped(grant, actor=actor)
        view._caches, view._caches_lock = self._caches, self._caches_lock
        return view

    def position(self) -> str | None:
        """A token for what this handle has written so far, which reads elsewhere — another
        process, another server on the same database — can wait for with
        :meth:`reading_after`. None when every read sees every write anyway (a store without
        replicas). A REST response to a write sends it as ``X-Remem-Position``."""
        return self.store.position()

    def reading_after(self, position: str | None) -> AbstractContextManager[None]:
        """Within the block, this thread's reads see at least the writes ``position`` names
        (another handle's :meth:`position`): on PostgreSQL with replicas, a replica that has
        replayed them within ``replica_wait``, else the primary. None: as usual."""
        return reading_after(position)

    def close(self) -> None:
        try:
            if self.root is self:  # a scoped view leaves the caches to the memory it came from
                with self._caches_lock:
                    caches = list(self._caches.values())
                for cache in caches:
                    cache.flush()
        finally:
            super().close()

    def forget(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        namespace: Sequence[str] | None = None,
        verify: bool = True,
    ) -> ErasureReceipt:
        """:meth:`Engine.forget`, and this process's recent cache lookups in the subject's
        scope (the questions asked) dropped too: ``erased["cache_lookups"]``."""
        receipt = super().forget(
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            namespace=namespace,
            verify=verify,
        )
        scope = {"user_id": user_id, "agent_id": agent_id, "session_id": session_id}
        with self._caches_lock:
            caches = list(self._caches.values())
        receipt.erased["cache_lookups"] = (
            sum(cache.within(self).forget_lookups(**scope) for cache in caches)
            if any(value is not None for value in scope.values())  # the cache has no namespaces
            else 0
        )
        return receipt

    # -- memory types ------------------------------------------------------------------------------
    def cache(self, name: str = "default", **options: Any) -> SemanticCache:
        """The semantic cache ``name`` of this store, one shared object per name (its pending
        hit counts are written at :meth:`close`). Options (``threshold``, ``ttl``,
        ``capacity``, ``policy``, ``max_error``, ...) configure it when given (else
        :attr:`cache_options`, when it is first opened); see :class:`SemanticCache`."""
        with self._caches_lock:
            if options or name not in self._caches:
                if name in self._caches:
                    self._caches[name].flush()
                settings = options or self.root.cache_options
                self._caches[name] = SemanticCache(self.root, name=name, **settings)
            cache = self._caches[name]
        return cache if self.grant.admin else cache.within(self)

    def cache_stats(self) -> dict[str, dict[str, Any]]:
        """Each cache opened on this memory so far: its entries and this process's counters."""
        self.require_admin("cache statistics")
        with self._caches_lock:
            caches = dict(self._caches)
        return {
            name: {"entries": len(cache), **cache.stats.to_dict()} for name, cache in caches.items()
        }

    def cache_activity(self, limit: int | None = None) -> dict[str, list[CacheEvent]]:
        """Each cache opened on this memory so far, with its latest lookups in this process
        (newest first), those asked in a scope this memory's grant may see. A scoped memory
        lists only the caches it has lookups in."""
        with self._caches_lock:
            caches = dict(self._caches)
        activity = {name: cache.within(self).recent(limit) for name, cache in caches.items()}
        return {name: events for name, events in activity.items() if events or self.grant.admin}

    def chat(self, session_id: str, **options: Any) -> ChatMemory:
        """A :class:`ChatMemory` over this store for one conversation: the session
        ``session_id`` of exactly this ``user_id`` and ``agent_id`` (another user's session of
        the same name is another conversation)."""
        scope = {name: options.pop(name, None) for name in ("user_id", "agent_id")}
        return ChatMemory(
            self, session_id=session_id, **self.grant.check(scope, write=True), **options
        )

    def keyvalue(self, **options: Any) -> KeyValueMemory:
        """A :class:`KeyValueMemory` over this store (scope and matching as options)."""
        return KeyValueMemory(self, **options)

    def stream(self, **options: Any) -> MemoryStream:
        """A Generative Agents :class:`MemoryStream` over this store."""
        return MemoryStream(self, **options)

    def facts(self, **options: Any) -> FactMemory:
        """A :class:`FactMemory`: facts extracted from turns and kept current, with history."""
        return FactMemory(self, **options)

    def export(self, path: str | Path, *, progress: bool | None = None) -> int:
        """Write every memory, with its vector and the embedder signature, as JSON lines."""
        return transfer.export_jsonl(self, path, progress=self.show_progress(progress))

    def import_(
        self,
        path: str | Path,
        *,
        format: str = "auto",
        reembed: bool = False,
        progress: bool | None = None,
    ) -> int:
        """Read memories from JSON lines (remem's export or plain items) or a LoCoMo file.

        Records whose id is already stored are skipped. Vectors in the file are used when their
        embedder matches this store's; ``reembed=True`` embeds the texts again instead.
        Returns the number of records added. The whole file is one transaction.
        """
        return transfer.import_file(
            self, path, format=format, reembed=reembed, progress=self.show_progress(progress)
        )


class _InThread(Generic[P, R]):
    """A :class:`Memory` method as an :class:`AsyncMemory` coroutine: run in a worker thread,
    with the method's own signature, for mypy (``await mem.search(qury=...)`` is an error)
    and for :func:`inspect.signature`. ``pick`` names the method on a memory; a lambda, so
    that its parameters are the bound method's."""

    def __init__(self, pick: Callable[[Memory], Callable[P, R]]) -> None:
        self._pick = pick

    def __set_name__(self, owner: type, name: str) -> None:
        self.__doc__ = getattr(Memory, name).__doc__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(
        self, obj: AsyncMemory, owner: type | None = None
    ) -> Callable[P, Coroutine[Any, Any, R]]: ...
    def __get__(
        self, obj: AsyncMemory | None, owner: type | None = None
    ) -> Self | Callable[P, Coroutine[Any, Any, R]]:
        if obj is None:
            return self
        method = self._pick(obj.sync)

        @functools.wraps(method)
        async def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return await asyncio.to_thread(method, *args, **kwargs)

        return call


class AsyncMemory:
    """The async face of :class:`Memory`: the same methods, awaited; the work runs in a thread.

    ``await AsyncMemory.open(path)``, or wrap an existing ``Memory``. Each method keeps its
    ``Memory`` signature (tests/test_parity.py). The memory types are made in a thread too
    (``chat = await mem.chat("s1", user_id="sam")``) and are the same synchronous objects a
    ``Memory`` makes, over the same store: in async code, call their methods through
    :func:`asyncio.to_thread`.
    """

    def __init__(self, memory: Memory) -> None:
        self.sync = memory

    @classmethod
    async def open(cls, path: str | Path | None = None, **kwargs: Any) -> AsyncMemory:
        return cls(await asyncio.to_thread(open, path, **kwargs))

    def scoped(self, grant: Grant, *, actor: str | None = None) -> AsyncMemory:
        """:meth:`Memory.scoped`, awaited the same way."""
        return AsyncMemory(self.sync.scoped(grant, actor=actor))

    def on_behalf_of(self, user_id: str | None) -> AsyncMemory:
        """:meth:`Memory.on_behalf_of` (no I/O: not awaited)."""
        return AsyncMemory(self.sync.on_behalf_of(user_id))

    def key_id(
        self,
        key: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        namespace: Sequence[str] | None = None,
    ) -> str:
        """:meth:`Memory.key_id` (no I/O: not awaited)."""
        return self.sync.key_id(
            key, user_id=user_id, agent_id=agent_id, session_id=session_id, namespace=namespace
        )

    def position(self) -> str | None:
        """:meth:`Memory.position` (no I/O: not awaited)."""
        return self.sync.position()

    def reading_after(self, position: str | None) -> AbstractContextManager[None]:
        """:meth:`Memory.reading_after`: the awaited calls in the block (their threads start
        from this task's context) see at least those writes."""
        return self.sync.reading_after(position)

    add = _InThread(lambda m: m.add)
    add_many = _InThread(lambda m: m.add_many)
    add_document = _InThread(lambda m: m.add_document)
    update = _InThread(lambda m: m.update)
    delete = _InThread(lambda m: m.delete)
    trash = _InThread(lambda m: m.trash)
    undelete = _InThread(lambda m: m.undelete)
    empty_trash = _InThread(lambda m: m.empty_trash)
    forget = _InThread(lambda m: m.forget)
    audit = _InThread(lambda m: m.audit)
    verify_audit = _InThread(lambda m: m.verify_audit)
    get = _InThread(lambda m: m.get)
    get_many = _InThread(lambda m: m.get_many)
    list = _InThread(lambda m: m.list)
    list_all = _InThread(lambda m: m.list_all)
    namespaces = _InThread(lambda m: m.namespaces)
    search = _InThread(lambda m: m.search)
    context = _InThread(lambda m: m.context)
    export = _InThread(lambda m: m.export)
    import_ = _InThread(lambda m: m.import_)
    import_records = _InThread(lambda m: m.import_records)
    reembed = _InThread(lambda m: m.reembed)
    index_state = _InThread(lambda m: m.index_state)
    build_index = _InThread(lambda m: m.build_index)
    backup = _InThread(lambda m: m.backup)
    stats = _InThread(lambda m: m.stats)
    cache_stats = _InThread(lambda m: m.cache_stats)
    cache_activity = _InThread(lambda m: m.cache_activity)
    close = _InThread(lambda m: m.close)
    # memory types: the synchronous objects, made in the worker thread
    cache = _InThread(lambda m: m.cache)
    chat = _InThread(lambda m: m.chat)
    keyvalue = _InThread(lambda m: m.keyvalue)
    stream = _InThread(lambda m: m.stream)
    facts = _InThread(lambda m: m.facts)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
