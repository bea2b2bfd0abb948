"""Function calling: let the model decide itself when to save and recall.

- :func:`schemas` — JSON schemas for ``save_memory``, ``search_memories``, ``update_memory`` and
  ``delete_memory`` in the OpenAI tools format (``format="openai"``) or Anthropic's
  (``format="anthropic"``).
- :class:`ToolDispatcher` — runs a model's tool calls against one memory *within a fixed scope*:
  the scope comes from the application, never from the model, so a model can only touch the
  user it is talking to. Bad calls (unknown tool, wrong arguments, an id from another scope)
  come back to the model as an error result it can read, not as an exception.
- :func:`run_tools` — the loop: chat → tool calls → results → chat, until the model answers
  without calling a tool (or ``max_rounds`` is reached).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from remem.errors import InvalidInputError, LLMReplyError, NotFoundError, RememError
from remem.llm.base import ChatModel, Reply, ToolCall

if TYPE_CHECKING:
    from remem.engine import Engine

__all__ = ["RESULT_SCHEMAS", "TOOL_NAMES", "ToolDispatcher", "ToolRun", "run_tools", "schemas"]

_TOOLS: list[dict[str, Any]] = [
    {
        "name": "save_memory",
        "description": (
            "Save something worth remembering about the user or the conversation for later "
            "sessions: a fact, a preference, a plan, an event. One self-contained statement."
        ),
        "parameters": {
            "type": "object",
            "properties": {
                "text": {"type": "string", "description": "The statement to remember."},
                "kind": {
                    "type": "string",
                    "description": "fact, preference, event, plan or note.",
                    "default": "fact",
                },
                "importance": {
                    "type": "number",
                    "description": "1 (trivial) to 10 (essential).",
                    "minimum": 1,
                    "maximum": 10,
                },
            },
            "required": ["text"],
            "additionalProperties": False,
        },
    },
    {
        "name": "search_memories",
        "description": "Search what was saved before, by meaning and keywords.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for."},
                "k": {
                    "type": "integer",
                    "description": "How many results (1-20).",
                    "default": 5,
                    "minimum": 1,
                    "maximum": 20,
                },
                "min_score": {
                    "type": "number",
                    "description": (
                        "Leave out results less relevant than this (0-1, a calibrated "
                        "chance; of results below 0.1, about 1 in 100 is relevant)."
                    ),
                    "default": 0,
                    "minimum": 0,
                    "maximum": 1,
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    },
    {
        "name": "update_memory",
        "description": "Replace the text of a saved memory that is no longer right.",
        "parameters": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "The memory's id, from a search."},
                "text": {"type": "string", "description": "The corrected statement."},
            },
            "required": ["id", "text"],
            "additionalProperties": False,
        },
    },
    {
        "name": "delete_memory",
        "description": "Forget a saved memory, e.g. when the user asks to.",
        "parameters": {
            "type": "object",
            "properties": {"id": {"type": "string", "description": "The memory's id."}},
            "required": ["id"],
            "additionalProperties": False,
        },
    },
]
TOOL_NAMES = tuple(t["name"] for t in _TOOLS)

_SAVED = {
    "type": "object",
    "properties": {
        "ok": {"type": "boolean"},
        "id": {"type": "string", "description": "The memory's id."},
        "saved": {"type": "string", "description": "The text as stored."},
    },
    "required": ["ok", "id", "saved"],
}
#: What each tool returns when it succeeds (``ToolDispatcher.execute``'s result), as JSON
#: schemas: MCP advertises them as ``outputSchema`` and returns the result as
#: ``structuredContent``.
RESULT_SCHEMAS: dict[str, dict[str, Any]] = {
    "save_memory": _SAVED,
    "search_memories": {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "results": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "text": {"type": "string"},
                        "kind": {"type": "string"},
                        "created_at": {"type": "string", "description": "ISO 8601."},
                        "score": {
                            "type": "number",
                            "description": "Relevance from 0 to 1: the chance this is what was "
                            "asked for.",
                        },
                    },
                    "required": ["id", "text", "kind", "created_at", "score"],
                },
            },
        },
        "required": ["ok", "results"],
    },
    "update_memory": _SAVED,
    "delete_memory": {
        "type": "object",
        "properties": {
            "ok": {"type": "boolean"},
            "deleted": {"type": "integer", "description": "How many records went (with chunks)."},
        },
        "required": ["ok", "deleted"],
    },
}


def schemas(format: Literal["openai", "anthropic"] = "openai") -> list[dict[str, Any]]:
    """The memory tools' schemas, for ``tools=`` of a chat request.

    OpenAI's are strict (``"strict": true``: the model's arguments always match): every
    property is required, an optional one takes ``null`` for its default, and no object allows
    other properties. Anthropic's (and the MCP tools') leave optional properties out of
    ``required``."""
    if format == "openai":
        return [
            {
                "type": "function",
                "function": {
                    "name": t["name"],
                    "description": t["description"],
                    "parameters": _strict(t["parameters"]),
                    "strict": True,
                },
            }
            for t in _TOOLS
        ]
    if format == "anthropic":
        return [
            {
                "name": t["name"],
                "description": t["description"],
                "input_schema": json.loads(json.dumps(t["parameters"])),
            }
            for t in _TOOLS
        ]
    raise InvalidInputError(f"unknown tool format {format!r}: use 'openai' or 'anthropic'")


def _strict(schema: Mapping[str, Any]) -> dict[str, Any]:
    """An object schema as OpenAI's strict mode takes it: every property required, the
    optional ones nullable (``null`` stands for the default, which the description names; strict
    mode has no ``default``), no other properties."""
    properties: dict[str, Any] = {}
    for name, spec in schema["properties"].items():
        # Ranges stay in the description: strict mode has not always taken them.
        spec = {key: value for key, value in spec.items() if key not in ("minimum", "maximum")}
        if name not in schema.get("required", ()):
            default = spec.pop("default", None)
            spec["type"] = [spec["type"], "null"]
            note = "none" if default is None else json.dumps(default)
            spec["description"] = f"{spec['description']} Null: {note}."
        properties[name] = spec
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


class ToolDispatcher:
    """Executes memory tool calls for one scope of ``memory``."""

    def __init__(
        self,
        memory: Engine,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> None:
        self.memory = memory
        self.scope: dict[str, Any] = {
            "user_id": user_id,
            "agent_id": agent_id,
            "session_id": session_id,
        }
        self._handlers: dict[str, Callable[[dict[str, Any]], Any]] = {
            "save_memory": self._save,
            "search_memories": self._search,
            "update_memory": self._update,
            "delete_memory": self._delete,
        }

    def execute(self, call: ToolCall) -> dict[str, Any]:
        """The result of one call, as a JSON-ready dict: ``{"ok": true, ...}`` or
        ``{"ok": false, "error": "..."}`` for the model to read."""
        handler = self._handlers.get(call.name)
        if handler is None:
            return {"ok": False, "error": f"unknown tool {call.name!r}; known: {TOOL_NAMES}"}
        try:
            return {"ok": True, **handler(call.arguments)}
        except (RememError, TypeError, ValueError) as exc:
            return {"ok": False, "error": str(exc)}

    def message(self, call: ToolCall) -> dict[str, Any]:
        """The ``tool`` message answering ``call``."""
        return {
            "role": "tool",
            "tool_call_id": call.id,
            "content": json.dumps(self.execute(call), ensure_ascii=False),
        }

    # -- the tools ---------------------------------------------------------------------------------
    def _save(self, args: dict[str, Any]) -> dict[str, Any]:
        _only(args, {"text", "kind", "importance"})
        kind = args.get("kind") or "fact"
        if not isinstance(kind, str):
            raise InvalidInputError(f"'kind' must be a string, got {type(kind).__name__}")
        record = self.memory.add(
            _text(args, "text"),
            kind=kind,
            importance=args.get("importance"),
            **self.scope,
        )
        return {"id": record.id, "saved": record.text}

    def _search(self, args: dict[str, Any]) -> dict[str, Any]:
        _only(args, {"query", "k", "min_score"})
        k = args.get("k")
        k = 5 if k is None else k  # null: the default (strict schemas send every property)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 20:
            raise InvalidInputError(f"k must be an integer from 1 to 20, got {k!r}")
        least = args.get("min_score")  # null: none; the engine checks the range
        hits = self.memory.search(_text(args, "query"), k=k, min_score=least, **self.scope)
        return {
            "results": [
                {
                    "id": h.id,
                    "text": h.text,
                    "kind": h.kind,
                    "created_at": h.created_at.isoformat(timespec="seconds"),
                    "score": round(h.score, 4),
                }
                for h in hits
            ]
        }

    def _update(self, args: dict[str, Any]) -> dict[str, Any]:
        _only(args, {"id", "text"})
        record = self._own(_text(args, "id"))
        updated = self.memory.update(record.id, text=_text(args, "text"))
        return {"id": updated.id, "saved": updated.text}

    def _delete(self, args: dict[str, Any]) -> dict[str, Any]:
        _only(args, {"id"})
        record = self._own(_text(args, "id"))
        return {"deleted": self.memory.delete(record.id)}

    def _own(self, id: str) -> Any:
        """The record ``id`` if it lies in this dispatcher's scope; else as if it did not
        exist (another user's ids are not even confirmed)."""
        try:
            record = self.memory.get(id)
        except NotFoundError:
            record = None
        if record is None or not record.in_scope(self.scope):
            raise NotFoundError(f"no memory with id {id!r}")
        return record


def _only(args: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = set(args) - allowed
    if unknown:
        raise InvalidInputError(f"unknown arguments {sorted(unknown)}; allowed: {sorted(allowed)}")


def _text(args: Mapping[str, Any], name: str) -> str:
    value = args.get(name)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInputError(f"{name!r} must be a non-empty string")
    return value


@dataclass(slots=True)
class ToolRun:
    """What :func:`run_tools` did: the final reply, the whole conversation, every call made."""

    reply: Reply
    messages: list[dict[str, Any]]
    calls: list[tuple[ToolCall, dict[str, Any]]] = field(default_factory=list)


def run_tools(
    model: ChatModel,
    dispatcher: ToolDispatcher,
    messages: Sequence[Mapping[str, Any]],
    *,
    max_rounds: int = 5,
    tools: Sequence[Mapping[str, Any]] | None = None,
) -> ToolRun:
    """Chat, run the tool calls the model makes, give it the results, and again — until it
    answers without a tool call. More than ``max_rounds`` rounds of calls is an
    :class:`~remem.errors.LLMReplyError` (a model looping on its tools)."""
    conversation = [dict(m) for m in messages]
    available = list(tools) if tools is not None else schemas("openai")
    made: list[tuple[ToolCall, dict[str, Any]]] = []
    for _ in range(max_rounds + 1):
        reply = model.chat(conversation, tools=available)
        conversation.append(reply.to_message())
        if not reply.tool_calls:
            return ToolRun(reply, conversation, made)
        for call in reply.tool_calls:
            answer = dispatcher.message(call)
            made.append((call, json.loads(answer["content"])))
            conversation.append(answer)
    raise LLMReplyError(f"the model was still calling tools after {max_rounds} rounds")
