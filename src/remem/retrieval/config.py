"""How a search runs: one frozen settings object for every stage of the retrieval pipeline.

A ``Memory`` holds a default (``remem.open(path, retrieval=RetrievalConfig(...))``); a call can
override any field: ``mem.search(q, mmr_lambda=0.7, recency_weight=1.0)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from typing import Any, Literal, TypedDict

from remem.core.errors import InvalidInputError
from remem.core.numbers import whole
from remem.core.validate import number_within
from remem.rerankers import Reranker, get_reranker
from remem.retrieval.fusion import FUSIONS, Fusion

__all__ = [
    "AGENT_RETRIEVAL",
    "OPTIONS",
    "Option",
    "RetrievalConfig",
    "RetrievalOptions",
    "embedder_defaults",
]


OptionKind = Literal["bool", "int", "float", "choice", "object"]


@dataclass(frozen=True, slots=True)
class Option:
    """One search option's declaration, kept on its :class:`RetrievalConfig` field
    (``field.metadata["option"]``): its range is written here once, checked by the config,
    and followed by the REST model, the CLI's flags and the client (tests/test_parity.py)."""

    #: One line for a flag's help or a schema's description.
    help: str
    kind: OptionKind = "float"
    #: Inclusive bounds of a number.
    low: float = 0.0
    high: float = 1.0
    #: The values a ``choice`` takes.
    choices: tuple[str, ...] = ()
    #: Whether None is a value (the stage off).
    nullable: bool = False
    #: Whether a request over the wire may set it (a reranker is the server's to configure).
    remote: bool = True

    def check(self, name: str, value: Any) -> None:
        """Raise :class:`InvalidInputError` naming ``name`` unless ``value`` is declared."""
        if value is None and self.nullable:
            return
        if self.kind == "int":
            _check_int(name, value, int(self.low), int(self.high))
        elif self.kind == "float":
            number_within(name, value, self.low, self.high)
        elif self.kind == "choice" and value not in self.choices:
            raise InvalidInputError(f"unknown {name} {value!r}: use one of {self.choices}")


def option(help: str, **declared: Any) -> dict[str, Option]:
    """A :class:`RetrievalConfig` field's metadata: its :class:`Option`."""
    return {"option": Option(help, **declared)}


def weight(help: str, high: float) -> dict[str, Option]:
    """The metadata of a weight from 0 to ``high``."""
    return option(help, low=0.0, high=high)


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    """Settings for each retrieval stage, in pipeline order.

    The defaults are the best single configuration measured on LoCoMo and SciFact together
    (benchmarks/RESULTS.md): hybrid fusion, window vectors and neighbour smoothing on, the
    later stages off. :data:`AGENT_RETRIEVAL` turns on recency and importance the way the
    Generative Agents paper does. Each field declares its range (:class:`Option`,
    :data:`OPTIONS`).
    """

    # -- time
    #: Read a time the query names ("last week", "in May 2023", "a month ago") against the
    #: search's reference time ``now`` (only when one is given): the memories stored then, or
    #: in the same length of time after it, rank higher (:mod:`~remem.retrieval.during`).
    resolve_time: bool = field(
        default=True,
        metadata=option(
            "Read a time the query names (with now): memories stored then rank higher.",
            kind="bool",
        ),
    )
    #: The lift of a memory stored in the named time (half of it just after that time), in
    #: standardised score units like ``speaker_weight``. 0: off.
    time_weight: float = field(
        default=1.0,
        metadata=weight("Lift of memories stored in the time the query names (0: off).", 10.0),
    )
    # -- candidates and fusion
    #: Candidates taken from each signal (dense, keyword) before fusion.
    candidates: int = field(
        default=100,
        metadata=option(
            "Candidates from each signal before fusion.", kind="int", low=1, high=10_000
        ),
    )
    #: ``zscore``, ``minmax`` or ``rrf`` (see :mod:`remem.retrieval.fusion`).
    fusion: Fusion = field(
        default="zscore",
        metadata=option(
            "Hybrid fusion: standardised or min-max scaled scores, or reciprocal rank.",
            kind="choice",
            choices=FUSIONS,
        ),
    )
    #: Weight of the dense signal in score fusion; keyword gets ``1 - dense_weight``.
    dense_weight: float = field(
        default=0.4,
        metadata=weight("Weight of the dense signal in score fusion (keyword gets the rest).", 1.0),
    )
    #: In ``zscore`` fusion, the keyword scores' spread is taken as at least this share of
    #: their mean: keyword scores that barely differ (the one matching word is in every
    #: candidate) stay close instead of outvoting the dense signal. 0: plain z-scores.
    keyword_min_spread: float = field(
        default=0.2,
        metadata=weight("Least keyword spread in zscore fusion, as a share of the mean.", 1.0),
    )
    #: A long memory's dense score mixes its best-matching vector (its opening or any window)
    #: with its opening: ``part_weight · best + (1 − part_weight) · opening``. 1: the best vector
    #: decides; 0: the opening alone. 0.5 was chosen on LongMemEval's tune half (session
    #: documents: all evidence in the top 5 for 0.934 of questions, 0.918 at 1.0) with SciFact's
    #: train split unchanged (nDCG@10 0.7421, 0.7422 at 1.0).
    part_weight: float = field(
        default=0.5,
        metadata=weight(
            "A long memory's best window against its opening (1: the best decides).", 1.0
        ),
    )
    # -- context
    #: Neighbour smoothing: a candidate gains this share of its best neighbouring candidate's
    #: score (above the lowest), neighbours being adjacent turns of a session or adjacent chunks
    #: of a document. An answer often sits next to the turn that matches the question. 0: off.
    neighbor_weight: float = field(
        default=0.5,
        metadata=weight(
            "Share of the best adjacent candidate's score a candidate gains (0: off).", 10.0
        ),
    )
    #: Speaker prior: when the query names exactly one candidate's ``metadata.speaker``
    #: ("What did Caroline research?"), the rest of the question is searched again and that
    #: speaker's candidates gain this (standardised score units; the candidates' spread
    #: outside hybrid search). 0: off.
    speaker_weight: float = field(
        default=3.0, metadata=weight("Lift of the named speaker's turns (0: off).", 10.0)
    )
    #: Stated preferences: a query that asks for a recommendation ("Can you recommend a
    #: hotel?") also takes candidates from the memories that state a preference
    #: (``metadata.cues`` holds ``"preference"``, :mod:`remem.text.cues`), and the best
    #: ``preference_k`` of them gain ``preference_weight`` (units as ``speaker_weight``).
    #: 0: off.
    preference_k: int = field(
        default=3,
        metadata=option(
            "Stated preferences lifted for a request for a recommendation.", kind="int", high=50
        ),
    )
    preference_weight: float = field(
        default=3.0,
        metadata=weight(
            "Lift of stated preferences for a request for a recommendation (0: off).", 10.0
        ),
    )
    # -- reranking
    #: ``"provider:model"`` (e.g. ``cross-encoder:/models/ms-marco-MiniLM-L-6-v2``) or an
    #: instance; None: off.
    reranker: str | Reranker | None = field(
        default=None,
        metadata=option(
            "Reranker as provider:model (off).", kind="object", nullable=True, remote=False
        ),
    )
    #: Rerank the top ``k × rerank_k_factor`` fused candidates.
    rerank_k_factor: int = field(
        default=3,
        metadata=option(
            "Rerank the top k times this many candidates.", kind="int", low=1, high=100
        ),
    )
    #: Raise when the reranker fails, instead of keeping the fused order with a warning.
    strict: bool = field(
        default=False,
        metadata=option("Fail when the reranker fails (else keep the fused order).", kind="bool"),
    )
    # -- Generative Agents scoring: w_rel · relevance + w_rec · recency + w_imp · importance
    relevance_weight: float = field(
        default=1.0, metadata=weight("Weight of relevance in agent scoring.", 100.0)
    )
    recency_weight: float = field(
        default=0.0, metadata=weight("Weight of recency in agent scoring.", 100.0)
    )
    importance_weight: float = field(
        default=0.0, metadata=weight("Weight of importance in agent scoring.", 100.0)
    )
    #: Recency = ``recency_decay ** hours`` since the memory was last accessed (or created).
    recency_decay: float = field(
        default=0.995, metadata=weight("Recency is this to the power of hours since.", 1.0)
    )
    #: Importance is divided by this to land in [0, 1] (the paper rates 1-10).
    importance_scale: float = field(
        default=10.0,
        metadata=option("Importance is divided by this to land in [0, 1].", low=1e-9, high=1e9),
    )
    #: Importance assumed for a memory that has none, in [0, 1].
    default_importance: float = field(
        default=0.5, metadata=weight("Importance assumed for a memory that has none.", 1.0)
    )
    # -- diversity
    #: Maximal marginal relevance λ: 1.0 is pure relevance, lower trades it for novelty; None: off.
    mmr_lambda: float | None = field(
        default=None,
        metadata=option(
            "MMR diversity: 1 is pure relevance, lower trades it for novelty (off).", nullable=True
        ),
    )
    # -- expansion
    #: Neighbours attached to each hit on each side: adjacent chunks of its document, or
    #: adjacent turns of its session.
    expand: int = field(
        default=0, metadata=option("Neighbours attached to each hit per side.", kind="int", high=50)
    )

    def __post_init__(self) -> None:
        for name, declared in OPTIONS.items():
            declared.check(name, getattr(self, name))
        if self.relevance_weight + self.recency_weight + self.importance_weight <= 0:
            raise InvalidInputError("at least one of the scoring weights must be positive")
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


class RetrievalOptions(TypedDict, total=False):
    """:class:`RetrievalConfig`'s fields as a search's keywords (``mem.search(q,
    mmr_lambda=0.7)``), for type checkers: ``**options: Unpack[RetrievalOptions]`` lets mypy
    catch ``mem.search(qury=...)``. Kept equal to the config's fields, name and type, by
    tests/test_parity.py."""

    resolve_time: bool
    time_weight: float
    candidates: int
    fusion: Fusion
    dense_weight: float
    keyword_min_spread: float
    part_weight: float
    neighbor_weight: float
    speaker_weight: float
    preference_k: int
    preference_weight: float
    reranker: str | Reranker | None
    rerank_k_factor: int
    strict: bool
    relevance_weight: float
    recency_weight: float
    importance_weight: float
    recency_decay: float
    importance_scale: float
    default_importance: float
    mmr_lambda: float | None
    expand: int


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    whole(value, name, low=low, high=high)


#: Each field's declaration, in pipeline order.
OPTIONS: dict[str, Option] = {f.name: f.metadata["option"] for f in fields(RetrievalConfig)}
#: Generative Agents' retrieval: relevance, recency and importance weighted equally.
AGENT_RETRIEVAL = RetrievalConfig(relevance_weight=1.0, recency_weight=1.0, importance_weight=1.0)


@lru_cache(maxsize=16)
def embedder_defaults(dense_weight: float | None) -> RetrievalConfig:
    """The default settings with an embedder's own fusion weight (None: the default's)."""
    return RetrievalConfig() if dense_weight is None else RetrievalConfig(dense_weight=dense_weight)
