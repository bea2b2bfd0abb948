"""Keyword search in scripts written without spaces: Chinese, Japanese, Korean, Thai, ...

Both stores' keyword indexes cut text into words at spaces and punctuation (SQLite FTS5's
``unicode61``, PostgreSQL's text parser), so a run of Chinese or Japanese characters is one
"word", and a search for two characters inside it finds nothing. A text holding such runs
therefore also indexes :func:`extra_terms` — each run's overlapping character pairs (bigrams),
and the Latin, digit or other parts glued to a run ("iPhone的价格": ``iphone``) — which the store
keeps beside the text; and a query's runs become the same pairs (:func:`query_terms`), so "饺子"
finds "我喜欢吃饺子" and "東京" finds "東京に行きました". Bigrams are the usual choice for CJK
keyword search without a dictionary: every two-character word is one, and a longer word is the
run of its pairs. A text with no such run keeps nothing extra, so English keyword search (its
words, their statistics, BM25) is unchanged.

This is keyword search only. Search by meaning is the embedder's: the bundled MiniLM was
trained on English (docs/embedder.md names multilingual models).
"""

from __future__ import annotations

import re

__all__ = ["SPACELESS", "extra_terms", "query_terms"]

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
_WORD = re.compile(r"\w+")


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
