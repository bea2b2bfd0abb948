"""What remem asks of a language model, and what comes back.

An :class:`LLM` has ``generate(prompt) -> str``; a chat model also has ``chat(messages, tools=None)
-> Reply`` (text, tool calls, token usage). Memory types need only ``generate``, so any function
``prompt -> text`` works too (:func:`as_llm` wraps it). Every LLM-backed feature has a path that
works without one; a failed call raises :class:`~remem.core.errors.LLMError` (or a subclass) and the
caller falls back or keeps the raw memory — nothing already given to remem is lost.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from remem.core.errors import InvalidInputError, LLMError, LLMReplyError
from remem.trust.provenance import deriving

if TYPE_CHECKING:
    from remem.engine.protocol import EngineAPI

__all__ = [
    "LLM",
    "ChatModel",
    "Reply",
    "ToolCall",
    "Usage",
    "as_llm",
    "call",
    "derived_by",
    "model_name",
    "reply_from_completion",
]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A function the model asked to run: ``arguments`` already parsed from its JSON."""

    id: str
    name: str
    arguments: dict[str, Any]

    def to_message(self) -> dict[str, Any]:
        """The OpenAI wire form, as an assistant message's ``tool_calls`` item."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": json.dumps(self.arguments)},
        }


@dataclass(slots=True)
class Usage:
    """Tokens (and, when prices are known, dollars) spent: per call, or added up."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0

    def add(self, other: Usage) -> None:
        self.calls += other.calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.cost += other.cost

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def to_dict(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "cost": round(self.cost, 6),
        }


@dataclass(frozen=True, slots=True)
class Reply:
    """A chat model's answer: its text (may be empty when it only calls tools), the tool calls,
    why it stopped, and what the call cost."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: Usage = field(default_factory=Usage)

    def to_message(self) -> dict[str, Any]:
        """The assistant message to append to the conversation."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [c.to_message() for c in self.tool_calls]
        return message


def reply_from_completion(
    completion: Mapping[str, Any], *, name: str, prices: tuple[float, float] | None = None
) -> Reply:
    """A :class:`Reply` from a chat completion in OpenAI's wire format (a dict), for every
    provider that speaks it; a completion without a choice, or tool arguments that are not a
    JSON object, is an :class:`LLMReplyError`."""
    choices = completion.get("choices") if isinstance(completion, Mapping) else None
    if not choices:
        raise LLMReplyError(f"{name} answered without a choice")
    message = choices[0].get("message") or {}
    calls = []
    for raw in message.get("tool_calls") or ():
        function = raw.get("function") or {}
        text = function.get("arguments") or "{}"
        try:
            arguments = json.loads(text) if isinstance(text, str) else text
        except json.JSONDecodeError as exc:
            raise LLMReplyError(
                f"{name} called {function.get('name')} with arguments that are not JSON: "
                f"{text[:200]!r}"
            ) from exc
        if not isinstance(arguments, dict):
            raise LLMReplyError(f"{name} called {function.get('name')} with {arguments!r}")
        calls.append(ToolCall(str(raw.get("id")), str(function.get("name")), arguments))
    usage = Usage(calls=1)
    counted = completion.get("usage") or {}
    usage.prompt_tokens = int(counted.get("prompt_tokens") or 0)
    usage.completion_tokens = int(counted.get("completion_tokens") or 0)
    if prices:
        usage.cost = (usage.prompt_tokens * prices[0] + usage.completion_tokens * prices[1]) / 1e6
    return Reply(
        text=message.get("content") or "",
        tool_calls=tuple(calls),
        finish_reason=choices[0].get("finish_reason"),
        usage=usage,
    )


@runtime_checkable
class LLM(Protocol):
    def generate(self, prompt: str) -> str:
        """The model's reply to ``prompt``."""
        ...


@runtime_checkable
class ChatModel(Protocol):
    """A model that takes a conversation and may call tools."""

    def chat(
        self, messages: Sequence[Mapping[str, Any]], *, tools: Sequence[Mapping[str, Any]] | None
    ) -> Reply: ...

    def generate(self, prompt: str) -> str: ...


class _FunctionLLM:
    def __init__(self, function: Callable[[str], str]) -> None:
        self.function = function

    def generate(self, prompt: str) -> str:
        return self.function(prompt)


def as_llm(llm: LLM | Callable[[str], str] | None) -> LLM | None:
    """``llm`` as an :class:`LLM` (a function is wrapped); None stays None."""
    if llm is None or isinstance(llm, LLM):
        return llm
    if callable(llm):
        return _FunctionLLM(llm)
    raise InvalidInputError(f"llm must have generate(prompt) -> str or be a function, got {llm!r}")


def model_name(llm: LLM | None) -> str | None:
    """What a derived memory's provenance names as its model: the model's ``name``
    (``openai:gpt-4o-mini``) or ``model``, else its function's or class's name."""
    if llm is None:
        return None
    for attribute in ("name", "model"):
        value = getattr(llm, attribute, None)
        if isinstance(value, str) and value:
            return value
    function = getattr(llm, "function", None)
    return getattr(function, "__name__", None) or type(llm).__name__


def derived_by(
    llm: LLM | None, prompt: str, *, sources: Iterable[str]
) -> AbstractContextManager[None]:
    """Memories written in the block are derived from ``sources`` by ``llm`` with the prompt
    named ``prompt`` — or, with no LLM, derived by remem itself (no model, no prompt): the
    memory types' :func:`remem.trust.provenance.deriving`."""
    made_by = model_name(llm)
    return deriving(sources=sources, model=made_by, prompt=prompt if made_by else None)


def call(llm: LLM, prompt: str, *, memory: EngineAPI | None = None, feature: str = "llm") -> str:
    """Ask ``llm``; any failure or a non-text answer becomes :class:`LLMError`. With ``memory``,
    the call's spending is added to that store's totals under ``feature`` (from the model's own
    :class:`Usage` when it keeps one, else tokens counted with o200k)."""
    before = _usage_of(llm)
    try:
        reply = llm.generate(prompt)
    except LLMError:
        _record(memory, feature, llm, before, prompt, None)
        raise
    except Exception as exc:
        _record(memory, feature, llm, before, prompt, None)
        raise LLMError(f"the language model failed: {exc}") from exc
    if not isinstance(reply, str):
        raise LLMReplyError(f"the language model answered {type(reply).__name__}, not text")
    _record(memory, feature, llm, before, prompt, reply)
    return reply


def _usage_of(llm: Any) -> Usage | None:
    usage = getattr(llm, "usage", None)
    return replace(usage) if isinstance(usage, Usage) else None


def _record(
    memory: EngineAPI | None,
    feature: str,
    llm: Any,
    before: Usage | None,
    prompt: str,
    reply: str | None,
) -> None:
    table = None if memory is None else memory.store.usage
    if table is None:
        return  # a store without a usage table (an optional part) keeps no totals
    after = _usage_of(llm)
    if before is not None and after is not None:
        spent = Usage(
            calls=after.calls - before.calls,
            prompt_tokens=after.prompt_tokens - before.prompt_tokens,
            completion_tokens=after.completion_tokens - before.completion_tokens,
            cost=after.cost - before.cost,
        )
    else:
        from remem.text.tokens import token_counter

        count = token_counter()
        spent = Usage(calls=1, prompt_tokens=count(prompt), completion_tokens=count(reply or ""))
    if reply is None:
        table.add(feature, {"failures": 1})
    table.add(feature, spent.to_dict())
