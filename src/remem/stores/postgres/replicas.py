"""Read replicas of a PostgreSQL store: reads on a streaming standby that is caught up, every
write on the primary.

A read goes to the next replica (round robin) that is up, no more than ``max_lag`` seconds
behind its primary, and has replayed the store's last write (its LSN, taken after each commit
this store made): a process reads its own writes. When the chosen replica has not replayed
that write yet, the read waits for it up to ``wait`` seconds, then goes to the primary. A
replica that fails (refuses connections, drops one, cancels a read that conflicts with
recovery) is skipped for ``retry`` seconds, then tried again; the read it failed is answered by
the primary. Each replica's state is checked at most every ``check_every`` seconds, by the
read that finds it stale. ``served()`` counts who answered, and why the primary did.

**While the primary is down** (``primary_up()`` says so: :mod:`.primary`), or when it goes down
as a read reaches it, a read goes to any replica that is up, however far behind, rather than
fail; no replica can then be known to hold every acknowledged write, so each such read is
*stale* — noted with the replica's lag (:func:`remem.stores.base.note_stale`;
``X-Remem-Stale`` over HTTP, ``stale`` on a search hit) and counted as ``("stale", url)``.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import psycopg
from pgvector.psycopg import register_vector
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool, PoolTimeout

from remem.core.errors import InvalidInputError, StoreError, StoreUnavailableError
from remem.core.redact import first_line
from remem.stores.base import note_stale, read_after, wal_number

__all__ = ["Replica", "Replicas", "given_lsn", "lsn_number", "lsn_text"]

T = TypeVar("T")

#: A replica's state in one round trip: whether it is still a standby, the WAL it has replayed
#: (a promoted one: its own WAL), and how many seconds it is behind (0 while it has replayed
#: all it received and its WAL receiver runs; else the age of the last replayed commit — a
#: standby cut off from its primary ages until it is skipped).
_STATE = """
SELECT pg_is_in_recovery(),
  CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END::text,
  CASE WHEN NOT pg_is_in_recovery() THEN 0
       WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
            AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver) THEN 0
       ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0) END
"""
_REPLAYED = (
    "SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() "
    "ELSE pg_current_wal_lsn() END)::text"
)
#: What a replica answers when it cannot serve a read now: connection lost or refused, a
#: server shutting down, a read cancelled by a conflict with recovery (SQLSTATE 40001), a
#: table or column it has not replayed yet (the primary migrated a moment ago).
FAILURES = (
    psycopg.OperationalError,
    PoolTimeout,
    pg_errors.SerializationFailure,
    pg_errors.UndefinedTable,
    pg_errors.UndefinedColumn,
)


def lsn_number(text: str | None) -> int:
    """A WAL position ``"16/B374D848"`` the server wrote as one number (0 for none)."""
    return (wal_number(text) or 0) if text else 0


def lsn_text(number: int) -> str:
    """One number as a WAL position, as PostgreSQL writes it."""
    return f"{number >> 32:X}/{number & 0xFFFFFFFF:X}"


def given_lsn(text: str) -> int:
    """A read position a caller gave (:func:`remem.stores.base.reading_after`)."""
    number = wal_number(text)
    if number is None:
        raise InvalidInputError(
            f"this store's read positions are WAL positions such as '0/3000060', not {text!r}"
        )
    return number


@dataclass
class Replica:
    """One replica: its pool and what the last check found."""

    url: str
    shown: str
    pool: ConnectionPool[Any]
    standby: bool = True
    replayed: int = 0
    lag: float = 0.0
    checked: float = 0.0
    down_until: float = 0.0
    #: Until then, a read it has not replayed enough for does not wait for it (it did not
    #: catch up the last time: a standby reconnecting to its primary takes seconds).
    stalled_until: float = 0.0
    error: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)


class Replicas:
    """The replicas of one store, with the rules above."""

    def __init__(
        self,
        urls: Sequence[str],
        *,
        schema_lsn: int,
        shown: Callable[[str], str],
        connect_error: Callable[[str, BaseException], str],
        max_connections: int = 8,
        connect_timeout: int = 10,
        max_lag: float = 10.0,
        wait: float = 0.5,
        retry: float = 5.0,
        check_every: float = 1.0,
        primary_up: Callable[[], bool] = lambda: True,
    ) -> None:
        self.primary_up = primary_up
        self.max_lag = max_lag
        self.wait = wait
        self.retry = retry
        self.check_every = check_every
        self._written = 0  # the LSN after this store's last write
        self._primary_until = 0.0  # reads go to the primary until then (a write's LSN unknown)
        self._next = 0
        self._lock = threading.Lock()
        self._served: Counter[tuple[str, str]] = Counter()
        self.replicas: list[Replica] = []
        for url in urls:
            name = shown(url)
            try:  # a wrong or unreachable replica is a mistake to say at once
                with psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout) as c:
                    # The primary's schema, just made or migrated, replayed there first.
                    reached = _replay(c, schema_lsn, time.monotonic() + connect_timeout)
                    replayed = reached >= schema_lsn
                    c.execute("SELECT 1 FROM remem_migrations LIMIT 1")
            except pg_errors.UndefinedTable as exc:
                self.close()
                raise StoreError(
                    f"the replica {name} holds no remem store"
                    + ("" if replayed else f" (nor replayed the primary's in {connect_timeout} s)")
                    + ": is it a streaming replica of this store's primary?"
                ) from exc
            except psycopg.Error as exc:
                self.close()
                raise StoreError("replica: " + connect_error(name, exc)) from exc
            pool: ConnectionPool[Any] = ConnectionPool(
                url,
                min_size=1,
                max_size=max_connections,
                kwargs={"autocommit": True, "connect_timeout": connect_timeout},
                configure=register_vector,
                check=ConnectionPool.check_connection,
                timeout=min(connect_timeout, 2),  # a replica that is away: the primary answers
                open=True,
                name="remem-replica",
            )
            self.replicas.append(Replica(url=url, shown=name, pool=pool))

    # -- what the store calls ----------------------------------------------------------------------
    def wrote(self, conn: psycopg.Connection[Any]) -> None:
        """After a commit on the primary ``conn``: reads from now on need a replica that has
        replayed it."""
        try:
            row = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()
        except psycopg.Error:  # committed, position unknown: the primary answers for a while
            with self._lock:
                self._primary_until = time.monotonic() + self.max_lag + self.wait
            return
        position = lsn_number(row[0] if row else None)
        with self._lock:
            self._written = max(self._written, position)

    def read(self, work: Callable[[psycopg.Connection[Any]], T], primary: Callable[[], T]) -> T:
        """``work`` on a replica that may answer it, else ``primary()``."""
        # With the primary down no replica can be known to be current: any that answers does,
        # marked stale; else the primary's own error, at once.
        stale = not self.primary_up()
        replica, why = (self._any(), "down") if stale else self._choose()
        if replica is not None:
            served = self._on(replica, work, stale)
            if served is not None:
                return served[0]
            why = "failed"
        try:
            out = primary()
        except StoreUnavailableError:
            # The primary went down as this read reached it (before the watcher saw it, or
            # while the read waited for a replica to catch up): a replica answers, stale.
            replica = self._any()
            served = self._on(replica, work, True) if replica is not None else None
            if served is None:
                raise
            return served[0]
        self._count("primary", why)
        return out

    def _on(
        self, replica: Replica, work: Callable[[psycopg.Connection[Any]], T], stale: bool
    ) -> tuple[T] | None:
        """``(work(conn),)`` on ``replica``, counted and noted stale if so; None when the
        replica failed (skipped for ``retry`` seconds)."""
        try:
            with replica.pool.connection() as conn:
                out = work(conn)
        except FAILURES as exc:
            self._down(replica, exc)
            return None
        if stale:
            note_stale(replica.lag)
        self._count("stale" if stale else "replica", replica.shown)
        return (out,)

    def served(self) -> dict[tuple[str, str], int]:
        """Reads answered so far: ``("replica", url)`` by a replica, ``("stale", url)`` by one
        while the primary was down, ``("primary", why)`` by
        the primary, ``why`` one of ``down`` (no replica up), ``lagging`` (the ones up are over
        ``max_lag`` behind), ``behind`` (none replayed the store's last write within
        ``wait``), ``failed`` (the replica failed mid-read)."""
        with self._lock:
            return dict(self._served)

    def states(self) -> list[dict[str, Any]]:
        """Each replica's state at its last check (``replica_states()``, ``/metrics``)."""
        now = time.monotonic()
        return [
            {
                "url": r.shown,
                "up": r.down_until <= now,
                "standby": r.standby,
                "lag_seconds": round(r.lag, 3),
                "error": r.error,
            }
            for r in self.replicas
        ]

    def close(self) -> None:
        for replica in self.replicas:
            replica.pool.close()

    # -- choosing ----------------------------------------------------------------------------------
    def position(self) -> str | None:
        """The WAL position after this store's last write (None before one)."""
        with self._lock:
            return lsn_text(self._written) if self._written else None

    def _choose(self) -> tuple[Replica | None, str]:
        given = read_after()  # another handle's write, from reading_after()
        elsewhere = given_lsn(given) if given is not None else 0
        now = time.monotonic()
        with self._lock:
            start = self._next
            self._next = (self._next + 1) % len(self.replicas)
            needed = max(self._written, elsewhere)
            if now < self._primary_until:
                return None, "behind"
        why = "down"
        deadline = now + self.wait  # one wait for a caught-up replica, however many there are
        for step in range(len(self.replicas)):
            replica = self.replicas[(start + step) % len(self.replicas)]
            if replica.down_until > now:
                continue
            if now - replica.checked >= self.check_every and not self._check(replica):
                continue
            if replica.lag > self.max_lag:
                why = "lagging"
                continue
            if replica.replayed < needed:
                stalled = replica.stalled_until > now
                if not self._catch_up(replica, needed, now if stalled else deadline):
                    if not stalled:
                        replica.stalled_until = time.monotonic() + self.check_every
                    why = "behind" if why == "down" else why
                    continue
            return replica, ""
        return None, why

    def _any(self) -> Replica | None:
        """While the primary is down: the first replica that answers, whatever its lag."""
        now = time.monotonic()
        for replica in self.replicas:
            if replica.down_until > now:
                continue
            if now - replica.checked >= self.check_every and not self._check(replica):
                continue
            return replica
        return None

    def _check(self, replica: Replica) -> bool:
        """Refresh ``replica``'s state; False when it cannot be reached."""
        try:
            with replica.pool.connection() as conn:
                row = conn.execute(_STATE).fetchone()
        except FAILURES as exc:
            self._down(replica, exc)
            return False
        assert row is not None
        with replica.lock:
            replica.standby = bool(row[0])
            replica.replayed = lsn_number(row[1])
            replica.lag = float(row[2] or 0.0)
            replica.checked = time.monotonic()
            replica.error = ""
        return True

    def _catch_up(self, replica: Replica, needed: int, deadline: float) -> bool:
        """Wait until ``deadline`` at most for ``replica`` to replay LSN ``needed``."""
        try:
            with replica.pool.connection() as conn:
                replica.replayed = max(replica.replayed, _replay(conn, needed, deadline))
            return replica.replayed >= needed
        except FAILURES as exc:
            self._down(replica, exc)
            return False

    def _down(self, replica: Replica, exc: BaseException) -> None:
        with replica.lock:
            replica.down_until = time.monotonic() + self.retry
            replica.checked = 0.0  # checked again before it serves
            replica.error = first_line(exc)

    def _count(self, who: str, what: str) -> None:
        with self._lock:
            self._served[(who, what)] += 1


def _replay(conn: psycopg.Connection[Any], position: int, deadline: float) -> int:
    """The WAL position ``conn``'s server has replayed, once it reaches ``position`` or at
    ``deadline`` (``time.monotonic()``), polling at 2 ms doubling to 50 ms."""
    pause = 0.002
    while True:
        row = conn.execute(_REPLAYED).fetchone()
        reached = lsn_number(row[0] if row else None)
        if reached >= position or time.monotonic() + pause > deadline:
            return reached
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
