"""Consent for what cannot be undone: no model alone may erase a person.

A model can be steered by what it reads (a poisoned memory, a web page), so its own word —
``{"confirm": true}`` — is not consent. The faces a model drives (MCP, the function-calling
tools) offer erasing a user only when the operator turns it on, and then carry it out only
after a person confirms through a channel the model cannot write to:

- **MCP elicitation** (``elicitation/create``): the client shows the person a form the model
  never sees (:mod:`remem.server.mcp`);
- **a one-time code** (:class:`OneTimeCodes`), shown to the person out of band — the server's
  console, or wherever the operator's ``deliver`` sends it — which the person gives back,
  through the model, within minutes; it works once, for one user, and a few wrong guesses
  void it;
- **the application's own prompt** (``ToolDispatcher(confirm=...)``): a callable that asks the
  person in the application's interface and answers True only when they agree.

Deletes a model makes of single memories are recoverable instead (a trash, ``Memory.trash``).
"""

from __future__ import annotations

import hmac
import logging
import secrets
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["CODE_TTL", "MAX_ATTEMPTS", "OneTimeCodes", "to_console"]

#: How long a one-time code stays good, in seconds.
CODE_TTL = 600.0
#: Wrong codes for one user before the code is voided (a new request issues another).
MAX_ATTEMPTS = 3

log = logging.getLogger("remem.trust.consent")


def to_console(message: str) -> None:
    """Deliver a code to the person running the server: its console (standard error, which
    an MCP client never hands to the model) and the log."""
    print(f"remem: {message}", file=sys.stderr, flush=True)
    log.info("a one-time code was shown on the console")  # the log keeps no code


@dataclass(slots=True)
class _Code:
    code: str
    expires: float
    attempts: int = 0


class OneTimeCodes:
    """One-time codes for irreversible acts, one per subject at a time (thread-safe).

    ``issue(subject, action)`` makes a code and hands ``deliver`` a message for the person
    (never to the caller, who is the model); ``redeem(subject, code)`` is True once for the
    right code within ``ttl`` seconds, and a subject's code is voided after ``attempts``
    wrong ones."""

    def __init__(
        self,
        deliver: Callable[[str], None] = to_console,
        *,
        ttl: float = CODE_TTL,
        attempts: int = MAX_ATTEMPTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.deliver = deliver
        self.ttl = ttl
        self.attempts = attempts
        self.clock = clock
        self._codes: dict[str, _Code] = {}
        self._lock = threading.Lock()

    def issue(self, subject: str, action: str) -> None:
        """Make a new code for ``subject`` (replacing any earlier one) and deliver it."""
        code = f"{secrets.randbelow(10**6):06d}"
        with self._lock:
            self._codes[subject] = _Code(code, self.clock() + self.ttl)
        minutes = max(1, round(self.ttl / 60))
        self.deliver(
            f"a model asks to {action}. If you want that, give it the code {code} "
            f"(valid {minutes} minutes, once); if not, ignore this."
        )

    def redeem(self, subject: str, code: object) -> bool:
        """Whether ``code`` is ``subject``'s live code; a right one is used up, a wrong one
        counts against the code."""
        with self._lock:
            held = self._codes.get(subject)
            if held is None or self.clock() > held.expires:
                self._codes.pop(subject, None)
                return False
            given = str(code).strip().replace(" ", "").replace("-", "")
            if hmac.compare_digest(given.encode(), held.code.encode()):
                del self._codes[subject]
                return True
            held.attempts += 1
            if held.attempts >= self.attempts:
                del self._codes[subject]
            return False
