"""The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), for keyword
search: "connected", "connecting" and "connection" all index as ``connect``.

Written from the published algorithm, with the two changes Porter's own reference
implementation makes (step 2 turns ``-bli`` into ``-ble`` and ``-logi`` into ``-log``), which
SQLite's FTS5 ``porter`` tokenizer makes too: remem's keyword index stems as FTS5 did before it
kept its own (``tests/test_keywords.py`` compares the two on real text). As there, a word is
stemmed when it is lower-case ASCII (digits count as consonants: "1990s" stems to ``1990``);
anything else is left as it is by :func:`stem`.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["stem"]

_VOWELS = frozenset("aeiou")

_STEP2 = (
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("logi", "log"),
)
_STEP3 = (
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
)
_STEP4 = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou",
    "ism", "ate", "iti", "ous", "ive", "ize",
)  # fmt: skip


def _by_length(rules: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Rules longest suffix first: of the suffixes a word ends with, the longest decides."""
    return tuple(sorted(rules, key=lambda rule: -len(rule[0])))


_STEP2_BY_LENGTH = _by_length(_STEP2)
_STEP3_BY_LENGTH = _by_length(_STEP3)
_STEP4_BY_LENGTH = tuple(sorted(_STEP4, key=len, reverse=True))


def _consonant(word: str, i: int) -> bool:
    """Whether ``word[i]`` is a consonant: not a vowel, and a ``y`` only after a vowel."""
    letter = word[i]
    if letter in _VOWELS:
        return False
    if letter == "y":
        return i == 0 or not _consonant(word, i - 1)
    return True


def _measure(stem: str) -> int:
    """Porter's *m*: the number of vowel-consonant sequences in ``[C](VC)^m[V]``."""
    m, i, n = 0, 0, len(stem)
    while i < n and _consonant(stem, i):
        i += 1
    while i < n:
        while i < n and not _consonant(stem, i):
            i += 1
        if i >= n:
            break
        m += 1
        while i < n and _consonant(stem, i):
            i += 1
    return m


def _has_vowel(stem: str) -> bool:
    return any(not _consonant(stem, i) for i in range(len(stem)))


def _double_consonant(word: str) -> bool:
    return len(word) >= 2 and word[-1] == word[-2] and _consonant(word, len(word) - 1)


def _cvc(word: str) -> bool:
    """Whether ``word`` ends consonant-vowel-consonant, the last not w, x or y (*o)."""
    n = len(word)
    return (
        n >= 3
        and _consonant(word, n - 3)
        and not _consonant(word, n - 2)
        and _consonant(word, n - 1)
        and word[-1] not in "wxy"
    )


def _step1(word: str) -> str:
    if word.endswith("sses") or word.endswith("ies"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    cut = None
    if word.endswith("eed") and len(word) > 3:  # as FTS5: "eed" itself ends in "ed"
        if _measure(word[:-3]) > 0:
            word = word[:-1]
    elif word.endswith("ed") and _has_vowel(word[:-2]):
        cut = word[:-2]
    elif word.endswith("ing") and _has_vowel(word[:-3]):
        cut = word[:-3]
    if cut is not None:
        word = cut
        if word.endswith(("at", "bl", "iz")):
            word += "e"
        elif _double_consonant(word) and word[-1] not in "lsz":
            word = word[:-1]
        elif _measure(word) == 1 and _cvc(word):
            word += "e"
    if word.endswith("y") and _has_vowel(word[:-1]):
        word = word[:-1] + "i"
    return word


def _replace(word: str, rules: tuple[tuple[str, str], ...], least: int) -> str:
    """The first (longest) rule whose suffix ``word`` ends with, applied when the stem before
    it has a measure above ``least``; no other rule is tried."""
    for suffix, replacement in rules:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            return stem + replacement if _measure(stem) > least else word
    return word


def _step4(word: str) -> str:
    for suffix in _STEP4_BY_LENGTH:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            if _measure(stem) > 1 and (suffix != "ion" or stem.endswith(("s", "t"))):
                return stem
            return word
    return word


def _step5(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _cvc(stem)):
            word = stem
    if word.endswith("ll") and _measure(word) > 1:
        word = word[:-1]
    return word


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The Porter stem of a lower-case ASCII word; words of fewer than 3 characters, and words
    holding other characters, are returned as they are."""
    if len(word) < 3 or not word.isascii() or word.lower() != word or word.isdigit():
        return word  # (every suffix a step strips ends in a letter: a number keeps its digits)
    word = _step1(word)
    word = _replace(word, _STEP2_BY_LENGTH, 0)
    word = _replace(word, _STEP3_BY_LENGTH, 0)
    word = _step4(word)
    return _step5(word)
