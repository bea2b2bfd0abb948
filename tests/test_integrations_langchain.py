"""remem as a LangChain VectorStore, through LangChain's own standard suite and as two tenants."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.outputs import Generation
from langchain_core.vectorstores import VectorStore
from langchain_tests.integration_tests import (
    AsyncCacheTestSuite,
    BaseStoreAsyncTests,
    BaseStoreSyncTests,
    RetrieversIntegrationTests,
    SyncCacheTestSuite,
    VectorStoreIntegrationTests,
)

import remem
from remem.integrations.langchain import (
    LangChainEmbedder,
    RememByteStore,
    RememLLMCache,
    RememRetriever,
    RememVectorStore,
)

TURNS = [
    "Caroline went to the LGBTQ support group on Monday.",
    "Melanie painted a sunrise over the lake.",
    "Caroline is researching adoption agencies.",
    "Melanie's kids love the beach in the summer.",
    "Caroline moved from Sweden four years ago.",
]


class TestRememVectorStore(VectorStoreIntegrationTests):
    """LangChain's ``VectorStoreIntegrationTests``, sync and async, none skipped."""

    @pytest.fixture
    def vectorstore(self) -> Iterator[VectorStore]:
        store = RememVectorStore.open(":memory:", embedding=self.get_embeddings())
        try:
            yield store
        finally:
            store.memory.close()


class TestRememRetriever(RetrieversIntegrationTests):
    """LangChain's ``RetrieversIntegrationTests`` on :class:`RememRetriever`."""

    @property
    def retriever_constructor(self) -> type[RememRetriever]:
        return RememRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, object]:
        store = RememVectorStore.open(":memory:", embedding=DeterministicFakeEmbedding(size=16))
        store.add_texts(TURNS)
        return {"store": store}

    @property
    def retriever_query_example(self) -> str:
        return "what is Caroline researching?"


@pytest.fixture
def llm_cache(tmp_path: Path) -> Iterator[RememLLMCache]:
    memory = remem.open(tmp_path / "cache", embedder="hash:64")
    try:
        yield RememLLMCache(memory)
    finally:
        memory.close()


class TestRememLLMCache(SyncCacheTestSuite):
    """LangChain's ``SyncCacheTestSuite``."""

    @pytest.fixture
    def cache(self, llm_cache: RememLLMCache) -> RememLLMCache:
        return llm_cache


class TestRememLLMCacheAsync(AsyncCacheTestSuite):
    """LangChain's ``AsyncCacheTestSuite``."""

    @pytest.fixture
    async def cache(self, llm_cache: RememLLMCache) -> RememLLMCache:
        return llm_cache


def test_the_llm_cache_keeps_models_and_tenants_apart(tmp_path: Path) -> None:
    memory = remem.open(tmp_path / "cache", embedder="hash:64")
    ann, bob = RememLLMCache(memory, user_id="ann"), RememLLMCache(memory, user_id="bob")
    answer = [Generation(text="Paris")]
    ann.update("capital of France?", "model=a", answer)
    assert ann.lookup("capital of France?", "model=a") == answer
    assert ann.lookup("capital of France?", "model=b") is None  # another model's configuration
    assert bob.lookup("capital of France?", "model=a") is None  # another tenant
    bob.clear()
    assert ann.lookup("capital of France?", "model=a") == answer
    ann.clear()
    assert ann.lookup("capital of France?", "model=a") is None
    long_prompt = "word " * 5_000  # over the memory's limit on a question: never cached
    ann.update(long_prompt, "model=a", answer)
    assert ann.lookup(long_prompt, "model=a") is None
    memory.close()


@pytest.fixture
def byte_store(tmp_path: Path) -> Iterator[RememByteStore]:
    memory = remem.open(tmp_path / "kv", embedder="hash:64")
    try:
        yield RememByteStore(memory, namespace="docs")
    finally:
        memory.close()


class TestRememByteStore(BaseStoreSyncTests[bytes]):
    """LangChain's ``BaseStoreSyncTests``."""

    @pytest.fixture
    def kv_store(self, byte_store: RememByteStore) -> RememByteStore:
        return byte_store

    @pytest.fixture
    def three_values(self) -> tuple[bytes, bytes, bytes]:
        return b"foo", b"\x00\xffbar", "bûzz".encode()


class TestRememByteStoreAsync(BaseStoreAsyncTests[bytes]):
    """LangChain's ``BaseStoreAsyncTests``."""

    @pytest.fixture
    async def kv_store(self, byte_store: RememByteStore) -> RememByteStore:
        return byte_store

    @pytest.fixture
    def three_values(self) -> tuple[bytes, bytes, bytes]:
        return b"foo", b"\x00\xffbar", "bûzz".encode()


def test_byte_store_keys_are_exact_and_scoped(tmp_path: Path) -> None:
    memory = remem.open(tmp_path / "kv", embedder="hash:64")
    ann = RememByteStore(memory, user_id="ann")
    bob = RememByteStore(memory, user_id="bob")
    other = RememByteStore(memory, user_id="ann", namespace="other")
    keys = ["k", "K", "k ", "é", "e\u0301", ""]
    ann.mset([(key, key.encode() + b"!") for key in keys])
    assert ann.mget(keys) == [key.encode() + b"!" for key in keys]
    assert sorted(ann.yield_keys()) == sorted(keys)
    assert bob.mget(keys) == [None] * len(keys) and list(bob.yield_keys()) == []
    assert other.mget(keys) == [None] * len(keys)
    bob.mdelete(keys)  # another tenant's keys: nothing of ann's goes
    assert ann.mget(["k"]) == [b"k!"]
    assert memory.search("k", k=50, touch=False) == []  # never a search candidate
    memory.close()


def test_two_tenants_never_see_each_other(tmp_path: str) -> None:
    embedding = DeterministicFakeEmbedding(size=16)
    memory = remem.open(tmp_path, embedder=LangChainEmbedder(embedding))
    ann = RememVectorStore(memory, embedding=embedding, user_id="ann")
    bob = RememVectorStore(memory, embedding=embedding, user_id="bob")
    (ann_id,) = ann.add_texts(["ann's secret: the code is 1234"], [{"topic": "code"}])
    (bob_id,) = bob.add_texts(["bob's note about the code"], [{"topic": "code"}])
    for query in ("the code is 1234", "secret code", "note"):
        for k in (1, 10):
            assert {d.id for d in bob.similarity_search(query, k=k)} <= {bob_id}
            assert {d.id for d in bob.similarity_search(query, k=k, filter={"topic": "code"})} == {
                bob_id
            }
    retriever = RememRetriever(store=bob, k=10)
    assert {d.id for d in retriever.invoke("the code is 1234 secret")} == {bob_id}
    assert bob.get_by_ids([ann_id]) == []  # answers as a missing id
    assert bob.get_by_ids([ann_id, bob_id])[0].id == bob_id
    bob.delete([ann_id])  # passed over, as an unknown id
    assert [d.id for d in ann.get_by_ids([ann_id])] == [ann_id]
    memory.close()


def test_filters_address_metadata_and_the_store_speaks_remem(tmp_path: str) -> None:
    embedding = DeterministicFakeEmbedding(size=16)
    store = RememVectorStore.from_texts(
        ["tea at noon", "coffee at dawn", "tea at dusk"],
        embedding,
        metadatas=[{"id": i, "drink": d} for i, d in ((1, "tea"), (2, "coffee"), (3, "tea"))],
        path=tmp_path,
    )
    found = store.similarity_search("tea", k=5, filter={"drink": "tea"})
    assert sorted(d.metadata["id"] for d in found) == [1, 3]
    found = store.similarity_search("tea", k=5, filter={"$not": {"id": {"$in": [1, 2]}}})
    assert [d.metadata["id"] for d in found] == [3]
    scored = store.similarity_search_with_relevance_scores("tea at noon", k=3)
    assert scored[0][0].page_content == "tea at noon" and scored[0][1] == pytest.approx(1.0)
    assert all(0.0 <= score <= 1.0 for _, score in scored)
    retriever = store.as_retriever(search_kwargs={"k": 1})
    (doc,) = retriever.invoke("coffee at dawn")
    assert (doc.page_content, doc.metadata) == ("coffee at dawn", {"id": 2, "drink": "coffee"})
    store.memory.close()
