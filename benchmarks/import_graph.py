"""The import graph of src/remem: files in import cycles, and floors.

    python benchmarks/import_graph.py [--runtime]

Every ``import`` and ``from ... import`` of a module under src/remem (also inside functions) that
names another module of remem is an edge; ``--runtime`` leaves out imports under
``if TYPE_CHECKING:`` (annotations only). Prints the strongly connected components with more
than one module (import cycles) and the *floors*: the longest chain of imports in the graph with
each cycle folded into one node.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "remem"


def modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in root.rglob("*.py"):
        name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def edges(mods: dict[str, Path], runtime: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = set()
        if runtime:
            for node in ast.walk(tree):
                if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                    typing_only |= {id(child) for child in ast.walk(node)}
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                subs = [f"{base}.{alias.name}" for alias in node.names]
                targets = [t for t in subs if t in mods] or [base]
            else:
                continue
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def components(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def floors(graph: dict[str, set[str]], comps: list[list[str]]) -> int:
    home = {node: i for i, comp in enumerate(comps) for node in comp}
    below: dict[int, set[int]] = {i: set() for i in range(len(comps))}
    for node, others in graph.items():
        below[home[node]] |= {home[o] for o in others if home[o] != home[node]}
    height: dict[int, int] = {}

    def measure(i: int) -> int:
        if i not in height:
            height[i] = 1 + max((measure(j) for j in below[i]), default=0)
        return height[i]

    return max(measure(i) for i in below)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runtime", action="store_true", help="leave out TYPE_CHECKING imports")
    options = parser.parse_args()
    mods = modules(ROOT)
    graph = edges(mods, options.runtime)
    comps = components(graph)
    cycles = [comp for comp in comps if len(comp) > 1]
    print(f"modules {len(mods)}, files in import cycles {sum(len(c) for c in cycles)}")
    for cycle in cycles:
        print(f"  {len(cycle)}: {', '.join(cycle)}")
    print(f"floors {floors(graph, comps)}")


if __name__ == "__main__":
    main()
