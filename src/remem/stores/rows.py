"""A record's row, declared once: a record on its way in (:class:`NewRecord`), a change on its
way (:class:`Update`), each column of ``memories`` that holds a field of
:class:`~remem.core.records.MemoryRecord`, its type in each dialect, and how it is written from a
:class:`NewRecord` or an :class:`Update` and read back.

Both SQL stores make every statement that moves a record's fields from this one list: the
insert's columns and values (SQLite), the COPY's columns, types and values (PostgreSQL), the
columns a read selects and the record it builds, and an update's ``SET``. What differs between
them is a :class:`Dialect`: the placeholder, how a JSON value and a vector are written and read
(the backend supplies those, so this module imports no driver). A new caller-set field is one
:class:`Column` and one :class:`NewRecord` field here, its field on the records
(:mod:`remem.core.records`), and a migration per store: every copy between a new record, a stored
one and a row follows the fields they share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.records import (
    MemoryRecord,
    Namespace,
    Provenance,
    decode_namespace,
    encode_namespace,
)
from remem.core.timeutil import from_epoch

__all__ = [
    "COLUMNS",
    "Column",
    "Dialect",
    "NewRecord",
    "RowCodec",
    "Update",
    "record_from_new",
    "restored",
]


@dataclass(slots=True)
class NewRecord:
    """A record on its way in; times are Unix seconds."""

    id: str
    text: str
    kind: str
    content_hash: str
    created_at: float
    role: str | None = None
    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    importance: float | None = None
    parent_id: str | None = None
    position: int | None = None
    vector: NDArray[np.float32] | None = None
    #: Vectors of overlapping windows across a long text (rows), beside ``vector`` of its head.
    parts: NDArray[np.float32] | None = None
    dedupe: bool = True
    #: When it was last changed; None: now (a copy of a store keeps the source's).
    updated_at: float | None = None
    #: When it expires; None: never.
    expires_at: float | None = None
    #: Its path of labels inside the scope (``()``: the root).
    namespace: Namespace = ()
    #: The caller's name for it (its ``id`` is derived from scope, namespace and key).
    key: str | None = None
    #: Where it came from (:class:`~remem.core.records.Provenance`).
    provenance: Provenance = field(default_factory=Provenance)
    #: The language its text is written in (a tag: :data:`remem.core.records.TAGS`).
    language: str | None = None

    def updated(self, stamp: float) -> float:
        """The ``updated_at`` an insert at ``stamp`` stores."""
        return stamp if self.updated_at is None else self.updated_at


@dataclass(slots=True)
class Update:
    """Fields to change on a record; ``None`` leaves a field as it is."""

    text: str | None = None
    content_hash: str | None = None
    metadata: dict[str, Any] | None = None
    importance: float | None = None
    kind: str | None = None
    role: str | None = None
    vector: NDArray[np.float32] | None = None
    #: With a new ``vector``: the new text's part vectors (``None``: it has none).
    parts: NDArray[np.float32] | None = None
    #: A new expiry time (Unix seconds). A change of expiry alone leaves ``updated_at``.
    expires_at: float | None = None
    #: New provenance (a new text's marks).
    provenance: Provenance | None = None

    def changes_content(self) -> bool:
        """Whether it changes more than the expiry (and so the record's ``updated_at``)."""
        return any(
            getattr(self, name) is not None
            for name in ("text", "metadata", "importance", "kind", "role", "vector")
        )


#: The fields a :class:`NewRecord` and the :class:`~remem.core.records.MemoryRecord` it becomes
#: share, copied as they are (the times apart: Unix seconds on one, datetimes on the other).
_TIMES = ("created_at", "updated_at", "expires_at")
_CARRIED = tuple(
    name
    for name in NewRecord.__dataclass_fields__
    if name in MemoryRecord.__dataclass_fields__ and name not in _TIMES
)


def record_from_new(rec: NewRecord, stamp: float) -> MemoryRecord:
    """The record an insert stores for ``rec`` (written at ``stamp``)."""
    return MemoryRecord(
        **{name: getattr(rec, name) for name in _CARRIED},
        created_at=from_epoch(rec.created_at),  # type: ignore[arg-type]
        updated_at=from_epoch(rec.updated(stamp)),  # type: ignore[arg-type]
        expires_at=from_epoch(rec.expires_at),
    )


def restored(record: MemoryRecord, vectors: NDArray[np.float32] | None) -> NewRecord:
    """A record as an insert writes it back (from the trash, or into another store): the same
    id, fields, times and provenance; never deduplicated (it is the record that was there)."""
    rows = None if vectors is None else np.atleast_2d(np.asarray(vectors, dtype=np.float32))
    fields: dict[str, Any] = {name: getattr(record, name) for name in _CARRIED}
    fields["metadata"] = dict(record.metadata)
    return NewRecord(
        **fields,
        created_at=record.created_at.timestamp(),
        updated_at=record.updated_at.timestamp(),
        expires_at=None if record.expires_at is None else record.expires_at.timestamp(),
        vector=None if rows is None else rows[0],
        parts=None if rows is None or len(rows) < 2 else rows[1:],
        dedupe=False,
    )


#: How a value of each kind is converted on its way in (a record's field → the column) and out.
_NONE = "none"  # as it is
_TIME = "time"  # Unix seconds in the row, a datetime on the record
_NAMESPACE = "namespace"  # labels joined (records.encode_namespace)
_JSON = "json"  # a JSON object (the dialect writes and reads it)
_PROVENANCE = "provenance"  # a Provenance as its JSON object; NULL when nothing is known


@dataclass(frozen=True, slots=True)
class Column:
    """One column of ``memories`` holding one field of a record."""

    #: The column, and the field of the records it holds (the same name).
    name: str
    #: Its type in each dialect: SQLite's declared type, PostgreSQL's (the COPY's type too).
    sqlite: str
    postgres: str
    #: How the value is converted between the record's field and the column (see above).
    kind: str = _NONE
    #: Written by an insert from the :class:`NewRecord`'s field of this
    #: name (False: the store keeps it itself, like the access statistics).
    inserted: bool = True
    #: Changed by an :class:`Update`'s field of this name when it is set.
    updated: bool = False


#: The columns of a record's fields, in the order every read selects them.
COLUMNS: tuple[Column, ...] = (
    Column("id", "TEXT", "text"),
    Column("text", "TEXT", "text", updated=True),
    Column("kind", "TEXT", "text", updated=True),
    Column("role", "TEXT", "text", updated=True),
    Column("user_id", "TEXT", "text"),
    Column("agent_id", "TEXT", "text"),
    Column("session_id", "TEXT", "text"),
    Column("metadata", "TEXT", "jsonb", _JSON, updated=True),
    Column("created_at", "REAL", "float8", _TIME),
    Column("updated_at", "REAL", "float8", _TIME),
    Column("last_accessed_at", "REAL", "float8", _TIME, inserted=False),
    Column("access_count", "INTEGER", "int4", inserted=False),
    Column("importance", "REAL", "float8", updated=True),
    Column("parent_id", "TEXT", "text"),
    Column("position", "INTEGER", "int4"),
    Column("content_hash", "TEXT", "text", updated=True),
    Column("expires_at", "REAL", "float8", _TIME, updated=True),
    Column("namespace", "TEXT", "text", _NAMESPACE),
    Column("key", "TEXT", "text"),
    Column("provenance", "TEXT", "jsonb", _PROVENANCE, updated=True),
    Column("language", "TEXT", "text"),
)

#: The provenance of a record stored before remem kept it.
_UNKNOWN = Provenance()


@dataclass(frozen=True, slots=True)
class Dialect:
    """What a backend's driver does differently: how it writes a JSON object (``json_out``, an
    empty one included) and reads one back (``json_in``: the column's value, maybe NULL → a
    dict, or None for none)."""

    json_out: Callable[[dict[str, Any]], Any]
    json_in: Callable[[Any], dict[str, Any] | None]


class RowCodec:
    """The statements and conversions of one dialect, made once from :data:`COLUMNS`."""

    def __init__(self, dialect: Dialect, *, alias: str = "") -> None:
        self.dialect = dialect
        #: What a read selects, in order (``id, text, ...``; ``m.id, m.text, ...`` with an
        #: ``alias``).
        self.select = ", ".join(f"{alias}.{c.name}" if alias else c.name for c in COLUMNS)
        #: The columns an insert writes, in order.
        self.inserted = tuple(c for c in COLUMNS if c.inserted)
        self.insert_names = tuple(c.name for c in self.inserted)
        #: Their PostgreSQL types (a binary COPY names them).
        self.copy_types = tuple(c.postgres for c in self.inserted)
        self._out = tuple(self._writer(c) for c in self.inserted)
        self._fields = attrgetter(*self.insert_names)
        self._stamped = self.insert_names.index("updated_at")
        self._written = tuple((at, write) for at, write in enumerate(self._out) if write)
        self._in = tuple((c.name, self._reader(c)) for c in COLUMNS)

    # -- the record's fields → the row -------------------------------------------------------------
    def _writer(self, column: Column) -> Callable[[Any], Any] | None:
        kind = column.kind
        if kind == _JSON:
            return lambda value: self.dialect.json_out(dict(value or {}))
        if kind == _PROVENANCE:
            return lambda value: self.dialect.json_out(made) if (made := value.to_dict()) else None
        if kind == _NAMESPACE:
            return encode_namespace
        return None  # numbers, texts and times are stored as they are

    def values(self, record: NewRecord, stamp: float) -> list[Any]:
        """The inserted columns' values of ``record`` (:attr:`insert_names`), written at
        ``stamp`` (its ``updated_at`` when it has none)."""
        out = list(self._fields(record))
        out[self._stamped] = record.updated(stamp)
        for at, write in self._written:
            out[at] = write(out[at])
        return out

    def changes(self, change: Update) -> dict[str, Any]:
        """The columns ``change`` sets, with their values as stored."""
        sets: dict[str, Any] = {}
        for column in COLUMNS:
            if not column.updated:
                continue
            value = getattr(change, column.name)
            if value is not None:
                write = self._writer(column)
                sets[column.name] = value if write is None else write(value)
        return sets

    # -- the row → the record ----------------------------------------------------------------------
    def _reader(self, column: Column) -> Callable[[Any], Any] | None:
        kind = column.kind
        if kind == _TIME:
            return from_epoch
        if kind == _NAMESPACE:
            return lambda value: decode_namespace(value) if value else ()
        if kind == _JSON:
            return lambda value: self.dialect.json_in(value) or {}
        if kind == _PROVENANCE:
            return lambda value: (
                Provenance.from_dict(made) if (made := self.dialect.json_in(value)) else _UNKNOWN
            )
        return None

    def record(self, row: Sequence[Any] | Mapping[str, Any]) -> MemoryRecord:
        """The record of a row that starts with :attr:`select`'s columns (a tuple or a row
        read by position) or holds them by name (a dict)."""
        if isinstance(row, Mapping):
            values = [row[name] for name, _ in self._in]
        else:
            values = list(row[: len(self._in)])
        fields = {
            name: value if read is None else read(value)
            for (name, read), value in zip(self._in, values, strict=True)
        }
        return MemoryRecord(**fields)
