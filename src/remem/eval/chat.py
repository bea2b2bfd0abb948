"""Chat recall: what the assistant said, what the user prefers, what the user stated — found
again in a long chat history.

Each LoCoMo conversation becomes one user's chat history (its first speaker the user, its second
the assistant; about 600 turns over 19 to 32 sessions), stored session by session through
:class:`~remem.memory_types.chat.ChatMemory`, as a chat application would. Among those sessions
go short sessions of the probe set (``tests/data/chat_recall.jsonl``, written for this project),
each with a question the user asks later and the message(s) that answer it:

- ``assistant``: the assistant's own earlier answer ("What was the third dish you suggested?");
- ``preference``: a preference stated in passing, needed by a later request for a
  recommendation that does not repeat its words ("Can you recommend a hotel for my trip?");
- ``fact``: a fact the user stated, asked for in other words (the control).

Each question is searched in its user's scope with the search defaults; the report gives, per
type, the share of questions with an answering message in the top 1 / 5 / 10 and the mean
reciprocal rank.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from remem.core.errors import InvalidInputError
from remem.eval.folds import cross_validate
from remem.eval.metrics import latency_ms, mean_rows
from remem.memory import Memory
from remem.transfer import locomo_sessions

__all__ = ["PROBE_TYPES", "RUNS", "evaluate_chat", "read_probes"]

PROBE_TYPES = ("assistant", "preference", "fact")
#: The configurations measured: the defaults; without the speaker prior (whose role part lifts
#: the assistant's messages for a question about what it said); without the stated-preference
#: prior (:mod:`remem.retrieval.preferences`); without both.
RUNS: dict[str, dict[str, Any]] = {
    "hybrid (default)": {},
    "no speaker prior": {"speaker_weight": 0.0},
    "no stated-preference prior": {"preference_k": 0},
    "neither prior": {"speaker_weight": 0.0, "preference_k": 0},
}


def read_probes(path: str | Path) -> list[dict[str, Any]]:
    """The probe set, checked: each line an object with ``id``, ``type`` (one of
    :data:`PROBE_TYPES`), ``messages`` (user / assistant dicts), ``evidence`` (indices into
    them) and ``question``."""
    probes = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            probe = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(probe, dict) or probe.get("type") not in PROBE_TYPES:
            raise InvalidInputError(f"{where}: an object whose type is one of {PROBE_TYPES}")
        messages, evidence = probe.get("messages"), probe.get("evidence")
        if not isinstance(messages, list) or not messages or not isinstance(evidence, list):
            raise InvalidInputError(f"{where}: needs 'messages' and 'evidence' lists")
        if not evidence or not all(isinstance(i, int) and 0 <= i < len(messages) for i in evidence):
            raise InvalidInputError(f"{where}: evidence must index its messages")
        if not isinstance(probe.get("question"), str) or not probe["question"].strip():
            raise InvalidInputError(f"{where}: needs a 'question'")
        probes.append(probe)
    if not probes:
        raise InvalidInputError(f"{path} holds no probes")
    return probes


def _sessions(sample: dict[str, Any]) -> list[list[dict[str, str]]]:
    """A LoCoMo conversation's sessions in order, as chat messages: the first speaker's turns
    are the user's, the other's the assistant's."""
    conversation = sample.get("conversation")
    if not isinstance(conversation, dict):
        raise InvalidInputError("a LoCoMo conversation has no 'conversation' object")
    first = conversation.get("speaker_a")
    sessions = []
    for _, _, turns in locomo_sessions(conversation):
        messages = [
            {"role": "user" if t.get("speaker") == first else "assistant", "content": t["text"]}
            for t in turns
            if isinstance(t, dict) and isinstance(t.get("text"), str) and t["text"].strip()
        ]
        if messages:
            sessions.append(messages)
    return sessions


def evaluate_chat(
    memory: Memory,
    locomo_path: str | Path,
    probes_path: str | Path,
    *,
    ks: Sequence[int] = (1, 5, 10),
    seed: int = 0,
    runs: Mapping[str, dict[str, Any]] | None = None,
    progress: bool = False,
    folds: int | None = None,
    seeds: Sequence[int] = (0, 1, 2),
    choose_by: str = "found@5",
) -> dict[str, Any]:
    """Store each LoCoMo conversation as one user's chats with the probes' sessions among them,
    then ask every probe's question in its user's scope, once per named configuration of
    ``runs`` (search options; default :data:`RUNS`). ``memory`` must be empty. ``folds``:
    also cross-validate over the probes (:func:`remem.eval.folds.cross_validate`, stratified
    by probe type): in each fold, the run best by ``choose_by`` on the other folds, scored on
    the held-out one, beside the first run held to itself."""
    from tqdm import tqdm

    if memory.stats().records:
        raise InvalidInputError("the chat evaluation needs an empty store")
    data = json.loads(Path(locomo_path).read_text(encoding="utf-8"))
    if not isinstance(data, list) or not data:
        raise InvalidInputError("a LoCoMo file is a JSON list of conversation objects")
    probes = read_probes(probes_path)
    histories = [_sessions(sample) for sample in data]
    rng = random.Random(seed)
    placed: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for number, probe in enumerate(probes):
        user = number % len(histories)
        placed.setdefault(user, []).append((rng.randrange(len(histories[user]) + 1), probe))

    evidence: dict[str, set[str]] = {}  # probe id -> ids of its answering messages
    started, turns = time.perf_counter(), 0
    bar = tqdm(total=len(histories), desc="chat histories", disable=not progress, leave=False)
    for user, sessions in enumerate(histories):
        owner = f"chat-user-{user}"
        inserts = sorted(placed.get(user, []), key=lambda p: p[0])
        plan: list[tuple[str, list[dict[str, str]], dict[str, Any] | None]] = []
        for index, messages in enumerate(sessions):
            plan += [(f"probe-{p['id']}", p["messages"], p) for at, p in inserts if at == index]
            plan.append((f"locomo-{index}", messages, None))
        plan += [(f"probe-{p['id']}", p["messages"], p) for at, p in inserts if at == len(sessions)]
        for session_id, messages, inserted in plan:
            records = memory.chat(session_id, user_id=owner).add_many(messages)
            turns += len(records)
            if inserted is not None:
                evidence[inserted["id"]] = {records[i].id for i in inserted["evidence"]}
        bar.update()
    bar.close()
    ingest_seconds = time.perf_counter() - started

    report: dict[str, Any] = {
        "dataset": "chat recall (LoCoMo histories + probes)",
        "data": str(locomo_path),
        "probes": str(probes_path),
        "embedder": memory.embedder.name,
        "users": len(histories),
        "messages": turns,
        "ingest": {
            "seconds": round(ingest_seconds, 2),
            "per_second": round(turns / ingest_seconds, 1),
        },
        "runs": {},
    }
    per_probe: dict[str, dict[str, dict[str, float]]] = {}
    chosen_among = RUNS if runs is None else runs
    for name, options in chosen_among.items():
        report["runs"][name], per_probe[name] = _run(
            memory, probes, evidence, len(histories), ks, options
        )
    if folds is not None:
        first = next(iter(chosen_among))
        report["cross_validation"] = cross_validate(
            per_probe,
            {str(p["id"]): p["type"] for p in probes},
            choose_by=choose_by,
            folds=folds,
            seeds=seeds,
            fixed_scores={first: per_probe[first]},
        )
    return report


def _run(
    memory: Memory,
    probes: list[dict[str, Any]],
    evidence: dict[str, set[str]],
    users: int,
    ks: Sequence[int],
    options: dict[str, Any],
) -> tuple[dict[str, Any], dict[str, dict[str, float]]]:
    """The run's report, and each probe's row (probe id -> metrics)."""
    depth = max(ks)
    rows: dict[str, list[dict[str, float]]] = {t: [] for t in PROBE_TYPES}
    latencies, misses = [], []
    by_probe: dict[str, dict[str, float]] = {}
    for number, probe in enumerate(probes):
        owner = f"chat-user-{number % users}"
        began = time.perf_counter()
        hits = memory.search(probe["question"], k=depth, user_id=owner, touch=False, **options)
        latencies.append((time.perf_counter() - began) * 1000)
        ranked = [h.id for h in hits]
        first = next((r for r, i in enumerate(ranked, 1) if i in evidence[probe["id"]]), None)
        row = {f"found@{k}": float(first is not None and first <= k) for k in ks}
        row["mrr"] = 1.0 / first if first else 0.0
        rows[probe["type"]].append(row)
        by_probe[str(probe["id"])] = row
        if first is None or first > 5:
            misses.append({"id": probe["id"], "question": probe["question"], "rank": first})
    everything = [r for group in rows.values() for r in group]
    return {
        "overall": {**mean_rows(everything), "questions": len(everything)},
        "by_type": {t: {**mean_rows(group), "questions": len(group)} for t, group in rows.items()},
        "latency_ms": latency_ms(latencies),
        "not_in_top_5": misses,
    }, by_probe
