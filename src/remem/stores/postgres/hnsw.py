"""pgvector's HNSW index of a PostgreSQL store, built off the request.

One index at the store's width, over the vectors at half precision (pgvector needs a fixed
width; searches use it through the same cast, ``embedding::halfvec(d)``, and rescore the
candidates it finds with the full vectors: half the index of full precision, as fast or faster,
no recall lost on the benchmark; pgvector older than 0.7, which has no ``halfvec``, gets a
full-precision index), built once a search needs it rather than at the first insert:
a bulk load writes at COPY speed and the graph is built once, with ``index_memory``, instead of
row by row (several times slower; docs/scaling.md). Later inserts update it. The build runs on
a thread of its own with ``CREATE INDEX CONCURRENTLY`` — writes go on, searches run exactly
until the index is valid; of several processes one builds it (an advisory lock), and an index a
stopped build left invalid is dropped and built anew. The thread is one of
:mod:`remem.index.background`'s: at exit or before a fork the statement is cancelled and the
thread waited for, rather than left waiting on the server while the interpreter finalizes.
"""

from __future__ import annotations

import contextlib
import threading
import warnings
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import psycopg

from remem.core.errors import IndexWarning
from remem.core.redact import first_line
from remem.embedders.base import EmbedderSignature
from remem.index import background

__all__ = ["HnswBuilder", "drop_indexes", "index_name", "index_valid"]

#: The advisory lock of building the HNSW index.
_INDEX_LOCK = 0x72656D0002


class HnswBuilder:
    """Knows which HNSW index is there and valid, and builds a missing one on its thread with
    a connection ``connect()`` gives (the primary's)."""

    def __init__(
        self,
        connect: Callable[[], AbstractContextManager[psycopg.Connection[Any]]],
        *,
        index_memory: str,
        half: bool = True,
    ) -> None:
        self._connect = connect
        #: Whether the index holds half-precision vectors (``halfvec``, pgvector >= 0.7).
        self.half = half
        #: The type the index's expression casts the vectors to (searches cast the same).
        self.kind = "halfvec" if half else "vector"
        #: ``maintenance_work_mem`` while the HNSW index is built: the graph should fit in it
        #: (about 1.6 kB a 384-d vector) or the build slows several times.
        self.index_memory = index_memory
        self._indexes: set[tuple[str, EmbedderSignature]] = set()  # seen to exist
        #: The thread building the index, if one was started.
        self.thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._building: psycopg.Connection[Any] | None = None
        self._closing = False

    def ready(self, conn: psycopg.Connection[Any], signature: EmbedderSignature) -> bool:
        """Whether the HNSW index of ``signature``'s width is there and valid; when it is not,
        its build starts on a thread of its own and the caller's search runs exactly."""
        dims = int(signature.dimensions)
        name = index_name(dims, self.half)
        if (name, signature) in self._indexes:  # (a re-embed elsewhere changes the signature)
            return True
        if index_valid(conn, name):
            self._indexes.add((name, signature))
            return True
        self._start(dims)
        return False

    def forget(self) -> None:
        """The store dropped its HNSW indexes (a re-embed): none is known to exist."""
        self._indexes.clear()

    def join(self) -> None:
        """Wait for a build started here, if any."""
        thread = self.thread
        if thread is not None:
            thread.join()

    def close(self) -> None:
        """Stop a build under way (the next one starts anew) and wait for its thread."""
        self._closing = True
        self._cancel()
        self.join()

    def _start(self, dims: int) -> None:
        """Build the index on a thread of its own, unless one is under way here."""
        with self._lock:
            if self.thread is not None and self.thread.is_alive():
                return
            self.thread = background.start(
                lambda: self._build(dims), "remem-hnsw", cancel=self._cancel
            )

    def _cancel(self) -> None:
        """End the statement the build waits on (the server cancels it)."""
        building = self._building
        if building is not None:
            with contextlib.suppress(psycopg.Error):
                building.cancel()

    def _build(self, dims: int) -> None:
        name = index_name(dims, self.half)
        kind = self.kind
        try:
            background.check()
            with self._connect() as conn:
                self._building = conn
                background.check()  # (stopped while this waited for the connection)
                (mine,) = conn.execute(
                    "SELECT pg_try_advisory_lock(%s)", (_INDEX_LOCK,)
                ).fetchone() or (False,)
                if not mine:
                    return  # another process builds it
                try:
                    if index_valid(conn, name):
                        return
                    conn.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {name}")  # a killed build's
                    conn.execute("SELECT set_config('maintenance_work_mem', %s, false)",
                                 (self.index_memory,))  # fmt: skip
                    conn.execute(
                        f"CREATE INDEX CONCURRENTLY {name} ON memories "
                        f"USING hnsw ((embedding::{kind}({dims})) {kind}_cosine_ops) "
                        "WITH (m = 16, ef_construction = 128)"
                    )
                    drop_indexes(conn, keep=[name])  # an older remem's (full precision)
                finally:
                    conn.execute("RESET maintenance_work_mem")
                    conn.execute("SELECT pg_advisory_unlock(%s)", (_INDEX_LOCK,))
        except psycopg.Error as exc:  # the index is an accelerator: searches stay exact
            if not self._closing and not background.stopping():
                warnings.warn(
                    f"could not build the vector index {name}: {first_line(exc)}", IndexWarning, 2
                )
        finally:
            self._building = None


def index_name(dims: int, half: bool = True) -> str:
    """The HNSW index's name at width ``dims`` (``half``: over ``halfvec``)."""
    return f"memories_hnsw{'h' if half else ''}_{int(dims)}"


def drop_indexes(conn: psycopg.Connection[Any], keep: Sequence[str] = ()) -> None:
    """Drop the HNSW indexes of every width and precision but those named in ``keep`` (a cast
    to another width would refuse the store's new vectors; another precision's is an older
    remem's)."""
    for (name,) in conn.execute(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'memories' "
        "AND indexname ~ '^memories_hnswh?_[0-9]+$' AND NOT indexname = ANY(%s)",
        (list(keep),),
    ).fetchall():
        conn.execute(f'DROP INDEX "{name}"')


def index_valid(conn: psycopg.Connection[Any], name: str) -> bool:
    """Whether index ``name`` exists and is valid (a concurrent build that was stopped leaves
    an invalid one)."""
    row = conn.execute(
        "SELECT i.indisvalid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid "
        "WHERE c.relname = %s",
        (name,),
    ).fetchone()
    return bool(row and row[0])
