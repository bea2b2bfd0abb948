"""Import and export: remem's JSON lines (with vectors), and LoCoMo conversation files.

Export format: a header line
``{"remem": "export", "version": 1, "embedder": ..., "dimensions": ...}``, then one record per
line (the fields of :class:`~remem.MemoryRecord`, times in ISO 8601) with its vectors as
``"vector_b64"``: base64 of little-endian float32 rows, the head vector then any part vectors
(windows of a long text). Plain JSON lines of items
(``{"text": ..., "user_id": ...}``) import too.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.embedders.base import EmbedderSignature, check_vectors
from remem.errors import EmbedderMismatchError, InvalidInputError, VectorError
from remem.stores.base import head_and_parts
from remem.types import MemoryRecord

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = [
    "export_jsonl",
    "export_lines",
    "import_file",
    "import_text",
    "locomo_items",
    "parse_locomo_time",
]

EXPORT_VERSION = 1
_IMPORT_KEYS = (
    "id",
    "text",
    "kind",
    "role",
    "user_id",
    "agent_id",
    "session_id",
    "metadata",
    "created_at",
    "importance",
)


def export_jsonl(memory: Memory, path: str | Path, *, progress: bool = False) -> int:
    count = -1  # the header line is not a record
    with _open_out(path) as out:
        for line in export_lines(memory):
            out.write(line)
            count += 1
    return count


def export_lines(
    memory: Memory, keep: Callable[[MemoryRecord], bool] | None = None
) -> Iterator[str]:
    """The export as lines (each ending in a newline): the header, then every record ``keep``
    accepts (default: all), read from the store a batch at a time."""
    signature = memory.store.signature() or memory.embedder.signature
    header = {
        "remem": "export",
        "version": EXPORT_VERSION,
        "embedder": signature.name,
        "dimensions": signature.dimensions,
    }
    yield json.dumps(header) + "\n"
    for record, vector in memory.store.iter_records(with_vectors=True):
        if keep is not None and not keep(record):
            continue
        data = record.to_dict()
        if vector is not None:
            data["vector_b64"] = base64.b64encode(vector.astype("<f4").tobytes()).decode()
        yield json.dumps(data, ensure_ascii=False) + "\n"


class _open_out:
    """A text file, or stdout for ``-``."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.file: Any = None

    def __enter__(self) -> Any:
        if str(self.path) == "-":
            import sys

            return sys.stdout
        self.file = Path(self.path).open("w", encoding="utf-8")
        return self.file

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def import_file(
    memory: Memory,
    path: str | Path,
    *,
    format: str = "auto",
    reembed: bool = False,
    progress: bool = False,
) -> int:
    return import_text(
        memory, _read_text(path), str(path), format=format, reembed=reembed, progress=progress
    )


def import_text(
    memory: Memory,
    text: str,
    name: str,
    *,
    format: str = "auto",
    reembed: bool = False,
    progress: bool = False,
    admit: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> int:
    """Import ``text`` (remem's JSON lines, plain items, or a LoCoMo file; ``name`` is what
    messages call it). ``admit`` sees each item before anything is stored and returns it (maybe
    with its scope filled in) or raises; one refusal stores nothing."""
    if format == "auto":
        format = "locomo" if text.lstrip().startswith("[") else "jsonl"
    if format == "locomo":
        items = locomo_items(_json(text, name))
        if admit is not None:
            items = [admit(item) for item in items]
        return len(memory.add_many(items, progress=progress))
    if format != "jsonl":
        raise InvalidInputError(f"unknown import format {format!r}: use jsonl, locomo or auto")
    return _import_jsonl(
        memory, _jsonl(text, name), reembed=reembed, progress=progress, admit=admit
    )


def _import_jsonl(
    memory: Memory,
    rows: Iterator[tuple[int, dict[str, Any]]],
    *,
    reembed: bool,
    progress: bool,
    admit: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> int:
    signature: EmbedderSignature | None = None
    items: list[dict[str, Any]] = []
    vectors: list[np.ndarray[Any, Any] | None] = []
    parents: list[tuple[str | None, int | None]] = []
    for line, row in rows:
        if row.get("remem") == "export":
            signature = EmbedderSignature(str(row["embedder"]), int(row["dimensions"]))
            continue
        item = {k: row[k] for k in _IMPORT_KEYS if row.get(k) is not None}
        items.append(admit(item) if admit is not None else item)
        parents.append((row.get("parent_id"), row.get("position")))
        vectors.append(_decode_vector(row, line) if not reembed else None)
    foreign = signature is not None and signature != memory.embedder.signature
    if foreign and not reembed and any(v is not None for v in vectors):
        raise EmbedderMismatchError(
            f"the file's vectors were made by {signature}, this store uses "
            f"{memory.embedder.signature}: import with reembed=True (--reembed)"
        )
    known = {r.id for r in memory.store.get([i["id"] for i in items if "id" in i])}
    keep = [i for i, item in enumerate(items) if item.get("id") not in known]
    return _add_exact(
        memory,
        [items[i] for i in keep],
        [vectors[i] for i in keep],
        [parents[i] for i in keep],
        progress,
    )


def _add_exact(
    memory: Memory,
    items: list[dict[str, Any]],
    vectors: list[np.ndarray[Any, Any] | None],
    parents: list[tuple[str | None, int | None]],
    progress: bool,
) -> int:
    """Insert exported records as they were: ids, parents, and vectors where present."""
    if not items:
        return 0
    records = [memory._new_record({**item, "dedupe": False}, i) for i, item in enumerate(items)]
    dims = memory.embedder.dimensions
    for rec, vec, (parent, position) in zip(records, vectors, parents, strict=True):
        rec.parent_id, rec.position = parent, position
        if vec is not None:
            if vec.size % dims:
                raise VectorError(
                    f"{rec.id}: vector_b64 holds {vec.size} floats, not vectors of dimension "
                    f"{dims} (a head vector, then any part vectors)"
                )
            rows = check_vectors(vec.reshape(-1, dims), dims)
            rec.vector, rec.parts = head_and_parts(rows)
    parent_ids = {p for p, _ in parents if p}
    containers = frozenset(i for i, rec in enumerate(records) if rec.id in parent_ids)
    return len(memory._insert(records, progress, containers=containers))


def _decode_vector(row: dict[str, Any], line: int) -> np.ndarray[Any, Any] | None:
    encoded = row.get("vector_b64")
    if encoded is None:
        return None
    try:
        return np.frombuffer(base64.b64decode(encoded, validate=True), dtype="<f4").copy()
    except (ValueError, TypeError) as exc:
        raise InvalidInputError(f"line {line}: vector_b64 is not base64 float32: {exc}") from exc


def _read_text(path: str | Path) -> str:
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read()
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{path} is not valid UTF-8 (byte {exc.start})") from exc


def _json(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{name} is not valid JSON: {exc}") from exc


def _jsonl(text: str, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{name} line {number} is not valid JSON: {exc}") from exc
        if not isinstance(row, dict):
            raise InvalidInputError(f"{name} line {number} is not a JSON object")
        yield number, row


# -- LoCoMo ----------------------------------------------------------------------------------------
_SESSION = re.compile(r"^session_(\d+)$")


def parse_locomo_time(text: str) -> datetime:
    """LoCoMo's session times, like ``"1:56 pm on 8 May, 2023"``, as UTC datetimes."""
    cleaned = " ".join(text.replace(",", " ").split())
    for pattern in ("%I:%M %p on %d %B %Y", "%I:%M%p on %d %B %Y", "%I:%M %p on %B %d %Y"):
        try:
            return datetime.strptime(cleaned, pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise InvalidInputError(f"cannot read the LoCoMo time {text!r}")


def locomo_items(data: Any) -> list[dict[str, Any]]:
    """One message item per LoCoMo turn: ``"Speaker: text"``, scoped by conversation.

    ``user_id`` is the conversation's ``sample_id``, ``session_id`` is ``<sample_id>/session_<n>``,
    metadata holds ``speaker``, ``dia_id`` and ``session``; turns of a session get the session's
    time plus one second per turn, so their order survives.
    """
    if not isinstance(data, list) or not all(isinstance(c, dict) for c in data):
        raise InvalidInputError("a LoCoMo file is a JSON list of conversation objects")
    items: list[dict[str, Any]] = []
    for number, sample in enumerate(data):
        conversation = sample.get("conversation")
        if not isinstance(conversation, dict):
            raise InvalidInputError(f"LoCoMo conversation {number} has no 'conversation' object")
        sample_id = str(sample.get("sample_id", f"conv-{number}"))
        for key, turns in sorted(conversation.items(), key=_session_order):
            match = _SESSION.match(key)
            if not match or not isinstance(turns, list):
                continue
            session = int(match.group(1))
            start = parse_locomo_time(conversation.get(f"{key}_date_time", ""))
            for offset, turn in enumerate(turns):
                text = turn.get("text", "")
                if turn.get("blip_caption"):
                    text = f"{text} [shares a photo: {turn['blip_caption']}]"
                items.append(
                    {
                        "text": f"{turn['speaker']}: {text}",
                        "user_id": sample_id,
                        "session_id": f"{sample_id}/session_{session}",
                        "kind": "message",
                        "metadata": {
                            "speaker": turn["speaker"],
                            "dia_id": turn["dia_id"],
                            "session": session,
                        },
                        "created_at": start + timedelta(seconds=offset),
                    }
                )
    return items


def _session_order(pair: tuple[str, Any]) -> int:
    match = _SESSION.match(pair[0])
    return int(match.group(1)) if match else 0
