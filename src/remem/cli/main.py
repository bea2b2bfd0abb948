"""Commands: add, search, get, list, delete, trash, forget, audit, import, export, stats, reembed,
backup, restore, migrate, cost, demo, eval; serve, mcp and keys live in :mod:`remem.cli.serve`."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

import click

import remem
from remem.cli.options import (
    emit,
    existing_store,
    json_arg,
    namespace_option,
    opened,
    output_options,
    read_text,
    retrieval_options,
    scope_options,
    store_options,
    tag_options,
    untrusted_option,
)
from remem.core.errors import InvalidInputError, RememError
from remem.core.redact import MASKING
from remem.core.timeutil import from_epoch
from remem.trust import UntrustedPolicy
from remem.trust.audit import acting


class RememGroup(click.Group):
    """Turns remem's errors into one line on stderr and exit code 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except RememError as exc:
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(1)
        except BrokenPipeError:  # `remem ... | head`: the reader left; say nothing
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            ctx.exit(1)
        except (OSError, KeyboardInterrupt) as exc:  # top-level boundary: no tracebacks
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(1)


@click.group(cls=RememGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(remem.__version__, prog_name="remem")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """remem: long-term memory for LLM applications and agents.

    Stores live in a directory (--store, or $REMEM_STORE); output is JSON lines unless --plain.
    """
    ctx.with_resource(acting("cli"))  # the audit log names the CLI as who made each change
    if logging.lastResort is not None:  # a line logged with no handler set up: no password in it
        logging.lastResort.addFilter(MASKING)


# -- commands ------------------------------------------------------------------------------------
@cli.command()
@click.argument("text")
@store_options
@scope_options
@click.option("--kind", default="message", show_default=True, help="message, fact, note, ...")
@click.option("--role", help="Chat role: user, assistant, system, tool.")
@click.option("--metadata", help="Metadata as a JSON object.")
@click.option("--created-at", help="ISO 8601 time (default: now).")
@click.option("--importance", type=float, help="Importance, e.g. 1-10.")
@click.option("--document", is_flag=True, help="Store as a document, chunked for search.")
@click.option("--chunk-size", type=int, help="Chunk size in the embedder's tokens.")
@click.option("--chunk-overlap", type=int, help="Tokens shared by neighbouring chunks.")
@click.option("--ttl", type=float, help="Seconds until it expires (no read returns it after).")
@click.option("--expires-at", help="ISO 8601 time at which it expires.")
@click.option("--no-embed", is_flag=True, help="Store without a vector: never a search hit.")
@namespace_option
@click.option("--key", help="A name for it, unique in its scope and namespace.")
@click.option(
    "--dedupe/--no-dedupe",
    default=None,
    help="Fold an exact duplicate into the stored one [default: not for messages].",
)
@tag_options
@output_options
def add(
    text: str,
    store_path: str | None,
    embedder: str | None,
    kind: str,
    metadata: str | None,
    document: bool,
    chunk_size: int | None,
    chunk_overlap: int | None,
    ttl: float | None,
    expires_at: str | None,
    no_embed: bool,
    namespace: tuple[str, ...] | None,
    key: str | None,
    dedupe: bool | None,
    plain: bool,
    **fields: Any,
) -> None:
    """Store TEXT as a memory (- reads it from stdin)."""
    meta = json_arg(metadata, "--metadata")
    with opened(store_path, embedder) as mem:
        if document:
            memory_only = (ttl, expires_at, namespace, key, dedupe)
            if no_embed or any(value is not None for value in memory_only):
                raise click.UsageError(
                    "--ttl, --expires-at, --no-embed, --namespace, --key and --dedupe are for "
                    "a memory"
                )
            fields.pop("role")
            record = mem.add_document(
                read_text(text),
                metadata=meta,
                chunk_size=chunk_size,
                chunk_overlap=chunk_overlap,
                **fields,
            )
        else:
            record = mem.add(
                read_text(text),
                kind=kind,
                metadata=meta,
                ttl=ttl,
                expires_at=expires_at,
                embed=not no_embed,
                namespace=namespace,
                key=key,
                dedupe=dedupe,
                **fields,
            )
        emit(record, plain)


@cli.command()
@click.argument("query")
@store_options
@scope_options
@click.option("-k", "--limit", "k", default=10, show_default=True, help="How many hits.")
@click.option(
    "--mode",
    type=click.Choice(["hybrid", "dense", "keyword"]),
    default="hybrid",
    show_default=True,
)
@click.option("--filter", "filters", help='Filter as JSON, e.g. \'{"kind": "fact"}\'.')
@namespace_option
@click.option("--now", help="Reference time (ISO 8601) for recency and for times named in QUERY.")
@click.option(
    "--min-score",
    type=click.FloatRange(0, 1),
    help="Leave out hits whose relevance (0-1, calibrated) is below this.",
)
@click.option("--explain", is_flag=True, help="Show why each hit ranked where it did.")
@retrieval_options
@output_options
def search(
    query: str,
    store_path: str | None,
    embedder: str | None,
    k: int,
    mode: str,
    filters: str | None,
    namespace: tuple[str, ...] | None,
    now: str | None,
    min_score: float | None,
    explain: bool,
    plain: bool,
    user_id: str | None,
    agent_id: str | None,
    session_id: str | None,
    **options: Any,
) -> None:
    """Find the memories that best match QUERY (- reads it from stdin), each with its relevance
    from 0 to 1."""
    with opened(store_path, embedder, read=True) as mem:
        hits = mem.search(
            read_text(query),
            k=k,
            mode=mode,  # type: ignore[arg-type]  # click.Choice has checked it
            filters=json_arg(filters, "--filter"),
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            namespace=namespace,
            now=now,
            min_score=min_score,
            **options,
        )
        if not hits:
            click.echo(_nothing_found(min_score), err=True)
        for rank, hit in enumerate(hits, start=1):
            if not explain:
                emit(hit, plain)
            elif plain:
                click.echo(f"#{rank} {hit.text}\n{hit.explain()}")
            else:
                emit({**hit.to_dict(), "explain": hit.explain()}, plain)


def _nothing_found(min_score: float | None) -> str:
    """Why a search printed nothing: the scope holds no match, or none is relevant enough."""
    why = ["no memories match in this scope"]
    if min_score is not None:
        why.append(f"none is at least {min_score} relevant (--min-score)")
    return "; ".join(why)


@cli.command()
@click.argument("ids", nargs=-1, required=True)
@store_options
@output_options
def get(ids: tuple[str, ...], store_path: str | None, embedder: str | None, plain: bool) -> None:
    """Show the memories with these IDS."""
    with opened(store_path, embedder, read=True) as mem:
        for id in ids:
            emit(mem.get(id), plain)


@cli.command(name="list")
@store_options
@scope_options
@click.option("--kind", help="Only this kind.")
@click.option("--filter", "filters", help="Filter as JSON.")
@click.option("--limit", default=100, show_default=True)
@click.option("--offset", default=0)
@click.option("--newest-first", is_flag=True, help="Newest first (default: oldest first).")
@namespace_option
@output_options
def list_(
    store_path: str | None,
    embedder: str | None,
    filters: str | None,
    newest_first: bool,
    plain: bool,
    **options: Any,
) -> None:
    """List memories in a scope."""
    with opened(store_path, embedder, read=True) as mem:
        order = "-created_at" if newest_first else "created_at"
        for record in mem.list(filters=json_arg(filters, "--filter"), order=order, **options):
            emit(record, plain)


@cli.command()
@click.argument("id")
@store_options
@click.option("--text", help="New text (- reads it from stdin); it is embedded again.")
@click.option("--kind", help="New kind.")
@click.option("--role", help="New chat role.")
@click.option("--metadata", help="New metadata as a JSON object (replaces the old).")
@click.option("--importance", type=float, help="New importance, e.g. 1-10.")
@click.option("--ttl", type=float, help="Expire this many seconds from now.")
@click.option("--expires-at", help="Expire at this ISO 8601 time.")
@output_options
def update(
    id: str,
    store_path: str | None,
    embedder: str | None,
    text: str | None,
    metadata: str | None,
    plain: bool,
    **changes: Any,
) -> None:
    """Change the memory with this ID (only what is given); prints it as it is now."""
    if text is None and metadata is None and all(v is None for v in changes.values()):
        raise click.UsageError(
            "nothing to change: give --text, --kind, --role, --metadata, --importance, "
            "--ttl or --expires-at"
        )
    with opened(store_path, embedder, read=True) as mem:
        record = mem.update(
            id,
            text=None if text is None else read_text(text),
            metadata=json_arg(metadata, "--metadata"),
            **changes,
        )
        emit(record, plain)


@cli.command()
@click.argument("query")
@store_options
@scope_options
@click.option("--budget", "budget_tokens", type=click.IntRange(1), default=500,
              show_default=True, help="Tokens the context may take.")  # fmt: skip
@click.option("-k", "--limit", "k", default=10, show_default=True, help="Hits to pack, at most.")
@click.option(
    "--order",
    type=click.Choice(["time", "score"]),
    default="time",
    show_default=True,
    help="Order of the packed memories: oldest first, or most relevant first.",
)
@click.option(
    "--marked",
    type=click.Choice(["fence", "withhold"]),
    default="fence",
    show_default=True,
    help="A memory marked as possibly steering a model: quote it fenced, or withhold its text.",
)
@untrusted_option
@click.option(
    "--for",
    "reader",
    help="Judge trust as this user reads (default: --user); for a scope several users share.",
)
@click.option("--filter", "filters", help="Filter as JSON.")
@namespace_option
@click.option("--now", help="Reference time (ISO 8601) for times named in QUERY.")
@click.option("--min-score", type=click.FloatRange(0, 1), help="Pack no hit below this relevance.")
@retrieval_options
@output_options
def context(
    query: str,
    store_path: str | None,
    embedder: str | None,
    filters: str | None,
    plain: bool,
    budget_tokens: int,
    k: int,
    order: str,
    marked: str,
    untrusted: UntrustedPolicy,
    reader: str | None,
    namespace: tuple[str, ...] | None,
    now: str | None,
    min_score: float | None,
    user_id: str | None,
    agent_id: str | None,
    session_id: str | None,
    **options: Any,
) -> None:
    """The memories that best match QUERY, packed into a token budget as prompt-ready text
    (- reads QUERY from stdin)."""
    with opened(store_path, embedder, read=True) as mem:
        view = mem.on_behalf_of(reader) if reader is not None else mem
        packed = view.context(
            read_text(query),
            budget_tokens=budget_tokens,
            k=k,
            order=order,
            marked=marked,
            untrusted=untrusted,
            filters=json_arg(filters, "--filter"),
            namespace=namespace,
            now=now,
            min_score=min_score,
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            **options,
        )
        if plain:
            click.echo(packed.text)
            return
        hits = [{"id": h.id, "score": h.score} for h in packed.hits]
        click.echo(json.dumps({"text": packed.text, "tokens": packed.tokens, "hits": hits}))


@cli.command()
@click.argument("ids", nargs=-1, required=True)
@store_options
@click.option(
    "--recoverable",
    is_flag=True,
    help="To the trash instead, restorable with `remem trash restore` for trash_days.",
)
@output_options
def delete(
    ids: tuple[str, ...],
    store_path: str | None,
    embedder: str | None,
    recoverable: bool,
    plain: bool,
) -> None:
    """Delete the memories with these IDS (a document takes its chunks)."""
    with opened(store_path, embedder, read=True) as mem:
        found = {r.id for r in mem.get_many(list(ids))}  # through the engine's read path
        missing = [i for i in ids if i not in found]
        if missing:
            raise remem.NotFoundError(f"no memory with id {missing[0]!r}; nothing was deleted")
        emit({"deleted": mem.delete(list(ids), recoverable=recoverable)}, plain)


@cli.group()
def trash() -> None:
    """The trash: what a model deleted (its tools, MCP) or `remem delete --recoverable` moved
    there, kept whole for trash_days (REMEM_TRASH_DAYS, 30 by default), restorable until then.
    `remem forget` erases a subject's trashed memories too."""


@trash.command(name="list")
@store_options
@click.option("--limit", default=100, show_default=True)
@click.option("--offset", default=0)
@output_options
def trash_list(
    store_path: str | None, embedder: str | None, limit: int, offset: int, plain: bool
) -> None:
    """The memories in the trash, newest first: when each went, until when it is kept."""
    with opened(store_path, embedder, read=True) as mem:
        for entry in mem.trash(limit=limit, offset=offset):
            if not plain:
                emit(entry.to_dict(), plain)
                continue
            scope = "/".join(s or "-" for s in (entry.user_id, entry.agent_id, entry.session_id))
            chunks = f" (+{entry.chunks} chunks)" if entry.chunks else ""
            click.echo(
                f"{entry.id}  deleted {entry.deleted_at:%Y-%m-%d %H:%M}  kept until "
                f"{entry.kept_until:%Y-%m-%d %H:%M}  {entry.kind:<9} {scope}  {entry.text}{chunks}"
            )


@trash.command(name="restore")
@click.argument("ids", nargs=-1, required=True)
@store_options
@output_options
def trash_restore(
    ids: tuple[str, ...], store_path: str | None, embedder: str | None, plain: bool
) -> None:
    """Put the memories with these IDS back from the trash, under the same ids, with their
    chunks, vectors and provenance; prints each. (`remem restore` restores a backup.)"""
    with opened(store_path, embedder, read=True) as mem:
        back = mem.undelete(list(ids))
    for record in back:
        emit(record, plain)
    missing = [i for i in dict.fromkeys(ids) if i not in {r.id for r in back}]
    if missing:
        shown = ", ".join(repr(i) for i in missing)
        restored = "; the others were restored" if back else ""
        raise remem.NotFoundError(f"not in the trash: {shown}{restored}")


@trash.command(name="empty")
@click.argument("ids", nargs=-1)
@store_options
@click.option("--yes", is_flag=True, help="Empty the whole trash (when no IDS are given).")
@output_options
def trash_empty(
    ids: tuple[str, ...], store_path: str | None, embedder: str | None, yes: bool, plain: bool
) -> None:
    """Remove the memories with these IDS from the trash for good, or with no IDS the whole
    trash. That cannot be undone: it is a person's decision, so without IDS it needs --yes
    (and a script should not pass it by default)."""
    if not ids and not yes:
        raise click.UsageError(
            "emptying the whole trash cannot be undone: give --yes to confirm it, or the IDS "
            "to remove (see `remem trash list`)"
        )
    with opened(store_path, embedder, read=True) as mem:
        emit({"removed": mem.empty_trash(list(ids) if ids else None)}, plain)


@cli.command()
@store_options
@scope_options
@namespace_option
@click.option("--no-verify", is_flag=True, help="Skip the scan for what was erased.")
@output_options
def forget(
    store_path: str | None, embedder: str | None, no_verify: bool, plain: bool, **subject: Any
) -> None:
    """Erase every trace of a subject: a --user, --agent, --session or --namespace (all given
    must match). Prints the receipt: what went, how the files were rewritten, and whether a
    scan of the store found anything of it left (exit 1 if it did)."""
    with opened(store_path, embedder, read=True) as mem:
        receipt = mem.forget(**subject, verify=not no_verify)
    if plain:
        erased = ", ".join(f"{count} {name}" for name, count in receipt.erased.items() if count)
        click.echo(f"erased: {erased or 'nothing stored'}")
        for step in receipt.scrubbed:
            click.echo(f"  {step}")
        checked = receipt.looked_for.get("patterns", 0)
        click.echo(
            "verified: not asked"
            if receipt.verified is None
            else f"verified: none of {checked} patterns found"
            if receipt.verified
            else f"NOT verified: found in {receipt.traces}: run forget again once other "
            "processes have closed the store"
        )
    else:
        emit(receipt.to_dict(), plain)
    if receipt.verified is False:
        sys.exit(1)


@cli.group(invoke_without_command=True)
@store_options
@click.option("--limit", default=100, show_default=True, help="How many events, newest first.")
@click.option("--id", "record_id", help="Only the events of this record.")
@output_options
@click.pass_context
def audit(
    ctx: click.Context,
    store_path: str | None,
    embedder: str | None,
    limit: int,
    record_id: str | None,
    plain: bool,
) -> None:
    """The audit log: every change, who made it and when, newest first (records as keyed
    hashes, never their content). `remem audit verify` checks it."""
    if ctx.invoked_subcommand is not None:
        return
    with opened(store_path, embedder, read=True) as mem:
        for event in mem.audit(limit=limit, id=record_id):
            if plain:
                ids = f"{len(event.ids)} records" if event.ids else ""
                click.echo(
                    f"{event.seq:>6}  {from_epoch(event.at):%Y-%m-%d %H:%M:%S}  {event.action:<11} "
                    f"{event.actor:<20} chain {event.chain[:12]} #{event.n}  {ids}"
                )
            else:
                emit(event.to_dict(), plain)


@audit.command(name="verify")
@store_options
@output_options
def audit_verify(store_path: str | None, embedder: str | None, plain: bool) -> None:
    """Check every chain of the audit log: an event changed, removed, inserted or reordered
    is found and the first bad one named (exit 1)."""
    with opened(store_path, embedder, read=True) as mem:
        verdict = mem.verify_audit()
    if plain:
        click.echo(
            f"ok: {verdict.events} events in {verdict.chains} chains"
            if verdict.ok
            else f"TAMPERED: {verdict.first_bad}"
        )
    else:
        emit(verdict.to_dict(), plain)
    if not verdict.ok:
        sys.exit(1)


@cli.command(name="import")
@click.argument("path")
@store_options
@click.option(
    "--format",
    "format_",
    type=click.Choice(["auto", "jsonl", "locomo"]),
    default="auto",
    show_default=True,
    help="jsonl (remem export or plain items) or a LoCoMo JSON file.",
)
@click.option("--reembed", is_flag=True, help="Embed texts again instead of using file vectors.")
def import_(
    path: str, store_path: str | None, embedder: str | None, format_: str, reembed: bool
) -> None:
    """Import memories from PATH (- for stdin) in one transaction."""
    with opened(store_path, embedder) as mem:
        count = mem.import_(path, format=format_, reembed=reembed)
        click.echo(json.dumps({"imported": count}))


@cli.command()
@click.argument("path", default="-")
@store_options
def export(path: str, store_path: str | None, embedder: str | None) -> None:
    """Export every memory with its vector as JSON lines to PATH (default stdout)."""
    with opened(store_path, embedder, read=True) as mem:
        count = mem.export(path)
        if getattr(mem.store, "encrypted", False):
            click.echo("note: the store is encrypted; its export is not (plain JSON)", err=True)
        if path != "-":
            click.echo(json.dumps({"exported": count, "encrypted": False}))


@cli.command()
@store_options
@output_options
def stats(store_path: str | None, embedder: str | None, plain: bool) -> None:
    """Counts, scopes, embedder and size of the store."""
    with opened(store_path, embedder, read=True) as mem:
        emit(mem.stats().to_dict(), plain)


@cli.group()
def index() -> None:
    """The store's vector index: where it stands, and building it now."""


@index.command(name="status")
@store_options
@output_options
def index_status(store_path: str | None, embedder: str | None, plain: bool) -> None:
    """Kind (ivf, hnsw), vectors, the exact-search limit, and whether the index is ready,
    being built, or wanted."""
    with opened(store_path, embedder, read=True) as mem:
        emit(mem.index_state().to_dict(), plain)


@index.command(name="build")
@store_options
@click.option("--progress/--no-progress", default=None, help="A progress bar (default: on a TTY).")
@output_options
def index_build(
    store_path: str | None, embedder: str | None, progress: bool | None, plain: bool
) -> None:
    """Build the vector index now if the store has outgrown exact search, and wait for it
    (searches never wait: they run exactly while it is built)."""
    with opened(store_path, embedder, read=True) as mem:
        emit(mem.build_index(progress=progress).to_dict(), plain)


@cli.command()
@click.option(
    "--store",
    "store_path",
    envvar=["REMEM_STORE", "REMEM_STORE_URL"],
    help="Store directory or URL.",
)
@click.option("--embedder", required=True, help="The new embedder, provider:model.")
def reembed(store_path: str | None, embedder: str) -> None:
    """Re-embed every memory with another embedder."""
    with remem.open(store_path) as mem:
        click.echo(json.dumps({"reembedded": mem.reembed(embedder), "embedder": embedder}))


@cli.command()
@click.argument("dest")
@store_options
def backup(dest: str, store_path: str | None, embedder: str | None) -> None:
    """Copy the store into DEST (a new or empty directory): a consistent snapshot, taken while
    other processes keep writing."""
    with opened(store_path, embedder, read=True) as mem:
        click.echo(json.dumps(mem.backup(dest)))


@cli.command()
@click.option("--from", "source", required=True, help="The store to copy: a directory or a URL.")
@click.option("--to", "target", required=True, help="Where to copy it (empty): a directory or URL.")
@click.option("--batch", default=1_000, show_default=True, type=click.IntRange(1, 10_000),
              help="Records per transaction.")  # fmt: skip
@click.option("--progress/--no-progress", default=None, help="A progress bar (default: on a TTY).")
@output_options
def migrate(source: str, target: str, batch: int, progress: bool | None, plain: bool) -> None:
    """Copy a whole store to another backend and verify it: SQLite → PostgreSQL and back.

    Records with their vectors (nothing is re-embedded), ids, scopes, times and access counts,
    the semantic caches, API keys and LLM usage; in batches, then counts and a checksum of
    every record and vector are compared. The target must hold no records.
    """
    from tqdm import tqdm

    from remem.engine.inserts import build_index
    from remem.stores import open_store
    from remem.stores.migrate import migrate_store

    if source == target:
        raise InvalidInputError("--from and --to name the same store")
    src = open_store(existing_store(source))
    try:
        dst = open_store(target)
        try:
            show = sys.stderr.isatty() if progress is None else progress
            with tqdm(
                total=src.stats().records, unit="rec", disable=not show, desc="migrate"
            ) as bar:
                report = migrate_store(src, dst, batch=batch, progress=bar.update)
            build_index(dst, show)  # searches of the new store never wait for its index
        finally:
            dst.close()
    finally:
        src.close()
    emit(report.to_dict(), plain)


@cli.command()
@click.argument("backup_dir")
@click.option("--store", "store_path", envvar="REMEM_STORE", required=True, help="Store directory.")
@click.option("--force", is_flag=True, help="Replace a store that holds memories.")
def restore(backup_dir: str, store_path: str, force: bool) -> None:
    """Put the backup in BACKUP_DIR in place as the store (checked with PRAGMA
    integrity_check; a store holding memories is replaced only with --force, one another
    process has open never)."""
    from remem.core.settings import Settings
    from remem.stores.sqlite.store import SQLiteStore

    key = Settings.load().key or None  # an encrypted backup: its key, from REMEM_KEY
    click.echo(json.dumps(SQLiteStore.restore(backup_dir, store_path, force=force, key=key)))


@cli.command()
@click.option("--store", "store_path", envvar="REMEM_STORE", required=True, help="Store directory.")
@click.option("--decrypt", is_flag=True, help="Remove the encryption instead (no new key).")
def rekey(store_path: str, decrypt: bool) -> None:
    """Encrypt the store, change its key, or with --decrypt store it in the clear.

    The key it has now is read from REMEM_KEY (unset for a store not yet encrypted), the new one
    from REMEM_NEW_KEY, else typed at the prompt (twice, not shown). The store must not be open
    in another process. Its backups keep the key they were made with.
    """
    from remem.core.settings import Settings
    from remem.stores.sqlite import cipher
    from remem.stores.sqlite.db import DB_NAME

    database = Path(existing_store(store_path)) / DB_NAME
    key = Settings.load().key or None
    cipher.check_key(str(database), key)
    new_key = None
    if not decrypt:
        new_key = os.environ.get("REMEM_NEW_KEY") or click.prompt(
            "New key", hide_input=True, confirmation_prompt=True
        )
    elif not key:
        raise InvalidInputError("the store is not encrypted: nothing to decrypt")
    cipher.rekey(str(database), key, new_key)
    click.echo(json.dumps({"store": store_path, "encrypted": new_key is not None}))


@cli.command()
@click.argument("path", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--chunk-size", default=200, show_default=True, help="Chunk size (embedder tokens).")
@click.option("--summary-tokens", default=96, show_default=True, help="Tokens per summary.")
@click.option("--branching", default=4, show_default=True, help="Children per tree node.")
@click.option("--queries", default=1, show_default=True, help="Questions, for long-context.")
@click.option("--model", default="o200k_base", show_default=True, help="Tokenizer to count with.")
@click.option("--embedder", envvar="REMEM_EMBEDDER", help="Embedder whose tokens size chunks.")
@output_options
def cost(
    path: str,
    chunk_size: int,
    summary_tokens: int,
    branching: int,
    queries: int,
    model: str,
    embedder: str | None,
    plain: bool,
) -> None:
    """Estimate the LLM tokens each summary index costs for a document, before building it."""
    from remem.memory_types.summaries import estimate_costs

    if path == "-":
        text = read_text("-")
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except UnicodeDecodeError as exc:
            raise InvalidInputError(f"{path} is not UTF-8 text") from exc
    table = estimate_costs(
        text,
        remem.get_embedder(embedder),
        chunk_size=chunk_size,
        summary_tokens=summary_tokens,
        branching=branching,
        queries=queries,
        model=model,
    )
    if not plain:
        click.echo(json.dumps(table))
        return
    click.echo(f"{'index':26} {'calls':>6} {'prompt':>9} {'completion':>10} {'per query':>10}")
    for name, row in table.items():
        click.echo(
            f"{name:26} {row['calls']:>6} {row['prompt']:>9} {row['completion']:>10} "
            f"{row['per_query']:>10}"
        )


def register() -> None:
    from remem.cli.caches import cache_bound
    from remem.cli.demo import demo
    from remem.cli.evaluate import eval_group
    from remem.cli.serve import keys, mcp_command, serve
    from remem.cli.trial import pg

    for command in (cache_bound, demo, eval_group, serve, keys, mcp_command, pg):
        cli.add_command(command)


register()
