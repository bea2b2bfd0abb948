"""The slowest requests the default limits allow, with the bundled model, over REST.

    python benchmarks/reliability/limits_cost.py [--quick] [--json out.json]

A store of 50,000 SciFact sentences (``--quick``: 5,000; vectors made up, so building it
embeds nothing) behind the REST app (FastAPI's TestClient, in this process) on the bundled
``local:minilm``. Timed, each once: a search whose query is as long as ``max_query_chars``
allows (hybrid, keyword, and with k at ``max_k``), a memory of ``max_text_chars`` characters, a
document of ``max_document_chars`` characters, and the refusals of one character over each.
Reads ``../shared/data/beir-scifact/corpus.jsonl`` in place.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.reliability.common import write_json  # noqa: E402

import remem  # noqa: E402
from remem.server import create_app  # noqa: E402

CORPUS = ROOT.parent / "shared/data/beir-scifact/corpus.jsonl"


def timed(api: TestClient, path: str, body: dict[str, Any]) -> tuple[float, int]:
    start = time.perf_counter()
    status = api.post(path, json=body).status_code
    return time.perf_counter() - start, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5,000 records, no document")
    parser.add_argument("--json", help="write the results here")
    options = parser.parse_args()
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    corpus = " ".join(f"{r['title']}. {r['text']}" for r in rows)
    size = 5_000 if options.quick else 50_000
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", corpus) if len(s) > 20][:size]
    figures: dict[str, Any] = {"records": len(sentences)}
    with tempfile.TemporaryDirectory() as tmp, remem.open(Path(tmp) / "store") as mem:
        vectors = np.random.default_rng(0).standard_normal((len(sentences), 384))
        for start in range(0, len(sentences), 10_000):
            mem.add_many(
                [
                    {"text": text, "user_id": f"u{i % 50}"}
                    for i, text in enumerate(sentences[start : start + 10_000])
                ],
                embeddings=vectors[start : start + 10_000].astype(np.float32),
            )
        api = TestClient(create_app(mem))
        limits = mem.limits
        words = list(dict.fromkeys(re.findall(r"[a-z]{4,}", corpus.lower())))
        random.Random(0).shuffle(words)
        query = " ".join(words)[: limits.max_query_chars]
        api.post("/v1/search", json={"query": "warm up the model"})
        for name, body in (
            ("query_hybrid", {"query": query}),
            ("query_keyword", {"query": query, "mode": "keyword"}),
            ("query_k_max", {"query": query, "k": limits.max_k}),
        ):
            figures[f"{name}_s"], figures[f"{name}_status"] = timed(api, "/v1/search", body)
        text = corpus[: limits.max_text_chars]
        figures["memory_max_s"], figures["memory_max_status"] = timed(
            api, "/v1/memories", {"text": text, "kind": "fact"}
        )
        if not options.quick:
            document = corpus[300_000 : 300_000 + limits.max_document_chars]
            figures["document_max_s"], figures["document_max_status"] = timed(
                api, "/v1/documents", {"text": document}
            )
        over = corpus[: limits.max_text_chars + 1]
        figures["memory_over_s"], figures["memory_over_status"] = timed(
            api, "/v1/memories", {"text": over}
        )
        over = corpus[: limits.max_document_chars + 1]
        figures["document_over_s"], figures["document_over_status"] = timed(
            api, "/v1/documents", {"text": over}
        )
    refused = figures["memory_over_status"] == figures["document_over_status"] == 413
    served = all(
        status in (200, 201)
        for key, status in figures.items()
        if key.endswith("_status") and "_over_" not in key
    )
    slowest = max(v for k, v in figures.items() if k.endswith("_s"))
    figures["slowest_request_s"] = slowest
    for key, value in figures.items():
        print(f"{key:24} {value:.3f}" if isinstance(value, float) else f"{key:24} {value}")
    write_json(options.json, {"name": "limits_cost", "ok": refused and served, "figures": figures})


if __name__ == "__main__":
    main()
