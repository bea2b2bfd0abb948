"""HNSW's search breadth on PostgreSQL, chosen on queries the vector benchmark does not report.

    python benchmarks/ef_search.py --size 100000 [--ef 40,64,100,128,160,200] [--json out.json]

Loads the vector benchmark's records of that size (``benchmarks/vectors.py``: the same seeded
mixture, the same LoCoMo texts) through the store into a throwaway cluster with
``TUNED_POSTGRES``, builds the index, then runs the store's ANN statement (half-precision
candidates, ``max(20, 2k)`` of them, rescored with the full vectors; relaxed iterative scans)
for 200 *held-out* queries — drawn from the same mixture with another seed, their exact answers
by numpy — at each ``ef_search``: recall@10 and p50 of the statement. The store's default
(``EF_SEARCH`` and its growth with the size) was chosen from these figures, not from the
queries ``make bench-vectors`` reports.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from vectors import DIMS, TUNED_POSTGRES, locomo_text, make_data, unit  # noqa: E402

#: The held-out queries' seed (the benchmark's own draw from the size's seed).
SEED = 20261126
K = 10
STATEMENT = (
    "SELECT c.id FROM (SELECT m.id, m.embedding, m.seq FROM memories m "
    "WHERE m.embedding IS NOT NULL ORDER BY m.embedding::halfvec({d}) <=> %(q)s::halfvec({d}) "
    "LIMIT 20) c ORDER BY (c.embedding <=> %(q)s), c.seq LIMIT 10"
)


def held_out(size: int, data: np.ndarray, count: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """Queries from the benchmark's mixture (its centres: the first draw of the size's seed)
    with noise of another seed, and their exact top 10."""
    centres = unit(np.random.default_rng(size).normal(size=(100, DIMS)))
    rng = np.random.default_rng(SEED)
    picks = rng.integers(0, len(centres), count)
    queries = unit(centres[picks] + rng.normal(scale=0.08, size=(count, DIMS))).astype(np.float32)
    scores = np.concatenate(
        [np.asarray(data[s : s + 100_000]) @ queries.T for s in range(0, len(data), 100_000)]
    )
    return queries, np.argsort(-scores, axis=0)[:K].T


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--ef", default="40,64,100,128,160,200,300,400,600,1000")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    import psycopg
    from pgvector.psycopg import register_vector
    from tests.pg import Cluster

    import remem

    folder = make_data(args.size, 200)
    data = np.load(folder / "vectors.npy", mmap_mode="r")
    queries, truth = held_out(args.size, data)
    turns, _ = locomo_text()
    cluster = Cluster(standbys=0)
    report: dict[str, Any] = {"size": args.size, "settings": TUNED_POSTGRES, "ef": {}}
    try:
        cluster.primary.stop()
        cluster.primary.start(**TUNED_POSTGRES)
        cluster.primary.sql("CREATE DATABASE bench")
        url = cluster.primary.url("bench")
        with remem.open(url, embedder="local:minilm", progress="off",
                        store_options={"index_memory": "8GB"}) as mem:  # fmt: skip
            for start in range(0, args.size, 10_000):
                stop = min(start + 10_000, args.size)
                items = [
                    {"text": f"record {i} {turns[i % len(turns)]}"} for i in range(start, stop)
                ]
                mem.add_many(items, embeddings=np.asarray(data[start:stop]), progress=False)
            mem.build_index()
        with psycopg.connect(url, autocommit=True) as conn:
            register_vector(conn)
            number = {
                i: int(t.split()[1]) for i, t in conn.execute("SELECT id, text FROM memories")
            }
            conn.execute("SET hnsw.iterative_scan = relaxed_order")
            statement = STATEMENT.format(d=DIMS)
            for ef in [int(value) for value in args.ef.split(",")]:
                conn.execute(f"SET hnsw.ef_search = {ef}")
                recall, times = [], []
                for query, want in zip(queries, truth, strict=True):
                    started = time.perf_counter()
                    rows = conn.execute(statement, {"q": query}).fetchall()
                    times.append((time.perf_counter() - started) * 1000)
                    recall.append(len({number[r[0]] for r in rows} & set(want.tolist())) / K)
                figures = {
                    "recall": round(float(np.mean(recall)), 4),
                    "p50_ms": round(statistics.median(times), 2),
                }
                report["ef"][ef] = figures
                shown = f"recall@10 {figures['recall']:.4f}, p50 {figures['p50_ms']:.2f} ms"
                print(f"{args.size:>9,} rows, ef_search {ef:>4}: {shown}", flush=True)
    finally:
        cluster.close()
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
