"""Several processes writing one store at once: nothing lost, nothing half-written."""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path

import remem


def _writer(path: str, worker: int, count: int) -> None:
    with remem.open(path, embedder="hash:32") as mem:
        for i in range(count):
            if i % 5 == 0:
                mem.add_many([f"w{worker} batch {i} item {j}" for j in range(3)])
            else:
                mem.add(f"w{worker} single {i}")
            mem.search(f"w{worker}", k=3)


def test_concurrent_processes(tmp_path: Path) -> None:
    path = str(tmp_path / "store")
    with remem.open(path, embedder="hash:32") as mem:
        mem.add("seed")
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 20)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    with remem.open(path) as mem:
        # per worker: 4 batches of 3 plus 16 singles
        assert mem.stats().records == 1 + 4 * (4 * 3 + 16)
        for w in range(4):
            assert len(mem.list(filters={"text": {"$contains": f"w{w} "}}, limit=1000)) == 28
        dense = mem.search("w3 single", mode="dense", k=1000)
        assert len(dense) == mem.stats().records
