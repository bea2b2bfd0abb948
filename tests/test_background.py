"""Background builds end cleanly (issue 47, item 4): a process that exits while its vector
index is being built exits as a script should, and a process forked after faiss ran — or
while a build runs — can build and search in the child."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import remem
from remem.index import background

LIMIT = 2_000  # exact search below this many vectors: an ANN build above it


def _store(path: Path, n: int, dims: int = 64) -> None:
    vectors = np.random.default_rng(0).standard_normal((n, dims)).astype(np.float32)
    with remem.open(path, embedder=f"hash:{dims}", exact_search_limit=LIMIT) as mem:
        for start in range(0, n, 10_000):
            rows = range(start, min(start + 10_000, n))
            mem.add_many(
                [
                    {"text": f"memory {i} about topic {i % 97}", "user_id": f"u{i % 20}"}
                    for i in rows
                ],
                embeddings=vectors[rows.start : rows.stop],
                progress=False,
            )
    for index_file in path.glob("remem.index*"):
        index_file.unlink()  # the next search starts a build


def test_processes_that_exit_mid_build_exit_cleanly(tmp_path: Path) -> None:
    """The issue's script, many times: open, forget nobody, two unscoped searches (the second
    finds the build under way), forget again, exit without close()."""
    store = tmp_path / "s"
    _store(store, 25_000)
    script = textwrap.dedent(
        f"""
        import sys, remem
        mem = remem.open(sys.argv[1], embedder="hash:64", exact_search_limit={LIMIT})
        mem.forget(user_id="nobody")
        mem.search("topic 5", k=5)
        building = mem.index_state().building
        mem.search("memory about", k=5)
        mem.forget(user_id="nobody")
        print("building" if building else "built")
        """
    )
    seen = set()
    for _ in range(6):
        for index_file in store.glob("remem.index*"):
            index_file.unlink()
        done = subprocess.run(
            [sys.executable, "-c", script, str(store)], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert "FATAL" not in done.stderr and "Traceback" not in done.stderr, done.stderr
        seen.add(done.stdout.strip())
    assert "building" in seen  # the exits did happen while a build ran
    with remem.open(store, embedder="hash:64", exact_search_limit=LIMIT) as mem:
        assert mem.stats().records == 25_000
        assert len(mem.search("topic 5", k=5, user_id="u5")) == 5


def _child_builds(path: str, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    with remem.open(path, embedder="hash:64", exact_search_limit=LIMIT) as mem:
        mem.build_index()
        out.put((mem.index_state().ready, len(mem.search("topic 7", k=3, user_id="u7"))))


@pytest.mark.parametrize("while_building", [False, True])
def test_a_forked_child_builds_and_searches(tmp_path: Path, while_building: bool) -> None:
    """libgomp's threads do not follow a fork: without remem's care the child's first faiss
    build waits for them forever. Forked while the parent's own build runs, the parent stops
    it first (and builds again later)."""
    parent_store, child_store = tmp_path / "p", tmp_path / "c"
    _store(parent_store, 12_000)
    _store(child_store, 12_000)
    with remem.open(parent_store, embedder="hash:64", exact_search_limit=LIMIT) as mem:
        if not while_building:
            mem.build_index()  # faiss's OpenMP team has run in the parent
        mem.search("topic 3", k=3)  # a build starts when none is saved
        fork = multiprocessing.get_context("fork")
        out = fork.Queue()
        child = fork.Process(target=_child_builds, args=(str(child_store), out))
        child.start()
        child.join(120)
        hung = child.is_alive()
        if hung:
            child.kill()
        assert not hung, "the forked child hung in faiss"
        assert child.exitcode == 0 and out.get(timeout=5) == (True, 3)
        assert not background.stopping()  # the parent's builds run again after the fork
        mem.build_index()
        assert mem.index_state().ready


def test_stop_all_ends_a_build_under_way_and_resume_lets_builds_run(tmp_path: Path) -> None:
    store = tmp_path / "s"
    _store(store, 25_000)
    with remem.open(store, embedder="hash:64", exact_search_limit=LIMIT) as mem:
        mem.search("topic 1", k=3)
        assert mem.index_state().building or mem.index_state().ready
        try:
            background.stop_all()
            assert background.running() == [] and background.stopping()
        finally:
            background.resume()
        mem.build_index()  # the next one is built whole, and searches were right meanwhile
        assert mem.index_state().ready
        assert len(mem.search("topic 1", k=3, user_id="u1")) == 3


def test_a_process_that_exits_mid_hnsw_build_leaves_no_build_on_the_server() -> None:
    """PostgreSQL builds the HNSW index for a search on a thread of the client's; a script
    that exits while it runs cancels the statement (the server would otherwise go on building
    for a client long gone, holding its advisory lock) and exits cleanly."""
    import psycopg

    from . import pg

    url = pg.url_for("background-hnsw")
    dims, n = 128, 40_000
    vectors = np.random.default_rng(1).standard_normal((n, dims)).astype(np.float32)
    with remem.open(url, embedder=f"hash:{dims}", exact_search_limit=LIMIT) as mem:
        for start in range(0, n, 10_000):
            mem.add_many(
                [
                    {"text": f"memory {i}", "user_id": f"u{i % 20}"}
                    for i in range(start, start + 10_000)
                ],
                embeddings=vectors[start : start + 10_000],
                progress=False,
            )
    script = textwrap.dedent(
        f"""
        import sys, time, psycopg, remem
        mem = remem.open(sys.argv[1], embedder="hash:{dims}", exact_search_limit={LIMIT})
        mem.search("memory", k=5)  # exact, and the index's build starts
        with psycopg.connect(sys.argv[1], autocommit=True) as conn:
            for _ in range(200):  # until the server runs it
                if conn.execute("SELECT count(*) FROM pg_stat_activity "
                                "WHERE query LIKE 'CREATE INDEX CONCURRENTLY%'").fetchone()[0]:
                    print("building")
                    break
                time.sleep(0.05)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, url], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "building" in done.stdout, "the build was over before the script exited"
    assert "Traceback" not in done.stderr, done.stderr
    with psycopg.connect(url, autocommit=True) as conn:
        running = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'CREATE INDEX CONCURRENTLY%'"
            " AND state = 'active'"
        ).fetchone()
    assert running == (0,)
