"""A small deterministic embedder shipped for tests and for trying remem without a model.

Feature hashing of lower-cased words and their character trigrams into signed buckets: texts that
share words land near each other, so search behaves sensibly, but it has no notion of meaning.
Use it where retrieval quality is not the point.
"""

from __future__ import annotations

import hashlib
import re

import numpy as np
from numpy.typing import NDArray

from remem.embedders.base import Embedder

__all__ = ["HashEmbedder"]

_TOKEN = re.compile(r"\w+", re.UNICODE)


class HashEmbedder(Embedder):
    max_tokens = 10_000
    batch_size = 256

    def __init__(self, dimensions: int = 64) -> None:
        if dimensions < 8:
            raise ValueError("HashEmbedder needs at least 8 dimensions")
        self.dimensions = dimensions
        self.name = f"hash:{dimensions}"

    def _embed_batch(self, texts: list[str]) -> NDArray[np.float32]:
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in _features(text):
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                sign = 1.0 if value & 1 else -1.0
                out[row, (value >> 1) % self.dimensions] += sign * weight
        return out


def _features(text: str) -> list[tuple[str, float]]:
    feats: list[tuple[str, float]] = []
    for word in _TOKEN.findall(text.lower()):
        feats.append(("w:" + word, 1.0))
        padded = f"#{word}#"
        feats.extend(("c:" + padded[i : i + 3], 0.3) for i in range(len(padded) - 2))
    return feats
