"""Which language a text is in, and how keyword search analyses its words.

Keyword search stems words so that "running" finds "run". English words go through the Porter
stemmer (:mod:`remem.text.porter`), as always. A text in another language that a stemmer
exists for is stemmed by that language's Snowball stemmer (``PyStemmer``, BSD): Spanish
"canciones" → ``cancion``, Russian "собаками" → ``собак``, Turkish "evlerden" → ``ev``. The
language is the memory's own ``language`` tag when the caller set one, else the one
:func:`language_of` identifies:

- by script where the script says it (Hangul: Korean; kana: Japanese; Han alone: Chinese; Thai;
  Arabic, Devanagari and Cyrillic letters narrow the choice to their languages);
- else by ``py3langid`` (BSD, its model inside the package, about 40 µs a short text) among
  the languages a stemmer exists for, kept only when it is confident
  (:data:`CONFIDENCE`); an unsure text keeps the English analysis it had before.

Scripts written without spaces are analysed as before, by character pairs
(:mod:`remem.text.keywords`), whatever the language. Arabic is normalised before stemming
(diacritics and tatweel dropped, alef forms, alef maqsura and teh marbuta made one) so that
spellings that vary in chat meet.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from remem.text.porter import stem as porter

__all__ = ["CONFIDENCE", "STEMMED", "language_of", "normalise_arabic", "primary", "stemmer_for"]

#: Languages with a stemmer of their own (Snowball, ``PyStemmer``): ISO 639-1 code → algorithm.
STEMMED = {
    "ar": "arabic",
    "ca": "catalan",
    "cs": "czech",
    "da": "danish",
    "de": "german",
    "el": "greek",
    "es": "spanish",
    "eu": "basque",
    "fa": "persian",
    "fi": "finnish",
    "fr": "french",
    "ga": "irish",
    "hi": "hindi",
    "hu": "hungarian",
    "hy": "armenian",
    "id": "indonesian",
    "it": "italian",
    "lt": "lithuanian",
    "ne": "nepali",
    "nl": "dutch",
    "no": "norwegian",
    "pl": "polish",
    "pt": "portuguese",
    "ro": "romanian",
    "ru": "russian",
    "sr": "serbian",
    "sv": "swedish",
    "ta": "tamil",
    "tr": "turkish",
}
#: Languages told apart beside those, analysed as English is (Porter; a script without spaces
#: by character pairs): each is told apart so that a text in one is not mistaken for a
#: language with a stemmer.
UNSTEMMED = ("en", "vi", "zh", "ja", "ko", "th", "uk", "bg", "he", "ur", "mr", "bn", "ms", "tl")
#: The share of py3langid's (normalised) probability a language needs before a text is
#: analysed as written in it; below it the text keeps the English analysis.
CONFIDENCE = 0.9
#: The characters of a text its language is told by.
SAMPLE = 600

_HANGUL = re.compile("[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff]")
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_THAI = re.compile("[\u0e00-\u0e7f]")
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f]")
_DEVANAGARI = re.compile("[\u0900-\u097f]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")
#: Any letter of those scripts (a text in Latin letters alone skips the script checks).
_OTHER_SCRIPT = re.compile(
    "[\u0400-\u04ff\u0600-\u06ff\u0750-\u077f\u0900-\u097f\u0e00-\u0e7f"
    "\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff]"
)
_LETTER = re.compile(r"[^\W\d_]")
_WORDS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
#: English words that other languages written in Latin letters rarely use: a text of three
#: words or more, a fifth of them these (or six of 30 words or more: scientific prose uses
#: fewer), is English without asking the identifier (it costs about 135 µs a chat turn and
#: 500 µs an abstract; this, 15 and 50). On LoCoMo's turns it answers for 95%, on SciFact's
#: abstracts for nearly all; on the tuning part of remem's multilingual set it takes no turn of
#: another language for English.
_ENGLISH_TEXT = """the and is are was were you that this with have what of it my for your not but
we they he she do did how when like really thanks yeah great good been will would can about there
their our it's i'm that's"""
_ENGLISH = frozenset(_ENGLISH_TEXT.split())

#: Scripts shared by several languages, and those languages (the first when unsure).
_SCRIPTS = (_ARABIC, _DEVANAGARI, _CYRILLIC)
_SCRIPT_LANGUAGES_BY_SCRIPT = (("ar", "fa", "ur"), ("hi", "ne", "mr"), ("ru", "uk", "bg", "sr"))
_SCRIPT_LANGUAGES = frozenset(code for codes in _SCRIPT_LANGUAGES_BY_SCRIPT for code in codes)


def primary(tag: str | None) -> str | None:
    """A language tag's primary subtag, lower-cased ("pt-BR" → ``pt``); None for none."""
    if not tag:
        return None
    return tag.replace("_", "-").split("-", 1)[0].lower() or None


def language_of(text: str, confidence: float = CONFIDENCE) -> str | None:
    """The language :mod:`remem.text.keywords` analyses ``text`` as (an ISO 639-1 code), or
    None when it cannot tell with ``confidence`` (the English analysis then). A long text is
    judged by its opening :data:`SAMPLE` characters."""
    text = text[:SAMPLE]
    if _LETTER.search(text) is None:
        return None
    if _OTHER_SCRIPT.search(text) is not None:
        found = _by_script(text)
        if found is not None:
            return found
    words = [w.lower() for w in _WORDS.findall(text)]
    english = sum(w in _ENGLISH for w in words)
    if (len(words) >= 3 and english >= 0.2 * len(words)) or (len(words) >= 30 and english >= 6):
        return "en"
    return _identified(text, None, floor=confidence)


def _by_script(text: str) -> str | None:
    """The language a text's script tells (half its letters or more), or None."""
    letters = len(_LETTER.findall(text))
    if _HANGUL.search(text):
        return "ko"
    if _KANA.search(text):
        return "ja"
    if len(_HAN.findall(text)) * 2 >= letters:
        return "zh"
    if len(_THAI.findall(text)) * 2 >= letters:
        return "th"
    for script, among in zip(_SCRIPTS, _SCRIPT_LANGUAGES_BY_SCRIPT, strict=True):
        if len(script.findall(text)) * 2 >= letters:
            return _identified(text, among, floor=0.0) or among[0]
    return None


def _identified(text: str, among: tuple[str, ...] | None, floor: float) -> str | None:
    """py3langid's language for ``text`` among ``among`` (None: every language remem tells
    apart), when its probability among those reaches ``floor``."""
    identifier, lock = _identifier()
    with lock:  # the identifier keeps state between its steps
        ranked = identifier.rank(text)
    if among is not None:
        ranked = [(language, p) for language, p in ranked if language in among]
    total = sum(p for _, p in ranked)
    if not ranked or total <= 0:
        return None
    language, probability = ranked[0]
    return str(language) if probability / total >= floor else None


@lru_cache(maxsize=1)
def _identifier() -> tuple[Any, threading.Lock]:
    """py3langid's identifier (its model read once: about a second and 28 MB) over the
    languages remem tells apart."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(sorted({*STEMMED, *UNSTEMMED, *_SCRIPT_LANGUAGES}))
    return identifier, threading.Lock()


_ARABIC_MARKS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_ARABIC_LETTERS = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه"})


def normalise_arabic(word: str) -> str:
    """An Arabic word without diacritics or tatweel, its alef forms, alef maqsura and teh
    marbuta each made one letter, and a conjunction glued to an article ("وال") dropped."""
    word = _ARABIC_MARKS.sub("", word).translate(_ARABIC_LETTERS)
    return word[1:] if len(word) > 4 and word.startswith(("وال", "فال")) else word


@lru_cache(maxsize=64)
def stemmer_for(language: str | None) -> Callable[[str], str]:
    """How a word of ``language`` is stemmed for the keyword index: that language's Snowball
    stemmer when there is one; else Porter, as before (English, an unsure text, and languages
    whose Latin-letter words — "iPhone的价格" — are English ones when they have any)."""
    algorithm = STEMMED.get(language or "en")
    if algorithm is None:
        return porter
    import Stemmer

    snowball = Stemmer.Stemmer(algorithm)
    lock = threading.Lock()

    def stem(word: str) -> str:
        with lock:  # a PyStemmer object is not safe across threads
            return str(snowball.stemWord(word))

    if language == "ar":
        return lambda word: stem(normalise_arabic(word))
    return stem
