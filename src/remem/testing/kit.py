"""What the conformance suite's checks are written with: small vectors made by hand (so each
expectation is exact), records to insert, and the signature every check's store claims."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.validate import content_hash
from remem.embedders.base import EmbedderSignature
from remem.stores import NewRecord, RecordStore

__all__ = ["DIMS", "NOT_SHARED", "SIGNATURE", "StoreFactory", "ids", "record", "unit"]

DIMS = 8
#: What a failed check of two handles on one place most often means.
NOT_SHARED = (
    "a second handle opened on the same place did not see the first one's write. If two "
    "handles of your store are two stores (one in memory each), say so: "
    "conformance_suite(factory, shared_handles=False), or shared_handles = False on the class"
)
SIGNATURE = EmbedderSignature("test:8", DIMS)
#: Opens (or creates) the store at ``place``, a path in a fresh temporary directory that need
#: not exist: a directory, or a key naming the store. The same place, the same store.
StoreFactory = Callable[[Path], RecordStore]


def unit(*hot: int) -> NDArray[np.float32]:
    """A unit vector of :data:`DIMS` with ones at ``hot``."""
    vector = np.zeros(DIMS, dtype=np.float32)
    vector[list(hot)] = 1.0
    return vector / np.linalg.norm(vector)


def record(rid: str, text: str, *hot: int, **fields: Any) -> NewRecord:
    """A record to insert, with a vector when ``hot`` is given; ``fields`` set the rest."""
    rec = NewRecord(
        id=rid,
        text=text,
        kind=str(fields.pop("kind", "message")),
        content_hash=content_hash(text),
        created_at=float(fields.pop("created_at", 1_700_000_000.0)),
        vector=unit(*hot) if hot else None,
    )
    for name, value in fields.items():
        setattr(rec, name, value)
    return rec


def ids(found: list[tuple[str, float]]) -> list[str]:
    return [i for i, _ in found]
