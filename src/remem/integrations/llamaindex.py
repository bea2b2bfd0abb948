"""remem as a LlamaIndex memory block (``llama_index.core.memory.BaseMemoryBlock``): the
messages that leave an agent's short-term memory become long-term memories in remem, and the
best of them come back into its prompt.

Install with ``pip install 'remem[llamaindex]'``::

    from llama_index.core.memory import Memory
    from remem.integrations.llamaindex import RememMemoryBlock

    block = RememMemoryBlock(memory=remem.open("./memories"), user_id="sam")
    chat_memory = Memory.from_defaults(session_id="sam-1", memory_blocks=[block])

``aput`` stores each message with text as a memory (its role kept, kind ``message``, in the
block's scope, the LlamaIndex session as ``session_id`` when there is one); ``aget`` searches
with the latest messages and returns the ``k`` best memories, best first, packed by
:meth:`remem.Memory.context`: quoted data under a line saying so, each memory with whose words
it holds. A memory the block's reader (the user its memory acts for, else ``user_id``) does not
trust — a tool's output (role ``tool``), a document, a model's tool call, another user's words —
goes below the reader's own under a line naming it untrusted evidence (``untrusted="fence"``,
the default), or is withheld but for a line (``"withhold"``), or shown with the rest, its
source named (``"allow"``); a memory whose text could steer a model is marked.
"""

from __future__ import annotations

import asyncio
from typing import Any

from remem.core.errors import MissingDependencyError
from remem.integrations import WHOLE
from remem.memory import Memory
from remem.trust import DEFAULT_POLICY, UntrustedPolicy, check_policy

try:
    from llama_index.core.base.llms.types import ChatMessage
    from llama_index.core.memory import BaseMemoryBlock
    from pydantic import Field, field_validator
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise MissingDependencyError(
        "remem.integrations.llamaindex needs llama-index-core: pip install 'remem[llamaindex]'"
    ) from exc

__all__ = ["RememMemoryBlock"]


class RememMemoryBlock(BaseMemoryBlock[str]):
    """Long-term memory for a LlamaIndex ``Memory``, kept in a remem store within ``user_id``
    / ``agent_id``."""

    name: str = Field(default="remem", description="The block's name in the prompt.")
    description: str | None = Field(
        default="Long-term memories from earlier in the conversation and earlier sessions."
    )
    memory: Memory = Field(description="The remem memory that keeps the messages.")
    user_id: str | None = None
    agent_id: str | None = None
    k: int = Field(default=5, ge=1, le=50, description="Memories returned by a get.")
    #: Messages searched with: the latest this many with text.
    query_messages: int = Field(default=2, ge=1, le=20)
    #: What the prompt shows of a memory the block's reader does not trust (remem.trust).
    untrusted: UntrustedPolicy = Field(default=DEFAULT_POLICY, validate_default=True)

    @field_validator("untrusted", mode="before")
    @classmethod
    def _policy(cls, value: object) -> object:
        check_policy(value)
        return value

    async def _aput(self, messages: list[ChatMessage]) -> None:
        items = [
            {
                "text": text,
                "role": str(getattr(message.role, "value", message.role)),
                "kind": "message",
                "user_id": self.user_id,
                "agent_id": self.agent_id,
                "session_id": message.additional_kwargs.get("session_id"),
            }
            for message in messages
            if (text := _text(message))
        ]
        if items:
            await asyncio.to_thread(self.memory.add_many, items, progress=False)

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        texts = [t for m in messages or [] if (t := _text(m))][-self.query_messages :]
        if not texts:
            return ""
        packed = await asyncio.to_thread(
            self.memory.context,
            "\n".join(texts),
            budget_tokens=WHOLE,  # the k best, whole: LlamaIndex's Memory budgets its prompt
            k=self.k,
            order="score",
            untrusted=self.untrusted,
            user_id=self.user_id,
            agent_id=self.agent_id,
            touch=False,
        )
        return packed.text


def _text(message: ChatMessage) -> str:
    """A message's text parts, joined ('' when it has none)."""
    content = message.content
    return content.strip() if isinstance(content, str) else ""
