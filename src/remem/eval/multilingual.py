"""Memory in the languages people speak: recall over chats written in fifteen languages.

The set (``benchmarks/data/multilingual``, its README says how it was written): for each of
Spanish, German, French, Portuguese, Italian, Russian, Chinese, Japanese, Korean, Arabic, Hindi,
Turkish, Dutch, Polish and Vietnamese, a file ``<code>.json`` of three conversations, each one
person chatting with an assistant over 5–6 dated sessions (45–60 turns), and 12 questions asked
later, two of each kind in :data:`KINDS`, three of them in another language than the chat's
(English, or another), with the turns that answer them. The third conversation of each language
switches to English now and then.

Each conversation is one user's history: its turns (user and assistant) stored with their
roles and their session's date, in that user's scope, as a chat application would store them,
without a language tag (a user writing Spanish does not say so). Each question is searched in
its user's scope; a question is found at k when an answering turn is among the first k hits
(``recall_any``), and whole when all of them are (``recall_all``).

Parts: ``tune`` is every language's first conversation (``xx-1``), where anything may be
chosen; ``report`` the second and third, which choose nothing. Reported per search mode:
overall, per language, per kind, and same-language against cross-lingual questions.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from remem.core.errors import InvalidInputError
from remem.eval.metrics import latency_ms
from remem.memory import Memory

__all__ = ["KINDS", "PARTS", "evaluate_multilingual", "read_conversations"]

KINDS = (
    "single_fact",
    "multi_session",
    "temporal",
    "knowledge_update",
    "preference",
    "paraphrase",
)
#: Which conversations each part holds, by the number after the language code.
PARTS = {"tune": ("1",), "report": ("2", "3"), "all": ("1", "2", "3")}
#: The search modes compared (search options).
MODES: dict[str, dict[str, Any]] = {
    "hybrid": {},
    "dense": {"mode": "dense"},
    "keyword": {"mode": "keyword"},
}
CUTOFFS = (1, 5, 10)


def read_conversations(folder: str | Path, part: str = "report") -> list[dict[str, Any]]:
    """The conversations of ``part`` (:data:`PARTS`) in ``folder``'s ``<code>.json`` files, each
    with its ``language``; checked (every evidence turn exists, every kind known)."""
    if part not in PARTS:
        raise InvalidInputError(f"part is one of {sorted(PARTS)}, got {part!r}")
    files = sorted(Path(folder).glob("*.json"))
    if not files:
        raise InvalidInputError(f"{folder} holds no <language>.json files")
    chosen = []
    for file in files:
        data = json.loads(file.read_text(encoding="utf-8"))
        for conversation in data["conversations"]:
            if conversation["id"].rsplit("-", 1)[1] not in PARTS[part]:
                continue
            _check(conversation, file)
            chosen.append({**conversation, "language": data["language"]})
    return chosen


def _check(conversation: dict[str, Any], file: Path) -> None:
    turns = {t["id"] for s in conversation["sessions"] for t in s["turns"]}
    for question in conversation["questions"]:
        where = f"{file.name}: {question['id']}"
        if question["kind"] not in KINDS:
            raise InvalidInputError(f"{where}: unknown kind {question['kind']!r}")
        missing = [e for e in question["evidence"] if e not in turns]
        if missing or not question["evidence"]:
            raise InvalidInputError(f"{where}: evidence {missing or '(none)'} not in its chat")


def chat_items(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    """A conversation's turns as memories: its user's scope and a session of each of its
    sessions (as a chat application keeps them), the turn's role, its session's date (a minute
    apart within a session), the turn's id in the metadata."""
    items = []
    for number, session in enumerate(conversation["sessions"], start=1):
        day = datetime.fromisoformat(session["date"]).replace(hour=9, tzinfo=UTC)
        for n, turn in enumerate(session["turns"]):
            items.append(
                {
                    "text": turn["text"],
                    "user_id": conversation["id"],
                    "session_id": f"{conversation['id']}-s{number}",
                    "role": turn["role"],
                    "kind": "turn",
                    "created_at": day + timedelta(minutes=n),
                    "metadata": {"turn": turn["id"]},
                }
            )
    return items


def asked_on(conversation: dict[str, Any]) -> datetime:
    """When a conversation's questions are asked: the day after its last session."""
    last = datetime.fromisoformat(conversation["sessions"][-1]["date"])
    return last.replace(hour=12, tzinfo=UTC) + timedelta(days=1)


def evaluate_multilingual(
    memory: Memory,
    folder: str | Path,
    *,
    part: str = "report",
    modes: Sequence[str] = tuple(MODES),
    progress: bool = False,
) -> dict[str, Any]:
    """Store the chats of ``part`` in ``memory`` (empty) and search each question in its
    user's scope with each of ``modes``; the report (see the module's docstring)."""
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        raise InvalidInputError(f"modes are {sorted(MODES)}, got {unknown}")
    conversations = read_conversations(folder, part)
    if memory.stats().records:
        raise InvalidInputError("evaluate on an empty store: the chats are stored anew")
    items = [item for c in conversations for item in chat_items(c)]
    started = time.perf_counter()
    memory.add_many(items, progress=progress)
    seconds = time.perf_counter() - started
    report: dict[str, Any] = {
        "data": str(folder),
        "part": part,
        "embedder": memory.embedder.name,
        "conversations": len(conversations),
        "questions": sum(len(c["questions"]) for c in conversations),
        "ingest": {"memories": len(items), "per_second": round(len(items) / seconds, 1)},
        "modes": {},
    }
    for mode in modes:
        rows, timings = [], []
        for conversation in conversations:
            for question in conversation["questions"]:
                began = time.perf_counter()
                hits = memory.search(
                    question["question"], user_id=conversation["id"], k=max(CUTOFFS),
                    now=asked_on(conversation), touch=False, **MODES[mode],
                )  # fmt: skip
                timings.append(time.perf_counter() - began)
                ranked = [hit.metadata.get("turn") for hit in hits]
                rows.append(_row(conversation, question, ranked))
        report["modes"][mode] = {
            **summary(rows),
            "search_ms": latency_ms([t * 1000 for t in timings]),
        }
    return report


def _row(
    conversation: dict[str, Any], question: dict[str, Any], ranked: list[Any]
) -> dict[str, Any]:
    evidence = set(question["evidence"])
    row: dict[str, Any] = {
        "language": conversation["language"],
        "kind": question["kind"],
        "cross": question["language"] != conversation["language"],
    }
    for k in CUTOFFS:
        top = set(ranked[:k])
        row[f"any@{k}"] = float(bool(evidence & top))
        row[f"all@{k}"] = float(evidence <= top)
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The mean of each measure overall and per language, kind, and same / cross-lingual."""
    measures = [f"{m}@{k}" for k in CUTOFFS for m in ("any", "all")]

    def mean(group: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "questions": len(group),
            **{m: round(sum(r[m] for r in group) / len(group), 4) for m in measures},
        }

    grouped: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        grouped["language"][row["language"]].append(row)
        grouped["kind"][row["kind"]].append(row)
        grouped["asked in"]["another language" if row["cross"] else "the chat's"].append(row)
    return {
        **mean(rows),
        **{
            by: {name: mean(group) for name, group in sorted(groups.items())}
            for by, groups in grouped.items()
        },
    }
