"""remem as the OpenAI Agents SDK's session: the conversation, every item kind, kept in remem.

    pip install 'remem[openai-agents]'
    python examples/openai_agents_session.py

With a model, pass the session to the runner: ``Runner.run(agent, "Hi", session=session)``, and
give the agent ``memory_tools(memory, user_id="sam")``. Here the items an agent run would add
are added by hand, so the example runs offline with no API key.

Expected output:

    4 items, oldest first: message, function_call, function_call_output, message
    the latest 2: function_call_output, message
    searchable as memories: the 2 messages (user, assistant); tool calls are kept, not indexed
    popped: message; 3 left
    Ana's session with the same id holds 0 items
"""

from __future__ import annotations

import asyncio
import tempfile

import remem
from remem.integrations.openai_agents import RememSession


async def main(folder: str) -> None:
    memory = remem.open(folder)  # the bundled model
    session = RememSession("weather-chat", memory, user_id="sam")
    await session.add_items(
        [
            {"role": "user", "content": "What's the weather in Lisbon?"},
            {"type": "function_call", "call_id": "c1", "name": "get_weather",
             "arguments": '{"city": "Lisbon"}'},
            {"type": "function_call_output", "call_id": "c1", "output": '{"temp": 21}'},
            {"type": "message", "role": "assistant",
             "content": [{"type": "output_text", "text": "21 °C and sunny in Lisbon, Sam."}]},
        ]
    )  # fmt: skip
    kinds = [item.get("type", "message") for item in await session.get_items()]
    print(f"{len(kinds)} items, oldest first: {', '.join(kinds)}")
    latest = [item.get("type", "message") for item in await session.get_items(limit=2)]
    print("the latest 2:", ", ".join(latest))
    hits = memory.search("Lisbon weather get_weather c1", user_id="sam", k=10, touch=False)
    roles = sorted(h.role or "?" for h in hits)[::-1]
    print(f"searchable as memories: the {len(hits)} messages ({', '.join(roles)}); "
          "tool calls are kept, not indexed")  # fmt: skip
    popped = await session.pop_item()
    print(f"popped: {popped['type']}; {len(await session.get_items())} left")
    ana = RememSession("weather-chat", memory, user_id="ana")
    print(f"Ana's session with the same id holds {len(await ana.get_items())} items")
    memory.close()


with tempfile.TemporaryDirectory() as folder:
    asyncio.run(main(folder))
