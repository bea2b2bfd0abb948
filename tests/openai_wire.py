"""A local HTTP server that speaks OpenAI's chat-completions wire format with scripted replies,
so LLM tests check what remem sends and how it handles what comes back — never the network."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Step = dict[str, Any]


def completion(
    text: str | None = None,
    *,
    tool_calls: list[tuple[str, str, Any]] | None = None,
    prompt_tokens: int = 10,
    completion_tokens: int = 5,
) -> Step:
    """A scripted 200 answer: text and/or tool calls (id, name, arguments — a dict, or a raw
    string for malformed arguments)."""
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_calls:
        message["tool_calls"] = [
            {
                "id": call_id,
                "type": "function",
                "function": {
                    "name": name,
                    "arguments": args if isinstance(args, str) else json.dumps(args),
                },
            }
            for call_id, name, args in tool_calls
        ]
    body = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "scripted",
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if tool_calls else "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
    return {"status": 200, "body": body}


def error(status: int, message: str, code: str | None = None, **headers: str) -> Step:
    body = {"error": {"message": message, "type": "error", "code": code}}
    return {"status": status, "body": body, "headers": headers}


def raw(status: int, text: str) -> Step:
    return {"status": status, "text": text}


def stall(seconds: float) -> Step:
    return {"sleep": seconds}


class Server:
    """``steps`` are answered in order, one per request; ``requests`` keeps what came in."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                payload = json.loads(self.rfile.read(length) or b"{}")
                with server._lock:
                    server.requests.append(payload)
                    server.headers.append(dict(self.headers))
                    step = server.steps.pop(0) if server.steps else error(500, "no script left")
                if "sleep" in step:
                    time.sleep(step["sleep"])
                    step = completion("too late")
                data = (
                    step["text"].encode() if "text" in step else json.dumps(step["body"]).encode()
                )
                self.send_response(step["status"])
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                for name, value in step.get("headers", {}).items():
                    self.send_header(name.replace("_", "-"), value)
                self.end_headers()
                with contextlib.suppress(OSError):  # the client gave up (a timeout test)
                    self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve() -> Iterator[Server]:
    with Server() as server:
        yield server
