"""The cost of analysing a store's keywords again on upgrade (migration
``0019_language_keywords``): a SQLite store of N records is written, marked as written before
the migration, and opened again; the open runs the migration.

Two stores: LoCoMo's English turns (every record read and analysed, none changes: what an
English store pays once) and the turns of remem's multilingual set (15 languages) with every
record's stored terms emptied first, so that each is indexed anew (the most a store can pay).

    .venv/bin/python benchmarks/reanalyse.py [--size 30000]

Prints seconds and records per second for each. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import remem  # noqa: E402
from remem.eval.multilingual import read_conversations  # noqa: E402
from remem.stores.sqlite.db import DB_NAME  # noqa: E402
from vectors import locomo_text  # noqa: E402

MIGRATION = "0019_language_keywords"


def multilingual_text() -> list[str]:
    return [
        turn["text"]
        for conversation in read_conversations(HERE / "data" / "multilingual", "all")
        for session in conversation["sessions"]
        for turn in session["turns"]
    ]


def measure(texts: list[str], size: int, folder: Path, *, emptied: bool) -> dict[str, float]:
    path = folder / ("emptied" if emptied else "kept")
    with remem.open(path, embedder="hash:64", progress="off") as mem:
        for start in range(0, size, 10_000):
            stop = min(start + 10_000, size)
            items = [
                {"text": texts[i % len(texts)], "user_id": f"u{i % 100}"}
                for i in range(start, stop)
            ]
            mem.add_many(items)
    conn = sqlite3.connect(path / DB_NAME, isolation_level=None)
    conn.execute("BEGIN")
    if emptied:  # every record's terms differ from what it is analysed as now
        conn.execute("UPDATE memories SET keyword_terms = '[]' WHERE keyword_terms IS NOT NULL")
    conn.execute("DELETE FROM _migrations WHERE name = ?", (MIGRATION,))
    conn.execute("COMMIT")
    conn.close()
    started = time.perf_counter()
    with remem.open(path, embedder="hash:64", progress="off") as mem:
        seconds = time.perf_counter() - started
        assert MIGRATION in mem.stats().schema
    return {"records": size, "seconds": round(seconds, 2), "per_second": round(size / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=30_000)
    args = parser.parse_args()
    english, _ = locomo_text()
    with tempfile.TemporaryDirectory() as folder:
        kept = measure(english, args.size, Path(folder), emptied=False)
        print("English (LoCoMo turns), none changes:", kept)
        print(
            "15 languages, every record indexed anew:",
            measure(multilingual_text(), args.size, Path(folder), emptied=True),
        )


if __name__ == "__main__":
    main()
