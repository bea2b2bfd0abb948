"""The in-process llama.cpp provider on a real (tiny, random-weight) GGUF model written by the
test. Needs the optional extra: ``make test-llama`` installs it (llama.cpp compiles from source)
and runs this file; without llama-cpp-python installed these tests are skipped."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import remem
from remem.llm.llama_cpp import LlamaCppChat

from .tiny_gguf import write_tiny_llama

pytest.importorskip("llama_cpp")
pytest.importorskip("gguf")


@pytest.fixture(scope="module")
def model_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_llama(tmp_path_factory.mktemp("gguf") / "tiny.gguf")


def test_chat_runs_in_process_and_counts_tokens(model_file: Path) -> None:
    llm = remem.get_llm(f"llama.cpp:{model_file}", n_ctx=256, max_tokens=8, chat_format="chatml")
    assert isinstance(llm, LlamaCppChat)
    reply = llm.chat([{"role": "user", "content": "hello world"}])
    assert isinstance(reply.text, str) and reply.finish_reason in ("stop", "length")
    assert reply.usage.prompt_tokens > 0 and 0 < reply.usage.completion_tokens <= 8
    assert llm.usage.calls == 1
    assert isinstance(llm.generate("the memory is"), str) and llm.usage.calls == 2
    assert isinstance(asyncio.run(llm.agenerate("hello")), str) and llm.usage.calls == 3


def test_overflow_and_bad_files(model_file: Path, tmp_path: Path) -> None:
    llm = LlamaCppChat(model_file, n_ctx=64, max_tokens=8, chat_format="chatml")
    with pytest.raises(remem.ContextOverflowError):
        llm.generate("hello world " * 200)
    with pytest.raises(remem.InvalidInputError, match="no GGUF"):
        LlamaCppChat(tmp_path / "missing.gguf")
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"not a model")
    with pytest.raises(remem.LLMError, match="could not load"):
        LlamaCppChat(broken).generate("hi")
