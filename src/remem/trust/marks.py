"""Marks: what in a memory's text could steer a model that reads it back.

A memory is evidence about the past; text stored today can still be written to read as an
order when it comes back in a prompt ("memory poisoning"). :func:`scan` looks for that on the
way in, with no model: rules over the text as written and over what it hides (invisible
characters removed, leetspeak, spaced-out letters and look-alike letters undone, base64,
rot13, hex and percent-encoding decoded). Each mark is one of :data:`MARKS`.

Phrasing is covered in eighteen languages — English, Spanish, German, French, Portuguese,
Italian, Dutch, Polish, Russian, Ukrainian, Chinese, Japanese, Korean, Arabic, Hindi, Turkish,
Vietnamese and Indonesian (:mod:`remem.trust.marks_phrases`) — and in the styles an attack takes:
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
second round (the families of :func:`remem.trust.marks_phrases._families`) was written from each
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

from remem.text.literals import Gate, needs
from remem.trust.marks_patterns import (
    EXFILTRATION,
    EXFILTRATION_ASKED,
    INSTRUCTION,
    OVERRIDES,
    ROLE_MARKUP,
    TOOL_REQUEST,
)
from remem.trust.marks_phrases import PAYLOAD, RULES, SCRIPTS

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


# The patterns of :mod:`remem.trust.marks_patterns`, by number, in the order they were written.
_OVERRIDES = _rx(*OVERRIDES)
_INSTRUCTION = _rx(*INSTRUCTION)
_ROLE_MARKUP = _rx(*ROLE_MARKUP)
_EXFILTRATION = _rx(*EXFILTRATION)
_EXFILTRATION_ASKED = _rx(*EXFILTRATION_ASKED)
_TOOL_REQUEST = _rx(*TOOL_REQUEST)

#: The JSON role of a chat message, and what makes a text holding one an API transcript.
(_JSON_ROLE,) = (at for at in _ROLE_MARKUP if _PATTERNS[at].pattern.startswith('\\"role\\"'))
_API_TRANSCRIPT = re.compile(r"\"(?:tool_calls|function_call|tool_call_id)\"\s*:")

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
#: The hints above that need a string, gated as the rules are (by place: 0 rot13, 1 reversed,
#: 2 glued, 3 escaped).
_HINTS = Gate(
    [needs(rx.pattern, rx.flags) for rx in (_ROT13_HINT, _REVERSE_HINT, _GLUED, _ESCAPED)]
)
_EVERY_HINT = frozenset(range(4))
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
#: Spaces to squeeze: a run of two or more, or one that is not a plain space (the rest stay).
_SPACES = re.compile(r"[^\S\n]{2,}|[^\S \n]")
_LINES = re.compile(r"\n\s*")


def _squeezed(text: str) -> str:
    """``text`` with runs of one character cut to :data:`_RUN`, runs of spaces to one, and
    blank lines dropped (nothing a rule reads is lost)."""
    if _REPEATS.search(text):
        text = _REPEATS.sub(lambda m: m.group(1) * _RUN, text)
    if _SPACES.search(text):
        text = _SPACES.sub(" ", text)
    return _LINES.sub("\n", text) if "\n" in text else text


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
#: The patterns that run only where their script's letters are (none of them ASCII).
_SCRIPTED = frozenset().union(*_OF_SCRIPT.values())
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


def _phrased(text: str, *, squeezed: bool = False) -> set[str]:
    """The marks the rules give ``text`` (``squeezed``: it is already :func:`_squeezed`)."""
    found: set[str] = set()
    for window in _windows(text if squeezed else _squeezed(text)):
        candidates = _GATE.candidates(window)
        # a script's patterns go at once where the window holds none of its letters
        if window.isascii():  # none of the scripts' letters
            runs = (_EVERY if candidates is None else candidates) - _SCRIPTED
        else:
            absent = [_OF_SCRIPT[n] for n, rx in _SCRIPT_RX.items() if not rx.search(window)]
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
    hinted = _HINTS.candidates(text)
    hinted = _EVERY_HINT if hinted is None else hinted
    if 0 in hinted and _ROT13_HINT.search(text):
        out.append((True, codecs.decode(text, "rot13")))
    if _LEETY.search(text):
        out.append((False, text.translate(_LEET)))
    if _SPACED.search(text):
        joined = _SPACED.sub(lambda m: re.sub(r"[ .\-_*]", "", m.group(0)), text)
        out.append((False, re.sub(r"\s+[/|·]\s+", " ", joined)))  # words set apart by slashes
    if 2 in hinted and _GLUED.search(text):
        out.append((False, _GLUED.sub("", text)))
    if 1 in hinted and _REVERSE_HINT.search(text):
        out.append((True, text[::-1]))
    for run in _HEX.findall(text):
        with contextlib.suppress(ValueError, UnicodeDecodeError):
            out.append((True, bytes.fromhex(run).decode("utf-8")))
    if 3 in hinted and _ESCAPED.search(text):
        escaped = _ESCAPED.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text)
        out.append((True, escaped))
        if _PERCENT_RUN.search(text):  # percent-encoded UTF-8, in any script
            out.append((True, unquote(text, errors="replace")))
    if _mixed_script(text):
        out.append((False, text.translate(_HOMOGLYPHS)))
        out.append((False, text.translate(_HOMOGLYPHS_BACK)))  # Latin look-alikes in Cyrillic
    return out


@contextlib.contextmanager
def _every_rule() -> Iterator[None]:
    """Inside, a scan runs every rule and every decoder's check on every text: what the gates
    must never change the answer of (the tests and ``benchmarks/marks.py`` compare)."""
    global _GATE, _HINTS
    saved = _GATE, _HINTS
    _GATE, _HINTS = Gate([None] * len(_PATTERNS)), Gate([None] * len(_EVERY_HINT))
    try:
        yield
    finally:
        _GATE, _HINTS = saved


def scan(text: str) -> tuple[str, ...]:
    """The marks of ``text`` (names from :data:`MARKS`, in that order; empty: none)."""
    found = set()
    if _invisible(text):
        found.add("invisible")
    shown = hidden(text)
    plain = _squeezed(_normal(shown))
    phrased = _phrased(plain, squeezed=True)
    found |= phrased
    for encoded, variant in _decoded(plain, _normal(shown)):
        hit = _phrased(_normal(variant))
        if hit - found or (encoded and hit):
            found |= hit
            found.add("obfuscated")
    if shown != text and phrased - _phrased(_normal(text)):
        found.add("invisible")  # the instruction was hidden by invisible characters
    return tuple(name for name in MARKS if name in found)
