"""remem as an AutoGen memory (``autogen_core.memory.Memory``): what an agent should know,
searched by meaning and keywords and put into its model context before each reply.

Install with ``pip install 'remem[autogen]'``::

    from autogen_agentchat.agents import AssistantAgent
    from remem.integrations.autogen import RememAutoGenMemory

    memory = RememAutoGenMemory(remem.open("./memories"), user_id="sam")
    await memory.add(MemoryContent(content="Sam is vegetarian", mime_type="text/plain"))
    agent = AssistantAgent("assistant", model_client=..., memory=[memory])

Text and JSON contents are stored (JSON as its text); each keeps its metadata and MIME type.
``query`` returns each memory with its ``id``, ``score`` and, under ``"remem"``, its trust for
the reader (the user the remem memory acts for, else ``user_id``), marks and source
(:func:`remem.integrations.recall_metadata`): ``metadata["remem"]["trust"]["level"]`` is
``"trusted"`` for the user's own words and the application's, ``"untrusted"`` for a tool's or
document's text, a model's tool call or another user's words. ``"remem"`` is remem's key: a
content's own is dropped when it is added.

``update_context`` searches with the last message of the model context and adds the best
memories as one system message, packed by :meth:`remem.Memory.context` (best first, quoted
data under a line saying so): an untrusted memory goes apart, under a line naming it untrusted
evidence (``untrusted="fence"``, the default), or is withheld but for a line (``"withhold"``),
or is shown with the rest, its source named (``"allow"``). Everything stays inside the
memory's ``user_id`` / ``agent_id`` / ``session_id`` scope.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from remem.core.errors import InvalidInputError, MissingDependencyError
from remem.core.records import SearchHit
from remem.integrations import WHOLE, reader_of, stripped, with_recall_metadata
from remem.memory import Memory
from remem.trust import DEFAULT_POLICY, UntrustedPolicy, check_policy

try:
    from autogen_core import CancellationToken
    from autogen_core.memory import (
        Memory as AutoGenMemory,
    )
    from autogen_core.memory import (
        MemoryContent,
        MemoryMimeType,
        MemoryQueryResult,
        UpdateContextResult,
    )
    from autogen_core.model_context import ChatCompletionContext
    from autogen_core.models import SystemMessage
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise MissingDependencyError(
        "remem.integrations.autogen needs autogen-core: pip install 'remem[autogen]'"
    ) from exc

__all__ = ["RememAutoGenMemory"]

_TEXT_TYPES = {MemoryMimeType.TEXT.value, MemoryMimeType.MARKDOWN.value}


class RememAutoGenMemory(AutoGenMemory):
    """An AutoGen memory over a remem :class:`~remem.Memory`, within one scope; ``k`` memories
    go into the model context, untrusted ones as ``untrusted`` says (``"fence"``, ``"withhold"``
    or ``"allow"``). Contents are records of ``kind`` (``"fact"``): an exact duplicate in the
    scope is stored once."""

    def __init__(
        self,
        memory: Memory,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str = "fact",
        k: int = 5,
        untrusted: UntrustedPolicy = DEFAULT_POLICY,
    ) -> None:
        check_policy(untrusted)
        self.memory = memory
        self.scope: dict[str, Any] = {
            "user_id": user_id,
            "agent_id": agent_id,
            "session_id": session_id,
        }
        self.kind = kind
        self.k = k
        self.untrusted: UntrustedPolicy = untrusted

    async def add(
        self, content: MemoryContent, cancellation_token: CancellationToken | None = None
    ) -> None:
        text, mime = _text_of(content)
        metadata = {**stripped(content.metadata or {}), "mime_type": mime}
        await asyncio.to_thread(
            self.memory.add, text, kind=self.kind, metadata=metadata, **self.scope
        )

    async def query(
        self,
        query: str | MemoryContent,
        cancellation_token: CancellationToken | None = None,
        **kwargs: Any,
    ) -> MemoryQueryResult:
        """The ``k`` (or ``kwargs["k"]``) best memories, each with its ``score``, ``id`` and
        ``remem`` (trust, marks, source) in its metadata."""
        text = query if isinstance(query, str) else _text_of(query)[0]
        k = int(kwargs.get("k", self.k))
        hits = await asyncio.to_thread(
            self.memory.search, text, k=k, filters={"kind": self.kind}, touch=False, **self.scope
        )
        return MemoryQueryResult(results=[self._content(h) for h in hits])

    async def update_context(self, model_context: ChatCompletionContext) -> UpdateContextResult:
        """Search with the last message's text; add the memories found as one system message,
        packed by remem's ``context`` (untrusted ones apart, as ``untrusted`` says); nothing
        when the context is empty or nothing matches. The result holds the memories found,
        each with its metadata as :meth:`query` gives it."""
        messages = await model_context.get_messages()
        last = next((m for m in reversed(messages) if isinstance(m.content, str)), None)
        if last is None or not str(last.content).strip():
            return UpdateContextResult(memories=MemoryQueryResult(results=[]))
        packed = await asyncio.to_thread(
            self.memory.context,
            str(last.content),
            budget_tokens=WHOLE,  # the k best, whole, as before: AutoGen budgets its context
            k=self.k,
            order="score",
            untrusted=self.untrusted,
            filters={"kind": self.kind},
            touch=False,
            **self.scope,
        )
        if packed.text:
            await model_context.add_message(SystemMessage(content=packed.text))
        found = MemoryQueryResult(results=[self._content(h) for h in packed.hits])
        return UpdateContextResult(memories=found)

    async def clear(self) -> None:
        """Delete every memory of this scope and kind."""
        records = await asyncio.to_thread(self.memory.list_all, kind=self.kind, **self.scope)
        await asyncio.to_thread(self.memory.delete, [r.id for r in records])

    async def close(self) -> None:
        """Nothing to release: the remem memory belongs to the caller."""

    def _content(self, hit: SearchHit) -> MemoryContent:
        """A hit as AutoGen's content: its metadata, ``id``, ``score`` and remem's ``remem``."""
        metadata = dict(hit.metadata)
        mime = str(metadata.pop("mime_type", MemoryMimeType.TEXT.value))
        reader = reader_of(self.memory, self.scope["user_id"])
        metadata = {**metadata, "id": hit.id, "score": hit.score}
        return MemoryContent(
            content=hit.text, mime_type=mime, metadata=with_recall_metadata(metadata, hit, reader)
        )


def _text_of(content: MemoryContent) -> tuple[str, str]:
    mime = (
        content.mime_type.value
        if isinstance(content.mime_type, MemoryMimeType)
        else str(content.mime_type)
    )
    if isinstance(content.content, str) and (mime in _TEXT_TYPES or not mime.startswith("image")):
        return content.content, mime
    if isinstance(content.content, dict):
        return json.dumps(content.content, ensure_ascii=False), MemoryMimeType.JSON.value
    raise InvalidInputError(
        f"remem keeps text and JSON memories, not {type(content.content).__name__} ({mime})"
    )
