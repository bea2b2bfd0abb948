"""The README cannot go stale: its Python runs, its CLI lines name real commands and options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

import remem
from remem.cli.main import cli

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.S)


def test_readme_opens_with_the_two_commands() -> None:
    first = _blocks("sh")[0]
    assert "make run" in first and "make test" in first


def test_quickstart_runs_offline() -> None:
    quickstart = _blocks("python")[0]
    exec(compile(quickstart, "README quickstart", "exec"), {})  # asserts inside


def test_filter_example_is_valid(mem: remem.Memory) -> None:
    example = _blocks("python")[1]
    mem.add(
        "Flight to Lisbon",
        user_id="sam",
        metadata={"tags": ["travel"]},
        importance=8,
        created_at="2026-05-01",
    )
    hits = eval(example.strip(), {"mem": mem})  # the example is one search call
    assert [h.text for h in hits] == ["Flight to Lisbon"]


#: Every ``remem ...`` line of the README's shell blocks (found by content, not position: a
#: block added above the CLI's once left this list empty and the test skipped).
CLI_LINES = [
    line
    for block in _blocks("sh")
    for line in block.splitlines()
    if line.strip().startswith("remem ")
]


def test_the_readme_shows_the_cli() -> None:
    assert len(CLI_LINES) >= 20


@pytest.mark.parametrize("line", CLI_LINES)
def test_cli_lines_use_real_commands_and_options(line: str) -> None:
    words = shlex.split(line.split("#")[0])[1:]
    command = words[:2] if words[0] in ("eval", "keys") else words[:1]
    options = [w for w in words if w.startswith("-") and w != "-"]
    result = CliRunner().invoke(cli, [*command, "--help"])
    assert result.exit_code == 0, f"{line}: {result.output}"
    for option in options:
        assert option in result.output, f"{option} is not an option of `remem {command}`"


def test_retrieval_stages_example_runs(mem: remem.Memory) -> None:
    mem.add("Sam is allergic to cashews.", user_id="sam", created_at="2026-01-04T09:13:00Z")
    mem.add("We planned a picnic.", user_id="sam", session_id="s", created_at="2026-06-01")
    example = _blocks("python")[2]
    scope: dict = {"mem": mem, "remem": remem}
    exec(compile(example, "README retrieval example", "exec"), scope)
    assert scope["hits"] and "cashews" in scope["ctx"].text
    scope["agent_mem"].close()


def test_memory_types_example_runs_offline() -> None:
    example = next(b for b in _blocks("python") if "mem.chat(" in b)
    exec(compile(example, "README memory types", "exec"), {})  # asserts inside
