"""``remem demo``: store a small sample that ships with remem, then answer a few questions."""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

import click

import remem
from remem.cli.options import output_options

QUESTIONS: list[tuple[str, dict[str, Any]]] = [
    ("What should I avoid cooking for Sam?", {"user_id": "sam"}),
    ("Do I have a pet?", {"user_id": "sam"}),
    ("When is my trip to Portugal?", {"user_id": "sam"}),
    ("What is Alex allergic to?", {"user_id": "alex"}),
    ("Does remem need an internet connection?", {"agent_id": "docs"}),
]


def sample() -> list[dict[str, Any]]:
    text = resources.files("remem.data").joinpath("demo.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


#: Where ``remem demo`` stores its sample by default: the store ``make run`` fills and serves.
DEMO_STORE = ".remem/demo"


@click.command()
@click.option(
    "--store",
    "store_path",
    default=DEMO_STORE,
    show_default=True,
    help="Store to fill: the one `make run` serves by default (:memory: for a throwaway).",
)
@click.option("-k", "k", default=3, show_default=True, help="Hits per question.")
@output_options
def demo(store_path: str, k: int, plain: bool) -> None:
    """Store a small built-in sample and answer a few questions, showing each hit's relevance
    and why it ranked where it did."""
    items = sample()
    with remem.open(store_path) as mem:
        scopes = ("user_id", "agent_id", "session_id", "namespace")
        ids = [mem.key_id(item["id"], **{s: item.get(s) for s in scopes}) for item in items]
        # Stored before, under its name — or, by a remem whose ids were global, as its id.
        known = {r.id for r in mem.get_many([*ids, *(item["id"] for item in items)])}
        started = time.perf_counter()
        added = mem.add_many(
            [
                item
                for item, id in zip(items, ids, strict=True)
                if id not in known and item["id"] not in known
            ]
        )
        took = time.perf_counter() - started
        if plain:
            click.echo(
                f"Stored {len(added)} memories in {took:.2f}s with {mem.embedder.name} "
                f"(store: {store_path}; {len(known)} were already there).\n"
                "Each hit: its relevance (0-1, calibrated), then why it ranked there.\n"
            )
        for question, scope in QUESTIONS:
            hits = mem.search(question, k=k, **scope)
            if not plain:
                found = [{**h.to_dict(), "explain": h.explain()} for h in hits]
                click.echo(json.dumps({"question": question, "scope": scope, "hits": found}))
                continue
            label = ", ".join(f"{key}={value}" for key, value in scope.items())
            click.secho(f"Q: {question}  [{label}]", bold=True)
            for hit in hits:
                click.echo(f"  {hit.score:.2f}  {hit.text}")
                for line in hit.explain().splitlines()[1:]:
                    click.echo(f"          {line.strip()}")
            click.echo()
        if plain and store_path != ":memory:":
            click.echo(
                f"Explore it: remem search 'cashews' --store {store_path}\n"
                f"Serve it (web page and REST): remem serve --store {store_path}\n"
                f"Move it to PostgreSQL: remem migrate --from {store_path} --to postgresql://..."
            )
