"""Facts extracted from conversations, kept current without destroying history.

``facts = remem.FactMemory(mem, llm=..., user_id="ann")``; ``facts.add(messages)``:

1. **the turns are stored first** (kind ``message``), so nothing is lost whatever happens next;
2. **junk is filtered** before extraction: greetings and acknowledgements ("hi", "thanks",
   "ok"), and assistant turns that only echo their instructions or promise to remember
   (:func:`is_junk`);
3. **candidate facts** are extracted — by the LLM (a JSON list of self-contained statements), or
   without one by :func:`heuristic_facts` (the user's first-person statements: "I ...", "My ...");
4. each candidate is compared with the related **currently valid** facts (search in the scope)
   and the LLM decides ``ADD`` / ``UPDATE <id>`` / ``DELETE <id>`` / ``NOOP`` (without an LLM: a
   near-duplicate — cosine ≥ 0.95 — is NOOP, anything else ADD);
5. nothing is destroyed: an updated or contradicted fact is **closed** — kind ``fact.superseded``,
   ``metadata.valid_to`` set, ``metadata.superseded_by`` naming its successor (none for a
   DELETE) — and kept for audit; its successor names it in ``metadata.supersedes``;
6. **a fact supersedes another only with equal or higher trust** (:mod:`remem.trust`, for the
   scope's user): a candidate drawn from turns the user does not trust (a tool's output, a
   document, another user's words) that would update or delete a trusted fact leaves it
   current and is stored beside it as a **contested** fact (``metadata.contests`` naming it,
   action ``CONTEST``) — ``context()`` shows both, the contested one as untrusted evidence.

Every fact lists the turns it came from in ``metadata.sources``. :meth:`FactMemory.search`
returns current facts; ``history=True`` adds the closed ones; :meth:`FactMemory.history` walks a
fact's versions. When the LLM fails, the turns stay stored with ``metadata.facts = "pending"``
and :meth:`FactMemory.retry_pending` extracts them later.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from remem import prompts
from remem.core.errors import InvalidInputError, LLMError, LLMReplyError
from remem.core.records import MemoryRecord
from remem.core.timeutil import now
from remem.enrich import rate_importance
from remem.llm.base import LLM, as_llm, call, derived_by
from remem.trust import assess, lineage, trusted_by
from remem.trust.audit import acting

if TYPE_CHECKING:
    from remem.core.records import SearchHit
    from remem.engine.protocol import EngineAPI

__all__ = ["FactChange", "FactMemory", "heuristic_facts", "is_junk"]

CURRENT, CLOSED = "fact", "fact.superseded"

_JUNK = re.compile(
    r"^\s*(hi|hello|hey|thanks?|thank you|ok(ay)?|sure|yes|no|bye|good (morning|night)|"
    r"great|cool|nice|got it|sounds good|you'?re welcome|np|lol)[\s!.,?]*$",
    re.IGNORECASE,
)
_ECHO = re.compile(
    r"\b(as an ai|i am an ai|i'?m an assistant|my instructions|i(?: will|'ll) remember|"
    r"i have (noted|saved)|noted\.?$|i can help you with)\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"^\s*(i|i'm|i've|i'd|my|we|our)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")

Action = Literal["ADD", "UPDATE", "DELETE", "NOOP", "CONTEST"]


@dataclass(frozen=True, slots=True)
class FactChange:
    """What one candidate fact did: the action, the fact stored (ADD / UPDATE / CONTEST), the
    fact closed (UPDATE / DELETE); a CONTEST closes nothing."""

    action: Action
    text: str
    fact: MemoryRecord | None = None
    closed: MemoryRecord | None = None


def is_junk(message: Mapping[str, Any]) -> bool:
    """A turn not worth extracting from: a greeting or acknowledgement, or an assistant turn
    echoing its instructions or promising to remember."""
    text = str(message.get("content") or "")
    if not text.strip() or _JUNK.match(text):
        return True
    return message.get("role") == "assistant" and bool(_ECHO.search(text))


def heuristic_facts(messages: Sequence[Mapping[str, Any]]) -> list[str]:
    """Without an LLM: the user's first-person sentences, as they were said."""
    found = []
    for message in messages:
        if message.get("role") != "user":
            continue
        for sentence in _SENTENCE.split(str(message.get("content") or "")):
            statement = not sentence.rstrip().endswith("?")
            if statement and _FIRST_PERSON.match(sentence) and len(sentence.split()) >= 3:
                found.append(sentence.strip())
    return found


class FactMemory:
    """A scope's facts in ``memory``, extracted and kept current by ``llm`` (or heuristics)."""

    def __init__(
        self,
        memory: EngineAPI,
        *,
        llm: LLM | Callable[[str], str] | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        related: int = 5,
        duplicate: float = 0.95,
        rate_importance: bool = False,
    ) -> None:
        self.memory = memory
        self.llm = as_llm(llm)
        self.user_id = user_id
        self.agent_id = agent_id
        self.session_id = session_id
        self.related = related
        self.duplicate = duplicate
        #: Rate each new fact's importance 1-10 (the LLM's, or the heuristic without one).
        self.rate_importance = rate_importance

    # -- writing -----------------------------------------------------------------------------------
    def add(self, messages: Iterable[Mapping[str, Any] | MemoryRecord | str]) -> list[FactChange]:
        """Store the turns, then extract and reconcile their facts. A string is a user turn;
        a stored record is used as it is."""
        records = self._store_turns(list(messages))
        return self._extract(records)

    def retry_pending(self) -> list[FactChange]:
        """Extract the turns whose extraction failed earlier."""
        pending = self.memory.list(
            user_id=self.user_id,
            agent_id=self.agent_id,
            kind="message",
            filters={"facts": "pending"},
            limit=10_000,
        )
        return self._extract(pending) if pending else []

    # -- reading -----------------------------------------------------------------------------------
    def search(self, query: str, *, k: int = 10, history: bool = False) -> list[SearchHit]:
        """Facts about ``query``: current ones, or with ``history`` the closed ones too."""
        kinds = [CURRENT, CLOSED] if history else [CURRENT]
        return self.memory.search(
            query,
            k=k,
            user_id=self.user_id,
            agent_id=self.agent_id,
            filters={"kind": {"$in": kinds}},
        )

    def current(self) -> list[MemoryRecord]:
        """Every current fact of the scope, oldest first."""
        return self.memory.list(
            user_id=self.user_id, agent_id=self.agent_id, kind=CURRENT, limit=100_000
        )

    def history(self, fact_id: str) -> list[MemoryRecord]:
        """The versions of a fact, oldest first: what it superseded, back to the first, then
        it, then what superseded it, up to the current one."""
        chain = [self.memory.get(fact_id)]
        while chain[0].metadata.get("supersedes"):
            chain.insert(0, self.memory.get(chain[0].metadata["supersedes"]))
        while chain[-1].metadata.get("superseded_by"):
            chain.append(self.memory.get(chain[-1].metadata["superseded_by"]))
        return chain

    # -- internals ---------------------------------------------------------------------------------
    def _store_turns(self, messages: list[Any]) -> list[MemoryRecord]:
        fresh: list[dict[str, Any]] = []
        places: list[int] = []
        out: list[MemoryRecord | None] = []
        for i, message in enumerate(messages):
            if isinstance(message, MemoryRecord):
                out.append(message)
                continue
            if isinstance(message, str):
                message = {"role": "user", "content": message}
            if not isinstance(message, Mapping) or not isinstance(message.get("content"), str):
                raise InvalidInputError(f"message {i}: a dict with 'role' and text 'content'")
            places.append(len(out))
            out.append(None)
            fresh.append(
                {
                    "text": message["content"],
                    "role": message.get("role", "user"),
                    "kind": "message",
                    "user_id": self.user_id,
                    "agent_id": self.agent_id,
                    "session_id": self.session_id,
                }
            )
        for place, record in zip(places, self.memory.add_many(fresh, progress=False), strict=True):
            out[place] = record
        return [r for r in out if r is not None]

    def _extract(self, records: list[MemoryRecord]) -> list[FactChange]:
        turns = [(r, {"role": r.role or "user", "content": r.text}) for r in records]
        useful = [(r, m) for r, m in turns if not is_junk(m)]
        if not useful:
            return []
        sources = [r.id for r, _ in useful]
        trusted = trusted_by(*lineage([r for r, _ in useful], len(useful)), self._reader())
        try:
            candidates = self._candidates([m for _, m in useful])
            changes = [self._reconcile(fact, sources, trusted) for fact in candidates]
        except LLMError as exc:
            warnings.warn(f"fact extraction failed ({exc}); turns kept as pending", stacklevel=3)
            for record, _ in useful:
                self.memory.update(record.id, metadata={**record.metadata, "facts": "pending"})
            return []
        for record, _ in useful:
            if record.metadata.get("facts") == "pending":
                metadata = {k: v for k, v in record.metadata.items() if k != "facts"}
                self.memory.update(record.id, metadata=metadata)
        return changes

    def _candidates(self, messages: list[dict[str, Any]]) -> list[str]:
        if self.llm is None:
            return heuristic_facts(messages)
        conversation = "\n".join(f"{m['role']}: {m['content']}" for m in messages)
        reply = call(
            self.llm,
            prompts.render("facts.extract", conversation=conversation),
            memory=self.memory,
            feature="facts.extract",
        )
        facts = _json(reply)
        if not isinstance(facts, list) or not all(isinstance(f, str) for f in facts):
            raise LLMReplyError(f"expected a JSON list of strings, got {reply[:120]!r}")
        return [f.strip() for f in facts if f.strip()]

    def _reader(self) -> str | None:
        """Whose trust these facts are judged by: the user the memory acts for, else the
        scope's user."""
        principal = self.memory.principal
        return principal if principal is not None else self.user_id

    def _reconcile(self, fact: str, sources: list[str], trusted: bool) -> FactChange:
        """Add, update, delete or skip ``fact`` against the related current facts; a fact
        from untrusted turns (``trusted`` False) never closes a trusted one: it contests it."""
        related = self.memory.search(
            fact,
            k=self.related,
            user_id=self.user_id,
            agent_id=self.agent_id,
            filters={"kind": CURRENT},
            touch=False,
        )
        action, target = self._decide(fact, related)
        by_id = {h.id: h for h in related}
        if action in ("UPDATE", "DELETE") and target not in by_id:
            action = "ADD" if action == "UPDATE" else "NOOP"  # an id it was not shown: ignore
        if action == "NOOP":
            return FactChange("NOOP", fact)
        contested = None
        if action in ("UPDATE", "DELETE") and not trusted:
            assert target is not None
            if assess(by_id[target], self._reader()).trusted:
                action, contested = "CONTEST", target  # less trusted than what it would close
        if action == "DELETE":
            assert target is not None
            return FactChange("DELETE", fact, closed=self._close(by_id[target], None))
        importance = None
        if self.rate_importance:
            importance = rate_importance(fact, llm=self.llm, memory=self.memory)
        with derived_by(self.llm, "facts.extract", sources=sources):
            stored = self.memory.add(
                fact,
                kind=CURRENT,
                user_id=self.user_id,
                agent_id=self.agent_id,
                importance=importance,
                metadata={
                    "sources": sources,
                    "valid_from": now(),
                    **({"supersedes": target} if action == "UPDATE" else {}),
                    **({"contests": contested} if contested else {}),
                },
                dedupe=False,
            )
        if action == "UPDATE":
            assert target is not None
            return FactChange("UPDATE", fact, stored, self._close(by_id[target], stored.id))
        return FactChange("CONTEST" if contested else "ADD", fact, stored)

    def _decide(self, fact: str, related: Sequence[SearchHit]) -> tuple[Action, str | None]:
        if self.llm is None or not related:
            if related:
                vectors = self.memory.store.vectors([related[0].id])
                mine = self.memory.embed([fact], progress=False)[0]
                best = vectors.get(related[0].id)
                if best is not None and float(np.dot(best, mine)) >= self.duplicate:
                    return "NOOP", None
            return "ADD", None
        stored = "\n".join(f"- id {h.id}: {h.text}" for h in related)
        reply = call(
            self.llm,
            prompts.render("facts.update", stored=stored, fact=fact),
            memory=self.memory,
            feature="facts.update",
        )
        decision = _json(reply)
        if not isinstance(decision, dict) or decision.get("action") not in (
            "ADD",
            "UPDATE",
            "DELETE",
            "NOOP",
        ):
            raise LLMReplyError(f"expected {{'action': ..., 'id': ...}}, got {reply[:120]!r}")
        target = decision.get("id")
        return decision["action"], str(target) if target else None

    def _close(self, fact: MemoryRecord, successor: str | None) -> MemoryRecord:
        metadata = {**fact.metadata, "valid_to": now(), "superseded_by": successor}
        with acting(doing="supersede"):  # the audit log's action for a fact's old version
            return self.memory.update(fact.id, kind=CLOSED, metadata=metadata)


def _json(reply: str) -> Any:
    """The JSON in a reply, tolerating a code fence or words around it."""
    text = reply.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fenced:
        text = fenced.group(1).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    starts = [i for i in (text.find("["), text.find("{")) if i != -1]
    if starts:
        start = min(starts)
        end = text.rfind("]" if text[start] == "[" else "}")
        if end > start:
            try:
                return json.loads(text[start : end + 1])
            except json.JSONDecodeError:
                pass
    raise LLMReplyError(f"the reply is not JSON: {reply[:120]!r}")
