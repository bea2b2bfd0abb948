"""Item rules: what a caller's item may hold, and the record or change it becomes.

Pure functions of the item, the grant and the limits, apart from the clock and fresh ids: no
store, no embedder. The keys an item may hold are :class:`remem.core.records.MemoryItem`'s
(``ITEM_KEYS``), the one declaration the REST body, the client and the CLI are tested against.
A caller's ``id`` or ``key`` is a name within the item's scope (:func:`key_id`), so the same
name in two scopes names two records (issue 31).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import InvalidInputError, PayloadTooLargeError
from remem.core.limits import Limits
from remem.core.records import ITEM_KEYS, TAGS, Namespace
from remem.core.timeutil import now as now_epoch
from remem.core.validate import (
    clean_text,
    content_hash,
    epoch_time,
    importance_value,
    metadata_dict,
    namespace_labels,
    new_id,
    opt_str,
    time_value,
    utf8,
)
from remem.embedders import Embedder, check_vectors, normalize
from remem.stores import NewRecord, Update
from remem.text.chunking import Chunk
from remem.trust.access import Grant
from remem.trust.provenance import linked, stamp

__all__ = [
    "MAX_ID_CHARS",
    "MAX_ROWS",
    "NO_DEDUPE_KINDS",
    "author_of",
    "change_of",
    "checked_id",
    "checked_key",
    "chunk_records",
    "expired",
    "expiry",
    "exported_id",
    "key_id",
    "new_record",
    "shown",
    "tag_value",
]

#: Kinds that are not deduplicated by default: a chat may repeat "ok", a document may repeat a line.
NO_DEDUPE_KINDS = frozenset({"message", "chunk"})
#: Largest limit or offset of a listing, and position of a chunk (SQLite's integers are 64-bit).
MAX_ROWS = 2**62
#: Longest id a caller may choose for a record.
MAX_ID_CHARS = 256
#: remem's id of a record named by a key (or a caller's id): :func:`key_id`.
KEY_ID = re.compile(r"key-[0-9a-f]{64}")


def new_record(
    item: Mapping[str, Any],
    index: int | str,
    *,
    grant: Grant,
    limits: Limits,
    max_chars: int | None = None,
    what: str = "text",
    source: str | None = None,
    face: str | None = None,
    principal: str | None = None,
    inherited: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> NewRecord:
    """A checked record from an item, in a scope ``grant`` allows (a tenant's only user or
    agent filled in); ``index`` names it in messages (a number: "item 3", or a label such as
    "line 7"). Its text may hold ``max_chars`` characters (default: the limit on a memory's
    text). Its provenance is the current writer's (:func:`remem.trust.provenance.stamp`; ``source``
    and ``face`` as that takes them): its author is the user the writer acts for
    (``principal``), else the user a chat turn of role ``user`` is stored for; a derived one
    carries what its sources hold (``inherited``, :func:`remem.trust.lineage`)."""
    where = f"item {index}" if isinstance(index, int) else index
    unknown = set(item) - ITEM_KEYS
    if unknown:
        raise InvalidInputError(f"{where}: unknown keys {sorted(map(str, unknown))}")
    if "text" not in item:
        raise InvalidInputError(f"{where}: missing 'text'")
    embed = item.get("embed")
    if embed is not None and not isinstance(embed, bool):
        raise InvalidInputError(f"{where}: embed must be true, false or null, got {embed!r}")
    limit = limits.max_text_chars if max_chars is None else max_chars
    if embed is False and max_chars is None:
        limit = limits.max_value_chars  # never embedded nor indexed: bytes stored
    text = clean_text(item["text"], f"{where}: ", max_chars=limit, what=what)
    kind = item.get("kind") or "message"
    if not isinstance(kind, str):
        raise InvalidInputError(f"{where}: kind must be a string")
    dedupe = item.get("dedupe")
    if dedupe is not None and not isinstance(dedupe, bool):
        raise InvalidInputError(f"{where}: dedupe must be true, false or null, got {dedupe!r}")
    expires = expiry(item.get("expires_at"), item.get("ttl"), where)
    created = item.get("created_at")
    try:
        scope = {name: opt_str(item.get(name), name) for name in ("user_id", "agent_id")}
        scope = grant.check(scope, write=True)
        session = opt_str(item.get("session_id"), "session_id")
        namespace = namespace_labels(item.get("namespace"), limits)
        key = item.get("key")
        if key is not None and item.get("id") is not None:
            raise InvalidInputError(f"{where}: give an id or a key, not both")
        if key is None and item.get("id") is not None:
            key = checked_key(item["id"], "id")  # a caller's id is its name in the item's scope
        role = opt_str(item.get("role"), "role")
        tags: dict[str, Any] = {name: tag_value(item.get(name), name) for name in TAGS}
        return NewRecord(
            **tags,
            id=(
                new_id()
                if key is None
                else key_id(
                    checked_key(key), scope["user_id"], scope["agent_id"], session, namespace
                )
            ),
            text=text,
            kind=utf8(kind, "kind"),
            role=role,
            user_id=scope["user_id"],
            agent_id=scope["agent_id"],
            session_id=session,
            namespace=namespace,
            key=key,
            metadata=linked(metadata_dict(item.get("metadata"), limits)),
            created_at=epoch_time(created) if created is not None else now_epoch(),
            importance=importance_value(item.get("importance")),
            content_hash=content_hash(text),
            # A record under the caller's id or key is deduplicated only when it asks.
            dedupe=(
                dedupe
                if dedupe is not None
                else kind not in NO_DEDUPE_KINDS and item.get("id") is None and key is None
            ),
            expires_at=expires,
            provenance=stamp(
                text,
                role=role,
                kind=kind,
                source=source,
                face=face,
                author=author_of(principal, role, scope["user_id"]),
                inherited=inherited,
            ),
        )
    except (InvalidInputError, PayloadTooLargeError) as exc:
        if str(exc).startswith(where):
            raise
        raise type(exc)(f"{where}: {exc}") from exc


def tag_value(value: Any, name: str) -> str | None:
    """A tag's value checked against its declaration (:data:`remem.core.records.TAGS`): a
    string of its shape and length, or None."""
    if value is None:
        return None
    tag = TAGS[name]
    if not isinstance(value, str) or len(value) > tag.max_chars:
        raise InvalidInputError(
            f"{name} must be a string of at most {tag.max_chars} characters, got {value!r:.80}"
        )
    if not re.fullmatch(tag.pattern, value):
        raise InvalidInputError(f"{name} {value!r} is not valid ({tag.help})")
    return value


def author_of(principal: str | None, role: str | None, user_id: str | None) -> str | None:
    """Whose words a memory written now holds: the user the writer acts for, else the user a
    turn of role ``user`` is stored for, else none (the application's own)."""
    if principal is not None:
        return principal
    return user_id if role == "user" else None


def chunk_records(
    doc: NewRecord,
    chunks: Sequence[Chunk],
    item: Mapping[str, Any],
    *,
    grant: Grant,
    limits: Limits,
    principal: str | None = None,
) -> list[NewRecord]:
    """A document's chunks as records: each with the document's scope and metadata (``item``
    as the document was given) plus its span, ``parent_id`` the document's id and
    ``position`` 0, 1, ..., written for the document's ``principal``."""
    records = []
    for position, chunk in enumerate(chunks):
        rec = new_record(
            {**item, "text": chunk.text, "kind": "chunk"},
            position,
            grant=grant,
            limits=limits,
            max_chars=limits.max_document_chars,
            principal=principal,
        )
        rec.parent_id, rec.position = doc.id, position
        rec.metadata = {**doc.metadata, "start": chunk.start, "end": chunk.end}
        records.append(rec)
    return records


def change_of(
    *,
    kind: str | None,
    role: str | None,
    importance: float | None,
    metadata: Mapping[str, Any] | None,
    expires_at: Any,
    ttl: Any,
    vector: Any,
    embedder: Embedder,
    limits: Limits,
) -> tuple[Update, NDArray[np.float32] | None]:
    """An update's checked fields other than its text, and the caller's vector (a unit row of
    ``embedder``'s width) when given: the text needs the store, so the engine adds it."""
    if kind is not None and (not isinstance(kind, str) or not kind.strip()):
        raise InvalidInputError(f"kind must be a non-empty string, got {kind!r}")
    given = (
        None
        if vector is None
        else normalize(check_vectors(vector, embedder.dimensions, count=1))[0]
    )
    change = Update(
        importance=importance_value(importance),
        kind=opt_str(kind, "kind"),
        role=opt_str(role, "role"),
        expires_at=expiry(expires_at, ttl, "update"),
    )
    if metadata is not None:
        change.metadata = metadata_dict(metadata, limits)
    return change, given


def checked_key(value: Any, what: str = "key") -> str:
    """A caller's name for a record (its ``key``, or the ``id`` it chose)."""
    if not isinstance(value, str) or not value or len(value) > MAX_ID_CHARS:
        raise InvalidInputError(
            f"{'an' if what == 'id' else 'a'} {what} is a non-empty string of at most "
            f"{MAX_ID_CHARS} characters, got {shown(value)}"
        )
    return utf8(value, what)


def key_id(
    key: str, user: str | None, agent: str | None, session: str | None, namespace: Namespace
) -> str:
    """A keyed record's id: a digest of its scope, namespace and key, so two scopes never
    share one, and a tenant cannot name (or probe) another's record by its key."""
    name = json.dumps([user, agent, session, list(namespace), key], ensure_ascii=False)
    return "key-" + hashlib.sha256(name.encode("utf-8")).hexdigest()


def exported_id(value: Any, label: str) -> str:
    """An imported row's own id, kept by an admin's import. remem's ids of keyed records
    (``key-`` and a digest) follow from their scope and key: a row claiming one without its
    key could take the id of another scope's name, so it is refused."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID_CHARS:
        raise InvalidInputError(
            f"{label}: id must be a non-empty string of at most {MAX_ID_CHARS} characters"
        )
    if KEY_ID.fullmatch(value):
        raise InvalidInputError(
            f"{label}: id {value!r} is remem's id of a record named by a key: give the row "
            "its key (its id follows from its scope, namespace and key)"
        )
    return utf8(value, f"{label}: id")


def expiry(expires_at: Any, ttl: Any, where: str) -> float | None:
    """An item's expiry in Unix seconds, from ``expires_at`` (a time) or ``ttl`` (seconds from
    now); ``None``: it never expires."""
    if expires_at is not None and ttl is not None:
        raise InvalidInputError(f"{where}: give expires_at or ttl, not both")
    if ttl is not None:
        if isinstance(ttl, bool) or not isinstance(ttl, int | float) or not 0 < ttl < 1e10:
            raise InvalidInputError(f"{where}: ttl is a number of seconds above 0, got {ttl!r}")
        return now_epoch() + float(ttl)
    if expires_at is None:
        return None
    when = time_value(expires_at, "expires_at").timestamp()
    if when <= now_epoch():
        raise InvalidInputError(f"{where}: expires_at {expires_at!r} is not in the future")
    return when


def expired(row: Mapping[str, Any], label: str) -> bool:
    """Whether an imported row expired before it arrived (it is skipped, as a purge would)."""
    when = row.get("expires_at")
    if when is None:
        return False
    try:
        return time_value(when, "expires_at").timestamp() <= now_epoch()
    except InvalidInputError as exc:
        raise InvalidInputError(f"{label}: {exc}") from exc


def checked_id(value: Any) -> Any:
    """An id as given, refused when it is a string that is not valid UTF-8 (any other value
    simply matches nothing)."""
    return utf8(value, "id") if isinstance(value, str) else value


def shown(value: Any) -> str:
    """A value as a message quotes it: short, and never a huge integer's digits."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge integer"
    return text if len(text) <= 80 else text[:77] + "..."
