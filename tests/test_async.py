"""AsyncMemory runs the same core as Memory: the two must agree."""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest

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


def test_async_memory_makes_the_memory_types(tmp_path: Path) -> None:
    """The factories run in a thread and give the synchronous objects a Memory gives, over the
    same store; their methods are called through asyncio.to_thread."""

    async def main() -> list[object]:
        async with await remem.AsyncMemory.open(tmp_path / "s", embedder="hash:64") as mem:
            chat = await mem.chat("c1", user_id="sam")
            await asyncio.to_thread(chat.add, {"role": "user", "content": "I like green tea"})
            cache = await mem.cache("faq")
            await asyncio.to_thread(cache.set, "How do I reset it?", "Settings", user_id="sam")
            kinds = [
                type(chat),
                type(cache),
                type(await mem.keyvalue(user_id="sam")),
                type(await mem.stream(agent_id="npc")),
                type(await mem.facts(user_id="sam")),
            ]
            stored = [r.text for r in await mem.list(user_id="sam")]
            return [kinds, stored, (await mem.cache_stats())["faq"]["entries"]]

    kinds, stored, entries = asyncio.run(main())
    assert kinds == [
        remem.ChatMemory,
        remem.SemanticCache,
        remem.KeyValueMemory,
        remem.MemoryStream,
        remem.FactMemory,
    ]
    assert stored == ["I like green tea"] and entries == 1


def test_async_methods_keep_their_signatures(tmp_path: Path) -> None:
    """What mypy sees (the wrapped method's parameters) is what inspect sees; a wrong keyword
    fails at once, as on Memory."""
    with remem.open(tmp_path / "s", embedder="hash:64") as memory:
        mem = remem.AsyncMemory(memory)
        assert inspect.signature(mem.search) == inspect.signature(memory.search)
        assert inspect.signature(mem.add) == inspect.signature(memory.add)
        assert mem.search.__doc__ == memory.search.__doc__
        assert remem.AsyncMemory.search.__doc__ == remem.Memory.search.__doc__
        with pytest.raises(TypeError, match="tex"):
            asyncio.run(mem.add(tex="x"))  # type: ignore[call-arg]
