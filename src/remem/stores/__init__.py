"""Stores: the system of record, opened by location.

``open_store(location)`` takes a directory (the SQLite store in it), ``":memory:"``, or a URL
whose scheme names a registered backend: ``sqlite:PATH`` (or ``sqlite:///PATH``,
``sqlite::memory:``), ``postgresql://user:password@host:port/db`` (or ``postgres://``; needs
``remem[postgres]``). Another backend registers its scheme with :func:`register_store`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from remem.core.errors import InvalidInputError, MissingDependencyError
from remem.core.registry import Registry
from remem.stores.base import NewRecord, RecordStore, Store, Update
from remem.stores.erasure import Erasure
from remem.stores.tables import (
    AuditLog,
    CacheTable,
    Capability,
    KeyTable,
    Snapshots,
    UsageTable,
    capabilities,
    offered,
    part,
    require,
)
from remem.stores.trash import Trash

__all__ = [
    "AuditLog",
    "CacheTable",
    "Capability",
    "Erasure",
    "KeyTable",
    "NewRecord",
    "RecordStore",
    "Snapshots",
    "Store",
    "Trash",
    "Update",
    "UsageTable",
    "capabilities",
    "offered",
    "open_store",
    "part",
    "register_store",
    "require",
    "sqlite_location",
    "store_schemes",
]

#: ``scheme:rest``; a scheme is two letters at least, so ``C:\\data`` stays a path.
_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]+):(?P<rest>.*)", re.S)
#: Each URL scheme's opener (``opener(location, **options)``), in the registry every pluggable
#: part uses (:mod:`remem.core.registry`).
_OPENERS: Registry[Store] = Registry("store", Store)


def register_store(scheme: str, opener: Callable[..., Store]) -> None:
    """Open locations ``<scheme>:...`` with ``opener(location, **options)``."""
    _OPENERS.register(scheme.lower(), opener, shown="...")


def store_schemes() -> list[str]:
    """The URL schemes a store can be opened with."""
    return _OPENERS.available()


def sqlite_location(location: str | Path) -> str | None:
    """The directory (or ``":memory:"``) of the SQLite store ``location`` names — a path, or a
    ``sqlite:`` URL — or None when it names another backend."""
    text = str(location)
    found = None if isinstance(location, Path) or text == ":memory:" else _URL.fullmatch(text)
    if found is None:
        return text
    if found["scheme"].lower() != "sqlite":
        return None
    rest = found["rest"]
    return rest[2:] if rest.startswith("//") else rest  # sqlite:///x → /x


def open_store(location: str | Path, **options: Any) -> Store:
    """Open (or create) the store at ``location``: a directory, ``":memory:"``, or a URL of a
    registered scheme (see :func:`store_schemes`). ``options`` go to the backend."""
    text = str(location)
    found = None if isinstance(location, Path) or text == ":memory:" else _URL.fullmatch(text)
    if found is None:
        return _open_sqlite(text, **options)
    scheme = found["scheme"].lower()
    if options.get("key") and scheme != "sqlite":
        raise InvalidInputError(
            f"a key encrypts a SQLite store; a {scheme}: store is encrypted by its server and "
            "disks (docs/privacy.md, 'Encryption at rest')"
        )
    opener = _OPENERS.factory(scheme)
    if opener is None:
        raise InvalidInputError(
            f"no store opens {scheme}: locations (in {text!r}): use a directory, ':memory:', "
            f"or one of {', '.join(f'{s}:' for s in store_schemes())}"
        )
    return opener(text, **options)


def _open_sqlite(location: str, **options: Any) -> Store:
    if options.pop("replicas", None):
        raise InvalidInputError(
            "read replicas are PostgreSQL's (streaming standbys): a SQLite store has none; "
            "several processes on one machine share it directly (docs/scaling.md)"
        )
    from remem.stores.sqlite import SQLiteStore  # its modules load only when a store opens

    return SQLiteStore(sqlite_location(location) or location, **options)


def _open_postgres(location: str, **options: Any) -> Store:
    try:
        from remem.stores.postgres import PostgresStore
    except ImportError as exc:
        raise MissingDependencyError.for_extra("psycopg", "postgres") from exc
    keep = {
        "exact_search_limit",
        "index_memory",
        "ef_search",
        "min_connections",
        "max_connections",
        "connect_timeout",
        "replicas",
        "max_replica_lag",
        "replica_wait",
        "replica_retry",
    }
    unknown = set(options) - keep - _SQLITE_ONLY
    if unknown:
        raise InvalidInputError(
            f"the PostgreSQL store has no option {sorted(unknown)}: use {sorted(keep)}"
        )
    return PostgresStore(location, **{k: v for k, v in options.items() if k in keep})


#: Settings every ``remem.open`` passes, which only the SQLite store uses.
_SQLITE_ONLY = frozenset({"busy_timeout", "synchronous"})


register_store("sqlite", _open_sqlite)
register_store("postgresql", _open_postgres)
register_store("postgres", _open_postgres)
