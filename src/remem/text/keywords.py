"""What keyword search reads: a text's terms, a query's terms, and BM25.

Every store keeps the same keyword index of its own (docs/architecture.md, "Keyword search"):
for each record with a vector, its terms (:func:`index_terms`) with their frequencies, and per
**scope** — one user and agent — how many records it holds and how long they are. BM25 weighs a
query's words by those statistics of the scopes a search may read only (:func:`idf`), so no
other tenant's writes change a tenant's scores. Terms are made here, in Python, so SQLite and
PostgreSQL index and score alike:

- words are runs of letters and digits (Unicode; with the vowel signs of Indic, Arabic, Hebrew
  and Thai scripts), lower-cased, with the accents of Latin letters removed ("Café" →
  ``cafe``), then stemmed by the Porter stemmer (:mod:`remem.text.porter`: "connected",
  "connection" → ``connect``) — what SQLite's FTS5 ``porter unicode61 remove_diacritics 2``
  made before — or, for a memory in another language with a stemmer of its own, by that
  language's Snowball stemmer before the accents go (:mod:`remem.text.languages`: the memory's
  ``language`` tag, else the language identified in its text); a query is looked up both
  ways;
- scripts written without spaces (Chinese, Japanese, Korean, Thai, ...): a run of such
  characters is one "word", and a search for two characters inside it would find nothing, so a
  text holding such runs also indexes :func:`extra_terms` — each run's overlapping character
  pairs (bigrams), and the Latin, digit or other parts glued to a run ("iPhone的价格":
  ``iphone``); a query's runs become the same pairs (:func:`query_terms`), so "饺子" finds
  "我喜欢吃饺子" and "東京" finds "東京に行きました". Bigrams are the usual choice for CJK keyword
  search without a dictionary: every two-character word is one, and a longer word is the run
  of its pairs.

This is keyword search only. Search by meaning is the embedder's: the bundled MiniLM was
trained on English, ``local:multilingual`` on about a hundred languages (docs/embedder.md).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

from remem.text.languages import language_of, primary, stemmer_for
from remem.text.porter import stem

__all__ = [
    "BM25_B",
    "BM25_K1",
    "SPACELESS",
    "STOPWORDS",
    "extra_terms",
    "idf",
    "index_terms",
    "query_terms",
    "search_terms",
]

#: BM25's term-frequency saturation and length normalisation (the usual values, FTS5's too).
BM25_K1 = 1.2
BM25_B = 0.75
#: Very common English words: they carry almost no BM25 weight but make OR queries slow, so a
#: query leaves them out (unless that leaves nothing); texts index them.
_STOPWORD_TEXT = """a an and are as at be but by did do does for from had has have he her his how i
if in into is it its me my of on or our she so that the their them then there these they this to
was we were what when where which who whom why will with you your"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

#: Runs of characters of scripts that do not separate words with spaces: Hiragana, Katakana
#: (and its half-width and phonetic extensions), CJK ideographs (with extension A, the
#: compatibility block and the supplementary planes' extensions), Hangul syllables (Korean
#: spaces phrases, not words: particles are glued on), Thai, Lao, Myanmar and Khmer.
SPACELESS = re.compile(
    "["
    "\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # kana
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"  # ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff"  # Thai, Lao, Myanmar, Khmer
    "]+"
)
#: Combining marks inside the words of scripts that write vowels and tones with them (Indic
#: scripts, Arabic, Hebrew, Thai, Lao, Myanmar, Khmer): ``\w`` leaves them out, which cut "लड़कियों"
#: into pieces. The Latin combining accents are not among them (accents are removed instead).
_MARKS = (
    "\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
    "\u0900-\u0963\u0966-\u0dff\u0e31-\u0e3a\u0e47-\u0e4e\u0eb1-\u0ebc\u0ec8-\u0ecd"
    "\u102b-\u103e\u17b4-\u17d3"
)
_WORD = re.compile(f"(?:\\w|[{_MARKS}])+")
#: A word of the index: letters and digits (``\w`` without the underscore) and those marks.
_TOKEN = re.compile(f"(?:[^\\W_]|[{_MARKS}])+")


def _unaccented() -> dict[int, str]:
    """Latin letters with accents (and ligatures, full-width forms) → their plain letters."""
    table: dict[int, str] = {}
    ranges = ((0xC0, 0x250), (0x1E00, 0x1F00), (0xFB00, 0xFB07), (0xFF01, 0xFF5F))
    for low, high in ranges:
        for point in range(low, high):
            plain = "".join(
                c for c in unicodedata.normalize("NFKD", chr(point)) if not unicodedata.combining(c)
            )
            if plain and plain != chr(point):
                table[point] = plain
    return table


_UNACCENTED = _unaccented()


def _words(text: str) -> list[str]:
    return _TOKEN.findall(text.translate(_UNACCENTED).lower())


#: Capital dotted I, lower-cased as one letter (``str.lower`` adds a combining dot).
_DOTTED = {0x130: "i"}


def _stemmed(words: list[str], language: str | None) -> list[str]:
    """``words`` as index terms of ``language``: English (and unknown) words without their
    accents, then Porter-stemmed, as always; another language's stemmed by its own stemmer
    first (it reads the accents), then without them."""
    stemmer = stemmer_for(language)
    if stemmer is stem:
        return [stem(w.translate(_UNACCENTED)) for w in words]
    return [stemmer(w).translate(_UNACCENTED) for w in words]


def _tokens(text: str) -> list[str]:
    """A text's words lower-cased, accents kept (for a stemmer that reads them)."""
    return _TOKEN.findall(text.translate(_DOTTED).lower())


def _pairs(run: str) -> list[str]:
    """A run's overlapping character pairs; a lone character stands for itself."""
    return [run] if len(run) == 1 else [run[i : i + 2] for i in range(len(run) - 1)]


def _split(word: str) -> list[str]:
    """A word (as ``\\w+`` finds it) as keyword terms: each spaceless run as its pairs, the
    rest as it is."""
    terms: list[str] = []
    at = 0
    for run in SPACELESS.finditer(word):
        if run.start() > at:
            terms.append(word[at : run.start()])
        terms += _pairs(run.group())
        at = run.end()
    if at < len(word):
        terms.append(word[at:])
    return terms


def extra_terms(text: str) -> str | None:
    """What a text indexes beside its words, as space-separated terms (repeats kept: they are
    term frequency), or None when it holds no spaceless run."""
    if SPACELESS.search(text) is None:
        return None
    terms = [
        term for word in _WORD.findall(text) if SPACELESS.search(word) for term in _split(word)
    ]
    return " ".join(terms).lower()


def query_terms(query: str) -> list[str]:
    """The distinct lower-cased terms of a keyword query: its words, each spaceless run as
    its character pairs."""
    terms = (term for word in _WORD.findall(query) for term in _split(word))
    return list(dict.fromkeys(term.lower() for term in terms))


def index_terms(text: str, language: str | None = None) -> tuple[Counter[str], int]:
    """The terms a text is indexed under, each with its frequency — its words but the
    :data:`STOPWORDS` (which a query leaves out: a third of a conversation's words, posted for
    nothing), stemmed as words of its language (``language``, the memory's tag, else the one
    :func:`~remem.text.languages.language_of` finds; English when unsure), and the character
    pairs of its spaceless runs (:func:`extra_terms`) — and its length for BM25, stopwords
    counted."""
    analysed = primary(language) or language_of(text)
    extra = extra_terms(text)
    words = _words(text) if stemmer_for(analysed) is stem else _tokens(text)
    if extra is not None:
        # A word holding a spaceless run is indexed as its parts: a query never asks for it.
        words = [w for w in words if SPACELESS.search(w) is None] + _words(extra)
    kept = [w for w in words if w.translate(_UNACCENTED) not in STOPWORDS]
    return Counter(_stemmed(kept, analysed)), len(words)


def search_terms(query: str, limit: int | None = None) -> list[str]:
    """The distinct index terms a keyword search looks up: the query's words and character
    pairs (:func:`query_terms`), stopwords left out (unless that leaves none), stemmed as
    English words and, when the query is in another language with a stemmer of its own
    (:func:`~remem.text.languages.language_of`), as words of that language too (a memory
    is indexed in its own language); the first ``limit``."""
    words = [w for term in query_terms(query) for w in _tokens(term)]
    kept = [w for w in words if w.translate(_UNACCENTED) not in STOPWORDS] or words
    terms = _stemmed(kept, None)
    language = language_of(query)
    if stemmer_for(language) is not stem:
        terms = [t for pair in zip(_stemmed(kept, language), terms, strict=True) for t in pair]
    return list(dict.fromkeys(terms))[:limit]


def idf(matching: int, records: int) -> float:
    """BM25's weight of a term held by ``matching`` of a scope's ``records``: Lucene's form,
    ``ln(1 + (N - n + 0.5) / (n + 0.5))``, positive even for a word most records hold (the
    original form falls to zero, then below, for a word in half of a small scope's records)."""
    return math.log(1.0 + (records - matching + 0.5) / (matching + 0.5))
