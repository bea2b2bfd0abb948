"""Chunkers, measured in the embedder's own tokens (the real MiniLM tokenizer where it matters)."""

from __future__ import annotations

import itertools

import pytest

import remem
from remem.embedders import get_embedder
from remem.text.chunking import chunk_text

TEXT = " ".join(
    f"This is sentence {i}, which says something about subject {i % 5}." for i in range(80)
)


@pytest.fixture(scope="module")
def minilm() -> remem.Embedder:
    return get_embedder("local:minilm")


def test_token_chunks_respect_size_and_overlap(minilm: remem.Embedder) -> None:
    chunks = chunk_text(TEXT, minilm, size=50, overlap=10)
    assert len(chunks) > 5
    assert all(minilm.count_tokens(c.text) <= 50 for c in chunks)
    for left, right in itertools.pairwise(chunks):
        shared = TEXT[right.start : left.end]
        assert 0 < minilm.count_tokens(shared) <= 12  # ~10 tokens, token boundaries may merge
    assert chunks[0].start == 0 and chunks[-1].end == len(TEXT)
    assert all(TEXT[c.start : c.end] == c.text for c in chunks)


def test_default_chunks_fit_the_model_window(minilm: remem.Embedder) -> None:
    chunks = chunk_text(TEXT * 3, minilm)
    assert all(minilm.count_tokens(c.text) <= minilm.max_tokens - 2 for c in chunks)


def test_sentence_chunks_keep_sentences_whole(minilm: remem.Embedder) -> None:
    chunks = chunk_text(TEXT, minilm, strategy="sentences", size=60, overlap=15)
    assert len(chunks) > 3
    for chunk in chunks:
        assert chunk.text.startswith("This is sentence") and chunk.text.endswith(".")
        assert minilm.count_tokens(chunk.text) <= 60
    # Overlap: the next chunk repeats the previous chunk's last sentence.
    assert chunks[1].text.split(". ")[0] in chunks[0].text


def test_sentence_longer_than_size_is_cut(minilm: remem.Embedder) -> None:
    long_sentence = "word " * 300 + "end."
    chunks = chunk_text(long_sentence, minilm, strategy="sentences", size=100, overlap=10)
    assert len(chunks) >= 3 and all(minilm.count_tokens(c.text) <= 100 for c in chunks)


def test_character_chunks() -> None:
    embedder = get_embedder("hash:16")
    chunks = chunk_text("abcdefghij" * 10, embedder, strategy="characters", size=30, overlap=10)
    assert [c.start for c in chunks] == [0, 20, 40, 60, 80]
    assert all(len(c.text) <= 30 for c in chunks)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"size": 0},
        {"size": 10, "overlap": 10},
        {"size": 10, "overlap": -1},
        {"size": 300},
        {"strategy": "paragraphs"},
    ],
)
def test_bad_chunk_settings(minilm: remem.Embedder, kwargs: dict) -> None:
    with pytest.raises(remem.InvalidInputError):
        chunk_text(TEXT, minilm, **kwargs)


def test_short_text_is_one_chunk(minilm: remem.Embedder) -> None:
    assert [c.text for c in chunk_text("  Just one line.  ", minilm)] == ["Just one line."]
