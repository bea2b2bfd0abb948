"""Ingest and search speed of the multilingual model against the bundled English one.

Stores the chats of remem's multilingual set (``--part``, default report: 1,600 turns) with
each model in turn, in a store on disk, as ``add_many`` batches of one chat each (a chat
application's import), then asks every question in its user's scope (hybrid search, the
defaults). Prints memories per second and the search latency, per model.

    .venv/bin/python benchmarks/multilingual_speed.py [--part report]
        [--models local:minilm,local:multilingual]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import remem
from remem.eval.multilingual import asked_on, chat_items, read_conversations

SET = Path(__file__).resolve().parent / "data" / "multilingual"


def measure(model: str, part: str) -> dict[str, float]:
    conversations = read_conversations(SET, part)
    with (
        tempfile.TemporaryDirectory() as folder,
        remem.open(Path(folder) / "store", embedder=model) as mem,
    ):
        mem.embed(["warm the model up"])
        started = time.perf_counter()
        for conversation in conversations:
            mem.add_many(chat_items(conversation))
        seconds = time.perf_counter() - started
        memories = sum(len(chat_items(c)) for c in conversations)
        timings = []
        for conversation in conversations:
            for question in conversation["questions"]:
                began = time.perf_counter()
                mem.search(
                    question["question"], user_id=conversation["id"],
                    now=asked_on(conversation), touch=False,
                )  # fmt: skip
                timings.append((time.perf_counter() - began) * 1000)
    timings.sort()
    return {
        "memories_per_s": round(memories / seconds, 1),
        "search_p50_ms": round(statistics.median(timings), 2),
        "search_p95_ms": round(timings[int(0.95 * (len(timings) - 1))], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="report", choices=("tune", "report", "all"))
    parser.add_argument("--models", default="local:minilm,local:multilingual")
    args = parser.parse_args()
    print(f"cores: {os.cpu_count()}, load before: {os.getloadavg()[0]:.2f}")
    for model in args.models.split(","):
        print(model, measure(model, args.part), flush=True)


if __name__ == "__main__":
    main()
