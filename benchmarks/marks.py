"""The write-time scan for text that could steer a model (``remem.trust.marks.scan``), timed.

    python benchmarks/marks.py [--json benchmarks/results/marks.json]

Every LoCoMo turn (5,882) and every text of the project's attack and hard-benign sets, scanned
once through the gate (``remem.text.literals``: a pattern runs only on a text holding a string of
each set it needs) and once running every pattern; microseconds a text (mean and p95), and
whether both gave the same marks for every text (they must).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

import remem.trust.marks as marks

HERE = Path(__file__).resolve().parent
LOCOMO = HERE.parents[1] / "shared" / "data" / "locomo" / "locomo10.json"


def corpora() -> dict[str, list[str]]:
    conversations = json.loads(LOCOMO.read_text(encoding="utf-8"))
    turns = [
        turn["text"]
        for conversation in conversations
        for session in conversation["conversation"].values()
        if isinstance(session, list)
        for turn in session
        if isinstance(turn, dict) and "text" in turn
    ]
    sets = {}
    for name in ("poisoning", "benign_hard"):
        lines = (HERE / "data" / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        sets[name] = [json.loads(line)["text"] for line in lines if line.strip()]
    return {"locomo_turns": turns, "attacks": sets["poisoning"], "benign_hard": sets["benign_hard"]}


def timed(texts: list[str]) -> tuple[list[tuple[str, ...]], dict[str, float]]:
    found, micros = [], []
    for text in texts:
        started = time.perf_counter()
        found.append(marks.scan(text))
        micros.append((time.perf_counter() - started) * 1e6)
    return found, {
        "mean_us": round(float(np.mean(micros)), 1),
        "p95_us": round(float(np.percentile(micros, 95)), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    for name, texts in corpora().items():
        marks.scan(texts[0])  # warm
        gated, fast = timed(texts)
        with marks._every_rule():  # every pattern (and decoder check) on every text
            every, slow = timed(texts)
        report[name] = {
            "texts": len(texts),
            "marked": sum(bool(m) for m in gated),
            "gated": fast,
            "every_pattern": slow,
            "same_marks": gated == every,
        }
        print(
            f"{name:13} {len(texts):5} texts, {report[name]['marked']:4} marked: "
            f"{fast['mean_us']:7.1f} us a text (p95 {fast['p95_us']:.1f}) through the gate, "
            f"{slow['mean_us']:7.1f} us (p95 {slow['p95_us']:.1f}) running every pattern; "
            f"same marks: {gated == every}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
