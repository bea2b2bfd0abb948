"""OpenAI-compatible HTTP embeddings: hosted APIs and local servers (vLLM, llama.cpp, Ollama)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import EmbedderError, InvalidInputError
from remem.embedders.base import Embedder

__all__ = ["OpenAIEmbedder", "OpenAISettings"]

_KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


@dataclass(frozen=True, slots=True)
class OpenAISettings:
    """Connection settings. Environment: ``REMEM_OPENAI_BASE_URL`` (or ``OPENAI_BASE_URL``),
    ``REMEM_OPENAI_API_KEY`` (or ``OPENAI_API_KEY``), ``REMEM_OPENAI_DIMENSIONS``."""

    base_url: str = "https://api.openai.com/v1"
    api_key: str | None = None
    dimensions: int | None = None
    timeout: float = 60.0
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls, **overrides: Any) -> OpenAISettings:
        env = os.environ
        values: dict[str, Any] = {
            "base_url": env.get("REMEM_OPENAI_BASE_URL") or env.get("OPENAI_BASE_URL"),
            "api_key": env.get("REMEM_OPENAI_API_KEY") or env.get("OPENAI_API_KEY"),
            "dimensions": env.get("REMEM_OPENAI_DIMENSIONS"),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        if values["dimensions"] is not None:
            values["dimensions"] = int(values["dimensions"])
        return cls(**{k: v for k, v in values.items() if v is not None})


class OpenAIEmbedder(Embedder):
    """``openai:<model>`` — POST ``{base_url}/embeddings`` with the OpenAI wire format.

    ``dimensions`` must be known before the first call (the store records it): it comes from the
    settings, from the table of OpenAI's own models, or is asked of the server with one probe.
    """

    max_tokens = 8191
    batch_size = 128

    def __init__(self, model: str, settings: OpenAISettings | None = None, **overrides: Any):
        self.model = model
        self.name = f"openai:{model}"
        self.settings = settings or OpenAISettings.from_env(**overrides)
        self._dimensions = self.settings.dimensions or _KNOWN_DIMENSIONS.get(model)
        self._client: Any = None

    @property
    def dimensions(self) -> int:  # type: ignore[override]
        if self._dimensions is None:
            self._dimensions = int(self._embed_batch(["dimension probe"]).shape[1])
        return self._dimensions

    def _http(self) -> Any:
        if self._client is None:
            import httpx

            headers = dict(self.settings.headers)
            if self.settings.api_key:
                headers["Authorization"] = f"Bearer {self.settings.api_key}"
            elif "api.openai.com" in self.settings.base_url:
                raise InvalidInputError(
                    "No key found for OpenAI embeddings: set OPENAI_API_KEY or pass api_key=..."
                )
            self._client = httpx.Client(
                base_url=self.settings.base_url.rstrip("/") + "/",
                headers=headers,
                timeout=self.settings.timeout,
            )
        return self._client

    def _embed_batch(self, texts: list[str]) -> NDArray[np.float32]:
        import httpx

        body: dict[str, Any] = {"model": self.model, "input": texts, "encoding_format": "float"}
        if self.settings.dimensions:
            body["dimensions"] = self.settings.dimensions
        try:
            response = self._http().post("embeddings", json=body)
        except httpx.HTTPError as exc:
            raise EmbedderError(
                f"{self.name}: request to {self.settings.base_url} failed: {exc}"
            ) from exc
        if response.status_code != 200:
            raise EmbedderError(
                f"{self.name}: server answered {response.status_code}: {response.text[:300]}"
            )
        try:
            data = sorted(response.json()["data"], key=lambda item: item["index"])
            return np.asarray([item["embedding"] for item in data], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise EmbedderError(f"{self.name}: unexpected response shape: {exc}") from exc
