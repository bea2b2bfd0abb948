"""Chat history that never overflows the model's context.

A :class:`ChatMemory` keeps one conversation's messages (OpenAI-style dicts: ``role``,
``content``, ``tool_calls``, ``tool_call_id``, ``name``) in the store, every one of them, and
:meth:`ChatMemory.messages_for` returns the messages to send for a token budget:

- the system prompt first, always;
- then the newest messages that fit, newest first, never splitting an assistant's tool calls
  from their results and never dropping the newest user message (a budget too small for the
  system prompt and that message is an error, not a silent truncation);
- what no longer fits is *evicted* according to ``strategy``:

  ``"fifo"``       dropped from the request (still stored, still searchable);
  ``"summarize"``  folded into a running summary sent after the system prompt — written by the
                   ``llm`` when one is given, else extractive: the evicted sentences most
                   central to what was evicted, in their order, up to ``summary_tokens``;
  ``"spill"``      left in long-term memory, and the evicted messages most relevant to the
                   newest user message come back (hybrid search within the session, or the
                   user's whole history with ``spill_scope="user"``), within ``spill_share`` of
                   the budget.

A user's message that states a preference ("I'm allergic to shellfish", "I only like small quiet
hotels") is stored with ``metadata["cues"] == ["preference"]`` (:mod:`remem.text.cues`, rules, no
LLM), so a later request for a recommendation finds it (:mod:`remem.retrieval.preferences`).

Tokens are counted with the target model's tokenizer (``model=``, offline via quicktok) or any
``count_tokens`` function.
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
from remem.core.errors import InvalidInputError, LLMError
from remem.core.numbers import whole
from remem.enrich import rewrite_query
from remem.llm import LLM, as_llm, call, derived_by
from remem.text.cues import message_cues
from remem.text.tokens import (
    DEFAULT_MODEL,
    REPLY_PRIMING,
    TokenCounter,
    count_message,
    message_text,
    token_counter,
    trim_to_tokens,
)

if TYPE_CHECKING:
    from remem.core.records import MemoryRecord
    from remem.engine.protocol import EngineAPI

__all__ = ["ChatMemory", "Strategy"]
#: The conversation's own turns: a memory of kind "message" added to the same session by other
#: means (``Memory.add``) is not one of them.
CHAT_TURNS = {"chat_seq": {"$exists": True}}

Strategy = Literal["fifo", "summarize", "spill"]
STRATEGIES: tuple[str, ...] = ("fifo", "summarize", "spill")
ROLES = ("system", "developer", "user", "assistant", "tool")
_KEYS = {"role", "content", "tool_calls", "tool_call_id", "name"}
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
#: At most this share of a budget goes to the running summary; the rest to recent messages.
SUMMARY_SHARE = 0.4


@dataclass(frozen=True, slots=True, eq=False)
class _Unit:
    """Messages that go together: one message, or an assistant's tool calls with their results."""

    first: int  # sequence number of its first message
    messages: tuple[dict[str, Any], ...]
    cost: int
    has_newest_user: bool


class ChatMemory:
    """One conversation's history, persisted in ``memory`` under ``session_id``."""

    def __init__(
        self,
        memory: EngineAPI,
        *,
        session_id: str,
        user_id: str | None = None,
        agent_id: str | None = None,
        system: str | None = None,
        strategy: Strategy = "fifo",
        model: str = DEFAULT_MODEL,
        count_tokens: TokenCounter | None = None,
        llm: LLM | Callable[[str], str] | None = None,
        summary_tokens: int = 256,
        spill_k: int = 5,
        spill_share: float = 0.25,
        spill_scope: Literal["session", "user"] = "session",
        rewrite_query: bool = False,
    ) -> None:
        if strategy not in STRATEGIES:
            raise InvalidInputError(f"unknown strategy {strategy!r}: use one of {STRATEGIES}")
        if not isinstance(session_id, str) or not session_id.strip():
            raise InvalidInputError("session_id must be a non-empty string")
        whole(summary_tokens, "summary_tokens", low=16)
        if not 0.0 < spill_share < 1.0:
            raise InvalidInputError(f"spill_share must be between 0 and 1, got {spill_share}")
        if spill_scope not in ("session", "user"):
            raise InvalidInputError("spill_scope must be 'session' or 'user'")
        if spill_scope == "user" and user_id is None:
            raise InvalidInputError("spill_scope='user' needs a user_id")
        self.memory = memory
        self.session_id = session_id
        self.user_id = user_id
        self.agent_id = agent_id
        self.system = system
        self.strategy = strategy
        self.count = count_tokens or token_counter(model)
        self.llm = as_llm(llm)
        self.summary_tokens = summary_tokens
        self.spill_k = spill_k
        self.spill_share = spill_share
        self.spill_scope = spill_scope
        #: With an ``llm``: make the spill query self-contained from the recent messages
        #: ("and her sister?" → "Where does Maya's sister live?") before searching.
        self.rewrite_query = rewrite_query
        #: What the last :meth:`messages_for` evicted and recalled (sequence numbers).
        self.last_evicted: list[int] = []
        self.last_recalled: list[int] = []

    # -- writing -----------------------------------------------------------------------------------
    def add(self, message: Mapping[str, Any]) -> MemoryRecord:
        """Store one message after checking it (see :meth:`add_many`)."""
        return self.add_many([message])[0]

    def add_many(self, messages: Iterable[Mapping[str, Any]]) -> list[MemoryRecord]:
        """Store messages in order, all or none. Each must have a known ``role`` and text
        ``content`` (an assistant message may have ``tool_calls`` instead); a ``tool`` message
        must answer a call made earlier in this conversation (``tool_call_id``)."""
        batch = [dict(m) if isinstance(m, Mapping) else m for m in messages]
        # The newest stored messages are enough: the next sequence number, and the tool calls
        # still waiting for results (a call's results follow it).
        newest = self.memory.list(
            session_id=self.session_id,
            kind="message",
            filters={**CHAT_TURNS, **self._owner},
            limit=64,
            order="-created_at",
        )
        recent = sorted(newest, key=lambda r: int(r.metadata.get("chat_seq", 0)))
        open_calls = _open_calls([dict(r.metadata["message"]) for r in recent])
        seq = int(recent[-1].metadata.get("chat_seq", -1)) + 1 if recent else 0
        items = []
        for i, message in enumerate(batch):
            checked = _check_message(message, i, open_calls)
            metadata: dict[str, Any] = {"chat_seq": seq + i, "message": checked}
            if cues := message_cues(checked):
                metadata["cues"] = cues  # what a later request may need it for (remem.text.cues)
            items.append(
                {
                    "text": _searchable_text(checked),
                    "kind": "message",
                    "role": checked["role"],
                    "user_id": self.user_id,
                    "agent_id": self.agent_id,
                    "session_id": self.session_id,
                    "metadata": metadata,
                }
            )
        return self.memory.add_many(items, progress=False)

    def clear(self) -> int:
        """Delete this conversation's messages and summary; returns how many records went."""
        records = self._records("message") + self._records("summary")
        return self.memory.delete([r.id for r in records])

    # -- reading -----------------------------------------------------------------------------------
    @property
    def messages(self) -> list[dict[str, Any]]:
        """Every stored message of the conversation, oldest first."""
        return [dict(r.metadata["message"]) for r in self._records("message")]

    @property
    def summary(self) -> str | None:
        """The running summary of evicted messages (``strategy="summarize"``), if any."""
        found = self._records("summary")
        return found[-1].text if found else None

    def messages_for(self, budget_tokens: int, *, query: str | None = None) -> list[dict[str, Any]]:
        """The messages to send within ``budget_tokens`` (whole request, reply priming
        included). ``query`` chooses what ``spill`` recalls (default: the newest user message)."""
        whole(budget_tokens, "budget_tokens")
        stored = self.messages
        system, history = self._pinned(stored)
        units = _units(history, self.count)
        fixed = REPLY_PRIMING + (count_message(system, self.count) if system else 0)
        mandatory = next((u for u in reversed(units) if u.has_newest_user), None)
        need = fixed + (mandatory.cost if mandatory else 0)
        if need > budget_tokens:
            what = "the system prompt" + (" and the newest user message" if mandatory else "")
            raise InvalidInputError(
                f"budget_tokens={budget_tokens} is smaller than {what} ({need} tokens)"
            )
        kept = _window(units, budget_tokens - fixed, mandatory)
        extra: list[dict[str, Any]] = []
        evicted = _outside(units, kept)
        if evicted and self.strategy != "fifo":
            # Reserve room for the summary or the recalled messages, then fit the window again.
            free = budget_tokens - fixed
            reserve = (
                min(self.summary_tokens + 16, int(SUMMARY_SHARE * free))
                if self.strategy == "summarize"
                else int(self.spill_share * free)
            )
            room = budget_tokens - fixed - reserve
            kept = _window(units, max(room, mandatory.cost if mandatory else 0), mandatory)
            evicted = _outside(units, kept)
            left = budget_tokens - fixed - sum(u.cost for u in kept)
            if self.strategy == "summarize":
                extra = self._summary_message(evicted, left)
            else:
                wanted = query or _newest_user_text(history)
                if self.rewrite_query and self.llm is not None and wanted:
                    recent = [m for u in kept for m in u.messages]
                    wanted = self._rewritten(wanted, recent)
                extra = self._recalled(evicted, left, wanted)
        self.last_evicted = [u.first + i for u in evicted for i in range(len(u.messages))]
        head = [system] if system else []
        return head + extra + [m for u in kept for m in u.messages]

    # -- strategies --------------------------------------------------------------------------------
    def _summary_message(self, evicted: list[_Unit], room: int) -> list[dict[str, Any]]:
        """The running summary, brought up to date with every evicted message."""
        through = max(u.first + len(u.messages) for u in evicted)
        records = self._records("summary")
        previous = records[-1] if records else None
        covered = int(previous.metadata.get("through", 0)) if previous else 0
        summary = previous.text if previous else ""
        if through > covered:
            fresh = [m for u in evicted for i, m in enumerate(u.messages) if u.first + i >= covered]
            summary = self._summarize(summary, fresh)
            item = {
                "text": summary,
                "kind": "summary",
                "user_id": self.user_id,
                "agent_id": self.agent_id,
                "session_id": self.session_id,
                "metadata": {"through": through},
            }
            turns = self._records("message")[covered:through]
            sources = [r.id for r in ([previous] if previous is not None else []) + turns]
            with derived_by(self.llm, "chat.summary", sources=sources):
                self.memory.add_many([item], progress=False)
            if previous is not None:
                self.memory.delete(previous.id)
        message = {"role": "system", "content": f"Summary of the earlier conversation:\n{summary}"}
        while count_message(message, self.count) > room and summary:
            summary = trim_to_tokens(summary, self.count, room - 16)
            message["content"] = f"Summary of the earlier conversation:\n{summary}"
        return [message] if summary and count_message(message, self.count) <= room else []

    def _summarize(self, summary: str, messages: Sequence[Mapping[str, Any]]) -> str:
        lines = [f"{m['role']}: {message_text(m)}" for m in messages if message_text(m)]
        if self.llm is not None:
            prompt = prompts.render(
                "chat.summary",
                words=int(self.summary_tokens * 0.7),
                summary=summary or "(none)",
                messages="\n".join(lines),
            )
            reply = call(self.llm, prompt, memory=self.memory, feature="chat.summary")
            return trim_to_tokens(reply.strip(), self.count, self.summary_tokens)
        return self._extract(summary, lines)

    def _extract(self, summary: str, lines: Sequence[str]) -> str:
        """Extractive summary: the sentences (old summary's and new lines') closest to their
        centroid by meaning, kept in order, up to ``summary_tokens``."""
        sentences = [s for s in _SENTENCE.split(summary) if s.strip()]
        for line in lines:
            role, _, text = line.partition(": ")
            sentences += [f"{role}: {s}" for s in _SENTENCE.split(text) if s.strip()]
        if not sentences:
            return summary
        vectors = np.asarray(self.memory.embedder.embed(sentences), dtype=np.float32)
        centre = vectors.mean(axis=0)
        order = np.argsort(-(vectors @ centre), kind="stable")
        chosen: list[int] = []
        used = 0
        for i in order.tolist():
            cost = self.count(sentences[i]) + 1
            if used + cost > self.summary_tokens:
                continue
            chosen.append(i)
            used += cost
        return " ".join(sentences[i] for i in sorted(chosen))

    def _rewritten(self, question: str, recent: list[dict[str, Any]]) -> str:
        context = [m for m in recent if message_text(m) != question][-8:]
        try:
            return rewrite_query(question, context, llm=self.llm, memory=self.memory)
        except LLMError as exc:
            warnings.warn(f"query rewriting failed ({exc}); searched as asked", stacklevel=4)
            return question

    def _recalled(self, evicted: list[_Unit], room: int, query: str) -> list[dict[str, Any]]:
        """Evicted messages relevant to ``query``, best first while they fit, as one system
        message laid out in conversation order."""
        self.last_recalled = []
        if not query or room <= 0:
            return []
        evicted_seq = {u.first + i for u in evicted for i in range(len(u.messages))}
        hits = self.memory.search(
            query[: self.memory.limits.max_query_chars],  # a long message: its opening
            k=max(self.spill_k * 3, 10),
            session_id=self.session_id if self.spill_scope == "session" else None,
            filters={"kind": "message", **self._owner},
            touch=False,
        )
        header = "Earlier messages that may be relevant:"
        used = count_message({"role": "system", "content": header}, self.count)
        chosen: list[tuple[float, int, str]] = []
        for hit in hits:
            seq = int(hit.metadata.get("chat_seq", -1))
            same_session = hit.session_id == self.session_id
            if same_session and seq not in evicted_seq:
                continue  # already in the window
            line = f"- {hit.role or 'message'}: {hit.text}"
            cost = self.count(line) + 1
            if used + cost > room:
                continue
            chosen.append((hit.created_at.timestamp(), seq, line))
            used += cost
            if same_session:
                self.last_recalled.append(seq)
            if len(chosen) == self.spill_k:
                break
        if not chosen:
            return []
        body = "\n".join(line for _, _, line in sorted(chosen))
        return [{"role": "system", "content": f"{header}\n{body}"}]

    # -- internals ---------------------------------------------------------------------------------
    @property
    def _owner(self) -> dict[str, str | None]:
        """The conversation's user and agent, exactly (None: none): a session id names a
        conversation only together with them, so another user's session of the same name
        is never read, appended to or cleared."""
        return {"user_id": self.user_id, "agent_id": self.agent_id}

    def _records(self, kind: str) -> list[MemoryRecord]:
        turns = CHAT_TURNS if kind == "message" else {}
        records = self.memory.list_all(
            session_id=self.session_id, kind=kind, filters={**turns, **self._owner}
        )
        if kind == "message":
            records.sort(key=lambda r: int(r.metadata.get("chat_seq", 0)))
        return records

    def _pinned(
        self, stored: list[dict[str, Any]]
    ) -> tuple[dict[str, Any] | None, list[tuple[int, dict[str, Any]]]]:
        """The system prompt (the constructor's, else the first stored system message) and the
        other messages with their sequence numbers."""
        system = {"role": "system", "content": self.system} if self.system else None
        history: list[tuple[int, dict[str, Any]]] = []
        for seq, message in enumerate(stored):
            if message["role"] in ("system", "developer") and system is None and not history:
                system = message
                continue
            history.append((seq, message))
        return system, history


def _check_message(message: Any, index: int, open_calls: dict[str, int]) -> dict[str, Any]:
    where = f"message {index}"
    if not isinstance(message, Mapping):
        raise InvalidInputError(f"{where}: a message is a dict with 'role' and 'content'")
    unknown = set(message) - _KEYS
    if unknown:
        raise InvalidInputError(f"{where}: unknown keys {sorted(unknown)}")
    role = message.get("role")
    if role not in ROLES:
        raise InvalidInputError(f"{where}: role must be one of {ROLES}, got {role!r}")
    content = message.get("content")
    tool_calls = message.get("tool_calls")
    if content is not None and not isinstance(content, str | list):
        raise InvalidInputError(f"{where}: content must be text or a list of parts")
    if tool_calls is not None:
        if role != "assistant":
            raise InvalidInputError(f"{where}: only an assistant message has tool_calls")
        if not isinstance(tool_calls, list) or not tool_calls:
            raise InvalidInputError(f"{where}: tool_calls must be a non-empty list")
        for call_ in tool_calls:
            if not isinstance(call_, Mapping) or not isinstance(call_.get("id"), str):
                raise InvalidInputError(f"{where}: each tool call needs a string 'id'")
            open_calls[call_["id"]] = index
    if role == "tool":
        call_id = message.get("tool_call_id")
        if not isinstance(call_id, str) or call_id not in open_calls:
            raise InvalidInputError(
                f"{where}: a tool result must answer an earlier tool call "
                f"(tool_call_id {call_id!r} matches none)"
            )
        del open_calls[call_id]
    if not message_text(message).strip() and not tool_calls:
        raise InvalidInputError(f"{where}: content is empty")
    try:
        json.dumps(message)
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"{where}: not JSON-serialisable ({exc})") from exc
    return dict(message)


def _open_calls(stored: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    calls: dict[str, int] = {}
    for seq, message in enumerate(stored):
        for call_ in message.get("tool_calls") or ():
            calls[call_["id"]] = seq
        if message.get("role") == "tool":
            calls.pop(str(message.get("tool_call_id")), None)
    return calls


def _searchable_text(message: Mapping[str, Any]) -> str:
    text = message_text(message).strip()
    if text:
        return text
    names = [
        str(c.get("function", {}).get("name", "tool")) for c in message.get("tool_calls") or ()
    ]
    return f"(called {', '.join(names)})"


def _units(history: Sequence[tuple[int, dict[str, Any]]], count: TokenCounter) -> list[_Unit]:
    """Group messages: an assistant's tool calls travel with the tool results that follow."""
    newest_user = max((seq for seq, m in history if m["role"] == "user"), default=-1)
    units: list[_Unit] = []
    i = 0
    while i < len(history):
        seq, message = history[i]
        group = [message]
        ids = {c["id"] for c in message.get("tool_calls") or ()}
        j = i + 1
        while ids and j < len(history) and history[j][1]["role"] == "tool":
            group.append(history[j][1])
            j += 1
        units.append(
            _Unit(
                first=seq,
                messages=tuple(group),
                cost=sum(count_message(m, count) for m in group),
                has_newest_user=seq <= newest_user < seq + len(group),
            )
        )
        i = j
    return units


def _window(units: list[_Unit], room: int, mandatory: _Unit | None) -> list[_Unit]:
    """The newest units that fit in ``room``, contiguous back from the newest; the mandatory
    unit (the newest user message) always, whatever else must go."""
    kept: list[_Unit] = []
    used = mandatory.cost if mandatory else 0
    for unit in reversed(units):
        if unit is mandatory:
            kept.append(unit)
            continue
        if used + unit.cost > room:
            if mandatory is None or unit.first < mandatory.first:
                break  # older than the newest user message: the window ends here
            continue  # a reply after it that does not fit
        kept.append(unit)
        used += unit.cost
    return sorted(kept, key=lambda u: u.first)


def _outside(units: list[_Unit], kept: list[_Unit]) -> list[_Unit]:
    inside = {u.first for u in kept}
    return [u for u in units if u.first not in inside]


def _newest_user_text(history: Sequence[tuple[int, Mapping[str, Any]]]) -> str:
    for _, message in reversed(history):
        if message["role"] == "user":
            return message_text(message)
    return ""
