"""Reranking: the protocol, k × factor, failures degrading to the fused order, strict mode.

The rerankers here are real implementations of the protocol (no cross-encoder ships in any
package reachable offline, so the cross-encoder adapter is exercised only for its error path).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import pytest

import remem
from remem.rerankers import get_reranker


class LengthReranker(remem.Reranker):
    """Prefers shorter texts: easy to predict, and unlike any first-stage signal."""

    name = "length:v1"

    def __init__(self) -> None:
        self.calls: list[int] = []

    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        self.calls.append(len(texts))
        return [-float(len(t)) for t in texts]


class BrokenReranker(remem.Reranker):
    name = "broken:v1"

    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        raise RuntimeError("model exploded")


@pytest.fixture
def filled(mem: remem.Memory) -> remem.Memory:
    mem.add_many([f"tea {'and biscuits ' * i}".strip() for i in range(12)])
    return mem


def test_rerank_reorders_the_top_k_times_factor(filled: remem.Memory) -> None:
    reranker = LengthReranker()
    hits = filled.search("tea biscuits", k=3, reranker=reranker, rerank_k_factor=2)
    assert reranker.calls == [6]
    assert len(hits) == 3 and all("rerank" in h.scores for h in hits)
    assert [h.scores["rerank"] for h in hits] == sorted(
        (h.scores["rerank"] for h in hits), reverse=True
    )
    fused_top6 = [h.id for h in filled.search("tea biscuits", k=6)]
    assert {h.id for h in hits} <= set(fused_top6)


def test_registered_reranker_by_name(filled: remem.Memory) -> None:
    remem.register_reranker("length", lambda model: LengthReranker())
    hits = filled.search("tea", k=2, reranker="length:v1")
    assert hits[0].text == "tea"


def test_failing_reranker_keeps_fused_order_with_a_warning(filled: remem.Memory) -> None:
    fused = [h.id for h in filled.search("tea biscuits", k=4)]
    with pytest.warns(remem.RerankWarning, match="model exploded"):
        hits = filled.search("tea biscuits", k=4, reranker=BrokenReranker())
    assert [h.id for h in hits] == fused


def test_strict_mode_raises(filled: remem.Memory) -> None:
    with pytest.raises(remem.RerankerError, match="model exploded"):
        filled.search("tea", reranker=BrokenReranker(), strict=True)


def test_unknown_reranker_name(filled: remem.Memory) -> None:
    with pytest.raises(remem.InvalidInputError, match="unknown reranker"):
        filled.search("tea", reranker="nosuch:model")
    with pytest.raises(remem.InvalidInputError):
        filled.search("tea", reranker=LengthReranker(), rerank_k_factor=0)


def test_cross_encoder_without_extra_says_how_to_install(filled: remem.Memory) -> None:
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(remem.RerankerError, match=r"pip install 'remem\[sentence"):
                filled.search("tea", reranker="cross-encoder:some-model", strict=True)
        assert get_reranker("cross-encoder:x").name == "cross-encoder:x"
    else:  # pragma: no cover
        pytest.skip("sentence-transformers is installed")
