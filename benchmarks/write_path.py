"""Where a batch write's time goes (issue 47): remem's bulk insert with given vectors, part by
part, on SQLite and PostgreSQL, beside a plain SQLite table with an FTS5 index doing the same job.

    python benchmarks/write_path.py [--size 100000] [--stores sqlite,postgres]
                                    [--json benchmarks/results/write-path.json]

Data: LoCoMo's conversation turns (read in place from ../shared/data, repeated to the size, each
with its number so none is a duplicate), 384-d unit vectors (seeded), 100 users; written through
``Memory.add_many(items, embeddings=...)`` in batches of 10,000 (its limit), as a user importing
from another system would. Per store:

- **records/s** of the whole import (no profiler), and the process's peak memory;
- **the breakdown**: one more batch of 10,000 onto the ``size`` records, timed by a profiler
  (``sys.setprofile``) that gives every call's own time to the innermost remem module on the
  stack, grouped into parts (validation, marks, provenance, keyword postings and statistics,
  vectors, audit, rows, transaction and commit, the engine's own steps). The profiler slows
  Python code more than native code, so read the shares, not the seconds; the unprofiled
  seconds of the same batch are given beside them;
- **bytes**: the database, and its keyword index (SQLite: ``dbstat``'s pages of the keyword
  tables; PostgreSQL: the keyword tables' ``pg_total_relation_size``).

The plain baselines write the same texts, vectors and users into one table, in the same batches,
one transaction each: SQLite with a vector BLOB and an FTS5 index over the text, with the same
durability (WAL, ``synchronous=FULL``); PostgreSQL with a ``vector`` column and pg_textsearch's
BM25 index over the text, by binary COPY, on the same server as remem's store. The keyword
index's bytes: remem's ``keyword_*`` tables (blocks, dead postings, scopes) beside the
baseline's FTS5 tables or BM25 index; the distinct terms each record keeps on its row (which
the triggers read to list a deleted record's postings) are given apart,
``keyword_terms_on_rows_mb``. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchmarks.vectors import locomo_text  # noqa: E402

DIMS = 384
BATCH = 10_000
USERS = 100

#: The innermost remem module on the stack decides the part a moment of time belongs to.
PARTS: tuple[tuple[str, str], ...] = (
    ("trust/marks", "marks (write-time scan)"),
    ("text/literals", "marks (write-time scan)"),
    ("trust/provenance", "provenance"),
    ("trust/__init__", "provenance"),
    ("text/keywords", "keyword postings and statistics"),
    ("text/porter", "keyword postings and statistics"),
    ("stores/keyword_index", "keyword postings and statistics"),
    ("stores/sqlite/keywords", "keyword postings and statistics"),
    ("stores/postgres/keywords", "keyword postings and statistics"),
    ("trust/audit", "audit events and hashing"),
    ("stores/audit_log", "audit events and hashing"),
    ("stores/sqlite/mirror", "vectors (index, blobs)"),
    ("stores/postgres/vectors", "vectors (index, blobs)"),
    ("index/", "vectors (index, blobs)"),
    ("stores/sqlite/connection", "transaction and commit"),
    ("stores/postgres/connection", "transaction and commit"),
    ("stores/", "rows (the store's statements)"),
    ("engine/items", "validation (items → records)"),
    ("core/", "validation (items → records)"),
    ("engine/", "the engine's steps (links, duplicates, expiry)"),
    ("embedders/", "embedding"),
)


def part_of(filename: str) -> str | None:
    marker = f"{os.sep}remem{os.sep}"
    at = filename.rfind(marker)
    if at < 0:
        return None
    inside = filename[at + len(marker) :].replace(os.sep, "/")
    for prefix, part in PARTS:
        if inside.startswith(prefix):
            return part
    return "other remem code"


class PartProfiler:
    """Each call's own time to the innermost remem module on the stack (a C call's to the
    module that made it)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self._parts: dict[Any, str | None] = {}
        self._stack: list[str] = ["outside remem"]
        self._last = 0.0

    def _part(self, frame: FrameType) -> str | None:
        code = frame.f_code
        if code not in self._parts:
            self._parts[code] = part_of(code.co_filename)
        return self._parts[code]

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        now = time.perf_counter()
        self.seconds[self._stack[-1]] += now - self._last
        if event == "call":
            part = self._part(frame)
            self._stack.append(part if part is not None else self._stack[-1])
        elif event == "return" and len(self._stack) > 1:
            self._stack.pop()
        self._last = time.perf_counter()

    def run(self, work: Callable[[], Any]) -> None:
        self._last = time.perf_counter()
        sys.setprofile(self)
        try:
            work()
        finally:
            sys.setprofile(None)


# -- data ------------------------------------------------------------------------------------------
def batches(size: int, start: int = 0) -> Iterator[tuple[list[dict[str, Any]], np.ndarray]]:
    turns, _ = locomo_text()
    rng = np.random.default_rng(start)
    for first in range(start, start + size, BATCH):
        last = min(first + BATCH, start + size)
        vectors = rng.standard_normal((last - first, DIMS)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        items = [
            {"text": f"{turns[i % len(turns)]} ({i})", "user_id": f"u{i % USERS}"}
            for i in range(first, last)
        ]
        yield items, vectors


def peak_mb() -> int:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


# -- remem -----------------------------------------------------------------------------------------
def run_remem(location: str, size: int) -> dict[str, Any]:
    import remem

    with remem.open(location, embedder="local:minilm") as mem:
        started = time.perf_counter()
        for items, vectors in batches(size):
            mem.add_many(items, embeddings=vectors, progress=False)
        seconds = time.perf_counter() - started
        figures: dict[str, Any] = {"records": size, "insert_per_s": round(size / seconds)}
        figures["bytes"] = store_bytes(mem)  # at ``size`` records, as the baselines'
        figures["peak_mb"] = peak_mb()
        [(items, vectors)] = list(batches(BATCH, start=size))
        started = time.perf_counter()
        mem.add_many(items, embeddings=vectors, progress=False)
        figures["batch_s"] = round(time.perf_counter() - started, 3)
        [(items, vectors)] = list(batches(BATCH, start=size + BATCH))
        profiler = PartProfiler()
        profiler.run(lambda: mem.add_many(items, embeddings=vectors, progress=False))
        total = sum(profiler.seconds.values())
        figures["breakdown_share"] = {
            part: round(s / total, 3)
            for part, s in sorted(profiler.seconds.items(), key=lambda p: -p[1])
        }
    return figures


def store_bytes(mem: Any) -> dict[str, float]:
    store = mem.store
    if type(store).__name__ == "SQLiteStore":
        path = Path(store.path) / "remem.db"
        conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            pages = dict(conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"))
        finally:
            conn.close()
        keyword = sum(size for name, size in pages.items() if name.startswith("keyword_"))
        terms = _one(store, "SELECT coalesce(sum(length(keyword_terms)), 0) FROM memories")
        return {
            "db_mb": round(sum(pages.values()) / 1e6, 1),
            "keyword_mb": round(keyword / 1e6, 1),
            "keyword_terms_on_rows_mb": round(terms / 1e6, 1),
        }
    with store._db.reading() as conn:  # the benchmark's own look at the tables
        total = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
        rows = conn.execute(
            "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relkind = 'r' AND n.nspname = current_schema()"
        ).fetchall()
    keyword = sum(size for name, size in rows if name.startswith("keyword_"))
    terms = _one(store, "SELECT coalesce(sum(pg_column_size(keyword_terms)), 0) FROM memories")
    return {
        "db_mb": round(total / 1e6, 1),
        "keyword_mb": round(keyword / 1e6, 1),
        "keyword_terms_on_rows_mb": round(terms / 1e6, 1),
    }


def _one(store: Any, sql: str) -> int:
    """One number read from a store's database (the benchmark's own look)."""
    if type(store).__name__ == "SQLiteStore":
        return int(store._db.rows(sql)[0][0])
    with store._db.reading() as conn:
        return int(conn.execute(sql).fetchone()[0])


# -- the plain baseline ----------------------------------------------------------------------------
def run_plain(folder: Path, size: int) -> dict[str, Any]:
    path = folder / "plain.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.executescript(
        """
        CREATE TABLE memories (id TEXT PRIMARY KEY, user_id TEXT, text TEXT NOT NULL,
                               created_at REAL NOT NULL, embedding BLOB);
        CREATE INDEX memories_user ON memories (user_id);
        CREATE VIRTUAL TABLE memories_fts
            USING fts5(text, content='memories', content_rowid='rowid');
        """
    )
    started = time.perf_counter()
    n = 0
    for items, vectors in batches(size):
        conn.execute("BEGIN")
        rows = [
            (f"m{n + i}", it["user_id"], it["text"], time.time(), vectors[i].tobytes())
            for i, it in enumerate(items)
        ]
        (before,) = conn.execute("SELECT coalesce(max(rowid), 0) FROM memories").fetchone()
        conn.executemany("INSERT INTO memories VALUES (?, ?, ?, ?, ?)", rows)
        conn.execute(
            "INSERT INTO memories_fts (rowid, text) SELECT rowid, text FROM memories "
            "WHERE rowid > ?",
            (before,),
        )
        conn.execute("COMMIT")
        n += len(items)
    seconds = time.perf_counter() - started
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = dict(conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"))
    conn.close()
    fts = sum(s for name, s in pages.items() if name.startswith("memories_fts"))
    return {
        "records": size,
        "insert_per_s": round(size / seconds),
        "bytes": {"db_mb": round(sum(pages.values()) / 1e6, 1), "keyword_mb": round(fts / 1e6, 1)},
    }


# -- PostgreSQL ------------------------------------------------------------------------------------
def run_postgres(folder: Path, size: int) -> dict[str, Any]:
    from tests.pg import Cluster

    cluster = Cluster(standbys=0)
    try:
        cluster.primary.stop()  # pg_textsearch must be loaded at start
        cluster.primary.start(shared_preload_libraries="pg_textsearch")
        cluster.primary.sql("CREATE DATABASE bench")
        cluster.primary.sql("CREATE DATABASE plain")
        plain = run_plain_postgres(cluster.primary.url("plain"), size)
        figures = run_remem(cluster.primary.url("bench"), size)
        figures["plain postgres + pg_textsearch"] = plain
        figures["vs_plain"] = {
            "records_per_s": round(figures["insert_per_s"] / plain["insert_per_s"], 2),
            "keyword_bytes": round(
                figures["bytes"]["keyword_mb"] / max(plain["bytes"]["keyword_mb"], 0.1), 2
            ),
        }
        return figures
    finally:
        cluster.close()


def run_plain_postgres(url: str, size: int) -> dict[str, Any]:
    """The same job on a plain PostgreSQL table (text, user, vector) with pg_textsearch's BM25
    index over the text, one COPY and one transaction a batch."""
    import psycopg
    from pgvector.psycopg import register_vector

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_textsearch")
        register_vector(conn)
        conn.execute(
            f"CREATE TABLE memories (id text PRIMARY KEY, user_id text, text text NOT NULL, "
            f"created_at float8 NOT NULL, embedding vector({DIMS}))"
        )
        conn.execute("CREATE INDEX memories_user ON memories (user_id)")
        conn.execute(
            "CREATE INDEX memories_bm25 ON memories USING bm25 (text) "
            "WITH (text_config = 'english')"
        )
        started = time.perf_counter()
        n = 0
        for items, vectors in batches(size):
            with (
                conn.transaction(),
                conn.cursor() as cur,
                cur.copy(
                    "COPY memories (id, user_id, text, created_at, embedding) FROM STDIN "
                    "WITH (FORMAT BINARY)"
                ) as copy,
            ):
                copy.set_types(["text", "text", "text", "float8", "vector"])
                for i, it in enumerate(items):
                    copy.write_row(
                        (f"m{n + i}", it["user_id"], it["text"], time.time(), vectors[i])
                    )
            n += len(items)
        seconds = time.perf_counter() - started
        total = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
        bm25 = conn.execute("SELECT pg_total_relation_size('memories_bm25')").fetchone()[0]
    return {
        "records": size,
        "insert_per_s": round(size / seconds),
        "bytes": {"db_mb": round(total / 1e6, 1), "keyword_mb": round(bm25 / 1e6, 1)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    results: dict[str, Any] = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "size": args.size,
    }
    with tempfile.TemporaryDirectory(prefix="remem-write-path-") as tmp:
        folder = Path(tmp)
        for store in args.stores.split(","):
            print(f"{store}: {args.size:,} records …", file=sys.stderr, flush=True)
            if store == "sqlite":
                results["plain sqlite + fts5"] = run_plain(folder, args.size)
                results["sqlite"] = run_remem(str(folder / "remem"), args.size)
                plain = results["plain sqlite + fts5"]
                results["sqlite"]["vs_plain"] = {
                    "records_per_s": round(
                        results["sqlite"]["insert_per_s"] / plain["insert_per_s"], 2
                    ),
                    "keyword_bytes": round(
                        results["sqlite"]["bytes"]["keyword_mb"]
                        / max(plain["bytes"]["keyword_mb"], 0.1),
                        2,
                    ),
                }
            elif store == "postgres":
                results["postgres"] = run_postgres(folder, args.size)
            else:
                raise SystemExit(f"unknown store {store!r}: sqlite or postgres")
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
