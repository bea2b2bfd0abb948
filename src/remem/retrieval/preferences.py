"""Stated preferences: a request for a recommendation brings the user's own likes and limits.

"Can you recommend a hotel for my trip to Lisbon?" should find what the user once said in
passing — "the hotel was huge and noisy, I only sleep well in small quiet places" — though the
two share few words, and a small embedder ranks a dozen other hotel or trip messages above it.
Messages that state a preference carry the cue ``"preference"`` in ``metadata.cues`` (written by
:class:`~remem.memory_types.chat.ChatMemory`, see :mod:`remem.text.cues`). When a query asks for
something to be recommended, suggested or planned (:func:`wants_preferences`; not a question
about what the assistant said):

1. the candidates also come from the cued memories of the search's scope alone
   (``PREFERENCE_DEPTH`` from each signal, :data:`STATED`): the closest of them may lie far
   below the best hundred;
2. the best ``preference_k`` of those, by the fused score, gain ``preference_weight``
   (standardised score units in hybrid search, else the head's spread) (:func:`prefer_stated`).

Measured with ``remem eval chat`` (benchmarks/RESULTS.md, issue 20).
"""

from __future__ import annotations

from collections.abc import Collection

from remem.core.filters import Cond, Filter
from remem.retrieval.candidates import Candidate, lift
from remem.retrieval.speakers import addressed_role
from remem.text.cues import PREFERENCE, asks_for_recommendation

__all__ = ["PREFERENCE_DEPTH", "STATED", "merged", "prefer_stated", "wants_preferences"]

#: The memories that state a preference of their author's.
STATED: Filter = Cond("metadata.cues", "$contains", PREFERENCE)
#: Candidates taken from each signal among them.
PREFERENCE_DEPTH = 10

Ranking = list[tuple[str, float]]


def wants_preferences(text: str | None) -> bool:
    """Whether a query asks for a recommendation its asker's preferences bear on."""
    return bool(text) and addressed_role(text or "") is None and asks_for_recommendation(text or "")


def merged(ranking: Ranking, extra: Ranking) -> Ranking:
    """``ranking`` with the candidates of ``extra`` it lacks, best first (both rank by the same
    query's scores, so they compare)."""
    seen = {item for item, _ in ranking}
    added = [(item, score) for item, score in extra if item not in seen]
    return sorted(ranking + added, key=lambda pair: -pair[1]) if added else ranking


def prefer_stated(
    candidates: list[Candidate],
    stated: Collection[str],
    weight: float,
    count: int,
    *,
    standardised: bool,
    window: int,
) -> list[Candidate]:
    """``candidates`` (best first) with those in ``stated`` (at most ``count``) raised by
    ``weight`` (× the spread of the first ``window`` scores unless they are ``standardised``)
    and reordered; as they were when none is stated."""
    if not stated or weight <= 0 or count <= 0 or len(candidates) < 2:
        return candidates
    ranked = sorted(candidates, key=lambda c: -c.score)
    chosen = [c for c in ranked if c.record.id in stated][:count]
    if not chosen:
        return candidates
    lift(chosen, ranked[:window], weight, "preference", standardised=standardised)
    return sorted(ranked, key=lambda c: -c.score)
