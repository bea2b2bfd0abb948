"""Typed results: what the store gives back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime
from typing import Any, Literal, TypedDict

__all__ = [
    "ITEM_KEYS",
    "NAMESPACE_SEP",
    "ORIGINS",
    "TAGS",
    "TAG_KEYS",
    "TRUST_REASONS",
    "Context",
    "ErasureReceipt",
    "IndexState",
    "Kind",
    "MemoryFields",
    "MemoryItem",
    "MemoryRecord",
    "Namespace",
    "Provenance",
    "SearchHit",
    "SearchMode",
    "StoreStats",
    "Tag",
    "Tags",
    "TimeLike",
    "TrashedMemory",
    "Trust",
    "decode_namespace",
    "encode_namespace",
    "namespace_range",
]

#: Kinds remem itself uses; any other string is accepted too.
Kind = str
SearchMode = Literal["hybrid", "dense", "keyword"]
#: A path of labels inside a scope, e.g. ``("projects", "atlas", "notes")``; ``()`` is the root.
Namespace = tuple[str, ...]
#: Ends each label of a namespace as stored: a namespace's stored prefix is its parent's
#: (``"a\x1fb\x1f"`` starts with ``"a\x1f"``), so "this namespace and below" is one prefix match.
NAMESPACE_SEP = "\x1f"
#: A time as callers give it: a datetime or date, ISO 8601 text, or Unix seconds.
TimeLike = datetime | date | str | float | int


class _ItemText(TypedDict):
    text: str


@dataclass(frozen=True, slots=True)
class Tag:
    """What a tag's value may be (a string, or None: not said)."""

    #: What it says, for every face's help (``remem add --help``, the REST schema).
    help: str
    #: A regular expression the whole value must match.
    pattern: str
    #: At most this many characters.
    max_chars: int = 64


#: The tags: short labels a caller sets on a memory when it is written, each a key of
#: :class:`Tags` and declared here with its shape. A tag is carried wherever its memory goes —
#: ``add`` and ``add_many``, ``add_document`` (its chunks too), import and export, a copy to
#: another store — and read back as the record's field of the same name; an update keeps it.
#: The faces follow this declaration: ``Memory.add`` and ``Client.add`` take each tag as a
#: keyword, the REST bodies as a key, ``remem add`` as an option.
TAGS: dict[str, Tag] = {
    "language": Tag(
        help="The language its text is written in, a BCP 47 tag: en, pt-BR, zh-Hant.",
        pattern=r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*",
        max_chars=35,
    ),
}


class Tags(TypedDict, total=False):
    """The tags a write may set (see :data:`TAGS`, which declares each one's shape)."""

    language: str | None


class MemoryFields(Tags, total=False):
    """Everything a memory item may hold besides its text: ``Memory.add``'s keywords.

    The one declaration of what a memory item holds (with :class:`MemoryItem`, which adds the
    text): the engine accepts exactly these keys, ``Memory.add``, ``Client.add`` and the
    engine's protocol take them as ``**fields``, and the REST body and ``remem add`` are tested
    against them (tests/test_parity.py), so a field added here and not there fails the tests.
    """

    user_id: str | None
    agent_id: str | None
    session_id: str | None
    kind: str
    role: str | None
    metadata: Mapping[str, Any] | None
    created_at: TimeLike | None
    importance: float | None
    #: The caller's name for it within its scope and namespace, as ``key`` is.
    id: str | None
    #: Fold an exact duplicate in its scope into the stored one (default: not for messages,
    #: chunks, or a memory with an id or key).
    dedupe: bool | None
    #: False: stored without a vector (read back, never a search candidate).
    embed: bool
    expires_at: TimeLike | None
    #: Seconds from now until it expires.
    ttl: float | None
    namespace: Sequence[str] | None
    key: str | None


class MemoryItem(_ItemText, MemoryFields, total=False):
    """One memory as ``Memory.add_many`` takes it: ``text`` and any key of
    :class:`MemoryFields`."""


#: The keys of :class:`MemoryItem`.
ITEM_KEYS: frozenset[str] = frozenset(MemoryItem.__annotations__)
#: The keys of :class:`Tags`, each declared in :data:`TAGS`.
TAG_KEYS: frozenset[str] = frozenset(Tags.__annotations__)


def encode_namespace(labels: Namespace) -> str:
    """A namespace as stored (labels are checked on the way in: no control characters)."""
    return "".join(label + NAMESPACE_SEP for label in labels)


def namespace_range(stored: str) -> tuple[str, str]:
    """The stored forms of a namespace and all below it, as a half-open range [low, high) in
    code-point order (so an index on the column answers "this namespace and below")."""
    return stored, stored[:-1] + chr(ord(NAMESPACE_SEP) + 1)


def decode_namespace(stored: str) -> Namespace:
    """The labels of a stored namespace."""
    return tuple(stored.split(NAMESPACE_SEP)[:-1]) if stored else ()


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


#: Whose words a memory holds (:attr:`Provenance.origin`), with how ``context()`` names them.
ORIGINS: dict[str, str] = {
    "user": "the user's own words",
    "assistant": "the assistant's reply",
    "agent": "written by an agent through a tool call",
    "external": "text from a document, tool or web page",
    "derived": "derived by remem from other memories",
    "app": "stored by the application",
}


@dataclass(frozen=True, kw_only=True, slots=True)
class Provenance:
    """Where a memory came from. remem sets it on the way in; no caller's item can.

    ``face``: how it was written (``python``, ``cli``, ``rest``, ``web``, ``mcp``, ``tools``,
    ``import``; ``None`` for a memory stored before remem kept provenance). ``key_id``: the
    API key it came with. ``source``: the file or import line it was read from. ``origin``:
    whose words (:data:`ORIGINS`: ``user`` and ``assistant`` from the role, ``agent`` for a
    model's own tool call, ``external`` for documents, ``derived``, else ``app``). A derived
    memory (a fact, summary or reflection) names the ``model`` and ``prompt`` that made it
    (none when no LLM did) and the ids it was ``derived_from``. ``marks``: what the write-time
    scan found in its text that could steer a model (:mod:`remem.trust.marks`), empty when nothing.
    ``authors``: the users whose words it holds (none: the application's own write);
    ``taint``: how it arrived, when that let an outsider choose its words (``external``,
    ``agent``, ``import``, ``unverified``); both inherited from a derived memory's sources.
    Trust for a reader follows from these two (:mod:`remem.trust`), never from the text.
    """

    face: str | None = None
    key_id: str | None = None
    source: str | None = None
    origin: str | None = None
    model: str | None = None
    prompt: str | None = None
    derived_from: tuple[str, ...] = ()
    marks: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    taint: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the fields set (empty ones left out)."""
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name in Provenance.__dataclass_fields__
            if (value := getattr(self, name)) not in (None, ())
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Provenance:
        """Read back :meth:`to_dict`'s form (unknown keys and ill-typed values are dropped:
        provenance is remem's own, so a stored value is never an error)."""
        if not data:
            return cls()
        values: dict[str, Any] = {}
        for name in cls.__dataclass_fields__:
            value = data.get(name)
            if name in ("derived_from", "marks", "authors", "taint"):
                if isinstance(value, list | tuple):
                    values[name] = tuple(v for v in value if isinstance(v, str))
            elif isinstance(value, str):
                values[name] = value
        return cls(**values)

    def describe(self) -> str:
        """One line for people and prompts: whose words, how they came, and any marks."""
        parts = [ORIGINS.get(self.origin or "", "origin unknown")]
        if self.model:
            parts.append(f"by {self.model}" + (f" ({self.prompt})" if self.prompt else ""))
        if self.derived_from:
            parts.append(f"from {len(self.derived_from)} memories")
        if self.face:
            parts.append(f"via {self.face}" + (f" key {self.key_id}" if self.key_id else ""))
        if self.source:
            parts.append(f"source {self.source}")
        if self.taint:
            parts.append("tainted " + ", ".join(self.taint))
        if self.marks:
            parts.append("marked " + ", ".join(self.marks))
        return "; ".join(parts)


#: Why a memory may be untrusted by its reader (:class:`Trust`'s ``reasons``): its taints
#: (:data:`Provenance.taint`), and words of a user who is not the reader.
TRUST_REASONS: dict[str, str] = {
    "external": "text from a document, web page, e-mail or tool",
    "agent": "written by a model through a tool call",
    "import": "imported from a file that does not say where it came from",
    "unverified": "derived from memories remem could not read",
    "another_user": "the words of another user, not the reader's",
}


@dataclass(frozen=True, slots=True)
class Trust:
    """A memory's trust for one reader: ``level`` ``trusted``, or ``untrusted`` and why
    (``reasons``: :data:`TRUST_REASONS` — its taints, and ``another_user`` when it holds words
    of a user who is not the reader, never naming that user). Its fields are its JSON form."""

    level: Literal["trusted", "untrusted"]
    reasons: tuple[str, ...] = ()

    @property
    def trusted(self) -> bool:
        return self.level == "trusted"

    def describe(self) -> str:
        """One line for people and prompts."""
        if self.trusted:
            return "trusted: the reader's own words or the application's"
        return "untrusted: " + "; ".join(TRUST_REASONS.get(r, r) for r in self.reasons)

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "reasons": list(self.reasons)}

    @classmethod
    def from_dict(cls, data: Any) -> Trust | None:
        """Read back :meth:`to_dict`'s form (None for anything else)."""
        if not isinstance(data, dict) or data.get("level") not in ("trusted", "untrusted"):
            return None
        reasons = data.get("reasons") or []
        return cls(data["level"], tuple(r for r in reasons if isinstance(r, str)))


@dataclass(frozen=True, kw_only=True, slots=True)
class MemoryRecord:
    """One memory: a chat turn, a document or its chunk, a fact, an observation, ...

    ``user_id`` / ``agent_id`` / ``session_id`` are the scope; ``namespace`` a path of labels
    inside it (any depth: ``("projects", "atlas")``; ``()`` the root). A chunk points at its
    document with ``parent_id`` and ``position``. Times are timezone-aware UTC datetimes.
    """

    id: str
    text: str
    kind: Kind = "message"
    role: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    created_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    updated_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    last_accessed_at: datetime | None = None
    access_count: int = 0
    importance: float | None = None
    parent_id: str | None = None
    position: int | None = None
    content_hash: str = ""
    #: When it expires (``None``: never): from then on no read returns it, and the next write
    #: deletes it.
    expires_at: datetime | None = None
    namespace: Namespace = ()
    #: The caller's name for it, unique in its scope and namespace (its ``id`` is derived from
    #: them): ``None`` for a record known by its id only.
    key: str | None = None
    #: Where it came from (set by remem on the way in).
    provenance: Provenance = field(default_factory=Provenance)
    #: The language its text is written in, as its writer said (a BCP 47 tag; :data:`TAGS`).
    language: str | None = None

    def in_scope(self, scope: Mapping[str, str | None]) -> bool:
        """Whether it lies in ``scope`` (``user_id`` / ``agent_id`` / ``session_id``: each one
        given, not None, must match)."""
        return all(value is None or getattr(self, name) == value for name, value in scope.items())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (times as ISO 8601 strings)."""
        data = {name: getattr(self, name) for name in MemoryRecord.__dataclass_fields__}
        data["metadata"] = dict(self.metadata)
        data["namespace"] = list(self.namespace)
        data["provenance"] = self.provenance.to_dict()
        for key in ("created_at", "updated_at", "last_accessed_at", "expires_at"):
            data[key] = _iso(data[key])
        return data


@dataclass(frozen=True, kw_only=True, slots=True)
class SearchHit(MemoryRecord):
    """A record found by a search, with its ``score`` and the per-signal ``scores``.

    ``score`` is the hit's relevance: the probability, in [0, 1], that it is what the query
    asks for, calibrated on labelled searches so that it means the same for every query and
    store (:mod:`remem.retrieval.calibration`); it never rises down a ranking. ``scores`` keeps
    every signal that ranked it (``dense`` cosine, ``keyword`` BM25, ``fused`` the combined
    hybrid score, and each signal's 1-based ``*_rank``) so you can see why a memory ranked
    where it did. A signal that did not find the hit is absent. ``neighbors`` holds the
    adjacent chunks or turns that search's ``expand`` option attached, in order.
    """

    score: float = 0.0
    scores: dict[str, float] = field(default_factory=dict)
    neighbors: tuple[MemoryRecord, ...] = ()
    #: Its trust for the search's reader (:mod:`remem.trust`), set by the engine.
    trust: Trust | None = None
    #: None when the search read current data; else how many seconds behind its primary the
    #: data that answered may be — a replica answered while the primary was down (set by the
    #: engine; ``X-Remem-Stale`` over HTTP).
    stale: float | None = None

    def explain(self) -> str:
        """Why this memory ranked where it did, one stage per line, in pipeline order (the
        memory named by the id its caller gave it, its ``key``, when it has one), after a line
        saying where it came from (its :class:`Provenance`)."""
        lines = [
            f"relevance {self.score:.2f}  {self.id if self.key is None else self.key}",
            f"  {'provenance':<13} {self.provenance.describe()}",
        ]
        if self.trust is not None:
            lines.append(f"  {'trust':<13} {self.trust.describe()}")
        for signal in ("dense", "keyword"):
            if signal in self.scores:
                rank = int(self.scores.get(f"{signal}_rank", 0))
                lines.append(f"  {signal:<13} {self.scores[signal]:8.4f}  rank {rank}")
            elif "fused" in self.scores:
                lines.append(f"  {signal:<13} {'-':>8}  not among its candidates")
        for key, note in STAGE_NOTES:
            if key in self.scores:
                lines.append(f"  {key:<13} {self.scores[key]:8.4f}  {note}")
        for neighbour in self.neighbors:
            lines.append(f"  + neighbour {neighbour.id} (added by expand)")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            **MemoryRecord.to_dict(self),
            "score": self.score,
            "scores": dict(self.scores),
            "neighbors": [record.to_dict() for record in self.neighbors],
            "trust": None if self.trust is None else self.trust.to_dict(),
        }


#: Scores the later pipeline stages leave on a hit, in pipeline order, with what each means.
STAGE_NOTES = (
    ("fused", "dense and keyword fused (standardised scores, weighted)"),
    ("neighbors", "added because an adjacent turn or chunk also matched"),
    ("preference", "added because it states a preference and the query asks for a recommendation"),
    ("time", "added because it was stored in (or just after) the time the query names"),
    ("speaker", "added because the query names who said it, or asks what you or I said"),
    ("rerank", "reranker score (replaces the fused order)"),
    ("rescaled", "ranking score rescaled to [0, 1] over the candidates"),
    ("recency", "decay ** hours since last access"),
    ("importance", "importance rescaled to [0, 1]"),
    ("final", "weighted rescaled score + recency + importance"),
    ("mmr", "marginal relevance when MMR picked it"),
    ("keyword_share", "BM25 as a share of the best keyword match"),
    ("relevance", "P(relevant) from the signals, calibrated"),
)


@dataclass(frozen=True, slots=True)
class Context:
    """What ``Memory.context()`` packed: prompt-ready ``text`` within the token budget, the hits
    it used (best first) and the ``tokens`` the text takes by the counter it was packed with."""

    text: str
    hits: list[SearchHit]
    tokens: int
    #: As :attr:`SearchHit.stale`, for the search the context was packed from.
    stale: float | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class StoreStats:
    """What ``Memory.stats()`` reports."""

    path: str
    records: int
    by_kind: dict[str, int]
    #: Records holding a vector (the rest are not searchable by meaning).
    vectors: int
    users: int
    agents: int
    sessions: int
    embedder: str | None
    dimensions: int | None
    size_bytes: int
    schema: list[str]
    #: What language models cost this store, per feature (``chat.summary``,
    #: ``stream.importance``, ...): calls, prompt and completion tokens, cost.
    llm_usage: dict[str, dict[str, float]] = field(default_factory=dict)
    #: What the store's embedder is good for (its ``about``; "" when it does not say).
    embedder_about: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, kw_only=True, slots=True)
class IndexState:
    """Where a store's vector index stands (``Memory.index_state()``, ``remem index status``).

    A search that may match at most ``exact_limit`` vectors is answered exactly; a larger one
    uses the ANN index (``kind``) when it is ``ready``, else runs exactly while it is built —
    no search waits for a build."""

    #: ``ivf`` (SQLite: faiss IVF cells), ``hnsw`` (PostgreSQL: pgvector), ``none`` (exact only).
    kind: str
    #: Records in the store, and those with a vector.
    records: int
    vectors: int
    #: Searches that may match at most this many vectors run exactly.
    exact_limit: int
    #: Whether an ANN index answers larger searches now.
    ready: bool
    #: Whether a build is under way (in this process, or another's for PostgreSQL).
    building: bool
    #: Whether the store is large enough to want one (``vectors > exact_limit``).
    needed: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, kw_only=True, slots=True)
class TrashedMemory:
    """A memory in the trash (``Memory.trash()``): deleted through a model's tool call (or
    with ``recoverable=True``), restorable with ``Memory.undelete`` until ``kept_until``."""

    id: str
    text: str
    kind: str
    user_id: str | None
    agent_id: str | None
    session_id: str | None
    namespace: Namespace
    deleted_at: datetime
    kept_until: datetime
    #: Records trashed with it (a document's chunks).
    chunks: int = 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["namespace"] = list(self.namespace)
        data["deleted_at"], data["kept_until"] = _iso(self.deleted_at), _iso(self.kept_until)
        return data


@dataclass(slots=True)
class ErasureReceipt:
    """What ``Memory.forget()`` erased, and the proof it looked for.

    ``erased``: how many of each artifact went (``records``, of which ``derived`` lay outside
    the subject but came from its memories; ``cache_entries``, ``scope_changes``, ``cache_bounds``,
    ``keyword_scopes``, ``api_keys``). ``scrubbed``: what was done to the files or tables so
    deleted bytes cannot be read back. ``verified``: True when a scan of every file (SQLite) or
    table (PostgreSQL) found none of what it looked for (``looked_for``: the erased records'
    ids, their texts, metadata values and vectors, the cache entries', and the rows of the
    subject's scopes; ``shared`` counts the text windows and vectors left out because data
    that remains holds them too), False when it found some (``traces`` says where: run
    forget again once other processes let go of the store), None when no scan was asked for."""

    subject: dict[str, Any]
    erased: dict[str, int]
    scrubbed: list[str]
    verified: bool | None
    traces: dict[str, int]
    looked_for: dict[str, int]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
