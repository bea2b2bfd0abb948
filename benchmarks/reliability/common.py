"""Shared pieces of the reliability scripts: acknowledgment logs, store checks, JSON output.

An *acknowledged* write is one whose call returned (``add()``, or a 201 from the server); its id
is appended to a log and flushed to the disk (``fsync``) right after, so a log line is never
ahead of the store. A write that committed but was killed before its line was written is
present but unlogged — allowed; a logged id missing from the store is a loss.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO, Any

import httpx

from remem.stores.keyword_index import unpack

ROOT = Path(__file__).resolve().parents[2]
ID_LENGTH = 36  # remem ids are UUIDs: a shorter line is one cut by a kill


def append_synced(handle: IO[str], line: str) -> None:
    """Append one line and flush it to the disk before returning."""
    handle.write(line + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def logged(path: Path) -> list[list[str]]:
    """The whole lines of a log (its fields, tab-separated); a line cut by a kill is dropped."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]  # the last piece may be cut
    return [line.split("\t") for line in lines if len(line.split("\t")[0]) == ID_LENGTH]


def acknowledged(paths: Iterable[Path]) -> list[str]:
    """Every id the logs acknowledge (the first field of each line)."""
    return [fields[0] for path in paths for fields in logged(path)]


def store_ids(store: Path) -> set[str]:
    """Every record id in a store's database, read with plain sqlite3 (no remem)."""
    with sqlite3.connect(store / "remem.db", timeout=30) as conn:
        return {row[0] for row in conn.execute("SELECT id FROM memories")}


def integrity(path: Path) -> str:
    """``PRAGMA integrity_check`` of a store's database (or of a database file): ``ok`` or
    the problems found."""
    db = path / "remem.db" if path.is_dir() else path
    with sqlite3.connect(db, timeout=30) as conn:
        return "; ".join(row[0] for row in conn.execute("PRAGMA integrity_check"))


def keyword_index_faults(path: Path) -> list[str]:
    """Where a SQLite store's keyword index disagrees with its records (empty: none): each
    scope's count and length against its records', and the live postings of the blocks (the
    dead left out) against each record's distinct terms and length, exactly."""
    conn = sqlite3.connect(f"{(path / 'remem.db').as_uri()}?mode=ro", uri=True)
    try:
        faults = [
            f"scope {part}: {docs} docs / {tokens} tokens, its records {held} / {length}"
            for part, docs, tokens, held, length in conn.execute(
                "SELECT s.part, s.docs, s.tokens, count(m.rowid), coalesce(sum(m.keyword_len), 0) "
                "FROM keyword_scopes s LEFT JOIN memories m "
                "ON m.keyword_part = s.part AND m.keyword_terms IS NOT NULL GROUP BY s.part"
            )
            if (docs, tokens) != (held, length)
        ]
        expected = {
            (term, int(part), int(doc), int(length))
            for doc, part, length, terms in conn.execute(
                "SELECT rowid, keyword_part, keyword_len, keyword_terms FROM memories "
                "WHERE keyword_terms IS NOT NULL"
            )
            for term in json.loads(terms)
        }
        dead = {
            (term, int(part), int(doc))
            for term, part, doc in conn.execute("SELECT term, part, doc FROM keyword_dead")
        }
        held: set[tuple[str, int, int, int]] = set()
        postings = 0
        for term, part, first, n, data in conn.execute(
            "SELECT term, part, first, n, data FROM keyword_blocks"
        ):
            docs, _, lengths = unpack(int(first), int(n), bytes(data))
            for doc, length in zip(docs.tolist(), lengths.tolist(), strict=True):
                if (term, int(part), doc) not in dead:
                    postings += 1
                    held.add((term, int(part), doc, length))
    finally:
        conn.close()
    if postings != len(held):
        faults.append(f"{postings - len(held)} postings held twice")
    if held - expected:
        faults.append(f"{len(held - expected)} postings of no record (or of another length)")
    if expected - held:
        faults.append(f"{len(expected - held)} of the records' terms not posted")
    return faults


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def write_json(path: str | None, result: dict[str, Any]) -> None:
    if path:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


def percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def show(title: str, figures: dict[str, Any]) -> None:
    print(f"{title}:")
    for name, value in figures.items():
        shown = f"{value:.4g}" if isinstance(value, float) else value
        print(f"  {name:34} {shown}")


REMEM = str(Path(sys.executable).with_name("remem"))


def start(args: list[str], port: int, ready: str) -> subprocess.Popen[bytes]:
    """``remem ARGS --port PORT`` as its own process, once ``ready`` (a path) answers."""
    process = subprocess.Popen(
        [REMEM, *args, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}{ready}", timeout=1)
            return process
        except httpx.ReadTimeout:  # connected: MCP's GET opens a stream that stays open
            return process
        except httpx.TransportError:
            if process.poll() is not None:
                said = process.stderr.read().decode() if process.stderr else ""
                raise RuntimeError(f"remem {args[0]} exited: {said}") from None
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"remem {args[0]} did not start")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)
