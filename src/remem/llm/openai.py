"""Chat models behind the OpenAI wire format, through the official ``openai`` SDK.

``OpenAIChat("gpt-4o-mini")`` talks to api.openai.com; ``base_url=`` points it at any compatible
server (llama.cpp's ``llama-server``, vLLM, Ollama's ``/v1``, LM Studio). Settings come from
arguments, then ``REMEM_OPENAI_BASE_URL`` / ``OPENAI_BASE_URL`` and ``REMEM_OPENAI_API_KEY`` /
``OPENAI_API_KEY``. A local server needs no key; api.openai.com without one is an
:class:`~remem.core.errors.LLMAuthError` naming the variable to set.

Calls retry with exponential backoff (the SDK's: 429, 408, 409, 5xx and connection errors,
honouring ``Retry-After``), each with ``timeout`` seconds; what still fails becomes a typed
:class:`~remem.core.errors.LLMError`. Every reply's token usage is added to :attr:`OpenAIChat.usage`
(and priced when ``prices`` per million tokens are given). ``achat`` / ``agenerate`` are the same
calls on the SDK's async client; both go through one parser.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from remem.core.errors import (
    ContextOverflowError,
    InvalidInputError,
    LLMAuthError,
    LLMError,
    LLMRateLimitError,
    LLMReplyError,
    LLMTimeoutError,
    MissingDependencyError,
)
from remem.core.numbers import whole
from remem.llm.base import Reply, Usage, reply_from_completion

__all__ = ["OpenAIChat"]

OPENAI_URL = "https://api.openai.com/v1"


class OpenAIChat:
    """A chat model on an OpenAI-compatible server."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 3,
        temperature: float | None = 0.0,
        prices: tuple[float, float] | None = None,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise InvalidInputError("a model name is required, e.g. OpenAIChat('gpt-4o-mini')")
        if not timeout > 0:
            raise InvalidInputError(f"timeout must be positive seconds, got {timeout}")
        whole(max_retries, "max_retries", low=0)
        env = os.environ
        self.model = model
        self.base_url = (
            base_url or env.get("REMEM_OPENAI_BASE_URL") or env.get("OPENAI_BASE_URL") or OPENAI_URL
        ).rstrip("/")
        key = api_key or env.get("REMEM_OPENAI_API_KEY") or env.get("OPENAI_API_KEY")
        if key is None and self.base_url == OPENAI_URL:
            raise LLMAuthError(
                "no API key for api.openai.com: set REMEM_OPENAI_API_KEY (or OPENAI_API_KEY), "
                "pass api_key=, or point base_url= at a local server"
            )
        self.api_key = key or "not-needed"  # local servers ignore it; the SDK insists on one
        self.timeout = timeout
        self.max_retries = max_retries
        self.temperature = temperature
        #: (input, output) dollars per million tokens, for :attr:`usage`'s cost.
        self.prices = prices
        #: Everything this model has spent, all calls added up.
        self.usage = Usage()
        self._client: Any = None
        self._async_client: Any = None

    @property
    def name(self) -> str:
        return f"openai:{self.model}"

    # -- the protocol ------------------------------------------------------------------------------
    def chat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **options: Any,
    ) -> Reply:
        """One chat completion. ``options`` go to the server (``max_tokens``, ...)."""
        request = self._request(messages, tools, options)
        try:
            response = self._sync().chat.completions.create(**request)
        except Exception as exc:
            raise _translated(exc, self) from exc
        return self._reply(response)

    async def achat(
        self,
        messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **options: Any,
    ) -> Reply:
        request = self._request(messages, tools, options)
        try:
            response = await self._async().chat.completions.create(**request)
        except Exception as exc:
            raise _translated(exc, self) from exc
        return self._reply(response)

    def generate(self, prompt: str) -> str:
        return self.chat([{"role": "user", "content": prompt}]).text

    async def agenerate(self, prompt: str) -> str:
        return (await self.achat([{"role": "user", "content": prompt}])).text

    # -- one core for both ----------------------------------------------------------------------
    def _request(
        self,
        messages: Sequence[Mapping[str, Any]],
        tools: Sequence[Mapping[str, Any]] | None,
        options: Mapping[str, Any],
    ) -> dict[str, Any]:
        if not messages:
            raise InvalidInputError("a chat needs at least one message")
        request: dict[str, Any] = {"model": self.model, "messages": [dict(m) for m in messages]}
        if tools:
            request["tools"] = [dict(t) for t in tools]
        if self.temperature is not None:
            request["temperature"] = self.temperature
        request.update(options)
        return request

    def _reply(self, response: Any) -> Reply:
        completion = response.model_dump() if hasattr(response, "model_dump") else response
        reply = reply_from_completion(completion, name=self.name, prices=self.prices)
        self.usage.add(reply.usage)
        return reply

    def _sync(self) -> Any:
        if self._client is None:
            self._client = _sdk().OpenAI(**self._client_options())
        return self._client

    def _async(self) -> Any:
        if self._async_client is None:
            self._async_client = _sdk().AsyncOpenAI(**self._client_options())
        return self._async_client

    def _client_options(self) -> dict[str, Any]:
        return {
            "api_key": self.api_key,
            "base_url": self.base_url,
            "timeout": self.timeout,
            "max_retries": self.max_retries,
        }


def _sdk() -> Any:
    try:
        import openai
    except ImportError as exc:
        raise MissingDependencyError(
            "OpenAI-compatible chat models need the openai SDK: pip install 'remem[openai]'"
        ) from exc
    return openai


def _translated(exc: Exception, model: OpenAIChat) -> LLMError:
    """The SDK's exception as remem's, by type (never by message text)."""
    openai = _sdk()
    where = f"{model.name} at {model.base_url}"
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return LLMAuthError(
            f"{where} refused the API key (set REMEM_OPENAI_API_KEY or OPENAI_API_KEY): {exc}"
        )
    if isinstance(exc, openai.RateLimitError):
        return LLMRateLimitError(f"{where} is rate limiting, after {model.max_retries} retries")
    if isinstance(exc, openai.APITimeoutError):
        return LLMTimeoutError(
            f"{where} did not answer within {model.timeout} s, after {model.max_retries} retries"
        )
    if isinstance(exc, openai.BadRequestError) and "context" in str(getattr(exc, "code", "")):
        return ContextOverflowError(f"{where}: the request does not fit the context window")
    if isinstance(exc, openai.APIConnectionError):
        return LLMError(f"cannot reach {where}: {exc}")
    if isinstance(exc, openai.APIStatusError):
        return LLMError(f"{where} answered HTTP {exc.status_code}: {exc}")
    if isinstance(exc, openai.APIResponseValidationError | ValueError | TypeError):
        return LLMReplyError(f"{where} answered something that is not a chat completion: {exc}")
    return LLMError(f"{where} failed: {exc}")
