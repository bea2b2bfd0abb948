"""Connection pools that pay no round trip to check a connection used a moment ago.

psycopg_pool can check each connection as it is taken (``check=``), so one the server dropped
while it sat idle — a restart, a failover, an idle timeout — is replaced instead of handed to a
request. That check is a round trip on every checkout: a search takes two connections, so two
of its round trips did nothing. A connection returned less than :data:`FRESH` seconds ago is
handed out unchecked (it worked a moment ago); one idle longer is checked as before. Reads use
it unchecked — one that meets a dead connection runs again after the pool checked its idle ones
(:func:`recheck`) — and a write checks it first (:func:`alive`), so writes pay what they paid.
"""

from __future__ import annotations

import math
import time
from typing import Any
from weakref import WeakKeyDictionary, WeakSet

import psycopg
from psycopg_pool import ConnectionPool

__all__ = ["FRESH", "alive", "check_unless_fresh", "note_returned", "recheck"]

#: Seconds since its return under which a connection is taken unchecked.
FRESH = 1.0
_RETURNED: WeakKeyDictionary[psycopg.Connection[Any], float] = WeakKeyDictionary()
#: Connections handed out without a check, until :func:`alive` has checked them.
_UNCHECKED: WeakSet[psycopg.Connection[Any]] = WeakSet()


def note_returned(conn: psycopg.Connection[Any]) -> None:
    """The pool's ``reset`` callback: when ``conn`` came back."""
    _RETURNED[conn] = time.monotonic()


def check_unless_fresh(conn: psycopg.Connection[Any]) -> None:
    """The pool's ``check`` callback: a round trip only for a connection idle a while."""
    if time.monotonic() - _RETURNED.get(conn, -math.inf) < FRESH:
        _UNCHECKED.add(conn)
        return
    _UNCHECKED.discard(conn)
    ConnectionPool.check_connection(conn)


def alive(conn: psycopg.Connection[Any]) -> bool:
    """Whether ``conn`` works: checked now if the pool handed it out unchecked (a write must
    not begin on a dead connection), else as the pool found it."""
    if conn not in _UNCHECKED:
        return True
    _UNCHECKED.discard(conn)
    try:
        ConnectionPool.check_connection(conn)
    except psycopg.Error:
        return False
    return True


def recheck(pool: ConnectionPool[Any]) -> None:
    """After a connection was found dead: check every idle one now (replacing the dead), and
    take none unchecked until then."""
    for conn in list(_RETURNED):
        _RETURNED.pop(conn, None)
    pool.check()
