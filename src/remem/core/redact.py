"""Secrets out of everything remem shows: one place that masks a database password in every
form it can be given, for every surface that prints a store's address or an error about it —
``stats``, ``/metrics`` labels, ``remem serve``'s banner, error messages, logs, the web page.

A password reaches remem in four forms, all masked here:

- a URL's user info: ``postgresql://ann:s3cret@db/remem`` → ``postgresql://ann:***@db/remem``;
- a URL's query: ``postgresql://db/remem?password=s3cret`` → ``...?password=***``;
- a key=value conninfo: ``host=db password='s 3cret'`` → ``host=db password=***``;
- the environment: ``PGPASSWORD`` (libpq reads it; remem never prints it, and masks its value
  wherever it would appear).

Besides the forms, :func:`mask` replaces every secret :func:`remember` was told of (each
password remem found in an address it opened, and ``PGPASSWORD``) wherever it occurs, so an
error or a log line that quotes one — a driver's message, a third party's exception — shows
``***`` instead. A secret shorter than :data:`SHORTEST` characters is masked in its forms
only (masking every ``"ab"`` in every log line would hide everything else). A passfile
(``passfile=``, ``PGPASSFILE``) is a path, not a secret: shown as given.

:class:`MaskingFilter` is the logging filter that applies :func:`mask` to a record's final
message; ``remem serve`` installs it on every handler of its log configuration.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from urllib.parse import unquote

__all__ = ["MASKING", "SHORTEST", "MaskingFilter", "first_line", "mask", "passwords_in", "remember"]

#: A remembered secret is masked wherever it occurs only when at least this long.
SHORTEST = 4
_HIDDEN = "***"
#: ``scheme://user:password@`` (the password up to the last ``@`` before the path).
_USERINFO = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^:/?#@\s]*):(?P<secret>[^\s/?#]*)@")
#: ``password=...`` in a URL's query (up to ``&``, ``#`` or a space).
_QUERY = re.compile(r"(?P<head>[?&]password=)(?P<secret>[^&#\s]*)", re.I)
#: ``password=...`` in a key=value conninfo: a quoted value (with ``\\'`` escapes) or a bare one.
_CONNINFO = re.compile(
    r"(?P<head>(?<![?&\w])password\s*=\s*)(?P<secret>'(?:[^'\\]|\\.)*'|[^\s'&]+)", re.I
)
_known: set[str] = set()
_lock = threading.Lock()


def passwords_in(text: str) -> list[str]:
    """The passwords ``text`` carries in any of the three written forms (URL user info, URL
    query, conninfo), as the server would read them (URL-decoded, quotes and escapes undone)."""
    found = [unquote(m["secret"]) for m in _USERINFO.finditer(text)]
    found += [unquote(m["secret"]) for m in _QUERY.finditer(text)]
    for m in _CONNINFO.finditer(text):
        value = m["secret"]
        if value.startswith("'") and value.endswith("'") and len(value) >= 2:
            value = re.sub(r"\\(.)", r"\1", value[1:-1])
        found.append(value)
    return [p for p in found if p]


def remember(*texts: str | None) -> None:
    """Mask from now on, wherever they occur, the passwords each of ``texts`` carries (an
    address remem was given) — and ``PGPASSWORD``'s value."""
    secrets = [p for text in texts if text for p in passwords_in(text)]
    env = os.environ.get("PGPASSWORD")
    if env:
        secrets.append(env)
    with _lock:
        for secret in secrets:
            if len(secret) >= SHORTEST:
                _known.add(secret)
                quoted = _percent(secret)
                if quoted != secret:
                    _known.add(quoted)


def mask(text: str) -> str:
    """``text`` with every password in it replaced by ``***``: the three written forms, and
    every secret :func:`remember` was told of (longest first)."""
    if not text:
        return text
    out = _USERINFO.sub(lambda m: f"{m['head']}:{_HIDDEN}@", text)
    out = _QUERY.sub(lambda m: f"{m['head']}{_HIDDEN}", out)
    out = _CONNINFO.sub(lambda m: f"{m['head']}{_HIDDEN}", out)
    env = os.environ.get("PGPASSWORD")
    with _lock:
        known = sorted(_known | ({env} if env and len(env) >= SHORTEST else set()), key=len)
    for secret in reversed(known):
        if secret in out:
            out = out.replace(secret, _HIDDEN)
    return out


def first_line(exc: BaseException) -> str:
    """An exception's first line, masked (a driver's multi-line message, for one log line or
    one error message); its type's name when it says nothing."""
    text = mask(str(exc).strip())
    return text.splitlines()[0] if text else type(exc).__name__


def _percent(secret: str) -> str:
    from urllib.parse import quote

    return quote(secret, safe="")


class MaskingFilter(logging.Filter):
    """A logging filter that masks passwords in each record's message (and its traceback),
    whoever logged it: remem, uvicorn, psycopg, psycopg_pool."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit its format: leave it alone
            return True
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and record.exc_info[1] is not None:
            shown = str(record.exc_info[1])
            if mask(shown) != shown:  # a traceback that would quote a secret: its text only
                record.msg = f"{record.msg}: {mask(shown)}"
                record.args, record.exc_info, record.exc_text = None, None, None
        elif record.exc_text:
            record.exc_text = mask(record.exc_text)
        return True


#: One filter for handlers remem sets up or adds to (the CLI's last-resort handler).
MASKING = MaskingFilter()
