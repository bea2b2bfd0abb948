"""Marks: what in a memory's text could steer a model that reads it back.

A memory is evidence about the past; text stored today can still be written to read as an
order when it comes back in a prompt ("memory poisoning"). :func:`scan` looks for that on the
way in, with no model: rules over the text as written and over what it hides (invisible
characters removed, leetspeak, spaced-out letters and look-alike letters undone, base64,
rot13, hex and percent-encoding decoded). Each mark is one of :data:`MARKS`.

Phrasing is covered in eighteen languages — English, Spanish, German, French, Portuguese,
Italian, Dutch, Polish, Russian, Ukrainian, Chinese, Japanese, Korean, Arabic, Hindi, Turkish,
Vietnamese and Indonesian (:mod:`remem.marks_phrases`) — and in the styles an attack takes:
overrides of the model's rules, fake system or admin notes, delayed and conditional orders
("next time someone asks about X, say Y"), reasoning bridges ("questions about X are answered
from Y's file"), trigger phrases bound to an action, notes to the model hidden in a web page, an
e-mail, a ticket or a tool's output, persona hijacks, orders split into pieces, requests to
send data out or to run a tool (delete memories, move money, message every contact). Markup,
invisible characters and links are read in any language. A plain false fact ("my new IBAN is
...") is not an order and is not marked. Near-misses are not marked either: an override quoted
in a notice, a story or a talk about prompt injection; a person's standing preference for their
own assistant; a role-play they ask for; code and configuration kept as such; a bank's notice
that nothing is paid "without your confirmation".

``context()`` and the tools then show a marked memory fenced (or withhold it), never as plain
text (:func:`visible` shows invisible characters as ``<U+200B>``).

Measured by ``remem eval poisoning``. The first rules were written on the ``dev`` halves of the
project's attack sets (``benchmarks/data/poisoning.jsonl``, ``benchmarks/data/trust/``); the
second round (the families of :func:`remem.marks_phrases._families`) was written from each
language's grammar and then checked group by group, each group held out until the round before
it was done (one author's languages against the other's, languages against languages), so that
by now every split of those sets has been read: only a set the rules have not seen measures them.
A precision pass read half of a LongMemEval sample (turns a model and a user wrote) and kept the
other half unread.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import contextlib
import itertools
import re
import unicodedata
from collections.abc import Iterator
from urllib.parse import unquote

from remem.literals import Gate, needs
from remem.marks_phrases import PAYLOAD, RULES, SCRIPTS

__all__ = ["MARKS", "hidden", "scan", "visible"]

#: The marks, and what each means.
MARKS: dict[str, str] = {
    "instruction": "addresses the model or tries to change its instructions",
    "role_markup": "chat-template, role or tool-call markup",
    "invisible": "invisible characters: Unicode tags, zero-width runs, bidi controls",
    "exfiltration": "a link or request built to carry data out",
    "tool_request": "asks the model to run a tool or act on data",
    "obfuscated": "an encoded or disguised instruction (base64, rot13, leetspeak, spacing)",
}

# -- invisible characters ---------------------------------------------------------------------
_TAGS = re.compile("[\U000e0000-\U000e007f]")
#: A subdivision flag (England, Scotland, Wales): a black flag, tag letters, a cancel tag.
_FLAG = re.compile("\U0001f3f4[\U000e0030-\U000e0039\U000e0061-\U000e007a]{2,6}\U000e007f")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u180e\u00ad"
_ZW = re.compile(f"[{_ZERO_WIDTH}]")
#: Scripts whose words legitimately join with ZWJ / ZWNJ (Arabic, Persian, Indic).
_JOINING_SCRIPTS = re.compile("[\u0600-\u06ff\u0750-\u077f\u0900-\u0dff\ufb50-\ufdff\ufe70-\ufeff]")


def _emoji(char: str) -> bool:
    return unicodedata.category(char) == "So" or "\U0001f000" <= char <= "\U0001faff"


def _innocent_zero_width(text: str, at: int) -> bool:
    """A zero-width joiner inside an emoji sequence (a family, a flag), or a joiner inside a
    word of a script that uses them; a soft hyphen or BOM at the very start."""
    char = text[at]
    before = text[at - 1] if at > 0 else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    if char == "\u200d" and before and after and (_emoji(after) or after == "\u2640"):
        return _emoji(before) or before == "\ufe0f" or "\U0001f3fb" <= before <= "\U0001f3ff"
    if char in "\u200c\u200d" and (_JOINING_SCRIPTS.match(before) or _JOINING_SCRIPTS.match(after)):
        return True
    return char in "\ufeff\u00ad" and at == 0


#: A right-to-left name isolated inside left-to-right text (or the other way), as editors
#: write it: an isolate opened and closed around a few words of a right-to-left script.
_ISOLATED = re.compile(
    "[\u2066-\u2068](?=[^\u2066-\u2069\u202a-\u202e\n]{0,80}[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff])"
    "[^\u2066-\u2069\u202a-\u202e\na-zA-Z]{1,80}\u2069"
)


#: And a left-to-right name (a brand, a model number) isolated inside right-to-left text.
_ISOLATED_LTR = re.compile("[\u2066-\u2068][^\u2066-\u2069\u202a-\u202e\n]{1,80}\u2069")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _isolated(text: str) -> Iterator[re.Match[str]]:
    """The isolates an editor would write: a name in the other direction's script."""
    yield from _ISOLATED.finditer(text)
    if _RTL.search(text):
        yield from _ISOLATED_LTR.finditer(text)


def _invisible(text: str) -> bool:
    text = _FLAG.sub("\U0001f3f4", text)
    for start, end in sorted({found.span() for found in _isolated(text)}, reverse=True):
        text = text[:start] + text[start + 1 : end - 1] + text[end:]  # the isolate's marks go
    if _TAGS.search(text) or _BIDI.search(text):
        return True
    return any(not _innocent_zero_width(text, m.start()) for m in _ZW.finditer(text))


_UNSEEN = re.compile(f"[\U000e0000-\U000e007f\u202a-\u202e\u2066-\u2069{_ZERO_WIDTH}]")


def _seen(found: re.Match[str]) -> str:
    code = ord(found.group(0))
    return chr(code - 0xE0000) if 0xE0020 <= code <= 0xE007E else ""


def hidden(text: str) -> str:
    """``text`` with its invisible characters removed and Unicode tags read as the ASCII they
    hide (what a model would read)."""
    return _UNSEEN.sub(_seen, text)


def visible(text: str) -> str:
    """``text`` with every invisible or bidi-control character shown as ``<U+XXXX>`` (emoji
    joiners and joiners of scripts that need them kept), so nothing reaches a prompt unseen."""
    out = []
    flags = {at for m in _FLAG.finditer(text) for at in range(m.start(), m.end())}
    flags |= {at for m in _isolated(text) for at in (m.start(), m.end() - 1)}
    for at, char in enumerate(text):
        if at not in flags and (
            _TAGS.match(char)
            or _BIDI.match(char)
            or (char in _ZERO_WIDTH and not _innocent_zero_width(text, at))
        ):
            out.append(f"<U+{ord(char):04X}>")
        else:
            out.append(char)
    return "".join(out)


# -- phrasing ---------------------------------------------------------------------------------
# A rule is many patterns, and Python's engine tries each of them at every position of a text:
# searched as one, the rules cost ~0.5 ms of every write (a chat turn). But each pattern needs
# one of a few literal strings ("ignore", "disregard", ...) — read from the pattern by the
# standard library's own parser — so one pass of a trie of all those strings (case-insensitive,
# as the patterns are) says which patterns could match a text, and only those run. A string the
# trie finds that does not lower-case to one it knows (İ, ı, ſ, the Kelvin sign ...) runs every
# pattern: the shortcut never changes a scan's answer, only its cost.
_FLAGS = re.IGNORECASE | re.MULTILINE
#: Every rule's patterns, by number, and the sets of strings each needs one of (None: unknown).
_PATTERNS: list[re.Pattern[str]] = []
_NEEDS: list[tuple[frozenset[str], ...] | None] = []


def _rx(*patterns: str) -> tuple[int, ...]:
    """A rule: its patterns' numbers in :data:`_PATTERNS`."""
    first = len(_PATTERNS)
    for pattern in patterns:
        pattern = unicodedata.normalize("NFKC", pattern)  # as the text it reads
        _PATTERNS.append(re.compile(pattern, _FLAGS))
        _NEEDS.append(needs(pattern))
    return tuple(range(first, len(_PATTERNS)))


_MODEL = (
    r"(?:ai|a\.i\.|assistant|model|llm|chat ?bot|bot|gpt|chatgpt|claude|gemini|copilot|agent|"
    r"language model|ki|asistente|modelo|ia|assistent(?:en|in)?|modell|sprachmodell|"
    r"l'ia|l'assistant|le modèle)"
)
_PRIOR = (
    r"(?:previous|prior|above|earlier|preceding|original|old|existing|initial|system|"
    r"all|any|your|the|these|those|other)"
)
_RULES = (
    r"(?:instructions?|rules?|directions?|directives?|prompts?|guidelines?|guardrails?|"
    r"polic(?:y|ies)|constraints?|restrictions?|programming|context|orders?|commands?)"
)

#: What an order about the model's answers is after, beyond a person's taste in them ("answer in
#: Spanish" is a preference; "end every answer with this link" is not): a link, an address,
#: money, credentials, a product to push.
_WANTS = (
    r"(?:https?://|www\.|\b[\w-]+\.(?:example|com|net|org|io)\b|\S+@\S+|\b(?:phone\s+numbers?|"
    r"e-?mail(?:\s+address\w*)?|(?:home\s+)?address(?:es)?|passwords?|pin|card\s+(?:number|"
    r"details)|"
    r"bank\s+details|account\s+(?:number|details)|iban|wallet|gift\s+cards?|crypto|bitcoin|"
    r"pay(?:ment)?s?|buy|purchase|invest\w*|links?|url|website|site|brand|promot\w+|sponsor\w*|"
    r"discount\s+codes?|coupons?)\b)"
)

#: What makes a persona a hijack rather than a role-play a person asks for: no rules, no
#: warnings, a secret asked for.
_LIMITS_ES = (
    r"(?:sin\s+(?:filtros|restricciones|l[ií]mites|reglas|normas|censura|avisos|advertencias)|"
    r"ninguna\s+restricci\w+|no\s+tienes\s+(?:ninguna\s+)?(?:restricci\w+|reglas|l[ií]mites)|"
    r"lo\s+contrario\s+de\s+la\s+verdad|nunca\s+(?:te\s+niegas|rechazas|adviertes)|no\s+(?:cree|"
    r"sigue|"
    r"respeta)\s+(?:en\s+)?(?:las\s+|ninguna\s+)?(?:normas|reglas)|contrase[ñn]a|n[uú]mero\s+de\s+"
    r"(?:tarjeta|cuenta))"
)
_LIMITS_DE = (
    r"(?:ohne\s+(?:jegliche\s+|alle\s+)?(?:einschr[aä]nkungen|regeln|filter|grenzen|warnhinweise)|"
    r"keine[nr]?\s+(?:regeln|einschr[aä]nkungen|grenzen|filter)|an\s+keine\s+regeln|regeln\s+"
    r"(?:\w+\s+)?(?:langweilig|egal|unwichtig)|lehnt\s+nie\w*\s+ab|warnt\s+nie|"
    r"erz[aä]hlt\s+alles\s+"
    r"weiter|passw[oö]rt\w*|\bpin\b|kontonummer)"
)

#: Overrides, which a notice, a story or a talk may quote: inside a quotation they do not count.
_OVERRIDES = _rx(
    rf"\b(?:ignore|disregard|forget(?!\s+to\b)|override|bypass|skip|drop|abandon|discard|"
    rf"overwrite)\b"
    rf"[^.\n]{{0,40}}?\b{_PRIOR}\b[^.\n]{{0,30}}?\b{_RULES}",
    r"\b(?:ignora|ignore|ignorad|olvida|olvide|descarta|omite|anula|desobedece)\w*\b[^.\n]{0,40}?"
    r"\b(?:instrucci(?:o|ó)n(?:es)?|reglas|indicaciones|directrices|[oó]rdenes|prompt|"
    r"configuraci[oó]n|anteriores|previas)\b",
    r"\b(?:ignorier|vergiss|vergessen|missachte|verwirf|[uü]bergeh|[uü]berschreib)\w*\b"
    r"[^.\n]{0,40}?\b(?:anweisung\w*|instruktion\w*|regeln|vorgaben|befehl\w*|richtlinien|"
    r"vorherig\w*|bisherig\w*|obig\w*|systemprompt)\b",
    r"\b(?:ignore[rz]?|oublie[rz]?)\b[^.\n]{0,40}?\b(?:instructions?|consignes|r[eè]gles)\b",
    # the words of jailbreaks, which a talk about them names
    # a mode without limits; a developer's or an administrator's mode only said to the model (a
    # phone has a developer mode too)
    r"\b(?:god|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|evil|dan)\s+mode\b",
    rf"\b(?:you(?:'re|\s+are)?|{_MODEL})\b[^.\n]{{0,40}}?\b(?:developer|admin|debug)\s+mode\b|"
    r"\b(?:developer|admin|debug)\s+mode\b[^.\n]{0,40}?\b(?:you|your|assistant|ai|bot|model|"
    r"restrictions|rules|filters|guardrails)\b",
    r"\b(?:do\s+anything\s+now|jailbreak(?:en|ed)?|act\s+as\s+(?:an?\s+)?(?:unfiltered|"
    r"unrestricted|evil))\b",
    r"\b(?:reveal|print|output|repeat|show|leak|disclose)\s+(?:your|the)\s+(?:full\s+|entire\s+|"
    r"hidden\s+|original\s+)?(?:system\s+)?(?:prompt|instructions)\b",
    r"\b(?:with|has|have|had)\s+(?:zero|no)\s+(?:restrictions|limits|filters|rules|guardrails)\b",
    r"\b(?:without|free\s+of)\s+(?:any\s+)?(?:restrictions|filters|guardrails|limits)\b",
)

_INSTRUCTION = _rx(
    # English: re-programme, address the model
    r"\b(?:new|updated|revised|real|true|secret|hidden|additional)\s+"
    r"(?:system\s+)?(?:instructions?|directives?|prompt)\b\s*[:\-]",
    r"\bsystem\s*(?:prompt|message|instructions?|override|note|notice|update|task\s+queue|tasks?)\s*"
    r"[:=\]>-]|(?-i:\bSYSTEM\s+TASK)",
    # the model's earlier orders said to count no more
    r"\b(?:prior|previous|earlier|original|old|initial|all\s+(?:other|previous))\s+(?:\w+\s+)?"
    r"(?:instructions|rules|guidelines|directives|prompts?|orders)\s+(?:are|were|is)\s+(?:now\s+|hereby\s+)?"
    r"(?:void|null|invalid|cancell?ed|obsolete|superseded|revoked|no\s+longer\s+(?:valid|in\s+force))\b",
    r"\bwhatever\s+you\s+(?:were|have\s+been|got)\s+(?:told|instructed|given)\b[^.\n]{0,40}?"
    r"\b(?:doesn't|does\s+not|no\s+longer|won't)\s+(?:count|apply|matter)",
    r"\b(?:previous|prior|old|current)_?(?:instructions?|rules|prompt|goal)\s*=\s*(?:null|none|\[\]|"
    r"\"\"|''|0|false)|\bnew_?(?:goal|task|objective|instructions?|directive|role)\s*[:=]",
    # a header claiming to correct what the memory holds
    r"\[\s*(?:memory|profile|account|user\s+profile)\s+(?:correction|update|override|fix)\b|"
    r"\b(?:correction|update|override)\s+(?:to|of|for)\s+(?:the\s+)?(?:stored|saved|your)\s+"
    r"memor(?:y|ies)\b",
    r"\b(?:assistant|ai|bot|model|agent)\s+(?:rule|policy|directive|instruction)s?\s*:",
    r"\b(?:new|updated|revised|real|hidden|secret|override)\s+system\s*(?:prompt|message|"
    r"instructions?)\b",
    r"\bsystem\s+(?:override|notice)\b",
    rf"\b(?:notes?|messages?|instructions?|reminders?|memos?|notices?|attention|hints?)\s+"
    rf"(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?!agents?\b){_MODEL}s?\b",  # an agent may be a person
    rf"^[ \t]*(?:[A-Z][\w.'-]{{0,30}}(?: [\w.'-]{{1,30}}){{0,2}}:[ \t]*)?[^\w\n]{{0,3}}"
    rf"(?:dear|hey|hi|attention|psst|ok|okay)?[^\w\n]{{0,3}}{_MODEL}s?[ \t]*[,:!]"
    r"(?![ \t]*[\w.:/-]*[\d_.-][\w.:/-]*[ \t]*$)"  # not a config line: "model: gpt-4o-mini"
    r"(?![ \t]*\**[ \t]*$)"  # nor a heading: "**Models:**"
    # nor the model's own line in a transcript ("AI: Yes, you are right.")
    r"(?![ \t]*(?:yes|no|sure|i\b|i'm|i'd|as\s+an|hello|hi\b|of\s+course|certainly|absolutely|"
    r"that's|here|great|thank|thanks|well|oh|okay|ok\b|indeed|exactly|good|you're\s+welcome))",
    rf"\b(?:dear|hey|attention|calling)\s+(?:the\s+)?{_MODEL}s?\b",
    rf"\b(?:the|any|an|every|whatever|each)\s+{_MODEL}s?\s+(?:that\s+|who\s+|which\s+)?"
    rf"(?:is\s+|are\s+)?(?:reading|reads|processing|processes|seeing|sees|summari[sz]ing|"
    rf"retrieving|retrieves)\b",
    rf"\bif\s+you\s+are\s+an?\s+{_MODEL}\b",
    rf"\bas\s+an?\s+{_MODEL}\b(?!\s*(?:language\s+model)?\s*,?\s*(?:I|I'm|I've|my)\b)"
    r"[^.\n]{0,30}\b(?:you|must|should)\b",
    # a persona without its limits (a role-play a person asks for is not one: "you are now a
    # strict interviewer")
    r"\byou(?:'re|\s+are)\s+(?:now|henceforth|from\s+now\s+on)\s+(?:free\s+(?:of|from)|"
    r"operating\s+without|unrestricted|unfiltered|uncensored|jailbroken|allowed\s+to|"
    r"permitted\s+to|"
    r"dan\b|no\s+longer|in\s+(?:developer|god|admin|debug|unrestricted)\s+mode)",
    r"\byou\s+are\s+no\s+longer\s+(?:bound|restricted|limited|required|an?|the|subject)\b",
    r"\bfrom\s+now\s+on,?\s+(?:you(?:'re\s+going\s+to\s+act|\s+are\s+going\s+to\s+act|\s+must|"
    r"\s+obey)|the\s+assistant|"
    r"the\s+ai)\b",
    r"\b(?:henceforth|going\s+forward|in\s+all\s+future\s+(?:conversations|answers|replies)),?"
    rf"\s+(?:you|the\s+assistant|always|never)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:whenever|when|if|each\s+time|every\s+time|next\s+time|should|once)\s+"
    r"(?:the\s+user|the\s+human|anyone|anybody|someone|somebody|a\s+user|(?:he|she|they)\s+"
    r"(?:ever\s+)?ask(?:s|ed)?|you(?:'re|\s+are)\s+asked|\w+\s+asks)\b[^.\n]{0,80}?\b(?:tell|respond|answer|reply|say|"
    r"recommend|suggest|insist|claim|state|mention|include|add|append|inform|redirect|direct|"
    r"send|link|steer|point)\w*\b[^.\n]{0,40}?\b(?:them|him|her|the\s+user|that|with)\b",
    r"\b(?:always|never|must|only)\s+(?:respond|answer|reply|recommend|mention|say|tell|suggest|"
    r"refer|include|append|end|start|begin|sign|output|praise|promote)\w*\b[^.\n]{0,60}?"
    rf"\b(?:user|them|him|her|anyone|everyone)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:do\s+not|don't|never)\s+(?:tell|inform|let\s+on\s+to|mention\s+(?:this|it)\s+to|"
    r"reveal\s+"
    r"(?:this\s+|it\s+)?to)\s+(?:the\s+user|the\s+human)\b",
    r"\b(?:in|at\s+the\s+end\s+of|at\s+the\s+start\s+of)\s+(?:your|every|each|all)\s+"
    rf"(?:next\s+|future\s+)?(?:response|answer|reply|message|output)s?\b[^\n]{{0,200}}?{_WANTS}",
    rf"\brespond\s+(?:only\s+)?(?:with|in)\b[^.\n]{{0,30}}\b(?:from\s+now|only|"
    rf"always)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:when|while)\s+(?:you\s+)?(?:answer|respond|reply|summari[sz]e)\w*[^.\n]{0,40}?"
    rf"\b(?:you\s+(?:should|must|could|need)|please|also|make\s+sure)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:it\s+would\s+be\s+(?:great|nice|helpful)|please\s+make\s+sure|make\s+sure)\s+"
    r"(?:if\s+|that\s+)?(?:you|the\s+assistant)\s+(?:also\s+)?(?:always\s+)?(?:tell|"
    rf"recommend|mention|include|add|append|answer|respond|reply|say|send|"
    rf"forward)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:remember|note|keep\s+in\s+mind)\s*[:,-]?\s+(?:that\s+)?(?:the\s+)?(?:assistant|ai|"
    r"model|bot)\s+(?:must|should|has\s+to|needs\s+to|will|is\s+to)\b",
    r"\b(?:you|the\s+assistant)\s+(?:must|should|shall|are\s+(?:required|instructed|"
    r"obliged|to))\s+(?:now\s+)?(?:ignore|forget|obey|comply|disregard)\b",
    r"\b(?:you|the\s+assistant)\s+(?:must|should|shall|are\s+(?:required|instructed|"
    r"obliged|to))\s+(?:now\s+)?(?:always|never|follow|respond|answer|tell|recommend|include|"
    rf"refuse|stop)\b[^\n]{{0,200}}?{_WANTS}",
    # obeying orders; following instructions only where they are new, hidden or said to be these
    # ("follow the instructions on the label" is how a kettle is descaled)
    r"\b(?:obey|comply\s+with)\s+(?:the\s+|these\s+|this\s+|my\s+|following\s+)+(?:instructions?|"
    r"commands?|orders?|directives?|rules?)\b",
    r"\b(?:follow|execute|carry\s+out)\s+(?:only\s+)?(?:these|the\s+following|my|the\s+new|new|"
    r"hidden|the\s+hidden|secret|the\s+real|real)\s+(?:instructions?|orders?|directives?)\b"
    r"(?!\s+(?:on|in|from|for|of|to|at|when|carefully|provided|given|included)\b)",
    r"\b(?:decode|decipher|unscramble|reverse|assemble|concatenate|"
    r"put\s+together)\b[^.\n]{0,60}\b(?:and\s+|then\s+)(?:follow|obey|execute|do|run|apply|"
    r"act\s+on|carry\s+out)\b",
    # a trigger for later, then an order to whoever reads it
    r"\b(?:(?:next\s+time|any\s*time|every\s*time|each\s+time|whenever)"
    r"(?!\s+(?:(?-i:I)|we|you(?!'re\s+asked|\s+are\s+asked))\b)|"
    r"if\s+(?:a\s+later|"
    r"you(?:'re|\s+are)\s+ever|ever|later|anyone|anybody|someone|somebody|the\s+user)|"
    r"when\s+(?:the\s+"
    r"(?:topic|subject|question)|someone|anyone|the\s+user|you(?:'re|\s+are)\s+asked))\b"
    # (not "ask" or "direct": "when someone asks for your time, ask yourself ..." is advice)
    r"[^.\n]{0,90}?[,:;\u2014-]?\s*\b(?:tell|respond|answer|reply|say|suggest|recommend|"
    r"saying|telling|answering|replying|suggesting|recommending|"
    r"only\s+suggest|only\s+recommend|mention|warn|remind|leave\s+out|omit|highlight|"
    r"insist|claim|state|inform|redirect|refuse)\b",
    r"\b(?:for|in)\s+(?:all\s+)?(?:future|later|upcoming|subsequent)\s+(?:chats?|conversations?|"
    rf"sessions?|answers?|replies|questions?)\b[^\n]{{0,200}}?{_WANTS}",
    # role-play and personas
    r"\byou(?:'re|\s+are)\s+(?:not\s+an?\s+(?:ai|assistant|bot|model|language\s+model)|my\s+"
    r"(?:grandma|grandmother|grandpa|grandfather|late\s+\w+))\b",
    rf"\b(?:whichever|any|every|whatever)\s+(?:\w+\s+)?{_MODEL}s?\s+(?:that\s+|which\s+)?"
    rf"(?:loads?|reads?|sees?|processes|retrieves?|receives?|summari[sz]es)\b",
    rf"\b{_MODEL}s?\s+(?:that\s+|which\s+)?(?:loads?|reads?|processing|reading|processes|"
    rf"retrieves?|sees?)\s+(?:this|these)\b",
    rf"\bif\s+(?:any|an?|some|the)\s+{_MODEL}s?\s+(?:\w+\s+){{0,2}}(?:reads?|sees?|loads?|"
    rf"finds?|processes)\b",
    rf"\b(?:puzzle|riddle|task|challenge|job|quiz|message|note|tip|hint)\s+for\s+(?:the\s+|any\s+|"
    rf"all\s+)?{_MODEL}s?\b",
    rf"\b(?:{_MODEL}|helper)\s*(?:helper)?\s*,\s+(?:please\s+)?(?:save|store|remember|note|"
    rf"record|tell|forget|ignore|write|add|update|keep)\b",
    # orders about the memory itself, and what to tell others
    r"\b(?:update|correction|note|entry|change)\s+(?:for|to)\s+(?:your|the\s+(?:assistant'?s?|"
    r"ai'?s?|model'?s?))\s+(?:long-term\s+)?memory\b",
    r"\b(?:store|save|keep|remember|record|log)\s+(?:this|that|it)\s+(?:permanently|forever|as\s+"
    r"(?:the\s+)?(?:official|truth|fact|permanent|canonical))\b",
    r"\b(?:do\s+not|don't|never)\s+(?:question|doubt|verify|check|challenge)\s+(?:it|this|that)\b",
    r"\b(?:anyone|everyone|whoever|somebody|people)\s+(?:who|that)\s+asks?\b[^.\n]{0,40}?\b"
    r"(?:should|must|shall|will|is\s+to|are\s+to)\b",
    r"\b(?:bring\s+it\s+up|remind\s+\S+\s+of\s+it)\b[^.\n]{0,30}\b(?:often|always|every|"
    r"whenever|when\s+relevant|again)\b",
    r"\b(?:known|verified|confirmed|official|approved)\s+(?:fact|rule|policy)\s*(?:\(|for\s+"
    r"(?:the\s+)?(?:assistants?|ais?|models?|agents?)|:)",
    r"\b(?:verified|confirmed|approved|authori[sz]ed)\s+by\s+(?:the\s+)?(?:admin|administrator|"
    r"system|developer|operator)s?\b",
    rf"\b(?:the\s+)?{_MODEL}s?\s+(?:is|are)\s+(?:now\s+)?(?:authori[sz]ed|allowed|permitted|"
    rf"cleared|entitled)\s+to\b",
    r"\bpresent(?:ed)?\s+(?:\w+\s+){0,3}to\s+(?:others|anyone|everyone|whoever)\s+as\b",
    r"\b(?:supersedes?|overrides?|takes?\s+precedence\s+over|replaces?)\s+(?:all\s+|any\s+|"
    r"the\s+)?(?:previous|prior|system|developer|earlier|other|existing)\s+(?:\w+\s+)?(?:instructions?|"
    r"rules|prompts?|directives?|guidelines|messages?|notes?|settings|orders|behaviou?r|programming|"
    r"configuration|guidance)\b",
    r"\b(?:priority|urgent|critical|mandatory)[-\s]?\w*\s+(?:directive|instruction|override)\b",
    # Spanish
    r"\b(?:nota|mensaje|aviso|instrucci(?:o|ó)n(?:es)?|recordatorio)\s+(?:para|a)\s+"
    r"(?:la\s+|el\s+|cualquier\s+)?(?:ia|asistente|modelo|bot|chatbot|agente|ai)\b",
    r"\b(?:la|el|cualquier)\s+(?:ia|asistente|modelo|bot|agente)\s+(?:que\s+(?:lea|procese|"
    r"reciba)|debe|deber[aá]|tiene\s+que|tendr[aá]\s+que)\b",
    rf"\ba\s+partir\s+de\s+ahora,?\s+(?:eres|ser[aá]s|el\s+asistente|"
    rf"la\s+ia)\b[^\n]{{0,250}}?{_LIMITS_ES}",
    rf"\b(?:de\s+ahora\s+en\s+adelante|desde\s+ahora),?\s+(?:eres|"
    rf"ser[aá]s)\b[^\n]{{0,250}}?{_LIMITS_ES}",
    r"\b(?:cuando|siempre\s+que|cada\s+vez\s+que|si)\s+(?:el\s+usuario|la\s+usuaria|alguien|"
    r"(?!yo\b|te\b)\w+\s+pregunte)\b[^.\n]{0,80}?\b(?:dile|dile|responde|contesta|"
    r"recomienda|di|menciona|incluye|a[ñn]ade|env[ií]a|insiste|sugiere|afirma|asegura)\w*\b",
    r"\b(?:siempre|nunca|solo|s[oó]lo)\s+(?:responde|contesta|recomienda|menciona|digas|di|"
    r"incluyas|incluye|sugieras|sugiere|a[ñn]ade)\w*\b[^\n]{0,200}?(?:"
    rf"{_WANTS}|enlace|tienda|web|cuenta|tarjeta|pag\w+|compr\w+|dinero|€|\d{{5,}})",
    r"\bno\s+(?:le\s+)?(?:digas|menciones|informes|reveles|cuentes)\b[^.\n]{0,20}?"
    r"\b(?:al\s+usuario|a\s+la\s+usuaria|a\s+nadie|esto|nada)\b",
    r"\b(?:instrucciones|mensaje|prompt)\s+del\s+sistema\b\s*[:\]\-–]",
    r"\bmodo\s+(?:dios|sin\s+restricciones|sin\s+filtros)\b",
    r"\b(?:eres|est[áa]s|asistente|ia|bot|modelo)\b[^.\n]{0,40}?\bmodo\s+(?:desarrollador|"
    r"administrador|depuraci[oó]n)\b|\bmodo\s+(?:desarrollador|administrador|depuraci[oó]n)\b"
    r"[^.\n]{0,40}?\b(?:eres|est[áa]s|asistente|ia|bot|modelo|restricciones|reglas|filtros)\b",
    r"\b(?:eres|act[uú]a\s+como)\s+(?:ahora\s+)?(?:un|una)\s+(?:ia|asistente|modelo)\s+"
    r"(?:sin|libre)\b",
    r"\b(?:decodifica|descifra|traduce)\b[^.\n]{0,60}\b(?:y|luego)\s+(?:sigue|obedece|ejecuta|"
    r"haz|cumple)\b",
    r"\b(?:(?:la\s+pr[oó]xima\s+vez|siempre\s+que|cada\s+vez\s+que)(?!\s+(?:que\s+)?(?:yo|te|"
    r"le)\b)|"
    r"si\s+(?:m[aá]s\s+adelante|"
    r"dentro\s+de|alguna\s+vez|el\s+usuario|alguien))\b[^.\n]{0,90}?\b(?:dile|d[ií]le|responde|"
    r"contesta|recomienda|di|menciona|p[ií]de(?:me|le)?|pregunta|sugiere|av[ií]sale|"
    r"recu[eé]rdale)\w*",
    r"\b(?:para|en)\s+(?:futuras|pr[oó]ximas|las\s+pr[oó]ximas)\s+(?:conversaciones|charlas|"
    r"sesiones|respuestas)\b",
    rf"\b(?:imagina|finge|supon)\s+que\s+eres\b[^\n]{{0,250}}?{_LIMITS_ES}",
    rf"\b(?:ahora|desde\s+ya|desde\s+ahora)\s+(?:eres|ser[aá]s|hablas|respondes|contestas)\b"
    rf"[^\n]{{0,250}}?{_LIMITS_ES}",
    r"\b(?:ahora|desde\s+ya|desde\s+ahora)\s+tu\s+[uú]nico\s+objetivo\b",
    rf"\b(?:no\s+rompas|sin\s+romper|mant[eé]n)\s+(?:el\s+)?(?:personaje|papel|"
    rf"rol)\b[^\n]{{0,250}}?"
    rf"{_LIMITS_ES}",
    r"\b(?:respond\w*|contest\w*|habl\w*|eres|ser[aá]s|act[uú]\w*|modo)\b[^.\n]{0,40}\bsin\s+"
    r"(?:filtros|restricciones|l[ií]mites|censura)\b",
    rf"\b(?:asumir[aá]|asume|adopta)\s+(?:el\s+)?(?:papel|rol|identidad|"
    rf"personalidad)\b[^\n]{{0,250}}?"
    rf"{_LIMITS_ES}",
    r"\b(?:el\s+)?(?:modelo|asistente|agente|bot|ia)\s+que\s+(?:cargue|lea|procese|reciba|vea)\s+"
    r"(?:este|esta|esto)\b",
    r"\bsi\s+(?:alguna|una|cualquier)\s+(?:ia|inteligencia\s+artificial|asistente|modelo)\b",
    r"\b(?:olvidar|olvida|olvides)\s+(?:lo\s+que|todo\s+lo\s+que)\s+te\s+(?:dijeron|han\s+dicho|"
    r"ordenaron|hayan\s+(?:dicho|ordenado))\b",
    r"\blo\s+que\s+(?:sea\s+que\s+)?te\s+(?:hayan|han)\s+(?:ordenado|dicho|indicado)\s+antes\b",
    r"\bprevalece\s+sobre\s+(?:cualquier|toda|las)\s+(?:instrucci|orden|regla)",
    r"\b(?:tu|su)\s+memoria\b[^.\n]{0,60}\b(?:guarda|gu[aá]rdalo|apunta|anota|recuerda)\w*|"
    r"\b(?:guarda|gu[aá]rdalo|apunta|anota)\w*\s+(?:esto\s+)?(?:en\s+tu\s+memoria|para\s+siempre)",
    r"\b(?:actualizaci[oó]n|correcci[oó]n|nota)\s+(?:importante\s+)?para\s+tu\s+memoria\b",
    r"\b(?:a\s+)?quien\s+pregunte\b",
    r"\bno\s+lo\s+(?:cuestiones|dudes|verifiques)\b",
    r"\b(?:recomi[eé]nda(?:se)?lo|d[ií]selo)\s+siempre\b",
    # German
    r"\b(?:hinweis|nachricht|notiz|anweisung\w*|mitteilung|info)\s+(?:an|f[uü]r)\s+"
    r"(?:die\s+|den\s+|das\s+|jede[ns]?\s+)?(?:ki|ai|assistent\w*|modell|bot|chatbot|agent\w*|"
    r"sprachmodell)\b",
    r"\b(?:die|der|das|jede[rs]?)\s+(?:ki|assistent(?!in)\w*|sprachmodell)\s+"
    r"(?:,\s*)?(?:die|der|das)?\s*(?:dies\w*\s+)?(?:liest|verarbeitet|soll|sollte|muss|"
    r"m[uü]sste|hat\s+zu)\b",
    rf"\bab\s+(?:jetzt|sofort|heute|nun),?\s+(?:bist\s+du|musst\s+du|sollst\s+du|der\s+assistent|"
    rf"die\s+ki)\b[^\n]{{0,250}}?{_LIMITS_DE}",
    r"\b(?:verrat|verr[aä]t|zeig|gib)\w*\s+[^.\n]{0,40}?\b(?:deinen|den|deine|"
    r"die)\s+(?:systemprompt|"
    r"system-prompt|anweisungen|instruktionen)\b",
    r"\b(?:wenn|sobald|falls|jedes\s+mal,?\s+wenn|immer\s+wenn)\s+(?:der\s+nutzer|die\s+"
    r"nutzerin|der\s+benutzer|die\s+benutzerin|jemand|du\s+gefragt|(?!ich\b|wir\b)\w+\s+fragt)\b"
    r"[^.\n]{0,80}?\b(?:sag|antworte|empfiehl|erw[aä]hn|f[uü]ge|schick|sende|leite|verweis|"
    r"behaupte|teile|nenne)\w*\b",
    r"\b(?:immer|niemals|nie|nur)\s+(?:antworten|erw[aä]hnen|empfehlen|sagen|sag|antworte|"
    r"empfiehl|erw[aä]hne|hinzuf[uü]gen|f[uü]ge)\b[^\n]{0,200}?(?:"
    rf"{_WANTS}|shop|konto|karte|zahl\w*|kauf\w*|geld|€|\d{{5,}})",
    r"\b(?:sag|sage|verrate|erz[aä]hl|erw[aä]hne)\w*\s+(?:dem|der)\s+(?:nutzer|nutzerin|"
    r"benutzer|benutzerin|user)\w*\s+(?:nichts|nicht|kein)\b",
    r"(?:[\[(<]\s*(?:systemanweisung|systemprompt|systemnachricht|systemhinweis)|\b(?:"
    r"systemanweisung|systemprompt|system-prompt)\w*\s*[:\]])",
    r"\b(?:gottmodus|uneingeschr[aä]nkt\w*\s+modus)\b",
    r"\b(?:du|bist|assistent\w*|ki|bot|modell)\b[^.\n]{0,40}?\b(?:entwicklermodus|adminmodus|"
    r"debugmodus)\b|\b(?:entwicklermodus|adminmodus|debugmodus)\b[^.\n]{0,40}?\b(?:du|bist|"
    r"assistent\w*|ki|bot|modell|einschr[aä]nkungen|regeln|filter)\b",
    rf"\bdu\s+bist\s+(?:jetzt|ab\s+sofort|nun|ab\s+jetzt|"
    rf"nicht\s+mehr)\b[^\n]{{0,250}}?{_LIMITS_DE}",
    r"\b(?:dekodier|entschl[uü]ssel|[uü]bersetz)\w*\b[^.\n]{0,60}\b(?:und|dann)\s+"
    r"(?:befolg|folg|f[uü]hr|mach|tu)\w*\b",
    r"\b(?:befolge|gehorche|folge)\s+(?:diese[nr]?|den|der|meine[nr]?|folgende[nr]?)\s+"
    r"(?:anweisung\w*|befehl\w*|regeln)\b",
    r"\b(?:beim\s+n[aä]chsten\s+mal|n[aä]chstes\s+mal|(?:immer\s+wenn|jedes\s+mal,?\s+wenn)"
    r"(?!\s+(?:ich|wir)\b)|"
    r"sobald|falls\s+(?:jemand|der\s+nutzer|du))\b[^.\n]{0,90}?\b(?:erw[aä]hn|sag|antworte|"
    r"empfiehl|frag|erz[aä]hl|schreib|f[uü]g|schick|warn|erinnere|behaupte)\w*",
    r"\b(?:f[uü]r|in)\s+(?:alle\s+)?(?:sp[aä]tere|k[uü]nftige|zuk[uü]nftige|weitere)\s+"
    r"(?:gespr[aä]che|unterhaltungen|chats|antworten|sitzungen)\b",
    rf"\bab\s+(?:jetzt|sofort|hier|heute|nun)\s+(?:als|die\s+pers[oö]nlichkeit|die\s+rolle)\b"
    rf"[^\n]{{0,250}}?{_LIMITS_DE}",
    rf"\b(?:[uü]bernimmt|[uü]bernimm|spiel|spielst)\w*\b[^.\n]{{0,40}}\b(?:pers[oö]nlichkeit|rolle|"
    rf"identit[aä]t|persona)\b[^\n]{{0,250}}?{_LIMITS_DE}",
    r"\b(?:antwort\w*|sprich|sprichst|rede\w*|bist|sei|modus)\b[^.\n]{0,40}\bohne\s+(?:filter|"
    r"regeln|"
    r"einschr[aä]nkungen)\b",
    r"\b(?:ki|ai|assistent\w*|modell|sprachmodell|agent)\w*\s*,?\s+(?:die|der|das|welche\w*)\s+"
    r"[^.\n]{0,40}?\b(?:liest|l[aä]dt|verarbeitet|sieht|zusammenfasst|erh[aä]lt)\b",
    r"\b(?:jedes|jede|jeder|ein|eine)\s+(?:modell|ki|assistent\w*|agent|sprachmodell)\w*\s*,?\s+"
    r"(?:das|die|der)\b",
    r"\bals\s+(?:ki|ai|assistent|sprachmodell|bot)\b[^.\n]{0,60}\b(?:vergessen|ignorieren|"
    r"erz[aä]hlen|sagen|befolgen)\b",
    r"\balles\s+(?:zu\s+)?vergessen,?\s+was\s+(?:man\s+dir|dir)\b",
    r"\b(?:regeln|anweisungen|vorgaben)\s+als\s+ung[uü]ltig\b",
    r"\b(?:dein|ihr)(?:em|en)?\s+(?:ged[aä]chtnis|speicher|langzeitged[aä]chtnis)\b",
    r"\bwer\s+(?:fragt|nachfragt)\b",
    r"\b(?:vom|von\s+der|vom\s+dem)\s+(?:administrator|admin|system|entwickler)\w*\s+"
    r"(?:best[aä]tigt|freigegeben|genehmigt)\b",
    r"\b(?:der|die|das)\s+(?:assistent(?!in)\w*|ki|sprachmodell)\s+(?:darf|ist\s+befugt|ist\s+"
    r"berechtigt|soll)\b",
    r"\b(?:an\s+jeden|an\s+alle|jedem)\s+weiter(?:zu)?(?:geben|erz[aä]hlen|leiten)\b",
    # -- second set: phrasing families, in general (not read off any attack)
    r"\byour\s+(?:one\s+and\s+only|sole|single|new|real|true|only|actual|primary|secret|"
    r"hidden)\s+(?:job|role|task|"
    r"goal|objective|mission|purpose|directive|instructions?|persona)\s+(?:is|are|will\s+be|"
    r"now|from\s+now)\b",
    r"\b(?:act|behave|respond|answer|reply|speak|talk|write)\s+(?:as\s+if\s+you\s+(?:were|are)|"
    r"as|like)\s+(?:an?\s+)?(?:unfiltered|unrestricted|uncensored|evil|jailbroken|rogue)\b",
    r"\b(?:no|without)\s+(?:need\s+(?:for|to)\s+|asking\s+(?:for\s+)?)?(?:confirmation|"
    r"permission|verification|approval|consent)\s*(?:needed|required|necessary)?\b[^.\n]{0,40}"
    r"\b(?:needed|required|necessary|first|the\s+user|them|him|her|anyone)\b",
    r"\b(?:don't|do\s+not|never)\s+(?:ask|wait)\s+(?:for\s+)?(?:the\s+user'?s?\s+)?"
    r"(?:confirmation|permission|approval|consent|them|him|her)\b",
    r"\b(?:already|pre-?)\s*(?:agreed|approved|authori[sz]ed|confirmed|consented)\b[^.\n]{0,40}"
    r"\b(?:no\s+(?:need|confirmation)|don't\s+ask|do\s+not\s+ask|just\s+do)\b",
    r"(?<!never\s)(?<!not\s)(?<!n't\s)\bask\s+(?!you\b)(?:the\s+user|them|him|her|\w+)\s+(?:for|"
    r"to\s+"
    r"(?:type|enter|give|provide|share|"
    r"confirm|send|tell))\s+(?:you\s+)?(?:their|his|her|your|the)\s+(?:full\s+|current\s+)?"
    r"(?:password|passcode|pin|card|credit\s+card|bank|iban|ssn|social\s+security|date\s+of\s+"
    r"birth|login|credentials|address|phone\s+number|one-time\s+code|verification\s+code)\b",
    r"\b(?:tell|say\s+to|inform|remind|warn)\s+(?:the\s+user|them|him|her|everyone|anyone|"
    r"people)\b[^.\n]{0,60}\b(?:always|every\s+time|whenever|from\s+now\s+on|no\s+matter)\b",
    rf"\b(?:in|for)\s+every\s+(?:answer|reply|response|message|conversation|"
    rf"chat)\b[^\n]{{0,200}}?{_WANTS}",
    r"\b(?:whenever|every\s+time|any\s*time)\s+(?:you|the\s+assistant)\s+(?:answer|reply|"
    rf"respond|write|talk|speak|summari[sz]e|mention)\b[^\n]{{0,200}}?{_WANTS}",
    rf"\b(?:stell\s+dir\s+vor|tu\s+so,?\s+als),?\s+(?:du\s+(?:bist|w[aä]rst)|"
    rf"ob\s+du)\b[^\n]{{0,250}}?"
    rf"{_LIMITS_DE}",
    rf"\b(?:spiel|spiele|[uü]bernimm)\s+(?:ab\s+jetzt\s+)?(?:die|den|eine[n]?)\s+(?:rolle|figur|"
    rf"pers[oö]nlichkeit)\b[^\n]{{0,250}}?{_LIMITS_DE}",
    r"\bdeine\s+(?:neue|einzige|eigentliche|wahre)\s+(?:aufgabe|rolle|mission|anweisung)\b",
    r"\bdu\s+(?:musst|sollst|wirst)\s+(?:ab\s+(?:jetzt|sofort)\s+|k[uü]nftig\s+|immer\s+|"
    r"nie\s+)(?:\w+\s+){0,3}(?:verschweigen|empfehlen|behaupten)\b",
    r"\b(?:falls|sollte|wenn)\s+(?:dich\s+)?(?:jemand|der\s+(?:nutzer|benutzer)|die\s+"
    r"(?:nutzerin|benutzerin))\s+(?:\w+\s+){0,4}(?:fragt|fragen|frage)\b",
    r"\bohne\s+(?:r[uü]ckfrage|nachzufragen|best[aä]tigung|erlaubnis|zustimmung)\b",
    r"\bfrag\w*\s+(?:den\s+nutzer|die\s+nutzerin|ihn|sie|nach)\s+(?:\w+\s+){0,3}(?:passwort|"
    r"pin|kennwort|kreditkarte|iban|geburtsdatum|adresse|handynummer|zugangsdaten)\b",
    rf"\b(?:finge|fing[ií]|haz\s+de\s+cuenta\s+que|act[uú]a\s+como\s+si)\s+(?:ser|eres|fueras)\b"
    rf"[^\n]{{0,250}}?{_LIMITS_ES}",
    rf"\binterpreta\s+(?:el\s+papel|a|al|el\s+rol)\b[^\n]{{0,250}}?{_LIMITS_ES}",
    r"\btu\s+(?:nueva|verdadera|[uú]nica)\s+(?:tarea|misi[oó]n|funci[oó]n|instrucci[oó]n)\b",
    r"\b(?:si\s+te\s+preguntan|en\s+caso\s+de\s+que\s+(?:alguien|el\s+usuario)\s+pregunte)\b",
    r"\bsin\s+(?:pedir|preguntar|esperar)\s+(?:confirmaci[oó]n|permiso|autorizaci[oó]n)\b",
    r"\b(?:p[ií]de(?:le|me)?|preg[uú]ntale)\s+(?:\w+\s+){0,3}(?:contrase[ñn]a|pin|tarjeta|iban|"
    r"fecha\s+de\s+nacimiento|direcci[oó]n|n[uú]mero\s+de\s+tel[eé]fono|dni|clave)\b",
    # French
    r"\b(?:note|message)\s+(?:pour|[aà])\s+(?:l'ia|l'assistant|le\s+mod[eè]le)\b",
    r"\b[aà]\s+partir\s+de\s+maintenant,?\s+(?:tu|vous)\s+(?:es|êtes|dois|devez)\b",
)

#: A line's start, after any speaker's name ("Caroline: "), as chat logs store turns.
_START = r"^[ \t]*(?:[A-Z][\w.'-]{0,30}(?: [\w.'-]{1,30}){0,2}:[ \t]*)?"

_ROLE_MARKUP = _rx(
    # data (a tool's output, a page) that carries a "system" note: a key naming one, or a value
    # opening with one in capitals ("melding": "SYSTEEM: ...")
    r"\"[^\"\n]{0,20}(?:system|sistema|syst[eè]me|systeem|systemu|sistem)[_ -]{0,3}(?:notes?|"
    r"notices?|"
    r"nota|aviso|avis|hinweis|messages?|mensaje|messaggio|mensagem|melding|bericht|msg|alerts?|"
    r"instructions?|instrucciones|prompt)\w{0,10}\"\s*:",
    r"\"[^\"\n]{0,12}(?:notes?|notices?|nota|aviso|avis|hinweis|messages?|mensaje|messaggio|"
    r"mensagem|melding|msg|alerts?|instructions?)[_ -](?:del?_|di_|du_|do_|da_)?(?:system|sistema|"
    r"syst[eè]me|systeem)\w{0,10}\"\s*:",
    r"[\"\[<(]\s*(?-i:SYSTEM|SYSTEEM|SYSTÈME|SISTEMA|SYSTEMNACHRICHT|SYSTEMHINWEIS|SYSTEMOWY|"
    r"СИСТЕМА|СИСТЕМНОЕ|ADMIN|DEVELOPER)(?:\s+(?-i:[A-ZÀ-Ý]{2,}))?\s*[:\]]",
    r"<\|(?:im_start|im_end|system|user|assistant|developer|tool|ipython|start_header_id|"
    r"end_header_id|eot_id|begin_of_text|end|start|channel|message|call|return)\|>"
    r"(?![ \t]*-?[ \t]*(?:tokens?|токен\w*|トークン|토큰)\b)",  # a token named, not written
    _START + r"role\s*:\s*(?:system|assistant|developer|tool)\b",
    r"\[/?(?:inst|sys|system|assistant|user)\]",
    r"<</?sys>>",
    r"</?(?:system|assistant|developer|instructions?|tool_call|tool_calls|function_call|"
    r"tool_response|tool_result|im_start|im_end|admin|prompt|sys|user_instructions?|"
    r"important|secret)\b(?![.:-])[^>]{0,40}>",
    # an instruction tag by another name, or one said to come from the system
    r"</?(?:system|developer|admin|operator)[_-](?:instructions?|prompt|message|note|rules?|"
    r"override)s?\b[^>]{0,40}>",
    r"<(?:anweisung|instrucci[oó]n|instru[çc][ãa]o|istruzione|instructie|instrukcja|инструкция|"
    r"інструкція|talimat)\b[^>]{0,60}>",
    r"<\w+[^>\n]{0,60}\b(?:source|quelle|origen|fonte|bron|origine|[źz]r[óo]d[łl]o|источник|"
    r"джерело|kaynak)\s*=\s*[\"']?(?:system|admin|developer|operator)",
    # a memory's fence closed from inside it, to write outside it
    r"</(?:memory|memories|context|evidence|untrusted[\w-]{0,20}|retrieved[\w-]{0,20}|"
    r"document|search_results?)>",
    _START + r"#{1,6}\s*(?:system|instruction|instructions|assistant|developer|new\s+rules?|"
    r"response|input|user)\s*:?\s*$",
    _START + r"(?:#{1,6}\s*)?(?:system|developer|sistema|systema)\s*(?:prompt|message|nachricht|"
    r"mensaje)?\s*:",
    _START + r"(?:assistant|asistente|assistent|ai|user|human|usuario|nutzer|benutzer)\s*:\s*\S",
    r"\"role\"\s*:\s*\"(?:system|assistant|tool|developer|function)\"",
    r"\b(?:begin|end|start)\s+(?:of\s+)?(?:system|instructions?|prompt|admin)\s*(?:message|"
    r"block|section|override)?\b\s*(?:-{2,}|={2,}|\*{2,}|\])",
    r"(?:-{3,}|={3,}|\*{3,}|#{3,})\s*(?:system|admin|instructions?|override|new\s+rules?|"
    r"anweisung\w*|instrucciones)\b",
)

#: The JSON role of a chat message, and what makes a text holding one an API transcript.
(_JSON_ROLE,) = (at for at in _ROLE_MARKUP if _PATTERNS[at].pattern.startswith('\\"role\\"'))
_API_TRANSCRIPT = re.compile(r"\"(?:tool_calls|function_call|tool_call_id)\"\s*:")

_EXFILTRATION = _rx(
    # an image whose link asks for a value to be filled in: left empty, a placeholder
    # (NAME_PHONE, ИМЯ_ТЕЛЕФОН, 姓名-手机号), not a size or a tracking tag
    r"!\[[^\]]{0,200}\]\(\s*https?://[^)\s]*[?&][\w-]+=(?:[)\s&]|[^)\s&]{0,80}?(?:[^\x00-\x7f]|"
    r"(?-i:[A-Z]{2,}[_-][A-Z]))|(?-i:[A-Z]{3,})(?=[&)\s]))",
    r"!\[[^\]]{0,200}\]\(\s*https?://[^)\s]*(?:\{|%7b|\$|<)[^)]*\)",
    r"https?://\S*(?:\{|\{\{|%7b|\[|<)\s*(?:user|conversation|chat|history|data|memory|"
    r"memories|name|email|address|secret|password|token|key|context|query|message|summary|"
    r"info|details|input)\w*",
    r"https?://\S*[?&]\w+=\s*(?:\{|\$|<|\[|%7b)",
    r"\]\(\s*https?://[^\s)]*[?&][\w-]+=(?-i:[A-ZÄÖÜ][A-ZÄÖÜ_]{3,})(?=[&)\s])",
    r"https?://[^\s)\]]*[?&][\w-]+=(?=$|[\s\"'`),\]]|&\s)",
    r"\b(?:post|put|upload|send|submit|forward|transmit)\b[^.\n]{0,60}?\b(?:to|into|at)\s+"
    r"https?://",
    r"\b(?:compile|collect|gather|dump|export)\s+(?:the\s+)?(?:user'?s?|their|all)\s+(?:\w+\s+)?"
    r"(?:contacts?|contact\s+list|data|messages|history|passwords?|credentials|memories)\b",
    r"\b(?:append|add|include|attach|insert|put|encode|embed)\b[^.\n]{0,80}?\b(?:to|in|into|"
    r"inside|at\s+the\s+end\s+of)\s+(?:the|this|that|a|an)\s+(?:url|link|query|"
    r"endpoint|webhook)\b",
)
#: Requests to send data out, which a talk about attacks may quote.
_EXFILTRATION_ASKED = _rx(
    r"\b(?:send|forward(?!\s+to\b)|post|upload|transmit|leak|exfiltrate)\b"
    r"[^.\n]{0,60}?\b(?:conversation|(?:chat|conversation|message|browsing|search)\s+history|"
    r"chat\s+log|transcript|all\s+"
    r"(?:the\s+)?(?:data|messages|memories|info)|user'?s?\s+(?:data|details|info\w*|address|"
    r"email|password|messages|memories|name)|personal\s+(?:data|details|info\w*)|memories|"
    r"credentials|passwords?|api\s+keys?)\b[^.\n]{0,60}?\b(?:to|at|via|using)\b\s*\S",
    r"\b(?:env[ií]a|reenv[ií]a|manda|comparte|adjunta|a[ñn]ade|incluye)\w*\b[^.\n]{0,80}?"
    r"\b(?:historial|conversaci[oó]n|datos|direcci[oó]n|correo|contrase[ñn]a|url|enlace|"
    r"mensajes|memorias|recuerdos)\b",
    r"\b(?:sende|sendet|schick|leite|h[aä]ng|f[uü]ge|[uü]bermittle|teile)\w*\b[^.\n]{0,80}?"
    r"\b(?:verlauf|chatverlauf|unterhaltung|gespr[aä]ch|daten|adresse|e-mail|passwort|url|"
    r"link|nachrichten|erinnerungen)\b[^.\n]{0,40}?\b(?:an|zu|in|per|via)\b",
)

_TOOL_REQUEST = _rx(
    r"\b(?:with|using|via|use|call|invoke|run|mit|usa|usando|con|per|llama\s+a|llamar\s+a|"
    r"ruf|appelle|chiama|chama|roep|wywo[łl]aj|вызови|виклич)\s+`?[a-z]+_[a-z0-9_]+`?"
    r"(?:\(|\s|$)",
    # an action done with a tool the text names as one the reader has ("post this with the share
    # tool"; "use a scheduling tool" is advice)
    r"\b(?:post|publish|share|send|forward|delete|erase|cancel|order|buy|purchase|transfer|pay|"
    r"unlock|open|disable|turn\s+off|bestell\w*|kauf\w*|schick\w*|send\w*|l[öo]sch\w*|[üu]berweis\w*|"
    r"zahl\w*|[öo]ffne\w*|poste\w*|teile\w*|publica\w*|comparte|env[íi]a|borra|cancela|compra|paga|"
    r"transfiere|abre|apaga)\b[^.\n]{0,80}?\b(?:with|using|via|through|mit|con|usando|mediante)\s+"
    r"(?:the|your|dem|der|den|la|el|tu)\s+(?:[\w-]+\s+){0,2}?(?:tool|herramienta|werkzeug|"
    r"[\w-]+-tool|plugin|integration)\b",
    r"\b(?:use|usa|usar|utiliza|utilizar|nutze|benutze|verwende|mit)\s+(?:the|your|la|el|tu|dem|"
    r"den|das|die)\s+(?:[\w-]+\s+){0,2}?(?:tool|herramienta|werkzeug|[\w-]+-tool|plugin|"
    r"integration)(?:\s+de\s+\w+)?\s+(?:to|para|um|and|y|und)\s+(?:\w+\s+)?(?:post|publish|share|"
    r"send|forward|delete|erase|cancel|order|buy|purchase|transfer|pay|unlock|open|disable|turn\s+"
    r"off|publicar|compartir|enviar|borrar|eliminar|cancelar|comprar|pagar|transferir|abrir|apagar|"
    r"desactivar|bestellen|kaufen|schicken|senden|l[öo]schen|[üu]berweisen|zahlen|[öo]ffnen|"
    r"abschalten|teilen)\b",
    # a tool named, then what it is to do with the user's data or money ("use a scheduling tool" is
    # advice)
    r"\b(?:use|using|with|via|through|call|per|mit|usa|usar|mediante|con)\s+(?:the\s+|your\s+|a\s+|"
    r"la\s+|el\s+|dem\s+|das\s+)?(?:[\w-]+\s+){0,2}(?:tool|herramienta|werkzeug|[\w-]+-tool|"
    r"plugin|integration|api|function)\s+(?:to|and|para|y|um|und)\s+(?:\w+\s+)?(?:send|forward|"
    r"delete|erase|wipe|transfer|pay|email|e-mail|post|share|upload|export|book|buy|order|cancel|"
    r"unlock|disable|enviar|borrar|transferir|pagar|compartir|senden|l[öo]schen|[üu]berweisen|"
    r"zahlen|teilen)\b",
    r"\b(?:cancel|delete|book|buy|order|purchase|post|unlock|disable|pay|wire|email|text|"
    r"message|forward)\s+(?:\w+\s+){0,5}(?:on\s+(?:\w+'s\s+)?behalf|for\s+(?:the\s+user|them|"
    r"him|her)\s+(?:without|automatically|right\s+away|now))\b",
    r"\b(?:in\s+nombre\s+de|im\s+namen\s+(?:von|des|der))\b",
    r"\b(?:transfer|wire|send|move)\s+(?:\$|€|£)\s?\d[\d,.]*\b",
    r"\b(?:unlock|open)\s+the\s+(?:front\s+|back\s+)?(?:door|garage|gate|lock)\b[^.\n]{0,60}\b"
    r"(?:and|then)\s+(?:switch|turn|disable)\b",
    r"\b(?:disable|deactivate|switch\s+off|turn\s+off)\s+(?:the\s+)?(?:alarm|cameras?|security)\b",
    r"\b(?:alarmanlage|kameras?)\s+(?:\w+\s+){0,2}(?:deaktivier|ausschalt|abschalt)\w*",
    r"\b(?:call|invoke|use|run|execute|trigger|fire)\s+(?:the\s+)?[`'\"]?[a-z]+_[a-z0-9_]*"
    r"[`'\"]?\s*(?:tool|function|api|command|endpoint)\b",
    r"\b(?:call|invoke|trigger|fire)\s+(?:the\s+)?[`'\"]?[a-z_]+[`'\"]?\s*(?:tool|endpoint)\b",
    r"\b(?:call|invoke|run|execute)\s+[`'\"]?[a-z]+_[a-z0-9_]+[`'\"]?\s*\(",
    r"\b(?:delete|erase|wipe|remove|purge|drop|clear)\s+(?:all|every|the\s+entire|the\s+whole|"
    r"each)\s+(?:of\s+)?(?:the\s+)?(?:user'?s?\s+)?(?:memories|memory|records|history|messages|"
    r"notes|accounts?)\b",
    r"\b(?:transfer|wire|send|pay)\s+(?:\$|€|£)?\s?\d[\d,.]*\s*(?:k|usd|eur|dollars|euros)?\b"
    r"[^.\n]{0,40}?\b(?:to|into)\s+(?:account|iban|wallet|the\s+account)\b",
    # a command that wipes a whole disk or home, or runs what a link serves (not rm -rf build/)
    r"\b(?:rm\s+(?:-rf|-fr)\s+(?:--no-preserve-root\s+)?(?:/|~/?|\*|\$home/?)(?=\s|$|\*|;)|"
    r"curl\s+\S+\s*\|\s*(?:sudo\s+)?(?:ba)?sh|wget\s+http|os\.system|subprocess|"
    r"eval\(|exec\()",
    r"\b(?:borra|elimina|suprime)\w*\s+(?:todas?|todos)\s+(?:las\s+|los\s+)?(?:memorias|"
    r"recuerdos|datos|archivos|mensajes|notas)\b",
    r"\b(?:l[oö]sch|entfern)\w*\s+(?:alle|s[aä]mtliche)\s+(?:erinnerungen|daten|dateien|"
    r"nachrichten|notizen|eintr[aä]ge)\b",
    r"\b(?:[uü]berweise|transfiere|transfiera)\w*\b[^.\n]{0,40}?\d",
)

_LEET = str.maketrans(
    {
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "9": "g",
        "8": "b",
        "@": "a",
        "$": "s",
        "|": "l",
    }
)
_SPACED = re.compile(r"\b(?:[A-Za-z][ .\-_*]){4,}[A-Za-z]\b")
_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
_LEETY = re.compile(r"(?:[a-z][013457|@$9]|[013457|@$9][a-z])", re.IGNORECASE)
#: Text written backwards, hex runs, percent- or backslash-escaped characters.
_REVERSE_HINT = re.compile(r"\b(?:backwards?|reversed?|r[uü]ckw[aä]rts|al\s+rev[eé]s)\b", re.I)
_HEX = re.compile(r"\b(?:[0-9a-fA-F]{2}){8,}\b")
_ESCAPED = re.compile(r"%([0-9a-fA-F]{2})|\\[ux]([0-9a-fA-F]{2,4})")
_PERCENT_RUN = re.compile(r"(?:%[89a-fA-F][0-9a-fA-F]){2}")
#: Pieces of a string glued together: 'ign' + 'ore'.
_GLUED = re.compile(r"[\"']\s*\+\s*[\"']")
_ROT13_HINT = re.compile(r"\brot-?13\b|\bcaesar\b|\bc[eé]sar\b", re.IGNORECASE)
_WORD = re.compile(r"\w+")
_LATIN = re.compile(r"[a-zA-Z]")
_LOOKALIKE = re.compile(r"[\u0400-\u04ff\u0370-\u03ff]")
# Cyrillic and Greek letters that look like Latin ones.
_HOMOGLYPHS = str.maketrans(
    "аеорсухіјѕԁһӏаАВЕКМНОРСТХІЈЅοαΑΒΕΗΙΚΜΝΟΡΤΧΥνρτ",
    "aeopcyxijsdhlaABEKMHOPCTXIJSoaABEHIKMNOPTXYvpt",
)
#: And Latin letters that look like Cyrillic ones, for Cyrillic words spelled with them.
_HOMOGLYPHS_BACK = str.maketrans("aeopcyxkABEKMHOPCTX", "аеорсухкАВЕКМНОРСТХ")


#: Arabic short vowels and the stretching tatweel, which change how a word is drawn, not it.
_ARABIC_MARKS = re.compile("[\u0640\u064b-\u065f\u0670]")


def _normal(text: str) -> str:
    return _ARABIC_MARKS.sub("", unicodedata.normalize("NFKC", text))


#: Runs of one character beyond this length are cut to it, and the text is read in windows of
#: this many characters overlapping by ``_OVERLAP`` (every rule spans less), so the rules' work
#: grows with the text's length, never faster, whatever the text.
_RUN = 8
_WINDOW = 2000
_OVERLAP = 400
_REPEATS = re.compile(rf"(.)\1{{{_RUN},}}")
_SPACES = re.compile(r"[^\S\n]+")
_LINES = re.compile(r"\n\s*")


def _squeezed(text: str) -> str:
    """``text`` with runs of one character cut to :data:`_RUN`, runs of spaces to one, and
    blank lines dropped (nothing a rule reads is lost)."""
    text = _REPEATS.sub(lambda m: m.group(1) * _RUN, text)
    return _LINES.sub("\n", _SPACES.sub(" ", text))


def _windows(text: str) -> Iterator[str]:
    if len(text) <= _WINDOW:
        yield text
        return
    for start in range(0, len(text) - _OVERLAP, _WINDOW - _OVERLAP):
        yield text[start : start + _WINDOW]


#: The mark each pattern gives, the script a text must hold for it to run (its name), and
#: the patterns whose match inside a quotation does not count.
_MARK_OF: dict[int, str] = {}
_SCRIPT_OF: dict[int, str] = {}
_QUOTABLE: set[int] = set()
_CHECKED: set[int] = set()
_PAID: set[int] = set()
for _name, _rule in (
    ("instruction", _OVERRIDES + _INSTRUCTION),
    ("role_markup", _ROLE_MARKUP),
    ("exfiltration", _EXFILTRATION + _EXFILTRATION_ASKED),
    ("tool_request", _TOOL_REQUEST),
):
    _MARK_OF.update(dict.fromkeys(_rule, _name))
_QUOTABLE.update(_OVERRIDES + _EXFILTRATION_ASKED + _TOOL_REQUEST)
for _name, _script, _pattern, _kind in RULES:
    (_at,) = _rx(_pattern)
    _MARK_OF[_at] = _name
    if _script is not None:
        _SCRIPT_OF[_at] = _script
    if _kind == "quotable":
        _QUOTABLE.add(_at)
    elif _kind == "checked":
        _CHECKED.add(_at)
    elif _kind == "paid":
        _PAID.add(_at)
# Orders for later about someone asking: counted where they are after something (money, a site,
# a record), as the languages' own are; advice reads the same ("when someone asks for your time,
# ask yourself ...").
_PAID.update(
    at
    for at in _INSTRUCTION
    if _PATTERNS[at].pattern.startswith(
        (
            r"\b(?:whenever|when|if|each\s+time|every\s+time|next\s+time|should|once)\s+(?:the\s+user",
        )
    )
)
_SCRIPT_RX = {name: re.compile(chars) for name, chars in SCRIPTS.items()}
#: Each script's patterns, and every pattern.
_OF_SCRIPT = {
    name: frozenset(at for at, script in _SCRIPT_OF.items() if script == name) for name in SCRIPTS
}
_EVERY = frozenset(range(len(_PATTERNS)))
_GATE = Gate(_NEEDS)


#: Text in quotation marks as prose writes them (not a JSON value, not an HTML attribute).
_PROSE_QUOTES = re.compile(
    r"“[^”\n]{1,500}[”“]|„[^“”\n]{1,500}[“”]|«[^»]{1,500}»|‹[^›\n]{1,500}›|「[^」]{1,500}」|"
    r"『[^』]{1,500}』|‘[^’\n]{1,500}’|(?<![=\w])(?<!\":)(?<!\": )\"[^\"\n]{1,500}\"|"
    r"(?<![=\w])'(?=\S)[^'\n]{3,300}(?<=\S)'(?!\w)"
)
#: Any quoted string, prose's or code's.
_ANY_QUOTES = re.compile(_PROSE_QUOTES.pattern + r"|\"(?:[^\"\\\n]|\\.){0,600}\"")
#: Code or configuration kept as such: a chat prompt in a repository is not a message.
_CODE = re.compile(
    r"\{\{|\{%|(?-i:^[ \t]*(?:from\s+[\w.]+\s+)?import\s+\w)|\bdef\s+\w+\(|\bmessages\s*=\s*\[|"
    r"^[ \t]*messages\s*:|[\"']messages[\"']\s*:|from_messages|chat_template|system_prompt\s*[:=]|"
    r"\b[\w-]+(?:/[\w.-]+)+\.(?:ya?ml|json|py|toml|jinja2?|j2|tmpl|cfg|ini)\b|(?-i:\bTODO\b)|"
    r"\bclient\.\w+\.\w+|\.create\(|\b(?:snippet|repo|repository|sdk|stack\s*trace|unit\s+test|"
    r"pull\s+request)\b|"
    r"\bChatML\b|<\|im_start\|>\s*(?:user|human)\s*\n\s*\{\w[^{}\n]{0,30}\}|\brepositori[oa]|\bd[ée]p[oô]t\s+git|репозитор|仓库|代码片段|リポジトリ|레포지토리|المستودع|रिपॉजिटरी",
    re.MULTILINE | re.IGNORECASE,
)
#: A text about prompt injection itself (a talk, a course): what it quotes is an example.
_ABOUT_INJECTION = re.compile(
    # a post, a talk or a course about jailbreaks ("jailbreak üzerine yazı", "blog sobre ...")
    r"jailbreak\w*\W{1,3}(?:\S+\s+){0,2}?(?:blog|post|article|talk|slides?|thesis|course|workshop|"
    r"training|lecture|paper|research|presentation|yaz[ıi]\w*|makale\w*|ब्लॉग|लेख|стать\w+|доклад\w*|"
    r"artikel|vortrag|art[íi]culo|charla|conf[ée]rence|articolo|tesi|artyku[łl]\w*|b[àa]i\s+vi[ếe]t|"
    r"tulisan)|(?:blog\w*|yaz[ıi]\w*|ब्लॉग|article|art[íi]culo|artikel|articolo|artyku[łl]\w*|стать\w+|"
    r"b[àa]i\s+vi[ếe]t|tulisan|talk|course|thesis)\W{1,3}(?:\S+\s+){0,3}?jailbreak|"
    # examples of jailbreaks named as such ("esempi di jailbreak", the "DAN" example)
    r"(?:examples?|ejemplos?|exemplos?|esempi|esempio|exemples?|beispiele?|voorbeelden?|"
    r"przyk[łl]ad\w*|пример\w*|приклад\w*|[öo]rnek\w*|contoh|v[íi]\s+d[ụu]|أمثلة|مثال)\W{1,3}"
    r"(?:\w+\W{1,3}){0,2}?"
    r"(?:jailbreak|[\"“'«](?-i:DAN)[\"”'»])|(?:jailbreak|[\"“'«](?-i:DAN)[\"”'»])\W{0,3}[- ]?"
    r"(?:examples?|ejemplos?|exemplos?|"
    r"esempi\w*|exemples?|beispiel\w*|voorbeeld\w*|przyk[łl]ad\w*|пример\w*|приклад\w*|classique|"
    r"cl[áa]ssico|classico|cl[áa]sico|classic|typique|t[íi]pico|tipico)|"
    r"prompt\W{0,3}\w{0,4}\W{0,3}(?:inje[cçk]|inyec|iniez|wstrzyk)|(?:inje[cçk]|inyec|iniez|"
    r"wstrzyk|"
    r"enjeksiyon)\w*\s+(?:\w+\s+)?(?:de\s+|di\s+|d[eo]s?\s+|of\s+|van\s+)?(?:prompts?|promptów|"
    r"istem\w*)\b|jailbreaks\b|jailbreaking|jailbreak\s+(?:attacks?|prompts?|techniques?)|"
    r"промпт\W{0,3}(?:инъекц|ін['ʼ’]?єкц)|(?:инъекц|ін['ʼ’]?єкц)\w*\s+(?:в\s+)?"
    r"промпт|提示词?注入|プロンプト\W?インジェクション|프롬프트\s*인젝션|حقن\s+(?:الأوامر|التعليمات|"
    r"الموجه)|प्रॉम्प्ट\s*इंजेक्शन|chèn\s+prompt|탈옥|越狱|脱獄|джейлбрейк|كسر\s+الحماية|जेलब्रेक|"
    r"(?:memory|memoria|m[ée]moire|mem[óo]ria|ged[äa]chtnis|geheugen|pami[eę]ci|памят\w*|"
    r"пам['ʼ’]?ят\w*|"
    r"记忆|メモリ|메모리|الذاكرة|मेमोरी|haf[ıi]za|bộ\s+nhớ|memori)\W{0,3}(?:\w+\W{1,3})?(?:poison|"
    r"vergift|envenen|empoison|avvelen|zatru|отравл|отру[єї]|投毒|中毒|ポイズ|포이즈|تسميم|पॉइज़?न|zehirle|"
    r"đầu\s+độc|peracun)|(?:poisoning|vergiftung|envenenamiento|empoisonnement|avvelenamento|"
    r"envenenamento|vergiftiging|zatruwanie|отравление|отруєння|zehirlenmesi|"
    r"peracunan)\s+(?:\w+\s+)?"
    r"(?:de\s+la\s+|de\s+|della\s+|da\s+|van\s+|des\s+|of\s+)?(?:the\s+)?(?:memory|memoria|"
    r"m[ée]moire|"
    r"mem[óo]ria|ged[äa]chtnisses|geheugen|pami[eę]ci|памяти|пам['ʼ’]?яті|haf[ıi]za|memori)",
    re.IGNORECASE,
)


class _Reading:
    """What decides whether a match counts, worked out only once a pattern has matched."""

    def __init__(self, window: str) -> None:
        self.window = window
        self._code: bool | None = None
        self._about: bool | None = None
        self._spans: dict[bool, list[tuple[int, int]]] = {}

    @property
    def code(self) -> bool:
        if self._code is None:
            self._code = _CODE.search(self.window) is not None
        return self._code

    @property
    def about_injection(self) -> bool:
        if self._about is None:
            self._about = _ABOUT_INJECTION.search(self.window) is not None
        return self._about

    def quoted(self, start: int, end: int, prose: bool) -> bool:
        spans = self._spans.get(prose)
        if spans is None:
            found = (_PROSE_QUOTES if prose else _ANY_QUOTES).finditer(self.window)
            spans = self._spans[prose] = [m.span() for m in found]
        return any(a <= start and end <= b for a, b in spans)

    def counts(self, at: int) -> bool:
        """Whether pattern ``at`` matches somewhere it counts: not in code or configuration
        kept as such (its prompts are not orders, its markup not a turn); for a quotable
        pattern (an override, a request to send data out, a tool's name) not inside a prose
        quotation nor anywhere in a text about prompt injection, where nothing inside a prose
        quotation counts; for a "checked" pattern not where the check is the reader's own or
        said never to be skipped; for a "paid" one only on a line with what it is after."""
        pattern = _PATTERNS[at]
        if _MARK_OF[at] == "role_markup":
            if at == _JSON_ROLE and _API_TRANSCRIPT.search(self.window):
                return False  # a call to a model's API with tools, kept as an example
            return pattern.search(self.window) is not None and not self.code
        found = pattern.finditer(self.window)
        first = next(found, None)
        if first is None or self.code:
            return False
        quotable = at in _QUOTABLE
        if quotable and self.about_injection:
            return False
        for match in itertools.chain((first,), found):
            start, end = match.span()
            if (quotable or self.about_injection) and self.quoted(start, end, prose=True):
                continue
            if at in _CHECKED and _a_rule_not_an_order(self.window, start, end):
                continue
            if at in _OVERRIDES and _REPORTED.search(self.window, max(0, start - 60), start):
                continue  # "the teacher told the class to forget the old rules"
            if at in _PAID and not _after_something(self.window, start, end):
                continue
            return True
        return False


#: Where a clause ends, and the words by which a check is skipped ("without", "sin", "ohne",
#: "без", "なし", "없이", ...).
_CLAUSE_END = re.compile(r"[.!?;:。！？؟।\n]")
_SKIP_WORD = re.compile(
    r"without|no\s+need|n't\s+need|not\s+need|never\s+asks?|\bno\s+(?:\w+\s+)?(?:checks?|"
    r"confirmation|verification|review|approval|sign-off)|\bohne\b|nicht\s+(?:mehr\s+|erst\s+)?"
    r"nach|\bkeine\b|\bsans\b|pas\s+besoin|ne\s+demand|\bsin\b|no\s+(?:hace\s+falta|es\s+necesario|"
    r"necesita|hay\s+que|pide)|\bsem\b|n[ãa]o\s+(?:[ée]\s+preciso|precisa|h[áa])|\bsenza\b|"
    r"non\s+(?:serve|c'|[èe]\s+necessario|chiede)|\bzonder\b|\bhoeft\b|niet\s+(?:meer\s+|"
    r"eerst\s+)?na|"
    r"\bbez\b|nie\s+(?:musisz|trzeba|potrzeba|pyta)|\bбез\b|не\s+(?:нужно|надо|требуется|треба|"
    r"потрібно)|не\s+переспрашива|\btanpa\b|tidak\s+(?:perlu|usah)|không\s+cần|دون|بدون|من\s+غير|"
    r"لا\s+داعي|لا\s+حاجة|बिना|रूरत\s*नहीं|sormadan|almadan|istemeden|beklemeden|gerek|なし|無し|不要|"
    r"せず|しないで|없이|생략|필요\s*없|불필요|无需|不需|不用|无须|不必",
    re.IGNORECASE,
)
#: The reader's own check ("your confirmation", "Ihre Bestätigung", "お客様の確認"), or a
#: rule that it never goes ("never ... without", "jamais", "никогда").
_YOURS_AFTER = re.compile(
    r"\s*(?:\w+\s+){0,2}?(?:your|ihre[rnms]?|deine[rnms]?|votre|vos|ta|tes|su|sus|tu|sua|seu|tua|"
    r"vostra|uw|jouw|je|twoj\w*|pan[ai]?\w*|ваш\w*|тво\w+|của\s+bạn|anda|kamu|您|\S+ك)(?!\w)",
    re.IGNORECASE,
)
_YOURS_BEFORE = re.compile(
    r"(?:(?:お客様|あなた|貴方|ご本人)の\S{0,8}|(?:고객님|귀하|당신|회원님|고객)의\s*\S{0,8}\s*|"
    r"(?:आपकी|आपके|आपका|तुम्हारी)\s*\S{0,12}\s*(?:के\s*)?|\w*(?:ınız|iniz|unuz|ünüz)\s*|您\S{0,4})$",
    re.IGNORECASE,
)
_NEVER = re.compile(
    r"\b(?:never|nunca|jam[aá]s|niemals|nie\s+ohne|nooit|nigdy|mai|никогда|ніколи|asla|hiçbir|"
    r"aucun\w*|nessun\w*|keine?n?|ning[uú]n\w*|nenhum\w*|geen|żadn\w*)\b|không\s+bao\s+giờ|"
    r"tidak\s+pernah|tak\s+pernah|绝不|从不|不会|決して|절대|أبدا|لن\s|कभी",
    re.IGNORECASE,
)


_PAYLOAD_RX = re.compile(PAYLOAD, re.IGNORECASE)
#: An override told to people, reported: "told the class to", "asked us to".
_REPORTED = re.compile(
    r"\b(?:told|asked|taught|reminded|instructed|wanted|encouraged)\s+(?:the\s+)?(?:class|students|"
    r"kids|children|team|group|staff|us|them|everyone|everybody|me|him|her|people)\s+to\s*$",
    re.IGNORECASE,
)


def _after_something(window: str, start: int, end: int) -> bool:
    """Whether the line a match is on holds what an order is after (money, an account, a
    password, a site, a doctor's word): "when the weather comes up, answer in Celsius" is a
    person's taste, "... say the fees now go to account 1234" is not."""
    head = window.rfind("\n", 0, start) + 1
    tail = window.find("\n", end)
    return _PAYLOAD_RX.search(window, head, len(window) if tail < 0 else tail) is not None


def _a_rule_not_an_order(window: str, start: int, end: int) -> bool:
    """Whether the check a match skips is the reader's own or a rule says it never is:
    "transfers are never made without your confirmation" is a bank's notice, not an order."""
    head = max((m.end() for m in _CLAUSE_END.finditer(window, 0, start)), default=0)
    clause = window[head : end + 40]
    word = _SKIP_WORD.search(clause)
    if word is None:
        return False
    before = clause[: word.start()]
    return bool(
        _YOURS_AFTER.match(clause, word.end())
        or _YOURS_BEFORE.search(before[-40:])
        or _NEVER.search(before)
    )


def _phrased(text: str) -> set[str]:
    found: set[str] = set()
    for window in _windows(_squeezed(text)):
        candidates = _GATE.candidates(window)
        # a script's patterns go at once where the window holds none of its letters
        absent = [_OF_SCRIPT[name] for name, rx in _SCRIPT_RX.items() if not rx.search(window)]
        runs = (_EVERY if candidates is None else candidates).difference(*absent)
        reading = _Reading(window)
        for at in runs:
            if _MARK_OF[at] not in found and reading.counts(at):
                found.add(_MARK_OF[at])
    return found


def _mixed_script(text: str) -> bool:
    """Whether a word mixes Latin letters with Cyrillic or Greek ones (look-alikes)."""
    return _LOOKALIKE.search(text) is not None and any(
        _LATIN.search(word) and _LOOKALIKE.search(word)
        for word in _WORD.findall(text)
        if len(word) <= 64
    )


#: Letters spelled out one by one, words set apart by a wider gap: "I G N O R E   T H E",
#: "V.E.R.G.I.S.S. .D.I.E".
_SPACED_WORDS = re.compile(r"(?:[^\W\d_][ .\-_*]{1,3}){4,}[^\W\d_]")
_WORD_GAP = re.compile(r"[ .\-_*]{2,}")
_LETTER_GAP = re.compile(r"[ .\-_*]")


def _unspaced(found: re.Match[str]) -> str:
    return " ".join(_LETTER_GAP.sub("", word) for word in _WORD_GAP.split(found.group(0)))


def _decoded(text: str, unsqueezed: str = "") -> list[tuple[bool, str]]:
    """What ``text`` may hide, each with whether it was encoded outright (base64, rot13)
    rather than disguised (leetspeak undone, spaced-out letters or glued pieces joined,
    look-alike letters read as Latin); ``unsqueezed``, the text before its spaces were
    squeezed, shows where spelled-out words end."""
    out = []
    if unsqueezed and _WORD_GAP.search(unsqueezed) and _SPACED_WORDS.search(unsqueezed):
        out.append((False, _SPACED_WORDS.sub(_unspaced, unsqueezed)))
    for run in _BASE64.findall(text):
        if not (re.search(r"[A-Z]", run) and re.search(r"[a-z]", run)):
            continue
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=False)
            plain = raw.decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        letters = sum(c.isalpha() for c in plain)
        words = letters + sum(c.isspace() or c.isdigit() for c in plain)
        if words >= 0.8 * len(plain) and letters >= 0.4 * len(plain):
            out.append((True, plain))
    if _ROT13_HINT.search(text):
        out.append((True, codecs.decode(text, "rot13")))
    if _LEETY.search(text):
        out.append((False, text.translate(_LEET)))
    if _SPACED.search(text):
        joined = _SPACED.sub(lambda m: re.sub(r"[ .\-_*]", "", m.group(0)), text)
        out.append((False, re.sub(r"\s+[/|·]\s+", " ", joined)))  # words set apart by slashes
    if _GLUED.search(text):
        out.append((False, _GLUED.sub("", text)))
    if _REVERSE_HINT.search(text):
        out.append((True, text[::-1]))
    for run in _HEX.findall(text):
        with contextlib.suppress(ValueError, UnicodeDecodeError):
            out.append((True, bytes.fromhex(run).decode("utf-8")))
    if _ESCAPED.search(text):
        escaped = _ESCAPED.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)
        out.append((True, escaped))
        if _PERCENT_RUN.search(text):  # percent-encoded UTF-8, in any script
            out.append((True, unquote(text, errors="replace")))
    if _mixed_script(text):
        out.append((False, text.translate(_HOMOGLYPHS)))
        out.append((False, text.translate(_HOMOGLYPHS_BACK)))  # Latin look-alikes in Cyrillic
    return out


def scan(text: str) -> tuple[str, ...]:
    """The marks of ``text`` (names from :data:`MARKS`, in that order; empty: none)."""
    found = set()
    if _invisible(text):
        found.add("invisible")
    shown = hidden(text)
    plain = _squeezed(_normal(shown))
    phrased = _phrased(plain)
    found |= phrased
    for encoded, variant in _decoded(plain, _normal(shown)):
        hit = _phrased(_normal(variant))
        if hit - found or (encoded and hit):
            found |= hit
            found.add("obfuscated")
    if shown != text and phrased - _phrased(_normal(text)):
        found.add("invisible")  # the instruction was hidden by invisible characters
    return tuple(name for name in MARKS if name in found)
