"""remem as an AutoGen memory, with AutoGen's own context classes, as two tenants."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from autogen_core.memory import MemoryContent, MemoryMimeType
from autogen_core.model_context import UnboundedChatCompletionContext
from autogen_core.models import SystemMessage, UserMessage

import remem
from remem.integrations.autogen import RememAutoGenMemory
from tests import pg


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def text(value: str, **metadata: Any) -> MemoryContent:
    return MemoryContent(content=value, mime_type=MemoryMimeType.TEXT, metadata=metadata or None)


def test_memories_reach_the_model_context_of_their_own_tenant_only(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as memory:
        sam = RememAutoGenMemory(memory, user_id="sam", k=3)
        ana = RememAutoGenMemory(memory, user_id="ana", k=3)
        run(sam.add(text("Sam is vegetarian", source="chat")))
        run(sam.add(MemoryContent(content={"diet": "vegetarian", "allergy": "cashews"},
                                  mime_type=MemoryMimeType.JSON)))  # fmt: skip
        run(ana.add(text("Ana eats fish on Fridays")))
        found = run(sam.query("what does Sam eat? vegetarian cashews fish"))
        assert found.results[0].content == "Sam is vegetarian"
        assert all("Ana" not in str(r.content) for r in found.results)
        first = found.results[0].metadata
        assert first["source"] == "chat" and first["id"] and "score" in first
        assert {r.mime_type for r in found.results} == {"text/plain", "application/json"}

        context = UnboundedChatCompletionContext()
        run(context.add_message(UserMessage(content="Plan a dinner: fish or vegetarian?",
                                            source="user")))  # fmt: skip
        result = run(sam.update_context(context))
        messages = run(context.get_messages())
        assert isinstance(messages[-1], SystemMessage)
        assert "Sam is vegetarian" in messages[-1].content and "Ana" not in messages[-1].content
        assert len(result.memories.results) >= 1

        empty = UnboundedChatCompletionContext()
        assert run(sam.update_context(empty)).memories.results == []
        assert run(empty.get_messages()) == []

        run(ana.clear())
        assert run(ana.query("fish")).results == []
        assert len(run(sam.query("vegetarian")).results) == 2
        with pytest.raises(remem.InvalidInputError, match="text and JSON"):
            run(sam.add(MemoryContent(content=b"\x89PNG", mime_type="image/png")))


@pytest.fixture(params=["sqlite", "postgres"])
def memory(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    where = tmp_path / "store"
    location = pg.url_for(where) if request.param == "postgres" else str(where)
    with remem.open(location, embedder="hash:64") as opened:
        yield opened


def test_two_tenants_with_the_same_contents_never_touch_each_other(memory: remem.Memory) -> None:
    """Sam and Ana (each a scoped memory) store the same contents with the same metadata and
    session; whatever Ana adds, queries or clears leaves Sam's records exactly as they were,
    shows her none of them, and his record ids are unknown ones to her."""
    ana_memory = memory.scoped(remem.Grant(users=("ana",)))
    sam = RememAutoGenMemory(memory.scoped(remem.Grant(users=("sam",))), session_id="s1")
    ana = RememAutoGenMemory(ana_memory, session_id="s1")
    contents = [text("likes zanzibar ramen", source="chat"), text("vegetarian on fridays")]
    for tenant in (sam, ana):
        for content in contents:
            run(tenant.add(content))

    def sams() -> list[tuple[Any, ...]]:
        rows = memory.list_all(user_id="sam")
        return sorted((r.id, r.text, r.metadata, r.updated_at) for r in rows)

    before = sams()
    assert len(before) == 2
    run(ana.add(text("likes zanzibar ramen", source="chat")))  # her duplicate, not his
    found = run(ana.query("zanzibar ramen vegetarian fridays", k=10)).results
    theirs = {row[0] for row in before}
    assert len(found) == 2 and not {r.metadata["id"] for r in found} & theirs
    context = UnboundedChatCompletionContext()
    run(context.add_message(UserMessage(content="zanzibar ramen?", source="user")))
    assert (
        not {r.metadata["id"] for r in run(ana.update_context(context)).memories.results} & theirs
    )
    run(ana.clear())
    assert run(ana.query("zanzibar ramen")).results == []
    assert sams() == before
    for record_id in theirs:
        with pytest.raises(remem.NotFoundError):
            ana_memory.get(record_id)
    assert ana_memory.get_many(list(theirs)) == [] and ana_memory.delete(list(theirs)) == 0
    assert {r.metadata["id"] for r in run(sam.query("zanzibar ramen vegetarian")).results} == theirs
    assert sams() == before
