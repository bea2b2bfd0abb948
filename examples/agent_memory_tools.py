"""An agent that decides itself when to save and recall: remem's memory tools, offered to a
model with function calling, run by ``run_tools``.

    python examples/agent_memory_tools.py

``ScriptedModel`` stands in for a real chat model so the example runs offline; give
``run_tools`` ``remem.llm.openai.OpenAIChat(...)`` (or any ``ChatModel``) instead. The tools act in
one user's scope only: the model cannot reach another user's memories, whatever it sends.

Expected output:

    save_memory {'text': 'Sam is allergic to cashews'} -> saved
    reply: I'll remember that.
    search_memories {'query': 'what is Sam allergic to', 'min_score': 0.05} -> 1 result(s)
      0.5 Sam is allergic to cashews
    reply: You told me: Sam is allergic to cashews
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

import remem
from remem.llm.base import Reply, ToolCall
from remem.tools import ToolDispatcher, run_tools


class ScriptedModel:
    """Saves what the user asks it to remember, searches when asked a question."""

    def chat(
        self, messages: Sequence[Mapping[str, Any]], *, tools: Sequence[Mapping[str, Any]] | None
    ) -> Reply:
        last = messages[-1]
        if last["role"] == "tool":
            result = json.loads(last["content"])
            if "results" in result:
                found = "; ".join(r["text"] for r in result["results"]) or "nothing"
                return Reply(f"You told me: {found}")
            return Reply("I'll remember that.")
        text = str(last["content"])
        if text.startswith("Remember: "):
            call = ToolCall("c1", "save_memory", {"text": text.removeprefix("Remember: ")})
        else:
            call = ToolCall("c2", "search_memories", {"query": text.rstrip("?"), "min_score": 0.05})
        return Reply("", tool_calls=(call,))

    def generate(self, prompt: str) -> str:
        return ""


with tempfile.TemporaryDirectory() as folder, remem.open(folder) as memory:
    memory.add("Alex is allergic to penicillin", user_id="alex")  # another user: never seen
    tools = ToolDispatcher(memory, user_id="sam")
    for said in ("Remember: Sam is allergic to cashews", "what is Sam allergic to?"):
        run = run_tools(ScriptedModel(), tools, [{"role": "user", "content": said}])
        for call, result in run.calls:
            if call.name == "save_memory":
                print(f"{call.name} {call.arguments} -> saved")
            else:
                print(f"{call.name} {call.arguments} -> {len(result['results'])} result(s)")
                for found in result["results"]:
                    print(f"  {found['score']:.1f} {found['text']}")
        print(f"reply: {run.reply.text}")
