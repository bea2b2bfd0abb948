"""The read path of a search: neighbours read in one batched walk, access statistics deferred
off it (no write transaction in a search), and every read still showing this memory's own
accesses."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import remem
from remem.core.filters import Cond, Filter, scope_filter
from remem.embedders.hashing import HashEmbedder
from remem.retrieval.neighbours import walk
from remem.stores.sqlite.store import SQLiteStore

NOW = datetime(2024, 6, 19, 15, 30, tzinfo=UTC)
WORDS = ["river", "mountain", "garden", "violin", "harbour", "lantern", "orchard", "glacier"]


def fill(mem: remem.Memory) -> None:
    """Sessions of three users (two share a session id), mixed kinds, a document's chunks."""
    items = []
    for user in ("ann", "bob", "cy"):
        for session in ("s1", "s2"):
            for i in range(12):
                word = WORDS[(i + len(user)) % len(WORDS)]
                items.append(
                    {
                        "text": f"{user} {session} turn {i} about the {word}",
                        "user_id": user,
                        "session_id": session,
                        "kind": "message" if i % 5 else "observation",
                        "created_at": NOW + timedelta(minutes=i),
                    }
                )
    mem.add_many(items)
    text = " ".join(f"Paragraph {i} is about the {WORDS[i % len(WORDS)]}." for i in range(30))
    mem.add_document(text, user_id="ann", chunk_size=12, chunk_overlap=0)


def per_hit(
    mem: remem.Memory, hits: list[remem.SearchHit], width: int, near: Filter | None
) -> list[list[str]]:
    """The neighbours as expansion read them before batching: one walk per hit, one
    ``adjacent`` call per hit and step and one ``get`` per hit, never repeating a record."""
    taken = {hit.id for hit in hits}
    out = []
    for hit in hits:
        before: list[str] = []
        after: list[str] = []
        back: str | None = hit.id
        ahead: str | None = hit.id
        for _ in range(width):
            links = mem.store.adjacent([i for i in (back, ahead) if i is not None], near)
            back = links[back][0] if back in links else None
            ahead = links[ahead][1] if ahead in links else None
            if back is None and ahead is None:
                break
            before += [back] if back is not None else []
            after += [ahead] if ahead is not None else []
        found = {r.id for r in mem.store.get(before + after, near)}
        around = [i for i in [*reversed(before), *after] if i in found and i not in taken]
        taken.update(around)
        out.append(around)
    return out


@pytest.mark.parametrize("width", [1, 2, 3, 7])
def test_batched_expansion_equals_the_per_hit_walk(mem: remem.Memory, width: int) -> None:
    fill(mem)
    bob = remem.Grant(users=("bob",))
    views = [  # (memory, scope of the search, the ``near`` the search reads neighbours in)
        (mem, {}, None),
        (mem, {"user_id": "ann"}, Cond("user_id", "$eq", "ann")),
        (mem, {"user_id": "cy", "session_id": "s2"}, scope_filter("cy", None, "s2", None)),
        (mem.scoped(bob), {}, bob.where()),
    ]
    compared = 0
    for memory, scope, near in views:
        for word in [*WORDS, "turn", "Paragraph"]:
            for mode in ("hybrid", "keyword"):
                hits = memory.search(word, k=8, mode=mode, expand=width, touch=False, **scope)
                got = [[n.id for n in hit.neighbors] for hit in hits]
                assert got == per_hit(memory, hits, width, near)
                compared += sum(map(len, got))
    assert compared > 100  # the fixture has neighbours to compare


def test_walk_reads_every_hit_s_neighbours_in_one_call_per_step() -> None:
    # Two chains: a0 - a1 - ... - a9 and b0 - ... - b3.
    chains = [[f"a{i}" for i in range(10)], [f"b{i}" for i in range(4)]]
    links: dict[str, tuple[str | None, str | None]] = {}
    for chain in chains:
        for i, item in enumerate(chain):
            links[item] = (
                chain[i - 1] if i else None,
                chain[i + 1] if i + 1 < len(chain) else None,
            )
    asked: list[list[str]] = []

    def adjacent(ids: list[str]) -> dict[str, tuple[str | None, str | None]]:
        asked.append(ids)
        return {i: links[i] for i in ids if i in links}

    walks = walk(["a5", "b1", "a0", "gone"], adjacent, 3)
    assert walks == {
        "a5": ["a2", "a3", "a4", "a6", "a7", "a8"],
        "b1": ["b0", "b2", "b3"],
        "a0": ["a1", "a2", "a3"],
        "gone": [],
    }
    assert len(asked) == 3  # one call per step, for every walk together
    assert walk(["a5"], adjacent, 0) == {"a5": []}


# -- access statistics ----------------------------------------------------------------------------
def stored_counts(path: Path) -> dict[str, int]:
    """access_count of every record as the database holds it, read by another connection."""
    with sqlite3.connect(path / "remem.db") as conn:
        return dict(conn.execute("SELECT id, access_count FROM memories").fetchall())


def test_a_search_takes_no_write_lock(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64", busy_timeout=5) as mem:
        rec = mem.add("remember the milk", session_id="a")
        other = sqlite3.connect(tmp_path / "s" / "remem.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            started = time.perf_counter()
            for _ in range(3):
                assert mem.search("milk", expand=1)[0].id == rec.id
            assert time.perf_counter() - started < 2  # not waiting on the lock (5 s)
            assert mem.get(rec.id).access_count == 3  # its own accesses, at once
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert stored_counts(tmp_path / "s") == {rec.id: 0}  # not written yet
    assert stored_counts(tmp_path / "s") == {rec.id: 3}  # written at close


def test_due_accesses_wait_while_another_writer_holds_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remem.engine.core, "TOUCH_AGE", 0.0)  # every search finds them due
    with remem.open(tmp_path / "s", embedder="hash:64", busy_timeout=5) as mem:
        rec = mem.add("remember the milk")
        mem.search("milk")
        assert stored_counts(tmp_path / "s") == {rec.id: 1}  # due: written by the search
        other = sqlite3.connect(tmp_path / "s" / "remem.db", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            started = time.perf_counter()
            mem.search("milk")
            assert time.perf_counter() - started < 2  # left pending, not waited for
            assert mem.get(rec.id).access_count == 2
        finally:
            other.execute("ROLLBACK")
            other.close()
        mem.search("milk")  # the lock is free again: both written now
        assert stored_counts(tmp_path / "s") == {rec.id: 3}


def test_many_pending_accesses_are_written_by_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remem.engine.core, "TOUCH_LIMIT", 5)
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        records = mem.add_many([f"note {i} about tea" for i in range(6)])
        mem.search("tea", k=3)
        assert set(stored_counts(tmp_path / "s").values()) == {0}
        mem.search("note 4 note 5 note 3", k=3, mode="keyword")
        counts = stored_counts(tmp_path / "s")
        assert sum(counts.values()) == 6 and len(records) == 6


def test_accesses_show_in_every_read_and_are_written_at_the_next_write(
    disk_mem: remem.Memory,
) -> None:
    path = Path(disk_mem.store.path)
    first = disk_mem.add("the first turn about tea", session_id="s", created_at=NOW)
    second = disk_mem.add("the second turn", session_id="s", created_at=NOW + timedelta(minutes=1))
    hit = disk_mem.search("tea", k=1, mode="keyword", expand=1)[0]
    assert hit.id == first.id and hit.access_count == 0  # a search shows accesses before its own
    assert [n.id for n in hit.neighbors] == [second.id]
    again = disk_mem.search("tea", k=1, mode="keyword", expand=1)[0]
    assert again.access_count == 1 and again.last_accessed_at is not None
    record = disk_mem.get(first.id)
    assert record.access_count == 2 and record.last_accessed_at >= again.last_accessed_at
    assert [r.access_count for r in disk_mem.get_many([first.id, second.id])] == [2, 0]
    assert [r.access_count for r in disk_mem.list(session_id="s")] == [2, 0]
    # A filter on access statistics is answered by the store: it gets them first.
    used = disk_mem.list(filters={"access_count": {"$gte": 2}})
    assert [r.id for r in used] == [first.id]
    assert stored_counts(path)[first.id] == 2
    disk_mem.search("tea", k=1, mode="keyword")
    assert stored_counts(path)[first.id] == 2
    disk_mem.add("a write", session_id="other")
    assert stored_counts(path)[first.id] == 3  # written before the write


def test_recency_sees_the_memory_s_own_accesses(mem: remem.Memory) -> None:
    old = mem.add("the garden needs water", kind="observation", created_at=NOW - timedelta(days=30))
    hit = mem.search("garden", k=1, now=NOW + timedelta(days=1), recency_weight=1)[0]
    assert hit.id == old.id and hit.scores["recency"] < 0.1  # by creation, 31 days ago
    again = mem.search("garden", k=1, now=datetime.now(UTC), recency_weight=1, touch=False)[0]
    assert again.scores["recency"] > 0.99  # by the access just made, still pending


def test_scoped_views_share_the_pending_accesses(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        rec = mem.add("ann's note about tea", user_id="ann")
        view = mem.scoped(remem.Grant(users=("ann",)))
        view.search("tea")
        view.search("tea")
        view.close()  # a view's close leaves the store (and the pending accesses) to its root
        assert mem.get(rec.id).access_count == 2
        assert view.get(rec.id).access_count == 2
        assert stored_counts(tmp_path / "s") == {rec.id: 0}
    assert stored_counts(tmp_path / "s") == {rec.id: 2}


def test_concurrent_searches_count_every_access(disk_mem: remem.Memory) -> None:
    rec = disk_mem.add("remember the milk")
    threads = [
        threading.Thread(target=lambda: [disk_mem.search("milk") for _ in range(25)])
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert disk_mem.get(rec.id).access_count == 100


def test_store_touch_writes_counts_in_one_transaction(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s", busy_timeout=5)
    mem = remem.Memory(store, remem.get_embedder("hash:64"))
    a, b = mem.add("a"), mem.add("b")
    at = NOW.timestamp()
    assert store.touch({a.id: (3, at), b.id: (1, at + 60), "unknown": (1, at)})
    got = {r.id: r for r in store.get([a.id, b.id])}
    assert got[a.id].access_count == 3 and got[a.id].last_accessed_at == NOW
    assert got[b.id].access_count == 1 and got[b.id].last_accessed_at == NOW + timedelta(minutes=1)
    other = sqlite3.connect(tmp_path / "s" / "remem.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        started = time.perf_counter()
        assert store.touch({a.id: (1, at)}, wait=False) is False
        assert time.perf_counter() - started < 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert store.get([a.id])[0].access_count == 3
    assert store.touch({a.id: (1, at)}, wait=False) is True  # and the busy timeout is back
    assert store.get([a.id])[0].access_count == 4
    mem.close()


class GatedEmbedder(HashEmbedder):
    """Embeds a query only once the store's keyword search has started (or after ``wait``
    seconds): a search that ran the two one after the other would find the gate shut."""

    def __init__(self, gate: threading.Event, wait: float = 5.0) -> None:
        super().__init__(64)
        self.gate, self.wait = gate, wait
        self.opened: list[bool] = []

    def _embed_batch(self, texts: list[str]) -> Any:
        self.opened.append(self.gate.wait(self.wait))
        return super()._embed_batch(texts)


def test_the_keyword_search_runs_while_the_query_is_embedded(tmp_path: Path) -> None:
    gate = threading.Event()
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        fill(mem)
    embedder = GatedEmbedder(gate)
    with remem.open(tmp_path / "store", embedder=embedder) as mem:
        keyword = mem.store.keyword

        def started(*args: Any, **kwargs: Any) -> Any:
            gate.set()
            return keyword(*args, **kwargs)

        mem.store.keyword = started  # type: ignore[method-assign]
        hits = mem.search("the violin", k=5, touch=False)
        assert embedder.opened == [True]  # the gate opened while the query was embedding
        given = mem.search(
            "the violin", vector=mem.query_vector("the violin"), k=5, touch=False
        )  # embedded first, then both searches in turn: the same answer
        assert [(h.id, h.scores) for h in hits] == [(h.id, h.scores) for h in given]
        assert any("violin" in h.text for h in hits)


def test_the_embedding_shares_the_cores_once_the_keyword_search_is_the_longer(
    tmp_path: Path,
) -> None:
    """The retriever times the two: while the keyword search outlasts the query's embedding
    (a large store), later embeddings run inside ``sharing_cores``; while it does not, never.
    The answers do not change."""

    class Recording(HashEmbedder):
        def __init__(self) -> None:
            super().__init__(64)
            self.shared: list[bool] = []
            self.inside = False
            self.delay = 0.0

        def sharing_cores(self) -> Any:
            outer = self

            class Inside:
                def __enter__(self) -> None:
                    outer.inside = True

                def __exit__(self, *exc: object) -> None:
                    outer.inside = False

            return Inside()

        def _embed_batch(self, texts: list[str]) -> Any:
            self.shared.append(self.inside)
            time.sleep(self.delay)
            return super()._embed_batch(texts)

    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        fill(mem)
    embedder = Recording()
    with remem.open(tmp_path / "store", embedder=embedder) as mem:
        embedder.delay = 0.05  # a slow model, a quick keyword search: the model keeps its cores
        first = [(h.id, h.scores) for h in mem.search("the violin", k=5, touch=False)]
        for _ in range(3):
            mem.search("the violin", k=5, touch=False)
        assert embedder.shared == [False] * 4
        embedder.delay = 0.0
        keyword = mem.store.keyword

        def slow(*args: Any, **kwargs: Any) -> Any:
            time.sleep(0.05)
            return keyword(*args, **kwargs)

        mem.store.keyword = slow  # type: ignore[method-assign]
        embedder.shared.clear()
        answers = [
            [(h.id, h.scores) for h in mem.search("the violin", k=5, touch=False)] for _ in range(6)
        ]
        assert embedder.shared[0] is False and embedder.shared[-1] is True
        assert all(answer == first for answer in answers)
        shared = len(embedder.shared)
        mem.search("violin", mode="dense", touch=False)  # no keyword search alongside
        assert embedder.shared[shared:] == [False]


def test_an_embedding_error_waits_for_the_keyword_search_and_is_raised(tmp_path: Path) -> None:
    class Broken(HashEmbedder):
        def _embed_batch(self, texts: list[str]) -> Any:
            raise remem.EmbedderError("the model is gone")

    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        fill(mem)
    with remem.open(tmp_path / "store", embedder=Broken(64)) as mem:
        finished: list[bool] = []
        keyword = mem.store.keyword

        def slow(*args: Any, **kwargs: Any) -> Any:
            time.sleep(0.2)
            found = keyword(*args, **kwargs)
            finished.append(True)
            return found

        mem.store.keyword = slow  # type: ignore[method-assign]
        with pytest.raises(remem.EmbedderError, match="the model is gone"):
            mem.search("the violin", touch=False)
        assert finished == [True]  # not left running behind the error
        assert [h.text for h in mem.search("violin", mode="keyword", touch=False)]
    assert not [t for t in threading.enumerate() if t.name.startswith("remem-keyword")]


def test_reads_by_id_find_their_rows_by_id_whatever_the_scope(tmp_path: Path) -> None:
    """A scope on a read by id is checked on the rows found by id, never used to find them:
    SQLite's planner preferred the agent index and read every record of the agent."""
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add_many(
            {"text": f"turn {i}", "agent_id": "bot", "session_id": f"s{i // 10}"}
            for i in range(300)
        )
        ids = [r.id for r in mem.list(agent_id="bot", limit=5)]
        near = scope_filter(None, "bot", None, None)
        statements: list[str] = []
        mem.store._db.raw.set_trace_callback(statements.append)
        assert [r.id for r in mem.store.get(ids, near)] == ids
        assert set(mem.store.adjacent(ids, near)) == set(ids)
        mem.store._db.raw.set_trace_callback(None)
    reads = [s for s in statements if s.lstrip().startswith("SELECT")]
    assert len(reads) == 2
    check = sqlite3.connect(tmp_path / "store" / "remem.db")
    for sql in reads:
        plan = " | ".join(row[3] for row in check.execute(f"EXPLAIN QUERY PLAN {sql}"))
        assert "memories_agent" not in plan, plan
        assert "sqlite_autoindex_memories_1 (id=?)" in plan, plan
    check.close()


def test_duplicates_are_found_by_their_hash_not_by_reading_the_scope(tmp_path: Path) -> None:
    """Finding a duplicate reads the rows whose hash begins alike, never the scope's records:
    the scope index would have SQLite read every record of the user before each add."""
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add_many({"text": f"fact {i}", "kind": "fact", "user_id": "u"} for i in range(300))
        statements: list[str] = []
        mem.store._db.raw.set_trace_callback(statements.append)
        again = mem.add("fact 7", kind="fact", user_id="u")
        mem.store._db.raw.set_trace_callback(None)
        assert again.text == "fact 7" and len(mem.list(user_id="u", limit=1000)) == 300
        assert mem.add("fact 7", kind="fact", user_id="v").id != again.id  # another scope
    lookups = [s for s in statements if "substr(content_hash" in s]
    assert lookups
    check = sqlite3.connect(tmp_path / "store" / "remem.db")
    for sql in lookups:
        plan = " | ".join(row[3] for row in check.execute(f"EXPLAIN QUERY PLAN {sql}"))
        assert "USING INDEX memories_hash_prefix" in plan, plan
    check.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_searches_with_threads_of_its_own(tmp_path: Path) -> None:
    """The keyword search's worker threads do not survive a fork: a child handed a started
    pool would queue its keyword search for an idle thread it does not have, and wait."""
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        fill(mem)
        assert mem.search("violin", touch=False)  # the pool has started, its thread idles
        pid = os.fork()
        if pid == 0:  # the child runs work on the retriever's pool, then leaves at once
            code = 1
            try:
                done = mem.retriever._background(lambda: [("ran", 1.0)])
                code = 0 if done.result(timeout=5) == [("ran", 1.0)] else 1
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0


def test_a_keyword_search_does_not_wait_for_the_store_s_connection(tmp_path: Path) -> None:
    """Keyword searches read on a connection of their own: while another thread holds the
    store's connection (a dense search, a write), one still answers."""
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        fill(mem)
        held, release = threading.Event(), threading.Event()

        def hold() -> None:
            with mem.store._db.lock:
                held.set()
                release.wait(10)

        holder = threading.Thread(target=hold)
        holder.start()
        try:
            assert held.wait(5)
            found: list[list[tuple[str, float]]] = []
            searcher = threading.Thread(
                target=lambda: found.append(mem.store.keyword("violin", 5, None))
            )
            searcher.start()
            searcher.join(5)
            assert not searcher.is_alive() and found and len(found[0]) == 5
        finally:
            release.set()
            holder.join()
        # The same answer as through the store's connection, inside a read transaction on it.
        with mem.store._db.snapshot():
            assert mem.store.keyword("violin", 5, None) == found[0]
