"""Memory types, measured: semantic cache lookups at 100k entries, ChatMemory over a whole
LoCoMo conversation, and a memory-stream reflection.

    python benchmarks/memory_types.py [--json benchmarks/results/memory-types.json]

- Cache: 100,000 entries (normalised 384-d vectors of the vector benchmark's Gaussian mixture,
  one scope) set with precomputed vectors; 500 lookups by precomputed vector (half near an
  entry, half far from all), timed without the query embedding, p50/p95.
- Chat: LoCoMo conversation 1 (speaker A as "user", speaker B as "assistant", each turn
  "Name: text") in one ChatMemory; for every question of categories 1-4, the messages a
  1,000-token request would carry (``messages_for(1000, query=question)``), counted with the
  o200k tokenizer; reported: the largest request, and the share of the question's evidence
  turns inside the request — the recent window alone (fifo) and with evicted turns recalled
  (spill).
- Reflection: the memory stream of speaker A's turns of the first three sessions, reflected
  without an LLM (extractive), printed with what each reflection cites.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

import remem
from remem.memory_types.chat import ChatMemory
from remem.memory_types.stream import MemoryStream
from remem.text.tokens import count_messages, token_counter

HERE = Path(__file__).resolve().parent
LOCOMO = HERE.parents[1] / "shared" / "data" / "locomo" / "locomo10.json"


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def cache_latency(entries: int = 100_000) -> dict[str, Any]:
    rng = np.random.default_rng(7)
    centres = unit(rng.normal(size=(100, 384)))
    picks = rng.integers(0, 100, entries)
    data = unit(centres[picks] + rng.normal(scale=0.08, size=(entries, 384)))
    near = unit(data[:250] + rng.normal(scale=0.01, size=(250, 384)))
    far = unit(rng.normal(size=(250, 384)))
    with remem.open(":memory:", progress="off") as mem:
        cache = mem.cache("bench", invalidate=False)
        started = time.perf_counter()
        for start in range(0, entries, 10_000):
            stop = min(start + 10_000, entries)
            cache.set_many(
                [(f"question {i}", {"answer": i}) for i in range(start, stop)],
                vectors=data[start:stop],
            )
        fill = time.perf_counter() - started
        cache.get("warm up", vector=near[0])  # builds the ANN index over the entries
        times, hits = [], 0
        for vector in np.concatenate([near, far]):
            began = time.perf_counter()
            found = cache.lookup("what is question", vector=vector)
            times.append((time.perf_counter() - began) * 1000)
            hits += found.hit
    return {
        "entries": entries,
        "fill_per_s": round(entries / fill),
        "lookups": len(times),
        "hits": hits,
        "lookup_p50_ms": round(float(np.percentile(times, 50)), 3),
        "lookup_p95_ms": round(float(np.percentile(times, 95)), 3),
    }


def chat_run(budget: int = 1000) -> dict[str, Any]:
    sample = json.loads(LOCOMO.read_text(encoding="utf-8"))[0]
    conv = sample["conversation"]
    speaker_a = conv["speaker_a"]
    messages, seq_of = [], {}
    for n in range(1, 100):
        for turn in conv.get(f"session_{n}") or []:
            seq_of[turn["dia_id"]] = len(messages)
            role = "user" if turn["speaker"] == speaker_a else "assistant"
            messages.append({"role": role, "content": f"{turn['speaker']}: {turn['text']}"})
    questions = [q for q in sample["qa"] if q.get("category") in (1, 2, 3, 4) and q["evidence"]]
    count = token_counter()
    report: dict[str, Any] = {"turns": len(messages), "questions": len(questions), "budget": budget}
    with remem.open(":memory:", progress="off") as mem:
        chat = ChatMemory(mem, session_id="locomo-1", system="You are a helpful assistant.")
        chat.add_many(messages)
        for strategy in ("fifo", "spill"):
            chat.strategy = strategy
            largest, found, wanted, seconds = 0, 0, 0, 0.0
            for qa in questions:
                began = time.perf_counter()
                sent = chat.messages_for(budget, query=qa["question"])
                seconds += time.perf_counter() - began
                largest = max(largest, count_messages(sent, count))
                inside = set(range(len(messages))) - set(chat.last_evicted)
                inside |= set(chat.last_recalled)
                evidence = [seq_of[e] for e in _evidence(qa) if e in seq_of]
                wanted += len(evidence)
                found += sum(e in inside for e in evidence)
            report[strategy] = {
                "largest_request_tokens": largest,
                "evidence_turns_in_request": round(found / max(wanted, 1), 3),
                "evidence_turns": wanted,
                "ms_per_request": round(seconds * 1000 / len(questions), 1),
            }
    return report


def _evidence(qa: dict[str, Any]) -> list[str]:
    ids = []
    for raw in qa["evidence"]:
        for part in raw.replace(";", " ").split():
            ids.append(part.strip())
    return ids


def reflection_example() -> list[dict[str, Any]]:
    sample = json.loads(LOCOMO.read_text(encoding="utf-8"))[0]
    conv = sample["conversation"]
    speaker = conv["speaker_a"]
    with remem.open(":memory:", progress="off") as mem:
        stream = MemoryStream(mem, agent_id=speaker, reflect_threshold=10_000)
        for n in (1, 2, 3):
            for turn in conv[f"session_{n}"]:
                if turn["speaker"] == speaker:
                    stream.observe(turn["text"])
        made = stream.reflect()
        return [
            {
                "reflection": r.text,
                "depth": r.metadata["depth"],
                "importance": r.importance,
                "cites": [mem.get(i).text for i in r.metadata["cites"]],
            }
            for r in made
        ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="Also write the figures to this file.")
    args = parser.parse_args()
    report = {
        "cache": cache_latency(),
        "chat": chat_run(),
        "reflection": reflection_example(),
    }
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
