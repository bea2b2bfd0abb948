"""Enrichment with a language model, each step optional and each with a no-LLM path.

- :func:`rate_importance` — the Generative Agents 1–10 poignancy prompt; without an LLM
  :func:`heuristic_importance`, and the same with a warning when the call fails or
  answers without a number.
- :func:`rewrite_memory` — GoodAI-LTM's idea: "That would be great" becomes a statement that
  stands alone ("Ann would like the assistant to book the Lisbon flight"); None when the model
  finds nothing worth remembering; without an LLM the text is kept as it is.
- :func:`rewrite_query` — a follow-up question ("and her sister?") made self-contained for
  search; without an LLM the question as asked.

The write path stores the raw text first and enriches after: a failed call leaves the raw
memory stored (see :class:`~remem.memory_types.facts.FactMemory` for the pending mark).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from remem import prompts
from remem.core.errors import LLMError
from remem.llm.base import LLM, as_llm, call
from remem.text.tokens import message_text

if TYPE_CHECKING:
    from remem.engine.protocol import EngineAPI

__all__ = [
    "heuristic_importance",
    "rate_importance",
    "rated_importance",
    "rewrite_memory",
    "rewrite_query",
]

_POIGNANT = re.compile(
    r"\b(birthday|married|marry|wedding|engaged|divorce|died|death|dead|funeral|born|pregnan\w*|"
    r"baby|promot\w*|fired|quit|hired|new job|graduat\w*|accepted|rejected|accident|hospital|"
    r"surgery|diagnos\w*|cancer|sick|ill|injur\w*|love[sd]?|hate[sd]?|break ?up|broke up|"
    r"moved|moving|award|won|lost|exam|interview|adopt\w*|retire\w*|arrested|war|fire)\b",
    re.IGNORECASE,
)
_FEELING = re.compile(
    r"\b(feel\w*|afraid|scared|worried|anxious|excited|sad|angry|upset|happy|proud|ashamed|"
    r"lonely|grateful|devastated|thrilled|nervous)\b",
    re.IGNORECASE,
)
_MUNDANE = re.compile(
    r"\b(idle|sleeping|asleep|brush\w*|breakfast|lunch|dinner|walking|sitting|waiting|"
    r"routine|nothing|weather)\b",
    re.IGNORECASE,
)
_NUMBERISH = re.compile(
    r"\d|\b(today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)\b",
    re.IGNORECASE,
)


def heuristic_importance(text: str) -> float:
    """Importance 1–10 without a model: 3, +3 for a life event (birthday, wedding, death, new
    job, illness, a move, ...), +1 for a feeling, +1 for a date or number, +1 for a long
    statement (over 25 words), −2 for routine (meals, sleep, idling, weather); clamped to 1–10.
    Coarse by design: it orders "Sam got married" above "Sam ate breakfast", nothing finer."""
    score = 3.0
    if _POIGNANT.search(text):
        score += 3
    if _FEELING.search(text):
        score += 1
    if _NUMBERISH.search(text):
        score += 1
    if len(text.split()) > 25:
        score += 1
    if _MUNDANE.search(text):
        score -= 2
    return float(min(10.0, max(1.0, score)))


def rated_importance(
    text: str, llm: LLM | None, *, memory: EngineAPI | None = None, feature: str = "importance"
) -> tuple[float, str]:
    """Importance 1–10 of ``text`` and its source: the paper's prompt to ``llm`` (``"llm"``),
    else the heuristic (``"heuristic"``); a failed call, or a reply without a number from 1 to
    10, falls back to the heuristic with a warning (``"heuristic (llm failed)"``)."""
    if llm is None:
        return heuristic_importance(text), "heuristic"
    try:
        reply = call(
            llm, prompts.render("stream.importance", memory=text), memory=memory, feature=feature
        )
        found = re.search(r"\b(10|[1-9])\b", reply)
        if found is None:
            raise LLMError(f"no rating from 1 to 10 in {reply[:80]!r}")
        return float(found.group(1)), "llm"
    except LLMError as exc:
        warnings.warn(f"importance rating failed ({exc}); used the heuristic", stacklevel=3)
        return heuristic_importance(text), "heuristic (llm failed)"


def rate_importance(
    text: str, *, llm: LLM | Callable[[str], str] | None = None, memory: EngineAPI | None = None
) -> float:
    """Importance 1–10 of ``text`` (see :func:`rated_importance`)."""
    return rated_importance(text, as_llm(llm), memory=memory)[0]


def rewrite_memory(
    text: str,
    context: Sequence[Mapping[str, Any]],
    *,
    role: str = "user",
    llm: LLM | Callable[[str], str] | None = None,
    memory: EngineAPI | None = None,
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
    memory: EngineAPI | None = None,
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
