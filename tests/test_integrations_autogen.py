"""remem as an AutoGen memory, with AutoGen's own context classes, as two tenants."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from autogen_core.memory import MemoryContent, MemoryMimeType
from autogen_core.model_context import UnboundedChatCompletionContext
from autogen_core.models import SystemMessage, UserMessage

import remem
from remem.integrations.autogen import RememAutoGenMemory


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
