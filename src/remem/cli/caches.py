"""``remem cache``: a semantic cache's learned error bound, as the store keeps it."""

from __future__ import annotations

import click

from remem.cli.options import emit, opened, output_options, store_options
from remem.core.timeutil import from_epoch

__all__ = ["cache_bound"]


@click.command(name="cache")
@click.argument("name", default="default")
@store_options
@click.option(
    "--max-error",
    type=float,
    default=0.05,
    show_default=True,
    help="The bound to read the learned state by (what the cache was opened with).",
)
@click.option("--user", "user_id", help="The owner: a user.")
@click.option("--agent", "agent_id", help="The owner: an agent.")
@output_options
def cache_bound(
    name: str,
    store_path: str | None,
    embedder: str | None,
    max_error: float,
    user_id: str | None,
    agent_id: str | None,
    plain: bool,
) -> None:
    """A semantic cache's learned error bound for one owner (``max_error``): the likeness a
    hit needs now, the answers learned from, and the hit rate and error over time."""
    with opened(store_path, embedder, read=True) as mem:
        state = mem.cache(name, max_error=max_error).bound(user_id=user_id, agent_id=agent_id)
    if not plain:
        emit(state, plain)
        return
    needs = state["threshold"]
    click.echo(
        f"bound {state['max_error']:.1%}: "
        + (
            "still learning, only the same question hits"
            if needs is None
            else f"a hit needs {needs:.2f}"
        )
        + f" ({state['observations']:,} answers learned from)"
    )
    click.echo(
        f"{'when':<19}  {'lookups':>8}  {'hits':>7}  {'wrong':>6}  {'hit rate':>8}  {'error':>6}"
    )
    for point in (p for p in state["history"] if p["lookups"]):
        click.echo(
            f"{from_epoch(point['at']):%Y-%m-%d %H:%M:%S}  {point['lookups']:>8,}  "
            f"{point['hits']:>7,}  {point['wrong']:>6,}  {point['hit_rate']:>8.1%}  "
            f"{point['error']:>6.1%}"
        )
