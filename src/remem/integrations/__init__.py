"""remem as a backend of the agent frameworks people already run, one module per framework.

Each module imports its framework, which installs as an extra: ``pip install
'remem[langchain]'`` for :mod:`remem.integrations.langchain`.

Every integration hands back, with each memory it returns, where that memory came from and how
far its reader may rely on it (:mod:`remem.trust`), in one shape declared here
(:func:`recall_metadata`) and always under one key, :data:`METADATA_KEY` (``"remem"``)::

    {"trust": {"level": "untrusted", "reasons": ["external"]},
     "marks": ["instruction"],
     "source": "text from a document, tool or web page; via python; tainted external; ..."}

``trust`` is the memory's :class:`~remem.core.records.Trust` for the reader (``level`` ``trusted``
or ``untrusted``, ``reasons`` from :data:`remem.core.records.TRUST_REASONS`), ``marks`` what it
holds that could steer a model (:func:`remem.retrieval.packing.marks_of`; empty: none), and
``source`` its provenance in one line (:meth:`remem.core.records.Provenance.describe`). The reader
is the user the memory acts for (:meth:`remem.Memory.on_behalf_of`, a grant of one user), else
the user the adapter is made for (``user_id``), else none: the application itself.

Where a framework's item has a metadata dict of the application's own (LangChain's
``Document.metadata``, AutoGen's ``MemoryContent.metadata``, CrewAI's ``MemoryRecord.metadata``)
the shape is nested under ``"remem"``: that key is remem's there, replaced on every read (a
stored ``"remem"`` key can never pass for remem's judgement) and dropped on every write.
LangGraph's items have no metadata dict: they carry the shape as an attribute, ``item.remem``.
Where an integration packs memories into a prompt itself (LlamaIndex's memory block, AutoGen's
``update_context``), it packs them with :meth:`remem.Memory.context`, so an untrusted memory is
fenced apart as evidence (``untrusted="fence"``, the default of their ``untrusted`` option).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from remem.core.records import MemoryRecord, SearchHit
from remem.memory import Memory
from remem.retrieval.packing import marks_of
from remem.trust import assess

__all__ = [
    "METADATA_KEY",
    "WHOLE",
    "reader_of",
    "recall_metadata",
    "stripped",
    "with_recall_metadata",
]

#: The key under which an integration puts :func:`recall_metadata` in a framework's metadata.
METADATA_KEY = "remem"
#: The token budget an integration packs its ``k`` memories in: no budget of its own (each
#: memory whole, as the integrations returned them before they packed): the framework budgets
#: its prompt itself.
WHOLE = 2**62


def reader_of(memory: Memory, user_id: str | None) -> str | None:
    """Whose trust an adapter's reads are judged by: the user ``memory`` acts for, else the
    adapter's ``user_id`` (as :meth:`remem.Memory.search` judges its hits)."""
    return memory.principal if memory.principal is not None else user_id


def recall_metadata(record: MemoryRecord, reader: str | None) -> dict[str, Any]:
    """What an integration returns with ``record`` (a search hit, or a record read by id or
    listed): its trust for ``reader`` (a hit's own, judged by its search), its marks and its
    source, JSON-ready."""
    trust = record.trust if isinstance(record, SearchHit) else None
    return {
        "trust": (trust if trust is not None else assess(record, reader)).to_dict(),
        "marks": list(marks_of(record)),
        "source": record.provenance.describe(),
    }


def with_recall_metadata(
    metadata: Mapping[str, Any], record: MemoryRecord, reader: str | None
) -> dict[str, Any]:
    """``metadata`` (the application's own) with :func:`recall_metadata` under
    :data:`METADATA_KEY`, in place of any such key it holds."""
    return {**stripped(metadata), METADATA_KEY: recall_metadata(record, reader)}


def stripped(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """``metadata`` without :data:`METADATA_KEY` (remem's, never stored as the caller's)."""
    return {key: value for key, value in metadata.items() if key != METADATA_KEY}
