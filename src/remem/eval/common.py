"""What the evaluations share: filling a store once and reusing it across runs."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from remem.core.errors import InvalidInputError
from remem.core.records import MemoryRecord

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = ["ABLATION", "ingest_once", "runs_for"]


def ingest_once(
    memory: Memory, items: list[dict[str, Any]], key: str, *, progress: bool
) -> tuple[list[MemoryRecord], dict[str, Any]]:
    """Store ``items``, or reuse a store an earlier run filled with the same items.

    ``key`` is the metadata field naming each item (``dia_id``, ``doc_id``). Returns the records
    and a report of the ingest (rate, or that the store was reused).
    """
    count = memory.stats().records
    if count == 0:
        started = time.perf_counter()
        records = memory.add_many(items, progress=progress)
        seconds = time.perf_counter() - started
        rate = round(len(records) / seconds, 1)
        return records, {"seconds": round(seconds, 2), "per_second": rate}
    records = memory.list(limit=count + 1)
    # Named, worded and attributed as the items are: a store of another ingestion is not reused.
    wanted = sorted((str(i["metadata"][key]), i["text"].strip(), i.get("role")) for i in items)
    if sorted((str(r.metadata.get(key)), r.text.strip(), r.role) for r in records) != wanted:
        raise InvalidInputError(
            f"{memory.store.path} holds other memories: evaluate on an empty or earlier eval store"
        )
    return records, {"reused_store": True}


#: The same evaluation with each stage on or off (``--ablation``): name -> search options.
ABLATION: dict[str, dict[str, Any]] = {
    "hybrid (default)": {},
    "dense only": {"mode": "dense", "neighbor_weight": 0.0},
    "keyword only": {"mode": "keyword", "neighbor_weight": 0.0},
    "hybrid, long memories by their opening only": {"part_weight": 0.0},
    "hybrid, no neighbour smoothing": {"neighbor_weight": 0.0},
    "hybrid, fusion rrf, no smoothing": {"fusion": "rrf", "neighbor_weight": 0.0},
    "hybrid, fusion minmax": {"fusion": "minmax"},
    "+ mmr 0.7": {"mmr_lambda": 0.7},
    "+ recency and importance (agents)": {"recency_weight": 1.0, "importance_weight": 1.0},
}


def runs_for(modes: list[str] | tuple[str, ...], ablation: bool) -> dict[str, dict[str, Any]]:
    """Named search configurations: one per mode, or the ablation set."""
    if ablation:
        return ABLATION
    return {mode: {"mode": mode} if mode == "hybrid" else {"mode": mode, "neighbor_weight": 0.0}
            for mode in modes}  # fmt: skip
