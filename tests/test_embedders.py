"""Embedders: the bundled model, the deterministic one, and HTTP against a local server."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import numpy as np
import pytest

import remem
from remem.embedders import Embedder, get_embedder, register_embedder
from remem.embedders.hashing import HashEmbedder
from remem.embedders.openai import OpenAIEmbedder, OpenAISettings


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return get_embedder("local:minilm")


def test_minilm_vectors_are_unit_and_meaningful(minilm: Embedder) -> None:
    vectors = minilm.embed(
        ["A man is eating food.", "Someone is having a meal.", "The stock market fell sharply."]
    )
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    sims = vectors @ vectors.T
    assert sims[0, 1] > 0.5 > sims[0, 2] + 0.3


def test_minilm_is_deterministic_and_order_independent(minilm: Embedder) -> None:
    texts = ["short", "a somewhat longer sentence about cats", "mid length text"]
    a = minilm.embed(texts)
    b = minilm.embed(texts[::-1])[::-1]
    assert np.allclose(a, b, atol=1e-5)
    assert np.allclose(minilm.embed_one("short"), a[0], atol=1e-5)


def test_minilm_sharing_the_cores_embeds_the_same_vectors_on_fewer_threads() -> None:
    """Inside ``sharing_cores`` this thread's embeddings run on a session with one thread
    fewer (made on first use); the vectors are the same to the bit, and other threads and
    later calls keep the full session."""
    from remem.embedders.local import MiniLMEmbedder

    texts = ["What did Caroline research?", "a longer sentence about adoption agencies"]
    model = MiniLMEmbedder(threads=2)
    full = model.embed(texts)
    elsewhere: list[Any] = []
    with model.sharing_cores():
        shared = model.embed(texts)
        other = threading.Thread(target=lambda: elsewhere.append(model._session_now()))
        other.start()
        other.join()
    assert np.array_equal(full, shared)
    assert model._lean.get_session_options().intra_op_num_threads == 1
    assert elsewhere == [model._session] and model._session_now() is model._session
    single = MiniLMEmbedder(threads=1)
    with single.sharing_cores():  # nothing to spare: no second session
        single.embed(texts[:1])
    assert single._lean is None


def test_minilm_sees_the_window(minilm: Embedder) -> None:
    head = "The history of the Roman aqueducts and their engineering. " * 30
    tail = "Modern football tactics and the offside rule explained. " * 30
    assert minilm.count_tokens(head) > minilm.max_tokens
    full, only_head = minilm.embed([head + tail, head])
    assert full @ only_head > 0.999  # the model's window is the first 256 tokens


def test_minilm_token_spans_match_text(minilm: Embedder) -> None:
    text = "Hello, world! Tokenizers split words."
    spans = minilm.token_spans(text)
    assert [text[s:e] for s, e in spans][:4] == ["hello", ",", "world", "!"] or [
        text[s:e].lower() for s, e in spans
    ][:4] == ["hello", ",", "world", "!"]
    assert minilm.count_tokens(text) == len(spans)


def test_hash_embedder_is_deterministic_and_lexical() -> None:
    e = HashEmbedder(64)
    a, b, c = e.embed(["green tea leaves", "green tea", "diesel engines"])
    assert np.allclose(HashEmbedder(64).embed_one("green tea leaves"), a)
    assert a @ b > a @ c
    assert e.signature == remem.EmbedderSignature("hash:64", 64)


def test_registry() -> None:
    assert get_embedder("hash:16").dimensions == 16
    with pytest.raises(remem.InvalidInputError, match="unknown embedder"):
        get_embedder("nosuch:model")
    with pytest.raises(remem.InvalidInputError):
        get_embedder("local:some-other-model")

    class Constant(Embedder):
        name, dimensions = "const:x", 4

        def _embed_batch(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 4))

    register_embedder("const", lambda model: Constant())
    assert get_embedder("const:x").embed(["a"]).shape == (1, 4)


def test_embedder_returning_garbage_is_an_error() -> None:
    class Broken(Embedder):
        name, dimensions = "broken:x", 4

        def _embed_batch(self, texts: list[str]) -> np.ndarray:
            return np.full((len(texts), 4), np.nan)

    with pytest.raises(remem.EmbedderError, match="broken:x"):
        Broken().embed(["a"])


def test_sentence_transformers_without_extra_says_how_to_install() -> None:
    pytest.importorskip("remem")
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        with pytest.raises(remem.MissingDependencyError, match=r"pip install 'remem\[sentence"):
            get_embedder("sentence-transformers:all-MiniLM-L6-v2").embed(["x"])
    else:  # pragma: no cover - only where the extra is installed
        pytest.skip("sentence-transformers is installed")


# -- OpenAI-compatible HTTP, against a local server speaking the real wire format ----------------
class _Handler(BaseHTTPRequestHandler):
    requests: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(
            {"path": self.path, "auth": self.headers.get("Authorization"), "body": body}
        )
        if body["model"] == "fails":
            self._send(500, {"error": {"message": "model exploded"}})
            return
        data = [
            {"object": "embedding", "index": i, "embedding": [float(len(t)), 1.0, 0.0]}
            for i, t in enumerate(body["input"])
        ][::-1]  # out of order on purpose: clients must sort by index
        self._send(
            200,
            {
                "object": "list",
                "data": data,
                "model": body["model"],
                "usage": {"prompt_tokens": 1, "total_tokens": 1},
            },
        )

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        raw = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    _Handler.requests = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()


def test_openai_embedder_wire_format(server: str) -> None:
    e = OpenAIEmbedder("my-model", OpenAISettings(base_url=server, api_key="sk-test"))
    assert e.dimensions == 3  # probed once from the server
    vectors = e.embed(["a", "bbb"])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1)
    assert vectors[1, 0] > vectors[0, 0]  # rows matched back by index
    last = _Handler.requests[-1]
    assert last["path"] == "/v1/embeddings" and last["auth"] == "Bearer sk-test"
    assert last["body"]["model"] == "my-model" and last["body"]["encoding_format"] == "float"


def test_openai_embedder_in_a_store(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REMEM_OPENAI_BASE_URL", server)
    monkeypatch.setenv("REMEM_OPENAI_DIMENSIONS", "3")
    with remem.open(":memory:", embedder="openai:local-model") as mem:
        mem.add("stored through HTTP")
        assert mem.stats().embedder == "openai:local-model"
        assert mem.search("HTTP", k=1)[0].text == "stored through HTTP"


def test_openai_embedder_server_error(server: str) -> None:
    e = OpenAIEmbedder("fails", OpenAISettings(base_url=server, dimensions=3))
    with pytest.raises(remem.EmbedderError, match="500"):
        e.embed(["x"])


def test_openai_embedder_unreachable_server() -> None:
    e = OpenAIEmbedder("m", OpenAISettings(base_url="http://127.0.0.1:9/v1", dimensions=3))
    with pytest.raises(remem.EmbedderError, match="failed"):
        e.embed(["x"])


def test_openai_embedder_needs_a_key_for_openai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("REMEM_OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("REMEM_OPENAI_BASE_URL", raising=False)
    e = get_embedder("openai:text-embedding-3-small")
    assert e.dimensions == 1536
    with pytest.raises(remem.InvalidInputError, match="OPENAI_API_KEY"):
        e.embed(["x"])
