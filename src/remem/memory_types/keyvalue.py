"""Facts keyed by name: book titles, people, places, with their values.

:class:`KeyValueMemory` stores each key once per scope (kind ``kv``; setting a key again replaces
its value) and answers the question a prompt builder asks: *which keys does this prompt
mention?* — :meth:`KeyValueMemory.mentioned` finds them

- **exactly**: the key's words appear in the prompt (case and spacing ignored);
- **with a typo**: a run of the prompt's words is within ``fuzzy`` (rapidfuzz ``ratio``, 0–100)
  of the key — keys of at least ``min_fuzzy_chars`` characters only, so "Tom" never matches "to";
- **in other words**: the prompt (and each of its sentences) is close in meaning to the key with
  its value — cosine ≥ ``semantic`` on the store's embedder (0.4 by default: with the bundled
  model, a question about a key's subject scores 0.43–0.63 against it, an unrelated one under
  0.2) —

and returns each key at most once, however many ways it matched. :meth:`KeyValueMemory.context`
formats them for a prompt.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from rapidfuzz import fuzz

from remem.core.errors import InvalidInputError, NotFoundError
from remem.core.validate import clean_text

if TYPE_CHECKING:
    from remem.core.records import MemoryRecord
    from remem.engine.protocol import EngineAPI

__all__ = ["KeyMatch", "KeyValueMemory"]

_WORD = re.compile(r"\w+", re.UNICODE)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


@dataclass(frozen=True, slots=True)
class KeyMatch:
    key: str
    value: Any
    how: Literal["exact", "fuzzy", "semantic"]
    #: 1.0 for exact; rapidfuzz ratio / 100 for fuzzy; cosine for semantic.
    score: float


def normalize_key(key: str) -> str:
    return " ".join(_WORD.findall(key.casefold()))


class KeyValueMemory:
    """Key → value facts in ``memory``, scoped by user and agent."""

    def __init__(
        self,
        memory: EngineAPI,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        kind: str = "kv",
        fuzzy: float = 85.0,
        semantic: float = 0.4,
        min_fuzzy_chars: int = 5,
    ) -> None:
        if not 0 < fuzzy <= 100:
            raise InvalidInputError(f"fuzzy is a rapidfuzz ratio in (0, 100], got {fuzzy}")
        if not -1 <= semantic <= 1:
            raise InvalidInputError(f"semantic is a cosine in [-1, 1], got {semantic}")
        self.memory = memory
        self.user_id = user_id
        self.agent_id = agent_id
        self.kind = kind
        self.fuzzy = fuzzy
        self.semantic = semantic
        self.min_fuzzy_chars = min_fuzzy_chars

    # -- a mapping ---------------------------------------------------------------------------------
    def set(self, key: str, value: Any) -> MemoryRecord:
        """Store ``value`` (text or anything JSON-serialisable) under ``key``, replacing the
        key's old value (matched ignoring case and punctuation)."""
        shown = clean_text(key, "key: ")
        norm = normalize_key(shown)
        if not norm:
            raise InvalidInputError(f"key {key!r} has no letters or digits")
        text = f"{shown}: {value}" if isinstance(value, str | int | float) else shown
        metadata = {"key": shown, "kv_key": norm, "value": value}
        old = self._record(norm)
        if old is not None:
            return self.memory.update(old.id, text=text, metadata=metadata)
        return self.memory.add(
            text,
            kind=self.kind,
            user_id=self.user_id,
            agent_id=self.agent_id,
            metadata=metadata,
            dedupe=False,
        )

    def get(self, key: str, default: Any = None) -> Any:
        """The value stored under ``key`` (exact, ignoring case and punctuation), or
        ``default``. :meth:`find` also tries typos and other words."""
        record = self._record(normalize_key(key))
        return default if record is None else record.metadata.get("value")

    def __getitem__(self, key: str) -> Any:
        record = self._record(normalize_key(key))
        if record is None:
            raise NotFoundError(f"no key {key!r}")
        return record.metadata.get("value")

    def __setitem__(self, key: str, value: Any) -> None:
        self.set(key, value)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._record(normalize_key(key)) is not None

    def delete(self, key: str) -> bool:
        """Remove ``key``; False when it was not there."""
        record = self._record(normalize_key(key))
        return record is not None and self.memory.delete(record.id) == 1

    def items(self) -> dict[str, Any]:
        """Every key with its value."""
        return {r.metadata["key"]: r.metadata.get("value") for r in self._all()}

    def __iter__(self) -> Iterator[str]:
        return iter(self.items())

    def __len__(self) -> int:
        return len(self._all())

    # -- lookup by mention -------------------------------------------------------------------------
    def find(self, key: str) -> KeyMatch | None:
        """The stored key ``key`` names: exactly, else with a typo, else in other words."""
        found = self.mentioned(key)
        return found[0] if found else None

    def mentioned(self, prompt: str) -> list[KeyMatch]:
        """Keys the prompt mentions, each once, exact matches first, then fuzzy, then by
        meaning (best score first within each)."""
        text = clean_text(prompt, "prompt: ")
        records = self._all()
        if not records:
            return []
        words = normalize_key(text).split()
        padded = f" {' '.join(words)} "
        found: dict[str, KeyMatch] = {}
        for record in records:
            norm = record.metadata["kv_key"]
            if f" {norm} " in padded:
                found[norm] = self._match(record, "exact", 1.0)
        for record in records:
            norm = record.metadata["kv_key"]
            if norm in found or len(norm) < self.min_fuzzy_chars:
                continue
            score = _best_window_ratio(norm, words)
            if score >= self.fuzzy:
                found[norm] = self._match(record, "fuzzy", score / 100)
        for norm, score in self._by_meaning(text).items():
            if norm not in found and score >= self.semantic:
                record = next(r for r in records if r.metadata["kv_key"] == norm)
                found[norm] = self._match(record, "semantic", score)
        rank = {"exact": 0, "fuzzy": 1, "semantic": 2}
        return sorted(found.values(), key=lambda m: (rank[m.how], -m.score))

    def context(self, prompt: str) -> str:
        """The mentioned keys as ``key: value`` lines, for a prompt (empty when none)."""
        return "\n".join(f"{m.key}: {m.value}" for m in self.mentioned(prompt))

    # -- internals ---------------------------------------------------------------------------------
    def _by_meaning(self, text: str) -> dict[str, float]:
        """Best cosine of each key (with its value) to the prompt or one of its sentences."""
        sentences = [s for s in _SENTENCES.split(text) if s.strip() and s != text]
        longest = self.memory.limits.max_query_chars  # a long prompt: its opening sentences
        pieces = [piece[:longest] for piece in [text, *sentences[:8]]]
        best: dict[str, float] = {}
        for piece in pieces:
            hits = self.memory.search(
                piece,
                k=10,
                mode="dense",
                user_id=self.user_id,
                agent_id=self.agent_id,
                filters={"kind": self.kind},
                touch=False,
            )
            for hit in hits:
                norm = hit.metadata.get("kv_key")
                score = float(hit.scores.get("dense", hit.score))
                if norm is not None and score > best.get(norm, -1.0):
                    best[norm] = score
        return best

    def _match(self, record: MemoryRecord, how: Any, score: float) -> KeyMatch:
        return KeyMatch(record.metadata["key"], record.metadata.get("value"), how, score)

    def _record(self, norm: str) -> MemoryRecord | None:
        found = self.memory.list(
            user_id=self.user_id,
            agent_id=self.agent_id,
            kind=self.kind,
            filters={"kv_key": norm},
            limit=1,
        )
        return found[0] if found else None

    def _all(self) -> list[MemoryRecord]:
        return self.memory.list_all(user_id=self.user_id, agent_id=self.agent_id, kind=self.kind)


def _best_window_ratio(key: str, words: list[str]) -> float:
    """The best rapidfuzz ratio between ``key`` and a run of the prompt's words as long as the
    key (± one word)."""
    size = len(key.split())
    best = 0.0
    for width in {max(1, size - 1), size, size + 1}:
        for start in range(0, max(1, len(words) - width + 1)):
            window = " ".join(words[start : start + width])
            best = max(best, fuzz.ratio(key, window))
    return best
