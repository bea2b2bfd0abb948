"""Index files damaged or deleted: a store never answers from a damaged index.

    python benchmarks/reliability/index_damage.py [--records 20000] [--flips 20] [--quick]
        [--json out.json]

A store of ``--records`` vectors is built with a small ``exact_search_limit``, so its IVF index
is built and saved beside the database (``remem.index.json`` and its parts), over three saves.
Then, one case at a time, from a pristine copy of the files: each part is bit-flipped (in the
middle, and at ``--flips`` random offsets), truncated, extended, emptied or deleted; the header
is deleted, garbled, cut, replaced by an older one or by another store's. Each time the store is
opened and searched (unscoped queries through the IVF index, scoped ones exactly) and the
answers compared with those of an index built from the database alone. Figures: cases,
detected (``IndexWarning`` and a rebuild), wrong answers (must be 0), used silently though
damaged (must be 0), and the time to open and answer when rebuilding versus loading.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile, show, write_json

DIMS = 64


def unit(count: int, seed: int) -> np.ndarray:
    rows = np.random.default_rng(seed).normal(size=(count, DIMS))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


class Bench:
    def __init__(self, work: Path, records: int, limit: int) -> None:
        self.work, self.records, self.limit = work, records, limit
        self.store = work / "store"
        self.queries = unit(10, 99)

    def open(self, path: Path | None = None) -> Any:
        import remem

        return remem.open(
            path or self.store, embedder=f"hash:{DIMS}", exact_search_limit=self.limit
        )

    def answers(self, mem: Any) -> list[list[str]]:
        out = []
        for query in self.queries:
            out.append([h.id for h in mem.search(vector=query, mode="dense", k=10, touch=False)])
            scoped = mem.search(vector=query, mode="dense", k=10, touch=False, user_id="u3")
            out.append([h.id for h in scoped])
        return out

    def build(self) -> None:
        """Three saves: the header of the first and of the second are kept for the cases."""
        third = self.records // 10
        sizes = [self.records - 2 * third, third, third]
        rng_seed = 1
        for i, size in enumerate(sizes):
            with self.open() as mem:
                for start in range(0, size, 5000):
                    count = min(5000, size - start)
                    items = [
                        {"text": f"memory {i}-{start + j}", "user_id": f"u{(start + j) % 7}"}
                        for j in range(count)
                    ]
                    mem.add_many(items, embeddings=unit(count, rng_seed))
                    rng_seed += 1
                self.answers(mem)
            header = (self.store / "remem.index.json").read_bytes()
            (self.work / f"header-{i}.json").write_bytes(header)
        pristine = self.work / "pristine"
        pristine.mkdir()
        for file in [*self.store.glob("remem.index*"), self.store / "remem.db"]:
            shutil.copy2(file, pristine / file.name)
        scratch = self.work / "scratch"
        scratch.mkdir()
        shutil.copy(self.store / "remem.db", scratch / "remem.db")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with self.open(scratch) as mem:
                self.truth = self.answers(mem)
        other = self.work / "other"
        with self.open(other) as mem:
            mem.add_many(
                [f"x{i}" for i in range(self.limit * 2)], embeddings=unit(self.limit * 2, 5)
            )
            self.answers(mem)

    def reset(self) -> None:
        """The files as built: index and database (whose ``meta`` names the saved index)."""
        for file in [*self.store.glob("remem.index*"), *self.store.glob("remem.db*")]:
            file.unlink()
        for file in (self.work / "pristine").iterdir():
            shutil.copy2(file, self.store / file.name)

    def part(self, suffix: str) -> Path:
        token = json.loads((self.store / "remem.index.json").read_text())["token"]
        return self.store / f"remem.index.{token}.{suffix}"

    def case(self, name: str, damage: Callable[[], None], damaged: bool = True) -> dict[str, Any]:
        import remem

        self.reset()
        damage()
        started = time.perf_counter()
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            with self.open() as mem:
                found = self.answers(mem)
                took = time.perf_counter() - started
        detected = any(issubclass(w.category, remem.IndexWarning) for w in seen)
        return {
            "case": name,
            "damaged": damaged,
            "detected": detected,
            "right": found == self.truth,
            "seconds": took,
        }


def flip_at(file: Path, offset: int, bit: int = 4) -> None:
    data = bytearray(file.read_bytes())
    data[offset % len(data)] ^= 1 << bit
    file.write_bytes(bytes(data))


def cut(file: Path, size: int) -> None:
    with open(file, "r+b") as handle:
        handle.truncate(max(0, size))


def run(records: int, flips: int, limit: int, work: Path) -> dict[str, Any]:
    bench = Bench(work, records, limit)
    t0 = time.perf_counter()
    bench.build()
    build_seconds = time.perf_counter() - t0
    rng = random.Random(7)
    header = bench.store / "remem.index.json"
    cases: list[dict[str, Any]] = [bench.case("undamaged", lambda: None, damaged=False)]
    for suffix in sorted(json.loads(header.read_text())["parts"]):  # the saved index's parts

        def part(s: str = suffix) -> Path:
            return bench.part(s)

        size = part().stat().st_size
        cases.append(bench.case(f"{suffix}: flip middle", lambda n=size: flip_at(part(), n // 2)))
        for i in range(flips):
            offset, bit = rng.randrange(size), rng.randrange(8)
            cases.append(
                bench.case(f"{suffix}: flip #{i}", lambda o=offset, b=bit: flip_at(part(), o, b))
            )
        cases.append(bench.case(f"{suffix}: cut 1 byte", lambda n=size: cut(part(), n - 1)))
        cases.append(bench.case(f"{suffix}: cut half", lambda n=size: cut(part(), n // 2)))
        cases.append(bench.case(f"{suffix}: emptied", lambda: cut(part(), 0)))
        cases.append(
            bench.case(
                f"{suffix}: extended",
                lambda: part().write_bytes(part().read_bytes() + b"\0" * 64),
            )
        )
        cases.append(bench.case(f"{suffix}: deleted", lambda: part().unlink()))
    cases.append(bench.case("header: deleted", lambda: header.unlink()))
    cases.append(bench.case("header: garbage", lambda: header.write_bytes(b"\x00garbage")))
    cases.append(bench.case("header: cut", lambda: header.write_bytes(header.read_bytes()[:40])))
    cases.append(
        bench.case(
            "header: two saves old",
            lambda: header.write_bytes((work / "header-0.json").read_bytes()),
        )
    )
    cases.append(
        bench.case(
            "header: the previous save (intact)",
            lambda: header.write_bytes((work / "header-1.json").read_bytes()),
            damaged=False,
        )
    )

    def foreign() -> None:
        for file in bench.store.glob("remem.index*"):
            file.unlink()
        for file in (work / "other").glob("remem.index*"):
            shutil.copy2(file, bench.store / file.name)

    cases.append(bench.case("header and parts of another store", foreign))
    damaged = [c for c in cases if c["damaged"]]
    rebuild = [c["seconds"] for c in damaged if c["detected"]]
    loads = [c["seconds"] for c in cases if not c["damaged"] and not c["detected"]]
    figures = {
        "records": records,
        "cases": len(cases),
        "damaged_cases": len(damaged),
        "detected": sum(c["detected"] for c in damaged),
        "wrong_answers": sum(not c["right"] for c in cases),
        "used_silently": sum(not c["detected"] for c in damaged),
        "false_alarms": sum(c["detected"] for c in cases if not c["damaged"]),
        "open_and_search_s_loaded": percentile(loads, 0.5),
        "open_and_search_s_rebuilt_p50": percentile(rebuild, 0.5),
        "build_s": build_seconds,
    }
    ok = not (figures["wrong_answers"] or figures["used_silently"] or figures["false_alarms"])
    failures = [c for c in cases if not c["right"] or (c["damaged"] != c["detected"])]
    return {"name": "index_damage", "ok": ok, "figures": figures, "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--flips", type=int, default=20, help="random bit flips per part")
    parser.add_argument("--quick", action="store_true", help="2,000 records, 3 flips per part")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    if args.quick:
        args.records, args.flips = 2000, 3
    limit = max(300, args.records // 20)
    with tempfile.TemporaryDirectory(prefix="remem-index-damage-") as work:
        result = run(args.records, args.flips, limit, Path(work))
    show("index files damaged or deleted", result["figures"])
    for failure in result["failures"]:
        print(f"    {failure}")
    write_json(args.json, result)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
