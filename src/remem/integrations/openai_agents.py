"""remem in the OpenAI Agents SDK: a ``Session`` that keeps an agent's conversation in a remem
store, every Responses item kind exactly as given.

Install with ``pip install 'remem[openai-agents]'``::

    from agents import Agent, Runner
    from remem.integrations.openai_agents import RememSession

    memory = remem.open("./memories")
    session = RememSession("chat-42", memory, user_id="sam")
    await Runner.run(agent, "Hi, I'm Sam", session=session)
    hits = memory.search("where does Sam live?", user_id="sam", filters={"kind": KIND})

Each item is one record of kind ``agent_item`` (``KIND``) in the session (``session_id``) and
scope (``user_id`` / ``agent_id``); the item itself is kept in the record's metadata as JSON and
read back unchanged — messages, function calls and their outputs, reasoning items, anything
else. A message with text is also embedded, so the conversation is searchable as memories (the
search above); other items are stored without a vector. Items are returned in the order added
(``get_items(limit)``: the latest ``limit``, oldest first). ``pop_item`` is atomic, as the
SDK's ``SQLiteSession``: poppers at once (threads, or processes sharing the store, SQLite or
PostgreSQL) each get a different item, newest first, and none is left behind.
An item's JSON may take up to the memory's ``Limits.max_metadata_bytes`` (64 KB by default): a
larger one — a tool that returned a whole web page — is refused with
:class:`~remem.PayloadTooLargeError` and nothing of its batch is stored; open the memory with
a higher limit (``remem.open(..., limits=remem.Limits(max_metadata_bytes=...))``) for such
agents.

:func:`memory_tools` gives an agent remem's memory tools (save, search, update, delete) as
strict function tools, run in a scope the application fixes. ``search_memories`` answers with
each memory's ``trust`` for the user (``{"level", "reasons"}``), ``source`` and ``marked``
(:class:`~remem.tools.ToolDispatcher`): the user's own words (and the application's) in
``results``, untrusted ones — a tool's output, a document, a model's own ``save_memory``,
another user's words — apart in ``evidence`` (``untrusted="fence"``, the default), withheld
but counted (``"withhold"``) or among the results (``"allow"``). What ``save_memory`` stores is
the model's (origin ``agent``): untrusted evidence to every reader.

The session's items are the conversation itself, replayed to the model as they were given, so
they are returned unchanged. Their records are judged like any memory (``memory.search`` hits'
``trust``): a message of role ``user`` holds that user's words; function calls and their outputs
carry no role and are stored as the application's, but without a vector, so no search or
context ever shows them.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from remem.core.errors import InvalidInputError, MissingDependencyError
from remem.core.records import MemoryRecord
from remem.llm.base import ToolCall
from remem.memory import Memory
from remem.tools import ToolDispatcher, schemas
from remem.trust import DEFAULT_POLICY, UntrustedPolicy

try:
    from agents import FunctionTool
    from agents.memory import SessionABC, SessionSettings
    from agents.memory.session_settings import resolve_session_limit
except ImportError as exc:  # pragma: no cover - the extra is not installed
    raise MissingDependencyError(
        "remem.integrations.openai_agents needs openai-agents: pip install 'remem[openai-agents]'"
    ) from exc

__all__ = ["KIND", "RememSession", "memory_tools"]

#: The kind of the records that hold a session's items.
KIND = "agent_item"
#: Characters of a non-message item shown as its record's text (the item itself is kept whole).
_SHOWN = 500
_BATCH = 1000


class RememSession(SessionABC):
    """An Agents SDK session over a remem :class:`~remem.Memory`, within ``user_id`` /
    ``agent_id``. Two sessions with the same id in different scopes are different sessions."""

    def __init__(
        self,
        session_id: str,
        memory: Memory,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_settings: SessionSettings | None = None,
    ) -> None:
        if not isinstance(session_id, str) or not session_id:
            raise InvalidInputError("session_id must be a non-empty string")
        self.session_id = session_id
        self.memory = memory
        self.scope: dict[str, Any] = {
            "user_id": user_id,
            "agent_id": agent_id,
            "session_id": session_id,
        }
        self.session_settings = session_settings or SessionSettings()

    async def get_items(self, limit: int | None = None) -> list[Any]:
        """The session's items in the order added; with a limit, the latest ``limit`` of them
        (``limit`` or the session settings' limit; 0 or less: none)."""
        wanted = resolve_session_limit(limit, self.session_settings)
        return await asyncio.to_thread(self._items, wanted)

    async def add_items(self, items: list[Any]) -> None:
        """Append items (all stored or none, a thousand per transaction)."""
        rows = [_record_item(item, index) for index, item in enumerate(items)]
        await asyncio.to_thread(self._add, rows)

    async def pop_item(self) -> Any | None:
        """Remove and return the latest item (``None`` when the session is empty); each item
        goes to one popper only, however many pop at once."""
        return await asyncio.to_thread(self._pop)

    async def clear_session(self) -> None:
        """Remove every item of the session."""
        await asyncio.to_thread(self._clear)

    # -- on a worker thread ------------------------------------------------------------------------
    def _items(self, limit: int | None) -> list[Any]:
        if limit is not None and limit <= 0:
            return []
        if limit is None:
            records = self.memory.list_all(kind=KIND, **self.scope)
        else:
            newest = self.memory.list(kind=KIND, order="-created_at", limit=limit, **self.scope)
            records = newest[::-1]
        return [_item_of(r) for r in records]

    def _add(self, rows: list[dict[str, Any]]) -> None:
        for start in range(0, len(rows), _BATCH):
            part = [{**row, **self.scope} for row in rows[start : start + _BATCH]]
            self.memory.add_many(part, progress=False)

    def _pop(self) -> Any | None:
        """Claim the newest item by deleting it: the delete is one transaction that counts
        what it removed, so of poppers that read the same item only one removes it; the others
        take the next newest."""
        while True:
            newest = self.memory.list(kind=KIND, order="-created_at", limit=1, **self.scope)
            if not newest:
                return None
            if self.memory.delete([newest[0].id]):
                return _item_of(newest[0])

    def _clear(self) -> None:
        self.memory.delete([r.id for r in self.memory.list_all(kind=KIND, **self.scope)])


def _record_item(item: Any, index: int) -> dict[str, Any]:
    """The record that keeps one item: the item whole in metadata, its words as text."""
    if not isinstance(item, Mapping):
        raise InvalidInputError(f"item {index} is a {type(item).__name__}, not a dict")
    try:
        kept = json.loads(json.dumps(item, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"item {index} is not JSON: {exc}") from exc
    words = _message_text(kept)
    shown = words or json.dumps(kept, ensure_ascii=False)[:_SHOWN]
    role = kept.get("role")
    if not isinstance(role, str):  # a tool's output speaks for the tool (remem.trust)
        role = "tool" if str(kept.get("type", "")).endswith("_output") else None
    return {
        "text": shown,
        "kind": KIND,
        "role": role,
        "metadata": {"item": kept},
        "dedupe": False,  # the same words twice are two turns
        "embed": bool(words),  # a message is searchable by meaning; a tool call is not
    }


def _message_text(item: Mapping[str, Any]) -> str:
    """The words of a message item (a string, or the text of its content parts); else ''."""
    if item.get("type", "message") != "message":
        return ""
    content = item.get("content")
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        texts = [p.get("text") for p in content if isinstance(p, Mapping)]
        return "\n".join(t for t in texts if isinstance(t, str) and t.strip()).strip()
    return ""


def _item_of(record: MemoryRecord) -> Any:
    return record.metadata["item"]


def memory_tools(
    memory: Memory,
    *,
    user_id: str | None = None,
    agent_id: str | None = None,
    session_id: str | None = None,
    untrusted: UntrustedPolicy = DEFAULT_POLICY,
) -> list[FunctionTool]:
    """``save_memory``, ``search_memories``, ``update_memory`` and ``delete_memory`` as Agents
    SDK function tools with remem's strict schemas (:func:`remem.tools.schemas`), run by a
    :class:`~remem.tools.ToolDispatcher` in this scope: the model can only reach the user it
    talks to. A refused call comes back to the model as ``{"ok": false, "error": ...}``.
    ``untrusted``: what a search shows the model of a memory the user does not trust (apart as
    ``evidence``, withheld, or among the results; see :mod:`remem.trust`)."""
    dispatcher = ToolDispatcher(
        memory, user_id=user_id, agent_id=agent_id, session_id=session_id, untrusted=untrusted
    )

    def tool(spec: Mapping[str, Any]) -> FunctionTool:
        name = spec["name"]

        async def invoke(context: Any, arguments: str) -> str:
            try:
                parsed = json.loads(arguments or "{}")
            except ValueError as exc:
                return json.dumps({"ok": False, "error": f"arguments are not JSON: {exc}"})
            call = ToolCall(id=str(getattr(context, "tool_call_id", name)), name=name,
                            arguments=parsed if isinstance(parsed, dict) else {})  # fmt: skip
            result = await asyncio.to_thread(dispatcher.execute, call)
            return json.dumps(result, ensure_ascii=False)

        return FunctionTool(
            name=name,
            description=spec["description"],
            params_json_schema=spec["parameters"],
            on_invoke_tool=invoke,
            strict_json_schema=True,
        )

    return [tool(entry["function"]) for entry in schemas("openai")]
