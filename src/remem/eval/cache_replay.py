"""A semantic cache measured the way its error bound is promised: a replay of lookups.

The stream (:func:`replay_stream`): the questions of one half of MQP (the pairs split by their
``question_1``, :func:`half_of`: half 0 tunes, half 1 reports), each asked once in a seeded
random order. Two questions have the same answer when a label-1 pair joins them (the answer is
the id of their group); a label-0 partner is a hard negative with an answer of its own. For each
question the application does what one would: it looks the question up; a hit is served, and
when its answer is not the question's the application reports it (:meth:`SemanticCache.
false_hit`) ``delay`` lookups later and stores the right answer; a miss is answered (by "the
LLM": the group's id) and stored with :meth:`SemanticCache.set` — which is also how the cache
learns what a miss would have been.

Reported per cache, cumulative over the stream: lookups, hits, wrong hits, **error** (wrong hits
/ hits: the share of served answers that were wrong, the quantity ``max_error`` bounds and
the static threshold's precision complements; over the seeds, their hits and wrong hits
summed, and each seed's beside), **recall** (right hits / the lookups whose answer was
already in the cache) and the hit rate; the same at checkpoints along the stream (the
curves). The static threshold (``threshold=``) is replayed beside the learned bounds on
the same stream. :func:`fit_weights` fits :data:`~remem.memory_types.cache_bound.WEIGHTS` on
the pairs of the tuning half only.
"""

from __future__ import annotations

import hashlib
import random
import tempfile
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.core.errors import InvalidInputError
from remem.eval.cache import read_pairs
from remem.memory_types.cache import DEFAULT_THRESHOLD, SemanticCache
from remem.memory_types.cache_bound import likeness_features
from remem.memory_types.guard import compare

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = [
    "BOUNDS",
    "SimulatedJudge",
    "curves_svg",
    "fit_weights",
    "half_of",
    "replay",
    "replay_stream",
    "run_replay",
]

BOUNDS = (0.02, 0.05, 0.10)
CHECKPOINTS = 20  # points along each curve


def half_of(question_1: str) -> int:
    """Which half of MQP a pair belongs to (0: tuning, 1: report), by its first question."""
    return hashlib.sha256(question_1.encode("utf-8")).digest()[0] % 2


def replay_stream(
    pairs: Sequence[tuple[str, str, int]], half: int, seed: int
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """One half's (question, answer id) pairs: the distinct ``question_1``s the cache starts
    with (answered before), and the ``question_2``s asked, in a seeded random order; a label-1
    pair's questions share an answer id, a label-0 ``question_2`` has one of its own."""
    chosen = [(a, b, label) for a, b, label in pairs if half_of(a) == half]
    firsts = sorted({a for a, _, _ in chosen})
    ids = {q: i for i, q in enumerate(firsts)}
    asked = []
    for a, b, label in chosen:
        if label == 1:
            asked.append((b, ids[a]))
        else:
            asked.append((b, ids.setdefault(b, len(ids))))
    random.Random(seed).shuffle(asked)
    return [(q, ids[q]) for q in firsts], asked


class SimulatedJudge:
    """A stand-in for an LLM judge (``verify``) that is right with probability ``accuracy``
    about whether two questions have the same answer, wrong otherwise (seeded): what a judge
    of that accuracy would do, not a measurement of any model."""

    def __init__(self, answers: dict[str, int], accuracy: float, seed: int) -> None:
        self.answers = {q.strip(): a for q, a in answers.items()}  # as the cache keeps them
        self.accuracy = accuracy
        self.random = random.Random(seed)
        self.calls = 0

    def __call__(self, asked: str, cached: str) -> bool:
        self.calls += 1
        same = self.answers[asked] == self.answers[cached]
        return same if self.random.random() < self.accuracy else not same


def replay(
    make: Callable[[], SemanticCache],
    known: Sequence[tuple[str, int]],
    stream: Sequence[tuple[str, int]],
    vectors: dict[str, np.ndarray],
    *,
    delay: int = 5,
) -> dict[str, Any]:
    """Replay ``stream`` through the cache ``make()`` gives, cleared and then holding the
    ``known`` answers; the cumulative figures and their curve."""
    cache = make()
    cache.clear()
    cache.set_many(known, vectors=np.stack([vectors[q] for q, _ in known]))
    cached = {answer for _, answer in known}  # answers in the cache
    reports: deque[tuple[int, Any, str, int]] = deque()  # (due at, lookup, question, answer)
    hits = wrong = could = right = 0
    curve: list[dict[str, Any]] = []
    every = max(1, len(stream) // CHECKPOINTS)
    timings: list[float] = []
    for n, (question, answer) in enumerate(stream, start=1):
        began = time.perf_counter()
        found = cache.lookup(question, vector=vectors[question])
        timings.append((time.perf_counter() - began) * 1000)
        cache.settle()  # a background judge answers before the application does
        could += answer in cached
        if found.hit:
            hits += 1
            if found.value == answer:
                right += 1
            else:
                wrong += 1
                reports.append((n + delay, found, question, answer))
        else:
            cache.set(question, answer, vector=vectors[question])
            cached.add(answer)
        while reports and reports[0][0] <= n:
            _, lookup, asked, truth = reports.popleft()
            cache.false_hit(lookup)
            cache.set(asked, truth, vector=vectors[asked])
            cached.add(truth)
        if n % every == 0 or n == len(stream):
            curve.append(_figures(n, hits, wrong, right, could))
    return {
        **_figures(len(stream), hits, wrong, right, could),
        "curve": curve,
        "lookup_ms_p50": round(float(np.percentile(timings, 50)), 3),
        "bound": cache.bound(),
    }


def _figures(n: int, hits: int, wrong: int, right: int, could: int) -> dict[str, Any]:
    return {
        "lookups": n,
        "hits": hits,
        "wrong": wrong,
        "error": round(wrong / hits, 4) if hits else 0.0,
        "recall": round(right / could, 4) if could else 0.0,
        "hit_rate": round(hits / n, 4),
    }


def fit_weights(
    pairs: Sequence[tuple[str, str, int]], vectors: dict[str, np.ndarray]
) -> tuple[float, ...]:
    """Logistic-regression weights of :func:`~remem.memory_types.cache_bound.likeness` fitted
    on ``pairs`` (question_2 against its question_1: same answer or not), rounded."""
    rows, labels = [], []
    for a, b, label in pairs:
        verdict = compare(b, a)
        if verdict.conflict is not None:
            continue
        rows.append(likeness_features(float(vectors[a] @ vectors[b]), b, a, verdict))
        labels.append(label)
    x = np.c_[np.asarray(rows, dtype=np.float64), np.ones(len(rows))]
    y = np.asarray(labels, dtype=np.float64)
    w = np.zeros(x.shape[1])
    ridge = np.eye(x.shape[1]) * 1e-2
    ridge[-1, -1] = 0.0
    for _ in range(100):  # Newton's method
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return tuple(round(float(v), 2) for v in w)


def run_replay(
    memory_factory: Callable[[Path], Memory],
    path: str | Path,
    *,
    half: int = 1,
    bounds: Sequence[float] = BOUNDS,
    threshold: float = DEFAULT_THRESHOLD,
    seeds: Sequence[int] = (0, 1, 2),
    delay: int = 5,
    fit: bool = False,
    judges: Sequence[float] = (0.95, 0.99),
    confidence: float | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """The replay report of one half: for each seed's stream, the static threshold and each
    bound (at ``confidence``; None: the cache's default), and the middle bound again with a
    :class:`SimulatedJudge` of each accuracy in ``judges`` as ``verify`` (the first once more
    asked in the background: ``promote``, its verdict landing before the answer); with ``fit``,
    the weights fitted on the *other* half (the tuning half when reporting half 1)."""
    if half not in (0, 1):
        raise InvalidInputError(f"half is 0 (tuning) or 1 (report), got {half}")
    pairs = read_pairs(path)
    with tempfile.TemporaryDirectory(prefix="remem-replay-") as tmp:
        memory = memory_factory(Path(tmp) / "store.db")
        try:
            questions = sorted({q for a, b, _ in pairs for q in (a, b)})
            vectors = dict(zip(questions, memory.embed(questions, progress=progress), strict=True))
            report: dict[str, Any] = {
                "data": str(path),
                "half": half,
                "embedder": memory.embedder.name,
                "delay": delay,
                "seeds": list(seeds),
            }
            if fit:
                tuning = [p for p in pairs if half_of(p[0]) != half]
                report["fitted_weights"] = fit_weights(tuning, vectors)
            runs: dict[str, list[dict[str, Any]]] = {}
            for seed in seeds:
                known, stream = replay_stream(pairs, half, seed)
                report.setdefault("lookups", len(stream))
                tuned = {} if confidence is None else {"confidence": confidence}
                settings: list[tuple[str, dict[str, Any]]] = [
                    (f"static {threshold}", {"threshold": threshold}),
                    *((f"bound {b}", {"max_error": b, **tuned}) for b in bounds),
                ]
                middle = sorted(bounds)[len(bounds) // 2]
                truth = dict([*known, *stream])
                for accuracy in judges:
                    verify = SimulatedJudge(truth, accuracy, seed)
                    settings.append(
                        (
                            f"bound {middle} + judge {accuracy:.0%} (simulated)",
                            {"max_error": middle, "verify": verify, **tuned},
                        )
                    )
                if judges:  # the first judge again, asked off the lookup path
                    verify = SimulatedJudge(truth, judges[0], seed)
                    settings.append(
                        (
                            f"bound {middle} + judge {judges[0]:.0%} (simulated), background",
                            {"max_error": middle, "verify": verify, "promote": True, **tuned},
                        )
                    )
                for label, options in settings:
                    name = f"replay-{seed}-{label.replace(' ', '-')}"

                    def make(name: str = name, options: dict[str, Any] = options) -> SemanticCache:
                        return SemanticCache(memory, name=name, invalidate=False, **options)

                    runs.setdefault(label, []).append(
                        replay(make, known, stream, vectors, delay=delay)
                    )
            report["runs"] = {label: _summary(results) for label, results in runs.items()}
        finally:
            memory.close()
    return report


def _summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The seeds' runs of one cache: hits and wrong hits summed (``error`` is theirs: a seed
    with 4 hits, one wrong, weighs as 4 hits, not as 25%), recall and hit rate averaged, each
    seed's error (``worst_error``: the highest), and the first seed's curve."""
    hits = sum(r["hits"] for r in results)
    wrong = sum(r["wrong"] for r in results)
    out: dict[str, Any] = {
        "hits": hits,
        "wrong": wrong,
        "error": round(wrong / hits, 4) if hits else 0.0,
    }
    for key in ("recall", "hit_rate", "lookup_ms_p50"):
        values = [r[key] for r in results]
        out[key] = round(sum(values) / len(values), 4)
        out[f"{key}_range"] = [min(values), max(values)]
    out["seed_errors"] = [[r["error"], r["hits"]] for r in results]
    out["worst_error"] = max(r["error"] for r in results)
    out["curve"] = results[0]["curve"]
    out["bound_state"] = {k: v for k, v in results[0]["bound"].items() if k != "history"}
    return out


def curves_svg(report: dict[str, Any], width: int = 720, height: int = 300) -> str:
    """The replay's curves as one SVG: each cache's cumulative error (left) and recall
    (right) against the lookups, the first seed's stream, the bounds as dashed lines."""
    runs = report["runs"]
    colours = ("#475569", "#2f5fd0", "#1e7a46", "#c2410c", "#7c3aed", "#be185d", "#0e7490")
    panel, pad = (width - 60) // 2, 40
    lookups = max(point["lookups"] for run in runs.values() for point in run["curve"])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height + 20 * len(runs)}" font-family="sans-serif" font-size="11">'
    ]
    for p, (key, top, title) in enumerate(
        (("error", 0.2, "error (wrong hits / hits)"), ("recall", 1.0, "recall"))
    ):
        x0 = pad + p * (panel + 20)

        def x(n: float, x0: int = x0) -> float:
            return float(x0 + n / lookups * (panel - pad))

        def y(v: float, top: float = top) -> float:
            return height - pad - min(v, top) / top * (height - 2 * pad)

        parts.append(f'<text x="{x0}" y="20">{title} against lookups</text>')
        parts.append(
            f'<rect x="{x0}" y="{pad}" width="{panel - pad}" height="{height - 2 * pad}" '
            'fill="none" stroke="#ccc"/>'
        )
        for tick in (0.0, top / 2, top):
            parts.append(f'<text x="{x0 - 30}" y="{y(tick) + 4:.0f}">{tick:.2f}</text>')
        parts.append(f'<text x="{x(lookups) - 30:.0f}" y="{height - pad + 14}">{lookups}</text>')
        if key == "error":
            for bound in sorted(
                {r["bound_state"].get("max_error") for r in runs.values()} - {None}
            ):
                parts.append(
                    f'<line x1="{x0}" x2="{x(lookups):.1f}" y1="{y(bound):.1f}" y2="{y(bound):.1f}"'
                    ' stroke="#999" stroke-dasharray="4 3"/>'
                )
        for i, run in enumerate(runs.values()):
            points = " ".join(f"{x(pt['lookups']):.1f},{y(pt[key]):.1f}" for pt in run["curve"])
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="{colours[i % len(colours)]}"'
                ' stroke-width="1.6"/>'
            )
    for i, label in enumerate(runs):
        row = height + 14 * i
        parts.append(
            f'<rect x="{pad}" y="{row - 8}" width="10" height="10" '
            f'fill="{colours[i % len(colours)]}"/><text x="{pad + 16}" y="{row + 1}">{label}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
