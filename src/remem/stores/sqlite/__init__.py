"""The SQLite store: the embedded default."""

from remem.stores.sqlite.store import SQLiteStore

__all__ = ["SQLiteStore"]
