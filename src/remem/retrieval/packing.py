"""Packing hits into a token budget: prompt-ready text, deduplicated, in a readable order."""

from __future__ import annotations

from collections.abc import Callable

from remem.errors import InvalidInputError
from remem.records import Context, MemoryRecord, SearchHit

__all__ = ["pack"]


def line(record: MemoryRecord) -> str:
    return f"[{record.created_at:%Y-%m-%d %H:%M}] {record.text}"


def pack(
    hits: list[SearchHit], budget: int, count_tokens: Callable[[str], int], *, order: str = "time"
) -> Context:
    """Take hits best first, each with its neighbours, while their lines fit in ``budget``.

    A hit whose block does not fit is tried alone, then skipped. Raises when not even the best
    hit fits: a budget smaller than one memory is a mistake, not an empty context.
    """
    if budget <= 0:
        raise InvalidInputError(f"budget_tokens must be positive, got {budget}")
    chosen: list[tuple[SearchHit, list[MemoryRecord]]] = []
    seen: set[str] = set()
    used = 0
    for hit in hits:
        block = sorted([hit, *hit.neighbors], key=lambda r: (r.created_at, r.position or 0))
        for attempt in (block, [hit]):
            fresh = [r for r in attempt if r.id not in seen]
            cost = sum(count_tokens(line(r)) + 1 for r in fresh)
            if fresh and used + cost <= budget:
                chosen.append((hit, fresh))
                seen.update(r.id for r in fresh)
                used += cost
                break
    if hits and not chosen:
        need = count_tokens(line(hits[0])) + 1
        raise InvalidInputError(
            f"budget_tokens={budget} is smaller than the best memory ({need} tokens)"
        )
    blocks = [block for _, block in chosen]
    if order == "time":
        blocks.sort(key=lambda block: block[0].created_at)
    text = "\n".join(line(r) for block in blocks for r in block)
    return Context(text=text, hits=[hit for hit, _ in chosen], tokens=used)
