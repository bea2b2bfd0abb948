"""Which of many case-insensitive patterns could match a text, from one pass over it.

Python's regular-expression engine tries each alternative of a pattern at every position of
a text, so a rule written as a hundred alternatives costs a hundred searches. Most patterns
cannot match without some literal string — ``\\b(?:ignore|disregard)\\b ...`` needs "ignore" or
"disregard" — and :func:`needs` reads such sets from the pattern with the standard library's
own parser. A :class:`Gate` over many patterns' sets finds, in one pass of a trie compiled as a
single pattern, the strings a text holds, and so the patterns worth running on it.

The gate only ever widens: a pattern whose needs are unknown always runs, and a text whose
found string does not lower-case to a known one (a character such as İ, ı, ſ or the Kelvin
sign, which the engine's case-insensitive match equates with a letter but ``str.lower`` does
not) runs every pattern. Running the candidates gives the same answer as running all. ASCII
text — and any text whose lower-casing keeps its length and holds no letter the engine
equates with a string's letter beyond lower-casing (ſ with s, ς with σ: ``re``'s own table) —
is lower-cased and met case-sensitively, exactly as soundly, by an Aho–Corasick automaton
(``ahocorasick-rs``, in Rust): every occurrence of every string in one pass, several times faster
than the trie, and since it finds every string, not the longest at each position, it can only
widen.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from typing import Any

import ahocorasick_rs

__all__ = ["Gate", "needs"]

#: More strings than this in one set are not worth spelling out (and a cross product of
#: alternatives can grow fast): the part is read as needing nothing.
_MOST = 64
#: A set with a string shorter than this says too little (``an``, ``ai`` are in most texts):
#: left out, it only widens the gate.
_SHORTEST = 3

try:  # the parser behind ``re`` (private: if it moves, every pattern simply always runs)
    _parser: Any = importlib.import_module("re._parser")
    _c: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - Python's own layout since 3.11
    _parser = _c = None
try:  # the letters ``re`` equates case-insensitively beyond lower-casing (ſ with s, ς with σ)
    _EXTRA_CASES: dict[int, tuple[int, ...]] | None = importlib.import_module(
        "re._casefix"
    )._EXTRA_CASES
except (ImportError, AttributeError):  # pragma: no cover - then only ASCII text is fast
    _EXTRA_CASES = None


#: Letters a case-insensitive match equates with an ASCII one: İ and ı with i, ſ with s, the
#: Kelvin sign with k. Only they can meet ASCII text while not being ASCII.
_ASCII_KIN = frozenset("\u0130\u0131\u017f\u212a")


def _odd(string: str) -> bool:
    return bool(set(string) & _ASCII_KIN) or len(string.lower()) != len(string)


def needs(pattern: str, flags: int = re.IGNORECASE) -> tuple[frozenset[str], ...] | None:
    """Sets of strings, one of each of which occurs (as the pattern matches, case aside) in
    any text the pattern matches; None when no set is known. Sets that say too little are left
    out (:func:`_telling`)."""
    if _parser is None:
        return None
    try:
        sets = _sets(list(_parser.parse(pattern, flags)))
    except Exception:  # an unreadable pattern just always runs
        return None
    return tuple(frozenset(found) for found in sets if _telling(found)) or None


def _telling(strings: set[str]) -> bool:
    """Whether a set says enough about a text to be worth meeting: each string at least
    :data:`_SHORTEST` long, or each holding a sign that is neither a letter, a digit nor a
    space (a ``:`` after a speaker's name is in few chat turns; ``ai`` is in most)."""
    return min(map(len, strings)) >= _SHORTEST or all(
        any(not (char.isalnum() or char.isspace()) for char in string) for string in strings
    )


def _chars(op: Any, av: Any) -> set[str] | None:
    """The characters one item matches, if it is a literal or a small class of them."""
    if op is _c.LITERAL:
        return {chr(av)}
    if op is not _c.IN:
        return None
    out: set[str] = set()
    for kind, value in av:
        if kind is _c.LITERAL:
            out.add(chr(value))
        elif kind is _c.RANGE and value[1] - value[0] < 4:
            out |= {chr(code) for code in range(value[0], value[1] + 1)}
        else:
            return None
    return out if len(out) <= 4 else None


def _literal(items: Sequence[Any]) -> set[str] | None:
    """Every string ``items`` can match, when it is literals, small classes, alternatives
    and optional parts of them only; else None."""
    out = {""}
    for op, av in items:
        chars = _chars(op, av)
        if chars is not None:
            tails: set[str] | None = chars
        elif op is _c.AT:
            continue
        elif op is _c.SUBPATTERN:
            tails = _literal(av[-1])
        elif op is _c.BRANCH:
            alternatives = [_literal(alternative) for alternative in av[1]]
            tails = None if None in alternatives else set().union(*alternatives)  # type: ignore[arg-type]
        elif op is _c.MAX_REPEAT and av[0] == 0 and av[1] == 1:
            inner = _literal(av[2])
            tails = None if inner is None else inner | {""}
        else:
            return None
        if tails is None:
            return None
        out = {head + tail for head in out for tail in tails}
        if len(out) > _MOST:
            return None
    return out


def _sets(items: Sequence[Any]) -> list[set[str]]:
    """Sets of strings each of which ``items`` needs one of."""
    found: list[set[str]] = []
    run = {""}

    def close() -> None:
        nonlocal run
        if "" not in run:  # a run that may match nothing needs nothing
            found.append(run)
        run = {""}

    for op, av in items:
        tails = _chars(op, av)
        if tails is None and op is _c.AT:
            continue  # zero width: the literal run goes on
        if tails is None and op in (_c.SUBPATTERN, _c.BRANCH, _c.MAX_REPEAT):
            tails = _literal([(op, av)])
        if tails is not None:
            if len(run) * len(tails) <= _MOST:
                run = {head + tail for head in run for tail in tails}
            else:  # too many ways to spell the run: it ends, and this item starts the next
                close()
                run = set(tails)
            continue
        close()
        if op is _c.SUBPATTERN:
            part = _best(av[-1])
        elif op is _c.BRANCH:
            alternatives = [_best(alternative) for alternative in av[1]]
            part = set().union(*alternatives) if all(alternatives) else None  # type: ignore[arg-type]
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT) and av[0] >= 1:
            part = _best(av[2])
        else:
            part = None
        if part and "" not in part:
            found.append(part)
    close()
    return found


def _best(items: Sequence[Any]) -> set[str] | None:
    """The most telling of ``items``' needed sets: longest shortest string, then fewest."""
    sets = _sets(items)
    if not sets:
        return None
    return max(sets, key=lambda found: (min(map(len, found)), -len(found)))


def _trie(strings: Iterable[str]) -> str:
    """A pattern matching any of ``strings``, as a trie: at each position the engine follows
    one branch per character instead of trying every string, and it takes the longest."""
    root: dict[str, Any] = {}
    for string in strings:
        node = root
        for char in string:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" not in node:
            return body
        return ("(?:" + body + ")" if len(branches) == 1 and len(body) > 1 else body) + "?"

    return emit(root)


class Gate:
    """Which of ``needed``'s patterns (by position) could match a text: those with a string of
    each of their sets in it."""

    def __init__(self, needed: Sequence[tuple[frozenset[str], ...] | None]) -> None:
        # A set holding a letter the engine equates with another (İ ı ſ K) could be met through
        # its twin, which the trie would not follow: it says nothing, and is left out.
        needed = [
            tuple(strings for strings in sets if not any(map(_odd, strings))) or None
            if sets is not None
            else None
            for sets in needed
        ]
        self.always = frozenset(at for at, sets in enumerate(needed) if sets is None)
        # Each (pattern, set) is a bit; a pattern is looked at only when a string of its most
        # telling set (its key) is found, then kept if every one of its bits is met.
        self.need: dict[int, int] = {}
        bits: dict[str, int] = {}
        keyed: dict[str, set[int]] = {}
        bit = 1
        for at, sets in enumerate(needed):
            if sets is None:
                continue
            key = max(sets, key=lambda found: (min(map(len, found)), -len(found)))
            self.need[at] = 0
            for strings in sets:
                self.need[at] |= bit
                for string in strings:
                    bits[string.lower()] = bits.get(string.lower(), 0) | bit
                    if strings is key:
                        keyed.setdefault(string.lower(), set()).add(at)
                bit <<= 1
        # A found string also stands for the strings it starts with (they matched there too).
        self.opens: dict[str, tuple[int, frozenset[int]]] = {}
        for string in bits:
            prefixes = [string[:end] for end in range(1, len(string) + 1)]
            mask = 0
            for prefix in prefixes:
                mask |= bits.get(prefix, 0)
            self.opens[string] = (
                mask,
                frozenset(at for prefix in prefixes for at in keyed.get(prefix, ())),
            )
        self.trie = re.compile(f"(?=({_trie(self.opens)}))", re.IGNORECASE) if bits else None
        # A text whose lower-casing keeps its length and holds none of the letters ``re``
        # equates with a letter of a string beyond lower-casing (its twins: ı with i, ſ with s,
        # ς with σ ...) meets, lower-cased, exactly the strings a case-insensitive match meets
        # in it: they are found case-sensitively, by an automaton. Any other text takes the
        # trie (ASCII text always has the automaton, its strings' twins are not ASCII).
        self.automaton: Any = None
        self.keys: list[str] = []
        self.twins: frozenset[str] | None = None
        # The same, by a string's place in ``keys`` (what the automaton reports): the bits it
        # meets, and the patterns it keys.
        self._key_bits: list[int] = []
        self._key_looks: list[tuple[int, ...]] = []
        self._place: dict[str, int] = {}
        if bits:
            self.keys = list(self.opens)
            self._place = {string: at for at, string in enumerate(self.keys)}
            self.automaton = ahocorasick_rs.AhoCorasick(self.keys)
            for string in self.keys:
                mask, keyed_here = self.opens[string]
                self._key_bits.append(mask)
                self._key_looks.append(tuple(sorted(keyed_here)))
            if _EXTRA_CASES is not None:
                self.twins = frozenset(
                    chr(twin)
                    for key in self.opens
                    for char in key
                    for twin in _EXTRA_CASES.get(ord(char), ())
                )

    def candidates(self, text: str) -> frozenset[int] | None:
        """The patterns that could match ``text``; None: any of them (run all)."""
        if self.trie is None:
            return None
        lowered = text.lower()
        if text.isascii() or (
            self.twins is not None and len(lowered) == len(text) and self.twins.isdisjoint(lowered)
        ):
            return self._met(
                {at for at, _, _ in self.automaton.find_matches_as_indexes(lowered, True)}
            )
        return self.meeting(set(self.trie.findall(text)))

    def _met(self, found: Iterable[int]) -> frozenset[int]:
        """The patterns a text holding the strings at these places in ``keys`` could match."""
        met = 0
        looked: list[int] = []
        key_bits, key_looks = self._key_bits, self._key_looks
        for at in found:
            met |= key_bits[at]
            looked += key_looks[at]
        need = self.need
        runs = {at for at in looked if met & need[at] == need[at]}
        return self.always.union(runs) if runs else self.always

    def meeting(self, found: Iterable[str]) -> frozenset[int] | None:
        """The patterns a text holding the strings ``found`` (as met in it) could match; None
        when one of them does not lower-case to a known string (run all)."""
        places = []
        for string in found:
            lowered = string.lower()
            at = self._place.get(lowered)
            if at is None or len(lowered) != len(string):
                return None
            places.append(at)
        return self._met(places)
