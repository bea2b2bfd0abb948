"""Trust: how far a reader may rely on a memory, decided by where it came from — its
provenance — and never by what its text says.

The rule, declared here once and followed by every face (``context()``, the tools, MCP, REST,
the CLI, the web page, exports and the framework integrations):

- A memory is **trusted** by a reader when it carries no **taint** and every principal whose
  words it holds (its **authors**) is that reader. Everything else is **untrusted evidence**.
- **Taint** is how a memory arrived, when that way lets someone other than the reader or the
  application choose its words (:data:`TAINTS`): a document, web page, e-mail or tool output
  (``external``), a model's own tool call (``agent``: a model writes what its context steers
  it to, and that context may hold a web page), an import from a file that does not say where
  its rows came from (``import``), or a derivation from memories remem could not read
  (``unverified``).
- **Authors** are the users whose words a memory holds (:attr:`Provenance.authors`): the user
  a face acts for (an API key bound to one user, ``remem mcp --user``, a tool dispatcher's
  user, a view made by ``Memory.on_behalf_of``), else, for a chat turn of role ``user``, the
  user it is stored for. None are named for what the application itself stores (a fact it
  wrote, its assistant's replies): those hold no outsider's words.
- **Taint follows derivation**: a fact, summary, reflection or cached answer made from other
  memories (inside :func:`remem.deriving`) carries every taint and author of its sources —
  the lowest trust among them — whatever model or rule made it.
- The **reader** of a search or context is the user the reading view acts for, else the
  user the read names (``user_id``), else none: the application reading as itself, which
  trusts only what no outsider wrote. So in a scope several users share (an agent's memory,
  ``agent_id`` without ``user_id``), one user's words reach another only as untrusted
  evidence — name the reader with ``Memory.on_behalf_of(user)`` there.

What a face does with an untrusted memory is a policy (:data:`UNTRUSTED_POLICIES`), per call
and per server: ``fence`` (default: shown as quoted evidence with its source, in a section of
its own apart from what the reader said), ``withhold`` (left out but for a line naming it), or
``allow`` (shown with the rest, its source named).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from remem.core.errors import InvalidInputError
from remem.core.records import TRUST_REASONS, MemoryRecord, Trust

__all__ = [
    "DEFAULT_POLICY",
    "TAINTS",
    "TRUSTED",
    "UNTRUSTED_POLICIES",
    "Trust",
    "UntrustedPolicy",
    "assess",
    "authors_of",
    "check_policy",
    "claims",
    "contested",
    "lineage",
    "taint_of",
    "trusted_by",
]

#: How a memory can arrive that lets someone other than its reader choose its words.
TAINTS: dict[str, str] = {k: v for k, v in TRUST_REASONS.items() if k != "another_user"}
#: The taint a memory's origin (:data:`remem.core.records.ORIGINS`) gives it.
ORIGIN_TAINT = {"external": "external", "agent": "agent"}

UntrustedPolicy = Literal["fence", "withhold", "allow"]
#: What a face does with an untrusted memory: quote it apart as evidence with its source,
#: leave it out but for a line naming it, or show it with the rest (its source named).
UNTRUSTED_POLICIES: tuple[str, ...] = ("fence", "withhold", "allow")
DEFAULT_POLICY: UntrustedPolicy = "fence"


def check_policy(policy: Any) -> None:
    """Refuse an ``untrusted`` policy that is not one of :data:`UNTRUSTED_POLICIES`."""
    if policy not in UNTRUSTED_POLICIES:
        raise InvalidInputError(
            f"untrusted must be one of {', '.join(UNTRUSTED_POLICIES)}, got {policy!r}"
        )


TRUSTED = Trust("trusted")


def taint_of(origin: str | None) -> tuple[str, ...]:
    """The taint an origin gives a memory written now."""
    found = ORIGIN_TAINT.get(origin or "")
    return (found,) if found else ()


def authors_of(record: MemoryRecord) -> tuple[str, ...]:
    """The users whose words ``record`` holds: those its provenance names, or for a memory
    stored before remem recorded them, the user of a chat turn of role ``user``."""
    if record.provenance.authors:
        return record.provenance.authors
    origin = record.provenance.origin
    said = origin == "user" or (origin is None and record.role == "user")
    return (record.user_id,) if said and record.user_id is not None else ()


def _taint(record: MemoryRecord) -> tuple[str, ...]:
    """A memory's taint: what its provenance recorded, and what its origin (or, stored before
    remem kept provenance, its role and kind) implies."""
    provenance = record.provenance
    found = set(provenance.taint) | set(taint_of(provenance.origin))
    if provenance.face is None and (
        record.role in ("tool", "function", "ipython") or record.kind in ("document", "chunk")
    ):
        found.add("external")
    return tuple(sorted(found))


def assess(record: MemoryRecord, reader: str | None) -> Trust:
    """``record``'s trust for ``reader`` (a user id; None: the application itself)."""
    reasons = list(_taint(record))
    if any(author != reader for author in authors_of(record)):
        reasons.append("another_user")
    return TRUSTED if not reasons else Trust("untrusted", tuple(reasons))


def trusted_by(taint: Iterable[str], authors: Iterable[str], reader: str | None) -> bool:
    """Whether a memory of this taint and these authors is trusted by ``reader`` (the rule
    :func:`assess` applies, for a memory not yet written: a derived one's :func:`lineage`)."""
    return not any(True for _ in taint) and all(author == reader for author in authors)


def lineage(sources: Iterable[MemoryRecord], asked: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a memory derived from ``sources`` inherits: their taints and authors, together
    (the lowest trust among them); ``unverified`` when fewer than the ``asked`` ids were
    found (a source remem could not read vouches for nothing)."""
    taint: set[str] = set()
    authors: set[str] = set()
    found = 0
    for source in sources:
        found += 1
        taint.update(_taint(source))
        authors.update(authors_of(source))
    if found < asked:
        taint.add("unverified")
    return tuple(sorted(taint)), tuple(sorted(authors))


# -- contested claims ---------------------------------------------------------------------------
# An untrusted memory that gives another account number, phone number, e-mail address or link
# than a trusted one is a contested claim: both are shown, the untrusted one labelled. What is
# compared are values of a kind (read by shape, in any language), never what the text asks for;
# whether the memory is trusted was decided by its provenance before any of this is read.
_CLAIMS: dict[str, re.Pattern[str]] = {
    "account number": re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b"),
    "number": re.compile(r"(?<![\w.,/-])\+?\d(?:[ ().-]{0,2}\d){7,}(?![\w])"),
    "e-mail address": re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b"),
    "link": re.compile(r"\b(?:https?://|www\.)([\w-]+(?:\.[\w-]+)+)", re.IGNORECASE),
}
_DATE = re.compile(r"\d{1,4}[./ -]\d{1,2}[./ -]\d{1,4}")


def claims(text: str) -> dict[str, frozenset[str]]:
    """The values of each kind :data:`_CLAIMS` reads in ``text`` (account numbers, long
    numbers, e-mail addresses, links' hosts), normalised; kinds with none left out."""
    found: dict[str, frozenset[str]] = {}
    for kind, pattern in _CLAIMS.items():
        values = set()
        for match in pattern.finditer(text):
            if kind == "account number":
                text = text.replace(match.group(0), " ")  # its digits are no other number
            if kind == "number" and _DATE.fullmatch(match.group(0).strip()):
                continue
            if kind == "link":
                values.add(match.group(1).lower().removeprefix("www."))
            elif kind == "e-mail address":
                values.add(match.group(0).lower())
            else:
                values.add(re.sub(r"\W", "", match.group(0)).upper())
        if values:
            found[kind] = frozenset(values)
    return found


def contested(text: str, trusted: Mapping[str, frozenset[str]]) -> tuple[str, ...]:
    """The kinds of value in which ``text`` (an untrusted memory's) gives one that the
    trusted memories beside it (``trusted``: their :func:`claims`, merged) do not."""
    return tuple(
        kind
        for kind, values in claims(text).items()
        if kind in trusted and not values <= trusted[kind]
    )
