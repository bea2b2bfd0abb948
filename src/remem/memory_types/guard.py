"""The semantic cache's guard: does a new question ask what a cached one asked?

A sentence embedding barely notices the edits that change an answer: another name, number,
date or unit, a negation, the other half of an antonym pair ("Is 5 mg of melatonin safe?" /
"Is 5 g ...": cosine 0.93). :func:`compare` reads the two questions' *anchors* — numbers, units
of measure, dates and times, names — and their polarity, and says

- why they ask different things (a :class:`Verdict` with a ``conflict``);
- or whether they **agree**: they share an anchor and nothing conflicts ("Is a resting heart
  rate of 50 normal?" / "Is 50 a normal resting heart rate?"), where a cache may accept a
  lower cosine (:attr:`SemanticCache.agree_margin`);
- or neither (nothing to compare: the embedding decides alone).

Anchors are compared only between questions *worded alike* — most of the shorter one's words
(:data:`OVERLAP`) shared. There, numbers conflict when no number is shared, and units, dates or
names when each side has one the other lacks (a name the other writes in lower case, "CBCT" /
"cbct", is no difference). A paraphrase in other words often states the same fact otherwise
("35 weeks and 6 days" / "almost 36 weeks"): anchors decide nothing there. Between
*near-identical* wordings (at most four words differ, three or more shared) a negation, an
antonym pair, or a time shifted ("this month" / "next month") conflicts too.

Every rule is measured by ``remem eval cache`` on MQP (doctor-written paraphrases: the guard
must not block them; at the default threshold it refuses 2 of 3,048 lookups) and on the
near-miss set in ``tests/data/cache_near_misses.csv`` (no near miss hits at the default).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Verdict", "compare", "opposite"]

_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)?|%")


def _each(words: str) -> list[str]:
    """The words of a space-separated list (word lists below stay readable)."""
    return words.split()


def _table(groups: dict[str, str]) -> dict[str, str]:
    """Each spelling of a group (space-separated) to the group's name."""
    return {spelling: name for name, spellings in groups.items() for spelling in spellings.split()}


#: Anchors are compared when the questions share at least this share of the shorter one's
#: distinct words.
OVERLAP = 0.6

#: Units of measure and currencies, each spelling to its unit (plural "s" is stripped first).
_UNITS = _table(
    {
        "mg": "mg milligram milligramme",
        "g": "g gram gramme gr",
        "kg": "kg kilogram kilogramme kilo",
        "mcg": "mcg microgram",
        "lb": "lb pound",  # the currency shares the word: either way, not a kilogram
        "oz": "oz ounce",
        "ml": "ml milliliter millilitre",
        "cl": "cl centiliter centilitre",
        "l": "l liter litre",
        "cup": "cup",
        "tbsp": "tbsp tablespoon",
        "tsp": "tsp teaspoon",
        "gal": "gal gallon",
        "pint": "pint",
        "km": "km kilometer kilometre",
        "mi": "mi mile",
        "m": "meter metre",
        "cm": "cm centimeter centimetre",
        "mm": "mm millimeter millimetre",
        "ft": "ft feet foot",
        "in": "inch",
        "yd": "yd yard",
        "sec": "sec second",
        "min": "minute",
        "h": "hr hour",
        "day": "day",
        "week": "week",
        "month": "month",
        "year": "yr year",
        "c": "celsius centigrade",
        "f": "fahrenheit",
        "kb": "kb kilobyte",
        "mb": "mb megabyte",
        "gb": "gb gigabyte",
        "tb": "tb terabyte",
        "usd": "dollar usd buck",
        "eur": "euro eur",
        "gbp": "gbp sterling",
        "yen": "yen jpy",
        "percent": "percent %",
        "calorie": "calorie kcal",
        "mph": "mph",
        "kmh": "kmh kph",
    }
)
#: Dates and times: months, weekdays, the days around today, and holidays.
_DATES = _table(
    {
        **{m: m for m in _each("january february march april may june july august")},
        **{m: m for m in _each("september october november december")},
        **{d: d for d in _each("monday tuesday wednesday thursday friday saturday sunday")},
        "jan": "jan",
        "feb": "feb",
        "today": "today tonight",
        "tomorrow": "tomorrow",
        "yesterday": "yesterday",
        "christmas": "christmas xmas",
        "easter": "easter",
        "weekday": "weekday",
        "weekend": "weekend",
    }
)
#: Month names that are also common words ("May I ...", "a march"): dates only when written
#: with a capital inside a sentence.
_AMBIGUOUS = frozenset({"may", "march"})
#: Capitalised words that are no names ("... Thursday maybe and It just keeps hurting").
_COMMON = frozenset(
    _each(
        "a an and are as at be but by can could did do does for from had has have he her his how "
        "i if in into is it its me my no not of ok okay on or our she so that the their them "
        "then there these they this to was we were what when where which who why will with "
        "would you your yes hi hello please thanks"
    )
)
#: Abbreviations whose full stop does not end a sentence ("Dr. Patel": a name follows).
_ABBREVIATIONS = frozenset({"dr", "mr", "mrs", "ms", "prof", "st", "mt"})
#: Words that place a time noun: "this week", "next month", "last weekend", "the weekend".
_SHIFTERS = {"this": "this", "next": "next", "coming": "next", "last": "last", "past": "last"}
_SHIFTERS["previous"] = "last"
_TIME_NOUNS = frozenset(
    {"week", "month", "year", "weekend", "night", "morning", "evening", "quarter", "season"}
)
#: Negations (and any word ending in "n't": can't, won't, doesn't, ...).
_NEGATIONS = frozenset(_each("not no never none nobody nothing neither nor without cannot"))
_ANTONYMS = tuple(
    frozenset(pair.split("/"))
    for pair in _each(
        "before/after more/less increase/decrease increases/decreases increasing/decreasing "
        "higher/lower high/low safe/unsafe safe/dangerous safe/toxic safe/harmful best/worst "
        "start/stop first/last max/min maximum/minimum above/below over/under early/late "
        "earlier/later cheap/expensive add/remove allow/forbid allowed/forbidden "
        "allowed/prohibited allowed/banned true/false hot/cold warm/cold buy/sell win/lose "
        "open/close open/closed enable/disable pros/cons good/bad on/off in/out up/down "
        "gain/lose gaining/losing gained/lost with/without right/wrong left/right import/export "
        "inside/outside male/female men/women boy/girl positive/negative pass/fail same/different "
        "light/heavy light/dark fast/slow legal/illegal possible/impossible healthy/unhealthy "
        "arrive/depart arrival/departure push/pull wet/dry full/empty"
    )
)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`compare` found: why the questions differ (``conflict``: ``numbers``,
    ``units``, ``dates``, ``names``, ``negation``, ``antonyms``), or whether they share an
    anchor with nothing in conflict (``agree``)."""

    conflict: str | None = None
    agree: bool = False


@dataclass(frozen=True, slots=True)
class _Reading:
    words: tuple[str, ...]  # lower-cased, in order
    numbers: frozenset[str]
    units: frozenset[str]
    dates: frozenset[str]
    placed: dict[str, str]  # time noun -> the shifter before it ("" for none)
    names: frozenset[str]


def _stem(word: str) -> str:
    """A unit's, date's or time noun's singular ("inches", "Sundays"); any other word as it
    is (so "celsius" stays itself)."""
    for stem in (
        word,
        word[:-1] if word.endswith("s") else "",
        word[:-2] if word.endswith("es") else "",
    ):
        if stem in _UNITS or stem in _DATES or stem in _TIME_NOUNS:
            return stem
    return word


def _number(word: str) -> str:
    return word.replace(",", "") if re.fullmatch(r"\d{1,3}(,\d{3})+", word) else word


@lru_cache(maxsize=4096)  # a cache's questions are compared again and again
def _read(text: str) -> _Reading:
    """What the guard reads of a question (never changed once made: shared by the cache)."""
    tokens = [(m.group(), m.start()) for m in _WORD.finditer(text)]
    words = tuple(t.lower() for t, _ in tokens)
    stems = [_stem(w) for w in words]
    names, dates = set(), set()
    for i, ((token, start), stem) in enumerate(zip(tokens, stems, strict=True)):
        before = text[:start].rstrip()
        inside = bool(before) and (
            before[-1] not in ".?!:" or (i > 0 and words[i - 1] in _ABBREVIATIONS)
        )
        capital = token[0].isupper() and inside
        if stem in _DATES and (stem not in _AMBIGUOUS or capital):
            dates.add(_DATES[stem])
        elif capital and stem not in _UNITS and stem not in _ABBREVIATIONS | _COMMON:
            names.add(stem.split("'")[0])
    placed = {}
    for i, stem in enumerate(stems):
        if stem in _TIME_NOUNS:
            previous = stems[i - 1] if i else ""
            placed[stem] = _SHIFTERS.get(previous, "")
    return _Reading(
        words=words,
        numbers=frozenset(_number(w) for w in words if w[0].isdigit()),
        units=frozenset(_UNITS[s] for s in stems if s in _UNITS),
        dates=frozenset(dates),
        placed=placed,
        names=frozenset(names),
    )


def _both_sides(a: frozenset[str], b: frozenset[str]) -> bool:
    """Each side holds one the other lacks."""
    return bool(a - b) and bool(b - a)


def compare(asked: str, cached: str) -> Verdict:
    """Whether ``asked`` asks what ``cached`` asked, as far as its anchors and polarity tell."""
    a, b = _read(asked), _read(cached)
    set_a, set_b = set(a.words), set(b.words)
    shared_words = set_a & set_b
    # Anchors are compared between questions worded alike (most words of the shorter one
    # shared): there another name, number, unit or date is the difference. A paraphrase in
    # other words often states the same fact otherwise ("35 weeks and 6 days" / "almost 36
    # weeks"), so anchors there decide nothing (measured on MQP's doctor-written pairs).
    if len(shared_words) >= OVERLAP * min(len(set_a), len(set_b)):
        if a.numbers and b.numbers and not a.numbers & b.numbers:
            return Verdict("numbers")
        if _both_sides(a.units, b.units):
            return Verdict("units")
        if _both_sides(a.dates, b.dates):
            return Verdict("dates")
        # A name counts as a difference only when the other question does not mention it at
        # all (not even in lower case: "CBCT" / "cbct").
        names_a, names_b = a.names - set_b, b.names - set_a
        if names_a and names_b and not a.names & b.names:
            return Verdict("names")
    only_a, only_b = set_a - set_b, set_b - set_a
    if len(only_a) + len(only_b) <= 4 and len(shared_words) >= 3:  # near-identical wording
        differ = only_a | only_b
        if differ & _NEGATIONS or any(word.endswith("n't") for word in differ):
            return Verdict("negation")
        if _both_sides(a.numbers, b.numbers):
            return Verdict("numbers")
        if _both_sides(a.names, b.names):
            return Verdict("names")
        if any(b.placed[noun] != at for noun, at in a.placed.items() if noun in b.placed):
            return Verdict("dates")  # "this month" / "next month", "the weekend" / "last weekend"
        for pair in _ANTONYMS:
            if pair & only_a and pair & only_b and pair <= differ:
                return Verdict("antonyms")
    shared = (
        (a.numbers & b.numbers) | (a.units & b.units) | (a.dates & b.dates) | (a.names & b.names)
    )
    return Verdict(agree=bool(shared))


def opposite(asked: str, cached: str) -> str | None:
    """Why ``asked`` asks something other than ``cached`` (:func:`compare`'s conflict), or
    None."""
    return compare(asked, cached).conflict
