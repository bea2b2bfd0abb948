"""Stores: the system of record. ``sqlite`` is the default; more backends register here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from remem.stores.base import NewRecord, RecordStore, Store, Update
from remem.stores.tables import CacheTable, KeyTable, UsageTable

__all__ = [
    "CacheTable",
    "KeyTable",
    "NewRecord",
    "RecordStore",
    "Store",
    "Update",
    "UsageTable",
    "open_store",
]


def open_store(path: str | Path, **options: Any) -> Store:
    """Open (or create) the store at ``path``: a directory, or ``":memory:"``."""
    from remem.stores.sqlite.store import SQLiteStore

    return SQLiteStore(path, **options)
