"""A semantic cache in front of an LLM: a question asked again in other words is answered from
the cache, without calling the model.

    python examples/semantic_cache.py

``ask_llm`` stands in for your model call (it counts how often it runs). The cache compares
questions by meaning with the bundled model and guards against near misses (another number,
name or negation is not the same question).

Expected output:

    miss  How do I reset my password?
    hit   How can I reset my password?  (cached for: How do I reset my password?)
    miss  How do I delete my account?
    hit   how do i reset my password  (cached for: How do I reset my password?)
    the LLM was called 2 times for 4 questions
"""

from __future__ import annotations

import tempfile

import remem

calls = 0


def ask_llm(question: str) -> str:
    global calls
    calls += 1
    return f"(the model's answer to {question!r})"


def answer(cache: remem.SemanticCache, question: str) -> str:
    found = cache.lookup(question, user_id="support")
    if found.hit:
        print(f"hit   {question}  (cached for: {found.question})")
        return str(found.value)
    print(f"miss  {question}")
    reply = ask_llm(question)
    cache.set(question, reply, user_id="support")
    return reply


with tempfile.TemporaryDirectory() as folder, remem.open(folder) as memory:
    cache = memory.cache("answers", ttl=24 * 3600)  # entries live a day
    for question in (
        "How do I reset my password?",
        "How can I reset my password?",
        "How do I delete my account?",
        "how do i reset my password",
    ):
        answer(cache, question)
    print(f"the LLM was called {calls} times for 4 questions")
