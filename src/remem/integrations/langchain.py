"""remem in LangChain: a ``VectorStore`` (hybrid or dense search, filters, caller ids with
upsert, ``get_by_ids``, ``delete``, relevance scores, maximal marginal relevance, async through
LangChain's executor defaults, and ``as_retriever()`` of every search type), an LLM cache, a
byte store, and a remem embedder over any LangChain ``Embeddings``.

Install with ``pip install 'remem[langchain]'``::

    from remem.integrations.langchain import RememVectorStore

    store = RememVectorStore.open("./memories", user_id="sam")  # the bundled model, offline
    store.add_texts(["Sam is allergic to cashews"], metadatas=[{"source": "chat"}])
    store.similarity_search("what is Sam allergic to?", k=1)

The store passes ``langchain-tests``' ``VectorStoreIntegrationTests``
(``tests/test_integrations_langchain.py``).

Every read and write of a store stays inside its scope (``user_id`` / ``agent_id`` /
``session_id``) and its ``kind``: a document of another scope answers as a missing one.
LangChain's ids are names within the store's scope (remem's ``key``), so two stores of two
users may both hold a document ``"doc-1"`` (LangChain's indexing API derives ids from content,
so two tenants indexing one handbook do): each adds, reads, replaces and deletes only its own,
and every document comes back with the id it was given. The byte store's keys and the LLM
cache's entries are per scope the same way.

Every document a store returns (searches, ``get_by_ids``, its retrievers) carries, in
``metadata["remem"]``, the memory's trust for the store's reader, its marks and its source
(:func:`remem.integrations.recall_metadata`), so an application can tell the user's own words
from untrusted evidence (a document's or tool's text, a model's tool call, another user's
words)::

    {"trust": {"level": "untrusted", "reasons": ["external"]}, "marks": ["instruction"],
     "source": "text from a document, tool or web page; via python; tainted external; ..."}

``"remem"`` is remem's key: a document's own one is dropped when it is added. With
``recall_metadata=False`` a store returns each document's metadata exactly as it was added
(LangChain's round trip, which its standard suite checks).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import MissingDependencyError, PayloadTooLargeError
from remem.core.numbers import whole
from remem.core.records import MemoryRecord, SearchHit, SearchMode
from remem.embedders.base import Embedder
from remem.engine import MAX_ID_CHARS
from remem.integrations import reader_of, stripped, with_recall_metadata
from remem.memory import Memory
from remem.memory import open as open_memory

try:
    from langchain_core._api.beta_decorator import LangChainBetaWarning
    from langchain_core.caches import RETURN_VAL_TYPE, BaseCache
    from langchain_core.callbacks import CallbackManagerForRetrieverRun
    from langchain_core.documents import Document
    from langchain_core.embeddings import Embeddings
    from langchain_core.load import dumps, loads
    from langchain_core.messages import AIMessage, AIMessageChunk
    from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, Generation
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.runnables.config import run_in_executor
    from langchain_core.stores import BaseStore
    from langchain_core.vectorstores import VectorStore
    from pydantic import ConfigDict
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise MissingDependencyError(
        "remem.integrations.langchain needs langchain-core: pip install 'remem[langchain]'"
    ) from exc

__all__ = [
    "LangChainEmbedder",
    "RememByteStore",
    "RememLLMCache",
    "RememRetriever",
    "RememVectorStore",
]

#: What a cached answer may hold when read back (nothing else is built from stored JSON).
_CACHED = (Generation, ChatGeneration, ChatGenerationChunk, AIMessage, AIMessageChunk)
#: Records per ``add_many`` call (remem's default ``max_batch_items``).
_BATCH = 1000


class LangChainEmbedder(Embedder):
    """A LangChain ``Embeddings`` as a remem embedder (``langchain:<class name>[:<model>]``, or
    ``name``). Its width is read from one embedding of a probe text when it is made."""

    def __init__(self, embeddings: Embeddings, *, name: str | None = None) -> None:
        self.embeddings = embeddings
        model = getattr(embeddings, "model", None) or getattr(embeddings, "model_name", None)
        model_part = f":{model}" if isinstance(model, str) and model else ""
        # The name is the store's record of whose vectors it holds: the model, when known.
        self.name = name or f"langchain:{type(embeddings).__name__}{model_part}"
        self.dimensions = len(embeddings.embed_query("remem"))

    def _embed_batch(self, texts: list[str]) -> NDArray[np.floating]:
        return np.asarray(self.embeddings.embed_documents(texts), dtype=np.float32)


class RememVectorStore(VectorStore):
    """A LangChain vector store over a remem :class:`~remem.Memory`, within one scope.

    ``mode`` is remem's search mode (``hybrid``: dense and BM25 fused; ``dense``; ``keyword``).
    Texts are stored as records of ``kind`` (``"text"``), never deduplicated (LangChain expects
    one record per text it adds). Metadata must be JSON; filters use remem's grammar on the
    metadata (``{"source": "chat"}``, ``{"n": {"$gte": 2}}``, ``$and`` / ``$or`` / ``$not``).

    Each document returned carries ``metadata["remem"]`` (trust for the store's reader — the
    user its memory acts for, else ``user_id`` — marks and source; see the module's
    docstring), unless ``recall_metadata=False``: then metadata is exactly as added.
    """

    def __init__(
        self,
        memory: Memory,
        *,
        embedding: Embeddings | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str = "text",
        mode: SearchMode = "hybrid",
        recall_metadata: bool = True,
    ) -> None:
        self.memory = memory
        self._embedding = embedding
        self.scope: dict[str, Any] = {
            "user_id": user_id,
            "agent_id": agent_id,
            "session_id": session_id,
        }
        self.kind = kind
        self.mode: SearchMode = mode
        self.recall_metadata = recall_metadata

    @classmethod
    def open(
        cls, path: str | Path = ":memory:", *, embedding: Embeddings | None = None, **options: Any
    ) -> RememVectorStore:
        """A store on a remem store at ``path`` (a directory, ``":memory:"`` or a PostgreSQL
        URL), embedding with ``embedding`` when given, else with remem's bundled model.
        ``options`` are this class's keywords (``user_id``, ``kind``, ``mode``, ...)."""
        embedder: Embedder | str = (
            LangChainEmbedder(embedding) if embedding is not None else "local:minilm"
        )
        memory = open_memory(path, embedder=embedder, progress="off")
        return cls(memory, embedding=embedding, **options)

    @classmethod
    def from_texts(
        cls,
        texts: list[str],
        embedding: Embeddings,
        metadatas: list[dict[Any, Any]] | None = None,
        *,
        ids: list[str] | None = None,
        **kwargs: Any,
    ) -> RememVectorStore:
        """A new store (``path`` among ``kwargs``; default in memory) holding ``texts``."""
        store = cls.open(kwargs.pop("path", ":memory:"), embedding=embedding, **kwargs)
        store.add_texts(texts, metadatas, ids=ids)
        return store

    @property
    def embeddings(self) -> Embeddings | None:
        return self._embedding

    # -- writes ------------------------------------------------------------------------------------
    def add_texts(
        self,
        texts: Iterable[str],
        metadatas: list[dict[Any, Any]] | None = None,
        *,
        ids: list[str] | None = None,
        **kwargs: Any,
    ) -> list[str]:
        """Store the texts; a text whose id this store holds replaces that document (an
        upsert). An id may be ``None`` (LangChain passes the ids of documents, some of which
        have none): remem gives that text one. An id given twice in one call stores the last
        of its texts (as LangChain's in-memory store does), and both get that id back."""
        texts = list(texts)
        if metadatas is not None and len(metadatas) != len(texts):
            raise ValueError(f"{len(metadatas)} metadatas for {len(texts)} texts")
        if ids is not None and len(ids) != len(texts):
            raise ValueError(f"{len(ids)} ids for {len(texts)} texts")
        items = []
        last = {name: index for index, name in enumerate(ids or ()) if name is not None}
        for index, text in enumerate(texts):
            name = ids[index] if ids is not None else None
            if name is not None and last[name] != index:
                continue  # a later text of the same id replaces this one
            item: dict[str, Any] = {
                "text": text,
                "kind": self.kind,
                "dedupe": False,
                "metadata": self._stored(metadatas[index]) if metadatas else None,
                **self.scope,
            }
            if name is not None:
                # A name in the store's scope; or, for a document a caller stored under this
                # very id before ids were per scope, that record, replaced in place.
                item["id"] = name
            items.append(item)
        stored: list[MemoryRecord] = []
        for start in range(0, len(items), _BATCH):
            part = items[start : start + _BATCH]
            stored += self.memory.add_many(part, progress=False, upsert=True)
        out = iter(_name(r) for r in stored)
        return [
            name if name is not None and last[name] != index else next(out)
            for index, name in enumerate(ids if ids is not None else [None] * len(texts))
        ]

    def delete(self, ids: list[str] | None = None, **kwargs: Any) -> bool | None:
        """Delete these documents (unknown ids, and ids of other scopes, are passed over)."""
        if ids is None:
            raise ValueError("pass the ids to delete")
        mine = [r.id for r in self._own(ids)]
        if mine:
            self.memory.delete(mine)
        return True

    # -- reads -------------------------------------------------------------------------------------
    def get_by_ids(self, ids: Sequence[str], /) -> list[Document]:
        """The documents with these ids, in the order asked; missing ones left out."""
        return [self._document(r) for r in self._own(ids)]

    def similarity_search(
        self, query: str, k: int = 4, filter: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> list[Document]:
        return [doc for doc, _ in self.similarity_search_with_score(query, k, filter, **kwargs)]

    def similarity_search_with_score(
        self, query: str, k: int = 4, filter: Mapping[str, Any] | None = None, **kwargs: Any
    ) -> list[tuple[Document, float]]:
        """Documents and remem's ranking scores (``hit.score``), best first."""
        hits = self._search(query, None, k, filter, kwargs)
        return [(self._document(h), h.score) for h in hits]

    def similarity_search_by_vector(
        self,
        embedding: list[float],
        k: int = 4,
        filter: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> list[Document]:
        hits = self._search(None, embedding, k, filter, {"mode": "dense", **kwargs})
        return [self._document(h) for h in hits]

    def _similarity_search_with_relevance_scores(
        self, query: str, k: int = 4, **kwargs: Any
    ) -> list[tuple[Document, float]]:
        """Relevance in [0, 1]: each hit's cosine to the query (0 when only keywords found it)."""
        filter = kwargs.pop("filter", None)
        hits = self._search(query, None, k, filter, kwargs)
        return [(self._document(h), max(0.0, h.scores.get("dense", 0.0))) for h in hits]

    async def _asimilarity_search_with_relevance_scores(
        self, query: str, k: int = 4, **kwargs: Any
    ) -> list[tuple[Document, float]]:
        """The sync relevance, in LangChain's executor: LangChain's default would take
        ``similarity_search_with_score``'s calibrated scores instead, so a
        ``score_threshold`` would keep other documents in ``ainvoke`` than in ``invoke``."""
        return await run_in_executor(
            None, self._similarity_search_with_relevance_scores, query, k, **kwargs
        )

    def _select_relevance_score_fn(self) -> Callable[[float], float]:
        return lambda score: max(0.0, min(1.0, score))

    def max_marginal_relevance_search(
        self,
        query: str,
        k: int = 4,
        fetch_k: int = 20,
        lambda_mult: float = 0.5,
        filter: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> list[Document]:
        """Documents picked by remem's maximal marginal relevance (``mmr_lambda``): from the
        ``fetch_k`` best candidates of the store's ``mode`` (in ``hybrid``, the ``fetch_k`` best
        by meaning and the ``fetch_k`` best by keyword), ``k`` at most, one at a time, each the
        best by ``lambda_mult · relevance − (1 − lambda_mult) · its greatest cosine to those
        picked``. ``lambda_mult`` means what it means in LangChain: 1 is relevance alone, 0 the
        most diversity; the relevance is remem's ranking score rescaled to [0, 1] over the
        candidates (LangChain's own stores take the raw cosine to the query)."""
        options = _mmr(fetch_k, lambda_mult)
        hits = self._search(query, None, min(k, fetch_k), filter, {**options, **kwargs})
        return [self._document(h) for h in hits]

    def max_marginal_relevance_search_by_vector(
        self,
        embedding: list[float],
        k: int = 4,
        fetch_k: int = 20,
        lambda_mult: float = 0.5,
        filter: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> list[Document]:
        """:meth:`max_marginal_relevance_search` from a query vector: dense candidates only."""
        options = {"mode": "dense", **_mmr(fetch_k, lambda_mult), **kwargs}
        hits = self._search(None, embedding, min(k, fetch_k), filter, options)
        return [self._document(h) for h in hits]

    def _search(
        self,
        query: str | None,
        vector: Sequence[float] | None,
        k: int,
        filter: Mapping[str, Any] | None,
        options: Mapping[str, Any],
    ) -> list[SearchHit]:
        conditions: dict[str, Any] = {"kind": self.kind}
        if filter:
            conditions = {"$and": [conditions, _on_metadata(filter)]}
        options = {"mode": self.mode, "touch": False, **options}
        return self.memory.search(
            query, k=k, vector=vector, filters=conditions, **self.scope, **options
        )

    def _document(self, record: MemoryRecord) -> Document:
        """``record`` as LangChain's document, with remem's metadata unless told not to."""
        metadata = dict(record.metadata)
        if self.recall_metadata:
            reader = reader_of(self.memory, self.scope["user_id"])
            metadata = with_recall_metadata(metadata, record, reader)
        return Document(id=_name(record), page_content=record.text, metadata=metadata)

    def _stored(self, metadata: Mapping[str, Any]) -> dict[str, Any]:
        """A document's metadata as stored: without remem's own key where the store adds it
        to what it returns (a document read, changed and added again brings it back)."""
        return stripped(metadata) if self.recall_metadata else dict(metadata)

    def _own(self, ids: Sequence[str]) -> list[MemoryRecord]:
        """The records these ids name in this store's scope and kind, in order: a LangChain id
        is a name in the scope (remem's key); a document added without one has remem's id."""
        names = {i: self.memory.key_id(i, **self.scope) for i in ids if _is_name(i)}
        found = {r.id: r for r in self.memory.get_many([*ids, *names.values()])}
        records = (found.get(names.get(i, "")) or found.get(i) for i in ids)
        return [
            r for r in records if r is not None and r.kind == self.kind and r.in_scope(self.scope)
        ]


class RememRetriever(BaseRetriever):
    """A LangChain retriever over a :class:`RememVectorStore`: ``invoke(query)`` returns the
    ``k`` best documents of the store's scope (``invoke(query, k=3)`` for another number), by
    remem's search in the store's ``mode``, within ``filter`` (on metadata)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    store: RememVectorStore
    k: int = 4
    filter: dict[str, Any] | None = None

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **kwargs: Any
    ) -> list[Document]:
        k = kwargs.pop("k", self.k)
        where = kwargs.pop("filter", self.filter)
        return self.store.similarity_search(query, k=k, filter=where, **kwargs)


class RememLLMCache(BaseCache):
    """LangChain's LLM cache on remem's semantic cache (``memory.cache(name)``): a prompt asked
    again answers from the cache — and, at the cache's ``threshold`` (remem's default 0.86,
    calibrated on paraphrased questions), one asked in other words too; ``threshold=1.0``
    keeps to the same prompt. The model's configuration (``llm_string``) must match exactly:
    each has its own partition of the cache. ``ttl`` (seconds) ages entries out. A prompt
    longer than the memory's limit on a question (``Limits.max_query_chars``) is not cached."""

    def __init__(
        self,
        memory: Memory,
        *,
        name: str = "langchain-llm",
        threshold: float | None = None,
        ttl: float | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
    ) -> None:
        options: dict[str, Any] = {"ttl": ttl}
        if threshold is not None:
            options["threshold"] = threshold
        self.cache = memory.cache(name, **options)
        self.user_id, self.agent_id = user_id, agent_id

    def lookup(self, prompt: str, llm_string: str) -> RETURN_VAL_TYPE | None:
        try:
            found = self.cache.get(prompt, **self._scope(llm_string))
        except PayloadTooLargeError:  # a prompt over the memory's limits is never cached
            return None
        if found is None:
            return None
        with warnings.catch_warnings():  # LangChain's own serialisation, marked beta
            warnings.simplefilter("ignore", LangChainBetaWarning)
            return [loads(text, allowed_objects=_CACHED) for text in found]

    def update(self, prompt: str, llm_string: str, return_val: RETURN_VAL_TYPE) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", LangChainBetaWarning)
            texts = [dumps(g) for g in return_val]
        with contextlib.suppress(PayloadTooLargeError):  # too long to cache: the model answers
            self.cache.set(prompt, texts, **self._scope(llm_string))

    def clear(self, **kwargs: Any) -> None:
        """Empty this cache, within this adapter's user / agent when it has one."""
        self.cache.clear(user_id=self.user_id, agent_id=self.agent_id)

    def _scope(self, llm_string: str) -> dict[str, Any]:
        """Entries of one model configuration are a session of their own in the cache."""
        digest = hashlib.sha256(llm_string.encode("utf-8", "surrogatepass")).hexdigest()
        return {"user_id": self.user_id, "agent_id": self.agent_id, "session_id": f"llm:{digest}"}


class RememByteStore(BaseStore[str, bytes]):
    """LangChain's key-value ``BaseStore`` of bytes in a remem store (for a
    ``CacheBackedEmbeddings``, a ``MultiVectorRetriever``'s documents, ...).

    Each key is one record of kind ``kv-bytes``, stored without a vector (never a search
    candidate), in the store's user / agent scope and namespace ``[namespace]``, named there
    by a remem key: ``"k:"`` and the key when that fits remem's 256 characters, else ``"h:"``
    and the key's SHA-256. So every string (the empty one, a 2,000-character URL) names one
    record, and a key of another scope answers as a missing one. The key itself is kept in the
    record's metadata (for :meth:`yield_keys`), the value in its text (base64).

    ``max_key_chars`` and ``max_value_bytes`` bound one key and one value (8,192 characters and
    4 MiB by default; a ``ValueError`` past them); they may be raised as far as the memory's
    limits allow (``max_metadata_bytes`` holds the key, ``max_value_chars`` the value in base64:
    about 12 MiB by default). ``mset`` keeps the last value of
    a key given twice, and writes in one transaction per 1,000 keys (or 64 MiB of values).
    """

    KIND = "kv-bytes"

    def __init__(
        self,
        memory: Memory,
        *,
        namespace: str = "default",
        user_id: str | None = None,
        agent_id: str | None = None,
        max_key_chars: int = 8192,
        max_value_bytes: int = 4 * 1024 * 1024,
    ) -> None:
        self.memory = memory
        self.namespace = namespace
        self.scope: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id}
        limits = memory.limits
        # A key's character takes at most 6 bytes in metadata's JSON (a control character).
        most_chars = (limits.max_metadata_bytes - 16) // 6
        most_bytes = (limits.max_value_chars - len(_BASE64)) // 4 * 3
        self.max_key_chars = _within(
            "max_key_chars", max_key_chars, most_chars, "max_metadata_bytes"
        )
        self.max_value_bytes = _within(
            "max_value_bytes", max_value_bytes, most_bytes, "max_value_chars"
        )

    def mget(self, keys: Sequence[str]) -> list[bytes | None]:
        ids = [self._id(key) for key in keys]
        older = [self._legacy_id(key) for key in keys]
        found = {r.id: r for r in self.memory.get_many([*ids, *older])}
        values = []
        for key, id_, old in zip(keys, ids, older, strict=True):
            value = _value(found.get(id_), key)
            values.append(_legacy_value(found.get(old), key) if value is None else value)
        return values

    def mset(self, key_value_pairs: Sequence[tuple[str, bytes]]) -> None:
        latest = dict(key_value_pairs)  # the last value of a key given twice, as LangChain's
        items = [self._item(key, value) for key, value in latest.items()]
        for part in _parts(items):
            self.memory.add_many(part, progress=False, upsert=True)
        self.memory.delete([self._legacy_id(key) for key in latest])  # replaced: see _legacy_id

    def mdelete(self, keys: Sequence[str]) -> None:
        ids = [self._id(key) for key in keys] + [self._legacy_id(key) for key in keys]
        if ids:
            self.memory.delete(ids)

    def yield_keys(self, *, prefix: str | None = None) -> Iterator[str]:
        """The keys held, those starting with ``prefix`` when given (in no set order). All are
        read before the first is yielded, so the caller may delete keys as it goes."""
        scope = self.memory.grant.check(self.scope, write=True)  # a tenant's user filled in
        place = (scope["user_id"], scope["agent_id"], None, (self.namespace,))
        criteria = {"kind": self.KIND, "namespace": [self.namespace], **scope}
        keys: list[str] = []
        offset = 0
        while True:
            page = self.memory.list(limit=_PAGE, offset=offset, **criteria)
            offset += len(page)
            for record in page:
                key = record.metadata.get("key")
                if (
                    (record.user_id, record.agent_id, record.session_id, tuple(record.namespace))
                    == place
                    and isinstance(key, str)
                    and (prefix is None or key.startswith(prefix))
                ):
                    keys.append(key)
            if len(page) < _PAGE:
                break
        legacy = {"kind": self.KIND, "filters": {"metadata.namespace": self.namespace}, **scope}
        for record in self.memory.list_all(**legacy):
            key = record.metadata.get("key")
            if (
                not record.namespace
                and isinstance(key, str)
                and _legacy_value(record, key) is not None
                and (prefix is None or key.startswith(prefix))
            ):
                keys.append(key)
        yield from dict.fromkeys(keys)

    def _item(self, key: str, value: bytes) -> dict[str, Any]:
        name = _key_name(key)
        if len(key) > self.max_key_chars:
            raise ValueError(
                f"a key of {len(key):,} characters, over this store's max_key_chars of "
                f"{self.max_key_chars:,}"
            )
        if not isinstance(value, bytes):
            raise TypeError(f"a value is bytes, not {type(value).__name__}")
        if len(value) > self.max_value_bytes:
            raise ValueError(
                f"a value of {len(value):,} bytes, over this store's max_value_bytes of "
                f"{self.max_value_bytes:,}"
            )
        return {
            "key": name,
            "text": _BASE64 + base64.b64encode(value).decode("ascii"),
            "kind": self.KIND,
            "embed": False,
            "dedupe": False,
            "namespace": [self.namespace],
            "metadata": {"key": key},
            **self.scope,
        }

    def _id(self, key: str) -> str:
        return self.memory.key_id(_key_name(key), namespace=[self.namespace], **self.scope)

    def _legacy_id(self, key: str) -> str:
        """The id the byte store's first layout gave a key's record (``kv-`` and a digest of
        scope, namespace and key, chosen as a global id; the value base64 in its metadata):
        such records are still read, and give way to today's layout when the key is written
        again or deleted."""
        where = [self.scope["user_id"], self.scope["agent_id"], self.namespace, key]
        name = json.dumps(where, ensure_ascii=False).encode("utf-8", "surrogatepass")
        return f"kv-{hashlib.sha256(name).hexdigest()}"


#: What a byte store's record text starts with (a text is never empty: the empty value has one).
_BASE64 = "base64:"
#: Keys a byte store reads a page at a time in ``yield_keys``.
_PAGE = 100
#: Characters of values in one byte store transaction (beside ``_BATCH`` keys).
_BATCH_CHARS = 64 * 1024 * 1024


def _key_name(key: str) -> str:
    """A byte store key's remem key: one for each string, within remem's 256 characters."""
    if not isinstance(key, str):
        raise TypeError(f"a key is a string, not {type(key).__name__}")
    if len(key) + 2 <= MAX_ID_CHARS:
        return "k:" + key
    return "h:" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _within(name: str, value: int, most: int, limit: str) -> int:
    """``value``, a positive integer of at most ``most`` (what the memory's ``limit`` allows)."""
    whole(value, name, low=1, error=ValueError)
    if value > most:
        raise ValueError(
            f"{name} may be at most {most:,} with this memory's limits.{limit}, got {value:,}"
        )
    return value


def _parts(items: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """``items`` in batches of at most ``_BATCH`` items and ``_BATCH_CHARS`` of text."""
    part: list[dict[str, Any]] = []
    size = 0
    for item in items:
        if part and (len(part) == _BATCH or size + len(item["text"]) > _BATCH_CHARS):
            yield part
            part, size = [], 0
        part.append(item)
        size += len(item["text"])
    if part:
        yield part


def _value(record: MemoryRecord | None, key: str) -> bytes | None:
    """A byte store's value in ``record``, when it holds the value of ``key``."""
    if record is None or record.kind != RememByteStore.KIND or record.metadata.get("key") != key:
        return None
    return base64.b64decode(record.text.removeprefix(_BASE64))


def _legacy_value(record: MemoryRecord | None, key: str) -> bytes | None:
    """The value of ``key`` in a record of the byte store's earlier layout (in metadata)."""
    if record is None or record.kind != RememByteStore.KIND or record.metadata.get("key") != key:
        return None
    value = record.metadata.get("value")
    return base64.b64decode(value) if isinstance(value, str) else None


def _mmr(fetch_k: int, lambda_mult: float) -> dict[str, Any]:
    """LangChain's MMR arguments as remem's search options: ``fetch_k`` candidates taken from
    each signal, MMR at ``lambda_mult`` (remem checks both ranges)."""
    whole(fetch_k, "fetch_k", low=1, error=ValueError)
    return {"candidates": fetch_k, "mmr_lambda": lambda_mult}


def _name(record: MemoryRecord) -> str:
    """A record's id as LangChain knows it: the id it was added with, else remem's."""
    return record.id if record.key is None else record.key


def _is_name(value: Any) -> bool:
    """Whether ``value`` may be a name (remem's keys are 1 to 256 characters)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_ID_CHARS


def _on_metadata(condition: Any) -> Any:
    """A LangChain filter (keys are metadata keys) in remem's grammar, where a bare key could
    name a record field (``id``, ``kind``): every key becomes ``metadata.<key>``."""
    if isinstance(condition, Mapping):
        return {
            key if key.startswith("$") else f"metadata.{key}": (
                [_on_metadata(c) for c in value]
                if key in ("$and", "$or")
                else _on_metadata(value)
                if key == "$not"
                else value
            )
            for key, value in condition.items()
        }
    return condition
