"""Token counting for the model a prompt is sent to, offline.

``token_counter("gpt-4o")`` (a model name) or ``token_counter("cl100k_base")`` (an encoding)
returns a function ``text -> int`` backed by quicktok, whose BPE tables ship inside its wheel —
plain tiktoken downloads its tables on first use and fails offline. Counting a chat request
follows OpenAI's accounting: every message costs its content, its tool calls and name, plus a
fixed overhead, and the reply is primed with a few more tokens.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from remem.core.errors import InvalidInputError, MissingDependencyError

__all__ = [
    "DEFAULT_MODEL",
    "TokenCounter",
    "count_message",
    "count_messages",
    "token_counter",
    "trim_to_tokens",
]

TokenCounter = Callable[[str], int]

#: Counting for current OpenAI chat models (o200k_base) unless told otherwise.
DEFAULT_MODEL = "o200k_base"
#: Tokens every message costs beyond its content (role and separators), and the reply's priming.
MESSAGE_OVERHEAD = 3
REPLY_PRIMING = 3
_ENCODINGS = ("cl100k_base", "o200k_base", "o200k_harmony", "llama3", "qwen3")


@lru_cache(maxsize=16)
def token_counter(model: str = DEFAULT_MODEL) -> TokenCounter:
    """A function counting ``text``'s tokens for ``model`` (a model or an encoding name)."""
    try:
        import quicktok
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise MissingDependencyError("token counting needs quicktok-v1: pip install remem") from exc
    try:
        encoding = (
            quicktok.get_encoding(model)
            if model in _ENCODINGS
            else quicktok.encoding_for_model(model)
        )
    except (KeyError, RuntimeError) as exc:
        raise InvalidInputError(
            f"no tokenizer for model {model!r}: pass a model such as 'gpt-4o' or an encoding "
            f"({', '.join(_ENCODINGS)}), or your own counter function"
        ) from exc

    def count(text: str) -> int:
        return len(encoding.encode(text)) if text else 0

    return count


def message_text(message: Mapping[str, Any]) -> str:
    """The text a message carries: its content (text parts of a multi-part content joined)."""
    content = message.get("content")
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, Mapping))
    return str(content)


def count_message(message: Mapping[str, Any], count: TokenCounter) -> int:
    """Tokens one chat message costs in a request."""
    total = MESSAGE_OVERHEAD + count(message_text(message))
    if message.get("tool_calls"):
        total += count(json.dumps(message["tool_calls"], separators=(",", ":")))
    for key in ("name", "tool_call_id"):
        if message.get(key):
            total += count(str(message[key])) + 1
    return total


def count_messages(messages: Sequence[Mapping[str, Any]], count: TokenCounter) -> int:
    """Tokens a whole request of ``messages`` costs, reply priming included."""
    return sum(count_message(m, count) for m in messages) + REPLY_PRIMING


def trim_to_tokens(text: str, count: TokenCounter, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` tokens (whole when it fits)."""
    if count(text) <= limit:
        return text
    words = text.split()
    low, high = 0, len(words)
    while low < high:  # the most words that fit
        middle = (low + high + 1) // 2
        if count(" ".join(words[:middle])) <= limit:
            low = middle
        else:
            high = middle - 1
    return " ".join(words[:low])
