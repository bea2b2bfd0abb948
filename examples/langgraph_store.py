"""remem as LangGraph's long-term store: a graph that remembers across threads.

    pip install 'remem[langgraph]'
    python examples/langgraph_store.py

Each run of the graph is a new thread (a new conversation). Its one node recalls what the user
said before, from the store, then saves what they say now. The store is a remem store on the
bundled model, so search works offline, by meaning, scored as LangGraph's own stores score
(cosine similarity); each user's items live in a namespace of their own.

Expected output:

    thread 3, sam asks: what should I cook for Pixel's birthday?
    recalled: my cat Pixel is allergic to salmon
    namespaces: [('memories', 'ana'), ('memories', 'sam')]
"""

from __future__ import annotations

import tempfile
from typing import Any, TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.store.base import BaseStore

import remem
from remem.integrations.langgraph import RememStore


class State(TypedDict):
    user: str
    said: str
    recalled: list[str]


def remember(state: State, *, store: BaseStore) -> dict[str, Any]:
    where = ("memories", state["user"])
    found = store.search(where, query=state["said"], limit=1)
    store.put(where, f"turn-{len(store.search(where, limit=100))}", {"text": state["said"]})
    return {"recalled": [item.value["text"] for item in found]}


def main(folder: str) -> None:
    store = RememStore(remem.open(folder), index={"fields": ["text"]})  # the bundled model
    builder = StateGraph(State)
    builder.add_node("remember", remember)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    graph = builder.compile(checkpointer=InMemorySaver(), store=store)
    turns = [
        ("sam", "my cat Pixel is allergic to salmon"),
        ("ana", "my dog loves salmon treats"),
        ("sam", "what should I cook for Pixel's birthday?"),
    ]
    for thread, (user, said) in enumerate(turns, start=1):
        out = graph.invoke(
            {"user": user, "said": said, "recalled": []}, {"configurable": {"thread_id": thread}}
        )
    print(f"thread 3, sam asks: {said}")
    print("recalled:", *out["recalled"])
    print("namespaces:", store.list_namespaces())
    store.memory.close()


with tempfile.TemporaryDirectory() as folder:
    main(folder)
