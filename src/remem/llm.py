"""The one thing memory types ask of a language model: text in, text out.

Every LLM-backed feature (summaries, importance, reflections) takes ``llm=`` — any object with
``generate(prompt) -> str``, or a plain function ``prompt -> str`` — and has a documented path
that works without one. Providers (OpenAI-compatible HTTP, llama.cpp) build on this protocol.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from remem.errors import InvalidInputError, LLMError

__all__ = ["LLM", "LLMError", "as_llm"]


@runtime_checkable
class LLM(Protocol):
    def generate(self, prompt: str) -> str:
        """The model's reply to ``prompt``."""
        ...


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


def call(llm: LLM, prompt: str) -> str:
    """Ask ``llm``; any failure or a non-text answer becomes :class:`LLMError`."""
    try:
        reply = llm.generate(prompt)
    except Exception as exc:
        raise LLMError(f"the language model failed: {exc}") from exc
    if not isinstance(reply, str):
        raise LLMError(f"the language model answered {type(reply).__name__}, not text")
    return reply
