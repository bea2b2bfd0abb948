"""A chatbot with long-term memory: the conversation outgrows the model's window, and what the
user said long ago comes back when it matters.

    python examples/chatbot_long_term_memory.py

``ChatMemory`` keeps the whole history in the store. With ``strategy="spill"``, the messages
that no longer fit the token budget are not lost: the ones that match the newest question are
recalled into the prompt. ``reply`` stands in for your model call.

Expected output:

    stored 43 messages; the prompt holds 12 of them in 160 tokens
    recalled from earlier in the conversation:
      user: By the way, I'm allergic to cashews.
    newest: user: Should I buy some nuts for the drive?
"""

from __future__ import annotations

import tempfile

import remem


def reply(messages: list[dict[str, str]]) -> str:
    return "Noted."  # your model: openai.chat.completions.create(messages=messages, ...)


with tempfile.TemporaryDirectory() as folder, remem.open(folder) as memory:
    chat = memory.chat("trip-planning", user_id="sam", strategy="spill", spill_k=1)
    chat.add({"role": "user", "content": "By the way, I'm allergic to cashews."})
    chat.add({"role": "assistant", "content": "Thanks, I'll remember that."})
    for day in range(1, 21):  # a long conversation about other things
        chat.add({"role": "user", "content": f"Day {day}: we drive to town number {day}."})
        chat.add({"role": "assistant", "content": reply(chat.messages)})
    chat.add({"role": "user", "content": "Should I buy some nuts for the drive?"})

    prompt = chat.messages_for(160)  # what you send to the model
    held = f"the prompt holds {len(prompt)} of them in 160 tokens"
    print(f"stored {len(chat.messages)} messages; {held}")
    print("recalled from earlier in the conversation:")
    for seq in chat.last_recalled:
        old = chat.messages[seq]
        print(f"  {old['role']}: {old['content']}")
    print(f"newest: {prompt[-1]['role']}: {prompt[-1]['content']}")
