"""A PostgreSQL store's one connection (:class:`PostgresConnection`), handed to each of its
parts: the primary's pool and whether it is up (:mod:`.primary`), the replicas that answer
reads (:mod:`.replicas`), write transactions, reads that may go to a replica, the position a
later read must reach, and the translation of the driver's errors into remem's (a lost
connection or a demoted primary is :class:`~remem.core.errors.StoreUnavailableError`, a full disk
:class:`~remem.core.errors.StorageFullError`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from pgvector.psycopg import register_vector
from psycopg import errors as pg_errors
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from remem.core.errors import StorageFullError, StoreError, StoreUnavailableError
from remem.core.observe import Gauge
from remem.core.redact import first_line, mask, remember
from remem.stores.postgres.primary import Primary
from remem.stores.postgres.replicas import Replicas

__all__ = ["PostgresConnection", "connect_error", "fetch"]

T = TypeVar("T")


class PostgresConnection:
    """The pools and their rules (see the module). ``prepare(conn)`` runs on the primary when
    it is first reached (the schema's migrations); it returns where the schema's WAL ends, the
    position a replica must have replayed before it answers."""

    marks = "%s"
    meta_table = "remem_meta"

    def __init__(
        self,
        url: str,
        *,
        prepare: Callable[[psycopg.Connection[Any]], int],
        min_connections: int = 1,
        max_connections: int = 8,
        connect_timeout: int = 10,
        replicas: Sequence[str] = (),
        max_replica_lag: float = 10.0,
        replica_wait: float = 0.5,
        replica_retry: float = 5.0,
    ) -> None:
        remember(url, *replicas)  # its passwords never shown (remem.core.redact)
        #: The URL with its password masked: what messages show.
        self.path = mask(url)

        def make_pool(host: str) -> ConnectionPool[Any]:
            return ConnectionPool(
                host,
                min_size=min_connections,
                max_size=max_connections,
                kwargs={"autocommit": True, "connect_timeout": connect_timeout},
                configure=register_vector,
                # A connection the server dropped while it sat idle (a restart, a failover, an
                # idle timeout) is replaced when taken, not handed to a request.
                check=ConnectionPool.check_connection,
                timeout=connect_timeout,
                open=True,
                name="remem",
            )

        schema: list[int] = []
        try:
            #: The host that takes writes, its pool, and whether it is up (:mod:`.primary`).
            self.primary = Primary(
                url,
                make_pool=make_pool,
                prepare=lambda conn: schema.append(prepare(conn)),
                describe=connect_error,
                connect_timeout=connect_timeout,
            )
        except psycopg.OperationalError as exc:
            raise StoreError(connect_error(self.path, exc)) from exc
        #: Streaming standbys that answer reads (:mod:`.replicas`), if any.
        self.replicas: Replicas | None = None
        if replicas:
            try:
                self.replicas = Replicas(
                    replicas,
                    schema_lsn=schema[-1] if schema else 0,
                    shown=mask,
                    connect_error=connect_error,
                    max_connections=max_connections,
                    connect_timeout=connect_timeout,
                    max_lag=max_replica_lag,
                    wait=replica_wait,
                    retry=replica_retry,
                    primary_up=lambda: self.primary.up,
                )
            except BaseException:
                self.primary.close()
                raise

    @contextmanager
    def reading(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the primary's pool, its errors as remem's."""
        try:
            with self.primary.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            self.primary.suspect()
            raise StoreUnavailableError(
                f"no connection to PostgreSQL at {self.path} ({exc}); retry shortly"
            ) from exc
        except pg_errors.ReadOnlySqlTransaction as exc:  # a demoted primary, mid-failover
            raise StoreUnavailableError(
                f"PostgreSQL at {self.path} takes no writes now ({first_line(exc)}): a "
                "failover? Nothing was written; retry shortly"
            ) from exc
        except pg_errors.DiskFull as exc:
            raise StorageFullError(
                f"the database at {self.path} is out of disk ({first_line(exc)}). Nothing "
                "written before was lost; free some space and retry."
            ) from exc
        except psycopg.OperationalError as exc:  # the connection lost, the server stopping
            self.primary.suspect()
            raise StoreUnavailableError(
                f"PostgreSQL at {self.path} failed: {first_line(exc)}. Nothing of this call "
                "was written; retry shortly"
            ) from exc

    @contextmanager
    def transaction(self, *, tracked: bool = True) -> Iterator[psycopg.Connection[Any]]:
        """One write transaction: committed on success, rolled back whole on any error.
        ``tracked``: later reads must see it (a replica that has replayed it, else the
        primary); access statistics are not."""
        with self.reading() as conn:
            wrote = False
            with conn.transaction():
                yield conn
                if tracked and self.replicas is not None:  # (a read-only one changes nothing)
                    row = conn.execute("SELECT pg_current_xact_id_if_assigned() IS NOT NULL")
                    wrote = bool((row.fetchone() or (False,))[0])
            if wrote and self.replicas is not None:
                self.replicas.wrote(conn)

    def read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(conn)`` on a replica that may answer it (up, not lagging, has this handle's
        writes; any one while the primary is down, marked stale), else on the primary."""

        def on_primary() -> T:
            with self.reading() as conn:
                return work(conn)

        if self.replicas is None:
            return on_primary()
        return self.replicas.read(work, on_primary)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """The rows of one read on the primary, as dicts."""
        with self.reading() as conn:
            return fetch(conn, sql, params)

    def stale_rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """:meth:`rows` of a read a replica may answer (stale while the primary is down)."""
        return list(self.read(lambda conn: fetch(conn, sql, params)))

    def position(self) -> str | None:
        """With replicas: the primary's WAL position after this handle's last write."""
        return self.replicas.position() if self.replicas is not None else None

    def replica_states(self) -> list[dict[str, Any]]:
        """Each replica's state at its last check: url (password masked), up, standby,
        lag_seconds, error; empty without replicas."""
        return self.replicas.states() if self.replicas is not None else []

    def health(self) -> dict[str, Any]:
        """Which parts are up (``Store.health``): writes, reads, the primary, the replicas."""
        primary = self.primary.state()
        replicas = self.replica_states()
        serving = sum(1 for r in replicas if r["up"])
        reads = "up" if primary["up"] else ("stale" if serving else "down")
        return {
            "writes": "up" if primary["up"] else "down",
            "reads": reads,
            "primary": {
                "up": primary["up"],
                "timeline": primary["timeline"],
                "down_seconds": primary["down_seconds"],
            },
            "replicas": {"configured": len(replicas), "up": serving},
        }

    def reads_served(self) -> dict[tuple[str, str], int]:
        """Reads answered so far with replicas configured: ``("replica", url)``, ``("stale",
        url)`` (the primary down) or ``("primary", why)``, why ``down``, ``lagging``,
        ``behind`` or ``failed``."""
        return self.replicas.served() if self.replicas is not None else {}

    def gauges(self) -> list[Gauge]:
        """The pools, the replicas and the reads they served, for ``/metrics``."""
        pools = [("primary", self.primary.pool)] if self.primary.pool is not None else []
        if self.replicas is not None:
            pools += [(r.shown, r.pool) for r in self.replicas.replicas]
        out: list[Gauge] = []
        for name, pool in pools:
            stats = pool.get_stats()
            size, idle = stats.get("pool_size", 0), stats.get("pool_available", 0)
            out += [
                Gauge("remem_pool_connections", idle, {"pool": name, "state": "idle"}),
                Gauge("remem_pool_connections", size - idle, {"pool": name, "state": "used"}),
                Gauge("remem_pool_waiting", stats.get("requests_waiting", 0), {"pool": name}),
            ]
        for state in self.replicas.states() if self.replicas is not None else []:
            labels = {"replica": state["url"]}
            out += [
                Gauge("remem_replica_up", 1.0 if state["up"] else 0.0, labels),
                Gauge("remem_replica_lag_seconds", state["lag_seconds"], labels),
            ]
        served = self.replicas.served() if self.replicas is not None else {}
        for (who, what), n in sorted(served.items()):
            labels = {"by": who, "why": what} if who == "primary" else {"by": who, "replica": what}
            out.append(Gauge("remem_reads_total", n, labels))
        out.append(Gauge("remem_primary_up", 1.0 if self.primary.up else 0.0, {}))
        return out

    def close(self) -> None:
        if self.replicas is not None:
            self.replicas.close()
        self.primary.close()


def fetch(conn: psycopg.Connection[Any], sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    """The rows of ``sql`` on ``conn``, as dicts (none for a statement that returns none)."""
    with conn.cursor(row_factory=dict_row) as cur:
        cur.execute(sql, params)
        return cur.fetchall() if cur.description else []


def connect_error(shown: str, exc: BaseException) -> str:
    """What failed when connecting, and what to do about it."""
    text = str(exc)
    found = re.search(r"FATAL:\s+(.*)", text)
    reason = found.group(1).strip() if found else first_line(exc)
    if "password authentication failed" in text or re.search(r'role ".*" does not exist', text):
        fix = "check the user name and password in the URL"
    elif "no pg_hba.conf entry" in text:
        fix = "the server does not let this user in from here: allow it in pg_hba.conf"
    elif re.search(r'database ".*" does not exist', text):
        fix = "create the database (CREATE DATABASE ...) or correct its name in the URL"
    else:
        fix = "is the server running, and are the host and port in the URL right?"
    return f"cannot connect to PostgreSQL at {shown}: {reason}. {fix[0].upper()}{fix[1:]}"
