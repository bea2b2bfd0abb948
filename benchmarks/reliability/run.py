"""Run the reliability scripts (all, or those named) and print one table of their figures.

    python benchmarks/reliability/run.py [SCRIPT ...] [--quick] [--json out.json]

The scripts: crash_library, crash_server, visibility, backup_load, index_damage, then any other
script in this directory (tenants, ...). Each runs as its own process with its defaults (or
``--quick``) and writes its figures as JSON; the table shows, per script, whether its promises
held (nothing acknowledged lost, no damaged index used, every write visible, no tenant's data
leaked) and its figures. Exit status 1 if any did not.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OWN = ["crash_library", "crash_server", "visibility", "backup_load", "index_damage"]
#: These first, then every other script of this directory (each takes --quick and --json).
SCRIPTS = OWN + sorted(p.stem for p in HERE.glob("*.py") if p.stem not in {*OWN, "common", "run"})


def run_one(name: str, quick: bool, out: Path) -> dict[str, Any]:
    started = time.monotonic()
    command = [sys.executable, str(HERE / f"{name}.py"), "--json", str(out)]
    done = subprocess.run(command + (["--quick"] if quick else []), capture_output=True, text=True)
    if not out.exists() or not out.read_text().strip():
        return {
            "name": name,
            "ok": False,
            "figures": {"crashed": done.stderr.strip().splitlines()[-1:] or ["no output"]},
        }
    result: dict[str, Any] = json.loads(out.read_text())
    if "figures" not in result:  # a script with its own layout: its scalars, one level down
        figures = {
            f"{group}.{key}" if isinstance(values, dict) else group: value
            for group, values in result.items()
            for key, value in (values.items() if isinstance(values, dict) else [("", values)])
            if isinstance(value, int | float | bool | str)
        }
        result = {"name": name, "ok": done.returncode == 0, "figures": figures, "raw": result}
    result["ok"] = bool(result["ok"]) and done.returncode == 0
    result["wall_seconds"] = time.monotonic() - started
    return result


def table(results: list[dict[str, Any]]) -> str:
    lines = [f"{'script':15} {'held':5} figures", "-" * 100]
    for result in results:
        shown = []
        for key, value in result["figures"].items():
            shown.append(f"{key}={value:.4g}" if isinstance(value, float) else f"{key}={value}")
        first = True
        row = ""
        for item in shown:  # wrap the figures at 100 columns
            if len(row) + len(item) > 78:
                name = result["name"] if first else ""
                held = ("yes" if result["ok"] else "NO") if first else ""
                lines.append(f"{name:15} {held:5} {row.strip()}")
                first, row = False, ""
            row += item + "  "
        name = result["name"] if first else ""
        held = ("yes" if result["ok"] else "NO") if first else ""
        lines.append(f"{name:15} {held:5} {row.strip()}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scripts", nargs="*", metavar="SCRIPT", help=", ".join(SCRIPTS))
    parser.add_argument("--quick", action="store_true", help="each script's --quick")
    parser.add_argument("--json", help="write every script's results here")
    args = parser.parse_args()
    chosen = args.scripts or SCRIPTS
    unknown = sorted(set(chosen) - set(SCRIPTS))
    if unknown:
        parser.error(f"unknown script(s) {', '.join(unknown)}: choose from {', '.join(SCRIPTS)}")
    results = []
    with tempfile.TemporaryDirectory(prefix="remem-reliability-") as work:
        for name in chosen:
            print(f"running {name}{' (quick)' if args.quick else ''} ...", flush=True)
            results.append(run_one(name, args.quick, Path(work) / f"{name}.json"))
    print(table(results))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    sys.exit(0 if all(r["ok"] for r in results) else 1)


if __name__ == "__main__":
    main()
