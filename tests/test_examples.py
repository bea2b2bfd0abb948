"""Every script in ``examples/`` runs offline and prints what its docstring says it prints
(the indented block after ``Expected output:``)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[1] / "examples"
#: CrewAI's examples run in CrewAI's own environment (tests-crewai/), the others here.
EXAMPLES = sorted(s for s in FOLDER.glob("*.py") if not s.name.startswith("crewai_"))


def expected_output(script: Path) -> str:
    doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    _, marker, block = doc.partition("Expected output:")
    assert marker, f"{script.name}: its docstring shows no 'Expected output:'"
    return textwrap.dedent(block).strip()


def test_there_are_examples() -> None:
    assert EXAMPLES


@pytest.mark.parametrize("script", EXAMPLES, ids=[s.stem for s in EXAMPLES])
def test_example_prints_what_it_promises(script: Path, tmp_path: Path) -> None:
    check_example(script, tmp_path)


def check_example(script: Path, tmp_path: Path) -> None:
    """Run ``script`` in a fresh folder and compare its output with its docstring's."""
    env = {**os.environ, "HOME": str(tmp_path)}  # nothing written outside the test's folder
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == expected_output(script)
