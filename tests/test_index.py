"""The vector index beside a store: built on first need (on a thread of its own, searches
exact meanwhile), saved, checked against the store on open, caught up with other processes'
changes, and rebuilt — with a warning — when unusable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import remem

DIMS = 32
COUNT = 1500
LIMIT = 300  # exact_search_limit: small, so the graph is used


def vectors(count: int, seed: int) -> np.ndarray:
    rows = np.random.default_rng(seed).normal(size=(count, DIMS))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def header(path: Path) -> Path:
    return path / "remem.index.json"


def parts(path: Path) -> list[Path]:
    return sorted(path.glob("remem.index.*.*"))


def open_store(path: Path, limit: int = LIMIT) -> remem.Memory:
    return remem.open(path, embedder=f"hash:{DIMS}", exact_search_limit=limit)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "s"
    with open_store(path) as mem:
        items = [{"text": f"memory {i}", "user_id": f"u{i % 7}"} for i in range(COUNT)]
        mem.add_many(items, embeddings=vectors(COUNT, 1))
    return path


def top(mem: remem.Memory, query: np.ndarray, **scope: str) -> list[str]:
    return [h.text for h in mem.search(vector=query, mode="dense", k=10, touch=False, **scope)]


def exact(path: Path, query: np.ndarray, **scope: str) -> list[str]:
    with open_store(path, limit=10**9) as mem:
        return top(mem, query, **scope)


def recall(found: list[str], truth: list[str]) -> float:
    return len(set(found) & set(truth)) / len(truth)


def test_graph_is_built_saved_and_reused(store: Path) -> None:
    queries = vectors(20, 2)
    truth = [exact(store, q) for q in queries]
    assert not header(store).exists()  # small searches never needed a graph
    with open_store(store) as mem:
        # The first search answers exactly and starts the build on a thread of its own.
        assert top(mem, queries[0]) == truth[0]
        mem.store.build_index()  # waits for it
        assert header(store).exists()
        assert {p.suffix for p in parts(store)} == {".npz", ".faiss"}
        first = [top(mem, q) for q in queries]
    assert np.mean([recall(f, t) for f, t in zip(first, truth, strict=True)]) >= 0.95
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a good file loads silently
        with open_store(store) as mem:
            assert [top(mem, q) for q in queries] == first
            # Scoped searches run exactly: recall 1.0.
            assert top(mem, queries[0], user_id="u3") == exact(store, queries[0], user_id="u3")


def test_file_catches_up_with_changes_made_while_closed(store: Path) -> None:
    with open_store(store) as mem:
        top(mem, vectors(1, 3)[0])  # builds and saves the graph
    with open_store(store, limit=10**9) as other:  # another process: exact, no graph
        gone = other.list(limit=50)
        other.delete([r.id for r in gone])
        new = other.add("brand new", vector=vectors(1, 4)[0])
        other.update(other.list(limit=1)[0].id, text="changed text")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with open_store(store) as mem:
            assert top(mem, vectors(1, 4)[0])[0] == new.text
            found = {h.id for h in mem.search(vector=vectors(1, 5)[0], mode="dense", k=1000)}
            assert not found & {r.id for r in gone}
            assert len(found) == min(1000, COUNT - 50 + 1)


def current(path: Path, suffix: str) -> Path:
    """The header, or the part with ``suffix`` that the header names."""
    if suffix == ".json":
        return header(path)
    token = json.loads(header(path).read_text())["token"]
    return path / f"remem.index.{token}{suffix}"


@pytest.mark.parametrize("broken", [".json", ".npz", ".faiss"])
def test_corrupt_file_is_rebuilt_with_a_warning(store: Path, broken: str) -> None:
    query = vectors(1, 6)[0]
    truth = exact(store, query)
    with open_store(store) as mem:
        top(mem, query)
    current(store, broken).write_bytes(b"not an index")
    with open_store(store) as mem, pytest.warns(remem.IndexWarning, match="unusable"):
        assert recall(top(mem, query), truth) >= 0.9
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the rebuilt index was saved, and loads silently
        with open_store(store) as mem:
            assert recall(top(mem, query), truth) >= 0.9
    assert len(parts(store)) <= 4  # two saves' parts at most: older ones are cleaned up


def test_missing_file_is_rebuilt_with_a_warning(store: Path) -> None:
    query = vectors(1, 6)[0]
    truth = exact(store, query)
    with open_store(store) as mem:
        top(mem, query)
    header(store).unlink()
    with open_store(store) as mem, pytest.warns(remem.IndexWarning, match="missing"):
        assert recall(top(mem, query), truth) >= 0.9


def test_file_from_other_vectors_is_rebuilt(store: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    with open_store(other) as mem:
        mem.add_many([f"x{i}" for i in range(COUNT)], embeddings=vectors(COUNT, 9))
        top(mem, vectors(1, 1)[0])
    with open_store(store) as mem:
        top(mem, vectors(1, 1)[0])
    for part in parts(store):
        part.unlink()
    for part in (header(other), *parts(other)):
        (store / part.name).write_bytes(part.read_bytes())
    with open_store(store) as mem:
        with pytest.warns(remem.IndexWarning, match="holds|out of step|unusable"):
            hits = top(mem, vectors(1, 1)[0])
        assert all(text.startswith("memory") for text in hits)


def test_two_processes_share_a_graph_backed_store(store: Path) -> None:
    with open_store(store) as a, open_store(store) as b:
        query = vectors(1, 7)[0]
        top(a, query), top(b, query)
        added = a.add("added by a", vector=query)
        assert top(b, query)[0] == "added by a"
        b.delete(added.id)
        assert "added by a" not in top(a, query)


def test_bad_exact_search_limit(tmp_path: Path) -> None:
    with pytest.raises(remem.StoreError, match="exact_search_limit"):
        open_store(tmp_path / "s", limit=-1)
    with open_store(tmp_path / "s", limit=0) as mem:  # 0: the store's own default
        assert mem.store.exact_search_limit == 20_000  # type: ignore[attr-defined]


@pytest.mark.parametrize("given", [None, "ACTIVE"])
def test_faiss_threads_sleep_when_idle_unless_the_user_said_otherwise(
    tmp_path: Path, given: str | None
) -> None:
    """Spinning OpenMP threads took the cores from other searching processes: remem asks
    libgomp for passive waiting before faiss loads it, and keeps a value the user set."""
    script = (
        "import os, sys, numpy as np, remem\n"
        "assert 'faiss' not in sys.modules  # loaded by the first search, after the setting\n"
        f"mem = remem.open({str(tmp_path / 'store')!r}, embedder='hash:16')\n"
        "mem.add_many([f'turn {i}' for i in range(50)])\n"
        "mem.search('turn 7', mode='dense')\n"
        "import faiss\n"
        "print(os.environ.get('OMP_WAIT_POLICY'))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if given:
        env["OMP_WAIT_POLICY"] = given
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == (given or "PASSIVE")


def test_saved_index_keeps_no_vectors_and_reads_the_rows_back(store: Path) -> None:
    """The rows are the vectors' one durable copy: the saved index holds layout and cells only,
    and reopening puts the rows' vectors back — also for records changed while it was closed,
    including one whose number of vectors (its parts) changed."""
    queries = vectors(5, 12)
    with open_store(store) as mem:
        first = [mem.search(vector=q, mode="dense", k=10, touch=False) for q in queries]
    assert sum(p.stat().st_size for p in parts(store)) < COUNT * DIMS * 4  # the raw vectors
    with open_store(store) as mem:
        again = [mem.search(vector=q, mode="dense", k=10, touch=False) for q in queries]
    assert [[(h.id, h.score) for h in hits] for hits in again] == [
        [(h.id, h.score) for h in hits] for hits in first
    ]
    long_text = " ".join(f"word{i}" for i in range(3000))
    with open_store(store, limit=10**9) as other:  # another process: exact, saves no index
        changed = other.list(limit=1)[0]
        other.update(changed.id, text=long_text)  # re-embedded: a head and parts now
        assert len(other.store.vectors([changed.id], parts=True)[changed.id]) > 1
        other.add(long_text + " again")
    for query in (*queries, vectors(1, 13)[0]):
        truth = exact(store, query)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # the saved layout is used, not rebuilt
            with open_store(store) as mem:
                assert recall(top(mem, query), truth) >= 0.9
    with open_store(store) as mem:
        head = mem.store.vectors([changed.id])[changed.id]
        hit = mem.search(vector=head, mode="dense", k=1, touch=False)[0]
        assert (hit.id, hit.text) == (changed.id, long_text)


def test_no_search_waits_for_the_index_to_be_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first search after a bulk load used to build the ANN cells inside the request
    (26–30 s after importing 100,000 memories). The load starts the build on a thread of its
    own, and searches answer exactly — recall 1.0 — until it is installed."""
    from remem.index.vector_index import VectorIndex

    release = threading.Event()
    plain = VectorIndex.ann_job

    def held(self: VectorIndex, check: Any = lambda: None) -> Any:
        job = plain(self, check)
        if job is None:
            return None

        def slow() -> Any:
            assert release.wait(60)
            return job()

        return slow

    monkeypatch.setattr(VectorIndex, "ann_job", held)
    path = tmp_path / "bulk"
    queries = vectors(5, 3)
    with open_store(path) as mem:
        mem.search(vector=queries[0], mode="dense", touch=False)  # the index is in memory
        rows = [{"id": f"r{i}", "text": f"memory {i}"} for i in range(COUNT)]
        for row, vector in zip(rows, vectors(COUNT, 1), strict=True):
            row["vectors"] = vector.tolist()
        mem.import_records(rows)
        builder = mem.store._mirror.builder
        assert builder is not None and builder.is_alive()  # started by the import
        found = [top(mem, q) for q in queries]
        assert mem.store._vectors.ann is None  # every search above ran exactly
        release.set()
        builder.join(60)
        assert mem.store._vectors.ann is not None and mem.store._vectors.ann_size == COUNT
    assert found == [exact(path, q) for q in queries]
