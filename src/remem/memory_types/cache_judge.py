"""A semantic cache's judge asked off the lookup path, and the neighbours it confirms promoted.

With ``SemanticCache(memory, max_error=..., verify=judge, promote=True)`` a lookup never waits
on the judge (an LLM call takes seconds; the lookup a fraction of a millisecond). A candidate
the learned bound does not allow, but worth asking about, makes the lookup a miss at once and a
:class:`Judgement` queued here; one background thread (started when work arrives, gone when the
queue has been empty a while) asks ``verify`` and hands its verdict back to the cache, which

* records it as it would a verdict given in the lookup (the judge earns trust by the labels its
  confirmations get: :meth:`~remem.memory_types.cache_bound.ErrorBound.trusts_judge`), and
* once the judge is trusted, **promotes** what it confirmed: the asked question becomes an entry
  of its own holding the confirmed neighbour's answer, in the asker's scope — so the next time
  the question (or a close paraphrase) is asked, it hits (Krites's asynchronous promotion). An
  answer the application stored first is never overwritten.

The queue is bounded (:data:`PROMOTE_QUEUE`): past it the oldest waiting judgement is dropped,
counted, and its miss labelled as one the judge never saw. The thread stops at process exit and
before a fork (:mod:`remem.index.background`); what was queued then is dropped as well.
:meth:`BackgroundJudge.settle` waits for the queue to drain (tests, replays, a clean shutdown).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from remem.index import background
from remem.stores.tables import Scope

__all__ = ["PROMOTE_QUEUE", "BackgroundJudge", "Judgement"]

#: Judgements waiting for the background judge at most (per cache, all scopes).
PROMOTE_QUEUE = 1024
#: Seconds the judge's thread waits for more work before it ends (a new one starts with it).
IDLE = 2.0

log = logging.getLogger("remem.cache")


@dataclass(frozen=True)
class Judgement:
    """One near-threshold candidate for the judge: the miss it belongs to (``key``: owner,
    session, question, as the learner awaits it), the asker's scope, the asked question and its
    vector, the candidate's question and its stored answer (JSON as kept)."""

    key: tuple[str, str, str, str]
    scope: Scope
    asked: str
    vector: Any
    cached: str
    value: str


class BackgroundJudge:
    """Asks ``verify`` about queued :class:`Judgement` s on a background thread and hands each
    verdict (True: confirmed; False: refused, or the judge failed) to ``apply``."""

    def __init__(
        self,
        verify: Callable[[str, str], bool],
        apply: Callable[[Judgement, bool], None],
        *,
        limit: int = PROMOTE_QUEUE,
    ) -> None:
        self.verify, self.apply, self.limit = verify, apply, limit
        self.dropped = 0
        self._queue: deque[Judgement] = deque()
        self._busy = 0  # judgements taken from the queue and not yet applied
        self._worker: threading.Thread | None = None
        self._done = threading.Condition()
        self._stop = False  # the process exits or forks: the idle wait ends

    def submit(self, judgement: Judgement) -> None:
        """Queue ``judgement``; the oldest waiting one is dropped (refused) when full."""
        with self._done:
            self._queue.append(judgement)
            dropped = self._queue.popleft() if len(self._queue) > self.limit else None
            self._done.notify_all()
            if self._worker is None or not self._worker.is_alive():
                self._stop = False
                self._worker = background.start(
                    self._work, "remem-cache-judge", cancel=self._cancel
                )
        if dropped is not None:
            self.dropped += 1
            self.apply(dropped, False)

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until every queued judgement is applied (at most ``timeout`` seconds; None: as
        long as it takes); whether the queue drained."""
        with self._done:
            return self._done.wait_for(lambda: not self._queue and not self._busy, timeout)

    def discard(self, doomed: Callable[[Judgement], bool]) -> None:
        """Forget the waiting judgements ``doomed`` names (their scopes were erased)."""
        with self._done:
            kept = [j for j in self._queue if not doomed(j)]
            self._queue.clear()
            self._queue.extend(kept)
            self._done.notify_all()

    def _work(self) -> None:
        try:
            self._drain()
        except background.Cancelled:  # the process exits or forks: what waits is dropped
            with self._done:
                self._queue.clear()
                self._worker = None
                self._done.notify_all()
            raise

    def _drain(self) -> None:
        while True:
            background.check()
            with self._done:
                self._done.notify_all()  # (settle waits for an empty queue)
                self._done.wait_for(lambda: self._queue or self._stop, IDLE)
                if not self._queue or self._stop:
                    if self._stop:  # the process exits or forks: what waits is dropped
                        self._queue.clear()
                    self._worker = None
                    return
                judgement = self._queue.popleft()
                self._busy += 1
            try:
                self.apply(judgement, self._ask(judgement))
            except Exception:  # (the store closed under it): the verdict is lost, not the thread
                log.warning("a cache judge's verdict could not be recorded", exc_info=True)
            finally:
                with self._done:
                    self._busy -= 1
                    self._done.notify_all()

    def _cancel(self) -> None:
        with self._done:
            self._stop = True
            self._done.notify_all()

    def _ask(self, judgement: Judgement) -> bool:
        try:
            return bool(self.verify(judgement.asked, judgement.cached))
        except Exception:  # a judge that fails confirms nothing; the lookup already missed
            log.warning("the cache's verify failed; taken as not confirmed", exc_info=True)
            return False
