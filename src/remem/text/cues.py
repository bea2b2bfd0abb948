"""Write-time cues: cheap marks on a chat message that say what it may be needed for later.

A preference stated in passing ("…the hotel was huge and noisy, I only sleep well in small quiet
places") is what a later request for a recommendation needs ("Can you recommend a hotel for my
trip?"), yet the two share few words and little meaning for a small embedder. A rule-based
reader marks such user messages with the cue ``"preference"`` as they are stored
(:class:`~remem.memory_types.chat.ChatMemory` puts :func:`message_cues` in
``metadata["cues"]``; any application may set the same list itself), and the retriever brings
the closest of them into the candidates of a request for a recommendation
(:func:`asks_for_recommendation`, :mod:`remem.retrieval.preferences`). No LLM, and no model: a
few regular expressions, about 4 µs a message (linear in its length: 40 ms for 100,000
characters built to make them backtrack).

The patterns were written from common ways English speakers state likes, dislikes, diets,
allergies, fears, habits and constraints; measured coverage and the share of other messages
marked are in benchmarks/RESULTS.md (issue 20).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["PREFERENCE", "asks_for_recommendation", "message_cues", "states_preference"]

#: The cue of a message that states a preference, dislike or constraint of its author.
PREFERENCE = "preference"

_ADVERB = (
    r"(?:\s+(?:really|just|absolutely|totally|honestly|seriously|only|much|usually|always|"
    r"never|basically|genuinely|truly|definitely|kind of|kinda|sort of|still|also|even|so|"
    r"mostly|generally|strongly|actually|pretty much))*"
)
_I = r"\b(?:i|i['’]m|i['’]ve|i['’]d|we|we['’]re|we['’]d)"
#: "I (really) love / hate / prefer / avoid …", "I'd rather …", "I can't stand …".
_LIKES = re.compile(
    _I + _ADVERB + r"\s+(?:like|love|enjoy|prefer|adore|hate|dislike|detest|despise|avoid|"
    r"rather|can['’]?t stand|cannot stand|can['’]?t handle|can['’]?t eat|can['’]?t drink|"
    r"can['’]?t do|don['’]?t eat|don['’]?t drink|don['’]?t like|don['’]?t do|don['’]?t care for|"
    r"won['’]?t eat|never eat|never drink|stick to|stay away from|go for|always book|"
    r"always get|always pick|always choose|always order|only eat|only drink|only ever|"
    r"only listen|only read|only watch|only dance|only wear|only use|refuse)\b",
    re.IGNORECASE,
)
#: "I'm allergic to …", "I'm vegetarian", "I'm terrified of …", "I'm not a fan of …".
_STATES = re.compile(
    r"\b(?:i['’]m|i am|we['’]re|we are)" + _ADVERB + r"\s+(?:not\s+)?(?:a\s+)?(?:big\s+|huge\s+)?"
    r"(?:allergic|intolerant|lactose|gluten|vegetarian|vegan|pescatarian|teetotal|sober|"
    r"afraid|terrified|scared|phobic|fan|into|obsessed|picky|sensitive|not much of|"
    r"a morning person|a night owl|an early riser)\b",
    re.IGNORECASE,
)
#: "my favourite …", "… is my least favourite", "allergic to", "… drives me nuts".
_PHRASES = re.compile(
    r"\b(?:my (?:least )?favou?rites?|least favou?rite|allergic to|intolerant to|"
    r"(?:drives?|drove) me (?:nuts|crazy|mad|up the wall)|makes? me (?:sick|nauseous|queasy)|"
    r"gives? me (?:a headache|the creeps)|"
    r"not my thing|not for me|my go-to|i['’]m more of a|i['’]m not big on|i never|i always|i only|"
    r"(?:haven['’]?t|have not|never) (?:eaten|had|touched|drunk)|can['’]?t handle|"
    r"don['’]?t get along|(?:wrecks?|kills?|ruins?) me|"
    r"gives? me (?:awful |terrible |bad |horrible )?(?:heartburn|headaches?|migraines?|hives))\b",
    re.IGNORECASE,
)
#: A request for something to be chosen or planned for the user: what their stated
#: preferences bear on.
_REQUEST = re.compile(
    r"\b(?:recommend\w*|suggest\w*|ideas?|tips?|advice|options)\b"
    r"|\b(?:what|where|which|who|how)\b[^.?!]{0,40}\bshould\s+(?:i|we)\b"
    r"|\bhelp\s+me\s+(?:pick|choose|find|plan|decide|select|book)\b"
    r"|(?:^|\b(?:can|could|would|will)\s+you\s+|\bplease\s+)(?:plan|organi[sz]e|put together|"
    r"make|give|find|pick|choose|write)\s+(?:me|us|for me|for us|a|an|some|my|our)\b",
    re.IGNORECASE,
)
#: Who the request is for: the user ("I", "me", "my", "we") or the assistant asked ("you").
_FOR_ME = re.compile(
    r"\b(?:i|me|my|we|us|our|you)\b|^\s*(?:plan|give|find|make|pick|any|some)\b", re.IGNORECASE
)


def states_preference(text: str) -> bool:
    """Whether ``text`` (a message of its author's) states a like, dislike, diet, allergy,
    fear, habit or constraint of theirs."""
    return bool(_LIKES.search(text) or _STATES.search(text) or _PHRASES.search(text))


def message_cues(message: Mapping[str, Any]) -> list[str]:
    """The cues of a chat message (``role`` and text ``content``): ``["preference"]`` for a
    user's message that states one, else none."""
    content = message.get("content")
    if message.get("role") != "user" or not isinstance(content, str):
        return []
    return [PREFERENCE] if states_preference(content) else []


def asks_for_recommendation(text: str) -> bool:
    """Whether ``text`` asks for something to be recommended, suggested, chosen or planned
    ("Can you recommend a hotel?", "What should I order?", "Plan a weekend for me")."""
    return bool(_REQUEST.search(text) and _FOR_ME.search(text))
