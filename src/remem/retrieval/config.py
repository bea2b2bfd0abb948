"""How a search runs: one frozen settings object for every stage of the retrieval pipeline.

A ``Memory`` holds a default (``remem.open(path, retrieval=RetrievalConfig(...))``); a call can
override any field: ``mem.search(q, mmr_lambda=0.7, recency_weight=1.0)``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from remem.errors import InvalidInputError
from remem.rerankers import Reranker, get_reranker
from remem.retrieval.fusion import FUSIONS, Fusion
from remem.validate import number_within

__all__ = ["AGENT_RETRIEVAL", "RetrievalConfig"]


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    """Settings for each retrieval stage, in pipeline order.

    The defaults are the best single configuration measured on LoCoMo and SciFact together
    (benchmarks/RESULTS.md): hybrid fusion, window vectors and neighbour smoothing on, the
    later stages off. :data:`AGENT_RETRIEVAL` turns on recency and importance the way the
    Generative Agents paper does.
    """

    # -- time
    #: Turn a time the query names ("last week", "in May 2023") into a ``created_at`` range;
    #: applies only when the search is given its reference time ``now``.
    resolve_time: bool = True
    # -- candidates and fusion
    #: Candidates taken from each signal (dense, keyword) before fusion.
    candidates: int = 100
    #: ``zscore``, ``minmax`` or ``rrf`` (see :mod:`remem.retrieval.fusion`).
    fusion: Fusion = "zscore"
    #: Weight of the dense signal in score fusion; keyword gets ``1 - dense_weight``.
    dense_weight: float = 0.4
    #: In ``zscore`` fusion, the keyword scores' spread is taken as at least this share of
    #: their mean: keyword scores that barely differ (the one matching word is in every
    #: candidate) stay close instead of outvoting the dense signal. 0: plain z-scores.
    keyword_min_spread: float = 0.2
    #: A long memory's dense score mixes its best-matching vector (its opening or any window)
    #: with its opening: ``part_weight · best + (1 − part_weight) · opening``. 1: the best vector
    #: decides; 0: the opening alone.
    part_weight: float = 1.0
    # -- context
    #: Neighbour smoothing: a candidate gains this share of its best neighbouring candidate's
    #: score (above the lowest), neighbours being adjacent turns of a session or adjacent chunks
    #: of a document. An answer often sits next to the turn that matches the question. 0: off.
    neighbor_weight: float = 0.5
    #: Speaker prior: when the query names exactly one candidate's ``metadata.speaker``
    #: ("What did Caroline research?"), the rest of the question is searched again and that
    #: speaker's candidates gain this (standardised score units; the candidates' spread
    #: outside hybrid search). 0: off.
    speaker_weight: float = 3.0
    #: Stated preferences: a query that asks for a recommendation ("Can you recommend a
    #: hotel?") also takes candidates from the memories that state a preference
    #: (``metadata.cues`` holds ``"preference"``, :mod:`remem.cues`), and the best
    #: ``preference_k`` of them gain ``preference_weight`` (units as ``speaker_weight``).
    #: 0: off.
    preference_k: int = 3
    preference_weight: float = 3.0
    # -- reranking
    #: ``"provider:model"`` (e.g. ``cross-encoder:/models/ms-marco-MiniLM-L-6-v2``) or an
    #: instance; None: off.
    reranker: str | Reranker | None = None
    #: Rerank the top ``k × rerank_k_factor`` fused candidates.
    rerank_k_factor: int = 3
    #: Raise when the reranker fails, instead of keeping the fused order with a warning.
    strict: bool = False
    # -- Generative Agents scoring: w_rel · relevance + w_rec · recency + w_imp · importance
    relevance_weight: float = 1.0
    recency_weight: float = 0.0
    importance_weight: float = 0.0
    #: Recency = ``recency_decay ** hours`` since the memory was last accessed (or created).
    recency_decay: float = 0.995
    #: Importance is divided by this to land in [0, 1] (the paper rates 1-10).
    importance_scale: float = 10.0
    #: Importance assumed for a memory that has none, in [0, 1].
    default_importance: float = 0.5
    # -- diversity
    #: Maximal marginal relevance λ: 1.0 is pure relevance, lower trades it for novelty; None: off.
    mmr_lambda: float | None = None
    # -- expansion
    #: Neighbours attached to each hit on each side: adjacent chunks of its document, or
    #: adjacent turns of its session.
    expand: int = 0

    def __post_init__(self) -> None:
        _check_int("candidates", self.candidates, 1, 10_000)
        if self.fusion not in FUSIONS:
            raise InvalidInputError(f"unknown fusion {self.fusion!r}: use one of {FUSIONS}")
        for name in ("dense_weight", "part_weight", "default_importance", "keyword_min_spread"):
            number_within(name, getattr(self, name), 0.0, 1.0)
        for name in ("relevance_weight", "recency_weight", "importance_weight"):
            number_within(name, getattr(self, name), 0.0, 100.0)
        if self.relevance_weight + self.recency_weight + self.importance_weight <= 0:
            raise InvalidInputError("at least one of the scoring weights must be positive")
        number_within("recency_decay", self.recency_decay, 0.0, 1.0)
        number_within("neighbor_weight", self.neighbor_weight, 0.0, 10.0)
        number_within("speaker_weight", self.speaker_weight, 0.0, 10.0)
        number_within("preference_weight", self.preference_weight, 0.0, 10.0)
        _check_int("preference_k", self.preference_k, 0, 50)
        number_within("importance_scale", self.importance_scale, 1e-9, 1e9)
        if self.mmr_lambda is not None:
            number_within("mmr_lambda", self.mmr_lambda, 0.0, 1.0)
        _check_int("expand", self.expand, 0, 50)
        _check_int("rerank_k_factor", self.rerank_k_factor, 1, 100)
        if self.reranker is not None:
            get_reranker(self.reranker)  # an unknown name fails here, not mid-search

    @property
    def scores_by_time_or_importance(self) -> bool:
        return self.recency_weight > 0 or self.importance_weight > 0

    @property
    def needs_records(self) -> bool:
        """Whether a stage after fusion reads the candidates' records (text, times, vectors);
        neighbour smoothing alone needs only their ids and scores."""
        return (
            self.reranker is not None
            or self.scores_by_time_or_importance
            or self.mmr_lambda is not None
        )

    @property
    def reorders(self) -> bool:
        """Whether any stage after fusion may reorder candidates (so all of them are needed)."""
        return (
            self.neighbor_weight > 0
            or self.reranker is not None
            or self.scores_by_time_or_importance
            or self.mmr_lambda is not None
        )

    def with_options(self, **options: Any) -> RetrievalConfig:
        """A copy with some fields changed; an unknown name is an error that lists the known."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidInputError(
                f"unknown search option(s) {unknown}: use any of {sorted(known)}"
            )
        return replace(self, **options) if options else self


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be an integer from {low} to {high}, got {value!r}")


#: Generative Agents' retrieval: relevance, recency and importance weighted equally.
AGENT_RETRIEVAL = RetrievalConfig(relevance_weight=1.0, recency_weight=1.0, importance_weight=1.0)
