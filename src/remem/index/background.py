"""Background builds that end cleanly when the process exits or forks (issue 47, item 4).

An ANN index is built on a thread of its own (seconds at 100,000 vectors), in faiss's native
code. Left running as a daemon thread while the interpreter shuts down, that thread comes back
from a faiss call after Python has begun to finalize, is ended by ``pthread_exit``, and the
forced unwinding through faiss's C++ frames can abort the process (``FATAL: exception not
rethrown``, exit 134) after the script's last line ran. And a build in flight when the process
forks leaves the child a lock the builder held and a half-done job.

So every build runs through :func:`start`: at exit (``atexit``, before the interpreter
finalizes) and before a fork, :func:`stop_all` asks each running build to stop and waits for
it; a build checks :func:`stopping` between its steps (``Cancelled`` is raised there) and gives
up at the next one — it is a cache, built again by the next search that wants it. The wait is
one native step at most (a training or a batch of adds: well under the build's whole time).
A build that waits on something else — PostgreSQL building its HNSW index — gives a ``cancel``
that ends the wait (the server cancels the statement; the next search starts the build anew).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
from collections.abc import Callable

__all__ = ["Cancelled", "check", "resume", "running", "start", "stop_all", "stopping"]

_STOP = threading.Event()
#: The builds under way, each with how to cancel what it waits on (None: it checks).
_RUNNING: dict[threading.Thread, Callable[[], None] | None] = {}
_GUARD = threading.Lock()


class Cancelled(Exception):
    """A background build gave up because the process is exiting or forking."""


def stopping() -> bool:
    """Whether background builds are asked to stop (the process is exiting or forking)."""
    return _STOP.is_set()


def check() -> None:
    """Raise :class:`Cancelled` if background builds are asked to stop; a build calls it
    between its steps."""
    if _STOP.is_set():
        raise Cancelled("the process is exiting or forking")


def start(
    work: Callable[[], None], name: str, *, cancel: Callable[[], None] | None = None
) -> threading.Thread:
    """Run ``work`` on a daemon thread that :func:`stop_all` stops and waits for. ``work``
    should call :func:`check` between its steps and treat :class:`Cancelled` as done; a
    ``cancel`` is called by :func:`stop_all` to end a wait ``work`` cannot check during."""

    def run() -> None:
        try:
            work()
        except Cancelled:
            pass
        finally:
            with _GUARD:
                _RUNNING.pop(thread, None)

    thread = threading.Thread(target=run, name=name, daemon=True)
    with _GUARD:
        _RUNNING[thread] = cancel
    thread.start()
    return thread


def running() -> list[threading.Thread]:
    """The background builds under way."""
    with _GUARD:
        return [t for t in _RUNNING if t.is_alive()]


def _cancels() -> list[Callable[[], None]]:
    with _GUARD:
        return [cancel for t, cancel in _RUNNING.items() if cancel is not None and t.is_alive()]


def stop_all(timeout: float | None = None) -> None:
    """Ask every background build to stop and wait for each (``timeout`` seconds at most in
    all; None: as long as the step under way takes). New builds started meanwhile stop at their
    first check; :func:`resume` lets builds run again (after a fork, in the parent)."""
    _STOP.set()
    for cancel in _cancels():
        with contextlib.suppress(Exception):  # (a cancel that fails: the wait ends itself)
            cancel()
    current = threading.current_thread()
    for thread in running():
        if thread is not current:
            thread.join(timeout)


def resume() -> None:
    """Let background builds run again after :func:`stop_all`."""
    _STOP.clear()


def _in_child() -> None:
    """The child of a fork starts with no builds (their threads did not follow it), and a lock
    of its own (one a thread held at the fork would stay held)."""
    global _GUARD
    _GUARD = threading.Lock()
    _RUNNING.clear()
    _STOP.clear()


atexit.register(stop_all)
os.register_at_fork(before=stop_all, after_in_parent=resume, after_in_child=_in_child)
