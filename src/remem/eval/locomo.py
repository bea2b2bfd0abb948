"""LoCoMo retrieval recall: every turn a memory, every question of categories 1-4 a query.

recall@k = |evidence ∩ top-k dia_ids| / |evidence|, averaged over questions (the definition in
``shared/data/README.md``). Beside it, two all-or-nothing counts: ``recall_any@k``, the share of
questions with at least one evidence turn in the top k, and ``recall_all@k``, the share with
*every* evidence turn there — what answering a question whose evidence is spread over a
conversation needs. Each is reported overall, per category, and per kind of evidence
(:data:`EVIDENCE_GROUPS`: spread over several sessions or within one; said by the
conversation's second speaker, LoCoMo's nearest thing to an assistant's turn, since both of its
speakers are people). Malformed evidence ids are split on ';' and spaces, normalised, and
dropped when they name no turn; questions left with no evidence are skipped.

The same conversations can be stored three ways (:data:`INGESTIONS`), as applications store
chats: ``labelled`` (remem's import: "Speaker: text", the speaker in ``metadata.speaker``),
``plain`` (the text as said, the speaker in metadata only) and ``roles`` (the text as said, the
first speaker as ``role`` user and the second as assistant, no names anywhere but in what was
said), and ``bare`` (as a user's own import might: the words as said with no photo captions,
the speaker in metadata only, every turn at its session's time, sessions named ``D1``, ``D2``…).
Figures come for the whole set and for its two halves by conversation (:data:`HALVES`:
the first five, on which retrieval settings may be chosen, and the last five, reported).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from remem.core.errors import InvalidInputError
from remem.eval.common import ingest_once, runs_for
from remem.eval.metrics import any_and_all, latency_ms, mean_rows, recall_at_k
from remem.memory import Memory
from remem.transfer import locomo_items, locomo_sessions

__all__ = [
    "HALVES",
    "INGESTIONS",
    "evaluate_locomo",
    "ingested",
    "locomo_questions",
    "normalise_evidence",
]

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
INGESTIONS = ("labelled", "plain", "roles", "bare")
#: The halves by conversation: settings are chosen on ``tune``, figures read on ``report``.
HALVES = ("tune", "report")
#: Questions grouped by their evidence: what each group's question carries in ``groups``.
EVIDENCE_GROUPS = ("several sessions", "one session", "said by the second speaker")
_EVIDENCE = re.compile(r"D:?(\d+):0*(\d+)")


def normalise_evidence(raw: Sequence[str], turns: set[str]) -> set[str]:
    found = set()
    for entry in raw:
        for part in re.split(r"[;\s]+", str(entry)):
            match = _EVIDENCE.fullmatch(part.strip())
            if match:
                dia = f"D{int(match.group(1))}:{int(match.group(2))}"
                if dia in turns:
                    found.add(dia)
    return found


def ingested(data: list[dict[str, Any]], ingestion: str) -> list[dict[str, Any]]:
    """LoCoMo's turns as items, stored one of the :data:`INGESTIONS` ways."""
    if ingestion not in INGESTIONS:
        raise InvalidInputError(f"ingestion is one of {INGESTIONS}, got {ingestion!r}")
    items = locomo_items(data)
    if ingestion == "labelled":
        return items
    if ingestion == "bare":
        return _bare(data, items)
    first = {str(s.get("sample_id", f"conv-{n}")): (s.get("conversation") or {}).get("speaker_a")
             for n, s in enumerate(data)}  # fmt: skip
    out = []
    for item in items:
        meta = dict(item["metadata"])
        speaker = meta["speaker"]
        text = item["text"].removeprefix(f"{speaker}: ")
        if ingestion == "roles":
            del meta["speaker"]
            role = "user" if speaker == first[item["user_id"]] else "assistant"
            item = {**item, "role": role}
        out.append({**item, "text": text, "metadata": meta})
    return out


def _bare(data: list[dict[str, Any]], items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``bare`` ingestion of ``items`` (:func:`locomo_items` of ``data``)."""
    said = {(str(s.get("sample_id", f"conv-{n}")), str(turn["dia_id"])): str(turn.get("text", ""))
            for n, s in enumerate(data)
            for _, _, turns in locomo_sessions(s["conversation"]) for turn in turns}  # fmt: skip
    starts: dict[tuple[str, Any], datetime] = {}
    for item in items:  # (a session's turns come one second apart from its start)
        key = (item["user_id"], item["metadata"]["session"])
        starts[key] = min(starts.get(key, item["created_at"]), item["created_at"])
    out = []
    for item in items:
        meta = item["metadata"]
        text = said[(item["user_id"], str(meta["dia_id"]))].strip() or item["text"]
        at = starts[(item["user_id"], meta["session"])]
        out.append({**item, "text": text, "session_id": f"D{meta['session']}", "created_at": at})
    return out


def evaluate_locomo(
    memory: Memory,
    data_path: str | Path,
    *,
    ks: Sequence[int] = (5, 10, 20),
    modes: Sequence[str] = ("hybrid",),
    ablation: bool = False,
    ingestion: str = "labelled",
    runs: dict[str, dict[str, Any]] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Ingest every conversation into ``memory`` (one user scope each, stored the
    ``ingestion`` way) and measure recall@k, once per mode, for each configuration of the
    ablation set, or for each of ``runs`` (name → search options)."""
    data = json.loads(Path(data_path).read_text(encoding="utf-8"))
    items = ingested(data, ingestion)
    records, ingest = ingest_once(memory, items, "dia_id", progress=progress)
    dia_of = {rec.id: rec.metadata["dia_id"] for rec in records}
    questions = locomo_questions(data, locomo_items(data))  # names, whatever the ingestion
    report: dict[str, Any] = {
        "dataset": "locomo",
        "data": str(data_path),
        "ingestion": ingestion,
        "embedder": memory.embedder.name,
        "memories": len(records),
        "questions": len(questions),
        "ingest": ingest,
        "parts": "halves: tune = conversations 0-4, where retrieval settings may be chosen; "
        "report = conversations 5-9, not used for choosing (issue 34)",
        "runs": {},
    }
    last_turn = {user: max(r.created_at for r in records if r.user_id == user)
                 for user in {r.user_id for r in records}}  # fmt: skip
    half = {str(s.get("sample_id", f"conv-{n}")): HALVES[n >= (len(data) + 1) // 2]
            for n, s in enumerate(data)}  # fmt: skip
    for name, options in (runs or runs_for(tuple(modes), ablation)).items():
        report["runs"][name] = _run(
            memory, questions, dia_of, ks, name, options, last_turn, half, progress
        )
    return report


def locomo_questions(
    data: list[dict[str, Any]], items: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The questions of the measured categories that have evidence among the stored turns:
    each with its ``user`` (the conversation's scope), ``question``, ``category``,
    ``evidence`` (``dia_id`` of the turns that answer it) and ``groups`` (those of
    :data:`EVIDENCE_GROUPS` its evidence falls in)."""
    turns: dict[str, dict[str, tuple[int, str]]] = {}  # user -> dia_id -> (session, speaker)
    for item in items:
        meta = item["metadata"]
        turns.setdefault(item["user_id"], {})[meta["dia_id"]] = (meta["session"], meta["speaker"])
    out = []
    for number, sample in enumerate(data):
        user = str(sample.get("sample_id", f"conv-{number}"))
        said = turns.get(user, {})
        second = (sample.get("conversation") or {}).get("speaker_b")
        for qa in sample.get("qa", []):
            if qa.get("category") not in CATEGORIES:
                continue
            evidence = normalise_evidence(qa.get("evidence", []), set(said))
            if not evidence:
                continue
            sessions = {said[dia][0] for dia in evidence}
            groups = ["several sessions" if len(sessions) > 1 else "one session"]
            if second is not None and any(said[dia][1] == second for dia in evidence):
                groups.append("said by the second speaker")
            out.append(
                {
                    "user": user,
                    "question": str(qa["question"]),
                    "category": qa["category"],
                    "evidence": evidence,
                    "groups": groups,
                }
            )
    return out


def _run(
    memory: Memory,
    questions: list[dict[str, Any]],
    dia_of: dict[str, str],
    ks: Sequence[int],
    name: str,
    options: dict[str, Any],
    last_turn: dict[str | None, datetime],
    half: dict[str, str],
    progress: bool,
) -> dict[str, Any]:
    from tqdm import tqdm

    depth = max(ks)
    per_cat: dict[int, list[dict[str, float]]] = {c: [] for c in CATEGORIES}
    per_group: dict[str, list[dict[str, float]]] = {g: [] for g in EVIDENCE_GROUPS}
    per_half: dict[str, list[dict[str, float]]] = {h: [] for h in HALVES}
    latencies = []
    # Asked the day after the conversation's last turn, not today: recency is measured from
    # then, and a time a question names ("last week") is read against it.
    for q in tqdm(questions, desc=f"locomo {name}", disable=not progress, leave=False):
        now = last_turn[q["user"]] + timedelta(days=1)
        started = time.perf_counter()
        hits = memory.search(
            q["question"], k=depth, user_id=q["user"], now=now, touch=False, **options
        )
        latencies.append((time.perf_counter() - started) * 1000)
        ranked = [dia_of[h.id] for h in hits]
        row = _recalls(ranked, q["evidence"], ks)
        per_cat[q["category"]].append(row)
        per_half[half[q["user"]]].append(row)
        for group in q.get("groups", ()):
            per_group[group].append(row)
    everything = [r for rows in per_cat.values() for r in rows]
    return {
        "overall": mean_rows(everything),
        "halves": {h: {**mean_rows(rows), "questions": len(rows)} for h, rows in per_half.items()},
        "by_category": {
            f"{c} {name}": {**mean_rows(per_cat[c]), "questions": len(per_cat[c])}
            for c, name in CATEGORIES.items()
        },
        "by_evidence": {
            group: {**mean_rows(rows), "questions": len(rows)} for group, rows in per_group.items()
        },
        "latency_ms": latency_ms(latencies),
    }


def _recalls(ranked: list[str], evidence: set[str], ks: Sequence[int]) -> dict[str, float]:
    """One question's recall@k, and whether any / all of its evidence is in the top k."""
    row: dict[str, float] = {}
    for k in ks:
        row[f"recall@{k}"] = recall_at_k(ranked, evidence, k)
        row.update(any_and_all(ranked, evidence, k))
    return row
