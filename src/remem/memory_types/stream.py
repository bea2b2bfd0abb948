"""A Generative Agents memory stream: observations, importance, retrieval, reflections.

:class:`MemoryStream` keeps an agent's experience in the store (Park et al., 2023):

- **observations** (``observe``), and **thoughts** the application adds itself (``think``: a plan,
  an item from an external feed) — first-class memories, retrieved like observations;
- **importance** 1–10 for each: the caller's number, else the paper's rating prompt when an
  ``llm`` is given, else :func:`remem.enrich.heuristic_importance`; a failed rating falls
  back to the heuristic and says so in the record's metadata, the observation is always stored;
- **retrieval** by recency · importance · relevance (:data:`remem.AGENT_RETRIEVAL`: equal weights,
  recency decaying 0.995 per hour since last access);
- **reflections**: once the summed importance of memories since the last reflection passes
  ``reflect_threshold`` (150 in the paper), :meth:`reflect` asks for the salient questions about
  the 100 most recent memories, retrieves memories for each, and stores the insights as
  ``reflection`` records that cite the memories they came from (``metadata["cites"]``, ids) with
  ``metadata["depth"]`` one more than the deepest cited memory (observations are depth 0).
  Without an LLM, reflection is extractive: the recent memories are grouped by meaning, and each
  of the weightiest groups becomes a reflection naming its most central statement and how many
  memories back it — no inference, but a record of what keeps recurring, citing its sources.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from remem import prompts
from remem.core.errors import InvalidInputError, LLMError
from remem.core.validate import TimeLike, clean_text
from remem.enrich import rated_importance
from remem.llm import LLM, as_llm, call, derived_by
from remem.retrieval.config import AGENT_RETRIEVAL, RetrievalConfig

if TYPE_CHECKING:
    from remem.core.records import MemoryRecord, SearchHit
    from remem.engine.protocol import EngineAPI

__all__ = ["MemoryStream"]

STREAM_KINDS = ("observation", "thought", "reflection")

_CITES = re.compile(r"\(\s*because of ([^)]*)\)\s*\.?\s*$", re.IGNORECASE)


class MemoryStream:
    """One agent's stream of observations, thoughts and reflections in ``memory``."""

    def __init__(
        self,
        memory: EngineAPI,
        *,
        agent_id: str | None = None,
        user_id: str | None = None,
        llm: LLM | Callable[[str], str] | None = None,
        reflect_threshold: float = 150.0,
        auto_reflect: bool = True,
        recent: int = 100,
        questions: int = 3,
        insights: int = 5,
        retrieval: RetrievalConfig = AGENT_RETRIEVAL,
    ) -> None:
        if not reflect_threshold > 0:
            raise InvalidInputError(f"reflect_threshold must be positive, got {reflect_threshold}")
        self.memory = memory
        self.agent_id = agent_id
        self.user_id = user_id
        self.llm = as_llm(llm)
        self.reflect_threshold = reflect_threshold
        self.auto_reflect = auto_reflect
        self.recent = recent
        self.questions = questions
        self.insights = insights
        self.retrieval = retrieval

    # -- writing -----------------------------------------------------------------------------------
    def observe(
        self,
        text: str,
        *,
        importance: float | None = None,
        created_at: TimeLike | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> MemoryRecord:
        """Store an observation; reflect afterwards when the threshold is passed (and
        ``auto_reflect``)."""
        return self._add(text, "observation", importance, created_at, metadata)

    def think(
        self,
        text: str,
        *,
        importance: float | None = None,
        created_at: TimeLike | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> MemoryRecord:
        """Store an internal thought (a plan, a note from an external feed) as a memory."""
        return self._add(text, "thought", importance, created_at, metadata)

    def rate(self, text: str) -> tuple[float, str]:
        """Importance 1–10 of ``text`` and where it came from (``llm`` or ``heuristic``)."""
        return rated_importance(text, self.llm, memory=self.memory, feature="stream.importance")

    # -- reading -----------------------------------------------------------------------------------
    def retrieve(
        self, query: str, *, k: int = 10, now: TimeLike | None = None, **options: Any
    ) -> list[SearchHit]:
        """Memories of the stream by recency · importance · relevance."""
        return self.memory.search(
            query,
            k=k,
            agent_id=self.agent_id,
            user_id=self.user_id,
            filters={"kind": {"$in": list(STREAM_KINDS)}},
            now=now,
            config=self.retrieval,
            **options,
        )

    def recent_memories(self, limit: int | None = None) -> list[MemoryRecord]:
        """The newest memories of the stream, oldest first."""
        newest = self.memory.list(
            agent_id=self.agent_id,
            user_id=self.user_id,
            filters={"kind": {"$in": list(STREAM_KINDS)}},
            limit=limit or self.recent,
            order="-created_at",
        )
        return newest[::-1]

    def pending_importance(self) -> float:
        """Summed importance of the memories added since the last reflection."""
        last = self.memory.list(
            agent_id=self.agent_id,
            user_id=self.user_id,
            kind="reflection",
            limit=1,
            order="-created_at",
        )
        since: dict[str, Any] = {"kind": {"$in": ["observation", "thought"]}}
        if last:
            since["created_at"] = {"$gt": last[0].created_at}
        pending = self.memory.list_all(agent_id=self.agent_id, user_id=self.user_id, filters=since)
        return sum(r.importance or 0.0 for r in pending)

    # -- reflection --------------------------------------------------------------------------------
    def reflect(self, *, now: TimeLike | None = None) -> list[MemoryRecord]:
        """Write reflections on the recent memories now; returns them (none when the stream is
        empty)."""
        recent = self.recent_memories()
        if not recent:
            return []
        if self.llm is not None:
            try:
                return self._reflect_with_llm(recent, now)
            except LLMError as exc:
                warnings.warn(f"reflection failed ({exc}); reflected extractively", stacklevel=2)
        return self._reflect_extractively(recent)

    def _reflect_with_llm(
        self, recent: list[MemoryRecord], now: TimeLike | None
    ) -> list[MemoryRecord]:
        assert self.llm is not None
        statements = "\n".join(r.text for r in recent)
        reply = call(
            self.llm,
            prompts.render("stream.questions", statements=statements, count=self.questions),
            memory=self.memory,
            feature="stream.reflection",
        )
        questions = [q for q in (_strip_bullet(line) for line in reply.splitlines()) if q]
        if not questions:
            raise LLMError("no questions in the reply")
        made: list[MemoryRecord] = []
        for question in questions[: self.questions]:
            evidence = self.retrieve(question, k=10, now=now, touch=False)
            if not evidence:
                continue
            numbered = "\n".join(f"{i}. {h.text}" for i, h in enumerate(evidence, start=1))
            answer = call(
                self.llm,
                prompts.render("stream.insights", statements=numbered, count=self.insights),
                memory=self.memory,
                feature="stream.reflection",
            )
            for line in answer.splitlines():
                insight = _strip_bullet(line)
                if not insight:
                    continue
                cited: list[MemoryRecord] = []
                found = _CITES.search(insight)
                if found:
                    insight = insight[: found.start()].strip()
                    numbers = [int(n) for n in re.findall(r"\d+", found.group(1))]
                    cited = [evidence[n - 1] for n in numbers if 1 <= n <= len(evidence)]
                if insight:
                    made.append(self._store_reflection(insight, cited or list(evidence), question))
        return made

    def _reflect_extractively(self, recent: list[MemoryRecord]) -> list[MemoryRecord]:
        vectors = np.asarray(self.memory.embedder.embed([r.text for r in recent]), np.float32)
        groups = _group(vectors, threshold=0.5)
        weight = [sum((recent[i].importance or 1.0) for i in g) for g in groups]
        made = []
        for g in sorted(range(len(groups)), key=lambda i: -weight[i])[: self.questions]:
            members = groups[g]
            if len(members) < 2:
                continue  # one memory is not a pattern
            centre = vectors[members].mean(axis=0)
            central = members[int(np.argmax(vectors[members] @ centre))]
            text = f"{recent[central].text} (a recurring theme: {len(members)} memories)"
            made.append(self._store_reflection(text, [recent[i] for i in members], None))
        return made

    def _store_reflection(self, text: str, cited: list[Any], question: str | None) -> MemoryRecord:
        depth = 1 + max(int(r.metadata.get("depth", 0)) for r in cited) if cited else 1
        importance, source = self.rate(text)
        metadata: dict[str, Any] = {
            "cites": [r.id for r in cited],
            "depth": depth,
            "importance_source": source,
        }
        if question:
            metadata["question"] = question
        by = self.llm if question else None  # no question: no LLM wrote it
        with derived_by(by, "stream.insights", sources=metadata["cites"]):
            return self.memory.add(
                text,
                kind="reflection",
                agent_id=self.agent_id,
                user_id=self.user_id,
                importance=importance,
                metadata=metadata,
                dedupe=False,
            )

    # -- internals ---------------------------------------------------------------------------------
    def _add(
        self,
        text: str,
        kind: str,
        importance: float | None,
        created_at: TimeLike | None,
        metadata: Mapping[str, Any] | None,
    ) -> MemoryRecord:
        text = clean_text(text)
        extra = dict(metadata or {})
        if importance is None:
            importance, extra["importance_source"] = self.rate(text)
        elif not 1 <= importance <= 10:
            raise InvalidInputError(f"importance is on the paper's 1-10 scale, got {importance}")
        extra.setdefault("depth", 0)
        record = self.memory.add(
            text,
            kind=kind,
            agent_id=self.agent_id,
            user_id=self.user_id,
            importance=importance,
            created_at=created_at,
            metadata=extra,
            dedupe=False,
        )
        if self.auto_reflect and self.pending_importance() >= self.reflect_threshold:
            self.reflect(now=created_at if isinstance(created_at, datetime) else None)
        return record


def _strip_bullet(line: str) -> str:
    return re.sub(r"^\s*(?:[-*•]|\d+[.)])\s*", "", line).strip()


def _group(vectors: np.ndarray, threshold: float) -> list[list[int]]:
    """Greedy grouping by meaning: each memory joins the first group whose seed it is within
    ``threshold`` cosine of, else starts a group."""
    seeds: list[int] = []
    groups: list[list[int]] = []
    for i, vector in enumerate(vectors):
        if seeds:
            scores = vectors[seeds] @ vector
            best = int(np.argmax(scores))
            if scores[best] >= threshold:
                groups[best].append(i)
                continue
        seeds.append(i)
        groups.append([i])
    return groups
