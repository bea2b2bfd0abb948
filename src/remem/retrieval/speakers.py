"""Speaker prior: a question that names who said something searches what that speaker said.

"What did Caroline research?" asks about Caroline's own turns. Her name, though, matches every
memory said by or mentioning her, and the other speaker's turns on the topic ("Did you research
it, Caroline?") match the words as well as the answer does. So, when exactly one speaker of the
best candidates is named in the query (a memory's ``metadata.speaker``, as a whole word in any
case; the LoCoMo import sets it, and so can any application that stores a conversation of
several people or characters):

1. the retriever searches again for the rest of the question, the name taken out
   (:func:`without_speaker`: "What did research?"); the query's text stays whole for a
   reranker;
2. that speaker's candidates among the best ``k + 10`` gain ``speaker_weight`` in the ranking
   score's units: standardised scores for hybrid search, the candidates' spread otherwise
   (:func:`prefer_speaker`).

Measured on LoCoMo (89% of its questions name one of the two speakers, `make eval`): R@10
0.6926 → 0.7523, every category up. The lift alone gave 0.7144; stripping the name gave the rest.
The cost is the second search, about 3 ms on LoCoMo, and only when a speaker is named.

A chat has two speakers with roles rather than names: a question to the assistant about its own
earlier words ("What was the third dish you suggested?", "the book you told me to read") is
about the ``assistant``'s messages, and one about the user's own ("What did I tell you about my
sister?") about the ``user``'s. When no speaker is named, :func:`addressed_role` reads that from
the question, and the candidates of that ``role`` get the same lift (no second search: "you" and
"I" are not searched for anyway).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from remem.retrieval.candidates import Candidate, lift

__all__ = ["addressed_role", "named_speaker", "prefer_speaker", "without_speaker"]


_ONCE = r"(?:\s+(?:just|already|earlier|previously|once|ever|last time|the other day))?"
#: A question about what the assistant said: "you" with a verb of saying or suggesting in the
#: past ("you suggested", "you've recommended", "did you say"), or "what was your advice".
#: "Can you recommend …" asks for something new, not what was said, and matches neither.
_TO_ASSISTANT = re.compile(
    r"\byou(?:['’]ve|['’]d|\s+have|\s+had)?" + _ONCE + r"\s+(?:said|suggested|recommended|told|"
    r"mentioned|proposed|gave|listed|wrote|advised|explained|answered|named|offered|shared|"
    r"came up with|pointed out|described|showed|taught|put together|picked|chose|sent|"
    r"walked me through)\b"
    r"|\bdid you" + _ONCE + r"\s+(?:say|suggest|recommend|tell|mention|propose|give|list|write|"
    r"advise|explain|answer|name|offer|share|come up with|point out|describe|show|teach|"
    r"put together|pick|choose|send)\b"
    r"|\b(?:was|were)\s+(?:\w+\s+)?your\s+(?:suggestions?|recommendations?|advice|answers?|"
    r"list|ideas?|tips?|picks?|explanation|reply|response)\b",
    re.IGNORECASE,
)
#: A question about what the user said: "I told you", "did I mention", "what did I say".
_TO_USER = re.compile(
    r"\b(?:I|I['’]ve|I\s+have|I\s+had|did\s+I)" + _ONCE + r"\s+(?:told you|tell you|said|say|"
    r"mentioned|mention|shared|share)\b",
    re.IGNORECASE,
)


def addressed_role(text: str) -> str | None:
    """``"assistant"`` when ``text`` asks about what the assistant said, ``"user"`` when about
    what the user said, else None (neither, or both)."""
    to_assistant, to_user = bool(_TO_ASSISTANT.search(text)), bool(_TO_USER.search(text))
    if to_assistant == to_user:
        return None
    return "assistant" if to_assistant else "user"


def _name(speaker: str) -> re.Pattern[str]:
    """The speaker's name as a whole word, in any case, with any possessive."""
    return re.compile(rf"(?<!\w){re.escape(speaker)}(?:['’]s)?(?!\w)", re.IGNORECASE)


def named_speaker(text: str, candidates: Sequence[Candidate]) -> str | None:
    """The one speaker of ``candidates`` that ``text`` names, or None (none, or several)."""
    speakers = {
        speaker
        for c in candidates
        if isinstance(speaker := c.record.metadata.get("speaker"), str) and speaker.strip()
    }
    named = [s for s in speakers if _name(s).search(text)]
    return named[0] if len(named) == 1 else None


def without_speaker(text: str, speaker: str) -> str | None:
    """``text`` with the speaker's name taken out ("What did Caroline research?" → "What did
    research?"), or None when nothing else is left to search for."""
    rest = " ".join(_name(speaker).sub(" ", text).split())
    return rest if re.search(r"\w", rest) else None


def prefer_speaker(
    candidates: list[Candidate],
    text: str | None,
    weight: float,
    *,
    standardised: bool,
    window: int,
    speaker: str | None = None,
) -> list[Candidate]:
    """``candidates`` (best first) with the named speaker's (or ``speaker``'s) among the first
    ``window`` raised by ``weight`` (× their scores' spread unless the scores are
    ``standardised``) and the head reordered; when no one speaker is named, those of the role
    the text addresses (:func:`addressed_role`); as they were when neither.
    Only the head: a lift past the window would carry the speaker's weakest matches over
    better ones (with the lift over all 100 candidates, LoCoMo's agent scoring fell from
    0.547 to 0.485)."""
    if not text or weight <= 0 or len(candidates) < 2:
        return candidates
    ranked = sorted(candidates, key=lambda c: -c.score)
    head, tail = ranked[:window], ranked[window:]
    speaker = speaker or named_speaker(text, head)
    role = addressed_role(text) if speaker is None else None
    if speaker is None and role is None:
        return candidates
    said = [
        c
        for c in head
        if (c.record.metadata.get("speaker") == speaker if speaker else c.record.role == role)
    ]
    lift(said, head, weight, "speaker", standardised=standardised)
    return sorted(head, key=lambda c: -c.score) + tail
