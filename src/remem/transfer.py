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
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.core.errors import EmbedderMismatchError, InvalidInputError
from remem.core.records import ITEM_KEYS
from remem.embedders.base import EmbedderSignature

if TYPE_CHECKING:
    from remem.engine import Engine

__all__ = [
    "export_jsonl",
    "export_lines",
    "import_file",
    "import_text",
    "locomo_items",
    "locomo_sessions",
    "parse_locomo_time",
]

EXPORT_VERSION = 1
#: What an import row may hold: an item's keys (its tags too) but for what only a new write
#: decides (``dedupe``, ``ttl``), and where a chunk sits and where a record came from.
_IMPORT_KEYS = (
    "id",
    "parent_id",
    "position",
    *sorted(ITEM_KEYS - {"id", "dedupe", "ttl"}),
    "provenance",
)
#: What an export row holds besides the keys imported: read-only statistics, and the vectors.
_EXPORT_ONLY = frozenset(
    {"updated_at", "last_accessed_at", "access_count", "content_hash", "vector_b64"}
)


def export_jsonl(memory: Engine, path: str | Path, *, progress: bool = False) -> int:
    count = -1  # the header line is not a record
    with _open_out(path) as out:
        for line in export_lines(memory):
            out.write(line)
            count += 1
    return count


def export_lines(memory: Engine) -> Iterator[str]:
    """The export as lines (each ending in a newline): the header, then every record
    ``memory`` may see (its grant's), read from the store a batch at a time."""
    signature = memory.store.signature() or memory.embedder.signature
    header = {
        "remem": "export",
        "version": EXPORT_VERSION,
        "embedder": signature.name,
        "dimensions": signature.dimensions,
        # An export is plain JSON, whatever the store: it says so, and holds it in the clear.
        "encrypted": False,
    }
    yield json.dumps(header) + "\n"
    for record, vector in memory.records(with_vectors=True):
        data = record.to_dict()
        # Left out when unset: older versions read the rest.
        for name in ("namespace", "key", "provenance"):
            if not data[name]:
                del data[name]
        if vector is not None:
            data["vector_b64"] = base64.b64encode(vector.astype("<f4").tobytes()).decode()
        else:
            data["embed"] = False  # stored without a vector: imported without one
        yield _one_line(json.dumps(data, ensure_ascii=False)) + "\n"


def _one_line(text: str) -> str:
    """JSON text with the characters some readers take for line breaks (NEL, LINE SEPARATOR,
    PARAGRAPH SEPARATOR) escaped: JSON allows them raw in strings, ``str.splitlines`` splits
    on them."""
    return text.replace("\x85", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


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
    memory: Engine,
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
    memory: Engine,
    text: str,
    name: str,
    *,
    format: str = "auto",
    reembed: bool = False,
    progress: bool = False,
) -> int:
    """Import ``text`` (remem's JSON lines, plain items, or a LoCoMo file; ``name`` is what
    messages call it) into ``memory``, inside its grant: all or none."""
    if format == "auto":
        format = "locomo" if text.lstrip().startswith("[") else "jsonl"
    depth = memory.limits.max_json_depth
    if format == "locomo":
        return len(memory.add_many(locomo_items(_json(text, name, depth)), progress=progress))
    if format != "jsonl":
        raise InvalidInputError(f"unknown import format {format!r}: use jsonl, locomo or auto")
    rows = _jsonl(text, name, depth)
    return _import_jsonl(memory, rows, reembed=reembed, progress=progress)


def _import_jsonl(
    memory: Engine,
    rows: Iterator[tuple[int, dict[str, Any]]],
    *,
    reembed: bool,
    progress: bool,
) -> int:
    signature: EmbedderSignature | None = None
    items: list[dict[str, Any]] = []
    names: list[str] = []
    for line, row in rows:
        if row.get("remem") == "export":
            signature = _signature(row, line)
            continue
        unknown = set(row) - set(_IMPORT_KEYS) - _EXPORT_ONLY
        if unknown:
            raise InvalidInputError(
                f"line {line}: unknown keys {sorted(unknown)}: a row holds {list(_IMPORT_KEYS)} "
                "(and an export's own fields)"
            )
        item = {k: row[k] for k in _IMPORT_KEYS if row.get(k) is not None}
        if not reembed:
            item["vectors"] = _decode_vector(row, line)
        items.append(item)
        names.append(f"line {line}")
    foreign = signature is not None and signature != memory.embedder.signature
    if foreign and not reembed and any(i["vectors"] is not None for i in items):
        raise EmbedderMismatchError(
            f"the file's vectors were made by {signature}, this store uses "
            f"{memory.embedder.signature}: import with reembed=True (--reembed)"
        )
    return len(memory.import_records(items, progress=progress, names=names))


def _signature(row: dict[str, Any], line: int) -> EmbedderSignature:
    name, dims = row.get("embedder"), row.get("dimensions")
    if not isinstance(name, str) or isinstance(dims, bool) or not isinstance(dims, int):
        raise InvalidInputError(
            f"line {line}: an export header names its embedder (a string) and dimensions "
            "(an integer)"
        )
    return EmbedderSignature(name, dims)


def _decode_vector(row: dict[str, Any], line: int) -> np.ndarray[Any, Any] | None:
    encoded = row.get("vector_b64")
    if encoded is None:
        return None
    if not isinstance(encoded, str):
        raise InvalidInputError(f"line {line}: vector_b64 must be a base64 string")
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


def _json(text: str, name: str, depth: int) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{name} is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise _too_deep(name, depth) from exc


def _jsonl(text: str, name: str, depth: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each line's JSON object, with its number; ``depth``: the nesting a value may have
    (``Limits.max_json_depth``), named when a line nests too deep to even be read."""
    # Lines end at "\n" only: a record's text may hold other characters that splitlines()
    # would take for line breaks.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"{name} line {number} is not valid JSON: {exc}") from exc
        except RecursionError as exc:
            raise _too_deep(f"{name} line {number}", depth) from exc
        if not isinstance(row, dict):
            raise InvalidInputError(f"{name} line {number} is not a JSON object")
        yield number, row


def _too_deep(where: str, depth: int) -> InvalidInputError:
    """The error for JSON nested past what Python's parser recurses into (about 1,000 levels,
    always beyond ``max_json_depth``, whose ceiling is 200): what a too-deep metadata gets."""
    return InvalidInputError(
        f"{where} is nested more than {depth} levels deep: flatten it "
        "(or raise the limit: max_json_depth)"
    )


# -- LoCoMo ----------------------------------------------------------------------------------------
_SESSION = re.compile(r"^session_(\d+)$")


def parse_locomo_time(text: str) -> datetime:
    """LoCoMo's session times, like ``"1:56 pm on 8 May, 2023"``, as UTC datetimes."""
    if not isinstance(text, str):
        raise InvalidInputError(
            f"a LoCoMo time is a string like '1:56 pm on 8 May, 2023': {text!r}"
        )
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
        for session, key, turns in locomo_sessions(conversation):
            start = parse_locomo_time(conversation.get(f"{key}_date_time", ""))
            for offset, turn in enumerate(turns):
                where = f"LoCoMo conversation {number} {key} turn {offset}"
                if not isinstance(turn, dict):
                    raise InvalidInputError(f"{where} is not an object")
                missing = [k for k in ("speaker", "dia_id") if k not in turn]
                if missing:
                    raise InvalidInputError(f"{where} has no {missing}")
                text = turn.get("text", "")
                if not isinstance(text, str) or not isinstance(turn["speaker"], str):
                    raise InvalidInputError(f"{where}: speaker and text must be strings")
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


def locomo_sessions(conversation: dict[str, Any]) -> list[tuple[int, str, list[Any]]]:
    """A LoCoMo ``conversation`` object's sessions in order: each one's number, key
    (``session_<n>``) and list of turns."""
    sessions = []
    for key, turns in conversation.items():
        match = _SESSION.match(key)
        if match and isinstance(turns, list):
            sessions.append((int(match.group(1)), key, turns))
    return sorted(sessions, key=lambda session: session[0])
