"""The house plan's figures, checked (docs/architecture.md, issue 46): how large a class or a
module may grow, how a store is put together, and what a new backend inherits.

The targets are :data:`CLASS_LINES` and :data:`MODULE_LINES`. What is still above them is named
in :data:`OVER` with the size it has now, as a ceiling: it may shrink, never grow, and it is
struck from the list once it meets the target (the test says when)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import remem
from remem.stores import Store

SRC = Path(remem.__file__).resolve().parent
#: No class longer than this.
CLASS_LINES = 500
#: No module longer than this.
MODULE_LINES = 800
#: What is above its target today, and the ceiling it may not pass (lines).
OVER: dict[str, int] = {}
#: Data, not code: the phrase lists the marks read (one literal per line).
DATA_MODULES = frozenset({"trust/marks_phrases.py"})


def sizes() -> dict[str, int]:
    """Every module's and every class's length in lines, by the names :data:`OVER` uses."""
    found: dict[str, int] = {}
    for path in sorted(SRC.rglob("*.py")):
        name = path.relative_to(SRC).as_posix()
        if name in DATA_MODULES:
            continue
        text = path.read_text(encoding="utf-8")
        found[f"module {name}"] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                found[f"class {name}:{node.name}"] = node.end_lineno - node.lineno + 1
    return found


def test_no_class_or_module_grows_past_its_target_or_its_ceiling() -> None:
    over: dict[str, int] = {}
    for name, lines in sizes().items():
        target = CLASS_LINES if name.startswith("class ") else MODULE_LINES
        if lines > target:
            over[name] = lines
    grown = {n: (lines, OVER.get(n)) for n, lines in over.items() if lines > OVER.get(n, 0)}
    assert grown == {}, f"over the target and past its ceiling (lines, ceiling): {grown}"
    met = sorted(set(OVER) - set(over))
    assert met == [], f"now within the target: strike from OVER: {met}"


def test_a_store_is_one_class_over_parts() -> None:
    """Each backend's MRO holds at most three of remem's classes, and no store or part in
    ``remem.stores`` declares a private abstract hook for another class to fill."""
    from remem.stores.postgres import PostgresStore
    from remem.stores.sqlite import SQLiteStore

    for store in (SQLiteStore, PostgresStore):
        ours = [c for c in store.__mro__ if c.__module__.startswith("remem.")]
        assert len(ours) <= 3, ours
        assert ours[-1] is Store
    hooks = []
    for path in sorted((SRC / "stores").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.FunctionDef)
                and node.name.startswith("_")
                and any(ast.unparse(d).endswith("abstractmethod") for d in node.decorator_list)
            ):
                hooks.append(f"{path.relative_to(SRC)}:{node.name}")
    assert hooks == []


def test_the_optional_parts_are_attributes_of_both_stores(tmp_path: Path) -> None:
    """Each capability a store offers is an object in its attribute, built over the store's
    one connection (SQLite's snapshots: over its file), which every part shares."""
    from remem.stores import Capability, capabilities, part
    from remem.stores.sqlite import SQLiteStore

    from . import pg

    with (
        SQLiteStore(tmp_path / "s") as sqlite,
        remem.stores.open_store(pg.url_for(tmp_path)) as postgres,
    ):
        assert capabilities(sqlite) == set(Capability)
        assert capabilities(postgres) == set(Capability) - {Capability.SNAPSHOTS}  # pg_dump
        for store in (sqlite, postgres):
            for capability in capabilities(store) - {Capability.SNAPSHOTS}:
                held = part(store, capability)
                params = list(inspect.signature(type(held).__init__).parameters)
                assert held is not store and params[1] == "connection", (capability, params)
                assert held._db is store._db  # type: ignore[attr-defined]


def test_whole_numbers_are_checked_one_way() -> None:
    """Every "an integer in range" check goes through :func:`remem.core.numbers.whole` (issue 46:
    28 were written by hand in 16 files), which refuses booleans and says the range."""
    import re

    from remem.core.errors import InvalidInputError
    from remem.core.numbers import whole

    by_hand = re.compile(r"isinstance\((\w+), bool\) or not isinstance\(\1, int\)")
    found = [
        path.relative_to(SRC).as_posix()
        for path in sorted(SRC.rglob("*.py"))
        if path.name != "numbers.py" and by_hand.search(path.read_text(encoding="utf-8"))
    ]
    assert found == ["transfer.py"]  # a header's type, read with its name: not a range
    assert whole(3, "k", low=1, high=5) == 3
    for value, message in (
        (True, "k must be an integer from 1 to 5, got True"),
        (0, "k must be an integer from 1 to 5, got 0"),
        ("3", "k must be an integer from 1 to 5, got '3'"),
    ):
        with pytest.raises(InvalidInputError, match=re.escape(message)):
            whole(value, "k", low=1, high=5)
    with pytest.raises(ValueError, match="page must be a positive integer, got -1"):
        whole(-1, "page", low=1, error=ValueError)


#: The modules that sit in ``src/remem/`` itself: the package's face and the floors above the
#: engine. Everything below them lives in a family (``core``, ``text``, ``trust``, ``index``).
LOOSE = {
    "__init__",
    "apikeys",
    "client",
    "enrich",
    "memory",
    "otel",
    "prompts",
    "tools",
    "transfer",
}


def test_the_ground_floor_is_families_and_the_old_names_still_import() -> None:
    """Issue 46, item 7: no small room sits loose below the engine; a module's old name
    (``remem.marks``) still gives the very module at its new one, with a deprecation warning."""
    import importlib
    import sys

    from remem.core.moved import MOVED, new_name

    assert {p.stem for p in SRC.glob("*.py")} == LOOSE
    for old, family in MOVED.items():
        assert (SRC / family / f"{old}.py").is_file(), old
    sys.modules.pop("remem.marks", None)
    with pytest.warns(DeprecationWarning, match=r"remem.marks is now remem.trust.marks"):
        old = importlib.import_module("remem.marks")
    assert old is importlib.import_module("remem.trust.marks")
    assert old.__spec__ is not None and old.__spec__.name == "remem.trust.marks"  # its own
    with pytest.warns(DeprecationWarning):
        from remem.errors import NotFoundError as Old  # type: ignore[import-not-found]
    assert Old is remem.NotFoundError
    assert new_name("remem.memory") is None and new_name("remem.trust.marks") is None
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("remem.no_such_module")
