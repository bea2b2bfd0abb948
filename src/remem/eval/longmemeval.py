"""LongMemEval_S retrieval: which of a question's ~48 chat sessions hold its evidence.

Each question's haystack sessions are stored as **session documents** (one memory per
session: its user turns joined, as the field's published protocol has it), in a scope of the
question's own (``user_id`` = the question id), each at its session's date. The question is
then asked two ways, side by side in one run: **plain cosine** between the question's vector
and each session's (the embedder's vector of the document, as a vector store would rank
them), and **remem's default search** (``search(question, user_id=..., now=question_date)``,
sessions ranked by their first hit). The upstream metrics at k = 5 and 10: ``recall_any``
(some evidence session in the top k), ``recall_all`` (every evidence session there) and
``ndcg`` (binary relevance), overall and per question type.

The 120 development questions are split in two halves — ``tune`` and ``report`` — by question
type, alternating in question-id order, so whatever is chosen from data is chosen on
``tune`` and reported on ``report`` (issue 34); both are printed under their names.
"""

from __future__ import annotations

import json
import lzma
import math
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from remem.errors import InvalidInputError
from remem.memory import Memory

__all__ = ["SPLITS", "evaluate_longmemeval", "read_questions", "session_document", "split_of"]

SPLITS = ("tune", "report")
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


def _when(text: str) -> str:
    """A LongMemEval date (``2023/05/20 (Sat) 02:21``) as ISO 8601, UTC."""
    day, _, rest = text.partition(" (")
    clock = rest.partition(") ")[2] or "00:00"
    return f"{day.replace('/', '-')}T{clock}:00+00:00"


def _ndcg(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    gain = sum(1 / math.log2(i + 2) for i, s in enumerate(ranked[:k]) if s in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, len(relevant))))
    return gain / ideal if ideal else 0.0


def _scores(ranked: Sequence[str], relevant: set[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for k in KS:
        top = set(ranked[:k])
        out[f"recall_any@{k}"] = float(bool(top & relevant))
        out[f"recall_all@{k}"] = float(relevant <= top)
        out[f"ndcg@{k}"] = _ndcg(ranked, relevant, k)
    return out


def _means(rows: list[dict[str, float]]) -> dict[str, float]:
    return (
        {name: round(sum(r[name] for r in rows) / len(rows), 4) for name in rows[0]} if rows else {}
    )


def evaluate_longmemeval(
    memory: Memory,
    data_path: str | Path,
    *,
    limit: int | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Store every question's sessions as session documents in ``memory`` (empty), then rank
    them for the question by plain cosine and by remem's default search (see the module's
    docstring). ``limit`` takes the first questions only."""
    from tqdm import tqdm

    if memory.stats().records:
        raise InvalidInputError("the LongMemEval evaluation needs an empty store")
    questions = read_questions(data_path)[:limit]
    halves = split_of(questions)
    started = time.perf_counter()
    documents = 0
    for row in tqdm(questions, desc="haystacks", disable=not progress, leave=False):
        items = []
        for sid, date, session in zip(
            row["haystack_session_ids"],
            row["haystack_dates"],
            row["haystack_sessions"],
            strict=True,
        ):
            text = session_document(session)
            if text:
                items.append({"text": text, "user_id": row["question_id"], "session_id": sid,
                              "kind": "session", "created_at": _when(date)})  # fmt: skip
        memory.add_many(items, progress=False)
        documents += len(items)
    ingest = time.perf_counter() - started

    per: dict[str, list[tuple[str, str, dict[str, float]]]] = {"cosine": [], "remem": []}
    started = time.perf_counter()
    for row in tqdm(questions, desc="questions", disable=not progress, leave=False):
        qid, relevant = row["question_id"], set(row["answer_session_ids"])
        stored = memory.list_all(user_id=qid)
        vectors = memory.store.vectors([r.id for r in stored])
        query = memory.query_vector(row["question"])
        dims = memory.embedder.dimensions
        heads = [
            (str(r.session_id), float(np.asarray(vectors[r.id]).reshape(-1, dims)[0] @ query))
            for r in stored
            if r.id in vectors
        ]
        cosine = [sid for sid, _ in sorted(heads, key=lambda h: -h[1])]
        hits = memory.search(
            row["question"], user_id=qid, k=max(KS), now=_when(row["question_date"])
        )
        ranked = list(dict.fromkeys(h.session_id for h in hits if h.session_id))
        for name, order in (("cosine", cosine), ("remem", ranked)):
            per[name].append((halves[qid], row["question_type"], _scores(order, relevant)))
    asking = time.perf_counter() - started

    report: dict[str, Any] = {
        "dataset": "LongMemEval_S dev (session documents)",
        "data": str(data_path),
        "embedder": memory.embedder.name,
        "questions": len(questions),
        "session_documents": documents,
        "seconds": {"ingest": round(ingest, 1), "questions": round(asking, 1)},
        "splits": {},
    }
    for split in SPLITS:
        part: dict[str, Any] = {}
        for name, rows in per.items():
            mine = [(t, s) for h, t, s in rows if h == split]
            types = sorted({t for t, _ in mine})
            part[name] = {
                "overall": _means([s for _, s in mine]),
                "by_type": {t: _means([s for tt, s in mine if tt == t]) for t in types},
                "questions": len(mine),
            }
        report["splits"][split] = part
    return report
