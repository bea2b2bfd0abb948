"""The REST API's request and response bodies (pydantic; unknown fields are refused)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from remem.core.records import TAGS, MemoryRecord, SearchHit, Tag, TrashedMemory
from remem.retrieval.config import OPTIONS, Option
from remem.trust import UntrustedPolicy
from remem.trust.audit import AuditEvent

Id = Annotated[str, Field(min_length=1, max_length=256)]
Text = Annotated[str, Field(min_length=1)]
#: A namespace: labels from the root down (checked by the engine: depth, characters).
NamespaceIn = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=256)]], Field(max_length=1000)
]
TimeIn = Annotated[
    str | float | None,
    Field(description="ISO 8601 date or time, or Unix seconds"),
]
#: A caller's own embedding (checked by the engine: the store's width, finite).
VectorIn = Annotated[list[float], Field(min_length=1, max_length=8192)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Scope(Strict):
    user_id: Id | None = None
    agent_id: Id | None = None
    session_id: Id | None = None

    def scope(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "agent_id": self.agent_id, "session_id": self.session_id}


def _tag_field(tag: Tag) -> Any:
    return (
        Annotated[str, Field(max_length=tag.max_chars, pattern=tag.pattern, description=tag.help)]
        | None,
        None,
    )


if TYPE_CHECKING:
    TagsIn = Strict
else:
    #: The tags a write may set, built from their declarations (:data:`remem.core.records.TAGS`).
    TagsIn = create_model(
        "TagsIn", __base__=Strict, **{name: _tag_field(tag) for name, tag in TAGS.items()}
    )


class MemoryItemIn(Scope, TagsIn):
    """A memory item (:class:`remem.core.records.MemoryItem`, key for key: tests/test_parity.py)."""

    #: The caller's own id: a name within the memory's scope and namespace, as ``key`` is (the
    #: record's ``id`` is derived from them). One already stored there is a 409, unless the
    #: write is an upsert (``PUT /v1/memories/{id}``, or ``upsert`` in a batch).
    id: Id | None = None
    text: Text
    kind: Annotated[str, Field(min_length=1, max_length=64)] = "message"
    role: Annotated[str, Field(max_length=64)] | None = None
    metadata: dict[str, Any] | None = None
    created_at: TimeIn = None
    importance: float | None = None
    dedupe: bool | None = None
    #: False: stored without a vector (read back, never a search candidate).
    embed: bool = True
    #: When it expires (no read returns it after; the next write deletes it), or ``ttl``:
    #: seconds from now.
    expires_at: TimeIn = None
    ttl: Annotated[float, Field(gt=0, lt=1e10)] | None = None
    #: Where it is filed below its scope, e.g. ``["projects", "atlas"]``.
    namespace: NamespaceIn | None = None
    #: A name for it, unique in its scope and namespace (any key may use one; its id is
    #: derived from them). Adding a key again is a 409, unless the write is an upsert.
    key: Id | None = None

    def item(self) -> dict[str, Any]:
        return self.model_dump(include=set(MemoryItemIn.model_fields), exclude_none=True)


class MemoryIn(MemoryItemIn):
    """One memory, as ``Memory.add`` takes it: an item and, optionally, its vector."""

    #: The caller's own embedding, used instead of the server's embedder.
    vector: VectorIn | None = None

    def embeddings(self) -> list[list[float]] | None:
        return None if self.vector is None else [self.vector]


class MemoriesIn(Strict):
    items: Annotated[list[MemoryItemIn], Field(min_length=1, max_length=1000)]
    #: Items whose ``id`` is stored replace those records instead of being a 409.
    upsert: bool = False
    #: The caller's own embeddings, one per item in order (as ``Memory.add_many`` takes them).
    embeddings: Annotated[list[VectorIn], Field(min_length=1, max_length=1000)] | None = None


class DocumentIn(Scope, TagsIn):
    text: Text
    kind: Annotated[str, Field(min_length=1, max_length=64)] = "document"
    metadata: dict[str, Any] | None = None
    created_at: TimeIn = None
    importance: float | None = None
    strategy: Literal["tokens", "sentences", "characters"] = "tokens"
    chunk_size: Annotated[int, Field(ge=1, le=100_000)] | None = None
    chunk_overlap: Annotated[int, Field(ge=0, le=100_000)] | None = None


class MemoryPatch(Strict):
    text: Text | None = None
    metadata: dict[str, Any] | None = None
    importance: float | None = None
    kind: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    role: Annotated[str, Field(max_length=64)] | None = None
    #: The caller's own embedding (checked by the engine: the store's width, finite).
    vector: VectorIn | None = None
    #: A new expiry: a time, or ``ttl`` seconds from now.
    expires_at: TimeIn = None
    ttl: Annotated[float, Field(gt=0, lt=1e10)] | None = None


class IdsIn(Strict):
    ids: Annotated[list[Id], Field(min_length=1, max_length=1000)]


class DeleteIn(IdsIn):
    #: To the trash instead, whole, restorable (``POST /v1/trash/restore``) for the server's
    #: ``trash_days`` (``Memory.delete(..., recoverable=True)``).
    recoverable: bool = False


class TrashEmptyIn(Strict):
    """What ``POST /v1/trash/empty`` removes for good: these ids, or (null) everything in the
    trash the key's grant allows."""

    ids: Annotated[list[Id], Field(min_length=1, max_length=1000)] | None = None


def _option_field(option: Option) -> tuple[Any, Any]:
    """A search option as a request field: its declared type and range, or null (the server's
    default)."""
    kind: Any
    if option.kind == "bool":
        kind = bool
    elif option.kind == "choice":
        kind = Literal[option.choices]
    elif option.kind == "int":
        kind = Annotated[int, Field(ge=int(option.low), le=int(option.high))]
    else:
        kind = Annotated[float, Field(ge=option.low, le=option.high)]
    return kind | None, Field(None, description=option.help)


if TYPE_CHECKING:
    SearchOptions = Strict
else:
    #: The fields of :class:`remem.RetrievalConfig` a request may set, built from their
    #: declarations (rerankers are the server's to configure).
    SearchOptions = create_model(
        "SearchOptions",
        __base__=Strict,
        **{name: _option_field(o) for name, o in OPTIONS.items() if o.remote},
    )


class SearchIn(Scope, SearchOptions):
    #: Checked by the engine, as in the Python API (empty is fine for a dense search by vector).
    query: str | None = None
    k: Annotated[int, Field(ge=1, le=1000)] = 10
    filters: dict[str, Any] | None = None
    #: Search this namespace and those below it.
    namespace: NamespaceIn | None = None
    mode: Literal["hybrid", "dense", "keyword"] = "hybrid"
    now: TimeIn = None
    vector: Annotated[list[float], Field(min_length=1, max_length=8192)] | None = None
    touch: bool = True
    min_score: Annotated[float, Field(ge=0.0, le=1.0)] | None = Field(
        None, description="Leave out hits whose relevance (0-1) is below this"
    )
    explain: bool = Field(False, description="Add each hit's explanation, one stage per line")

    def options(self) -> dict[str, Any]:
        return self.model_dump(include=set(SearchOptions.model_fields), exclude_none=True)


class ContextIn(SearchIn):
    budget_tokens: Annotated[int, Field(ge=1, le=1_000_000)]
    order: Literal["time", "score"] = "time"
    #: What to do with a memory marked as possibly steering a model: quote it fenced, or
    #: withhold its text (remem.retrieval.packing).
    marked: Literal["fence", "withhold"] = "fence"
    #: What to do with a memory the reader does not trust (remem.trust): quote it apart as
    #: evidence with its source, withhold its text, or show it with the rest (null: the
    #: server's policy, fence unless `remem serve --untrusted` says otherwise).
    untrusted: UntrustedPolicy | None = None


class ChatMessagesIn(Strict):
    user_id: Id | None = None
    agent_id: Id | None = None
    messages: Annotated[list[dict[str, Any]], Field(min_length=1, max_length=1000)]


class ChatWindowIn(Strict):
    user_id: Id | None = None
    agent_id: Id | None = None
    budget_tokens: Annotated[int, Field(ge=1, le=10_000_000)]
    query: Text | None = None
    system: Text | None = None
    strategy: Literal["fifo", "summarize", "spill"] = "fifo"
    model: Annotated[str, Field(min_length=1, max_length=64)] = "gpt-4o"


class CacheLookupIn(Scope):
    question: Text


class CacheFalseHitIn(BaseModel):
    feedback: Annotated[str, Field(min_length=1, max_length=200)] = Field(
        description="The `feedback` of the hit that served a wrong answer"
    )


class CacheSetIn(Scope):
    question: Text
    value: Any
    ttl: Annotated[float, Field(gt=0)] | None = None


# -- responses -------------------------------------------------------------------------------------
#: A memory goes out as the Python API's own record: one definition, so the two cannot drift.
MemoryOut = MemoryRecord


@dataclass(frozen=True, kw_only=True, slots=True)
class HitOut(SearchHit):
    """A search hit as the Python API has it, plus, when asked, its ``explanation``."""

    explanation: str | None = None

    @classmethod
    def of(cls, hit: SearchHit, *, explain: bool = False) -> HitOut:
        fields = {name: getattr(hit, name) for name in SearchHit.__dataclass_fields__}
        return cls(**fields, explanation=hit.explain() if explain else None)


class Namespaces(BaseModel):
    namespaces: list[list[str]]


class MemoryList(BaseModel):
    items: list[MemoryOut]
    next_offset: int | None = Field(description="Offset of the next page; null on the last")


class Hits(BaseModel):
    hits: list[HitOut]


class ContextOut(BaseModel):
    text: str
    tokens: int
    hits: list[HitOut]


class Deleted(BaseModel):
    deleted: int


class TrashList(BaseModel):
    """``GET /v1/trash``: a page of the trash, newest first, each a
    :class:`remem.core.records.TrashedMemory`."""

    items: list[TrashedMemory]
    next_offset: int | None = Field(description="Offset of the next page; null on the last")


class Removed(BaseModel):
    removed: int


class ForgetIn(Scope):
    """Whom ``POST /v1/forget`` erases: any of a user, agent, session and namespace (all given
    must match). A tenant key may name only users and agents of its grant; another's answers
    as one with nothing stored."""

    namespace: NamespaceIn | None = None
    #: Scan the store for what was erased afterwards (the receipt's ``verified``).
    verify: bool = True


class AuditOut(BaseModel):
    """``GET /v1/audit``: the events, each a :class:`remem.trust.audit.AuditEvent`."""

    events: list[AuditEvent]


class Imported(BaseModel):
    imported: int


class ChatWindowOut(BaseModel):
    messages: list[dict[str, Any]]
    evicted: list[int]
    recalled: list[int]
    summary: str | None = None


class ChatMessagesOut(BaseModel):
    messages: list[dict[str, Any]]


class CacheLookupOut(BaseModel):
    hit: bool
    value: Any = None
    question: str | None = None
    score: float | None = None
    reason: str
    likeness: float | None = Field(
        default=None, description="With an error bound: the candidate's learned score"
    )
    feedback: str | None = Field(
        default=None,
        description="With an error bound, on a hit: what POST .../false-hit takes if the "
        "answer was wrong",
    )


class CacheEntryOut(BaseModel):
    entry: int


class GrantOut(BaseModel):
    admin: bool
    users: list[str]
    agents: list[str]
    auth: bool = Field(description="Whether this server requires API keys")


class ErrorBody(BaseModel):
    type: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody
