"""Speaker prior: a question that names who said something prefers what that speaker said.

"What did Caroline research?" asks about Caroline's own turns; the other speaker's turns on the
same topic ("Did you research it, Caroline?") match the words as well as the answer does. When
exactly one speaker of the candidates (a memory's ``metadata.speaker``: the LoCoMo import sets
it, and so can any application that stores a conversation of several people or characters) is
named in the query, as a whole word in any case, that speaker's candidates gain
``speaker_weight`` in the units of the ranking score: standardised scores for hybrid search, the
candidates' spread otherwise. Measured on LoCoMo (89% of its questions name one of the two
speakers): R@10 0.6926 → 0.7144 at weight 2, every category up (benchmarks/RESULTS.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from remem.retrieval.candidates import Candidate

__all__ = ["named_speaker", "prefer_speaker"]


def named_speaker(text: str, candidates: Sequence[Candidate]) -> str | None:
    """The one speaker of ``candidates`` that ``text`` names, or None (none, or several)."""
    speakers = {
        speaker
        for c in candidates
        if isinstance(speaker := c.record.metadata.get("speaker"), str) and speaker.strip()
    }
    named = [s for s in speakers if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text, re.IGNORECASE)]
    return named[0] if len(named) == 1 else None


def prefer_speaker(
    candidates: list[Candidate],
    text: str | None,
    weight: float,
    *,
    standardised: bool,
    window: int,
) -> list[Candidate]:
    """``candidates`` (best first) with the named speaker's among the first ``window`` raised
    by ``weight`` (× their scores' spread unless the scores are ``standardised``) and the head
    reordered; as they were when no one speaker is named. Only the head: a lift past the
    window would carry the speaker's weakest matches over better ones (measured: with the
    lift over all 100 candidates, LoCoMo's agent scoring fell from 0.547 to 0.485)."""
    if not text or weight <= 0 or len(candidates) < 2:
        return candidates
    ranked = sorted(candidates, key=lambda c: -c.score)
    head, tail = ranked[:window], ranked[window:]
    speaker = named_speaker(text, head)
    if speaker is None:
        return candidates
    scale = 1.0 if standardised else float(np.std([c.score for c in head]))
    lift = weight * scale
    for c in head:
        if c.record.metadata.get("speaker") == speaker:
            c.score += lift
            c.scores["speaker"] = lift
    return sorted(head, key=lambda c: -c.score) + tail
