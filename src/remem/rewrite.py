"""Enrichment with a language model, each step optional and each with a no-LLM path.

- :func:`rate_importance` — the Generative Agents 1–10 poignancy prompt; without an LLM
  :func:`~remem.stream.heuristic_importance`, and the same with a warning when the call fails or
  answers without a number.
- :func:`rewrite_memory` — GoodAI-LTM's idea: "That would be great" becomes a statement that
  stands alone ("Ann would like the assistant to book the Lisbon flight"); None when the model
  finds nothing worth remembering; without an LLM the text is kept as it is.
- :func:`rewrite_query` — a follow-up question ("and her sister?") made self-contained for
  search; without an LLM the question as asked.

The write path stores the raw text first and enriches after: a failed call leaves the raw
memory stored (see :class:`~remem.facts.FactMemory` for the pending mark).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from remem import prompts
from remem.llm.base import LLM, as_llm, call
from remem.stream import rated_importance
from remem.tokens import message_text

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = ["rate_importance", "rewrite_memory", "rewrite_query"]


def rate_importance(
    text: str, *, llm: LLM | Callable[[str], str] | None = None, memory: Memory | None = None
) -> float:
    """Importance 1–10 of ``text`` (see :func:`~remem.stream.rated_importance`)."""
    return rated_importance(text, as_llm(llm), memory=memory)[0]


def rewrite_memory(
    text: str,
    context: Sequence[Mapping[str, Any]],
    *,
    role: str = "user",
    llm: LLM | Callable[[str], str] | None = None,
    memory: Memory | None = None,
) -> str | None:
    """``text`` (the last message) rewritten to stand alone, given the ``context`` messages
    before it; None when the model says it holds nothing worth remembering."""
    model = as_llm(llm)
    if model is None:
        return text
    reply = call(
        model,
        prompts.render("rewrite.memory", context=_lines(context), role=role, text=text),
        memory=memory,
        feature="rewrite.memory",
    ).strip()
    if reply.upper().rstrip(".") == "NOTHING":
        return None
    return reply or text


def rewrite_query(
    question: str,
    context: Sequence[Mapping[str, Any]],
    *,
    llm: LLM | Callable[[str], str] | None = None,
    memory: Memory | None = None,
) -> str:
    """``question`` made self-contained for search, given the ``context`` messages."""
    model = as_llm(llm)
    if model is None or not context:
        return question
    reply = call(
        model,
        prompts.render("rewrite.query", context=_lines(context), text=question),
        memory=memory,
        feature="rewrite.query",
    ).strip()
    return reply.strip('"') or question


def _lines(context: Sequence[Mapping[str, Any]]) -> str:
    return "\n".join(f"{m.get('role', 'user')}: {message_text(m)}" for m in context[-12:])
