"""The ``remem`` command: a thin layer over the Python API.

Output is JSON lines by default (one object per line, for pipes); ``--plain`` prints for people.
Errors print as one line on stderr with exit code 1, never a traceback.
"""

from __future__ import annotations

from remem.cli.main import cli

__all__ = ["cli", "main"]


def main() -> None:
    cli(prog_name="remem")


if __name__ == "__main__":  # pragma: no cover
    main()
