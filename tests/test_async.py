"""AsyncMemory runs the same core as Memory: the two must agree."""

from __future__ import annotations

import asyncio
from pathlib import Path

import remem


def _ops(mem: remem.Memory) -> list[object]:
    a = mem.add("The quick brown fox", user_id="u", kind="fact")
    mem.add_many(["jumps over", {"text": "the lazy dog", "user_id": "u"}])
    mem.update(a.id, importance=5)
    hits = mem.search("fox dog", user_id="u", k=5)
    return [
        [(h.text, round(h.score, 6)) for h in hits],
        [r.text for r in mem.list()],
        mem.get(a.id).importance,
        mem.stats().records,
    ]


async def _async_ops(mem: remem.AsyncMemory) -> list[object]:
    a = await mem.add("The quick brown fox", user_id="u", kind="fact")
    await mem.add_many(["jumps over", {"text": "the lazy dog", "user_id": "u"}])
    await mem.update(a.id, importance=5)
    hits = await mem.search("fox dog", user_id="u", k=5)
    return [
        [(h.text, round(h.score, 6)) for h in hits],
        [r.text for r in await mem.list()],
        (await mem.get(a.id)).importance,
        (await mem.stats()).records,
    ]


def test_sync_async_parity(tmp_path: Path) -> None:
    with remem.open(tmp_path / "sync", embedder="hash:64") as mem:
        expected = _ops(mem)

    async def main() -> list[object]:
        async with await remem.AsyncMemory.open(tmp_path / "async", embedder="hash:64") as mem:
            return await _async_ops(mem)

    assert asyncio.run(main()) == expected


def test_async_concurrent_writes(tmp_path: Path) -> None:
    async def main() -> int:
        async with await remem.AsyncMemory.open(tmp_path / "s", embedder="hash:64") as mem:
            await asyncio.gather(*(mem.add(f"note {i}") for i in range(20)))
            return (await mem.stats()).records

    assert asyncio.run(main()) == 20
