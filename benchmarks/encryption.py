"""What encryption at rest costs (issue 33), against a plain SQLite store in the same run.

    python benchmarks/encryption.py [--records 20000] [--rounds 2] [--json out.json]

Two stores, plain and encrypted (SQLCipher, a passphrase), filled alike: ``add_many`` of
LoCoMo turns (read in place, repeated to ``--records``, over 100 users) with precomputed
384-d vectors, so the embedder's time does not hide the store's; then 300 single ``add``
calls (each its own durable transaction), 500 hybrid searches and 200 ``get`` by id, with the
hash embedder at query time; the time to open the store (a new handle: the key derivation
and the vector index built in memory, since an encrypted store keeps no index file). The two
stores are measured alternately, ``--rounds`` times, and the best round of each is kept.
Finally every file of each store is scanned for a canary text written into it and for the
bytes of stored vectors. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import remem  # noqa: E402
import tenancy  # noqa: E402  (LoCoMo read in place, vectors)
from remem.stores.erasure import count_in_files  # noqa: E402

KEY = "benchmark passphrase, not a secret"
CANARY = "ENCRYPTION-BENCH-CANARY-0c4f"
SINGLE, SEARCHES, GETS = 300, 500, 200


def fill(location: Path, key: str | None, turns: list[str], records: int) -> dict[str, Any]:
    draw = tenancy.mixture(11)
    out: dict[str, Any] = {}
    with remem.open(location, embedder="hash:384", key=key) as mem:
        started = time.perf_counter()
        for start in range(0, records, 1000):
            count = min(1000, records - start)
            items = [
                {"text": f"{CANARY} {i} {turns[i % len(turns)]}", "user_id": f"user{i % 100}"}
                for i in range(start, start + count)
            ]
            mem.add_many(items, embeddings=draw(count), progress=False)
        out["ingest_records_per_s"] = round(records / (time.perf_counter() - started), 1)
        vectors = draw(SINGLE)
        started = time.perf_counter()
        for i in range(SINGLE):
            mem.add(f"single {i} {turns[i]}", user_id=f"user{i % 100}", vector=vectors[i])
        out["single_writes_per_s"] = round(SINGLE / (time.perf_counter() - started), 1)
    return out


def read(location: Path, key: str | None, turns: list[str]) -> dict[str, Any]:
    started = time.perf_counter()
    mem = remem.open(location, embedder="hash:384", key=key)
    opened = time.perf_counter() - started
    try:
        mem.search("warm up", user_id="user0")  # the vector index is built on first need
        first = time.perf_counter() - started
        times = []
        for i in range(SEARCHES):
            query = " ".join(turns[(i * 7) % len(turns)].split()[:8])
            t = time.perf_counter()
            mem.search(query, user_id=f"user{i % 100}", k=10)
            times.append((time.perf_counter() - t) * 1000)
        ids = [r.id for r in mem.list(limit=GETS)]
        t = time.perf_counter()
        for rid in ids:
            mem.get(rid)
        gets = (time.perf_counter() - t) * 1000 / max(1, len(ids))
        vector = next(iter(mem.store.vectors(ids[:1]).values()))
    finally:
        mem.close()
    return {
        "open_s": round(opened, 3),
        "open_and_first_search_s": round(first, 3),
        "search_p50_ms": round(statistics.median(times), 2),
        "search_p95_ms": round(float(np.percentile(times, 95)), 2),
        "get_ms": round(gets, 3),
        "_vector": vector,
    }


def scan(location: Path, vector: np.ndarray) -> dict[str, Any]:
    files = sorted(p for p in location.iterdir() if p.is_file())
    patterns = [CANARY.encode(), np.asarray(vector[0], "<f4").tobytes()[:32]]
    return {
        "files": {p.name: p.stat().st_size for p in files},
        "canary_or_vector_found": count_in_files(files, patterns),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", help="Also write the figures to this file.")
    args = parser.parse_args()
    turns = [text for sample in tenancy.locomo() for _, _, text in tenancy.turns_of(sample)]
    work = Path(tempfile.mkdtemp(prefix="remem-encryption-"))
    best: dict[str, dict[str, Any]] = {}
    try:
        for round_ in range(args.rounds):
            for name, key in (("plain", None), ("encrypted", KEY)):
                location = work / f"{name}-{round_}"
                figures = {**fill(location, key, turns, args.records), **read(location, key, turns)}
                vector = figures.pop("_vector")
                if round_ == args.rounds - 1:
                    figures.update(scan(location, vector))
                kept = best.setdefault(name, figures)
                for field, value in figures.items():
                    if field.endswith("per_s"):
                        kept[field] = max(kept[field], value)
                    elif isinstance(value, float):
                        kept[field] = min(kept[field], value)
                    else:
                        kept[field] = value
                print(name, round_, {k: v for k, v in figures.items() if k != "files"}, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    plain, encrypted = best["plain"], best["encrypted"]
    report = {
        "benchmark": "encryption at rest (SQLCipher) against a plain store, same run",
        "records": args.records + SINGLE,
        "rounds": args.rounds,
        "plain": plain,
        "encrypted": encrypted,
        "ratio_encrypted_to_plain": {
            field: round(encrypted[field] / plain[field], 2)
            for field in plain
            if isinstance(plain[field], int | float) and plain[field]
        },
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
