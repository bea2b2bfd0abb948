"""An agent that decides itself when to save and recall: remem's memory tools, offered to a
model with function calling, run by ``run_tools``.

    python examples/agent_memory_tools.py

``ScriptedModel`` stands in for a real chat model so the example runs offline; give
``run_tools`` ``remem.llm.openai.OpenAIChat(...)`` (or any ``ChatModel``) instead. The tools act in
one user's scope only: the model cannot reach another user's memories, whatever it sends.
What the model saved itself comes back apart from the user's own words, as ``evidence``
(trust comes from where a memory came from: a model's tool call may have been steered by what
it read), and a model's delete would go to the trash, restorable.

Expected output:

    save_memory {'text': 'Sam is allergic to cashews'} -> saved
    reply: I'll remember that.
    search_memories {'query': 'what is Sam allergic to', 'min_score': 0.05} -> 0 + 1 evidence
      0.5 Sam is allergic to cashews (untrusted: agent)
    reply: My own notes say: Sam is allergic to cashews
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
                said = "; ".join(r["text"] for r in result["results"])
                noted = "; ".join(r["text"] for r in result.get("evidence", []))
                return Reply(f"You told me: {said}" if said else f"My own notes say: {noted}")
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
                evidence = result.get("evidence", [])
                print(
                    f"{call.name} {call.arguments} -> {len(result['results'])} + "
                    f"{len(evidence)} evidence"
                )
                for found in [*result["results"], *evidence]:
                    trust = found["trust"]
                    why = (
                        ""
                        if trust["level"] == "trusted"
                        else f" (untrusted: {', '.join(trust['reasons'])})"
                    )
                    print(f"  {found['score']:.1f} {found['text']}{why}")
        print(f"reply: {run.reply.text}")
