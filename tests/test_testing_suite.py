"""The conformance suite as a backend outside remem runs it (:mod:`remem.testing`).

Two backends are written here the way a third party would: ``MinimalStore`` writes only the
primitives a whole :class:`~remem.stores.Store` must (records, cache, keys, usage), keeping its
rows in one of remem's SQLite stores, and takes every other method from the base classes'
defaults; ``RecordsOnly`` writes only :class:`~remem.stores.RecordStore`'s primitives and offers
no optional part. Both pass the shipped suite, which skips the parts a store does not offer.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray

from remem.core.errors import StoreError
from remem.core.filters import Filter, parse_filter
from remem.core.records import MemoryRecord
from remem.embedders.base import EmbedderSignature
from remem.stores import (
    CacheTable,
    Capability,
    KeyTable,
    NewRecord,
    RecordStore,
    Store,
    Update,
    UsageTable,
    capabilities,
    open_store,
    require,
)
from remem.stores.tables import Scope
from remem.testing import StoreConformance, conformance_suite
from remem.testing.store_conformance import SIGNATURE, record

from . import pg


class RecordsOnly(RecordStore):
    """A record store of the ten primitives, over another store's records."""

    def __init__(self, inner: Store) -> None:
        self.inner, self.path = inner, inner.path

    def signature(self, claim: EmbedderSignature | None = None) -> EmbedderSignature | None:
        return self.inner.signature(claim)

    def insert(
        self,
        records: Sequence[NewRecord],
        *,
        signature: EmbedderSignature | None = None,
        replace: bool = False,
    ) -> list[MemoryRecord]:
        return self.inner.insert(records, signature=signature, replace=replace)

    def update(
        self, id: str, change: Update, *, signature: EmbedderSignature | None = None
    ) -> MemoryRecord:
        return self.inner.update(id, change, signature=signature)

    def delete(self, ids: Sequence[str]) -> int:
        return self.inner.delete(ids)

    def replace_vectors(
        self,
        ids: Sequence[str],
        vectors: Sequence[NDArray[np.float32]],
        signature: EmbedderSignature,
        *,
        expected: EmbedderSignature | None = None,
        hashes: Sequence[str] | None = None,
        embed: Callable[[list[str]], Sequence[NDArray[np.float32]]] | None = None,
    ) -> list[str]:
        return self.inner.replace_vectors(
            ids, vectors, signature, expected=expected, hashes=hashes, embed=embed
        )

    def touch(self, accesses: Mapping[str, tuple[int, float]], *, wait: bool = True) -> bool:
        return self.inner.touch(accesses, wait=wait)

    def get(self, ids: Sequence[str], where: Filter | None = None) -> list[MemoryRecord]:
        return self.inner.get(ids, where)

    def records(
        self,
        where: Filter | None = None,
        *,
        order: str = "stored",
        offset: int = 0,
        limit: int | None = None,
    ) -> Iterator[MemoryRecord]:
        return self.inner.records(where, order=order, offset=offset, limit=limit)

    def vectors(self, ids: Sequence[str], *, parts: bool = False) -> dict[str, NDArray[np.float32]]:
        return self.inner.vectors(ids, parts=parts)

    def change_token(self) -> int:
        return self.inner.change_token()

    def close(self) -> None:
        self.inner.close()


class PrimitiveCache(CacheTable):
    """A cache part of the eight primitives, over another store's cache: every other method
    is the interface's default."""

    def __init__(self, inner: CacheTable) -> None:
        self.inner = inner

    def scope_changes(self) -> list[tuple[str, str, str, str, float]]:
        return self.inner.scope_changes()

    def set_scope_changes(self, rows: Sequence[tuple[str, str, str, str, float]]) -> None:
        self.inner.set_scope_changes(rows)

    def bounds(self, name: str, owner: tuple[str, str]) -> bytes | None:
        return self.inner.bounds(name, owner)

    def set_bounds(self, name: str, states: Sequence[tuple[tuple[str, str], bytes]]) -> None:
        self.inner.set_bounds(name, states)

    def every_bound(self) -> list[tuple[str, tuple[str, str], bytes]]:
        return self.inner.every_bound()

    def put(
        self,
        name: str,
        entries: Sequence[tuple[Scope, str, str, NDArray[np.float32]]],
        *,
        created_at: float,
        expires_at: float | None,
    ) -> list[int]:
        return self.inner.put(name, entries, created_at=created_at, expires_at=expires_at)

    def names(self) -> list[str]:
        return self.inner.names()

    def rows(self, name: str, after: int = 0) -> list[tuple[int, Scope, NDArray[np.float32]]]:
        return self.inner.rows(name, after)

    def entries(self, rowids: Sequence[int]) -> dict[int, dict[str, Any]]:
        return self.inner.entries(rowids)

    def hits(self, hits: Sequence[tuple[int, int, float, float | None]]) -> None:
        self.inner.hits(hits)

    def delete(self, rowids: Sequence[int]) -> int:
        return self.inner.delete(rowids)


class MinimalStore(RecordsOnly):
    """:class:`RecordsOnly` with three parts: a cache of the primitives (:class:`PrimitiveCache`)
    and the inner store's keys and usage."""

    def __init__(self, inner: Store) -> None:
        super().__init__(inner)
        assert inner.cache is not None
        self.cache = PrimitiveCache(inner.cache)
        self.keys, self.usage = inner.keys, inner.usage


# -- the shipped suite, run as a third party would -------------------------------------------------
TestMinimalOnDisk = conformance_suite(lambda place: MinimalStore(open_store(place)))
TestMinimalInMemory = conformance_suite(
    lambda place: MinimalStore(open_store(":memory:")), shared_handles=False
)


class TestRecordsOnlyOnPostgres(StoreConformance):
    def open_store(self, place: Path) -> RecordStore:
        return RecordsOnly(open_store(pg.url_for(place)))


# -- what a backend writes, and what it offers -----------------------------------------------------
def test_a_backend_writes_the_primitives_only() -> None:
    """The abstract methods a new backend must write: 10 for records; each optional part has
    its own (11 for a cache, the learned bounds' 3 among them; 4 for keys, 2 for usage). A
    store is one class of remem's: parts are objects it holds, not bases it inherits."""
    assert RecordStore is Store and len(Store.__abstractmethods__) == 10
    assert [len(part.__abstractmethods__) for part in (CacheTable, KeyTable, UsageTable)] == [
        11, 4, 2,
    ]  # fmt: skip


def test_remems_stores_answer_every_default_with_their_own_query() -> None:
    """The defaults are for new backends: remem's stores override each (no behaviour moved)."""
    from remem.stores.postgres import PostgresStore
    from remem.stores.sqlite import SQLiteStore

    defaults = [
        (base, name)
        for base in (RecordStore, CacheTable)
        for name, value in vars(base).items()
        if callable(value) and not name.startswith("_") and name not in base.__abstractmethods__
    ]
    assert len(defaults) == 17
    from remem.stores.postgres.tables import PostgresCache
    from remem.stores.sqlite.tables import SQLiteCache

    for store, cache in ((SQLiteStore, SQLiteCache), (PostgresStore, PostgresCache)):
        assert [
            name
            for base, name in defaults
            if getattr(cache if base is CacheTable else store, name) is vars(base)[name]
        ] == []


def test_capabilities_are_the_optional_parts_a_store_implements(tmp_path: Path) -> None:
    every = {Capability.CACHE, Capability.KEYS, Capability.USAGE}
    with open_store(tmp_path / "store") as sqlite, open_store(pg.url_for(tmp_path)) as postgres:
        trust = {Capability.ERASE, Capability.AUDIT, Capability.TRASH}
        assert capabilities(sqlite) == {*every, *trust, Capability.SNAPSHOTS}
        assert capabilities(postgres) == {*every, *trust}  # backups: pg_dump
        records_only = RecordsOnly(sqlite)
        assert capabilities(records_only) == frozenset()
        assert capabilities(MinimalStore(sqlite)) == every
        require(sqlite, Capability.SNAPSHOTS, "a backup")
        with pytest.raises(StoreError, match=r"RecordsOnly has no cache \(CacheTable\) for a t"):
            require(records_only, Capability.CACHE, "a test")


def test_the_default_candidates_are_the_stores_own(tmp_path: Path) -> None:
    """The defaults a minimal backend inherits answer as remem's stores do: the same keyword
    ids and BM25 scores, the same dense ids and cosines, duplicates, namespaces, neighbours and
    counts."""
    words = ["apple", "banana", "cherry", "delta", "echo", "fox", "golf", "hotel", "jazz"]
    rng = np.random.default_rng(7)
    with open_store(tmp_path / "store") as inner:
        inner.signature(claim=SIGNATURE)
        batch = []
        for i in range(120):
            text = " ".join(rng.choice(words, size=int(rng.integers(1, 8))))
            rec = record(f"r{i:03d}", text, user_id=f"u{i % 3}",
                         agent_id=("bot" if i % 2 else None), session_id=f"s{i % 4}",
                         kind=("fact" if i % 5 == 0 else "message"), created_at=1000.0 + i,
                         namespace=(("a",) if i % 7 else ("a", "b")), dedupe=False)  # fmt: skip
            rec.vector = unit_vector(rng)
            batch.append(rec)
        inner.insert(batch, signature=SIGNATURE)
        mine = MinimalStore(inner)
        filters = [None, {"user_id": "u1"}, {"user_id": {"$in": ["u0", "u2"]}, "kind": "fact"},
                   {"$or": [{"agent_id": "bot"}, {"session_id": "s1"}]}]  # fmt: skip
        for spec in filters:
            where = parse_filter(spec)
            for query in ("apple", "banana jazz", "fox golf hotel delta", "nothing"):
                assert mine.keyword(query, 15, where) == inner.keyword(query, 15, where)
            for _ in range(3):
                query = unit_vector(rng)  # no ties: one order
                theirs, ours = inner.dense(query, 10, where), mine.dense(query, 10, where)
                assert [i for i, _ in ours] == [i for i, _ in theirs]
                np.testing.assert_allclose([s for _, s in ours], [s for _, s in theirs], atol=1e-6)
            assert mine.namespaces(where) == inner.namespaces(where)
            assert mine.adjacent(["r010", "r011", "r050"], where) == inner.adjacent(
                ["r010", "r011", "r050"], where
            )
        again = [record("x", batch[5].text, user_id="u2", agent_id="bot", session_id="s1")]
        assert mine.find_duplicates(again) == inner.find_duplicates(again)
        assert mine.stats().by_kind == inner.stats().by_kind
        assert mine.stats().vectors == inner.stats().vectors == 120


def unit_vector(rng: np.random.Generator) -> NDArray[np.float32]:
    vector = rng.normal(size=8).astype(np.float32)
    return vector / np.linalg.norm(vector)


def test_no_part_of_remem_needs_pytest() -> None:
    """The suite imports pytest; the package, and the reference of filters, do not."""
    code = (
        "import sys, remem, remem.stores, remem.testing, remem.testing.filters; "
        "assert 'pytest' not in sys.modules and 'hypothesis' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_store_of_records_only_serves_remem_whole(tmp_path: Path) -> None:
    """A backend that writes only the ten record primitives is a full memory: add, search,
    read and delete work through ``remem.Memory`` and the REST API (which then holds no API
    keys); the optional parts it lacks are refused where they are asked for, with a message
    that says so, and a migration never drops what a store keeps in a table the other lacks."""
    from fastapi.testclient import TestClient

    import remem
    from remem.apikeys import KeyRing
    from remem.server import create_app
    from remem.stores.migrate import migrate_store
    from remem.stores.sqlite import SQLiteStore

    inner = SQLiteStore(tmp_path / "inner")
    mem = remem.Memory(RecordsOnly(inner), remem.get_embedder("hash:64"))
    sam = mem.add("Sam is allergic to cashews", user_id="sam", kind="fact")
    assert [h.id for h in mem.search("cashews", user_id="sam")] == [sam.id]
    assert mem.get(sam.id).text == sam.text and mem.list(user_id="sam") == [mem.get(sam.id)]
    with pytest.raises(StoreError, match="has no cache"):
        mem.cache("answers")
    assert KeyRing(mem.store).list() == [] and not KeyRing(mem.store).active()
    with pytest.raises(StoreError, match="has no keys"):
        KeyRing(mem.store).create("ops", admin=True)
    with pytest.raises(StoreError, match=r"has no erase \(Erasure\) for forgetting a subject"):
        mem.forget(user_id="sam")
    assert mem.get(sam.id).text == sam.text  # refused before anything was touched
    api = TestClient(create_app(mem))
    found = api.post("/v1/search", json={"query": "cashews", "user_id": "sam"}).json()
    assert [h["id"] for h in found["hits"]] == [sam.id]
    # Records only into a whole store: copied; a whole store's cache into records only: refused.
    whole = SQLiteStore(tmp_path / "whole")
    assert migrate_store(mem.store, whole).records == 1
    source = remem.open(tmp_path / "cached", embedder="hash:64")
    source.cache("answers").set("q", "a")
    with pytest.raises(StoreError, match="CacheTable"):
        migrate_store(source.store, RecordsOnly(SQLiteStore(tmp_path / "empty")))
    assert mem.delete([sam.id]) == 1 and mem.list() == []
    for closing in (source, mem, whole):
        closing.close()


# -- the suite catches broken stores ---------------------------------------------------------------
def test_the_suite_fails_every_broken_store(tmp_path: Path) -> None:
    """Each store of tests/store_mutants.py has one realistic bug (a no-op ``touch``, an
    ignored ``expected=``, a stale ``updated_at``, no embedder check, a read or a keyword search
    that drops its condition, pages that skip a row, chunks that outlive their document, one
    operator compiled wrong, vectors a delete forgets): the shipped suite, run on each as a third
    party would, fails it; on the same backend unbroken it passes."""
    import xml.etree.ElementTree as ET

    from .store_mutants import MUTANTS

    names = [None, *MUTANTS]
    module = tmp_path / "test_mutants.py"
    module.write_text(
        "from remem.testing import conformance_suite\n"
        "from tests.store_mutants import opener\n"
        + "".join(
            f"Test{i} = conformance_suite(opener({name!r}), shared_handles=False)\n"
            for i, name in enumerate(names)
        )
    )
    report = tmp_path / "report.xml"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(root),
         "--junitxml", str(report), str(module)],
        cwd=root, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert report.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    failed: dict[str, list[str]] = {f"Test{i}": [] for i in range(len(names))}
    ran: dict[str, int] = dict.fromkeys(failed, 0)
    for case in ET.parse(report).getroot().iter("testcase"):
        cls = case.get("classname", "").rsplit(".", 1)[-1]
        ran[cls] += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed[cls].append(str(case.get("name")))
    assert ran["Test0"] > 30 and failed["Test0"] == [], failed["Test0"]  # the control passes
    caught = {name: failed[f"Test{i}"] for i, name in enumerate(names) if name is not None}
    assert [name for name, tests in caught.items() if not tests] == [], caught
