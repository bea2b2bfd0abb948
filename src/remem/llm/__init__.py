"""Language models for remem: the protocol, and an OpenAI-compatible provider.

``remem.llm.get_llm("openai:gpt-4o-mini")`` (any OpenAI-compatible server with
``base_url=``: hosted APIs, llama.cpp, vLLM, Ollama) or any object with ``generate(prompt)``.
"""

from __future__ import annotations

from typing import Any

from remem.core.registry import Registry
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
    return _REGISTRY.get(spec, **options)


def _openai(model: str, **options: Any) -> ChatModel:
    from remem.llm.openai import OpenAIChat

    return OpenAIChat(model, **options)


def _llama_cpp(model: str, **options: Any) -> ChatModel:
    from remem.llm.llama_cpp import LlamaCppChat

    return LlamaCppChat(model, **options)


_REGISTRY: Registry[ChatModel] = Registry("LLM", model_required=True)
_REGISTRY.register("openai", _openai)
_REGISTRY.register("llama.cpp", _llama_cpp, shown="<file>")
