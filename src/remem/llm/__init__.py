"""Language models for remem: the protocol, and an OpenAI-compatible provider.

``remem.llm.get_llm("openai:gpt-4o-mini")`` (any OpenAI-compatible server with
``base_url=``: hosted APIs, llama.cpp, vLLM, Ollama) or any object with ``generate(prompt)``.
"""

from __future__ import annotations

from typing import Any

from remem.errors import InvalidInputError
from remem.llm.base import (
    LLM,
    ChatModel,
    Reply,
    ToolCall,
    Usage,
    as_llm,
    call,
    derived_by,
    model_name,
)

__all__ = [
    "LLM",
    "ChatModel",
    "Reply",
    "ToolCall",
    "Usage",
    "as_llm",
    "call",
    "derived_by",
    "get_llm",
    "model_name",
]


def get_llm(spec: str, **options: Any) -> ChatModel:
    """A chat model by name: ``openai:<model>`` (options: ``base_url``, ``api_key``,
    ``timeout``, ``max_retries``, ``prices``) or ``llama.cpp:<path to a GGUF file>`` (options:
    ``n_ctx``, ``threads``, ``max_tokens``, ``chat_format``)."""
    provider, _, model = spec.partition(":")
    if provider == "openai" and model:
        from remem.llm.openai import OpenAIChat

        return OpenAIChat(model, **options)
    if provider == "llama.cpp" and model:
        from remem.llm.llama_cpp import LlamaCppChat

        return LlamaCppChat(model, **options)
    raise InvalidInputError(f"unknown LLM {spec!r}: use 'openai:<model>' or 'llama.cpp:<file>'")
