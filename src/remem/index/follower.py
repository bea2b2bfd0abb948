"""An in-memory vector index kept in step with rows a database holds: an index follower.

The SQLite store's vector mirror (every record's vectors) and the semantic cache (one cache's
entries) each keep a :class:`~remem.index.vector_index.VectorIndex` of rows that other handles and
processes change, and follow them the same way: a cheap token says whether anyone else has
committed since it was last read; when it moved, the rows' own record of changes catches the
index up, and when it cannot (too far behind, or something it cannot apply), the index is
dropped and built again when next needed. The owner applies its own writes to :attr:`index` as
it makes them (the token does not move for a handle's own commits). What differs — which
table, how changes are found, whether a saved file is used — is the :class:`FollowedRows` the
owner gives it.

Not thread-safe by itself: the owner calls it under its own lock.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

from remem.index.vector_index import VectorIndex

__all__ = ["FollowedRows", "IndexFollower"]


class FollowedRows(Protocol):
    """The rows an :class:`IndexFollower` follows, as their owner reads them."""

    def token(self) -> Hashable:
        """A value that moves when another handle or process commits."""

    def catch_up(self, index: VectorIndex) -> bool:
        """Apply to ``index`` what others changed since it was caught up last; False when that
        cannot be done (then the index is built again)."""

    def load(self) -> VectorIndex:
        """A new index of every row."""


_UNSEEN: Hashable = object()


class IndexFollower:
    """:attr:`index` (None until first needed, or after :meth:`drop`) following ``rows``."""

    def __init__(self, rows: FollowedRows) -> None:
        self.rows = rows
        self.index: VectorIndex | None = None
        self._token = _UNSEEN

    def follow(self) -> None:
        """Catch the index up with others' commits (read inside the owner's write
        transaction, before it writes; a follower with no index only notes the token)."""
        token = self.rows.token()
        if token == self._token:
            return
        self._token = token
        if self.index is not None and not self.rows.catch_up(self.index):
            self.index = None

    def synced(self) -> VectorIndex:
        """The index, caught up with every commit, loaded when there is none."""
        self.follow()
        if self.index is None:
            self.index = self.rows.load()
        return self.index

    def drop(self) -> None:
        """Forget the index (it may hold a write that was undone, or vectors of another width):
        the next :meth:`synced` builds it again."""
        self.index = None
