"""docs/rest.md, written from the server's own OpenAPI document: every route, its parameters,
an example request body, and the fields of its request and response bodies. The example bodies
are sent to a real server by tests/test_rest_reference.py (each must succeed), and the file
must equal what this writes, so the reference cannot drift from the code.

    python -m tests.rest_reference          # rewrites docs/rest.md
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rest.md"

#: Example values by field name (the rest by type): what a caller would send.
EXAMPLES: dict[str, Any] = {
    "text": "Ann is allergic to cashews.",
    "query": "what is Ann allergic to?",
    "question": "when does my flight land?",
    "value": "9:40",
    "user_id": "ann",
    "ids": ["ID"],
    "budget_tokens": 300,
    "budget": 300,
    "title": "Trip notes",
    "content": "Hello again.",
    "role": "user",
    "messages": [{"role": "user", "content": "I land at 9:40."}],
    "items": [{"text": "Ann is allergic to cashews.", "user_id": "ann"}],
    "records": [{"text": "Ann keeps bees.", "user_id": "ann"}],
    "format": "remem",
    "feedback": "WyJhbm4iLCIiLDAsMV0=",  # as feedback_token writes ["ann", "", 0, 1]
}
#: Path parameters as the examples use them.
PATH_VALUES = {"id": "ID", "session_id": "s1", "name": "faq"}
INTRO = """# The REST API, route by route

Written from the server's own OpenAPI document by `python -m tests.rest_reference`; each
example body below is sent to a real server by `tests/test_rest_reference.py` and must
succeed, and this file must equal what the script writes. The table in docs/server.md says
what each route is for; here are the bodies. Every body is JSON; every error is
`{"error": {"type", "message", "request_id"}}` with the status of its type (docs/server.md,
"Errors"). `ID` stands for a memory's id.
"""


def _prose(text: str) -> str:
    """A docstring as Markdown: one line, ``code`` and :role:`name` as `code`."""
    text = re.sub(r":\w+:`~?([^`]+)`", r"`\1`", " ".join(str(text).split()))
    return text.replace("``", "`").replace("|", "\\|")


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _plain(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` without a nullable ``anyOf`` (the non-null branch)."""
    schema = _resolve(spec, schema)
    options = [s for s in schema.get("anyOf", []) if s.get("type") != "null"]
    return _resolve(spec, options[0]) if len(options) == 1 else schema


def type_of(spec: dict[str, Any], schema: dict[str, Any]) -> str:
    """A short type: ``string``, ``integer ≥ 1``, ``array of Message``, ``"fifo" | "spill"``."""
    nullable = any(s.get("type") == "null" for s in schema.get("anyOf", []))
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[1]
    options = [s for s in schema.get("anyOf", []) if s.get("type") != "null"]
    if len(options) > 1:
        text = " or ".join(type_of(spec, s) for s in options)
    else:
        one = options[0] if options else schema
        if "$ref" in one:
            text = one["$ref"].rsplit("/", 1)[1]
        elif "enum" in one:
            text = " \\| ".join(json.dumps(v) for v in one["enum"])
        elif one.get("type") == "array":
            text = f"array of {type_of(spec, one.get('items', {}))}"
        else:
            text = str(one.get("type", "any"))
            bounds = [f"≥ {one['minimum']:g}" if "minimum" in one else "",
                      f"≤ {one['maximum']:g}" if "maximum" in one else "",
                      f"≤ {one['maxLength']} chars" if "maxLength" in one else "",
                      f"≤ {one['maxItems']} items" if "maxItems" in one else ""]  # fmt: skip
            text = " ".join([text, *[b for b in bounds if b]])
    return text + (" or null" if nullable else "")


def example(spec: dict[str, Any], schema: dict[str, Any], name: str = "") -> Any:
    """An example value: by field name, else from the schema (an object: its required fields
    and those :data:`EXAMPLES` names)."""
    if name in EXAMPLES:
        return EXAMPLES[name]
    schema = _plain(spec, schema)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        required = schema.get("required", [])
        props = schema.get("properties", {})
        # The required fields, and those a caller usually sends (EXAMPLES names them).
        return {k: example(spec, v, k) for k, v in props.items() if k in required or k in EXAMPLES}
    if kind == "array":
        return [example(spec, schema.get("items", {}))]
    return {"string": "text", "integer": 1, "number": 0.5, "boolean": True}.get(str(kind))


def fields(spec: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """A table of an object schema's fields (or a line for any other body)."""
    schema = _resolve(spec, schema)
    props = schema.get("properties")
    if not props:
        return [f"`{type_of(spec, schema)}`", ""]
    required = set(schema.get("required", []))
    rows = ["| field | type | required | default | what |", "|---|---|---|---|---|"]
    for key, prop in props.items():
        default = json.dumps(prop["default"]).replace("|", "\\|") if "default" in prop else ""
        what = _prose(prop.get("description", ""))
        needed = "yes" if key in required else ""
        rows.append(f"| `{key}` | {type_of(spec, prop)} | {needed} | {default} | {what} |")
    return [*rows, ""]


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method.upper(), path, op) for path, ops in spec["paths"].items()
            for method, op in ops.items()]  # fmt: skip


def request_example(spec: dict[str, Any], op: dict[str, Any]) -> Any:
    body = op.get("requestBody", {}).get("content", {}).get("application/json")
    return None if body is None else example(spec, body["schema"])


def generate(spec: dict[str, Any]) -> str:
    lines = [INTRO]
    for method, path, op in operations(spec):
        lines += [f"## `{method} {path}`", ""]
        summary = _prose(op.get("description") or op.get("summary") or "")
        if summary:
            lines += [summary, ""]
        params = [p for p in op.get("parameters", []) if p["in"] in ("path", "query", "header")]
        if params:
            lines += ["| parameter | in | type | required | what |", "|---|---|---|---|---|"]
            for p in params:
                what = _prose(p.get("description", ""))
                lines.append(
                    f"| `{p['name']}` | {p['in']} | {type_of(spec, p.get('schema', {}))} "
                    f"| {'yes' if p.get('required') else ''} | {what} |"
                )
            lines.append("")
        sent = request_example(spec, op)
        if sent is not None:
            schema = op["requestBody"]["content"]["application/json"]["schema"]
            lines += ["Request body, for example:", "", "```json", json.dumps(sent), "```", ""]
            lines += fields(spec, schema)
        for status, answer in op.get("responses", {}).items():
            if not status.startswith("2"):
                continue
            content = answer.get("content", {})
            kind = next(iter(content), None)
            schema = content.get(kind, {}).get("schema", {}) if kind else {}
            lines += [f"Response `{status}`" + (f" (`{kind}`)" if kind else "") + ":", ""]
            lines += fields(spec, schema) if schema else ["no body", ""]
    return "\n".join(lines).rstrip() + "\n"


def spec_of_server() -> dict[str, Any]:
    import remem
    from remem.server import create_app

    with remem.open(":memory:", embedder="hash:64") as memory:
        spec: dict[str, Any] = create_app(memory).openapi()
    return spec


if __name__ == "__main__":
    DOC.write_text(generate(spec_of_server()), encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")
