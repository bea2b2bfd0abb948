"""The docs cannot go stale: every ```python and ```sh block of README.md and docs/*.md runs,
and what a block prints is what the doc shows beside it.

Blocks are found by content (tests/doc_runner.py), one test per block, named ``README.md:31``
after the line of its opening fence; a block added to any of these files is collected with no
change here. How each language is checked:

- ```python runs for real, in a fresh namespace with ``remem`` imported. A final expression's
  value is kept as ``_``. If it prints, the ```text block right after it (nothing but blank
  lines between) is its expected stdout, compared doctest-style: ``...`` matches anything (ids,
  times, the digits of a float past those shown). A block that prints with no such block
  fails: the doc must show what it prints.
- ```sh runs line by line, in order, in a fresh directory with ``REMEM_STORE=memory`` (a
  store in it): ``remem ...`` through the real CLI in-process, ``echo TEXT | remem ...``,
  ``echo TEXT > FILE``, ``export NAME=VALUE`` (exporting ``REMEM_STORE_URL`` drops the
  runner's ``REMEM_STORE``, which would win over it). ``remem serve`` and
  ``remem mcp --transport http`` start as real processes on 127.0.0.1 and a free port (in place
  of the line's --host and --port; a line asking for another host must follow a key, as the
  real command requires), must answer ``/v1/health`` or an MCP initialize, and are stopped;
  ``remem mcp`` on stdio is started by the mcp SDK's stdio client and must list its tools. A
  ```text block right after is compared with the lines' stdout; without one the output is not
  compared (every CLI line prints JSON), but every line must exit 0.
- ```json is parsed; an MCP client configuration that starts ``remem`` must pass it a real
  command and options, and an HTTP entry must name ``remem mcp``'s default port and path.
- ```sql must be marked not run; the Citus statements' tables and columns must exist in the
  schema remem creates on PostgreSQL.
- ```text and plain fences are outputs (above) or illustrations; any other language fails, so
  a ```bash block cannot slip past the runner.

Directives are HTML comments on the lines right above a block (GitHub hides them; they are
plain in the source), any number of them:

- ``<!-- setup: CODE -->`` runs first: Python for a python block, lines as above for a sh
  block; its output is not compared. Python setup may call ``serve(memory)`` (a real REST server
  with an admin key: its URL and key), ``postgres()`` (a fresh database on the session's
  throwaway PostgreSQL, tests/pg.py), ``scripted_llm(*steps)`` (an ``openai:`` model on
  tests/openai_wire.py's local server: each step a reply text or a (tool, arguments) call) and
  ``setenv(name, value)``.
- ``<!-- replace: OLD => EXPRESSION -->`` replaces the placeholder OLD (as a whole word) with
  the Python expression's value, evaluated after setup; a sh block may also use ``last(field)``,
  the field of the newest JSON output that has it (an ``id`` a previous line printed).
- ``<!-- not run: REASON -->`` (the whole block) or ``<!-- not run `PREFIX`: REASON -->``
  (its lines starting with PREFIX): not run, but checked for what can be: ``remem`` commands and
  options exist, ``make`` targets exist, ``pip`` names this project and its extras. The set of
  what is not run is asserted exactly below, so it cannot grow silently.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import click
import psycopg
import pytest

import remem
from remem.cli.main import cli

from . import doc_runner
from .doc_runner import Block, Fixtures, Shell

BLOCKS = doc_runner.collect()
CHECKED = [block for block in BLOCKS if block.language in doc_runner.CHECKED]

#: Everything the docs show that the tests do not run, and why it cannot run in `make test`.
NOT_RUN = {
    # `make run` serves until Ctrl-C; `make test` is the suite running this very test.
    ("README.md", "sh: make run"),
    # Installing from a path or the registry changes the environment the tests run in.
    ("README.md", "sh: pip install /path/to/remem"),
    ("docs/scaling.md", "sh lines `pip install`"),
    ("docs/server.md", "sh lines `pip install`"),
    # Full LoCoMo / SciFact / MQP evaluations take minutes and the CLI has no slice option.
    ("README.md", "sh lines `remem eval`"),
    # Needs a primary with streaming standbys (tests/test_replicas.py starts them for real).
    (
        "docs/scaling.md",
        "sh: remem serve --store postgresql://remem:pw@db-1,db-2/remem --replica postgresql://remem:pw@db-2/remem",
    ),
    # Needs a Citus cluster (none on PyPI); its tables and columns are checked instead.
    ("docs/scaling.md", "sql: SELECT create_distributed_table('memories', 'tenant');"),
}


@pytest.fixture
def fixtures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Fixtures]:
    """What a block's setup may use (tests/doc_runner.py), stopped after the test."""
    with ExitStack() as stack:
        yield Fixtures(tmp_path, monkeypatch, stack)


def run_python(block: Block, fixtures: Fixtures) -> dict[str, object]:
    """Run a python block in a directory of its own (a path it names, ``./memories``, lands
    there); its stdout must be the output the doc shows, or nothing."""
    fixtures.monkeypatch.chdir(fixtures.tmp_path)
    printed, scope = doc_runner.run_python(block, fixtures)
    if block.output is None:
        assert printed == "", f"{block.id} prints, but the doc shows no output:\n{printed}"
    else:
        doc_runner.check_output(block, printed)
    return scope


def run_sh(block: Block, fixtures: Fixtures) -> None:
    work = fixtures.tmp_path / "work"
    work.mkdir()
    fixtures.monkeypatch.chdir(work)
    fixtures.monkeypatch.setenv("REMEM_STORE", "memory")
    printed = Shell(block, fixtures).run_block()
    if block.output is not None:
        doc_runner.check_output(block, printed)


def check_json(block: Block) -> None:
    data = json.loads(block.code)
    mcp: click.Command = cli.commands["mcp"]
    defaults = {param.name: param.default for param in mcp.params}
    for server in doc_runner.mcp_client_configs(data):
        if server.get("command") == "remem":
            assert server["args"][0] == "mcp", f"{block.id}: {server}"
            doc_runner.check_command(["remem", *server["args"]])
        if "url" in server:
            url = urlsplit(server["url"])
            assert (url.hostname, url.port, url.path) == (
                "127.0.0.1",
                defaults["port"],
                defaults["path"],
            ), f"{block.id}: {server['url']} is not where `remem mcp --transport http` listens"


def check_citus(block: Block, fixtures: Fixtures) -> None:
    """The tables and distribution columns the statements name are remem's own."""
    sql = block.code
    distributed = re.findall(r"create_distributed_table\('(\w+)', '(\w+)'", sql)
    colocated = re.findall(r"colocate_with => '(\w+)'", sql)
    reference = re.findall(r"'(\w+)'", sql.split("create_reference_table", 1)[1])
    assert distributed and reference, block.code
    url = fixtures.postgres()
    remem.open(url, embedder="hash:64").close()  # creates the schema
    with psycopg.connect(url) as conn:
        columns = set(
            conn.execute(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
            ).fetchall()
        )
    tables = {table for table, _ in columns}
    for table, column in distributed:
        assert (table, column) in columns, f"{block.id}: no column {table}.{column}"
    assert set(colocated) <= tables and set(reference) <= tables, f"{block.id}: {tables}"


@pytest.mark.parametrize("block", CHECKED, ids=[block.id for block in CHECKED])
def test_block(block: Block, fixtures: Fixtures) -> None:
    if block.language == "json":
        check_json(block)
    elif block.language == "sql":
        assert block.not_run, f"{block.id}: nothing runs SQL; mark it not run with a reason"
        check_citus(block, fixtures)
    elif any(not prefix for prefix, _ in block.not_run):
        for line in block.code.splitlines():
            doc_runner.check_line(line)
    elif block.language == "python":
        run_python(block, fixtures)
    else:
        run_sh(block, fixtures)


def test_every_block_is_in_a_language_the_runner_knows() -> None:
    unknown = [(b.id, b.language) for b in BLOCKS if b.language not in doc_runner.LANGUAGES]
    assert not unknown, f"use ```python or ```sh (run), ```json, ```sql or ```text: {unknown}"


def test_what_is_not_run_is_exactly_this() -> None:
    found = {(block.file, label) for block in BLOCKS for label in block.not_run_labels()}
    assert found == NOT_RUN
    assert all(reason for block in BLOCKS for _, reason in block.not_run)


def test_readme_opens_with_the_two_commands() -> None:
    first = next(b for b in BLOCKS if b.file == "README.md")
    assert first.language == "sh" and "make run" in first.code and "make test" in first.code


def test_the_readme_shows_the_cli() -> None:
    lines = [
        line
        for block in BLOCKS
        if block.file == "README.md" and block.language == "sh"
        for line in block.code.splitlines()
        if line.startswith("remem ")
    ]
    assert len(lines) >= 20


def cli_commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command of ``remem``, groups and their subcommands, as the words that name it."""
    for name, command in group.commands.items():
        yield (*path, name)
        if isinstance(command, click.Group):
            yield from cli_commands(command, (*path, name))


def test_every_cli_command_is_shown_in_the_docs() -> None:
    """Each command (``remem keys``, ``remem keys create``, ...) starts a line of a ```sh
    block of README.md or docs/*.md, where the runner runs it or checks its options."""
    shown = [
        line.split()[1:]
        for block in BLOCKS
        if block.language == "sh"
        for line in block.code.splitlines()
        if line.startswith("remem ")
    ]
    commands = list(cli_commands())
    missing = [path for path in commands if not any(w[: len(path)] == list(path) for w in shown)]
    assert len(commands) >= 27 and not missing, f"not in any doc: {missing}"


def block_with(text: str) -> Block:
    (found,) = [block for block in CHECKED if text in block.code]
    return found


def test_filter_example_finds_the_flight_on_every_store(mem: remem.Memory) -> None:
    """The filter grammar as the README shows it, on SQLite (disk, memory) and PostgreSQL."""
    mem.add(
        "Flight to Lisbon",
        user_id="sam",
        metadata={"tags": ["travel"]},
        importance=8,
        created_at="2026-05-01",
    )
    example = block_with('"$contains": "travel"')
    hits = eval(example.code.strip(), {"mem": mem})  # the example is one search call
    assert [h.text for h in hits] == ["Flight to Lisbon"]


def test_filter_example_setup_finds_the_flight(fixtures: Fixtures) -> None:
    scope = run_python(block_with('"$contains": "travel"'), fixtures)
    assert [h.text for h in scope["_"]] == ["Flight to Lisbon"]  # type: ignore[attr-defined]


def test_retrieval_stages_example_finds_the_allergy(fixtures: Fixtures) -> None:
    scope = run_python(block_with("remem.AGENT_RETRIEVAL"), fixtures)
    assert scope["hits"] and "cashews" in scope["ctx"].text  # type: ignore[attr-defined]


def test_the_runner_reads_directives_and_outputs() -> None:
    """A new block is collected by content, with its directives and its output."""
    markdown = (
        "Intro.\n\n<!-- setup: x = 2 -->\n<!-- replace: N => x -->\n"
        "```python\nprint(N * 21)\n```\n\n```text\n4...\n```\n\n"
        "<!-- not run `pip`: installs -->\n```sh\npip install remem\nremem stats\n```\n"
    )
    python, shell = doc_runner.parse("new.md", markdown)
    assert (python.id, python.setup, python.replacements) == ("new.md:5", "x = 2\n", (("N", "x"),))
    assert python.output == "4...\n" and shell.output is None
    assert shell.skip_reason("pip install remem") == "installs"
    assert shell.skip_reason("remem stats") is None
    doc_runner.check_output(python, "42\n")
    with pytest.raises(AssertionError, match="differs"):
        doc_runner.check_output(python, "24\n")
    assert doc_runner.replace("remem get ID KEY_ID", (("ID", "'x'"),), {}) == "remem get x KEY_ID"
    with pytest.raises(ValueError, match="not a directive"):
        doc_runner.parse("bad.md", "<!-- stup: x -->\n```python\n```\n")
