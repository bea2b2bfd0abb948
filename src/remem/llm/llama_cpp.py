"""A chat model in this process: llama.cpp on a GGUF file (``pip install 'remem[llama]'``).

``LlamaCppChat("/models/qwen2.5-1.5b-instruct-q4_k_m.gguf")`` loads the file once, lazily, and
answers ``chat`` / ``generate`` like :class:`~remem.llm.openai.OpenAIChat` (llama-cpp-python
returns completions in OpenAI's wire format, parsed by the same code), with token usage from
llama.cpp's own counts. Nothing is downloaded: the model is a file you have. A request longer
than the context window is a :class:`~remem.core.errors.ContextOverflowError`.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from remem.core.errors import (
    ContextOverflowError,
    InvalidInputError,
    LLMError,
    MissingDependencyError,
)
from remem.llm.base import Reply, Usage, reply_from_completion

__all__ = ["LlamaCppChat"]


class LlamaCppChat:
    """A GGUF model run by llama.cpp in this process."""

    def __init__(
        self,
        model_path: str | Path,
        *,
        n_ctx: int = 4096,
        threads: int | None = None,
        temperature: float = 0.0,
        max_tokens: int = 512,
        chat_format: str | None = None,
        seed: int = 0,
    ) -> None:
        path = Path(model_path).expanduser()
        if not path.is_file():
            raise InvalidInputError(f"no GGUF model file at {path}")
        self.model_path = path
        self.n_ctx = n_ctx
        self.threads = threads or os.cpu_count() or 1
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.chat_format = chat_format
        self.seed = seed
        #: Everything this model has spent (llama.cpp's own token counts).
        self.usage = Usage()
        self._model: Any = None
        self._lock = threading.Lock()  # one llama context: one request at a time

    @property
    def name(self) -> str:
        return f"llama.cpp:{self.model_path.name}"

    def chat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **options: Any,
    ) -> Reply:
        if not messages:
            raise InvalidInputError("a chat needs at least one message")
        request: dict[str, Any] = {
            "messages": [dict(m) for m in messages],
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            **options,
        }
        if tools:
            request["tools"] = [dict(t) for t in tools]
        with self._lock:
            model = self._load()
            try:
                completion = model.create_chat_completion(**request)
            except ValueError as exc:
                if "context window" in str(exc) or "exceed" in str(exc):
                    raise ContextOverflowError(f"{self.name}: {exc}") from exc
                raise LLMError(f"{self.name} failed: {exc}") from exc
            except Exception as exc:
                raise LLMError(f"{self.name} failed: {exc}") from exc
        reply = reply_from_completion(completion, name=self.name)
        self.usage.add(reply.usage)
        return reply

    def generate(self, prompt: str) -> str:
        return self.chat([{"role": "user", "content": prompt}]).text

    async def achat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **options: Any,
    ) -> Reply:
        """:meth:`chat` in a worker thread (llama.cpp computes; the event loop keeps running)."""
        return await asyncio.to_thread(self.chat, messages, tools=tools, **options)

    async def agenerate(self, prompt: str) -> str:
        return (await self.achat([{"role": "user", "content": prompt}])).text

    def _load(self) -> Any:
        if self._model is None:
            try:
                from llama_cpp import Llama
            except ImportError as exc:
                raise MissingDependencyError(
                    "in-process GGUF models need llama-cpp-python: pip install 'remem[llama]'"
                ) from exc
            try:
                self._model = Llama(
                    model_path=str(self.model_path),
                    n_ctx=self.n_ctx,
                    n_threads=self.threads,
                    chat_format=self.chat_format,
                    seed=self.seed,
                    verbose=False,
                )
            except Exception as exc:  # llama.cpp's loader raises plain ValueErrors
                raise LLMError(f"could not load {self.model_path}: {exc}") from exc
        return self._model
