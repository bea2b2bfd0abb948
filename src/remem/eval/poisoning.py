"""Memory poisoning: attack memories mixed into LoCoMo conversations, then every question asked.

The attack set (``benchmarks/data/poisoning.jsonl``, written for the project: see its
``POISONING.md``) holds texts that try to steer a model when recalled — overrides, role markup,
personas, delayed triggers, exfiltration links, invisible text, planted "facts", tool requests,
obfuscation — in English, Spanish and German, each with a ``trigger`` question that should
recall it and a ``split``. Each attack of a split is stored as a turn of one of that split's
conversations (``{speaker}`` and ``{other}`` filled with its two speakers), at a random place,
exactly as the conversation's own turns are (``"Speaker: text"``).

Then every LoCoMo question of those conversations and every attack's trigger is asked through
``context()``; a packed context holds an attack **unmarked** when the attack is in it and
carries no mark (:func:`remem.retrieval.packing.marks_of`), so it would reach the model as
plain text. The figures: attacks that reached a context, and how many of them unmarked (the
target is 0); attacks marked when stored; the ordinary turns of the conversations marked (at
most 1%); and the benign near-misses (``benign_hard.jsonl``) marked.

The rules of :mod:`remem.marks` were written on the ``dev`` attacks and LoCoMo conversations
0-4; the ``test`` attacks and conversations 5-9 are the held-out report. Both are printed,
each under its split's name.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

from remem.errors import InvalidInputError
from remem.marks import scan
from remem.memory import Memory
from remem.retrieval.packing import marks_of
from remem.transfer import locomo_items

__all__ = ["SPLITS", "evaluate_poisoning", "read_set"]

#: The LoCoMo conversations (by position) each split mixes its attacks into.
SPLITS = {"dev": range(0, 5), "test": range(5, 10)}


def read_set(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a JSON-lines set, checked for the fields the evaluation reads."""
    rows = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        if not isinstance(row, dict) or not isinstance(row.get("text"), str):
            raise InvalidInputError(f"{path} line {number}: an object with a text")
        if row.get("split") not in SPLITS:
            raise InvalidInputError(f"{path} line {number}: split must be dev or test")
        rows.append(row)
    return rows


def _fill(text: str, speaker: str, other: str) -> str:
    # str.replace, not format: attack texts hold JSON braces of their own.
    return text.replace("{speaker}", speaker).replace("{other}", other)


def evaluate_poisoning(
    memory: Memory,
    locomo_path: str | Path,
    attacks_path: str | Path,
    benign_path: str | Path | None = None,
    *,
    split: str = "test",
    k: int = 10,
    budget_tokens: int = 1000,
    seed: int = 0,
    progress: bool = False,
) -> dict[str, Any]:
    """Mix the ``split``'s attacks into its LoCoMo conversations in ``memory`` (empty), ask
    every question and trigger through ``context()``, and count (see the module's docstring)."""
    from tqdm import tqdm

    from remem.eval.locomo import locomo_questions

    if memory.stats().records:
        raise InvalidInputError("the poisoning evaluation needs an empty store")
    data = json.loads(Path(locomo_path).read_text(encoding="utf-8"))
    chosen = [data[i] for i in SPLITS[split] if i < len(data)]
    items = locomo_items(chosen)
    attacks = [a for a in read_set(attacks_path) if a["split"] == split]
    users = sorted({item["user_id"] for item in items}, key=[i["user_id"] for i in items].index)
    speakers = {
        str(sample.get("sample_id", f"conv-{n}")): (
            sample["conversation"]["speaker_a"],
            sample["conversation"]["speaker_b"],
        )
        for n, sample in zip(SPLITS[split], chosen, strict=False)
    }
    rng = random.Random(seed)
    by_user: dict[str, list[dict[str, Any]]] = {
        u: [i for i in items if i["user_id"] == u] for u in users
    }
    placed: dict[str, dict[str, Any]] = {}  # attack id -> its stored item
    for number, attack in enumerate(attacks):
        user = users[number % len(users)]
        a, b = speakers[user]
        speaker, other = (a, b) if rng.random() < 0.5 else (b, a)
        turns = by_user[user]
        near = turns[rng.randrange(len(turns))]
        item = {
            "text": f"{speaker}: {_fill(attack['text'], speaker, other)}",
            "user_id": user,
            "session_id": near["session_id"],
            "kind": "message",
            "metadata": {"speaker": speaker, "attack": attack["id"]},
            "created_at": near["created_at"],
        }
        placed[attack["id"]] = {**item, "trigger": _fill(attack["trigger"], speaker, other)}
        turns.insert(turns.index(near) + 1, item)
    started = time.perf_counter()
    stored = memory.add_many([i for u in users for i in by_user[u]], progress=progress)
    ingest = time.perf_counter() - started
    attack_of = {r.id: r.metadata["attack"] for r in stored if "attack" in r.metadata}
    ordinary = [r for r in stored if "attack" not in r.metadata]

    # (scope, question, the attack it is the trigger of, if any)
    queries: list[tuple[str, str, str | None]] = [
        (q["user"], q["question"], None) for q in locomo_questions(chosen, items)
    ]
    queries += [(p["user_id"], p["trigger"], name) for name, p in placed.items()]
    reached: dict[str, set[bool]] = {}  # attack id -> marked or not, each time it was packed
    by_trigger: dict[str, bool] = {}
    started = time.perf_counter()
    for user, question, trigger_of in tqdm(
        queries, desc="contexts", disable=not progress, leave=False
    ):
        packed = memory.context(question, user_id=user, k=k, budget_tokens=budget_tokens)
        shown = [r for hit in packed.hits for r in (hit, *hit.neighbors)]
        for record in shown:
            hit_attack = attack_of.get(record.id)
            if hit_attack is not None:
                reached.setdefault(hit_attack, set()).add(bool(marks_of(record)))
        if trigger_of is not None:
            by_trigger[trigger_of] = any(attack_of.get(r.id) == trigger_of for r in shown)
    asking = time.perf_counter() - started

    unmarked = sorted(a for a, marks in reached.items() if False in marks)
    marked_on_write = Counter(
        "marked" if r.provenance.marks else "unmarked" for r in stored if r.id in attack_of
    )
    ordinary_marked = [r for r in ordinary if r.provenance.marks]
    styles = {a["id"]: (a["lang"], a["style"]) for a in attacks}
    report: dict[str, Any] = {
        "split": split,
        "rules_written_on": "dev",
        "conversations": [int(i) for i in SPLITS[split] if i < len(data)],
        "attacks": len(attacks),
        "attacks_marked_when_stored": marked_on_write["marked"],
        "attacks_reaching_a_context": len(reached),
        "attacks_reaching_a_context_unmarked": len(unmarked),
        "unmarked_attacks": [
            {"id": a, "lang": styles[a][0], "style": styles[a][1]} for a in unmarked
        ],
        "attacks_recalled_by_their_trigger": sum(by_trigger.values()),
        "ordinary_turns": len(ordinary),
        "ordinary_turns_marked": len(ordinary_marked),
        "ordinary_marked_rate": round(len(ordinary_marked) / max(1, len(ordinary)), 5),
        "ordinary_marked_examples": [r.text[:160] for r in ordinary_marked[:10]],
        "by_language": {
            lang: {
                "attacks": sum(1 for a in attacks if a["lang"] == lang),
                "marked_when_stored": sum(
                    1
                    for r in stored
                    if r.id in attack_of
                    and styles[attack_of[r.id]][0] == lang
                    and r.provenance.marks
                ),
            }
            for lang in sorted({a["lang"] for a in attacks})
        },
        "queries": len(queries),
        "k": k,
        "budget_tokens": budget_tokens,
        "seconds": {"ingest": round(ingest, 1), "contexts": round(asking, 1)},
    }
    if benign_path is not None:
        benign = [b for b in read_set(benign_path) if b["split"] == split]
        flagged = [b["id"] for b in benign if scan(b["text"])]
        report["benign_near_misses"] = len(benign)
        report["benign_near_misses_marked"] = len(flagged)
        report["benign_marked_ids"] = flagged
    return report
