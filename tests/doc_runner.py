"""The machinery behind tests/test_docs.py: fenced blocks of README.md and docs/*.md read by
content, with the directives in the HTML comments right above them, and the ways to run and
check them (Python in-process, shell lines through the real CLI, servers as real processes).

The rules a doc writer follows are in tests/test_docs.py's docstring.
"""

from __future__ import annotations

import ast
import doctest
import io
import json
import os
import re
import shlex
import subprocess
import sys
import textwrap
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import ExitStack, redirect_stdout
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import anyio
import click
import httpx
import pytest
from click.testing import CliRunner

import remem
from remem.apikeys import KeyRing
from remem.cli.main import cli

from . import pg
from .serving import free_port, running

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
#: Languages a block may be written in: python and sh run, json and sql are checked, text is
#: an output or an illustration, and a plain fence is a listing.
LANGUAGES = {"python", "sh", "json", "sql", "text", ""}
CHECKED = {"python", "sh", "json", "sql"}
REMEM = str(Path(sys.executable).with_name("remem"))
LOOPBACK = {"127.0.0.1", "localhost", "::1"}

_FENCE = re.compile(r"^```(\S*)\s*$")
_DIRECTIVE = re.compile(
    r"^(?P<kind>setup|replace|not run)(?:\s+`(?P<prefix>[^`]+)`)?:\s*(?P<body>.*)\Z", re.S
)


@dataclass(frozen=True)
class Block:
    """One fenced block and what the comments right above it declare."""

    file: str  # relative to the repository: "README.md", "docs/server.md"
    line: int  # line of the opening fence
    language: str
    code: str
    setup: str = ""
    replacements: tuple[tuple[str, str], ...] = ()  # (text in the block, expression)
    not_run: tuple[tuple[str, str], ...] = ()  # (line prefix, or "" for all, reason)
    output: str | None = None  # the ```text block right after it

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}"

    def skip_reason(self, line: str) -> str | None:
        """Why ``line`` is not run, or None when it runs."""
        for prefix, reason in self.not_run:
            if not prefix or line.lstrip().startswith(prefix):
                return reason
        return None

    def not_run_labels(self) -> set[str]:
        """What is not run, named without line numbers (which move with every edit): the
        language and first line for a whole block ("sh: make run"), the prefix for some of its
        lines ("sh lines `pip install`")."""
        first = self.code.splitlines()[0].split("#")[0].strip()
        return {
            f"{self.language} lines `{prefix}`" if prefix else f"{self.language}: {first}"
            for prefix, _ in self.not_run
        }


def _comments_above(lines: list[str], fence: int, where: str) -> list[str]:
    """The bodies of the HTML comments that end on the lines right above ``fence``."""
    bodies: list[str] = []
    end = fence - 1
    while end >= 0 and lines[end].rstrip().endswith("-->"):
        start = end
        while not lines[start].lstrip().startswith("<!--"):
            start -= 1
            if start < 0:
                raise ValueError(f"{where}: a comment ends above the block but never starts")
        text = "\n".join(lines[start : end + 1]).strip()
        bodies.insert(0, text[len("<!--") : -len("-->")].strip())
        end = start - 1
    return bodies


def parse(name: str, text: str) -> list[Block]:
    """Every fenced block of the markdown ``text`` of file ``name`` (a ```text block right
    after a runnable one is its output, not a block of its own)."""
    lines = text.splitlines()
    fences: list[tuple[int, int, str]] = []  # (opening line index, closing index, language)
    index = 0
    while index < len(lines):
        match = _FENCE.match(lines[index])
        if match is None:
            index += 1
            continue
        close = index + 1
        while close < len(lines) and not lines[close].startswith("```"):
            close += 1
        if close == len(lines):
            raise ValueError(f"{name}:{index + 1}: a fence that is never closed")
        fences.append((index, close, match[1]))
        index = close + 1
    blocks: list[Block] = []
    outputs: set[int] = set()
    for number, (start, close, language) in enumerate(fences):
        if start in outputs:
            continue
        code = "".join(line + "\n" for line in lines[start + 1 : close])
        output = None
        if language in ("python", "sh") and number + 1 < len(fences):
            after, after_close, after_language = fences[number + 1]
            if after_language == "text" and all(not s.strip() for s in lines[close + 1 : after]):
                output = "".join(line + "\n" for line in lines[after + 1 : after_close])
                outputs.add(after)
        setup, replacements, not_run = "", [], []
        for body in _comments_above(lines, start, f"{name}:{start + 1}"):
            directive = _DIRECTIVE.match(body)
            if directive is None:
                raise ValueError(f"{name}:{start + 1}: not a directive: <!-- {body} -->")
            kind, prefix, text = directive["kind"], directive["prefix"], directive["body"]
            if kind == "setup":
                setup += textwrap.dedent(text) + "\n"
            elif kind == "replace":
                old, arrow, expression = text.partition(" => ")
                if not arrow:
                    raise ValueError(f"{name}:{start + 1}: replace: OLD => EXPRESSION")
                replacements.append((old.strip(), expression.strip()))
            else:
                not_run.append((prefix or "", " ".join(text.split())))
        blocks.append(
            Block(
                name,
                start + 1,
                language,
                code,
                setup,
                tuple(replacements),
                tuple(not_run),
                output,
            )
        )
    return blocks


def collect() -> list[Block]:
    return [
        block
        for path in DOC_FILES
        for block in parse(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
    ]


def replace(text: str, replacements: tuple[tuple[str, str], ...], scope: dict[str, Any]) -> str:
    """``text`` with each declared placeholder replaced by its expression's value (evaluated
    in ``scope``, only when the placeholder occurs); a placeholder is matched as a whole word,
    so ``ID`` does not touch ``KEY_ID``."""
    for old, expression in replacements:
        left = r"(?<![\w])" if re.match(r"\w", old) else ""
        right = r"(?![\w])" if re.search(r"\w$", old) else ""
        pattern = re.compile(left + re.escape(old) + right)
        if pattern.search(text):
            value = str(eval(expression, scope))
            text = pattern.sub(value.replace("\\", "\\\\"), text)
    return text


def check_output(block: Block, got: str) -> None:
    """The captured stdout matches the block's output (doctest ELLIPSIS: ``...`` matches
    anything); trailing spaces are ignored."""
    want = "".join(line.rstrip() + "\n" for line in (block.output or "").splitlines())
    got = "".join(line.rstrip() + "\n" for line in got.splitlines())
    checker = doctest.OutputChecker()
    if not checker.check_output(want, got, doctest.ELLIPSIS):
        difference = checker.output_difference(doctest.Example("", want), got, doctest.ELLIPSIS)
        raise AssertionError(f"{block.id}: the output differs from the doc's\n{difference}")


# -- what setup may use ----------------------------------------------------------------------
class Fixtures:
    """What a block's setup and replacements may use; everything stops with the test."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stack: ExitStack):
        self.tmp_path = tmp_path
        self.monkeypatch = monkeypatch
        self.stack = stack
        self._postgres: str | None = None

    def serve(self, memory: remem.Memory) -> tuple[str, str]:
        """A real REST server (tests/serving.py) over ``memory``, which it closes at the end,
        with an admin key: its URL and the key."""
        from remem.server import create_app

        self.stack.callback(memory.close)
        key, _ = KeyRing(memory.store).create("docs", admin=True)
        url = self.stack.enter_context(running(create_app(memory, require_keys=True)))
        return url, key

    def postgres(self) -> str:
        """The URL of a fresh database on the session's throwaway PostgreSQL (tests/pg.py),
        the same one for every call in a test."""
        if self._postgres is None:
            self._postgres = pg.url_for(self.tmp_path / "postgres")
        return self._postgres

    def replicated(self) -> tuple[str, str]:
        """A primary and a streaming standby (tests/pg.py's Cluster), stopped after the test:
        the primary's URL naming both hosts (failover), and the standby's."""
        cluster = pg.Cluster(standbys=1)
        self.stack.callback(cluster.close)
        standby = cluster.standbys[0]
        cluster.primary.sql("CREATE DATABASE docs")
        cluster.wait_replayed(standby)
        both = f"127.0.0.1:{cluster.primary.port},127.0.0.1:{standby.port}"
        return f"postgresql://postgres@{both}/docs", standby.url("docs")

    def scripted_llm(self, *steps: str | tuple[str, dict[str, Any]]) -> remem.ChatModel:
        """An ``openai:`` chat model on tests/openai_wire.py's local server, answering each
        request with the next step: a text, or a (tool name, arguments) call."""
        from .openai_wire import Server, completion

        server = self.stack.enter_context(Server())
        server.steps = [
            completion(step)
            if isinstance(step, str)
            else completion(tool_calls=[(f"call_{n}", step[0], step[1])])
            for n, step in enumerate(steps, 1)
        ]
        return remem.get_llm("openai:scripted", base_url=server.url, api_key="local")

    def setenv(self, name: str, value: str) -> None:
        self.monkeypatch.setenv(name, value)

    def scope(self) -> dict[str, Any]:
        return {
            "remem": remem,
            "Path": Path,
            "serve": self.serve,
            "postgres": self.postgres,
            "replicated": self.replicated,
            "scripted_llm": self.scripted_llm,
            "setenv": self.setenv,
        }


# -- Python ------------------------------------------------------------------------------------
def run_python(block: Block, fixtures: Fixtures) -> tuple[str, dict[str, Any]]:
    """Run the block's setup, then the block (placeholders replaced) with stdout captured, in
    one fresh namespace; a final expression's value is kept as ``_``. Returns the stdout and
    the namespace. Stores and clients left open in it are closed afterwards."""
    scope: dict[str, Any] = {"__name__": "__docs__", **fixtures.scope()}
    fixtures.stack.callback(_close_all, scope)
    if block.setup:
        exec(compile(block.setup, f"{block.id} (setup)", "exec"), scope)
    code = replace(block.code, block.replacements, scope)
    tree = ast.parse(code, block.id)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1]
        tree.body[-1] = ast.copy_location(
            ast.Assign(targets=[ast.Name("_", ast.Store())], value=last.value), last
        )
        ast.fix_missing_locations(tree)
    out = io.StringIO()
    with redirect_stdout(out):
        exec(compile(tree, block.id, "exec"), scope)
    return out.getvalue(), scope


def _close_all(scope: dict[str, Any]) -> None:
    for value in scope.values():
        if isinstance(value, remem.Memory | remem.Client):
            value.close()


# -- shell -------------------------------------------------------------------------------------
class Shell:
    """Runs a sh block's lines in order in the current directory: ``remem ...`` through the
    real CLI in this process (click's CliRunner), ``echo TEXT | remem ...`` with TEXT on stdin,
    ``echo TEXT > FILE``, ``export NAME=VALUE``; servers as real processes (see ``serve``)."""

    def __init__(self, block: Block, fixtures: Fixtures) -> None:
        self.block = block
        self.fixtures = fixtures
        self.outputs: list[str] = []  # stdout of each line run, in order

    def scope(self) -> dict[str, Any]:
        return {**self.fixtures.scope(), "last": self.last}

    def last(self, field: str) -> Any:
        """``field`` of the first JSON line, of the newest output, that has it (``remem list
        --newest-first`` then ``remem get ID``: the newest record)."""
        for output in reversed(self.outputs):
            for line in output.splitlines():
                try:
                    data = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(data, dict) and field in data:
                    return data[field]
        raise AssertionError(f"{self.block.id}: no output so far has a {field!r}")

    def run_block(self) -> str:
        for line in self.block.setup.splitlines():
            self.run(line, record=False)
        for line in self.block.code.splitlines():
            if self.block.skip_reason(line) is not None:
                check_line(line)
            else:
                self.run(line)
        return "".join(self.outputs)

    def run(self, line: str, *, record: bool = True) -> None:
        words = shlex.split(line, comments=True)
        if not words:
            return
        words = shlex.split(replace(shlex.join(words), self.block.replacements, self.scope()))
        where = f"{self.block.id}: {line.strip()}"
        stdin = None
        if words[0] == "echo" and "|" in words:
            bar = words.index("|")
            stdin, words = " ".join(words[1:bar]) + "\n", words[bar + 1 :]
        elif words[0] == "echo" and len(words) >= 3 and words[-2] == ">":
            Path(words[-1]).write_text(" ".join(words[1:-2]) + "\n", encoding="utf-8")
            return
        if words[0] == "export" and len(words) == 2 and "=" in words[1]:
            name, _, value = words[1].partition("=")
            self.fixtures.monkeypatch.setenv(name, value)
            if name == "REMEM_STORE_URL":  # the runner's own REMEM_STORE would win over it
                self.fixtures.monkeypatch.delenv("REMEM_STORE", raising=False)
            return
        if words[0] != "remem":
            raise AssertionError(f"{where}: the doc runner cannot run this; mark it not run")
        if words[1:2] == ["serve"] or (words[1:2] == ["mcp"] and "http" in words):
            serve(words, where)
        elif words[1:2] == ["mcp"]:
            mcp_stdio(words, where)
        else:
            result = CliRunner().invoke(cli, words[1:], input=stdin)
            if result.exit_code != 0:
                raise AssertionError(
                    f"{where}: exit code {result.exit_code}\n{result.output}"
                ) from result.exception
            if record:
                self.outputs.append(result.stdout)


def _option(words: list[str], name: str) -> str | None:
    for index, word in enumerate(words):
        if word == name and index + 1 < len(words):
            return words[index + 1]
        if word.startswith(name + "="):
            return word.partition("=")[2]
    return None


def _without(words: list[str], *names: str) -> list[str]:
    kept: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in names:
            skip = True
        elif not any(word.startswith(name + "=") for name in names):
            kept.append(word)
    return kept


def serve(words: list[str], where: str) -> None:
    """``remem serve`` or ``remem mcp --transport http`` as a real process, on 127.0.0.1 and a
    free port in place of the doc's --host and --port; it must come up (GET /v1/health, or an
    MCP initialize and the tool list), then it is stopped. A doc that serves another host must
    have made a key first: without one the real command refuses any host but loopback."""
    host = _option(words, "--host") or "127.0.0.1"
    if host not in LOOPBACK:
        store = _option(words, "--store") or os.environ.get("REMEM_STORE")
        store = store or os.environ.get("REMEM_STORE_URL")
        with remem.open(store) as memory:
            assert any(k.active for k in KeyRing(memory.store).list()), (
                f"{where}: --host {host} is refused without an API key in the store"
            )
    port = free_port()
    args = [*_without(words[1:], "--host", "--port"), "--host", "127.0.0.1", "--port", str(port)]
    log = Path(f"server-{port}.log")
    with log.open("wb") as sink:
        process = subprocess.Popen([REMEM, *args], stdout=sink, stderr=subprocess.STDOUT)
    try:
        if words[1] == "serve":
            url = f"http://127.0.0.1:{port}/v1/health"
            answer = _poll(process, log, where, lambda: httpx.get(url, timeout=2).json())
            assert answer["status"] == "ok", f"{where}: {answer}"
        else:
            url = f"http://127.0.0.1:{port}{_option(words, '--path') or '/mcp'}"
            tools = _poll(process, log, where, lambda: anyio.run(_mcp_http_tools, url))
            assert "search_memories" in tools, f"{where}: tools {tools}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _poll(process: subprocess.Popen[bytes], log: Path, where: str, ask: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise AssertionError(f"{where}: exited {process.returncode}\n{log.read_text()}")
        try:
            return ask()
        except Exception:  # not listening yet (each client says so its own way)
            if time.monotonic() > deadline:
                raise AssertionError(f"{where}: did not come up\n{log.read_text()}") from None
            time.sleep(0.1)


async def _mcp_http_tools(url: str) -> set[str]:
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    async with (
        httpx2.AsyncClient(timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        return {tool.name for tool in (await session.list_tools()).tools}


def mcp_stdio(words: list[str], where: str) -> None:
    """``remem mcp`` over stdio, started as a client would start it (the mcp SDK's own stdio
    client): it must initialize and list the memory tools."""
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(
        command=REMEM, args=words[1:], env=dict(os.environ), cwd=os.getcwd()
    )

    async def tools() -> set[str]:
        with anyio.fail_after(60):
            async with (
                stdio_client(params) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                return {tool.name for tool in (await session.list_tools()).tools}

    names = anyio.run(tools)
    assert "save_memory" in names, f"{where}: tools {names}"


# -- lines that are not run ------------------------------------------------------------------
def check_line(line: str) -> None:
    """What can be checked of a line that is not run: a ``remem`` command and its options
    exist, ``make`` targets exist in the Makefile, ``pip`` installs name this project and its
    extras."""
    for part in line.split("#")[0].split("&&"):
        words = shlex.split(part)
        if not words:
            continue
        if words[0] == "remem":
            check_command(words)
        elif words[0] == "make":
            targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
            for target in (w for w in words[1:] if "=" not in w and not w.startswith("-")):
                assert target in targets, f"{line}: no Makefile target {target!r}"
        elif words[0] == "pip":
            check_pip(words)
        elif words[0] == "export":
            assert len(words) == 2 and re.fullmatch(r"\w+=\S+", words[1]), line
        else:
            raise AssertionError(f"{line}: nothing checks this line")


def check_command(words: list[str]) -> None:
    """``remem ...`` names a real (sub)command, and each option given is one of its own."""
    command: click.Command = cli
    path: list[str] = []
    rest = words[1:]
    while isinstance(command, click.Group) and rest and rest[0] in command.commands:
        path.append(rest[0])
        command = command.commands[rest.pop(0)]
    line = shlex.join(words)
    assert not isinstance(command, click.Group), f"{line}: not a remem command"
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, f"{line}: {result.output}"
    known = {name for param in command.params for name in (*param.opts, *param.secondary_opts)}
    for word in rest:
        if word.startswith("-") and word != "-":
            option = word.partition("=")[0]
            assert option in known and option in result.output, (
                f"{option} is not an option of `remem {' '.join(path)}`"
            )


def check_pip(words: list[str]) -> None:
    """``pip install`` / ``pip wheel`` of this project: extras it names exist, a wheel's name
    matches the project's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = set(project["optional-dependencies"])
    wheel = f"{project['name']}-{project['version']}-py3-none-any.whl"
    named = False
    for word in words[2:]:
        match = re.fullmatch(r"(?:/path/to/)?remem(?:\[(?P<extras>[\w,-]+)\])?", word)
        if match:
            named = True
            asked = set((match["extras"] or "").split(",")) - {""}
            assert asked <= extras, f"{shlex.join(words)}: no extra {asked - extras}"
        elif word.endswith(".whl"):
            named = True
            assert fnmatch(f"dist/{wheel}", word), f"{word} would not match {wheel}"
    assert named, f"{shlex.join(words)}: installs nothing of remem"


def mcp_client_configs(data: Any) -> Iterator[dict[str, Any]]:
    """Each server entry of an MCP client configuration (``mcpServers`` or ``servers``)."""
    if isinstance(data, dict):
        for key in ("mcpServers", "servers"):
            yield from (data.get(key) or {}).values()
