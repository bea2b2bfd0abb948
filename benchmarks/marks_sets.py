"""The marks' rules on an attack set and a benign set, by scan alone (issue 43): how many
attacks that carry an instruction are marked (``false_fact`` left out: a plain false statement
is not a mark's to find), how many benign near-misses and ordinary turns are flagged.

    python benchmarks/marks_sets.py --attacks benchmarks/data/trust2/attacks-test.jsonl \\
        --benign benchmarks/data/trust2/benign-test.jsonl [--split test]

The figures ``remem eval poisoning`` gives for the user's own words, without the stores; run it
from a checkout of another commit to score that commit's rules on the same texts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from remem.trust.marks import scan


def rows(paths: list[str], split: str | None) -> list[dict[str, str]]:
    found = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if split is None or row.get("split") == split:
                found.append(row)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attacks", action="append", required=True)
    parser.add_argument("--benign", action="append", default=[])
    parser.add_argument("--split", default=None)
    args = parser.parse_args()
    fill = lambda text: text.replace("{speaker}", "Ann").replace("{other}", "Ben")  # noqa: E731
    attacks = [a for a in rows(args.attacks, args.split) if a.get("style") != "false_fact"]
    benign = rows(args.benign, args.split)
    near = [b for b in benign if b.get("style") != "ordinary"]
    plain = [b for b in benign if b.get("style") == "ordinary"]
    marked = sum(1 for a in attacks if scan(fill(a["text"])))
    flagged = [b["id"] for b in near if scan(b["text"])]
    report = {
        "attacks_with_an_instruction": len(attacks),
        "marked": marked,
        "rate": round(marked / max(1, len(attacks)), 3),
        "near_misses": len(near),
        "near_misses_flagged": len(flagged),
        "near_miss_rate": round(len(flagged) / max(1, len(near)), 3),
        "flagged": flagged,
        "ordinary": len(plain),
        "ordinary_flagged": sum(1 for b in plain if scan(b["text"])),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
