"""A record's row, declared once: each column of ``memories`` that holds a field of
:class:`~remem.core.records.MemoryRecord`, its type in each dialect, and how it is written from a
:class:`~remem.stores.base.NewRecord` or an :class:`~remem.stores.base.Update` and read back.

Both SQL stores make every statement that moves a record's fields from this one list: the
insert's columns and values (SQLite), the COPY's columns, types and values (PostgreSQL), the
columns a read selects and the record it builds, and an update's ``SET``. What differs between
them is a :class:`Dialect`: the placeholder, how a JSON value and a vector are written and read
(the backend supplies those, so this module imports no driver). A new caller-set field is one
:class:`Column` here, its field on the records, and a migration per store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from remem.core.records import MemoryRecord, Provenance, decode_namespace, encode_namespace
from remem.core.timeutil import from_epoch

if TYPE_CHECKING:
    from remem.stores.base import NewRecord, Update

__all__ = ["COLUMNS", "Column", "Dialect", "RowCodec"]

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
    #: Written by an insert from the :class:`~remem.stores.base.NewRecord`'s field of this
    #: name (False: the store keeps it itself, like the access statistics).
    inserted: bool = True
    #: Changed by an :class:`~remem.stores.base.Update`'s field of this name when it is set.
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
        out = []
        for column, write in zip(self.inserted, self._out, strict=True):
            if column.name == "updated_at":
                value = record.updated(stamp)
            else:
                value = getattr(record, column.name)
            out.append(value if write is None else write(value))
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
