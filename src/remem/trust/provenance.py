"""Where a memory came from: the rules that fill :class:`remem.core.records.Provenance` on
the way in.

The face and API key come from who is acting (:func:`remem.trust.audit.actor`, set by each face:
``rest:<key id>``, ``web:<key id>``, ``mcp``, ``tools``, ``cli``; the library is ``python``),
so the audit log and a memory's provenance name the same writer. A memory derived from others
— a fact, a summary, a reflection — is written inside :func:`deriving`, which names the model,
the prompt and the memories it came from. Whose words a memory holds (``origin``) follows from
its role and kind; the marks from a scan of its text (:func:`remem.trust.marks.scan`). Nothing a
caller's item holds can set any of it.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from remem.core.records import ORIGINS, Provenance
from remem.trust import taint_of
from remem.trust.audit import actor
from remem.trust.marks import scan

__all__ = [
    "LINK_FIELDS",
    "Derivation",
    "current",
    "deriving",
    "imported",
    "linked",
    "origin_of",
    "rescanned",
    "stamp",
]

#: Metadata fields by which a memory names the memories it came from (or stands beside):
#: reflections cite, facts have sources and versions, summaries have children, and a memory
#: written inside :func:`deriving` that names none of them gets ``derived_from`` (so erasing
#: a subject finds what was derived from it: :mod:`remem.engine.erase`).
LINK_FIELDS = ("derived_from", "cites", "sources", "children", "supersedes", "superseded_by")

#: The characters of a memory's text the write-time scan reads: all of any searchable memory
#: (a document holds at most ``max_document_chars``, 200,000 by default); of a larger value
#: stored without a vector (never a search candidate, so never in a context), its start.
SCANNED_CHARS = 200_000
#: Roles whose text is not the user's or the assistant's own: a tool's or function's output.
EXTERNAL_ROLES = frozenset({"tool", "function", "ipython"})
#: Kinds that hold a document's text.
DOCUMENT_KINDS = frozenset({"document", "chunk"})
#: Faces through which a model writes memories with its own tool calls.
AGENT_FACES = frozenset({"tools", "mcp"})


@dataclass(frozen=True, slots=True)
class Derivation:
    """What a derived memory is made by: a model and prompt (None: no LLM), and its sources."""

    model: str | None
    prompt: str | None
    sources: tuple[str, ...]


_DERIVING: contextvars.ContextVar[Derivation | None] = contextvars.ContextVar(
    "remem_deriving", default=None
)


@contextmanager
def deriving(
    *, sources: Iterable[str], model: str | None = None, prompt: str | None = None
) -> Iterator[None]:
    """Inside the block, memories written are derived from ``sources`` (memory ids) by
    ``model`` with the prompt named ``prompt`` (both None when no LLM made them)::

        with remem.deriving(sources=[turn.id], model="gpt-4o-mini", prompt="my.extract"):
            mem.add("Ann lives in Lisbon", kind="fact", user_id="ann")
    """
    token = _DERIVING.set(Derivation(model, prompt, tuple(dict.fromkeys(sources))))
    try:
        yield
    finally:
        _DERIVING.reset(token)


def origin_of(face: str, role: str | None, kind: str, source: str | None) -> str:
    """Whose words a memory written now holds (see :data:`remem.core.records.ORIGINS`)."""
    if _DERIVING.get() is not None:
        return "derived"
    if role == "user":
        return "user"
    if role == "assistant":
        return "assistant"
    if role in EXTERNAL_ROLES or kind in DOCUMENT_KINDS:
        return "external"
    if face in AGENT_FACES:
        return "agent"
    return "external" if source is not None else "app"


def current() -> Derivation | None:
    """The derivation the current block is inside (:func:`deriving`), if any."""
    return _DERIVING.get()


def stamp(
    text: str,
    *,
    role: str | None,
    kind: str,
    source: str | None = None,
    face: str | None = None,
    author: str | None = None,
    inherited: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> Provenance:
    """The provenance of a memory written now by the current actor (``face`` overrides the
    actor's face: an import). ``author``: the user whose words it holds (None: the
    application's own); ``inherited``: the taints and authors of the memories a derived one
    came from (:func:`remem.trust.lineage`), which it carries instead of its own author."""
    who, _, key = actor().partition(":")
    face = face or who
    derivation = _DERIVING.get()
    origin = origin_of(who, role, kind, source)
    taint, authors = inherited
    if derivation is None:
        authors = (author,) if author is not None else ()
    return Provenance(
        face=face,
        key_id=key or None,
        source=source,
        origin=origin,
        model=derivation.model if derivation else None,
        prompt=derivation.prompt if derivation else None,
        derived_from=derivation.sources if derivation else (),
        marks=scan(text[:SCANNED_CHARS]),
        authors=authors,
        taint=tuple(sorted({*taint, *taint_of(origin)})),
    )


def rescanned(provenance: Provenance, text: str, *, author: str | None = None) -> Provenance:
    """``provenance`` with the marks of a memory's new ``text``, written now by the current
    actor for ``author``: a new text holds its writer's words too, and a model's tool call
    taints it (:mod:`remem.trust`)."""
    who, _, _ = actor().partition(":")
    taint = {*provenance.taint, *(("agent",) if who in AGENT_FACES else ())}
    authors = {*provenance.authors, *((author,) if author is not None else ())}
    return replace(
        provenance, marks=scan(text), taint=tuple(sorted(taint)), authors=tuple(sorted(authors))
    )


def imported(
    stamped: Provenance,
    exported: Mapping[str, Any] | None,
    renamed: Mapping[str, str],
    *,
    vouched: bool,
) -> Provenance:
    """The provenance of an imported record: written by the import (``stamped``: face
    ``import``, the importer's key, the import line as source, marks of its text), keeping
    from the export (``exported``) whose words it holds, what derived it, and where it was
    read from first; the ids it came from follow ``renamed`` (a tenant's import renames).

    Its trust (:mod:`remem.trust`): a row that does not say where it came from is tainted
    ``import``; one that does keeps its authors and taint when the importer vouches for the
    file (an admin: the application importing its own export), and is tainted ``import`` too
    otherwise (a tenant's file could claim anything)."""
    if not exported:
        return replace(stamped, taint=tuple(sorted({*stamped.taint, "import"})))
    old = Provenance.from_dict(exported)
    origin = old.origin if old.origin in ORIGINS else stamped.origin
    taint = {*old.taint, *taint_of(origin), *(() if vouched else ("import",))}
    return replace(
        stamped,
        source=old.source or stamped.source,
        origin=origin,
        model=old.model,
        prompt=old.prompt,
        derived_from=tuple(renamed.get(i, i) for i in old.derived_from),
        authors=old.authors if "authors" in exported else stamped.authors,
        taint=tuple(sorted(taint)),
    )


def linked(metadata: dict[str, Any]) -> dict[str, Any]:
    """A derived memory's metadata naming its sources (``derived_from``) when it names them
    by no link field of its own; any other memory's as it is."""
    derivation = _DERIVING.get()
    if derivation is None or not derivation.sources or any(f in metadata for f in LINK_FIELDS):
        return metadata
    return {**metadata, "derived_from": list(derivation.sources)}
