"""Fusion of dense and keyword candidate lists."""

from __future__ import annotations

import math

import pytest

import remem
from remem.retrieval.fusion import fuse, normalised_fusion, reciprocal_rank_fusion

DENSE = [("a", 0.9), ("b", 0.8), ("c", 0.5)]
KEYWORD = [("c", 12.0), ("d", 6.0), ("a", 0.0)]
WEIGHTS = {"dense": 0.4, "keyword": 0.6}


def test_rrf_uses_ranks_only() -> None:
    fused = dict(reciprocal_rank_fusion({"dense": DENSE, "keyword": KEYWORD}, k=60))
    assert fused["a"] == pytest.approx(1 / 61 + 1 / 63)
    assert fused["c"] == pytest.approx(1 / 63 + 1 / 61)
    assert fused["d"] == pytest.approx(1 / 62)


def test_minmax_scales_each_signal_to_unit_range() -> None:
    fused = dict(normalised_fusion({"dense": DENSE, "keyword": KEYWORD}, WEIGHTS, method="minmax"))
    assert fused["a"] == pytest.approx(0.4 * 1.0 + 0.6 * 0.0)
    assert fused["b"] == pytest.approx(0.4 * 0.75)  # missing from keyword: 0
    assert fused["c"] == pytest.approx(0.4 * 0.0 + 0.6 * 1.0)
    assert fused["d"] == pytest.approx(0.6 * 0.5)
    assert next(iter(fused)) == "c"  # sorted best first


def test_zscore_standardises_and_floors_missing_candidates() -> None:
    fused = dict(normalised_fusion({"dense": DENSE, "keyword": KEYWORD}, WEIGHTS))
    d_mean, d_std = (
        2.2 / 3,
        math.sqrt(((0.9 - 2.2 / 3) ** 2 + (0.8 - 2.2 / 3) ** 2 + (0.5 - 2.2 / 3) ** 2) / 3),
    )
    k_mean, k_std = 6.0, math.sqrt((36 + 0 + 36) / 3)
    dz = {i: (s - d_mean) / d_std for i, s in DENSE}
    kz = {i: (s - k_mean) / k_std for i, s in KEYWORD}
    assert fused["a"] == pytest.approx(0.4 * dz["a"] + 0.6 * kz["a"])
    assert fused["b"] == pytest.approx(0.4 * dz["b"] + 0.6 * min(kz.values()))
    assert fused["d"] == pytest.approx(0.4 * min(dz.values()) + 0.6 * kz["d"])


def test_single_candidate_and_empty_signal() -> None:
    assert normalised_fusion({"dense": [("x", 0.3)], "keyword": []}, WEIGHTS) == [("x", 0.0)]
    assert fuse({"dense": [], "keyword": []}, "zscore", dense_weight=0.4) == []


def test_fuse_picks_method() -> None:
    rankings = {"dense": DENSE, "keyword": KEYWORD}
    assert fuse(rankings, "rrf", dense_weight=0.4) == reciprocal_rank_fusion(rankings)
    assert fuse(rankings, "zscore", dense_weight=1.0)[0][0] == "a"
    assert fuse(rankings, "minmax", dense_weight=0.0)[0][0] == "c"


def test_search_fusion_options(mem: remem.Memory) -> None:
    mem.add_many(["green tea from Japan", "black coffee", "green tea and lemon"])
    for fusion in ("zscore", "minmax", "rrf"):
        hits = mem.search("green tea", fusion=fusion)  # type: ignore[arg-type]
        assert hits[0].text.startswith("green tea") and "fused" in hits[0].scores
    only_keyword = mem.search("lemon", dense_weight=0.0, k=1)
    assert only_keyword[0].text == "green tea and lemon"
    with pytest.raises(remem.InvalidInputError):
        mem.search("x", fusion="max")  # type: ignore[arg-type]
    with pytest.raises(remem.InvalidInputError):
        mem.search("x", dense_weight=1.5)
