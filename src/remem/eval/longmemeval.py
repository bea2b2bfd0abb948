"""LongMemEval_S retrieval: which of a question's ~48 chat sessions hold its evidence.

Each question's haystack is stored in a scope of the question's own (``user_id`` = the
question id), at one of two granularities (:func:`haystack_items`): **sessions**, a memory per
session (its user turns joined, as the field's published protocol has it), or **turns**, a
memory per user turn and per round of turn and reply. The question is then asked side by side
in one run: **plain cosine** between the question's vector and each memory's head vector (as
a vector store with one vector per memory ranks them) and **remem's default search**
(``search(question, user_id=..., now=question_date)``); either way sessions are ranked by
their best memory. The upstream metrics at k = 5 and 10: ``recall_any`` (some evidence
session in the top k), ``recall_all`` (every evidence session there) and ``ndcg`` (binary
relevance), overall and per question type, with each method's query latency.

The 120 development questions are split in two halves — ``tune`` and ``report`` — by question
type, alternating in question-id order, so whatever is chosen from data is chosen on
``tune`` and reported on ``report`` (issue 34); both are printed under their names.
"""

from __future__ import annotations

import json
import lzma
import time
import warnings
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from remem.core.errors import InvalidInputError, LongTextWarning
from remem.core.records import MemoryRecord
from remem.eval.folds import cross_validate
from remem.eval.metrics import any_and_all, latency_ms, mean_rows, ndcg_at_k
from remem.memory import Memory

__all__ = [
    "GRANULARITIES",
    "SPLITS",
    "evaluate_longmemeval",
    "haystack_items",
    "read_questions",
    "session_document",
    "split_of",
]

SPLITS = ("tune", "report")
GRANULARITIES = ("sessions", "turns")
KS = (5, 10)


def read_questions(path: str | Path) -> list[dict[str, Any]]:
    """The questions of a LongMemEval file (``.json`` or ``.json.xz``), checked."""
    raw = Path(path).read_bytes()
    if str(path).endswith(".xz"):
        raw = lzma.decompress(raw)
    data = json.loads(raw)
    if not isinstance(data, list):
        raise InvalidInputError("a LongMemEval file is a JSON list of questions")
    keys = ("question_id", "question_type", "question", "question_date", "answer_session_ids",
            "haystack_sessions", "haystack_session_ids", "haystack_dates")  # fmt: skip
    for number, row in enumerate(data):
        missing = [k for k in keys if k not in row]
        if missing:
            raise InvalidInputError(f"question {number} has no {missing}")
    return data


def split_of(questions: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Question id → ``tune`` or ``report``: alternating within each question type, in
    question-id order (so both halves hold every type alike)."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for row in questions:
        by_type[row["question_type"]].append(row["question_id"])
    return {qid: SPLITS[i % 2] for ids in by_type.values() for i, qid in enumerate(sorted(ids))}


def session_document(session: Sequence[dict[str, Any]]) -> str:
    """A session as one document: its user turns, joined by line breaks."""
    return "\n".join(
        str(turn.get("content", "")) for turn in session if turn.get("role") == "user"
    ).strip()


def haystack_items(row: dict[str, Any], granularity: str) -> list[dict[str, Any]]:
    """A question's haystack as memories in its own scope (``user_id`` = the question id).

    ``sessions``: a memory per session (:func:`session_document`) at the session's date.
    ``turns``: a memory per user turn (``role`` user) and one per round (the user's turn with
    the reply after it, ``role`` assistant: it holds what the assistant said), each with the
    session's date plus its turn number in seconds, so a session's memories keep their order.
    ``metadata.item`` names each (``session``, ``session:n:user``, ``session:n:round``) so a
    stored copy can be checked and reused.
    """
    items: list[dict[str, Any]] = []
    for sid, date, session in zip(
        row["haystack_session_ids"], row["haystack_dates"], row["haystack_sessions"], strict=True
    ):
        when = datetime.fromisoformat(_when(date))
        base = {"user_id": row["question_id"], "session_id": sid}
        if granularity == "sessions":
            text = session_document(session)
            if text:
                items.append({**base, "text": text, "kind": "session", "created_at": when,
                              "metadata": {"item": sid}})  # fmt: skip
            continue
        for n, turn in enumerate(session):
            text = str(turn.get("content", "")).strip()
            if turn.get("role") != "user" or not text:
                continue
            at = {**base, "created_at": when + timedelta(seconds=n)}
            item = f"{sid}:{n}"
            items.append({**at, "text": text, "kind": "turn", "role": "user",
                          "metadata": {"item": f"{item}:user"}})  # fmt: skip
            reply = session[n + 1] if n + 1 < len(session) else {}
            answer = str(reply.get("content", "")).strip()
            if reply.get("role") == "assistant" and answer:
                round_ = {"text": f"{text}\n\n{answer}", "kind": "round", "role": "assistant"}
                items.append({**at, **round_, "metadata": {"item": f"{item}:round"}})
    return items


def _when(text: str) -> str:
    """A LongMemEval date (``2023/05/20 (Sat) 02:21``) as ISO 8601, UTC."""
    day, _, rest = text.partition(" (")
    clock = rest.partition(") ")[2] or "00:00"
    return f"{day.replace('/', '-')}T{clock}:00+00:00"


def _scores(ranked: Sequence[str], relevant: set[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for k in KS:
        out.update(any_and_all(ranked, relevant, k))
        out[f"ndcg@{k}"] = ndcg_at_k(ranked, dict.fromkeys(relevant, 1.0), k)
    return out


def _fill(
    memory: Memory, questions: list[dict[str, Any]], granularity: str, progress: bool
) -> tuple[dict[str, list[MemoryRecord]], dict[str, Any]]:
    """Store each question's haystack, unless an earlier run stored exactly it (a run stopped
    half way resumes at the first question not stored). A text said twice in a haystack is
    one memory (remem folds duplicates). Returns each scope's records and what the ingest
    did."""
    from tqdm import tqdm

    by_user: dict[str, list[MemoryRecord]] = defaultdict(list)
    total = memory.stats().records
    for record in memory.list_all() if total else ():
        by_user[str(record.user_id)].append(record)
    started, added = time.perf_counter(), 0
    for row in tqdm(questions, desc=f"haystacks ({granularity})", disable=not progress):
        qid, items = row["question_id"], haystack_items(row, granularity)
        held = {str(r.metadata.get("item")) for r in by_user.get(qid, ())}
        if not held:  # a question's haystack is one add_many: stored whole or not at all
            with warnings.catch_warnings():  # long rounds in a part_tokens=0 store: chosen
                warnings.simplefilter("ignore", LongTextWarning)
                stored = memory.add_many(items)
            by_user[qid] = list({r.id: r for r in stored}.values())
            added += len(by_user[qid])
        elif not held <= {str(item["metadata"]["item"]) for item in items}:
            raise InvalidInputError(
                f"the store holds other memories for {qid}: evaluate on an empty store "
                f"or one an earlier run of the same granularity filled"
            )
    seconds = time.perf_counter() - started
    report = {"added": added, "seconds": round(seconds, 1)}
    if added:
        report["per_second"] = round(added / seconds, 1)
    return by_user, report


def _cosine(memory: Memory, stored: list[MemoryRecord], question: str) -> list[str]:
    """Sessions by their best memory's head vector against the question's (plain cosine, as
    a vector store with one vector per memory ranks them)."""
    vectors = memory.store.vectors([r.id for r in stored])
    query = memory.query_vector(question)
    dims = memory.embedder.dimensions
    best: dict[str, float] = {}
    for r in stored:
        if r.id in vectors and r.session_id:
            score = float(np.asarray(vectors[r.id]).reshape(-1, dims)[0] @ query)
            best[r.session_id] = max(score, best.get(r.session_id, -2.0))
    return sorted(best, key=lambda sid: -best[sid])


def evaluate_longmemeval(
    memory: Memory,
    data_path: str | Path,
    *,
    granularity: str = "sessions",
    runs: dict[str, dict[str, Any]] | None = None,
    limit: int | None = None,
    details: bool = False,
    progress: bool = False,
    folds: int | None = None,
    seeds: Sequence[int] = (0, 1, 2),
    choose_by: str = "recall_all@5",
) -> dict[str, Any]:
    """Store every question's haystack in ``memory`` at ``granularity`` (``sessions`` or
    ``turns``, :func:`haystack_items`; an empty store, or one an earlier run filled with the
    same items), then rank its sessions for the question by plain cosine and by each of
    ``runs`` (name → search options; default: remem's default search as ``remem``), sessions
    ranked by their best hit. ``limit`` takes the first questions only (the halves stay those
    of the whole file); ``details`` adds each question's rankings. ``folds``: also
    cross-validate (:func:`remem.eval.folds.cross_validate`): in each fold of each seed, the
    run of ``runs`` with the best ``choose_by`` on the other folds, scored on the held-out
    fold, beside plain cosine and the first run held to themselves."""
    from tqdm import tqdm

    if granularity not in GRANULARITIES:
        raise InvalidInputError(f"granularity is one of {GRANULARITIES}, got {granularity!r}")
    everything = read_questions(data_path)
    halves = split_of(everything)
    questions = everything[:limit]
    by_user, ingest = _fill(memory, questions, granularity, progress)
    runs = {"remem": {}} if runs is None else runs
    depth = max(KS) if granularity == "sessions" else 100
    per: dict[str, list[tuple[str, str, dict[str, float]]]] = {
        "cosine": [],
        **{n: [] for n in runs},
    }
    latencies: dict[str, list[float]] = {name: [] for name in per}
    ranked_by: dict[str, dict[str, list[str]]] = {}
    by_question: dict[str, dict[str, dict[str, float]]] = {name: {} for name in per}
    for row in tqdm(questions, desc="questions", disable=not progress, leave=False):
        qid, relevant = row["question_id"], set(row["answer_session_ids"])
        started = time.perf_counter()
        orders = {"cosine": _cosine(memory, by_user[qid], row["question"])}
        latencies["cosine"].append((time.perf_counter() - started) * 1000)
        for name, options in runs.items():
            started = time.perf_counter()
            hits = memory.search(row["question"], user_id=qid, k=depth, touch=False,
                                 now=_when(row["question_date"]), **options)  # fmt: skip
            latencies[name].append((time.perf_counter() - started) * 1000)
            orders[name] = list(dict.fromkeys(h.session_id for h in hits if h.session_id))
        for name, order in orders.items():
            scored = _scores(order, relevant)
            per[name].append((halves[qid], row["question_type"], scored))
            by_question[name][qid] = scored
        if details:
            ranked_by[qid] = {name: order[: max(KS)] for name, order in orders.items()}

    report: dict[str, Any] = {
        "dataset": f"LongMemEval_S dev ({granularity})",
        "data": str(data_path),
        "granularity": granularity,
        "embedder": memory.embedder.name,
        "part_tokens": memory.part_tokens,
        "questions": len(questions),
        "memories": sum(len(v) for v in by_user.values()),
        "ingest": ingest,
        "runs": {name: runs.get(name, "plain cosine of head vectors") for name in per},
        "latency_ms": {name: latency_ms(values) for name, values in latencies.items()},
        "parts": "tune: the half retrieval settings may be chosen on; report: the other half, "
        "not used for choosing (issue 34)",
        "splits": {},
    }
    for split in SPLITS:
        part: dict[str, Any] = {}
        for name, rows in per.items():
            mine = [(t, s) for h, t, s in rows if h == split]
            types = sorted({t for t, _ in mine})
            part[name] = {
                "overall": mean_rows([s for _, s in mine]),
                "by_type": {t: mean_rows([s for tt, s in mine if tt == t]) for t in types},
                "questions": len(mine),
            }
        report["splits"][split] = part
    if folds is not None:
        first = next(iter(runs))
        report["cross_validation"] = cross_validate(
            {name: by_question[name] for name in runs},
            {row["question_id"]: row["question_type"] for row in questions},
            choose_by=choose_by,
            folds=folds,
            seeds=seeds,
            fixed_scores={"cosine": by_question["cosine"], first: by_question[first]},
        )
    if details:
        report["ranked"] = ranked_by
    return report
