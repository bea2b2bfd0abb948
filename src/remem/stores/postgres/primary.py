"""The primary of a PostgreSQL store: which host takes writes, a pool of connections to it, and
whether it is up — decided by remem, not left to the driver.

**Which host.** A URL may name several hosts (``postgresql://a:5432,b:5432/db``, or
``host=a,b`` in a conninfo). At open, and whenever the primary is lost, remem asks each host
whether it takes writes and on which timeline (:data:`_ROLE`), and connects to the one that
does. **Two hosts that take writes** — an old primary brought back read-write after a standby
was promoted — is split brain: remem refuses to write to either, with an error naming both,
until the old one is fenced or rebuilt as a standby. So is a host that takes writes on an
**older timeline** than one remem has seen (the promoted standby's, on another host or
earlier in this process): an old primary back alone. Failover itself (promoting a standby,
fencing the old primary) belongs to an HA tool — Patroni, pg_auto_failover, a cloud
provider's — which remem follows.

**Whether it is up.** A watcher thread checks the primary every :attr:`Primary.check_every`
seconds on a connection of its own (at once when a request met a failure). When the check
fails the primary is *down*: a request that needs it fails at once
(:class:`~remem.core.errors.StoreUnavailableError`, a 503 with ``Retry-After`` over HTTP) instead
of waiting out a connect timeout, and reads go to a replica, stale if need be
(:mod:`.replicas`). While down the watcher looks for a primary among the hosts every
:attr:`Primary.retry_every` seconds (a restart, a promotion); the one it finds gets a fresh
pool, so requests run again as soon as a new primary answers, without the pool's own
reconnection back-off.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from remem.core.errors import StoreError, StoreUnavailableError
from remem.core.redact import first_line, mask

__all__ = ["HostRole", "Primary", "hosts_of", "roles_of"]

log = logging.getLogger("remem.postgres")


class _QuietPools(logging.Filter):
    """psycopg_pool warns at every failed reconnection of a pool, over several lines; remem's
    own pools say once that the primary (or a replica) is down instead (:data:`log`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        ours = bool(args) and str(args[0]).startswith("remem")
        return not (ours and str(record.msg).startswith("error connecting in"))


logging.getLogger("psycopg.pool").addFilter(_QuietPools())

#: Every primary being watched: at exit their watchers stop first (a database stopped by the
#: process's later exit handlers is not a primary down).
_WATCHED: weakref.WeakSet[Primary] = weakref.WeakSet()


@atexit.register
def _stop_watching() -> None:  # (registered again by each Primary: see Primary.__init__)
    for primary in list(_WATCHED):
        primary._exiting.set()  # not closed: a later exit handler may still write (a flush)
        primary._wake.set()


#: Whether a host is a standby, and its timeline: a primary's from the WAL file it writes to,
#: a standby's from the WAL it receives (else its last restart point's).
_ROLE = """
SELECT pg_is_in_recovery(),
  CASE WHEN pg_is_in_recovery() THEN
    coalesce((SELECT received_tli FROM pg_stat_wal_receiver),
             (SELECT timeline_id FROM pg_control_checkpoint()), 0)
  ELSE ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int END
"""


@dataclass(frozen=True, slots=True)
class HostRole:
    """One host as a check found it: ``writable`` (not a standby), its ``timeline``, or the
    ``error`` that kept it from answering."""

    url: str
    writable: bool = False
    timeline: int = 0
    error: str = ""
    failure: BaseException | None = None

    @property
    def shown(self) -> str:
        return _where(self.url)


def hosts_of(url: str) -> list[str]:
    """One conninfo per host ``url`` names (the URL itself when it names one)."""
    try:
        params = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return [url]  # connecting says what is wrong with it
    hosts = str(params.get("host") or "").split(",")
    addrs = str(params.get("hostaddr") or "").split(",") if params.get("hostaddr") else []
    count = max(len(hosts), len(addrs))
    if count <= 1:
        return [url]
    ports = str(params.get("port") or "").split(",")
    ports = ports * count if len(ports) == 1 else ports
    out = []
    for i in range(count):
        one = {**params, "host": hosts[i] if i < len(hosts) else None, "port": ports[i]}
        if addrs:
            one["hostaddr"] = addrs[i]
        one.pop("target_session_attrs", None)
        out.append(make_conninfo("", **{k: v for k, v in one.items() if v not in (None, "")}))
    return out


def roles_of(hosts: list[str], timeout: float) -> list[HostRole]:
    """Each host's role, asked in parallel (one connection each, ``timeout`` seconds at most)."""
    found: list[HostRole | None] = [None] * len(hosts)

    def ask(i: int) -> None:
        try:
            with psycopg.connect(
                hosts[i], autocommit=True, connect_timeout=max(1, round(timeout))
            ) as conn:
                try:
                    row = conn.execute(_ROLE).fetchone()
                except psycopg.errors.InsufficientPrivilege:  # no timeline for this role
                    row = conn.execute("SELECT pg_is_in_recovery(), 0").fetchone()
            assert row is not None
            found[i] = HostRole(hosts[i], writable=not row[0], timeline=int(row[1] or 0))
        except psycopg.Error as exc:
            found[i] = HostRole(hosts[i], error=first_line(exc), failure=exc)

    threads = [threading.Thread(target=ask, args=(i,), daemon=True) for i in range(len(hosts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 1)
    return [f or HostRole(hosts[i], error="no answer in time") for i, f in enumerate(found)]


class Primary:
    """The store's primary: its host, its pool, and whether it is up (see the module).
    ``prepare(conn)`` runs once at open on a connection to the chosen host, before its pool
    (the schema); ``describe(shown, exc)`` says what a failure to connect at open means."""

    def __init__(
        self,
        url: str,
        *,
        make_pool: Callable[[str], ConnectionPool[Any]],
        prepare: Callable[[psycopg.Connection[Any]], None] | None = None,
        describe: Callable[[str, BaseException], str] = lambda shown, exc: first_line(exc),
        connect_timeout: float = 10.0,
        check_every: float = 0.5,
        retry_every: float = 0.25,
    ) -> None:
        self.hosts = hosts_of(url)
        self.make_pool = make_pool
        self.describe = describe
        self.connect_timeout = connect_timeout
        self.check_every = check_every
        self.retry_every = retry_every
        #: The newest timeline seen on any host, this process's lifetime.
        self.timeline = 0
        self.host = ""
        self.up = False
        self.down_since = 0.0
        self.reason = ""
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        #: Set at interpreter exit: the watcher stops and nothing is marked down any more,
        #: while connections are still handed out to exit handlers that need them.
        self._exiting = threading.Event()
        self._probe: psycopg.Connection[Any] | None = None
        self.pool: ConnectionPool[Any] | None = None
        host = self._choose(opening=True)
        if prepare is not None:  # before any pooled connection (which may need its types)
            with psycopg.connect(
                host, autocommit=True, connect_timeout=max(1, round(connect_timeout))
            ) as conn:
                prepare(conn)
        self.pool = make_pool(host)
        self._mark_up(host)
        self._watcher = threading.Thread(target=self._watch, name="remem-primary", daemon=True)
        self._watcher.start()
        _WATCHED.add(self)
        # Exit handlers run last-registered first: moved after whatever registered since (a
        # database started in this process stops at exit too, and is not a primary down).
        atexit.unregister(_stop_watching)
        atexit.register(_stop_watching)

    # -- what the store calls ----------------------------------------------------------------------
    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection to the primary from the pool; :class:`StoreUnavailableError` at once
        while it is down, and as soon as it is found down while waiting for one."""
        deadline = time.monotonic() + self.connect_timeout
        while True:
            if self._closing.is_set():
                raise StoreError("this PostgreSQL store was closed")
            if not self.up:
                raise StoreUnavailableError(self.unavailable())
            pool = self.pool
            if pool is None:  # (found down between the two lines)
                continue
            left = deadline - time.monotonic()
            try:
                conn = pool.getconn(timeout=max(0.01, min(0.2, left)))
                break
            except PoolClosed:  # swapped for a new primary's pool meanwhile
                continue
            except PoolTimeout:
                if time.monotonic() >= deadline:
                    raise
                self.suspect()
        try:
            yield conn
        finally:
            try:
                pool.putconn(conn)
            except PoolClosed:  # the pool was swapped while this ran
                conn.close()

    def suspect(self) -> None:
        """A request met a failure that may be the primary's: check it now."""
        self._wake.set()

    def unavailable(self) -> str:
        """Why a request that needs the primary cannot have it now."""
        since = time.monotonic() - self.down_since
        return (
            f"the PostgreSQL primary has been unavailable for {since:.1f} s: nothing of this "
            f"call was written; retry shortly (last check: {self.reason or 'no answer'})"
        )

    def state(self) -> dict[str, Any]:
        """``up``, ``host`` (password masked), ``timeline``, ``down_seconds``, ``reason``."""
        return {
            "up": self.up,
            "host": _where(self.host) if self.host else "",
            "timeline": self.timeline,
            "down_seconds": 0.0 if self.up else round(time.monotonic() - self.down_since, 3),
            "reason": "" if self.up else self.reason,
        }

    def close(self) -> None:
        self._closing.set()
        self._wake.set()
        if self._watcher.is_alive() and threading.current_thread() is not self._watcher:
            self._watcher.join(self.connect_timeout + 2)
        if self.pool is not None:
            self.pool.close()

    # -- choosing a host ---------------------------------------------------------------------------
    def _choose(self, *, opening: bool = False) -> str:
        """The host that takes writes; :class:`StoreError` (at open) or
        :class:`StoreUnavailableError` (later) when none does or two do."""
        roles = roles_of(self.hosts, min(self.connect_timeout, 2.0 if not opening else 10.0))
        newest = max([self.timeline, *(r.timeline for r in roles)])
        self.timeline = newest
        writable = [r for r in roles if r.writable]
        error = StoreError if opening else StoreUnavailableError
        if len(writable) > 1:
            listed = ", ".join(f"{r.shown} (timeline {r.timeline})" for r in writable)
            old = min(writable, key=lambda r: r.timeline)
            raise error(
                f"split brain: {len(writable)} PostgreSQL servers take writes ({listed}); remem "
                f"writes to neither. Fence or rebuild the old primary (likely {old.shown}, on the "
                "older timeline) as a standby of the promoted one — your HA tool's job — then retry"
            )
        if writable and writable[0].timeline < newest:
            raise error(
                f"the server that takes writes, {writable[0].shown}, is on timeline "
                f"{writable[0].timeline}, older than timeline {newest} remem has seen: an old "
                "primary back after a failover. Fence or rebuild it as a standby of the promoted "
                "one, then retry"
            )
        if not writable:
            if len(roles) == 1 and roles[0].failure is not None:
                raise error(self.describe(mask(roles[0].url), roles[0].failure))
            said = "; ".join(
                f"{r.shown}: "
                + (
                    f"refused ({r.error})"
                    if r.error
                    else f"a standby, read-only (timeline {r.timeline})"
                )
                for r in roles
            )
            raise error(
                f"no PostgreSQL server here takes writes ({said}): is the primary running? "
                "After a failover, list the promoted standby's host in the URL"
            )
        return writable[0].url

    # -- the watcher -------------------------------------------------------------------------------
    def _stopping(self) -> bool:
        return self._closing.is_set() or self._exiting.is_set()

    def _watch(self) -> None:
        while not self._stopping():
            self._wake.wait(self.check_every if self.up else self.retry_every)
            self._wake.clear()
            if self._stopping():
                break
            if self.up:
                if not self._alive():
                    self._mark_down("the primary stopped answering")
                    self._wake.set()  # look for one at once
                continue
            try:
                host = self._choose()
            except StoreError as exc:
                with self._lock:
                    self.reason = first_line(exc)
                continue
            self._swap(host)
        if self._probe is not None:
            self._probe.close()

    def _alive(self) -> bool:
        """Whether the primary answers a check and still takes writes. A check connection the
        server dropped (a terminated backend, an idle timeout) is not the server down: it is
        asked again on a fresh connection first."""
        for fresh in (self._probe is None or self._probe.closed, True):
            try:
                if fresh:
                    wait = max(1, round(min(2.0, self.connect_timeout)))
                    self._probe = psycopg.connect(self.host, autocommit=True, connect_timeout=wait)
                assert self._probe is not None
                row = self._probe.execute("SELECT pg_is_in_recovery()").fetchone()
                return row is not None and not row[0]
            except psycopg.Error as exc:
                self.reason = first_line(exc)
                if self._probe is not None:
                    self._probe.close()
                    self._probe = None
                if fresh:
                    return False
        return False

    def _swap(self, host: str) -> None:
        """A primary found again: a fresh pool to it (the old one closed behind)."""
        old = self.pool
        self.pool = self.make_pool(host)
        self._mark_up(host)
        if old is not None:
            threading.Thread(target=old.close, kwargs={"timeout": 1.0}, daemon=True).start()

    def _mark_up(self, host: str) -> None:
        with self._lock:
            changed = host != self.host and bool(self.host)
            self.host, self.up, self.reason = host, True, ""
        if changed:
            log.warning("PostgreSQL primary is now %s", _where(host))
        elif self.down_since:
            log.warning("PostgreSQL primary %s answers again", _where(host))

    def _mark_down(self, why: str) -> None:
        with self._lock:
            if not self.up or self._stopping():  # (closing, exiting: the database may go first)
                return
            self.up, self.down_since = False, time.monotonic()
            self.reason = self.reason or why
        log.warning("PostgreSQL primary %s is down: %s", _where(self.host), self.reason)
        if self._probe is not None:
            self._probe.close()
            self._probe = None
        # Its pool goes (a connection in use is closed when returned): no reconnection loop
        # behind remem's back; the primary found again gets a fresh one.
        old, self.pool = self.pool, None
        if old is not None:
            threading.Thread(target=old.close, kwargs={"timeout": 1.0}, daemon=True).start()


def _where(url: str) -> str:
    """A host's address for messages: host and port (password never)."""
    try:
        params = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return mask(url)
    host = params.get("host") or params.get("hostaddr") or "localhost"
    return f"{host}:{params.get('port') or 5432}"
