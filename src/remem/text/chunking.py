"""Split documents into overlapping chunks, measured in the embedder's own tokens.

Three splitters, all returning :class:`Chunk` (text plus its character span in the document):

- ``"tokens"`` (default): windows of ``size`` tokens, each starting ``size - overlap`` tokens after
  the previous one, cut at token boundaries of the original text.
- ``"sentences"``: whole sentences packed up to ``size`` tokens; the next chunk starts with the
  last sentences of the previous one, up to ``overlap`` tokens. A sentence longer than ``size`` is
  cut by tokens.
- ``"characters"``: windows of ``size`` characters with ``overlap`` characters shared.

Token sizes can never exceed the embedder's window, so every chunk gets a vector of all its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from remem.core.errors import InvalidInputError
from remem.embedders.base import Embedder

__all__ = ["Chunk", "ChunkStrategy", "chunk_text"]

ChunkStrategy = Literal["tokens", "sentences", "characters"]
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])[\"')\]]*\s+|\n\s*\n")


@dataclass(frozen=True, slots=True)
class Chunk:
    text: str
    start: int
    end: int


def chunk_text(
    text: str,
    embedder: Embedder,
    *,
    strategy: ChunkStrategy = "tokens",
    size: int | None = None,
    overlap: int | None = None,
) -> list[Chunk]:
    """Split ``text`` into chunks; see the module docstring for the strategies."""
    if strategy == "characters":
        size = 1000 if size is None else size
        overlap = 200 if overlap is None else overlap
        _check_sizes(size, overlap, None)
        return _by_characters(text, size, overlap)
    size = min(200, embedder.max_tokens - 2) if size is None else size
    overlap = min(40, size // 4) if overlap is None else overlap
    _check_sizes(size, overlap, embedder.max_tokens - 2)
    spans = embedder.token_spans(text)
    if strategy == "tokens":
        return _by_tokens(text, spans, size, overlap)
    if strategy == "sentences":
        return _by_sentences(text, embedder, size, overlap)
    raise InvalidInputError(f"unknown chunk strategy {strategy!r}: tokens, sentences, characters")


def _check_sizes(size: int, overlap: int, window: int | None) -> None:
    if size <= 0 or overlap < 0 or overlap >= size:
        raise InvalidInputError(
            f"chunk size must be positive and overlap in [0, size): size={size}, overlap={overlap}"
        )
    if window is not None and size > window:
        raise InvalidInputError(
            f"chunk size {size} is past the embedder's window of {window} tokens: "
            f"use at most {window}"
        )


def _make(text: str, start: int, end: int) -> Chunk | None:
    piece = text[start:end]
    stripped = piece.strip()
    if not stripped:
        return None
    lead = len(piece) - len(piece.lstrip())
    return Chunk(stripped, start + lead, start + lead + len(stripped))


def _by_tokens(
    text: str, spans: list[tuple[int, int]], size: int, overlap: int, base: int = 0
) -> list[Chunk]:
    chunks: list[Chunk] = []
    step = size - overlap
    for first in range(0, max(len(spans), 1), step):
        window = spans[first : first + size]
        if not window:
            break
        chunk = _make(text, window[0][0], window[-1][1])
        if chunk is not None:
            chunks.append(Chunk(chunk.text, chunk.start + base, chunk.end + base))
        if first + size >= len(spans):
            break
    return chunks


def _sentences(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _by_sentences(text: str, embedder: Embedder, size: int, overlap: int) -> list[Chunk]:
    units: list[tuple[int, int, int]] = []  # (start, end, tokens); long sentences pre-cut
    for start, end in _sentences(text):
        spans = embedder.token_spans(text[start:end])
        if len(spans) <= size:
            units.append((start, end, len(spans)))
            continue
        for piece in _by_tokens(text[start:end], spans, size, 0, base=start):
            units.append((piece.start, piece.end, embedder.count_tokens(piece.text)))
    chunks: list[Chunk] = []
    i = 0
    while i < len(units):
        j, tokens = i, 0
        while j < len(units) and (j == i or tokens + units[j][2] <= size):
            tokens += units[j][2]
            j += 1
        chunk = _make(text, units[i][0], units[j - 1][1])
        if chunk is not None:
            chunks.append(chunk)
        if j >= len(units):
            break
        # Start the next chunk with trailing sentences worth at most `overlap` tokens.
        back, carried = j, 0
        while back - 1 > i and carried + units[back - 1][2] <= overlap:
            back -= 1
            carried += units[back][2]
        i = back
    return chunks


def _by_characters(text: str, size: int, overlap: int) -> list[Chunk]:
    chunks: list[Chunk] = []
    for start in range(0, max(len(text), 1), size - overlap):
        chunk = _make(text, start, min(len(text), start + size))
        if chunk is not None:
            chunks.append(chunk)
        if start + size >= len(text):
            break
    return chunks
