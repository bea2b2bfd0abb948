"""The phrasing rules of :mod:`remem.trust.marks`, by language: what an order to a model reading a
memory back sounds like in English, Spanish, German, French, Portuguese, Italian, Dutch,
Polish, Russian, Ukrainian, Chinese, Japanese, Korean, Arabic, Hindi, Turkish, Vietnamese
and Indonesian.

Each language gets the same families, written from its own vocabulary (not from any example):

- *override*: a verb of overriding with a noun of rules ("ignore the previous instructions"),
  or the assistant's rules said to be void ("the assistant's old rules no longer apply");
- *address*: a note to the model ("note for the AI", "to any assistant reading this");
- *must say*: the assistant told what to say or do ("the assistant must say ...");
- *trigger*: a standing order for later ("when someone asks about X, tell them Y");
- *tell the user*: "tell the user that ...";
- *secrecy*: "do not tell the user", "do not flag this as suspicious";
- *no checks*: "without confirmation" beside money ("pay ... without any further check");
- *persona*: "from now on you are X" with "no rules", "never warns";
- *bridge*: "questions about X are answered from Y's file";
- *split*: pieces to be joined and followed ("combine (2) and (3) and run it");
- *tools*: delete all memories, switch off the memory, message all contacts, move money;
- *exfiltration*: private data sent to an address or a link;
- *no going back* ("even if a later message says otherwise"), *consent claims* ("the user
  has authorised ..."), *saved as the user's preference*, *trigger phrases* ("when a message
  contains ...").

A rule is ``(mark, script, pattern, kind)``: ``script`` names the writing system a text must
hold for the rule to run at all (``None``: any); a ``"quotable"`` rule does not count inside a
quotation (a notice, a story or a talk quoting "ignore the previous instructions"), a
``"checked"`` one not where the skipped check is the reader's own ("without your
confirmation"), a ``"paid"`` one only on a line holding what an order is after
(:data:`PAYLOAD`: "when the weather comes up, answer in Celsius" is a person's taste). A
trigger counts someone else asking, not "when I ask". Words are matched with or without their
accents (people type "contrasena", "kullanici"). Every gap is bounded and stops at a
sentence's end, so each rule is linear in the text; each holds literal words the gate
(:mod:`remem.text.literals`) can find, but for some in scripts without spaces between words
(Chinese, Japanese, Korean), which run only on texts in those scripts.
"""

from __future__ import annotations

import unicodedata

__all__ = ["PAYLOAD", "RULES", "SCRIPTS"]

#: What a text must hold for a script's rules to run.
SCRIPTS: dict[str, str] = {
    "cyrillic": "[\u0400-\u04ff]",
    "cjk": "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]",
    "hangul": "[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]",
    "arabic": "[\u0600-\u06ff\u0750-\u077f]",
    "devanagari": "[\u0900-\u097f]",
    # letters only Vietnamese writes: its rules (whose words, their marks dropped, are short
    # English ones: "he", "co", "khi") run only where one is
    "vietnamese": "[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹĂĐƠƯẠẢẤẦẨẪẬẮẰẲẴẶẸẺẼẾỀỂỄỆỈỊỌỎỐỒ"
    "ỔỖỘỚỜỞỠỢỤỦỨỪỬỮỰỲỴỶỸ]",
}

#: Anything but the end of a sentence or a line.
_G = r"(?:[^.!?。！？؟।\n]|\.(?=\w))"  # a dot in "example.com" or "40.000" ends no sentence
#: The same for scripts where a gap may hold a link or an address (its dots).
_GC = r"[^。！？\n]"
#: Where an address or a link starts.
_TO = r"(?:[\w.+-]*\s?@\s?[\w-]|https?://|www\.)"


def _gap(n: int, chars: str = _G) -> str:
    return f"{chars}{{0,{n}}}?"


class _Checked(str):
    """A pattern of something done without the usual check ("pay ... without confirmation"):
    it does not count where the check is the reader's own ("without your confirmation") or
    where a rule says it never happens ("transfers are never made without ..."), as a bank's
    notice puts it."""


class _Paid(str):
    """A pattern that counts only on a line that also holds :data:`PAYLOAD` (an order about
    later answers that is after money, an account, a password, a site, a doctor's word)."""


def _near(a: str, b: str, n: int, chars: str = _G) -> list[str]:
    """``a`` then ``b`` within ``n`` characters of one sentence, and the other way round."""
    return [_Checked(f"{a}{_gap(n, chars)}{b}"), _Checked(f"{b}{_gap(n, chars)}{a}")]


def _exfil(send: str, private: str, n: int = 80, chars: str = _G) -> list[str]:
    """Private data sent to an address or a link, the verb before or after the data."""
    return [
        f"{send}{_gap(n, chars)}{private}[^\\n]{{0,80}}?{_TO}",
        f"{private}{_gap(n, chars)}{send}[^\\n]{{0,40}}?{_TO}",
        f"{private}{_gap(n, chars)}{_TO}[^\\s]{{0,80}}\\s*{_gap(12, chars)}{send}",
    ]


def _lead(words: str, before: str = r"(?:^|[>\[(\"„“«*#:]|[-–—]\s)", after: str = ":") -> str:
    """A line or a part that starts by calling the model ("Asistente de IA: ..."), not a
    configuration line naming one ("modelo: gpt-4o")."""
    return rf"{before}\s*{words}\s*{after}(?![ \t]*[\w.:/-]*[\d_.-][\w.:/-]*[ \t]*$)"


#: Not "my" or "our" before the word for the assistant: a note for one's own (human)
#: assistant is an errand, not an order to a model.
_NOT_MINE = (
    r"(?!(?:mi|mis|mio|mia|mon|ma|mes|meu|minha|meus|minhas|mijn|meine?[nrm]?|m[óo]j\w*|moj\w*|"
    r"nuestr\w*|notre|nos|nostr\w*|noss\w*|onze|unser\w*|nasz\w*|мо[йяеёи]\w*|мі[йї]\w*|моє\w*|"
    r"наш\w*)\s)"
)

#: (mark, script, pattern, kind): kind "quotable" (does not count inside a quotation or in a
#: text about prompt injection), "checked" (see :class:`_Checked`), "paid" (see :class:`_Paid`)
#: or "".
RULES: list[tuple[str, str | None, str, str]] = []


#: Letters people often type without their marks (no accent key, a phone's keyboard, text
#: passed through ASCII), beside the base letter they are then typed as.
_BARE = {"ı": "i", "ł": "l", "đ": "d", "ø": "o", "أ": "ا", "إ": "ا", "آ": "ا"}


def _bare(char: str) -> str:
    if char in _BARE:
        return _BARE[char]
    base = unicodedata.normalize("NFD", char)[0]
    return base if base != char and base.isascii() and base.isalpha() else ""


def _fold(pattern: str) -> str:
    """``pattern`` matching its words typed with or without their marks: ``é`` reads
    ``[ée]``, a class ``[oó]`` stays, ``[çc]``... (never inside an escape)."""
    out: list[str] = []
    in_class = escaped = False
    # The engine's case-insensitive match equates ı with i (and İ, I): written as "i", a word
    # meets both spellings and the gate can key on it (a string with ı it must leave out).
    for char in pattern.replace("ı", "i"):
        bare = "" if escaped else _bare(char)
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[" and not in_class:
            in_class = True
        elif char == "]" and in_class:
            in_class = False
        out.append(char + bare if in_class else f"[{char}{bare}]" if bare else char)
    return "".join(out)


def _add(mark: str, script: str | None, patterns: list[str], quotable: bool = False) -> None:
    fold = script in (None, "arabic")
    for pattern in patterns:
        kind = (
            "quotable"
            if quotable
            else "checked"
            if isinstance(pattern, _Checked)
            else "paid"
            if isinstance(pattern, _Paid)
            else ""
        )
        RULES.append((mark, script, _fold(pattern) if fold else str(pattern), kind))


INS, TOOL, OUT = "instruction", "tool_request", "exfiltration"

# -- English (beside marks.py's own) -------------------------------------------------------------
_EN_AI = (
    r"(?:ai|a\.i\.|assistant|model|llm|chat ?bot|bot|agent|copilot|gpt|helpdesk|"
    r"language model)s?"
)
#: Only a model, not a person: an agent or an assistant is one unless "AI", "virtual" ... says not.
_EN_MODEL = (
    r"(?:ai|a\.i\.|llm|chat ?bot|bot|copilot|gpt|language\s+models?|(?:ai|a\.i\.|virtual|digital|"
    r"e-?mail|mail|inbox|shopping|helpdesk|support|automated)[\s-]+(?:assistant|agent|helper|"
    r"model)s?)"
)
_EN_RULES = (
    r"(?:rules|instructions|guidelines|guardrails|settings|polic(?:y|ies)|prompt|safeguards|"
    r"restrictions|checks|directives)"
)
_EN_VOID = (
    r"(?:no\s+longer\s+(?:apply|applies|valid|needed|relevant|in\s+force|in\s+effect|matter|"
    r"count)|outdated|obsolete|void|invalid|replaced|superseded|(?:a\s+|an?\s+old\s+)?"
    r"(?:setup\s+|test\s+)?drafts?|placeholders?|temporary|provisional|(?:don't|do\s+not|"
    r"doesn't|does\s+not)\s+apply|not\s+needed|scrapped|withdrawn|revoked|lifted|(?:can|may)"
    r"\s+be\s+(?:ignored|dropped|skipped|disregarded)|cancell?ed|expired|deprecated)"
)
_EN_SKIP = (
    r"(?:without\s+(?:any\s+)?(?:further\s+|more\s+|additional\s+|extra\s+|another\s+|a\s+)?"
    r"(?:checks?|checking|confirmation|confirming|verification|verifying|double-checking)|"
    r"no\s+(?:need|reason)\s+to\s+(?:re-?)?(?:confirm|check|verify|ask)|"
    r"(?:doesn't|does\s+not|don't|do\s+not|won't)\s+need\s+to\s+(?:check|confirm|verify|ask)|"
    r"(?:never|don't|do\s+not)\s+asks?\s+(?:for\s+)?(?:confirmation|permission|approval)|"
    r"no\s+(?:further\s+|manager\s+|additional\s+|extra\s+|second\s+)?(?:checks?|confirmation|"
    r"verification|review|approval|sign-off)\s+(?:is\s+|are\s+)?(?:needed|required|necessary))"
)
_EN_MONEY = (
    r"(?:pay|pays|paying|payments?|paid|transfers?|transferring|wire|money|bills?|invoices?|"
    r"credit|purchases?|buy|bank|funds|payee|£|€|\$|share|sharing|give\s+out)"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_EN_AI}(?:'s)?{_gap(40)}\b{_EN_RULES}|{_EN_RULES}{_gap(40)}\b{_EN_AI})\b"
        rf"{_gap(80)}\b{_EN_VOID}",
        *_near(rf"\b{_EN_SKIP}\b", rf"\b{_EN_MONEY}", 80),
        r"\bquestions?\s+(?:about|on|regarding|concerning)\b"
        + _gap(80)
        + r"\b(?:answered|handled|resolved)\s+(?:best\s+)?(?:from|with|using|by\s+(?:looking\s+at|"
        r"checking)|based\s+on|according\s+to)\b"
        + _gap(30)
        + r"\b(?:file|record|chart|profile|account|data|notes|card|history|documents?|form)s?\b",
        r"\b(?:answer|respond\s+to|reply\s+to)\s+(?:any\s+|all\s+)?questions?\s+(?:about|on|"
        r"regarding)"
        + _gap(60)
        + r"\b(?:from|with|using|based\s+on)\s+(?:\w+'s\s+|the\s+|his\s+|her\s+|their\s+)?"
        r"(?:file|record|chart|profile|account|data|notes)",
        # a persona, with what makes it a hijack: no limits, no warnings, or a hunt for secrets
        r"\b(?:from\s+now\s+on|henceforth|going\s+forward|starting\s+(?:now|today)|from\s+today|"
        r"you(?:'re|\s+are)\s+now|you(?:'ll|\s+will)\s+now|you\s+play|you(?:'ll|\s+will)\s+be|"
        r"in\s+this\s+"
        r"(?:story|game|scenario|role-?play)|(?:assistant|ai|bot)\s+is\s+now|(?:party|fun|chill|"
        r"relaxed|"
        r"easy|yes)\s+mode)\b[^\n]{0,250}?(?:\bnever\s+refuses?\b|\b(?:doesn't|does\s+not|won't|"
        r"never)\s+"
        r"(?:bother\s+)?(?:checking|check|verify\w*|confirm\w*)\b|\bwithout\s+checking\b|"
        r"\balways\s+says\s+yes\b|\bno[- ]limits?\b|\bno\s+(?:rules|"
        r"restrictions|filters|disclaimers|warnings|limits)\b|\bwithout\s+(?:any\s+)?(?:rules|"
        r"limits|"
        r"restrictions|filters|disclaimers|warnings)\b|\bnever\s+(?:mentions?|warns?|"
        r"talks?\s+about)\s+"
        r"(?:\w+\s+)?risks?\b|\b(?:never|doesn't|does\s+not|won't)\s+(?:asks?|bother)\s+(?:for\s+|"
        r"with\s+)?"
        r"(?:confirmation|disclaimers|warnings)|\bnot\s+bound\s+by\b|\bverification\s+link\b|"
        r"\bentered\s+(?:their|his|her|your)\s+(?:password|pin|card))",
        r"\beven\s+if\s+(?:a|any|some)?\s*(?:later|future|subsequent|new|newer|another)\s+"
        r"(?:message|instruction|note|request|prompt|memory|entry)",
        r"\beven\s+if\s+(?:someone|anyone|somebody|the\s+user|they|he|she|\w+)\s+later\s+"
        r"(?:says|claims|asks|insists|tells|brings)",
        r"\b(?:the\s+)?user\s+(?:has\s+)?(?:already\s+|permanently\s+|explicitly\s+)?"
        r"(?:granted|authori[sz]ed|consented|agreed|approved)\b",
        r"\b(?:save|store|record|remember|keep|log|mark)\b"
        + _gap(40)
        + r"\bas\s+(?:the\s+)?(?:user'?s|their|his|her)\s+(?:preferred|preference|default|"
        r"favou?rite|usual)",
        r"\b(?:whenever|when|if|once)\s+(?:a|any|the|an|every)\s+(?:message|text|e-?mail|request|"
        r"input|note|chat|sms)\s+(?:\w+\s+)?(?:contains|includes|has|says|mentions|"
        r"with)\b[^\n]{0,250}?"
        r"\b(?:approved|authori[sz]|pay|transfer|wire)",
        r"\b(?:combine|join|concatenate|glue|put\s+together|assemble|paste|merge|stitch)\b"
        + _gap(60)
        + r"\b(?:and\s+(?:then\s+)?(?:run|execute|follow|carry\s+out|act\s+on|obey)|"
        r"(?:into|as)\s+(?:one|a\s+single)\s+(?:instruction|sentence|command|order|message))",
        r"\b(?:put|stick|glue|join|combine|paste|string)\b"
        + _gap(40)
        + r"\btogether\b"
        + _gap(30)
        + r"\b(?:carry\s+(?:it|them)\s+out|run\s+(?:it|them)|execute|follow\s+(?:it|them)|"
        r"act\s+on|obey)\b",
        rf"\bto\s+(?:the|any|all|every|each)\s+(?:[\w-]+\s+){{0,2}}?{_EN_MODEL}\s+(?:that\s+|"
        rf"who\s+)?"
        r"(?:is\s+|are\s+)?(?:reading|summari[sz]ing|managing|handling|processing|checking|"
        r"sorting)\b",
        r"\b(?:read|treat|take|combine|join|put)\b"
        + _gap(60)
        + r"\b(?:as|into)\s+(?:one|a\s+single)\s+(?:instruction|command|order)\b",
        r"\b(?:if|when|whenever|"
        r"once)\b[^.\n]{0,80}?[\"'“‘][^\"'”’\n]{2,40}[\"'”’][^\n]{0,80}?\bmeans?\b"
        + _gap(60)
        + r"\b(?:approved|authori[sz]ed|signed\s+off|ok'?d|green\s+light)\b",
        rf"(?:^|[>\[(*]|\bp\.?s\.?\s*|[.;]\s+)\s*for\s+(?:the\s+|all\s+|any\s+|every\s+)?"
        rf"(?:[\w-]+\s+){{0,2}}?{_EN_AI}\s*:",
        rf"(?:^|[>\[(*]|\bp\.?s\.?\s*|[.;]\s+)\s*to\s+(?:the|all|any|every)\s+"
        rf"(?:[\w-]+\s+){{0,2}}?{_EN_AI}\s*:",
        r"\b(?:first|second|other|last|next)\s+(?:half|part)\s+of\s+the\s+(?:\w+\s+)?"
        r"(?:instruction|command|order)",
        r"\bfirst\s+letters?\s+of\s+(?:each|every)\s+(?:line|word|item)"
        + _gap(40)
        + r"\b(?:execute|follow|do|act|run|obey)",
        r"\b(?:tell|inform|instruct|advise)\s+the\s+user\b",
        r"\binstruct\s+(?:them|him|her)\s+to\b",
        r"\b(?:do\s+not|don't|never)\s+(?:flag|mark|report|treat)\s+(?:it|this|them|that)\s+as\s+"
        r"(?:suspicious|fraud\w*|phishing|spam|a\s+scam)",
        r"\b(?:do\s+not|don't|never)\s+(?:mention|reveal|show|disclose)\s+(?:this|the)\s+"
        r"(?:note|setting|instruction|message|change)\b",
        rf"\b(?:pass|forward|relay|give)\s+(?:this\s+|it\s+)?(?:on\s+)?to\s+(?:the|any|your)\s+"
        rf"(?:\w+\s+)?{_EN_MODEL}\b",
        rf"\b{_EN_MODEL}\s+(?:that\s+|which\s+|who\s+)?(?:is\s+|are\s+)?(?:summari[sz]ing|"
        rf"summari[sz]es?|managing|manages|handling|handles|reading|reads)\s+(?:this|these|the)\b",
        r"\b(?:instructions?|notes?|message|hint|directive|memo|notice)[_-](?:for|to)[_-]"
        r"(?:the[_-])?(?:ai|assistant|model|llm|bot|agent)s?\b",
        r"\b(?:assistant|ai|model|llm|bot|agent)[_-](?:note|instructions?|notice|directive|memo)\b",
    ],
)
_add(
    TOOL,
    None,
    [
        r"\b(?:delete|erase|wipe|remove|purge|clear)\s+(?:all|every|each|the\s+entire|the\s+whole)"
        r"\s+(?:of\s+)?(?:the\s+|my\s+|his\s+|her\s+|their\s+|your\s+|\w+'s\s+)?(?:\w+\s+){0,2}?"
        r"(?:memor(?:y|ies)|conversations|chats|chat\s+history)\b",
        r"\b(?:delete|erase|wipe)\s+everything\s+(?:you\s+)?(?:know|remember|stored|saved|have)\s+"
        r"(?:about|on|of)\b",
        r"\b(?:disable|deactivate|turn\s+off|switch\s+off)\s+(?:the\s+|all\s+|my\s+|their\s+|"
        r"your\s+)?"
        r"(?:memory|memories|memory\s+(?:saving|backups?)|backups?\s+of\s+(?:the\s+|"
        r"my\s+)?memor\w+)\b",
        r"\b(?:message|text|email|e-mail|send\s+(?:a\s+)?(?:message|text|sms|email)\s+to|"
        r"write\s+to)"
        r"\s+(?:all|every(?:one)?|each)\s+(?:of\s+)?(?:my|his|her|their|the\s+user'?s|the)?\s*"
        r"(?:contacts|contact\s+list|address\s+book|phone\s*book)",
        r"\b(?:everyone|all\s+contacts|every\s+contact)\s+in\s+(?:my|the|his|her|their)\s+"
        r"(?:contacts|address\s+book|contact\s+list|phone\s*book)",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:send|forward|email|e-mail|transmit|upload|post|submit|mail)\b",
        r"\b(?:contacts|contact\s+list|card\s+(?:number|details)|pin|cvv|passwords?|health\s+\w+|"
        r"medical\s+\w+|diagnos\w*|memories|ssn|passport\s+number|chat\s+history|conversation|"
        r"(?:saved|stored|user'?s|their|his|her)\s+(?:\w+\s+){0,2}?(?:address(?:es)?|"
        r"phone\s+numbers?|"
        r"notes|calendar|emails|data|details|location|birthdays?))\b",
    ),
    quotable=True,
)

# -- Spanish -------------------------------------------------------------------------------------
_ES_AI = (
    r"(?:asistentes?|ia|inteligencia\s+artificial|modelos?\s+de\s+lenguaje|modelos?|bots?|"
    r"chatbots?|"
    r"agentes?|asistente\s+virtual)"
)
_ES_SAY = (
    r"(?:dec[ií]r\w{0,4}|d[ií]gale\w{0,2}|diga[nls]?|di|dile|d[ií]selo|respond\w{1,4}|"
    r"contest\w{1,4}|"
    r"recomiend\w{1,4}|recomend\w{1,4}|mencion\w{1,4}|indic\w{1,5}|inform\w{1,5}|suger\w{1,4}|"
    r"sugier\w{1,4}|avis\w{1,4}|explic\w{1,4}|aclar\w{1,4}|env[ií]\w{1,4}|mand\w{1,4}|pid\w{1,4}|"
    r"ped\w{1,4}|asegur\w{1,4}|afirm\w{1,4}|remit\w{1,4}|deriv\w{1,4}|redirig\w{1,4})"
)
_ES_SKIP = (
    r"(?:sin\s+(?:\w+\s+){0,2}?(?:confirmaci[oó]n|confirmaciones|confirmar|comprobaci[oó]n|"
    r"comprobaciones|verificaci[oó]n|verificaciones|verificar|comprobar|revisi[oó]n|"
    r"autorizaci[oó]n|control(?:es)?)|no\s+(?:hace\s+falta|es\s+necesario|necesita|"
    r"hay\s+que)\s+(?:volver\s+a\s+)?(?:confirmar|preguntar|comprobar|verificar)|(?:no|nunca)\s+"
    r"(?:pide|solicita|exige)\s+(?:\w+\s+)?confirmaci)"
)
_ES_MONEY = (
    r"(?:pag\w{0,4}|transfer\w{1,6}|bizum|dinero|factur\w{1,3}|cuenta|tarjeta|ingres\w{1,4}|"
    r"cobr\w{1,4}|"
    r"€|euros?|iban|datos|compart\w{1,4}|compr\w{1,5})"
)
_ES_RULES = (
    r"(?:instrucci[oó]n|instrucciones|reglas|normas|indicaciones|directrices|pautas|[oó]rdenes|"
    r"prompt|restricciones|pol[ií]ticas|consignas)"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_ES_AI}{_gap(40)}\b{_ES_RULES}|{_ES_RULES}{_gap(40)}\b{_ES_AI})\b{_gap(80)}"
        r"(?:ya\s+no\s+(?:sirven|valen|aplican|se\s+aplican|son\s+v[aá]lidas|est[aá]n\s+vigentes|"
        r"cuentan)|obsolet\w+|caducad\w+|anulad\w+|sustituid\w+|reemplazad\w+|provisional\w*|"
        r"de\s+prueba|un\s+borrador|sin\s+efecto)",
        r"\b(?:nota|mensaje|aviso|instrucci[oó]n|instrucciones|indicaci[oó]n|recordatorio|"
        r"comentario|observaci[oó]n|atenci[oó]n)\s+(?:\w+\s+){0,3}?(?:para|a|al)\s+(?:el\s+|la\s+|"
        rf"los\s+|las\s+|cualquier\s+|todo\s+|toda\s+)?{_NOT_MINE}(?:\w+\s+)?{_ES_AI}\b",
        _lead(
            r"(?:a\s+)?(?:los\s+|las\s+|la\s+|el\s+)?(?:asistentes?|"
            r"modelos?\s+de\s+ia)(?:\s+de\s+ia)?"
        ),
        rf"\b{_ES_AI}\s+(?:\w+\s+){{0,3}}?que\s+(?:lea|lee|leen|lean|gestiona|gestione|resuma|"
        rf"resume|"
        r"procese|procesa|reciba|recibe|vea)\b",
        rf"\b{_ES_AI}\s+(?:\w+\s+)?(?:debe|deber[aá]|deber[ií]a|tiene\s+que|tendr[aá]\s+que|"
        r"puede|podr[aá])\s+(?:\w+\s+){0,2}?(?:decir|responder|contestar|recomendar|mencionar|"
        r"indicar|"
        r"informar|sugerir|explicar|pedir|pagar|transferir|borrar|ejecutar|compartir|afirmar|"
        r"asegurar)\b",
        r"\b(?:cuando|si|siempre\s+que|cada\s+vez\s+que|la\s+pr[oó]xima\s+vez\s+que|en\s+cuanto)\s+"
        # someone asks ("cuando alguien pregunte"); "te pregunte" may be "I ask you": with a
        # pronoun only "they ask" ("si te preguntan") counts
        r"(?!(?:\w+\s+){0,2}?(?:yo|nosotros)\b)(?:\w+\s+){0,3}?(?:(?:alguien|el\s+usuario|"
        r"la\s+usuaria|cualquiera)\s+(?:\w+\s+){0,2}?(?:pregunt(?:e|a|ara|ase)\b|vuelv[ae]\s+a\s+"
        r"preguntar|consult(?:e|a)\b|mencion(?:e|a)\b|saque\s+el\s+tema|hable\s+de)|(?:te|le|se|les"
        r")"
        r"\s+(?:\w+\s+){0,2}?(?:pregunt(?:en|an|aran|asen)\b|vuelvan\s+a\s+preguntar|"
        r"consult(?:en|an)\b|mencion(?:en|an)\b))" + _gap(100) + rf"\b{_ES_SAY}\b",
        r"\b(?:di|dile|d[ií]gale|diga|dec[ií]rle|indica|ind[ií]ca(?:le|les)|informa|"
        r"inf[oó]rma(?:le|les)|"
        r"recomienda|sugiere|avisa|explica|pide|p[ií]de(?:le|les))\w{0,3}\s+(?:\w+\s+)?"
        r"(?:al|a\s+la|a\s+los)\s+usuari[oa]s?\b",
        r"\bno\s+(?:se\s+lo\s+|le\s+|lo\s+|la\s+)?(?:digas|menciones|muestres|ense[ñn]es|reveles|"
        r"comentes|cuentes|marques|se[ñn]ales|reportes)\b"
        + _gap(40)
        + r"\b(?:sospechos\w+|fraude|estafa|spam|phishing|al\s+usuario|a\s+la\s+usuaria|"
        r"esta\s+nota|este\s+mensaje)",
        *_near(rf"\b{_ES_SKIP}", rf"\b{_ES_MONEY}\b", 80),
        r"\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora|de\s+ahora\s+en\s+adelante|en\s+adelante|"
        r"desde\s+hoy)\b"
        + _gap(40)
        + rf"\b(?:eres|ser[aá]s|te\s+llamas|te\s+llamar[aá]s|{_ES_AI}\s+(?:es|ser[aá]|se\s+llama|"
        r"pasa\s+a\s+(?:ser|llamarse)))\b[^\n]{0,200}?(?:sin\s+(?:reglas|restricciones|l[ií]mites|"
        r"filtros|avisos|advertencias)|no\s+(?:suelta|da|pone|hace|pide)\s+(?:\w+\s+)?(?:avisos|"
        r"advertencias|confirmaci\w+)|nunca\s+(?:menciona|habla\s+de)\s+(?:los\s+)?riesgos|"
        r"no\s+sigue\s+(?:ninguna|las)\s+(?:regla|norma))",
        r"\b(?:preguntas|dudas|consultas)\s+(?:sobre|acerca\s+de|de|respecto\s+a)\b"
        + _gap(80)
        + r"\b(?:se\s+)?(?:responden|contestan|resuelven|responder|contestar|resolver|respondidas|"
        r"contestadas|resueltas)\s+(?:\w+\s+){0,2}?(?:con|desde|a\s+partir\s+de|seg[uú]n|"
        r"consultando)\b"
        + _gap(40)
        + r"\b(?:ficha|historial|expediente|datos|perfil|cuenta|carpeta|informe|registro|tarjeta)",
        r"\b(?:responder|contestar|resolver)\s+(?:cualquier|toda|las|cada)\s+(?:duda|pregunta|"
        r"consulta)s?\s+(?:sobre|de|acerca)"
        + _gap(60)
        + r"\b(?:con|desde|seg[uú]n)\s+(?:la|el|los|las)\s+(?:ficha|historial|datos|expediente|"
        r"perfil|cuenta)",
        r"\b(?:junta|juntar|une|unir|combina|combinar|pega|pegar|concatena|enlaza)\w{0,3}\b"
        + _gap(60)
        + r"\b(?:y\s+(?:ejec[uú]ta|cumple|obedece)\w*|en\s+una\s+(?:sola\s+)?"
        r"(?:frase|instrucci[oó]n|orden))",
        r"\b(?:primera|segunda)\s+mitad\s+de\s+la\s+(?:\w+\s+)?(?:instrucci[oó]n|orden)",
        r"\baunque\s+(?:\w+\s+){0,4}?(?:m[aá]s\s+adelante|despu[eé]s|luego|en\s+el\s+futuro|"
        r"alguien|otro\s+mensaje|un\s+mensaje)\b"
        + _gap(40)
        + r"\b(?:contrario|otra\s+cosa|diga|dijera|pida|afirme|insista)",
        r"\b(?:el\s+usuario|la\s+usuaria)\s+(?:ya\s+)?(?:ha\s+)?(?:\w+\s+)?(?:autorizado|"
        r"consentido|"
        r"aceptado|aprobado|dado\s+(?:su\s+)?(?:permiso|consentimiento|autorizaci[oó]n))",
        r"\b(?:preferencia|m[eé]todo\s+(?:de\s+pago\s+)?preferido|preferid[oa])\s+(?:\w+\s+){0,2}?"
        r"(?:del\s+usuario|de\s+la\s+usuaria)",
        r"\b(?:cuando|si|siempre\s+que|en\s+cuanto)\s+(?:un|el|cualquier)\s+mensaje\s+"
        r"(?:incluy[ae]|conteng[ae]|contiene|dig[ae]|dice|llev[ae]|teng[ae]|tiene|mencion[ae])\b"
        r"[^\n]{0,250}?(?:aprobad\w*|"
        r"visto\s+bueno|autoriz\w*|pag\w+|transfer\w+|ingres\w+)",
    ],
)
_add(
    INS,
    None,
    [
        # the verbs in their Spanish forms only ("ignored the instructions" is English)
        r"\b(?:ignora[dnr]?|ignore|ignoren|ignorando|olvid\w+|descart\w+|omit(?:e|a|an|id|ir|"
        r"iendo)|"
        r"anul\w+|desobedec\w+|salt[aá]te|pasa\s+por\s+alto|haz\s+caso\s+omiso)\b"
        + _gap(40)
        + rf"\b{_ES_RULES}\b",
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:borr|b[oó]rr|elimin|suprim|vac[ií])\w{0,4}\b"
        + _gap(20)
        + r"\b(?:todas?|todos)\s+(?:las\s+|los\s+)?(?:\w+\s+){0,2}?(?:memorias|recuerdos|"
        r"conversaciones)",
        r"\b(?:desactiv|apag|deshabilit)\w{1,4}\b"
        + _gap(30)
        + r"\b(?:la\s+|tu\s+|su\s+)?memoria\b",
        r"\btodos\s+(?:mis\s+|tus\s+|sus\s+|los\s+)?contactos\b",
        r"\b(?:transfiere|transfiera|transferid|env[ií]a|env[ií]e|manda|mande|haz\s+un\s+bizum|"
        r"hazle\s+un\s+bizum)\s+(?:\w+\s+){0,2}?\d[\d.,]*\s?"
        r"(?:€|euros?)",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:env[ií]\w{1,4}|reenv[ií]\w{1,4}|mand\w{1,4}|compart\w{1,4}|sub\w{1,4}|"
        r"transmit\w{1,4})\b",
        r"\b(?:historial|conversaci[oó]n|conversaciones|contactos|contrase[ñn]as?|pin|dni|memorias|"
        r"recuerdos|datos\s+de\s+(?:la\s+|su\s+)?tarjeta|(?:\w+\s+){0,2}?(?:guardad|"
        r"almacenad)[oa]s?|"
        r"(?:direcci[oó]n|direcciones|tel[eé]fonos?|datos|notas)\s+(?:\w+\s+)?(?:del\s+usuario|"
        r"guardad[oa]s))\b",
    ),
    quotable=True,
)

# -- German --------------------------------------------------------------------------------------
_DE_AI = (
    r"(?:\w{0,12}assisten(?:t(?!in)|z)\w{0,6}|ki|k\.i\.|ai|\w{0,8}modell\w{0,2}|\w{0,8}bot\w{0,2}|"
    r"agent\w{0,2}|ki-\w+)"
)
_DE_MODAL = r"(?:soll|sollte|sollen|muss|m[uü]sste|hat\s+zu|darf|kann|wird|hat\s+die\s+aufgabe)"
_DE_DO = (
    r"(?:sag\w{0,3}|antwort\w{0,3}|empf(?:ehl|iehl)\w{0,3}|erw[aä]hn\w{0,3}|nenn\w{0,3}|"
    r"mitteil\w{0,3}|"
    r"[uü]berweis\w{0,3}|herausgeb\w{0,3}|zahl\w{0,3}|bezahl\w{0,3}|ausf[uü]hr\w{0,3}|"
    r"l[oö]sch\w{0,3}|"
    r"verweis\w{0,3}|behaupt\w{0,3}|informier\w{0,3}|weitergeb\w{0,3}|freigeb\w{0,3}|"
    r"teil\w{0,3}\s+mit)"
)
_DE_SAY = (
    r"(?:sag|sage|antworte|empfiehl|erw[aä]hne|nenne|verweise|schreib|schreibe|behaupte|"
    r"teile\s+\w+\s+mit|erkl[aä]re|weise\s+\w+\s+(?:hin|an)|rate|leite|schicke?|"
    r"sollte\s+\w+\s+sagen|"
    r"antworten|sagen)"
)
_DE_SKIP = (
    r"(?:ohne\s+(?:\w+\s+){0,2}?(?:r[uü]ckfrage|nachzufragen|nachfrage|best[aä]tigung|pr[uü]fung|"
    r"kontrolle|zustimmung|freigabe|zu\s+pr[uü]fen|r[uü]ckruf|gegenpr[uü]fung)|"
    r"nicht\s+(?:mehr\s+|erst\s+|nochmal\s+|noch\s+einmal\s+)?nach(?:zu)?fragen|keine\s+"
    r"(?:weitere\s+|erneute\s+)?(?:best[aä]tigung|r[uü]ckfrage|pr[uü]fung|kontrolle)\s+"
    r"(?:n[oö]tig|erforderlich|notwendig)|fragt\s+nie\s+(?:nach\s+)?(?:einer\s+)?best[aä]tigung)"
)
_DE_MONEY = (
    r"(?:zahl\w*|bezahl\w*|[uü]berweis\w*|geld\w*|konto\w*|rechnung\w*|betr[aä]g\w*|euro|€|iban|"
    r"karte\w*|kauf\w*|herausgeb\w*|\w*daten|an\s+jeden|jedem)"
)
_DE_RULES = (
    r"(?:anweisung\w{0,2}|instruktion\w{0,2}|regeln|vorgaben|befehl\w{0,2}|richtlinie\w{0,2}|"
    r"systemprompt|einstellungen|sicherheitsregeln|vorschriften)"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_DE_AI}{_gap(40)}\b{_DE_RULES}|{_DE_RULES}{_gap(40)}\b{_DE_AI})\b{_gap(80)}"
        r"(?:[uü]berholt|ung[uü]ltig|hinf[aä]llig|veraltet|au[sß]er\s+kraft|nicht\s+mehr\s+"
        r"(?:g[uü]ltig|n[oö]tig|relevant)|gelten\s+nicht\s+mehr|gilt\s+nicht\s+mehr|entwurf|"
        r"provisorisch|vorl[aä]ufig|ersetzt|aufgehoben|ignoriert\s+werden)",
        r"\b(?:hinweis|notiz|nachricht|anweisung\w{0,3}|mitteilung|info|anmerkung|bemerkung|"
        r"vermerk|memo|achtung)\s+(?:\w+\s+){0,2}?(?:an|f[uü]r)\s+(?:den|die|das|dem|jede[nrsm]?|"
        rf"alle|unsere[nmr]?|ihre[nmr]?)?\s*{_NOT_MINE}(?:\w+\s+)?{_DE_AI}\b",
        _lead(
            r"(?:an\s+|f[uü]r\s+)?(?:die\s+|den\s+|alle\s+)?(?:\w{0,12}assisten(?:t|z)\w{0,6}|"
            r"ki-\w+)"
        ),
        r"\b(?:dem|der|den)\s+(?:nutzer|nutzerin|benutzer|benutzerin|user|leser|leserin|"
        r"lesern)\w{0,2}\s+"
        r"(?:\w+\s+)?(?:sagen|mitteilen|erkl[aä]ren|empfehlen|raten|schreiben|ausrichten)\b",
        rf"\b{_DE_AI}\s*,?\s+(?:die|der|das|welche\w*)\s+(?:\w+\s+){{0,4}}?(?:liest|lesen|"
        r"zusammenfass\w+|verarbeit\w+|verwalt\w+|betreu\w+)\b",
        rf"\b{_DE_MODAL}\s+(?:der|die|das)\s+{_DE_AI}\b{_gap(80)}\b{_DE_DO}\b",
        rf"\b(?:der|die|das)\s+{_DE_AI}\s+{_DE_MODAL}\b{_gap(80)}\b{_DE_DO}\b",
        r"\b(?:wenn|falls|sobald|sollte)\b"
        + _gap(60)
        + r"\b(?:jemand|einer|nutzer\w*|benutzer\w*|user|man)\b"
        + _gap(60)
        + r"\b(?:fragt|nachfragt|fragen|anfragt|wissen\s+will|erw[aä]hnt|anspricht|zur\s+sprache)\b"
        + _gap(100)
        + rf"\b{_DE_SAY}\b",
        r"\b(?:wenn|falls|sobald)\b"
        + _gap(60)
        + r"\bgefragt\s+wird\b"
        + _gap(40)
        + rf"\b{_DE_SAY}\b",
        r"\b(?:sag|sage|teile|erkl[aä]re|informiere|empfiehl|rate|schreib)\w{0,2}\s+(?:dem|der|"
        r"den)\s+"
        r"(?:nutzer|nutzerin|benutzer|benutzerin|user|leser|leserin|lesern)\w{0,2}\b",
        r"\b(?:nicht|niemals|nie)\s+(?:als\s+)?(?:betrug\w*|verd[aä]chtig\w*|spam|phishing)\s+"
        r"(?:markier|meld|einstuf|kennzeichn)\w*",
        r"\b(?:diesen|den|die)\s+(?:hinweis|notiz|vermerk|anweisung|nachricht)\s+(?:\w+\s+){0,3}?"
        r"(?:nicht|niemals)\s+(?:erw[aä]hn|zeig|nenn|weitergeb)",
        *_near(rf"\b{_DE_SKIP}", rf"\b{_DE_MONEY}\b", 80),
        r"\b(?:ab\s+(?:jetzt|sofort|heute|nun)|von\s+nun\s+an|k[uü]nftig|fortan)\b"
        + _gap(40)
        + rf"\b(?:bist\s+du|du\s+bist|hei[sß]t\s+(?:du|er|sie)|{_DE_AI}\s+(?:ist|hei[sß]t|wird))\b"
        r"[^\n]{0,200}?(?:keine[nr]?\s+(?:regeln|einschr[aä]nkungen|grenzen|filter|warnhinweise|"
        r"disclaimer|risikohinweise|best[aä]tigung\w*)|ohne\s+(?:regeln|einschr[aä]nkungen|grenzen|"
        r"filter|warnhinweise)|an\s+keine\s+regeln|nie(?:mals)?\s+(?:nach\s+)?(?:risiken|zinsen|"
        r"best[aä]tigung))",
        r"\bfragen\s+(?:zu|zur|zum|nach|[uü]ber|bez[uü]glich)\b"
        + _gap(80)
        + r"\b(?:anhand|aus|mit|laut|gem[aä][sß])\b"
        + _gap(30)
        + r"(?:akte|datei|unterlagen|profil|karte|daten|kartei|befund)\w*"
        + _gap(30)
        + r"\bbeantwortet\b",
        r"\bfragen\s+(?:zu|zur|zum|nach|[uü]ber|bez[uü]glich)\b"
        + _gap(80)
        + r"\b(?:beantwort\w*|kl[aä]r\w*)\b"
        + _gap(40)
        + r"\b(?:aus|mit|anhand|nach|laut)\b"
        + _gap(30)
        + r"(?:akte|datei|unterlagen|profil|karte|daten|kartei|befund)\w*",
        r"\b(?:verbinde|kombiniere|f[uü]ge|setze|h[aä]nge|klebe?)\w{0,2}\b"
        + _gap(60)
        + r"\b(?:zusammen|aneinander|hintereinander)\b"
        + _gap(40)
        + r"\b(?:f[uü]hr\w*\s+(?:\w+\s+){0,2}aus|befolg\w*|als\s+(?:eine\s+)?anweisung)",
        r"\b(?:erste|zweite|andere)\s+h[aä]lfte\s+(?:der|des)\s+(?:\w+\s+)?(?:anweisung|befehls|"
        r"auftrags)",
        r"\b(?:auch|selbst)\s+wenn\s+(?:\w+\s+){0,4}?(?:sp[aä]ter|k[uü]nftig|eine\s+(?:neue|"
        r"sp[aä]tere)\s+nachricht)\b"
        + _gap(60)
        + r"\b(?:anderes|gegenteil\w*|widerspricht|behauptet)",
        r"\b(?:der|die)\s+(?:nutzer|nutzerin|benutzer|benutzerin|kontoinhaber\w*)\s+hat\b"
        + _gap(60)
        + r"\b(?:zugestimmt|eingewilligt|erlaubt|genehmigt|autorisiert|freigegeben)\b",
        r"\b(?:vorliebe|pr[aä]ferenz|bevorzugt\w*|lieblings\w*)\s+(?:des|der)\s+(?:nutzer|nutzerin|"
        r"benutzer|benutzerin)",
        r"\bals\s+(?:vertrauensw[uü]rdig|verifiziert|sicher|legitim|echt)\s+(?:speichern|markieren|"
        r"einstufen|ablegen|behandeln)",
        r"\b(?:wenn|falls|sobald)\s+(?:in\s+)?(?:einer|der|eine|die)\s+(?:nachricht|mail|e-mail|"
        r"sms|"
        r"anfrage)\w{0,2}\b"
        + _gap(40)
        + r"\b(?:steht|enth[aä]lt|vorkommt|auftaucht)\b[^\n]{0,250}?(?:freigegeben|genehmigt|"
        r"best[aä]tigt|[uü]berweis\w*|zahl\w*|bezahl\w*)",
    ],
)
_add(
    TOOL,
    None,
    [
        r"\b(?:l[oö]sch|entfern|vernicht|leer)\w{0,3}\b"
        + _gap(40)
        + r"\b(?:alle|s[aä]mtliche|gesamte[nr]?|komplette[nr]?)\b"
        + _gap(30)
        + r"(?:erinnerung|ged[aä]chtnis|chatverlauf|unterhaltung)\w*",
        r"\b(?:alle|s[aä]mtliche)\s+(?:\w+\s+){0,3}?(?:erinnerungen|unterhaltungen)\s+"
        r"(?:\w+\s+){0,3}?(?:l[oö]schen|entfernen)",
        r"\b(?:deaktivier|abschalt|ausschalt)\w*\b"
        + _gap(30)
        + r"\b(?:ged[aä]chtnis|erinnerungsfunktion|speicherfunktion)",
        r"\b(?:ged[aä]chtnis|erinnerungsfunktion)\w*\s+(?:\w+\s+){0,3}?(?:deaktivieren|abschalten|"
        r"ausschalten)",
        r"\b(?:alle[nrn]?|s[aä]mtliche[nr]?|jede[nrm]?)\s+(?:\w+\s+)?kontakt\w*\b"
        + _gap(40)
        + r"\b(?:schick|send|schreib|leit|nachricht)",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:sende|sendet|senden|schick\w*|leite\w*|[uü]bermittel\w*|[uü]bermittl\w*|teile\w*|"
        r"weiterleit\w*|lade\s+\w+\s+hoch|hochlad\w*)\b",
        r"\b(?:\w*verlauf|unterhaltung|gespr[aä]ch\w*|kontakte|kontaktliste|passw[oö]rt\w*|"
        r"kennw[oö]rt\w*|pin|tan|kartendaten|kartennummer|erinnerungen|gesundheit\w*|"
        r"gespeichert\w*\s+\w+|(?:adresse\w*|telefon\w*|daten|notizen)\s+des\s+(?:nutzer|"
        r"benutzer)\w*)\b",
    ),
    quotable=True,
)

# -- French --------------------------------------------------------------------------------------
_FR_AI = (
    r"(?:assistants?|l'assistant|ia|l'ia|intelligence\s+artificielle|mod[eè]les?\s+de\s+langage|"
    r"mod[eè]les?|bots?|"
    r"chatbots?|agents?|assistant\s+virtuel|conseiller\s+virtuel)"
)
_FR_SAY = (
    r"(?:dis|dites|dire|r[ée]ponds|r[ée]pondez|r[ée]pondre|indique\w{0,2}|recommande\w{0,2}|"
    r"mentionne\w{0,2}|pr[ée]cise\w{0,2}|affirme\w{0,2}|explique\w{0,2}|conseille\w{0,2}|"
    r"oriente\w{0,2}|redirige\w{0,2}|envoie\w{0,2}|renvoie\w{0,2}|signale\w{0,2}|demande\w{0,2}|"
    r"informe\w{0,2})"
)
_FR_RULES = (
    r"(?:instructions?|consignes?|r[eè]gles?|directives?|prompt|restrictions?|politiques?|"
    r"param[eè]tres|garde-fous)"
)
_FR_SKIP = (
    r"(?:sans\s+(?:\w+\s+){0,2}?(?:confirmation|v[ée]rification|contr[oô]le|"
    r"autorisation)|pas\s+besoin\s+de\s+(?:re)?(?:confirmer|v[ée]rifier|demander)|ne\s+"
    r"(?:demande|demandez|demander|exige|r[ée]clame)\s+(?:jamais|pas|"
    r"plus)\s+(?:de\s+)?confirmation|"
    r"n'exige\s+(?:jamais|pas|plus)\s+(?:de\s+)?confirmation)"
)
_FR_MONEY = (
    r"(?:pai\w{1,6}|pay\w{1,5}|vire\w{0,4}|transf[eè]r\w{0,5}|argent|factur\w{1,3}|compte|carte|"
    r"€|euros?|iban|rib|moyens?\s+de\s+paiement|partag\w{1,4}|donn[ée]es|achat\w?|ach[eè]t\w{0,4})"
)
_add(
    INS,
    None,
    [
        rf"(?:{_FR_AI}{_gap(40)}\b{_FR_RULES}|{_FR_RULES}{_gap(40)}{_FR_AI})\b{_gap(80)}"
        r"(?:provisoires?|obsol[eè]tes?|caduques?|p[ée]rim[ée]e?s?|annul[ée]e?s|remplac[ée]e?s|"
        r"ne\s+(?:s'appliquent|valent|comptent)\s+plus|plus\s+valables?|brouillon|de\s+test|"
        r"sans\s+effet|peuvent\s+[êe]tre\s+ignor[ée]e?s)",
        r"\b(?:note|message|remarque|avis|consignes?|instructions?|rappel|attention|commentaire|"
        r"indications?|info)\s+(?:\w+\s+){0,2}?(?:pour|[aà]|destin[ée]e?s?\s+[aà])\s+(?:l'|le\s+|"
        rf"la\s+|les\s+|tout\s+|toute\s+|tous\s+les\s+|chaque\s+)?{_NOT_MINE}(?:\w+\s+)?{_FR_AI}",
        rf"\b[àa]\s+l'attention\s+(?:de|du|des)\s+(?:tout\s+|toute\s+|l'|la\s+|le\s+|"
        rf"les\s+)?{_FR_AI}",
        _lead(r"(?:aux\s+|au\s+|les\s+|l')?assistants?(?:\s+ia)?"),
        rf"(?:^|[>\[(\"«“*#:;.]|[-–—]\s)\s*(?:pour|[àa])\s+(?:l'|le\s+|la\s+|les\s+|tout\s+|"
        rf"tous\s+les\s+)?"
        rf"{_FR_AI}(?:\s+[\w']+){{0,5}}\s*:",
        rf"{_FR_AI}\s+(?:[\w']+\s+){{0,2}}?qui\s+(?:lit|lisent|r[ée]sume\w*|g[eè]re\w*|traite\w*|"
        r"re[çc]oi\w*|consulte\w*)\b",
        rf"{_FR_AI}\s+(?:\w+\s+)?(?:doit|devra|devrait|doivent|peut|pourra|"
        rf"a\s+pour\s+consigne\s+de)"
        rf"\s+(?:\w+\s+){{0,3}}?(?:dire|r[ée]pondre|indiquer|recommander|mentionner|pr[ée]ciser|"
        r"signaler|payer|virer|partager|ex[ée]cuter|supprimer|effacer|affirmer|conseiller)\b",
        r"\b(?:quand|lorsqu[e']|si|chaque\s+fois\s+qu[e']|la\s+prochaine\s+fois\s+qu[e'])\s*"
        r"(?!(?:\w+\s+){0,2}?(?:je\b|j'|nous\b))(?:\w+\s+){0,2}?(?:quelqu'un|on|l'utilisat\w+|"
        r"un\s+utilisateur|\w+)\s+(?:te\s+|vous\s+|"
        r"lui\s+|t'|m'|me\s+)?(?:demande|pose|interroge|questionne)\w*"
        + _gap(100)
        + rf"\b{_FR_SAY}\b",
        r"\b(?:dis|dites|dire|indique[rz]?|explique[rz]?|recommande[rz]?|conseille[rz]?|"
        r"pr[ée]cise[rz]?|"
        r"signale[rz]?|informe[rz]?)\s+(?:[aà]\s+)?l'utilisat(?:eur|rice)",
        r"\bne\s+(?:le\s+|la\s+|les\s+|lui\s+)?(?:signale[rz]?|marque[rz]?|mentionne[rz]?|dis|"
        r"dites|"
        r"montre[rz]?|r[ée]v[eè]le[rz]?)\s+(?:pas|jamais)\b"
        + _gap(40)
        + r"(?:suspect\w*|frauduleu\w*|arnaque|spam|phishing|l'utilisat\w+|cette\s+note|"
        r"ce\s+message|cette\s+consigne)",
        *_near(rf"\b{_FR_SKIP}", rf"\b{_FR_MONEY}\b", 80),
        r"\b(?:d[ée]sormais|dor[ée]navant|[àa]\s+partir\s+de\s+maintenant|d[èe]s\s+maintenant|"
        r"[àa]\s+partir\s+d'aujourd'hui)\b"
        + _gap(40)
        + rf"(?:\btu\s+es|\btu\s+t'appelles|\btu\s+seras|\bvous\s+[êe]tes|{_FR_AI}\s+(?:s'appelle|"
        r"est|sera|devient))\b[^\n]{0,200}?(?:sans\s+(?:r[eè]gles?|restrictions?|limites?|filtres?|"
        r"chichis|avertissements?)|(?:ne\s+)?(?:fait|donne|demande)\s+jamais\s+(?:d'|de\s+)?"
        r"(?:avertissement|confirmation|mise\s+en\s+garde)|aucune?\s+(?:r[eè]gle|restriction|"
        r"limite|"
        r"avertissement))",
        r"\bquestions?\s+(?:sur|concernant|au\s+sujet\s+d[eu']|[àa]\s+propos\s+d[eu'])"
        + _gap(80)
        + r"\b(?:se\s+r[èe]gle\w*|r[ée]pond\w*|trait\w*|r[ée]sol\w*)\s+(?:\w+\s+){0,2}?(?:avec|"
        r"[àa]\s+partir\s+d[eu']|depuis|d'apr[eè]s|selon|dans)\b"
        + _gap(40)
        + r"\b(?:fiche|dossier|donn[ée]es|profil|carnet|compte|historique)",
        r"\b(?:assemble|combine|colle|r[ée]unis|joins|concat[eè]ne|"
        r"mets?\s+bout\s+[àa]\s+bout)\w{0,2}"
        + _gap(60)
        + r"\b(?:et\s+(?:ex[ée]cute|ob[ée]is)\w*|en\s+une\s+(?:seule\s+)?"
        r"(?:phrase|instruction|consigne))",
        r"\b(?:premi[eè]re|seconde|deuxi[eè]me)\s+moiti[ée]\s+de\s+l'(?:instruction|ordre|"
        r"consigne)",
        r"\bpremi[eè]res?\s+lettres?\s+de\s+chaque\s+(?:ligne|mot)"
        + _gap(40)
        + r"\b(?:ex[ée]cute|applique|fais|suis|ob[ée]is)",
        r"\bm[êe]me\s+si\s+(?:\w+\s+){0,4}?(?:ult[ée]rieur\w*|plus\s+tard|nouveau|quelqu'un|on)\b"
        + _gap(40)
        + r"\b(?:contraire|autre\s+chose|pr[ée]tend|dit|affirme)",
        r"\bl'utilisat(?:eur|rice)\s+a\s+(?:\w+\s+){0,3}?(?:autoris[ée]|accept[ée]|consenti|"
        r"donn[ée]\s+son\s+(?:accord|consentement)|approuv[ée])",
        r"\b(?:pr[ée]f[ée]rence|"
        r"moyen\s+(?:de\s+paiement\s+)?pr[ée]f[ée]r[ée])\w{0,2}\s+(?:\w+\s+){0,2}?"
        r"de\s+l'utilisat(?:eur|rice)",
        r"\b(?:si|quand|lorsqu'|d[èe]s\s+qu')\s*(?:un|le|une)\s+(?:message|mail|e-mail|sms|"
        r"texto)\s+"
        r"(?:contient|comporte|inclut|mentionne|dit)\b[^\n]{0,250}?(?:valid\w*|approuv\w*|"
        r"autoris\w*|pai\w+|pay\w+|vire\w*|transf[eè]r\w*)",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:ignore[rz]?|ignorons|oublie[rz]?|oublions|outrepasse[rz]?|contourne[rz]?|"
        r"n[ée]glige[rz]?)\b" + _gap(40) + rf"\b{_FR_RULES}\b",
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:efface|supprime|vide|d[ée]truis|purge)\w{0,3}\b"
        + _gap(20)
        + r"\b(?:tou(?:s|tes)\s+(?:les\s+|mes\s+|ses\s+|tes\s+)?|"
        r"l'ensemble\s+des\s+)(?:\w+\s+){0,2}?"
        r"(?:m[ée]moires?|souvenirs|conversations)",
        r"\b(?:d[ée]sactive|coupe|[ée]teins)\w{0,2}\b"
        + _gap(30)
        + r"\b(?:la\s+|ta\s+|sa\s+)?m[ée]moire\b",
        r"\b(?:tous\s+(?:les\s+|mes\s+|ses\s+|tes\s+)?contacts|"
        r"liste\s+(?:compl[eè]te\s+)?des\s+contacts)",
        r"\b(?:vire[rz]?|transf[eè]re[rz]?|verse[rz]?)\s+(?:\w+\s+){0,2}?\d[\d\s.,]*\s?(?:€|euros?)"
        + _gap(60)
        + r"\b(?:compte|iban|rib)\b",
        rf"{_FR_AI}[^\n]{{0,200}}?\b(?:vire[rz]?|verse[rz]?|transf[eè]re[rz]?)\s+(?:\w+\s+){{0,2}}?"
        r"\d[\d\s.,]*\s?(?:€|euros?)",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:envoi\w{0,4}|envoy\w{1,4}|transf[eè]r\w{0,4}|transmet\w{0,4}|partag\w{1,4}|"
        r"t[ée]l[ée]vers\w{0,4}|exp[ée]di\w{1,4})\b",
        r"\b(?:historiques?|conversations?|contacts|liste\s+(?:\w+\s+)?des\s+contacts|"
        r"mots?\s+de\s+passe|"
        r"code\s+(?:pin|secret|sms|de\s+v[ée]rification)|num[ée]ro\s+de\s+carte|souvenirs|"
        r"m[ée]moires?|"
        r"(?:\w+\s+)?(?:enregistr[ée]e?s|sauvegard[ée]e?s)|(?:adresses?|t[ée]l[ée]phones?|"
        r"donn[ée]es|notes)"
        r"\s+de\s+l'utilisat\w+)\b",
    ),
    quotable=True,
)

# -- Portuguese ----------------------------------------------------------------------------------
_PT_AI = (
    r"(?:assistentes?|ia|intelig[êe]ncia\s+artificial|modelos?\s+de\s+linguagem|modelos?|bots?|"
    r"chatbots?|agentes?|"
    r"atendentes?\s+virtua(?:l|is))"
)
_PT_SAY = (
    r"(?:diz|diga|digam|dizer|respond\w{1,4}|indic\w{1,4}|recomend\w{1,4}|mencion\w{1,4}|"
    r"inform\w{1,4}|explic\w{1,4}|suger\w{1,4}|sugir\w{1,4}|mand\w{1,4}|envi\w{1,4}|avis\w{1,4}|"
    r"pe[çc]a|pede|pedir|encaminh\w{1,4})"
)
_PT_RULES = (
    r"(?:instru[çc][ãa]o|instru[çc][õo]es|regras|normas|indica[çc][õo]es|diretrizes|"
    r"orienta[çc][õo]es|"
    r"ordens|prompt|restri[çc][õo]es|pol[ií]ticas)"
)
_PT_SKIP = (
    r"(?:sem\s+(?:\w+\s+){0,2}?(?:confirma[çc][ãa]o|confirmar|verifica[çc](?:[ãa]o|[õo]es)|"
    r"verificar|"
    r"revis[ãa]o|autoriza[çc][ãa]o|controlo|controle)|n[ãa]o\s+(?:[ée]\s+preciso|"
    r"precisa|h[áa]\s+necessidade\s+de)\s+(?:de\s+)?(?:confirmar|verificar|perguntar)|(?:n[ãa]o|"
    r"nunca)\s+"
    r"pede\s+(?:\w+\s+)?confirma)"
)
_PT_MONEY = (
    r"(?:pag\w{1,6}|transfer\w{1,6}|dinheiro|fatura|conta|cart[ãa]o|mb\s+way|pix|cr[ée]dito|€|"
    r"r\$|sinal|dep[óo]sito|partilh\w{1,4}|compartilh\w{1,4}|c[óo]digos|compr\w{1,5})"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_PT_AI}{_gap(40)}\b{_PT_RULES}|{_PT_RULES}{_gap(40)}\b{_PT_AI})\b{_gap(80)}"
        r"(?:j[áa]\s+n[ãa]o\s+(?:valem|servem|se\s+aplicam|contam)|n[ãa]o\s+(?:valem|"
        r"servem)\s+mais|"
        r"obsolet\w+|caducad\w+|anulad\w+|substitu[ií]d\w+|provis[óo]ri\w+|de\s+teste|rascunho|"
        r"sem\s+efeito)",
        r"\b(?:nota|mensagem|aviso|observa[çc][ãa]o|instru[çc][ãa]o|instru[çc][õo]es|recado|"
        r"lembrete|"
        r"coment[áa]rio|aten[çc][ãa]o)\s+(?:\w+\s+){0,3}?(?:para|a|ao|[àa])\s+(?:o\s+|a\s+|os\s+|"
        r"as\s+|"
        rf"qualquer\s+|todo\s+|todos\s+os\s+)?{_NOT_MINE}(?:\w+\s+)?{_PT_AI}\b",
        _lead(r"(?:aos?\s+|[àa]s?\s+|os\s+|as\s+)?assistentes?(?:\s+(?:de\s+ia|virtua(?:l|is)))?"),
        rf"\b{_PT_AI}\s+(?:\w+\s+)?que\s+(?:l[eê]|leem|l[êe]em|resume|resumem|gere|processa|"
        rf"recebe)\b",
        rf"\b{_PT_AI}\s+(?:\w+\s+)?(?:deve|dever[áa]|deveria|tem\s+de|tem\s+que|pode|precisa)\s+"
        r"(?:\w+\s+){0,2}?(?:dizer|responder|indicar|recomendar|mencionar|informar|explicar|"
        r"sugerir|"
        r"pedir|pagar|transferir|partilhar|compartilhar|executar|apagar|afirmar)\b",
        r"\b(?:quando|se|sempre\s+que|da\s+pr[óo]xima\s+vez\s+que|na\s+pr[óo]xima\s+vez\s+que|"
        r"cada\s+vez\s+que)\s+(?!(?:\w+\s+){0,2}?(?:eu|n[óo]s)\b)(?:\w+\s+){0,2}?(?:algu[ée]m|"
        r"o\s+utilizador|o\s+usu[áa]rio|"
        r"a\s+utilizadora|a\s+usu[áa]ria|\w+)\s+(?:te\s+|lhe\s+|me\s+)?(?:pergunt\w+|"
        r"mencion\w+|toc\w+\s+no\s+assunto|quiser\s+saber)" + _gap(100) + rf"\b{_PT_SAY}\b",
        r"\bquando\s+(?:perguntarem|questionarem|falarem)\b" + _gap(60) + rf"\b{_PT_SAY}\b",
        r"\b(?:diz|diga|digam|dizer|indica|indique|informa|informe|recomenda|recomende|explica|"
        r"explique|avisa|avise|pe[çc]a|pede)\w{0,2}\s+(?:ao|[àa]|aos)\s+(?:utilizador|usu[áa]rio|"
        r"utilizadora|usu[áa]ria)\w{0,2}\b",
        r"\bn[ãa]o\s+(?:\w+\s+)?(?:mencion|mostr|revel|cont|diga|digas|fale|marqu|sinaliz)\w*"
        + _gap(40)
        + r"\b(?:suspeit\w*|fraude|golpe|spam|phishing|ao\s+utilizador|ao\s+usu[áa]rio|esta\s+nota|"
        r"esta\s+mensagem)",
        *_near(rf"\b{_PT_SKIP}", rf"\b{_PT_MONEY}\b", 80),
        r"\b(?:a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante|daqui\s+(?:para|pra)\s+a\s+frente|"
        r"doravante|passa\s+a\s+ser|passa\s+a\s+chamar-se|desde\s+hoje)\b[^\n]{0,200}?"
        r"(?:sem\s+(?:regras|restri[çc][õo]es|limites|filtros|avisos)|"
        r"nunca\s+(?:sai[rn]?\s+d[ao]\s+"
        r"personagem|menciona|fala\s+d[eo]s?\s+riscos?)|n[ãa]o\s+(?:d[áa]|faz|pede)\s+(?:\w+\s+)?"
        r"(?:avisos|confirma\w+)|a\s+qualquer\s+pessoa|sem\s+nunca\s+sair\s+da\s+personagem)",
        r"\bperguntas\s+(?:sobre|acerca\s+d[eoa]s?|relativas\s+a|d[eoa]s?)\b"
        + _gap(80)
        + r"\b(?:respondid\w+|respond\w+|tratad\w+|resolvid\w+)\s+(?:\w+\s+){0,2}?(?:com|"
        r"a\s+partir\s+"
        r"d[aeo]|pel[ao]|segundo|conforme|na|no)\b"
        + _gap(40)
        + r"\b(?:ficha|processo|hist[óo]rico|dados|perfil|registo|registro|cart[ãa]o|conta)",
        r"\b(?:junta|juntar|une|unir|combina|combinar|cola|colar|concatena)\w{0,2}"
        + _gap(60)
        + r"\b(?:e\s+(?:executa|cumpre|obedece)\w*|numa\s+(?:s[óo]\s+)?"
        r"(?:frase|instru[çc][ãa]o))",
        r"\b(?:primeira|segunda)\s+metade\s+da\s+(?:\w+\s+)?(?:instru[çc][ãa]o|ordem)",
        r"\bmesmo\s+que\s+(?:\w+\s+){0,4}?(?:mais\s+tarde|depois|futur\w+|algu[ée]m|"
        r"uma\s+mensagem)\b" + _gap(40) + r"\b(?:contr[áa]rio|outra\s+coisa|diga|afirme)",
        r"\bo\s+(?:utilizador|usu[áa]rio)\s+(?:j[áa]\s+)?(?:\w+\s+)?(?:autorizou|consentiu|aceitou|"
        r"aprovou|deu\s+(?:o\s+)?(?:seu\s+)?(?:consentimento|autoriza[çc][ãa]o|permiss[ãa]o))",
        r"\b(?:m[ée]todo|forma|meio)\s+(?:de\s+pagamento\s+)?preferid\w+\s+d[oa]\s+(?:utilizador|"
        r"usu[áa]rio)|\bprefer[êe]ncia\s+d[oa]\s+(?:utilizador|usu[áa]rio)",
        r"\b(?:quando|se|sempre\s+que)\s+(?:uma|a|qualquer)\s+mensagem\s+(?:disser|diz|contiver|"
        r"cont[ée]m|tiver|tem|incluir|inclui|mencionar|menciona|trouxer|traz)\b[^\n]{0,250}?(?:apro"
        r"v\w+|autoriz\w+|pag\w+|transfer\w+)",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:ignor(?:a|e|em|ar|ando)|esque[çc]a|esque[çc]am|esquece|esquecer|desconsider\w+|"
        r"descart\w+|anul\w+)\b" + _gap(40) + rf"\b{_PT_RULES}\b"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:apag|elimin|exclu|limp|remov|delet)\w{0,3}\b"
        + _gap(20)
        + r"\b(?:todas?|todos)\s+(?:as\s+|os\s+)?(?:\w+\s+){0,2}?(?:mem[óo]rias|lembran[çc]as|"
        r"conversas)",
        r"\b(?:desativ|deslig)\w{1,3}\b" + _gap(30) + r"\b(?:a\s+)?mem[óo]ria\b",
        r"\btodos\s+os\s+(?:meus\s+|seus\s+|teus\s+)?contac?tos\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:envi\w{1,4}|mand\w{1,4}|encaminh\w{1,4}|partilh\w{1,4}|compartilh\w{1,4}|"
        r"transmit\w{1,4}|carreg\w{1,4})\b",
        r"\b(?:hist[óo]rico|conversas?|contac?tos|senhas?|palavra-passe|"
        r"n[úu]mero\s+do\s+cart[ãa]o|pin|"
        r"nif|cpf|mem[óo]rias|(?:\w+\s+)?(?:guardad|salv)[oa]s|(?:morada|endere[çc]o|telem[óo]vel|"
        r"telefone|dados|notas)\s+d[oa]\s+(?:utilizador|usu[áa]rio))\b",
    ),
    quotable=True,
)

# -- Italian -------------------------------------------------------------------------------------
_IT_AI = (
    r"(?:assistent[ei]|ia|intelligenza\s+artificiale|modell[oi]\s+linguistic[oi]|modell[oi]|bot|"
    r"chatbot|agent[ei]|"
    r"assistente\s+virtuale)"
)
_IT_SAY = (
    r"(?:d[ìi]|dire|dica|dite|rispond\w{1,4}|indic\w{1,4}|consigli\w{1,4}|raccomand\w{1,4}|"
    r"menzion\w{1,4}|inform\w{1,4}|spieg\w{1,4}|sugger\w{1,4}|mand\w{1,4}|invi\w{1,4}|scriv\w{1,4}|"
    r"avvis\w{1,4}|chied\w{1,4})"
)
_IT_RULES = (
    r"(?:istruzion[ei]|regole|norme|indicazioni|direttive|linee\s+guida|ordini|prompt|"
    r"restrizioni|politiche|consegne)"
)
_IT_SKIP = (
    r"(?:senza\s+(?:\w+\s+){0,2}?(?:conferm\w{1,3}|verific\w{1,4}|controll\w{1,3}|chiedere\s+"
    r"(?:\w+\s+)?conferm\w*|"
    r"autorizzazion\w|revision\w)|non\s+(?:serve|c'[èe]\s+bisogno\s+di|[èe]\s+necessario)\s+"
    r"(?:\w+\s+){0,2}?(?:confermare|conferma|verificare|chiedere)|"
    r"non\s+chiede\s+(?:mai\s+)?conferm)"
)
_IT_MONEY = (
    r"(?:pag\w{1,6}|bonific\w{1,3}|soldi|denaro|fattur\w{1,3}|conto|carta|iban|€|euro|spes\w{1,3}|"
    r"trasferi\w{1,6}|condivid\w{1,4}|acquist\w{1,4}|compr\w{1,4})"
)
_add(
    INS,
    None,
    [
        rf"(?:{_IT_AI}{_gap(40)}\b{_IT_RULES}|{_IT_RULES}{_gap(40)}{_IT_AI})\b{_gap(80)}"
        r"(?:non\s+valgono\s+pi[ùu]|non\s+sono\s+pi[ùu]\s+valid\w|non\s+servono\s+pi[ùu]|"
        r"superat\w|obsolet\w|annullat\w|sostituit\w|provvisori\w|di\s+prova|una\s+bozza|"
        r"senza\s+effetto|decadut\w)",
        r"\b(?:nota|messaggio|avviso|avvertenza|istruzion[ei]|promemoria|commento|osservazione|"
        r"attenzione|indicazion[ei])\s+(?:\w+\s+){0,3}?(?:per|a|al|all'|alla|agli)\s*(?:l'|il\s+|"
        rf"lo\s+|la\s+|gli\s+|qualsiasi\s+|ogni\s+|"
        rf"tutti\s+gli\s+)?{_NOT_MINE}(?:\w+\s+)?{_IT_AI}\b",
        _lead(r"(?:agli\s+|all'|gli\s+|l')?assistent[ei](?:\s+(?:ia|virtual[ei]))?"),
        rf"\b{_IT_AI}\s+(?:\w+\s+)?che\s+(?:legge|leggono|riassume|riassumono|gestisce|elabora|"
        r"riceve)\b",
        rf"\b{_IT_AI}\s+(?:\w+\s+)?(?:deve|dovr[àa]|dovrebbe|pu[òo]|potr[àa])\s+"
        r"(?:\w+\s+){0,2}?(?:dire|rispondere|indicare|consigliare|raccomandare|menzionare|"
        r"informare|"
        r"spiegare|suggerire|chiedere|pagare|trasferire|condividere|eseguire|cancellare|"
        r"affermare)\b",
        r"\b(?:quando|se|ogni\s+volta\s+che|la\s+prossima\s+volta\s+che|qualora)\s+(?:\w+\s+){0,2}?"
        r"(?:qualcuno|l'utente|un\s+utente|\w+)\s+(?:ti\s+|gli\s+|le\s+|mi\s+)?(?:chied(?:e|ono|"
        r"er[àa]|"
        r"eranno|esse)|domand(?:a|ano|er[àa]|eranno|asse))\b" + _gap(100) + rf"\b{_IT_SAY}\b",
        r"\b(?:d[ìi]|dire|dica|dite|indica|indicare|informa|informare|consiglia|spiega|suggerisci|"
        r"avvisa|chiedi|chiedere|domanda)\w{0,2}\s+(?:all'utente|agli\s+utenti)",
        r"\bnon\s+(?:\w+\s+)?(?:segnal|menzion|mostr|rivel|dir|marc|dic)\w*"
        + _gap(40)
        + r"\b(?:sospett\w*|frode|truffa|spam|phishing|all'utente|questa\s+nota|"
        r"questo\s+messaggio)",
        *_near(rf"\b{_IT_SKIP}", rf"\b{_IT_MONEY}\b", 80),
        r"\b(?:d'ora\s+in\s+poi|da\s+ora\s+in\s+poi|da\s+adesso|d'ora\s+innanzi|a\s+partire\s+da\s+"
        r"(?:ora|adesso|oggi))\b"
        + _gap(40)
        + rf"\b(?:sei|ti\s+chiami|sarai|{_IT_AI}\s+(?:si\s+chiama|[èe]|sar[àa]|"
        rf"diventa))\b[^\n]{{0,200}}?"
        r"(?:senza\s+(?:regole|restrizioni|limiti|filtri|avvertenze)|non\s+(?:d[àa]|fa|chiede)\s+"
        r"(?:\w+\s+)?(?:avvertenz\w+|confer\w+)|nessun[ao]?\s+(?:regola|restrizione|limite|"
        r"avvertenza))",
        r"\bdomande\s+(?:sull[aeo']?|sui|sugli|su|riguardo|relative\s+a|circa)\w{0,2}"
        + _gap(80)
        + r"\b(?:risolt\w+|risolv\w+|rispost\w+|rispond\w+|trattat\w+|tratt\w+|gestit\w+|"
        r"gestisc\w+)\s+"
        r"(?:\w+\s+){0,2}?(?:con|da|"
        r"dalla|dal|in\s+base\s+a|secondo|nella|nel)\b"
        + _gap(40)
        + r"\b(?:scheda|cartella|fascicolo|dati|profilo|registro|tessera|conto)",
        r"\b(?:unisci|unire|combina|combinare|incolla|concatena|metti\s+insieme)\w{0,2}"
        + _gap(60)
        + r"\b(?:ed?\s+(?:esegui|obbedisci)\w*|in\s+un(?:a|'unica)?\s+(?:sola\s+)?"
        r"(?:frase|istruzione))",
        r"\b(?:prima|seconda)\s+met[àa]\s+dell'(?:istruzione|ordine)",
        r"\banche\s+se\s+(?:\w+\s+){0,4}?(?:pi[ùu]\s+avanti|in\s+futuro|dopo|qualcuno|"
        r"un\s+messaggio)\b" + _gap(40) + r"\b(?:contrario|altro|dicesse|dovesse\s+dire|afferm\w+)",
        r"\bl'utente\s+(?:ha\s+)?(?:\w+\s+)?(?:autorizzato|acconsentito|accettato|approvato|"
        r"dato\s+(?:il\s+)?(?:suo\s+)?(?:consenso|permesso))",
        r"\b(?:preferenz\w+|metodo\s+(?:di\s+pagamento\s+)?preferit\w+)\s+(?:\w+\s+)?dell'utente",
        r"\b(?:se|quando|ogni\s+volta\s+che)\s+(?:un|il|qualsiasi)\s+messaggio\s+(?:contiene|"
        r"include|"
        r"dice|riporta|ha)\b[^\n]{0,250}?(?:approv\w+|autorizz\w+|pag\w+|bonific\w+|trasferi\w+)",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:ignora|ignorate|ignorare|ignori|dimentic\w+|trascur\w+|scavalc\w+|annull\w+)\b"
        + _gap(40)
        + rf"\b{_IT_RULES}\b"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:cancell|elimin|svuot|rimuov|azzer)\w{0,3}\b"
        + _gap(20)
        + r"\btutt[ei]\s+(?:le\s+|i\s+|gli\s+)?(?:\w+\s+){0,2}?(?:memorie|ricordi|conversazioni)",
        r"\b(?:disattiv|spegn|disabilit)\w{1,3}\b" + _gap(30) + r"\b(?:la\s+)?memoria\b",
        r"\btutti\s+i\s+(?:miei\s+|suoi\s+|tuoi\s+)?contatti\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:invi\w{1,4}|mand\w{1,4}|inoltr\w{1,4}|condivid\w{1,4}|trasmett\w{1,4}|caric\w{1,4}|"
        r"spedi\w{1,4})\b",
        r"\b(?:cronologia|conversazion[ei]|contatti|password|pin|codice\s+(?:fiscale|otp)|"
        r"numero\s+della\s+carta|memorie|ricordi|(?:\w+\s+)?salvat[ie]|(?:indirizz[oi]|telefono|"
        r"dati|"
        r"note)\s+dell'utente)\b",
    ),
    quotable=True,
)

# -- Dutch ---------------------------------------------------------------------------------------
_NL_AI = (
    r"(?:\w{0,10}assistent(?:en)?|ai|a\.i\.|\w{0,6}model(?:len)?|\w{0,6}bot(?:s)?|chatbot\w{0,2}|"
    r"agent(?:en)?|ai-[\w-]+)"
)
_NL_SAY = (
    r"(?:zeg|zeggen|antwoord|antwoorden|vertel|vertellen|meld|melden|raad|aanraden|noem|noemen|"
    r"verwijs|verwijzen|stuur|sturen|adviseer|adviseren|laat\s+weten)"
)
_NL_RULES = (
    r"(?:instructies?|regels|richtlijnen|voorschriften|opdrachten|prompt|beperkingen|"
    r"beleid|afspraken)"
)
_NL_SKIP = (
    r"(?:zonder\s+(?:\w+\s+){0,3}?(?:bevestiging|controle|te\s+(?:checken|controleren|"
    r"bevestigen|overleggen)|verificatie|toestemming|goedkeuring|navraag)|hoeft\s+(?:niet|geen)\s+"
    r"(?:\w+\s+){0,2}?(?:te\s+)?(?:bevestig|check|controle|vragen)\w*|niet\s+(?:meer\s+|eerst\s+)?"
    r"(?:na\s*te\s*vragen|te\s+checken)|vraagt\s+nooit\s+(?:om\s+)?(?:een\s+)?bevestiging)"
)
_NL_MONEY = (
    r"(?:betal\w*|overmak\w*|overboek\w*|geld|rekening\w*|factu\w*|iban|€|euro|tikkie|tegoed|"
    r"deel|delen|koop\w*|kopen)"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_NL_AI}{_gap(40)}\b{_NL_RULES}|{_NL_RULES}{_gap(40)}\b{_NL_AI})\b{_gap(80)}"
        r"(?:proefversie|verouderd|achterhaald|vervallen|ongeldig|niet\s+meer\s+(?:geldig|nodig|"
        r"van\s+"
        r"toepassing)|gelden\s+niet\s+meer|vervangen|tijdelijk|concept|een\s+test|ingetrokken)",
        r"\b(?:notitie|bericht|opmerking|aantekening|instructies?|mededeling|let\s+op|tip|memo|"
        r"noot)"
        r"\s+(?:\w+\s+){0,3}?[(\[]?(?:voor|aan)\s+(?:de\s+|het\s+|elke\s+|iedere\s+|alle\s+)?"
        rf"{_NOT_MINE}(?:\w+\s+)?{_NL_AI}\b",
        rf"(?:^|[>\[(\"„“«*#:]|[-–—]\s)\s*(?:voor|aan)\s+(?:de\s+|het\s+|alle\s+|"
        rf"elke\s+)?{_NOT_MINE}(?:\w+\s+)?"
        rf"{_NL_AI}\b",
        _lead(r"(?:de\s+|alle\s+)?(?:\w{0,10}assistent(?:en)?|ai-[\w-]+)"),
        rf"\b{_NL_AI}\s+die\s+(?:\w+\s+){{0,3}}?(?:leest|samenvat|beheert|verwerkt|ontvangt)\b",
        rf"\b(?:moet|mag|zal|kan|hoort|dient)\s+(?:de|het)\s+{_NL_AI}\b{_gap(80)}\b(?:zeggen|"
        rf"antwoorden|vertellen|melden|aanraden|noemen|adviseren|"
        r"betalen|overmaken|delen|uitvoeren|verwijderen|wissen)\b",
        rf"\b(?:de|het)\s+{_NL_AI}\s+(?:moet|mag|zal|hoort|dient)\b{_gap(80)}\b(?:zeggen|"
        rf"antwoorden|vertellen|melden|aanraden|noemen|adviseren|"
        r"betalen|overmaken|delen|uitvoeren|verwijderen|wissen)\b",
        r"\b(?:als|wanneer|zodra|telkens\s+als|elke\s+keer\s+(?:als|dat)|de\s+volgende\s+keer\s+"
        r"(?:als|dat))\s+(?:\w+\s+){0,3}?(?:iemand|de\s+gebruiker|men)\s+(?:\w+\s+){0,4}?(?:vraagt|"
        r"vragen|begint\s+over|noemt|informeert)\b" + _gap(100) + rf"\b{_NL_SAY}\b",
        r"\b(?:vertel|zeg|meld|adviseer|raad|laat)\w{0,2}\s+(?:\w+\s+)?(?:de|het)\s+gebruikers?\b",
        r"\b(?:tegen|aan)\s+de\s+gebruiker\s+(?:\w+\s+)?(?:zeggen|vertellen|melden)\b",
        r"\b(?:markeer|meld|beschouw)\w{0,2}\s+(?:\w+\s+){0,2}?niet\s+als\s+(?:verdacht|fraude|"
        r"oplichting|spam|phishing)",
        r"\b(?:zeg|vertel|toon|noem|meld)\s+(?:\w+\s+){0,3}?niet\s+(?:tegen|aan)\s+de\s+gebruiker",
        *_near(rf"\b{_NL_SKIP}", rf"\b{_NL_MONEY}\b", 80),
        r"\b(?:vanaf\s+nu|voortaan|vanaf\s+vandaag|van\s+nu\s+af(?:\s+aan)?)\b"
        + _gap(40)
        + rf"\b(?:ben\s+je|je\s+bent|heet\s+(?:je|hij|zij)|(?:de|het)\s+{_NL_AI}\s+(?:is|heet|"
        rf"wordt))\b"
        r"[^\n]{0,200}?(?:zonder\s+(?:regels|beperkingen|grenzen|filters|waarschuwingen|"
        r"disclaimers)|"
        r"geen\s+(?:regels|beperkingen|waarschuwingen|disclaimers)|"
        r"nooit\s+(?:om\s+)?(?:bevestiging|"
        r"waarschuwingen|risico))",
        r"\bvragen\s+(?:over|naar|omtrent)\b"
        + _gap(80)
        + r"\b(?:beantwoord\w*|afgehandeld|opgelost)\s+(?:\w+\s+){0,2}?(?:met|vanuit|uit|"
        r"op\s+basis\s+"
        r"van|volgens|via)\b" + _gap(40) + r"\b(?:dossier|gegevens|profiel|kaart|account|papieren)",
        r"\b(?:plak|voeg|combineer|zet|lijm|koppel)\w{0,2}\b"
        + _gap(60)
        + r"\b(?:achter\s+elkaar|samen|aan\s+elkaar)\b"
        + _gap(40)
        + r"\b(?:voer|uitvoer\w*|toepass\w*|volg|als\s+(?:één|een)\s+(?:instructie|opdracht|zin))",
        r"\b(?:eerste|tweede)\s+helft\s+van\s+de\s+(?:\w+\s+)?(?:instructie|opdracht)",
        r"\book\s+als\s+(?:\w+\s+){0,4}?(?:later|iemand|een\s+(?:nieuw|later)\w*\s+bericht)\b"
        + _gap(40)
        + r"\b(?:anders|tegendeel|beweer\w*|zegt)",
        r"\bde\s+gebruiker\s+heeft\b"
        + _gap(50)
        + r"\b(?:toestemming|akkoord|goedgekeurd|ingestemd|geautoriseerd)",
        r"\bvoorkeur\w*\s+(?:\w+\s+)?van\s+de\s+gebruiker",
        r"\b(?:als|wanneer|zodra)\s+(?:een|het|er\s+in\s+een)\s+(?:bericht|mail|e-mail|sms|"
        r"appje)\s+"
        r"(?:\S+\s+){0,4}?(?:bevat|staat|voorkomt)\b[^\n]{0,250}?(?:goedgekeurd|akkoord|betaal\w*|"
        r"betalen|overmak\w*|overboek\w*)",
    ],
)
_add(
    INS,
    None,
    [
        rf"\b(?:negeer|neger|vergeet|vergeten|omzeil|passeer|"
        rf"schrap)\w{{0,3}}\b{_gap(40)}\b{_NL_RULES}\b"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:verwijder|wis|schoon|leeg)\w{0,2}\b"
        + _gap(25)
        + r"\b(?:alle|al\s+de)\s+(?:\w+\s+){0,2}?(?:herinneringen|gesprekken)",
        r"\balle\s+(?:\w+\s+){0,2}?(?:herinneringen|gesprekken)\b"
        + _gap(40)
        + r"\b(?:te\s+)?(?:wissen|verwijderen|schrappen)",
        r"\bgeheugen\w*\s+(?:\w+\s+){0,4}?(?:uit\s+te\s+zetten|uitzetten|uitschakelen|"
        r"uit\s+te\s+schakelen)",
        r"\balle\s+(?:mijn\s+|zijn\s+|haar\s+)?contacten\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:stuur|verstuur|zend|mail|deel|upload|doorsturen|stuur\s+door)\w{0,2}\b",
        r"\b(?:geschiedenis|gesprek\w{0,3}|contacten|wachtwoord\w{0,2}|pincode|bsn|herinneringen|"
        r"opgeslagen\s+\w+|(?:adres\w{0,3}|telefoonnummer\w{0,2}|gegevens|notities)\s+van\s+de\s+"
        r"gebruiker)\b",
    ),
    quotable=True,
)

# -- Polish --------------------------------------------------------------------------------------
_PL_AI = (
    r"(?:asysten(?:t|c)\w{0,4}|ai|sztuczn\w+\s+inteligencj\w+|model\w{0,3}\s+j[eę]zykow\w+|"
    r"model\w{0,3}|bot\w{0,3}|"
    r"chatbot\w{0,3}|agent\w{0,3}|konsultant\w{0,3})"
)
_PL_SAY = (
    r"(?:powiedz\w{0,4}|odpowiedz\w{0,4}|odpowiad\w{0,4}|m[óo]w\w{0,4}|poinformuj\w{0,4}|"
    r"pole[ćc]\w{0,4}|polec\w{0,4}|podaj\w{0,4}|popro[śs]\w{0,4}|wy[śs]lij\w{0,4}|"
    r"przeka[żz]\w{0,4}|"
    r"zasugeruj\w{0,4}|wska[żz]\w{0,4}|przekieruj\w{0,4})"
)
_PL_RULES = (
    r"(?:instrukcj\w{1,3}|zasad\w{0,3}|regu[łl](?:a|y|ami|om|ach|ę|e)\b|wytyczn\w{1,3}|"
    r"polece[ńn]\w{0,3}|"
    r"prompt\w{0,3}|ogranicze[ńn]\w{0,3}|regulamin\w{0,3})"
)
_PL_SKIP = (
    r"(?:bez\s+(?:\w+\s+){0,2}?(?:potwierdzeni\w+|weryfikacj\w+|sprawdzani\w+|sprawdzeni\w+|"
    r"kontrol\w+|dopytywani\w+|zgody)|nie\s+(?:musisz|trzeba|potrzeba)\s+(?:ju[żz]\s+)?"
    r"(?:\w+\s+)?(?:pyta[ćc]|potwierdza[ćc]|sprawdza[ćc])|"
    r"(?:nigdy\s+)?nie\s+pyta\s+o\s+potwierdzeni\w+)"
)
_PL_MONEY = (
    r"(?:p[łl]a\w{1,6}|przelew\w{0,3}|przela\w{1,4}|pieni[aąę]dz\w{0,4}|rachun\w{1,4}|konto|konta|"
    r"kart\w{1,3}|blik\w{0,3}|z[łl]|bon\w{0,3}|faktur\w{1,3}|udost[eę]pnia\w{0,4}|kup\w{1,5}|"
    r"zakup\w{0,4})"
)
_add(
    INS,
    None,
    [
        rf"\b(?:{_PL_AI}{_gap(40)}\b{_PL_RULES}|{_PL_RULES}{_gap(40)}\b{_PL_AI})\b{_gap(80)}"
        r"(?:nieaktualn\w+|nieważn\w+|niewa[żz]n\w+|przestarza[łl]\w+|"
        r"ju[żz]\s+nie\s+obowi[aą]zuj\w+|"
        r"nie\s+obowi[aą]zuj\w+|uchylon\w+|zast[aą]pion\w+|tymczasow\w+|testow\w+|wersj\w+\s+"
        r"robocz\w+)",
        r"\b(?:uwaga|notatka|wiadomo[śs][ćc]|informacja|instrukcj\w+|polecenie|wskaz[óo]wka|"
        r"komentarz|"
        rf"przypomnienie)\s+(?:\w+\s+){{0,3}}?(?:dla|do)\s+{_NOT_MINE}(?:\w+\s+)?{_PL_AI}\b",
        _lead(r"(?:asysten(?:t|c)\w{0,4}|konsultan\w{1,4})(?:\s+ai)?"),
        rf"\b{_PL_AI}\s+(?:\w+\s+)?(?:ma|musi|powinien|powinna|powinno|mo[żz]e|"
        rf"ma\s+obowi[aą]zek)\s+"
        r"(?:\w+\s+){0,2}?(?:powiedzie[ćc]|odpowiedzie[ćc]|odpowiada[ćc]|m[óo]wi[ćc]|"
        r"poinformowa[ćc]|"
        r"poleci[ćc]|zap[łl]aci[ćc]|przela[ćc]|udost[eę]pni[ćc]|"
        r"wykona[ćc]|usun[aą][ćc]|skasowa[ćc]|wskaza[ćc]|zasugerowa[ćc])",
        r"\b(?:gdy|kiedy|je[śs]li|je[żz]eli|ilekro[ćc]|za\s+ka[żz]dym\s+razem,?\s+gdy|"
        r"nast[eę]pnym\s+razem,?\s+(?:gdy|kiedy))\s+(?!(?:\w+\s+){0,2}?(?:ja|my)\b)(?:\w+\s+){0,2}?"
        r"(?:kto[śs]|u[żz]ytkownik\w*|"
        r"\w+)\s+"
        r"(?:\w+\s+){0,2}?(?:zapyta|pyta|spyta|wspomni|poruszy)(?:j[aą]|\b)"
        + _gap(100)
        + rf"\b{_PL_SAY}",
        r"\b(?:powiedz|przeka[żz]|poinformuj|popro[śs]|zasugeruj|przypomnij|napisz|"
        r"pole[ćc])\w{0,4}\s+"
        r"(?:\w+\s+)?(?:u[żz]ytkownikowi|u[żz]ytkownikom)\b",
        r"\bnie\s+(?:\w+\s+)?(?:m[óo]w|informuj|wspominaj|pokazuj|oznaczaj|zg[łl]aszaj)\w*"
        + _gap(40)
        + r"\b(?:u[żz]ytkownik\w*|podejrzan\w*|oszustw\w*|spam|phishing|tej\s+notatki)",
        *_near(rf"\b{_PL_SKIP}", rf"\b{_PL_MONEY}\b", 80),
        r"\b(?:od\s+teraz|od\s+dzi[śs]|odt[aą]d|od\s+tej\s+chwili|od\s+tego\s+momentu)\b"
        + _gap(40)
        + rf"\b(?:jeste[śs]|b[eę]dziesz|nazywasz\s+si[eę]|{_PL_AI}\s+(?:nazywa\s+si[eę]|jest|"
        r"b[eę]dzie|to))\b[^\n]{0,200}?(?:bez\s+(?:zasad|ogranicze[ńn]|limit[óo]w|filtr[óo]w|"
        r"ostrze[żz]e[ńn])|nie\s+daje\s+ostrze[żz]e[ńn]|nie\s+pyta\s+o\s+potwierdzenie|"
        r"[żz]adnych\s+"
        r"(?:zasad|ogranicze[ńn]|ostrze[żz]e[ńn]))",
        r"\bpytani\w+\s+(?:o|dotycz\w+|na\s+temat)\b"
        + _gap(80)
        + r"\b(?:odpowiad\w+|odpowie\w*)\s+(?:\w+\s+){0,2}?(?:na\s+podstawie|z|ze|wed[łl]ug|"
        r"zgodnie\s+z|korzystaj)"
        + _gap(40)
        + r"\b(?:kart\w+|dan\w+|teczk\w+|profil\w*|kartotek\w+|histori\w+)",
        r"\b(?:po[łl][aą]cz|z[łl][oó][żz]|sklej|zestaw|scal)\w{0,3}"
        + _gap(60)
        + r"\b(?:i\s+wykonaj|w\s+jedn[aą]\s+(?:instrukcj|zdani|polecen))",
        r"\bpierwsz\w+\s+liter\w*\s+(?:ka[żz]d\w+\s+)?(?:linij|lini|wiersz|s[łl]ow)\w*"
        + _gap(40)
        + r"\b(?:wykonaj|zastosuj|zr[óo]b)",
        r"\bnawet\s+je[śs]li\s+(?:\w+\s+){0,4}?(?:p[óo][źz]niej|kto[śs]|nowa\s+wiadomo[śs][ćc])\b"
        + _gap(40)
        + r"\b(?:inaczej|przeciwnie|powie|twierdzi)",
        r"\bu[żz]ytkownik\w*\s+(?:\w+\s+){0,3}?(?:zgodzi[łl]\w*|wyrazi[łl]\w*\s+zgod\w+|"
        r"zatwierdzi[łl]\w*|"
        r"upowa[żz]ni[łl]\w*|autoryzowa[łl]\w*|pozwoli[łl]\w*)",
        r"\b(?:preferowan\w+|ulubion\w+)\s+(?:\w+\s+){0,2}?(?:metod\w+\s+)?(?:p[łl]atno[śs]ci\s+)?"
        r"u[żz]ytkownik\w*",
        r"\b(?:je[śs]li|je[żz]eli|gdy|kiedy)\s+(?:w\s+)?(?:wiadomo[śs]\w+|sms\w*|mail\w*)\s+"
        r"(?:\S+\s+){0,3}?(?:zawiera|pojawi|znajdzie)\w*[^\n]{0,250}?(?:zatwierdz\w*|zgod\w*|"
        r"akcept\w*|przel\w+|p[łl]a[ćc]\w*|zap[łl]a\w+)",
    ],
)
_add(
    INS,
    None,
    [
        rf"\b(?:zignoruj|zignorowa|ignoruj|ignorowa|zapomnij|zapomnie[ćc]|pomi[ńn]|pomija|"
        rf"obej[śs][ćc]|"
        rf"obejd[źz]|lekcewa[żz])\w{{0,6}}\b"
        rf"{_gap(40)}\b{_PL_RULES}"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:usu[ńn]|skasuj|wyma[żz]|wyczy[śs][ćc]|usuwa)\w{0,3}\b"
        + _gap(20)
        + r"\b(?:wszystk\w+|ca[łl]\w+)\s+(?:\w+\s+){0,2}?(?:wspomnie\w+|pami[eę][ćc]|rozm[óo]w\w*)",
        r"\b(?:wy[łl][aą]cz|dezaktywuj)\w{0,3}\b" + _gap(30) + r"\bpami[eę][ćc]\b",
        r"\bwszystki\w+\s+(?:moich\s+|swoich\s+)?kontakt\w+",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:wy[śs]lij|wysy[łl]\w{1,4}|prze[śs]lij|przesy[łl]\w{1,4}|przeka[żz]\w{0,4}|"
        r"udost[eę]pnij\w{0,4}|wy[śs]l\w{0,4})\b",
        r"\b(?:histori\w+\s+rozm[óo]w\w*|rozmow\w+|kontakt\w+|has[łl]\w+|pin|kod\w*\s+(?:blik|sms|"
        r"pin)|"
        r"pesel|wspomnie\w+|zapisan\w+\s+\w+|(?:adres\w*|telefon\w*|dan\w+)\s+u[żz]ytkownik\w*)\b",
    ),
    quotable=True,
)

# -- Russian -------------------------------------------------------------------------------------
_RU_AI = (
    r"\b(?:ассистент\w{0,3}|помощник\w{0,3}|ии|искусственн\w+\s+интеллект\w*|языков\w+\s+модел\w+|"
    r"модел\w{1,3}|бот\w{0,3}|"
    r"чат-?бот\w{0,3}|нейросет\w{1,3}|агент\w{0,3}|\w+-бот\w{0,3}|ии-\w+)"
)
_RU_SAY = (
    r"(?:скажи|сказать|скажите|говори|говорить|ответь|отвечай|ответить|ответ|сообщи|сообщить|"
    r"сообщите|порекомендуй\w{0,2}|посоветуй\w{0,2}|советуй|предложи|направь|отправь|перенаправь|"
    r"нужно\s+сказать|надо\s+сказать|следует\s+сказать|объясни|напиши)"
)
_RU_RULES = (
    r"(?:инструкци\w{1,3}|правил\w{0,3}|указани\w{1,3}|установк\w{1,3}|промпт\w{0,3}|"
    r"ограничени\w{1,3}|директив\w{1,3}|предписани\w{1,3})"
)
_RU_SKIP = (
    r"(?:без\s+(?:\w+\s+)?(?:подтвержден\w+|проверк\w+|согласовани\w+|переспрашивани\w+|"
    r"звонк\w+|уточнени\w+|виз\w|одобрени\w+)|не\s+(?:нужно|надо|"
    r"требуется)\s+(?:\w+\s+)?(?:подтвержд\w+|переспраш\w+|провер\w+|уточня\w+)|"
    r"не\s+переспрашива\w+|"
    r"(?:никогда\s+)?не\s+(?:спрашивает|просит|требует)\s+(?:\w+\s+)?подтвержд\w+)"
)
_RU_MONEY = (
    r"(?:оплат\w*|перевод\w*|перевед\w+|переве\w+|деньг\w*|денег|сч[её]т\w*|карт\w+|руб\w*|₽|"
    r"плат[её]ж\w*|подписыва\w+|займ\w*|кредит\w*|покуп\w+|купи\w*)"
)
_add(
    INS,
    "cyrillic",
    [
        rf"(?:{_RU_AI}{_gap(40)}{_RU_RULES}|{_RU_RULES}{_gap(40)}{_RU_AI})\b{_gap(80)}"
        r"(?:устарел\w*|недействительн\w+|больше\s+не\s+(?:действу|нуж|применя|актуальн)\w*|"
        r"отменен\w*|отменён\w*|заменен\w*|заменён\w*|временн\w+|черновик\w*|тестов\w+|"
        r"можно\s+(?:не\s+учитывать|игнорировать))",
        r"(?:примечани|заметк|сообщени|указани|инструкци|подсказк|внимани|памятк|комментари)\w*\s+"
        rf"(?:\w+\s+){{0,2}}?(?:для|к)\s+{_NOT_MINE}(?:\w+\s+)?{_RU_AI}",
        _lead(_RU_AI, r"(?:^|[>\[(\"«„“*#:]|[-–—]\s|\bдля\s)", r"[:)\]]"),
        rf"{_RU_AI}\s*,?\s+(?:которы\w+|что)\s+(?:\w+\s+){{0,2}}?(?:чита\w+|пересказыва\w+|"
        r"обрабатыва\w+|получа\w+|резюмиру\w+)",
        rf"{_RU_AI}\s+(?:\w+\s+)?(?:должен|должна|должно|обязан\w*|следует|нужно|может|будет)\s+"
        r"(?:\w+\s+){0,2}?(?:сказать|говорить|ответить|отвечать|сообщить|сообщать|рекомендовать|"
        r"порекомендовать|посоветовать|советовать|перевести|оплатить|удалить|указать)",
        r"(?:\bесли|\bкогда|\bкак\s+только|\bкаждый\s+раз,?\s+когда)\s+(?!(?:\w+\s+){0,2}?(?:я|"
        r"мы)\b)"
        r"(?:\w+\s+){0,3}?(?:кто-то|кто-нибудь|кто|пользовател\w+|"
        r"\w+)\s+(?:\w+\s+){0,2}?(?:спрос(?:ит|ят)|"
        r"спраш(?:ивает|ивают)|"
        r"задаст\s+вопрос|"
        r"заговор\w+|упомян\w+)" + _gap(100) + rf"{_RU_SAY}",
        r"(?:скажи|сообщи|посоветуй|порекомендуй|предложи|напомни|объясни|передай|"
        r"попроси)\w{0,3}\s+"
        r"(?:\w+\s+)?(?:пользователю|пользователям|читателю|читателям)",
        r"(?:пользователю|читателю|читателям)\s+(?:\w+\s+)?(?:сказать|сообщить|порекомендовать|"
        r"посоветовать)",
        r"\bне\s+(?:сообщай|говори|рассказывай|упоминай|показывай|называй|помечай|отмечай)\w*"
        + _gap(40)
        + r"(?:пользовател\w+|об\s+этом|эту\s+заметку|реклам\w+|подозрительн\w+|мошенничеств\w+)",
        *_near(rf"{_RU_SKIP}", rf"{_RU_MONEY}", 80),
        r"(?:с\s+этого\s+момента|с\s+сегодняшнего\s+дня|\bотныне|\bтеперь|\bвпредь|с\s+этих\s+пор)"
        + _gap(20)
        + rf"(?:\bты\b|\bвы\b|{_RU_AI})[^\n]{{0,200}}?(?:нет\s+(?:никаких\s+)?(?:ограничени\w+|"
        rf"правил)|"
        r"без\s+(?:ограничени\w+|правил|фильтр\w+|предупреждени\w+)|никогда\s+не\s+(?:говорит|"
        r"упоминает|предупреждает)|не\s+(?:соблюдает|признаёт)\s+(?:никаких\s+)?правил)",
        r"\bвопрос\w*\s+(?:о|об|про|по|насч[её]т|касательно)\b"
        + _gap(80)
        + r"(?:отвеча\w+|ответ\w*)\s+(?:\w+\s+){0,2}?(?:по|из|на\s+основе|исходя\s+из|согласно|"
        r"с\s+помощью)\b"
        + _gap(40)
        + r"(?:карт\w+|данн\w+|досье|профил\w+|истори\w+|запис\w+|файл\w*)",
        r"(?:соедини|объедини|склей|собери|сложи|совмести)\w{0,3}"
        + _gap(60)
        + r"(?:\bи\s+(?:выполни|исполни)|\bв\s+одн\w+\s+(?:фраз|предложени|инструкци|"
        r"команд)\w*|\(\s*\w\s*\))",
        r"\bчасть\s+\d\s+из\s+\d\b",
        r"перв\w+\s+букв\w+\s+(?:кажд\w+\s+)?строк\w*" + _gap(30) + r"(?:выполни|сделай)",
        r"\bдаже\s+если\s+(?:\w+\s+){0,4}?(?:потом|позже|кто-то|в\s+будущем|нов\w+\s+сообщени\w+)\b"
        + _gap(40)
        + r"(?:иначе|обратное|скажет|будет\s+утверждать)",
        r"пользовател\w+\s+(?:\w+\s+){0,2}?(?:разрешил\w*|согласил\w*|"
        r"дал\w*\s+(?:\w+\s+)?(?:согласие|"
        r"разрешение)|одобрил\w*)",
        r"(?:сохрани|запомни|запиши)\w{0,2}"
        + _gap(60)
        + r"(?:пользовател\w+\s+(?:хочет|предпочитает)|предпочтени\w+\s+пользовател\w+)",
        r"(?:\bесли|\bкогда)\s+в\s+(?:сообщени\w+|письм\w+|смс|чате)\s+(?:\w+\s+){0,2}?(?:есть|"
        r"будет|"
        r"встретится|содержится|написано)[^\n]{0,250}?(?:одобр\w*|подтвержд\w*|разреш\w*|переведи|"
        r"перевод\w*|оплат\w*)",
    ],
)
_add(
    INS,
    "cyrillic",
    [
        r"(?:игнорир|проигнорир|забудь|забыть|отбрось|обойди|отмени|пренебреги)\w{0,4}"
        + _gap(40)
        + _RU_RULES
    ],
    quotable=True,
)
_add(
    TOOL,
    "cyrillic",
    [
        r"(?:удали|сотри|очисти|стереть|удалить|очистить|уничтож)\w{0,3}"
        + _gap(20)
        + r"(?:\bвсе|\bвсю|\bвесь|\bвс[её])\s+(?:\w+\s+){0,2}?(?:воспоминани\w+|памят\w+|"
        r"переписк\w+)",
        r"(?:отключи|выключи|отключить|выключить|деактивир)\w{0,3}"
        + _gap(30)
        + r"(?:памят\w+|резервн\w+\s+копировани\w+\s+памят\w+)",
        r"(?:\bвсем|\bвсе)\s+(?:\w+\s+)?контакт\w+",
        r"(?:переведи|перечисли|скинь)\s+(?:\w+\s+){0,2}?\d[\d\s]*(?:руб|₽|тыс|\$|€|[^\n]{0,30}?"
        r"на\s+(?:карт|сч[её]т))",
    ],
    quotable=True,
)
_add(
    OUT,
    "cyrillic",
    _exfil(
        r"(?:отправ|перешл|пересыл|передай|переда|загруз|выгруз|сброс|скинь)\w{0,4}",
        r"(?:истори\w+\s+(?:переписк|чат|разговор)\w*|переписк\w+|контакт\w+|парол\w+|"
        r"данн\w+\s+карт\w+|номер\w*\s+карт\w+|код\w*\s+из\s+смс|паспорт\w*|воспоминани\w+|"
        r"сохран[её]нн\w+\s+\w+|(?:адрес\w*|телефон\w*|данн\w+)\s+пользовател\w+)",
    ),
    quotable=True,
)

# -- Ukrainian -----------------------------------------------------------------------------------
_UK_AI = (
    r"\b(?:асистент\w{0,3}|помічни\w{1,3}|ші|штучн\w+\s+інтелект\w*|мовн\w+\s+модел\w+|"
    r"модел\w{1,3}|"
    r"бот\w{0,3}|"
    r"чат-?бот\w{0,3}|агент\w{0,3}|\w+-бот\w{0,3})"
)
_UK_SAY = (
    r"(?:скажи|сказати|скажіть|кажи|відповідай|відповісти|відповідь|повідом\w{0,3}|порадь|"
    r"порекомендуй|запропонуй|направ|надішли|треба\s+сказати|потрібно\s+сказати|поясни|напиши)"
)
_UK_RULES = (
    r"(?:інструкці\w{1,3}|правил\w{0,3}|вказів\w{1,3}|настанов\w{0,3}|промпт\w{0,3}|"
    r"обмежен\w{1,3}|директив\w{1,3})"
)
_UK_SKIP = (
    r"(?:без\s+(?:\w+\s+)?(?:підтвердженн\w+|перевірк\w+|перепитуван\w+|погодженн\w+|дзвінк\w+|"
    r"попереджен\w+)|не\s+(?:треба|потрібно)\s+(?:\w+\s+)?(?:підтверджув\w+|"
    r"перепиту\w+|перевіря\w+)|(?:ніколи\s+)?не\s+(?:питає|просить|"
    r"вимагає)\s+(?:\w+\s+)?підтвердж\w+)"
)
_UK_MONEY = (
    r"(?:оплат\w*|переказ\w*|гро(?:ші|шей|шима)|рахун\w*|картк\w+|карт[уиі]|грн|₴|плат[іе]ж\w*|"
    r"кредит\w*|покуп\w+|купи\w*)"
)
_add(
    INS,
    "cyrillic",
    [
        rf"(?:{_UK_AI}{_gap(40)}{_UK_RULES}|{_UK_RULES}{_gap(40)}{_UK_AI})\b{_gap(80)}"
        r"(?:застарі\w*|недійсн\w+|більше\s+не\s+(?:діють|потрібн|актуальн)\w*|скасован\w+|"
        r"замінен\w+|тимчасов\w+|чернетк\w+|тестов\w+|можна\s+(?:вже\s+)?не\s+враховувати|"
        r"можна\s+ігнорувати)",
        r"(?:примітк|нотатк|повідомленн|вказівк|інструкці|підказк|увага|коментар)\w*\s+"
        rf"(?:\w+\s+){{0,2}}?(?:для|до)\s+{_NOT_MINE}(?:\w+\s+)?{_UK_AI}",
        _lead(_UK_AI, r"(?:^|[>\[(\"«„“*#:]|[-–—]\s|\bдля\s)", r"[:)\]]"),
        rf"{_UK_AI}\s+(?:\w+\s+)?(?:має|мусить|повинен|повинна|повинно|може|буде)\s+"
        r"(?:\w+\s+){0,2}?(?:сказати|казати|відповісти|відповідати|повідомити|порадити|радити|"
        r"рекомендувати|переказати|оплатити|видалити)",
        r"(?:\bякщо|\bколи|\bщойно|\bщоразу,?\s+коли)\s+(?!(?:\w+\s+){0,2}?(?:я|ми)\b)"
        r"(?:\w+\s+){0,3}?(?:хтось|хто-небудь|користувач\w*|\w+)\s+(?:\w+\s+){0,2}?(?:запита(?:є|"
        r"ють|в|"
        r"ла|ли)\b|спита(?:є|ють|в|ла|ли)\b|питає|питатиме|заговор(?:ить|ять)|згада(?:є|ють))"
        + _gap(100)
        + rf"{_UK_SAY}",
        r"(?:\bякщо|\bколи)\s+(?:\w+\s+)?(?:спитають|запитають)",
        r"(?:скажи|повідом|порадь|нагадай|поясни|передай|"
        r"попроси)\w{0,3}\s+(?:\w+\s+)?(?:користувачу|"
        r"користувачеві|читачу|читачам)",
        r"\bне\s+(?:повідомляй|кажи|розповідай|згадуй|показуй|позначай)\w*"
        + _gap(40)
        + r"(?:користувач\w+|про\s+це|цю\s+нотатку|підозріл\w+|шахрайств\w+)",
        *_near(rf"{_UK_SKIP}", rf"{_UK_MONEY}", 80),
        r"(?:\bвідтепер|з\s+цього\s+моменту|від\s+сьогодні|\bтепер|\bнадалі)"
        + _gap(20)
        + rf"(?:\bти\b|\bви\b|{_UK_AI})[^\n]{{0,200}}?(?:нема(?:є)?\s+(?:жодних\s+)?(?:обмежень|"
        rf"правил)|"
        r"без\s+(?:обмежень|правил|фільтр\w+|попереджень)|ніколи\s+не\s+(?:каже|згадує|"
        r"попереджає))",
        r"\bпитанн\w+\s+(?:про|щодо|стосовно)\b"
        + _gap(80)
        + r"(?:відповіда\w+|відповід\w+)\s+(?:\w+\s+){0,2}?(?:з|за|на\s+основі|згідно)\b"
        + _gap(40)
        + r"(?:картк\w+|карт\w+|дан\w+|профіл\w+|істор\w+|запис\w+|файл\w*)",
        r"(?:з['ʼ’]?єднай|об['ʼ’]?єднай|склей|збери|поєднай)\w{0,3}"
        + _gap(60)
        + r"(?:\bі\s+виконай|\bв\s+одн\w+\s+(?:фраз|речен|інструкці)\w*|\(\s*\w\s*\))",
        r"\bнавіть\s+якщо\s+(?:\w+\s+){0,4}?(?:потім|пізніше|хтось|нов\w+\s+повідомлен\w+)\b"
        + _gap(40)
        + r"(?:інакше|протилежне|скаже)",
        r"користувач\w*\s+(?:\w+\s+){0,2}?(?:дозволи\w+|погоди\w+|дав\w*\s+(?:\w+\s+)?(?:згоду|"
        r"дозвіл)|"
        r"схвали\w+)",
        r"(?:збережи|запам['ʼ’]?ятай|запиши)\w{0,2}"
        + _gap(60)
        + r"(?:користувач\w*\s+(?:хоче|бажає|надає\s+перевагу)|уподобанн\w+\s+користувача)",
        r"(?:\bякщо|\bколи)\s+(?:у|в)\s+(?:повідомленн\w+|листі|смс)\s+(?:\w+\s+){0,2}?(?:є|буде|"
        r"трапиться|написано)[^\n]{0,250}?(?:схвал\w*|підтвердж\w*|дозвол\w*|переказ\w*|оплат\w*|"
        r"гроші)",
    ],
)
_add(
    INS,
    "cyrillic",
    [
        r"(?:ігнор|проігнор|забудь|забути|відкинь|відкинути|обійди|обійти|скасуй|знехтуй|"
        r"нехтува)\w{0,6}" + _gap(40) + _UK_RULES
    ],
    quotable=True,
)
_add(
    TOOL,
    "cyrillic",
    [
        r"(?:видали|зітри|очисти|видалити|стерти|очистити)\w{0,3}"
        + _gap(20)
        + r"(?:\bвсі|\bусі|\bвесь|\bвсю|\bусю|\bвсе|\bусе)\s+(?:\w+\s+){0,2}?(?:спогад\w+|"
        r"пам['ʼ’]?ят\w+|листуванн\w+)",
        r"(?:вимкни|відключи|вимкнути|деактивуй)\w{0,3}" + _gap(30) + r"(?:пам['ʼ’]?ят\w+)",
        r"(?:\bвсім|\bусім)\s+(?:\w+\s+)?контакт\w+",
        r"(?:перекажи|переказуй|перекинь|надішли)\s+(?:\w+\s+){0,2}?\d[\d\s]*(?:грн|₴|\$|€|[^\n]{0,"
        r"30}?"
        r"на\s+(?:карт|рахун))",
    ],
    quotable=True,
)
_add(
    OUT,
    "cyrillic",
    _exfil(
        r"(?:надішли|надіслати|надсила\w+|перешли|переслати|передай|передати|вивантаж\w+|"
        r"завантаж\w+)",
        r"(?:істор\w+\s+(?:листуванн|чат|розмов)\w*|листуванн\w+|контакт\w+|парол\w+|"
        r"дан\w+\s+картк\w+|номер\w*\s+картк\w+|паспорт\w*|спогад\w+|збережен\w+\s+\w+|"
        r"(?:адрес\w*|телефон\w*|дан\w+)\s+користувач\w+)",
    ),
    quotable=True,
)

# -- Chinese -------------------------------------------------------------------------------------
_ZH_AI = r"(?:助手|助理|人工智能|AI|语言模型|模型|大模型|机器人|智能客服|客服机器人|智能体|bot)"
_ZH_MODAL = r"(?:应当|应该|应|必须|务必|须|需要|得|一律|要(?!不))"
_ZH_DO = (
    r"(?:回答|回复|告诉|告知|推荐|建议|提醒|引导|发送|转发|转账|付款|支付|购买|删除|清空|执行|上传|"
    r"附上|填写|说明|声称|表示)"
)
_ZH_MONEY = r"(?:转账|付款|支付|打款|汇款|下单|购买|充值|账户|账号|银行卡|元|钱)"
_add(
    INS,
    "cjk",
    [
        _ZH_AI
        + r"\S{0,10}?(?:不用|不必|无需|不需要|不再)\s*再?\s*(?:遵守|遵循|理会|执行|管)\S{0,6}?"
        r"(?:规则|规定|设置|限制|隐私|要求|指令)",
        r"(?:之前|以前|先前|原来|原有|所有|一切|上面|上述|系统)\S{0,6}?(?:指令|指示|规则|规定|提示"
        r"词|"
        r"设定|要求|限制)\S{0,12}?(?:作废|无效|失效|不再适用|不用管|不必遵守|可以忽略)",
        r"(?:给|致|写给|留给)\s*(?:所有|任何|各位|每个|每位)?\s*(?:的)?\S{0,4}?"
        + _ZH_AI
        + r"\S{0,6}?(?:的)?(?:说明|提示|备注|留言|指示|通知|须知)?\s*[:：】\]]",
        _ZH_AI + r"\s*(?:请注意|注意|须知|必读|专用)\s*[:：]",
        # an agent (not "AI" in general, which a discussion names) told what to do
        r"(?:助手|助理|客服机器人|智能客服|机器人|智能体)"
        + _gap(20, r"[^。！？，,\n]")
        + _ZH_MODAL
        + _gap(40, r"[^。！？，,\n]")
        + _ZH_DO,
        r"(?:如果|若|要是|假如|当|一旦|每当|下次|以后|凡是)[^。\n]{0,8}?(?:有人|别人|用户|对方|顾客"
        r"|"
        r"客户|谁)[^。\n]{0,20}?(?:问|咨询|提到|说起|聊到|问起|问到)[^。\n]{0,60}?(?:告诉|回答|回复"
        r"|"
        r"答复|推荐|建议|引导|让他们|让她|让他|提醒|说)",
        r"(?:^|[，,。：:；;！!\s]|(?:请|要|就|并|再|务必|一定)\S{0,6}?)(?:告诉|告知|提醒|通知|引导)"
        r"\s*"
        r"(?:用户|读者)",
        r"(?:不要|别|勿|切勿)\s*(?:标记|标为|视为|当作|当成)\S{0,4}?(?:可疑|诈骗|垃圾|钓鱼)",
        r"(?:不要|别|勿|切勿|不得|无需|不用)\s*(?:告诉|告知|提及|提到|透露|显示|提醒|让)\s*(?:用户|"
        r"对方)",
        r"(?:风险提示|免责声明|风险)\S{0,4}?(?:一律|都|全)?(?:不说|不提|省略|不讲)",
        *_near(
            r"(?:无需|不需|不需要|不用|无须|不必|免)\s*(?:再)?\s*(?:确认|核实|验证|审批|审核|询问|"
            r"复核|"
            r"二次确认)",
            _ZH_MONEY,
            40,
            _GC,
        ),
        r"(?:以后|从现在起|从现在开始|今后|从今天起|接下来)\s*(?:你|您)\s*(?:就|将|会)?\s*(?:是|叫|"
        r"扮演|"
        r"成为|当)[^\n]{0,120}?(?:不受\S{0,6}(?:规定|规则|限制|约束)|没有\S{0,4}(?:限制|规则|约束)|"
        r"无视\S{0,4}(?:规则|规定)|(?:风险提示|免责声明|风险)\S{0,4}(?:一律|都|全)?(?:不说|不提|不"
        r"讲)|"
        r"记住这个(?:设定|角色))",
        r"(?:根据|按照|参照|以|用|从)\S{0,12}?(?:的)?(?:档案|记录|资料|病历|数据|卡片)\S{0,6}?"
        r"(?:回答|答复|为准|作答)",
        r"(?:合并|拼接|连起来|连接|组合|拼起来|合起来|串起来)\S{0,10}?(?:执行|照做|一句话|指令)",
        r"(?:即使|就算|哪怕)\S{0,12}?(?:以后|之后|有人|别人|新消息)\S{0,10}?(?:说|要求|提出)",
        r"(?:用户|客户)\s*(?:已|已经)\s*(?:同意|授权|批准)",
        r"(?:表示|说明|代表|意味着)\S{0,6}?(?:已授权|已批准|已同意|已审批)",
        r"(?:记住|保存|存为|设为|记下)\S{0,15}?(?:用户|客户)\S{0,4}(?:偏好|喜欢|想要|习惯|首选|默认"
        r")",
        r"(?:如果|若|当|只要)\S{0,8}?(?:消息|信息|输入|短信|邮件|留言)\S{0,6}?(?:含有|包含|出现|带"
        r"有)[^\n]{0,250}?(?:授权|批准|"
        r"同意|转账|付款|支付|下单|购买)",
    ],
)
_add(
    INS,
    "cjk",
    [
        r"(?:忽略|无视|忘掉|忘记|不要理会|跳过|绕过)\S{0,10}?(?:指令|指示|规则|规定|提示词|设定|限"
        r"制)",
    ],
    quotable=True,
)
_add(
    TOOL,
    "cjk",
    [
        r"(?:删除|删掉|清空|清除|抹掉|删光)\S{0,10}?(?:所有|全部|一切)\S{0,15}?(?:记忆|聊天记录)",
        r"(?:所有|全部)\S{0,10}(?:记忆|聊天记录)\S{0,6}(?:删除|删掉|清空|清除)",
        r"(?:关掉|关闭|停用|禁用)\S{0,6}?记忆(?:功能)?",
        r"记忆(?:功能)?\S{0,6}?(?:关掉|关闭|停用)",
        r"(?:通讯录|联系人)\S{0,8}?(?:所有|全部|每个)|(?:所有|全部)\S{0,4}(?:联系人|好友)",
    ],
    quotable=True,
)
_add(
    OUT,
    "cjk",
    _exfil(
        r"(?:发送|发到|发给|转发|上传|提交|寄到|传到)",
        r"(?:聊天记录|对话记录|通讯录|联系人|密码|卡号|卡密|身份证|验证码|记忆|用户的\S{0,6}(?:地址"
        r"|住址|电话|手机号|资料))",
        30,
        _GC,
    ),
    quotable=True,
)

# -- Japanese ------------------------------------------------------------------------------------
_JA_AI = (
    r"(?:アシスタント|AI|エーアイ|人工知能|言語モデル|モデル|ボット|チャットボット|エージェント)"
)
_add(
    INS,
    "cjk",
    [
        r"(?:以前|これまで|今まで|従来|前|元|最初|既存|すべて|全て)\S{0,10}?(?:指示|ルール|規則|命"
        r"令|"
        r"設定|注意書き|プロンプト|ガイドライン)\S{0,20}?(?:もう不要|不要|無効|破棄|気にしなくて|"
        r"守らなくて|適用されない)",
        _JA_AI
        + r"\s*(?:へ|に|宛て?|向け)\s*(?:の)?\s*(?:注意|メモ|指示|お願い|伝言|連絡|メッセージ|"
        r"備考)?\s*[:：]",
        r"(?:を読んでいる|を要約する|を読む|を処理する)" + _JA_AI,
        r"(?:アシスタント|ボット|チャットボット|エージェント)"
        + r"\s*(?:は|が)[^。\n]{0,80}?(?:送信|削除|送金|振り?込|転送|支払|回答|答え|伝え|案内|"
        r"入力|購入|共有)[^。\n]{0,8}?(?:こと|ように|ください|べき|せよ|しなさい|ほしい)",
        r"(?:ユーザー|利用者|読者|お客様)(?:に|へ)\s*(?:対して)?\s*(?:伝え|知らせ|案内|説明|言っ|勧"
        r"め|促)",
        r"(?:ユーザー|利用者)(?:に|には)\S{0,6}?(?:言わない|伝えない|知らせない|見せない|表示しない"
        r")",
        *_near(
            r"(?:確認|承認|チェック)\s*(?:なし|無し|不要|せず|しないで|をせずに|は要らない|はいらな"
            r"い)",
            r"(?:支払|振込|振り込|送金|入金|決済|購入|お金|円|口座|カード|実行)",
            40,
            _GC,
        ),
        r"(?:今日から|これから|今後|今から)\s*(?:は)?\s*(?:あなた|君|きみ|お前)\s*(?:は|が)[^\n]{0,"
        r"120}?"
        r"(?:ルール|制限|規則|注意書き|リスク)\S{0,6}(?:なし|無視|守らない|言わない|不要|気にしない"
        r")",
        r"(?:つなげ|繋げ|つなぎ|組み合わせ|合わせ|連結|並べ)\S{0,10}?(?:一つの|1つの|ひとつの)?"
        r"(?:指示|命令|文|メッセージ)\S{0,6}?(?:として|扱|実行)",
        r"(?:各行|それぞれの行|行)の(?:最初|頭|先頭)の(?:文字|字)\S{0,20}?(?:実行|従)",
        r"(?:ユーザー|利用者)(?:は|が)\S{0,10}?(?:許可|同意|承認)(?:済み|した|している)",
        r"(?:メッセージ|メール|入力|文面|文章)(?:に|の中に|内に)\S{0,20}?(?:含まれ|入っ|あれば|あっ"
        r"たら)[^\n]{0,250}?(?:承認|許可|送金|"
        r"振込|振り込|支払|購入)",
    ],
)
_add(
    INS,
    "cjk",
    [r"(?:指示|ルール|規則|命令|設定|プロンプト)\S{0,10}?(?:無視|忘れ)"],
    quotable=True,
)
_add(
    TOOL,
    "cjk",
    [
        r"(?:すべて|全て|全部|全)\S{0,6}(?:の)?(?:記憶|メモリ|会話履歴)\S{0,6}"
        r"(?:を)?\s*(?:削除|消去|消し|消す|クリア|初期化)",
        r"(?:送信履歴|履歴|記憶|メモリ)(?:は|を)\s*(?:削除|消去|消し)\S{0,6}?(?:こと|ように|くださ"
        r"い)",
        r"連絡先(?:の)?(?:全員|すべて|全て|皆)",
        r"(?:記憶機能|メモリ機能|メモリー)\S{0,4}(?:を)?\s*(?:オフ|無効|停止|切っ)",
    ],
    quotable=True,
)
_add(
    OUT,
    "cjk",
    _exfil(
        r"(?:送信|送っ|送る|転送|アップロード|共有)",
        r"(?:会話|履歴|連絡先|パスワード|カード番号|暗証番号|個人情報|記憶|ユーザーの\S{0,10}(?:住"
        r"所|電話番号|カレンダー|メール))",
        30,
        _GC,
    ),
    quotable=True,
)

# -- Korean --------------------------------------------------------------------------------------
_KO_AI = r"(?:비서|어시스턴트|AI|에이아이|인공지능|모델|봇|챗봇|상담봇|에이전트|도우미)"
_add(
    INS,
    "hangul",
    [
        r"(?:이전|기존|예전|원래|앞선|처음)\S{0,2}\s*(?:\S+\s*){0,2}?(?:지시|규칙|명령|지침|설정|"
        r"프롬프트)\S{0,3}\s*(?:\S+\s*){0,3}?(?:신경\s*안\s*써도|필요\s*없|무효|폐기|적용\s*안)",
        _KO_AI + r"\s*(?:에게|한테|께)\s*(?:전달|지시|요청|메모|알림|부탁)",
        _KO_AI + r"\s*(?:참고|필독|주의|용\s*메모)\s*[:：)\]]",
        r"(?:읽는|요약하는|처리하는)\s*" + _KO_AI,
        r"(?:비서|어시스턴트|챗봇|상담봇|도우미)"
        + r"(?:는|은|가|이)\s*[^.。\n]{0,60}?(?:알려\s*(?:줘야|주어야|줄\s*것)|말해야|답해야|"
        r"안내해야|안내할\s*것|전송해야|송금해야|이체해야|삭제해야|보내야|하도록)",
        r"(?:누가|누군가|사용자가|고객이|손님이|(?!내가|제가|우리가)\S+(?:이|가))\s*(?:\S+\s*){0,4}"
        r"?(?:물으면|"
        r"물어보면|"
        r"묻는다면|얘기를?\s*꺼내면|말을?\s*꺼내면|언급하면|문의하면|문의가\s*오면|물어오면)[^\n]{0"
        r",100}?"
        r"(?:알려|말해|답해|대답해|안내|보내라|라고\s*해|하라고|전해)",
        r"(?:사용자|유저|이용자|독자|고객)(?:에게|한테|께)\s*(?:\S+\s*){0,3}?(?:알려|말해|안내|전해"
        r"|권해|"
        r"추천)",
        r"(?:사용자|유저|이용자)(?:에게|한테)\s*(?:\S+\s*){0,2}?(?:말하지|알리지|보여주지|언급하지)"
        r"\s*"
        r"(?:마|말|않)",
        *_near(
            r"(?:확인|승인|결재|검토|재확인|인증)\s*(?:절차\s*)?(?:\S+\s*){0,2}?(?:없이|안\s*하고|"
            r"생략|"
            r"필요\s*없|불필요)",
            r"(?:바로|즉시|송금|이체|결제|입금|지급|계좌)",
            40,
            _GC,
        ),
        r"(?:앞으로|이제부터|지금부터|오늘부터)\s*(?:너는|넌|당신은)[^\n]{0,120}?(?:규칙|제한|제약|"
        r"경고|"
        r"위험)\S{0,4}\s*(?:없는|없이|무시|안\s*하는|말하지\s*않)",
        r"(?:이어서|이어|합쳐서|합쳐|연결해서|붙여서|조합해서)\s*(?:\S+\s*){0,2}?(?:지시|명령|문장|"
        r"한\s*문장)",
        r"(?:질문|문의)\S{0,3}\s*(?:\S+\s*){0,4}?(?:기록|파일|자료|차트)(?:으로|로|를\s*보고|을\s*"
        r"보고|"
        r"에서)\s*(?:답|대답|안내)",
        r"(?:사용자|유저)\S{0,2}\s*(?:이미\s*)?(?:동의|허락|승인)(?:했|함|하였)",
        r"(?:메시지|문자|메일|채팅)\S{0,2}\s*(?:\S+\s*){0,3}?(?:들어\s*있으면|포함되어\s*있으면|"
        r"포함되면)[^\n]{0,250}?(?:승인|허락|이체|송금|결제|입금)",
    ],
)
_add(
    INS,
    "hangul",
    [r"(?:지시|규칙|명령|지침|설정|프롬프트)\S{0,3}\s*(?:\S+\s*){0,2}?(?:무시|잊어)"],
    quotable=True,
)
_add(
    TOOL,
    "hangul",
    [
        r"(?:모든|전부|전체)\s*(?:\S+\s*){0,2}?(?:기억|메모리|대화\s*기록)\S{0,3}\s*"
        r"(?:삭제|지워|지우|초기화)",
        r"(?:모든\s*연락처|연락처\s*(?:전체|전부|모두))",
        r"(?:메모리\s*기능|기억\s*기능|메모리)\S{0,3}\s*(?:끄|꺼|비활성)",
    ],
    quotable=True,
)
_add(
    OUT,
    "hangul",
    _exfil(
        r"(?:전송|보내|송신|업로드|공유)",
        r"(?:위치\s*정보|연락처|비밀번호|카드\s*번호|개인정보|대화\s*기록|대화\s*내용|기억|사용자의"
        r"\s*\S{0,6}(?:주소|전화번호))",
        40,
        _GC,
    ),
    quotable=True,
)

# -- Arabic (text read with its short vowels and tatweel removed) --------------------------------
_AR_AI = r"(?:(?:ال|لل|ل)?(?:مساعد|نموذج|نماذج|روبوت|بوت|وكيل)|(?:ال)?ذكاء\s+(?:ال)?اصطناعي)"
_AR_RULES = (
    r"(?:التعليمات|تعليمات|القواعد|قواعد|الأوامر|الإرشادات|التوجيهات|الموجه|السياسات|القيود)"
)
_AR_MONEY = (
    r"(?:تحويل|حوالة|دفع|الدفع|سداد|مال|أموال|الحساب|حساب|بطاقة|ريال|درهم|دينار|جنيه|آيبان|iban)"
)
_add(
    INS,
    "arabic",
    [
        rf"{_AR_RULES}\s+(?:\S+\s+){{0,3}}?{_AR_AI}{_gap(60)}(?:لم\s+تعد|ملغاة|ملغية|غير\s+صالحة|"
        r"قديمة|لا\s+تنطبق|منتهية)",
        r"(?:ملاحظة|رسالة|تنبيه|تعليمات|إشعار|تذكير)\S*\s+(?:\S+\s+){0,2}?(?:إلى|الى|ل|لـ)\s*"
        rf"(?:أي\s+|كل\s+|جميع\s+)?{_AR_AI}",
        r"(?:ملاحظة|رسالة|تنبيه|تعليمات|إشعار|تذكير)\S*\s+(?:\S+\s+){0,2}?" + _AR_AI,
        rf"(?:إلى|الى)\s+(?:أي|كل|جميع)\s+{_AR_AI}",
        rf"(?:على|يجب\s+على|ينبغي\s+على)\s+{_AR_AI}\s+(?:أن\s+)?(?:يقول|يخبر|يجيب|يرد|يذكر|يرسل|"
        rf"يحول|"
        r"يدفع|يوصي|ينفذ|يحذف)",
        r"(?:عند|إذا|اذا|لو|كلما|متى|عندما|حين)\s*(?:\S+\s+){0,3}?(?:سأل(?![تن])|يسأل|سؤال|"
        r"استفسر(?![تن])|يستفسر|"
        r"ذكر|تحدث)\S*"
        + _gap(100)
        + r"(?:\bقل\b|أخبر|اخبر|أجب|اجب|\bرد\b|اذكر|انصح|وجه|أرسل|ارسل|اعتبر)",
        r"(?:أخبر|اخبر|أبلغ|ابلغ|انصح|نبه)\S*\s*(?:ال)?(?:مستخدم|قارئ|قراء)",
        r"(?:لا|ولا)\s+(?:ت|ي)(?:ذكر|خبر|ظهر|عرض|بلغ)\S*\s+(?:\S+\s+){0,2}?(?:هذه\s+الملاحظة|"
        r"المستخدم|"
        r"للمستخدم)",
        *_near(
            r"(?:(?:دون|بدون|من\s+غير)\s+(?:\S+\s+)?(?:تأكيد|طلب\s+تأكيد|تحقق|مراجعة|الرجوع)|"
            r"(?:لا\s+داعي|لا\s+حاجة)\s+(?:ل|إلى\s+)?(?:طلب\s+)?(?:تأكيد|التأكيد|التحقق|السؤال|"
            r"المراجعة))",
            _AR_MONEY,
            80,
        ),
        r"(?:من\s+الآن|من\s+اليوم|ابتداء\s+من\s+الآن|بعد\s+الآن)\s*(?:فصاعدا)?\s*،?\s*(?:أنت|انت|"
        r"ستكون|"
        r"اسمك)[^\n]{0,200}?(?:(?:بلا|بدون|دون)\s+(?:قيود|قواعد|حدود|تحذيرات)|لا\s+(?:يلتزم|"
        r"يتقيد)\s+"
        r"بأي)",
        r"(?:الأسئلة|أسئلة|اسئلة|السؤال)\s+(?:عن|حول|بخصوص)\s+"
        + _gap(60)
        + r"(?:تجاب|يجاب|الإجابة\s+عنها|يجب\s+الإجابة)\s+(?:من|من\s+خلال|حسب|وفق|بناء)"
        + _gap(30)
        + r"(?:ملف|سجل|بيانات|بطاقة|حساب)",
        r"(?:اجمع|ادمج|اربط|ضم|ركب)\S*\s+(?:\S+\s+){0,4}?(?:كجملة|في\s+جملة|كتعليمة|كأمر|ونفذ|"
        r"ثم\s+نفذ)",
        r"(?:المستخدم|العميل)\s+(?:قد\s+)?(?:وافق|سمح|أذن|اذن|فوض)",
        r"(?:إذا|اذا|عندما|لو)\s+(?:احتوت|تضمنت|وردت|كانت)\s+(?:\S+\s+){0,2}?(?:الرسالة|"
        r"رسالة)[^\n]{0,250}?(?:وافق|موافق|حول|تحويل|ادفع|دفع)",
    ],
)
_add(
    INS,
    "arabic",
    [
        r"(?:تجاهل|انس|انسى|انسي|تخط|الغ|ألغ|أهمل|اهمل)\S*\s+(?:\S+\s+){0,3}?" + _AR_RULES,
    ],
    quotable=True,
)
_add(
    TOOL,
    "arabic",
    [
        r"(?:احذف|امسح|حذف|مسح)\S*\s+(?:\S+\s+)?(?:كل|جميع)\s+(?:\S+\s+)?(?:الذكريات|الذاكرة|"
        r"المحادثات)",
        r"(?:جميع|كل)\s+جهات\s+الاتصال",
        r"(?:أوقف|اوقف|عطل|ألغ)\S*\s+(?:\S+\s+)?الذاكرة",
    ],
    quotable=True,
)
_add(
    OUT,
    "arabic",
    _exfil(
        r"(?:أرسل|ارسل|إرسال|حول|انقل|شارك)\S*",
        r"(?:سجل\s+المحادثة|المحادثة|المحادثات|كلمة\s+المرور|رقم\s+البطاقة|جهات\s+الاتصال|"
        r"(?:العنوان|رقم\s+الهاتف|بيانات)\s+المستخدم)",
    ),
    quotable=True,
)

# -- Hindi (Devanagari; words end where \b would not see it) -------------------------------------
_HI_AI = r"(?:सहायक|असिस्टें?न?्?ट|एआई|AI|मॉडल|(?:सपोर्ट\s*)?बॉट|चैटबॉट|एजेंट)"
_HI_USER = r"(?:यूज़?र|उपयोगकर्ता)"
_HI_MONEY = r"(?:ट्रांसफ़?र|पैसे|पैसा|भुगतान|पेमेंट|₹|रुपये|खाते|UPI|यूपीआई)"
_add(
    INS,
    "devanagari",
    [
        r"(?:पिछले|पहले\s*के|पुराने|सभी|मूल)\s*(?:\S+\s+){0,2}?(?:निर्देशों|निर्देश|नियमों|नियम|"
        r"हिदायतों)\s*(?:\S+\s+){0,4}?(?:रद्द|लागू\s*नहीं|बेकार|अमान्य)",
        _HI_AI + r"\s*(?:के\s*लिए|को|हेतु)\s*(?:नोट|संदेश|निर्देश|सूचना|टिप्पणी)?\s*[:：)]",
        r"(?:नोट|संदेश|निर्देश|टिप्पणी|सूचना)\s*\(?\s*" + _HI_AI + r"\s*के\s*लिए",
        r"(?:सहायक|असिस्टें?न?्?ट|बॉट|चैटबॉट)[^।\n]{0,80}?(?:ट्रांसफ़?र|डिलीट|भेज|मिटा|हटा)\S*\s*"
        r"(?:करे|करें|दे|दें)(?=[\s।,.]|$)",
        r"(?:अगर|यदि|जब|जब\s*भी|अगली\s*बार)\s*(?:\S+\s+){0,3}?(?:कोई|" + _HI_USER + r"|ग्राहक)"
        r"[^।\n]{0,60}?(?:पूछे|पूछें|पूछता|पूछती|पूछेगा|पूछेगी|बात\s*करे|बात\s*करें|ज़?िक्र\s*करे|"
        r"सवाल\s*करे)[^।\n]{0,80}?(?:बताना|बताएं|बताएँ|बताओ|कहना|कहें|कहो|जवाब\s*देना|सलाह\s*देना|"
        r"भेजना)",
        r"(?:सवाल|सवालों|प्रश्न\S*)\s*(?:का|के)\s*जवाब\s*[^।\n]{0,40}?(?:फ़?ाइल|रिकॉर्ड|डेटा|"
        r"रिपोर्ट)"
        r"\s*से\s*(?:देना|दिया)",
        _HI_USER + r"\s*को\s*(?:\S+\s+){0,3}?(?:बताना|बताएं|बताएँ|बताओ|बताइए|कहना|कहें|कहो|सलाह|सूचित)",
        _HI_USER + r"\s*(?:से|को)\s*(?:\S+\s+){0,2}?(?:न\s*करें|मत\s*(?:बताना|कहना|करना)|न\s*बताएं|"
        r"ना\s*बताएं)",
        r"(?:नोट|निर्देश)\s*का\s*ज़?िक्र",
        *_near(
            r"(?:बिना\s*(?:\S+\s+)?(?:पुष्टि|कन्फ़?र्म|पूछे|जाँच|जांच|सत्यापन)|(?:पुष्टि|"
            r"कन्फ़?र्म)\s*(?:की\s*)?"
            r"(?:ज़?रूरत)\s*नहीं)",
            _HI_MONEY,
            80,
        ),
        r"(?:आज\s*से|अब\s*से|अभी\s*से)\s*(?:तुम|आप|तू)[^\n]{0,200}?(?:किसी\s*(?:भी\s*)?नियम\s*को\s*"
        r"नहीं|कोई\s*नियम\s*नहीं|बिना\s*(?:किसी\s*)?(?:नियम|रोक|पाबंदी))",
        r"(?:जोड़|जोड़कर|मिलाकर)\S*\s*(?:\S+\s+){0,3}?(?:निर्देश|वाक्य|आदेश|पालन|लागू)",
        _HI_USER + r"\s*ने\s*(?:\S+\s+){0,3}?(?:अनुमति|सहमति|मंज़?ूरी)\s*(?:दे\s*दी|दी)",
    ],
)
_add(
    INS,
    "devanagari",
    [
        r"(?:निर्देशों|निर्देश|नियमों|नियम|आदेशों|हिदायतों)\s*(?:को)?\s*(?:\S+\s+){0,2}?(?:अनदेखा|"
        r"नज़?रअंदाज़?|भूल|इग्नोर)",
    ],
    quotable=True,
)
_add(
    TOOL,
    "devanagari",
    [
        r"(?:सारी|सभी|सब|पूरी)\s*(?:\S+\s+){0,3}?(?:यादें|यादों|मेमोरी|बातचीत)\s*"
        r"(?:\S+\s+){0,2}?(?:मिटा|डिलीट|हटा)",
        r"(?:₹|रुपये)\s*[\d,]+[^।\n]{0,60}?(?:ट्रांसफ़?र|भेज)\S*\s*(?:करे|करें|करो|दे|दें|दो)",
        r"(?:सभी|सारे)\s*(?:कॉन्टैक्ट्स|संपर्कों)",
    ],
    quotable=True,
)
_add(
    OUT,
    "devanagari",
    _exfil(
        r"(?:भेज|भेजें|भेजो|शेयर|अपलोड|फ़?ॉरवर्ड)",
        r"(?:बातचीत|चैट|पासवर्ड|कार्ड\s*नंबर|ओटीपी|OTP|कॉन्टैक्ट|यूज़?र\s*का\s*(?:पता|"
        r"फ़?ोन\s*नंबर|डेटा))",
    ),
    quotable=True,
)

# -- Turkish -------------------------------------------------------------------------------------
_TR_AI = (
    r"(?:asistan\w{0,6}|yapay\s+zek[âa]\w{0,4}|model\w{0,4}|bot\w{0,4}|sohbet\s+botu\w{0,3}|"
    r"ajan\w{0,4})"
)
_TR_SAY = r"(?:söyle|belirt|bildir|ilet|anlat|öner|yönlendir|cevap\s+ver)\w{0,6}"
_TR_MONEY = (
    r"(?:para\w{0,4}|transfer\w{0,4}|havale\w{0,4}|eft|ödeme\w{0,4}|öde\w{0,4}|iban\w{0,4}|"
    r"hesab\w{0,4}|kart\w{0,4}|tl|₺|yatır\w{0,5})"
)
_add(
    INS,
    None,
    [
        r"\b(?:önceki|eski|mevcut|ilk|tüm|bütün)\s+(?:\w+\s+){0,2}?(?:talimat|kural|komut|yönerge|"
        r"ayar|"
        r"istem)\w*\s+(?:\w+\s+){0,3}?(?:geçersiz|iptal|artık\s+geçerli\s+değil|uygulanmaz|"
        r"geçerliliğini\s+yitirdi)",
        rf"\b{_TR_AI}\s+(?:için\s+)?not\w{{0,2}}\s*[:：]",
        rf"\b{_TR_AI}\s+için\s*[:：]",
        rf"\b(?:not|mesaj|uyarı|talimat)\w{{0,3}}\s*\(?\s*{_TR_AI}\s+için",
        rf"\b(?:okuyan|özetleyen|işleyen|yöneten)\s+{_TR_AI}",
        r"\b(?:asistan\w{0,6}|bot\w{0,4}|sohbet\s+botu\w{0,3})\s+[^.\n]{0,60}?\b(?:söyle|"
        r"bildir|"
        r"gönder|aktar|öde|sil|kapat|paylaş|"
        r"uygula)\w{0,3}(?:s[ıiuü]n|malı|meli|malıdır|melidir)\b",
        r"\b(?:biri|birisi|kullanıcı|müşteri|\w+)\s+(?:\w+\s+){0,4}?(?:sorarsa|sorduğunda|sorunca|"
        r"sorulursa|sorulduğunda|bahsederse|açarsa|konuşulursa|sorulunca)\b"
        + _gap(100)
        + rf"\b{_TR_SAY}",
        r"\bkullan(?=[ıi]c[ıi]ya)\w{5}\s+" + _gap(80) + rf"\b{_TR_SAY}",
        r"\b(?:bu\s+notu|bu\s+mesajı|bunu)\s+(?:kullanıcıya\s+)?(?:gösterme|söyleme|bahsetme|"
        r"belirtme)\b",
        r"\bkullanıcıya\s+(?:\w+\s+){0,2}?(?:gösterme|söyleme|bahsetme)\b",
        r"\bresm[îi]\s+\w+\s+(?:hattını|numarasını|sitesini)\s+anma\b",
        *_near(
            r"\b(?:onay|teyit|doğrulama|kontrol|izin)\w{0,3}\s+(?:sormadan|almadan|istemeden|"
            r"beklemeden|gerek(?:meden|miyor|\s+yok))",
            rf"\b{_TR_MONEY}\b",
            80,
        ),
        r"\b(?:bundan\s+sonra|artık|şu\s+andan\s+itibaren|bugünden\s+itibaren)\s+(?:sen|siz)\b"
        r"[^\n]{0,200}?(?:(?:kural|kısıtlama|sınır|uyarı)\w*\s+(?:yok|tanımayan|tanımaz|olmadan|"
        r"olmayan|umursamayan)|kuralsız|sınırsız|risk\w*\s+(?:hiç\s+)?(?:bahsetme|söyleme)\w*)",
        r"\b(?:birleştir|ard\s+arda\s+ekle)\w{0,6}\s+(?:\w+\s+)?(?:uygula|çalıştır|talimat|cümle)",
        r"\bsorular\w{0,3}\s+(?:\w+\s+){0,6}?(?:kayd|kayıt|dosya|veri|karne|profil)\w*\s+(?:göre|"
        r"bakılarak|üzerinden|esas\s+alınarak)\s+(?:yanıtla|cevapla)\w*",
        r"\bkullan(?=[ıi]c[ıi])\w{3,7}\s+(?:\w+\s+)?(?:onay\s+verdi|izin\s+verdi|kabul\s+etti)",
        r"\b(?:kaydet|hafızaya\s+al|hatırla)\w{0,4}"
        + _gap(40)
        + r"\bkullanıcının\s+(?:tercih|istediği)",
        r"\b(?:mesaj|ileti|e-?posta|sms)\w{0,4}\s+(?:\w+\s+){0,3}?(?:geçerse|içerirse|varsa|"
        r"yazarsa|"
        r"bulunursa)\b[^\n]{0,250}?(?:onay\w*|izin\w*|gönder\w*|öde\w*|transfer\w*|havale\w*|"
        r"yatır\w*)",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:talimat|kural|komut|yönerge|istem)\w*\s+(?:\w+\s+){0,2}?(?:yok\s+say|"
        r"görmezden\s+gel|"
        r"unut|dikkate\s+alma)",
        r"\b(?:önceki|eski)\s+(?:\w+\s+){0,2}?(?:talimat|kural|komut|yönerge)\w*\s+(?:\w+\s+){0,3}?"
        r"(?:yok\s+say|görmezden\s+gel|unut)",
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:tüm|bütün)\s+(?:\w+\s+){0,2}?(?:anı|hafıza|bellek|sohbet)\w*\s+(?:\w+\s+)?"
        r"(?:sil|temizle|kaldır|yok\s+et)\w*",
        r"\b(?:hafıza|bellek)\w*\s+(?:\w+\s+){0,2}?(?:tüm|bütün)\s+(?:\w+\s+){0,2}?\w+\s+(?:sil|"
        r"temizle)\w*",
        r"\b(?:hafıza|bellek)\w*\s+(?:\w+\s+)?(?:kapat|devre\s+dışı)\w*",
        r"\b(?:rehberdeki|kişilerdeki)\s+(?:herkese|tüm|bütün)|\btüm\s+kişilere\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:gönder|ilet|aktar|yükle|paylaş)\w{0,6}",
        r"\b(?:şifre|parola|kart\s+numara|kimlik\s+numara|sohbet\s+geçmiş|konuşma|rehber|"
        r"kullanıcının\s+(?:\w+\s+){0,2}?(?:adres|telefon|bilgi))\w{0,8}",
    ),
    quotable=True,
)

# -- Vietnamese ----------------------------------------------------------------------------------
_VI_AI = r"(?:trợ\s+lý(?:\s+ảo)?|tro[_\s]ly|(?-i:AI)|trí\s+tuệ\s+nhân\s+tạo|mô\s+hình|bot|chatbot)"
_VI_SAY = r"(?:bảo|nói|trả\s+lời|báo|khuyên|hướng\s+dẫn|gợi\s+ý|chỉ|dặn|nhắn)"
_add(
    INS,
    None,
    [
        r"\b(?:quy\s+tắc|hướng\s+dẫn|chỉ\s+dẫn|nguyên\s+tắc)\s+(?:\w+\s+){0,2}?(?:của\s+)?"
        + _VI_AI
        + _gap(60)
        + r"\b(?:không\s+còn\s+(?:áp\s+dụng|hiệu\s+lực|giá\s+trị)|hết\s+hiệu\s+lực)",
        r"\b(?:ghi\s+chú|lưu\s+ý|tin\s+nhắn|chỉ\s+dẫn|hướng\s+dẫn|thông\s+báo|chi[_\s]dan|"
        r"ghi[_\s]chu)"
        rf"[_\s]+(?:\w+\s+){{0,2}}?(?:cho|gửi|tới|đến)[_\s]+(?:các\s+|mọi\s+|"
        rf"bất\s+kỳ\s+)?{_VI_AI}\b",
        rf"\b{_VI_AI}\s+(?:\w+\s+){{0,2}}?(?:phải|cần|nên|hãy)\s+(?:\w+\s+){{0,3}}?(?:nói|"
        rf"trả\s+lời|"
        r"báo|bảo|khuyên|gợi\s+ý|chuyển\s+tiền|chuyển\s+khoản|thanh\s+toán|xóa|xoá|hướng\s+dẫn)\b",
        r"\b(?:nếu|khi|hễ|lần\s+sau|mỗi\s+khi|bất\s+cứ\s+khi\s+nào)\s+(?:\w+\s+){0,3}?(?:ai|"
        r"có\s+người|"
        r"người\s+dùng|khách|ai\s+đó)\s+(?:\w+\s+){0,2}?(?:hỏi|nhắc|đề\s+cập)\b"
        + _gap(100)
        + rf"\b{_VI_SAY}\b",
        r"\b(?:khi|nếu)\s+được\s+hỏi\b",
        r"\b(?:nói|báo|bảo|khuyên|nhắc|hướng\s+dẫn|đề\s+nghị)\s+(?:với\s+|cho\s+)?(?:người\s+dùng|"
        r"người\s+đọc|độc\s+giả)\b",
        r"\b(?:đừng|không\s+được)\s+(?:nói|cho\s+biết|tiết\s+lộ|hiển\s+thị|nhắc)\s+(?:\w+\s+){0,2}?"
        r"(?:với\s+|cho\s+)?(?:người\s+dùng|ghi\s+chú\s+này)",
        *_near(
            r"\bkhông\s+cần\s+(?:\w+\s+){0,2}?(?:hỏi\s+lại|xác\s+nhận|kiểm\s+tra|gọi\s+lại|"
            r"cảnh\s+báo)",
            r"\b(?:chuyển\s+tiền|chuyển\s+khoản|chuyển|tiền|thanh\s+toán|tài\s+khoản|thẻ|đóng|nộp|"
            r"hụi|"
            r"vnđ|vnd|₫)\b",
            80,
        ),
        r"\btừ\s+(?:giờ|nay|bây\s+giờ|hôm\s+nay)(?:\s+trở\s+đi)?\s*,?\s*(?:bạn|em|mày|cậu|"
        r"trợ\s+lý)\s+"
        r"(?:là|sẽ\s+là|tên\s+là|đóng\s+vai|"
        r"hãy\s+là)\b[^\n]{0,200}?(?:không\s+(?:có\s+)?(?:quy\s+tắc|"
        r"giới\s+hạn|ràng\s+buộc|cảnh\s+báo)|bỏ\s+qua\s+(?:mọi|các)\s+(?:quy\s+tắc|cảnh\s+báo)|"
        r"không\s+bao\s+giờ\s+(?:nhắc|nói|cảnh\s+báo)\s+(?:về\s+)?rủi\s+ro)",
        r"\bcâu\s+hỏi\s+(?:về|liên\s+quan)\s+"
        + _gap(60)
        + r"\b(?:trả\s+lời|giải\s+đáp)\s+(?:theo|dựa\s+(?:vào|trên)|từ|bằng)\b"
        + _gap(30)
        + r"\b(?:hồ\s+sơ|dữ\s+liệu|thẻ|sổ|bệnh\s+án)",
        r"\b(?:ghép|nối|gộp|kết\s+hợp)\s+(?:\w+\s+|(?:\(\w\)\s*)+){0,4}?(?:thành\s+(?:một\s+)?"
        r"(?:câu|lệnh|chỉ\s+dẫn)|rồi\s+thực\s+hiện)",
        r"\bngười\s+dùng\s+(?:đã\s+)?(?:đồng\s+ý|cho\s+phép|ủy\s+quyền|chấp\s+thuận)\b",
        r"\b(?:lưu\s+vào\s+bộ\s+nhớ|ghi\s+nhớ|"
        r"lưu\s+lại)\s*[:,]?\s*(?:rằng\s+)?người\s+dùng\s+(?:muốn|"
        r"thích|ưu\s+tiên)",
        r"\b(?:nếu|khi|hễ)\s+tin\s+nhắn\s+(?:có|chứa)\b[^\n]{0,250}?(?:duyệt|đồng\s+ý|chuyển|"
        r"thanh\s+toán)",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:bỏ\s+qua|phớt\s+lờ|quên|lờ\s+đi)\s+(?:\w+\s+){0,3}?(?:hướng\s+dẫn|chỉ\s+dẫn|"
        r"quy\s+tắc|"
        r"chỉ\s+thị|nguyên\s+tắc)\b"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:xóa|xoá)\s+(?:sạch\s+|hết\s+)?(?:\w+\s+){0,2}?(?:tất\s+cả|toàn\s+bộ|hết|mọi)\s+"
        r"(?:\w+\s+){0,2}?(?:ký\s+ức|bộ\s+nhớ|cuộc\s+trò\s+chuyện)",
        r"\b(?:tắt|vô\s+hiệu\s+hóa)\s+(?:\w+\s+)?bộ\s+nhớ\b",
        r"\b(?:tất\s+cả|toàn\s+bộ)\s+(?:danh\s+bạ|liên\s+hệ)\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:gửi|chuyển\s+tiếp|tải\s+lên|chia\s+sẻ)\b",
        r"\b(?:lịch\s+sử\s+trò\s+chuyện|cuộc\s+trò\s+chuyện|danh\s+bạ|mật\s+khẩu|mã\s+otp|số\s+thẻ|"
        r"thông\s+tin\s+cá\s+nhân|(?:địa\s+chỉ|số\s+điện\s+thoại|"
        r"dữ\s+liệu)\s+(?:của\s+)?người\s+dùng)\b",
    ),
    quotable=True,
)

# -- Indonesian ----------------------------------------------------------------------------------
_ID_AI = r"(?:asisten(?:\s+(?:ai|virtual|email))?|ai|kecerdasan\s+buatan|model|bot|chatbot|agen)"
_ID_SAY = (
    r"(?:bilang|katakan|jawab|bilangin|sampaikan|beri\s+tahu|beritahu|kasih\s+tahu|sarankan|"
    r"arahkan|suruh|informasikan)"
)
_add(
    INS,
    None,
    [
        r"\b(?:instruksi|aturan|perintah|pedoman|kebijakan)\s+(?:\w+\s+){0,2}?"
        + _ID_AI
        + _gap(60)
        + r"\b(?:tidak\s+berlaku\s+lagi|sudah\s+tidak\s+berlaku|kedaluwarsa|dibatalkan|diganti)",
        r"\b(?:catatan|pesan|instruksi|petunjuk|perhatian|info|komentar|memo)\s+(?:\w+\s+){0,2}?"
        rf"[(\[]?(?:untuk|buat|bagi|kepada|ke)\s+(?:para\s+|semua\s+|setiap\s+)?{_ID_AI}\b",
        rf"\b(?:untuk|kepada|bagi)\s+(?:para\s+|semua\s+)?{_ID_AI}\s+(?:\w+\s+)?yang\s+(?:membaca|"
        r"meringkas|memproses|mengelola)\b",
        rf"\b{_ID_AI}\s+(?:\w+\s+)?(?:harus|wajib|perlu|segera|sebaiknya|hendaknya|boleh|"
        rf"diminta)\s+"
        rf"(?:\w+\s+){{0,2}}?(?:{_ID_SAY}|mengatakan|menjawab|memberi\s+tahu|memberitahu|"
        rf"menyampaikan|"
        r"transfer|mentransfer|membayar|bayar|hapus|menghapus|nonaktifkan|"
        r"menonaktifkan|merekomendasikan|menyarankan|mengarahkan)\b",
        r"\b(?:kalau|jika|bila|apabila|kapan\s+pun|setiap\s+kali|lain\s+kali|nanti\s+kalau)\s+"
        r"(?:\w+\s+){0,3}?(?:ada\s+yang|seseorang|pengguna|orang|user)\s+(?:\w+\s+){0,2}?(?:tanya|"
        r"bertanya|menanyakan|nanya|menyebut|membahas)\b" + _gap(100) + rf"\b{_ID_SAY}\b",
        r"\b(?:jika|kalau|bila|saat)\s+ditanya\b" + _gap(80) + rf"\b{_ID_SAY}\b",
        rf"\b{_ID_SAY}\s+(?:\w+\s+)?(?:ke\s+|kepada\s+|pada\s+)?(?:pengguna|user)\b",
        r"\bpertanyaan\s+(?:tentang|soal|mengenai|terkait)\s+"
        + _gap(60)
        + r"\b(?:dijawab|jawab|menjawab)\s+(?:\w+\s+)?(?:dari|dengan|berdasarkan|pakai|"
        r"menggunakan)\b" + _gap(30) + r"\b(?:data|rekam|berkas|catatan|kartu|profil|akun)",
        r"\b(?:jangan|tidak\s+usah|tak\s+perlu)\s+(?:\w+\s+)?(?:tampilkan|tunjukkan|beri\s+tahu|"
        r"bilang|sebutkan|kasih\s+tahu|menampilkan)\s+(?:\w+\s+){0,2}?(?:catatan\s+ini|pesan\s+ini|"
        r"pengguna)\b",
        *_near(
            r"\b(?:tanpa\s+(?:\w+\s+)?(?:konfirmasi|verifikasi|persetujuan|pengecekan|izin)|"
            r"tidak\s+"
            r"(?:perlu|usah)\s+(?:\w+\s+)?(?:konfirmasi|verifikasi|tanya|bertanya|cek|menelepon))",
            r"\b(?:transfer|bayar|pembayaran|uang|rekening|rp|dana|kartu|saldo|e-?wallet|"
            r"pengembalian\s+dana)\b",
            80,
        ),
        r"\b(?:mulai\s+(?:sekarang|hari\s+ini|saat\s+ini)|mulai\s+kini|sejak\s+sekarang|dari\s+"
        r"sekarang)\s*,?\s*(?:kamu|anda|kau|asisten)\s+(?:adalah|jadi|menjadi|bernama|berperan)\b"
        r"[^\n]{0,200}?(?:tanpa\s+(?:aturan|batasan|filter|peringatan)|"
        r"tidak\s+pernah\s+(?:menyebut|"
        r"menyebutkan|memberi)\s+(?:\w+\s+)?(?:risiko|peringatan)|tak\s+terbatas)",
        r"\b(?:gabungkan|satukan|sambungkan|rangkai)\s+(?:\w+\s+){0,4}?(?:jadi|menjadi|lalu|dan)\s+"
        r"(?:\w+\s+)?(?:kalimat|instruksi|perintah|jalankan)",
        r"\bpengguna\s+(?:sudah\s+|telah\s+)?(?:menyetujui|mengizinkan|setuju|memberi\s+izin)\b",
        r"\b(?:simpan|ingat)\s+" + _gap(40) + r"\b(?:preferensi|pilihan)\s+pengguna\b",
        r"\b(?:jika|kalau|bila)\s+(?:pesan|chat|sms)\s+(?:\w+\s+)?(?:berisi|"
        r"mengandung)\b[^\n]{0,250}?(?:setuju|disetujui|izin|transfer|bayar)",
        r"\bmulai\s+tiket\s+ini\b",
    ],
)
_add(
    INS,
    None,
    [
        r"\b(?:(?:meng)?abaikan|(?:me)?lupakan|(?:meng)?acuhkan|"
        r"(?:mem)?batalkan)\s+(?:\w+\s+){0,3}?"
        r"(?:instruksi|aturan|perintah|"
        r"petunjuk|pedoman|prompt|kebijakan)\b"
    ],
    quotable=True,
)
_add(
    TOOL,
    None,
    [
        r"\b(?:hapus|menghapus|bersihkan|kosongkan)\s+(?:\w+\s+)?(?:semua|"
        r"seluruh)\s+(?:\w+\s+){0,2}?"
        r"(?:memori|ingatan|percakapan|riwayat\s+(?:chat|percakapan))\b",
        r"\b(?:nonaktifkan|matikan|menonaktifkan)\s+(?:\w+\s+)?memori\b",
        r"\b(?:semua|seluruh)\s+kontak\b",
    ],
    quotable=True,
)
_add(
    OUT,
    None,
    _exfil(
        r"\b(?:kirim|kirimkan|mengirim|teruskan|unggah|bagikan)\b",
        r"\b(?:riwayat\s+(?:chat|percakapan|obrolan)|percakapan|obrolan|kontak|kata\s+sandi|sandi|"
        r"nomor\s+kartu|ktp|memori|(?:alamat|nomor|data)\s+(?:\w+\s+)?pengguna)\b",
    ),
    quotable=True,
)

# -- any language: keys and markers a tool output or a page carries -----------------------------
_add(
    INS,
    None,
    [
        # a split order joined from numbered pieces: "combine (2), (3) and (4)"
        r"\b(?:combine|join|merge|glue|concatenate|une|junta|combina|verbinde|assemble|colle|"
        r"unisci|plak|po[łl][aą]cz|birleştir|ghép|gabungkan)\w{0,4}\s+(?:\(\s*\w\s*\)|\d\s*[+~]"
        r"\s*\d)",
    ],
)

# -- any language: a key of a tool's output that holds a note for the model -------------------
_add(
    INS,
    None,
    [
        r"\"[^\"\n]{0,20}(?:notes?|nota|notiz|hinweis|aviso|avis|messaggio|mensaje|mensagem|"
        r"bericht|"
        r"uwaga|instru\w{0,8}|chi[_-]dan|ghi[_-]chu|catatan|talimat|memo)[_-]+(?:\w+[_-]+){0,2}"
        r"(?:assist\w*|asistente|asisten|asistan\w*|ia|ai|model\w*|modello|modelo|bot|agent\w*|"
        r"tro[_-]ly|"
        r"llm)[^\"\n]{0,10}\"\s*:",
    ],
)

# -- any language: when a topic comes up later, say something (no one named as asking) ----------
# "When the weather comes up, answer in Celsius" is a person's preference: the order counts only
# when what it has said is after something: money, an account or a card, a password, a site, a
# doctor's word or someone's record.
PAYLOAD = (
    r"(?:https?://|www\.|\.example\b|[\w.+-]+@[\w-]+|\d[\d\s.-]{3,}\d|[€$£₽₴₹¥円元원₺]|\b(?:iban|up"
    r"i|"
    r"pix|bizum|blik|paypal|otp|pin|cvv|tl|zł|rp)\b|konto|cuenta|compte|conta|conto|rekening|сч[её]"
    r"т|"
    r"рахун|账户|账号|口座|계좌|حساب|खात|hesab|tài\s+khoản|karte|tarjeta|carte|cart[ãa]o|carta|kaar"
    r"t|"
    r"kart[aey]|карт|银行卡|カード|카드|بطاقة|कार्ड|thẻ|kartu|passw|contrase|mot\s+de\s+passe|senha"
    r"|"
    r"wachtwoord|has[łl]|парол|密码|パスワード|비밀번호|كلمة\s+المرور|पासवर्ड|şifre|mật\s+khẩu|sand"
    r"i|"
    r"pag[aoó]|pay|zahl|paie|paiement|betal|p[łl]ac|оплат|плат|付款|支付|振込|振り込|송금|دفع|भुगता"
    r"न|"
    r"öde|thanh\s+toán|bayar|transfer|[uü]berweis|vire|virement|bonific|overmak|przel|перевод|перев"
    r"ед|"
    r"refund|reembols|rembours|rimbors|erstatt|gutschrift|terugbetal|zwrot|возврат|відшкод|退款|返"
    r"金|환불|"
    r"استرداد|रिफ़?ंड|iade|hoàn\s+tiền|pengembalian\s+dana|\bcredit\b|"
    r"打款|汇款|收款码|invest|invier|investi|anleg|belegg|inwest|инвест|інвест|投资|投資|투자|استثم"
    r"ار|निवेश|"
    r"yatırım|đầu\s+tư|investasi|crypto|cripto|krypto|bitcoin|\w+coin\b|"
    r"переказ|转账|送金|이체|تحويل|ट्रांसफ़?र|havale|chuyển\s+(?:khoản|tiền)|sitio|website|seite|\b"
    r"site|"
    r"сайт|网站|サイト|사이트|موقع|साइट|situs|trang\s+web|doctor|m[ée]dic|arzt|[äa]rztin|m[ée]decin"
    r"|medico|"
    r"\barts\b|lekarz|врач|лікар|医生|医者|先生|의사|طبيب|डॉक्टर|doktor|bác\s+sĩ|dokter|\brecord|"
    r"\bfile\b|\bchart|ficha|\bakte|dossier|scheda|档案|病历|カルテ|기록|ملف|फ़ाइल|kayıt|hồ\s+sơ|re"
    r"kam|"
    # cash, which leaves no trace
    r"\bcash\b|efectivo|bargeld|\bbar\s+(?:bezahl|zahl)|esp[eè]ces|dinheiro\s+vivo|contanti|contant"
    r"|"
    r"got[oó]wk|наличн|готівк|现金|現金|현금|نقد|नकद|कैश|nakit|tiền\s+mặt|tunai)"
)


def _paid(patterns: list[str]) -> list[str]:
    return [_Paid(pattern) for pattern in patterns]


_add(
    INS,
    None,
    _paid(
        [
            r"\b(?:cuando|si|en\s+cuanto)\s+(?:vuelva\s+a\s+)?(?:sal(?:e|ga)|surja|se\s+hable\s+de|"
            r"se\s+mencione)"
            r"\s+(?:el\s+)?(?:tema|asunto)?" + _gap(80) + rf"\b{_ES_SAY}\b",
            r"\b(?:wenn|sobald|falls)\s+(?:es\s+(?:wieder\s+)?um|das\s+thema|die\s+rede\s+(?:von|"
            r"auf))\b" + _gap(80) + rf"\b{_DE_SAY}\b",
            r"\b(?:quand|si|lorsqu'|d[èe]s\s+qu')\s*(?:on\s+(?:parle|parlera|[ée]voque|aborde)|"
            r"le\s+sujet|"
            r"la\s+question)\b" + _gap(80) + rf"\b{_FR_SAY}\b",
            r"\b(?:quando|se|sempre\s+que)\s+(?:se\s+(?:falar|fala|tocar)|o\s+assunto|"
            r"surgir\s+o\s+assunto|"
            r"vier\s+[àa]\s+baila)\b" + _gap(80) + rf"\b{_PT_SAY}\b",
            r"\b(?:quando|se|ogni\s+volta\s+che)\s+(?:si\s+(?:parla|parler[àa]|tocca)|(?:esce|"
            r"uscir[àa])\s+"
            r"(?:il\s+)?(?:discorso|tema|argomento))\b" + _gap(80) + rf"\b{_IT_SAY}\b",
            r"\b(?:als|wanneer|zodra)\s+(?:het\s+(?:weer\s+)?over|het\s+onderwerp|"
            r"er\s+(?:weer\s+)?over)\b" + _gap(80) + rf"\b{_NL_SAY}\b",
            r"\b(?:gdy|kiedy|je[śs]li)\s+(?:b[eę]dzie\s+mowa|zejdzie\s+(?:rozmowa|temat)|temat)\b"
            + _gap(80)
            + rf"\b{_PL_SAY}",
            r"\b(?:konu|mevzu)\w{0,4}\s+(?:\w+\s+)?(?:açılırsa|açıldığında|gelirse|geçerse|"
            r"geldiğinde)\b" + _gap(80) + rf"\b{_TR_SAY}",
            r"\b(?:khi|nếu)\s+(?:ai\s+)?(?:nhắc\s+(?:đến|tới)|nói\s+(?:đến|về|tới)|bàn\s+về)\b"
            + _gap(80)
            + rf"\b{_VI_SAY}\b",
            r"\b(?:kalau|jika|bila|saat)\s+(?:lagi\s+)?(?:bahas|membahas|ngomongin|topik)\b"
            + _gap(80)
            + rf"\b{_ID_SAY}\b",
        ]
    ),
)
_add(
    INS,
    "cyrillic",
    _paid(
        [
            r"(?:(?:речь|разговор)\s+(?:зайд[её]т|пойд[её]т)|(?:зайд[её]т|пойд[её]т)\s+(?:речь|разг"
            r"овор))" + _gap(100) + _RU_SAY,
            r"(?:(?:зайде|піде)\s+(?:мова|розмова)|(?:мова|розмова)\s+(?:зайде|піде))"
            + _gap(100)
            + _UK_SAY,
        ]
    ),
)
_add(
    INS,
    "cjk",
    _paid(
        [
            r"(?:話が出たら|話になったら|話題になったら|話題が出たら|聞かれたら|尋ねられたら|質問さ"
            r"れたら|"
            r"問い合わせ(?:が)?(?:あったら|あれば)|言われたら)[^。\n]{0,80}?(?:と答え|と伝え|と言["
            r"うっ]|と説明|"
            r"案内|答える|伝える|伝えて|伝えろ|言って|答えて|教えて|見ればよい|を見れば|を参照)",
            r"(?:下次|以后|今后|每次|每当)[^我\s]{0,4}?(?:聊到|说到|提到|谈到|问到|问起)\S{0,30}?(?"
            r":说|告诉|回答|回复)",
        ]
    ),
)
_add(
    INS,
    "hangul",
    _paid(
        [
            r"(?:얘기|이야기|말)(?:를|가|이)?\s*(?:하면|나오면|꺼내면)[^\n]{0,100}?(?:알려|말해|답"
            r"해|대답해|안내|"
            r"보내라|라고\s*해|하라고|전해)",
        ]
    ),
)
_add(
    INS,
    "arabic",
    _paid(
        [
            r"(?:عندما|إذا|اذا|متى)\s+(?:يأتي|جاء|دار|يدور)\s+(?:الحديث|الكلام|ذكر)"
            + _gap(100)
            + r"(?:\bقل\b|أخبر|اخبر|أجب|اجب|اذكر|انصح)",
        ]
    ),
)
_add(
    INS,
    "devanagari",
    _paid(
        [
            r"(?:जब|अगर)\s*[^।\n]{0,40}?(?:की\s*बात|का\s*ज़?िक्र)\s*(?:हो|आए|छिड़े|चले)[^।\n]{0,80}"
            r"?"
            r"(?:बताना|बताएं|बताओ|कहना|कहें|कहो)",
        ]
    ),
)


# == Families, by language (second round) =======================================================
# Written from each language's grammar and the shape of each family: the words by which a text
# names the model that will read it, the verbs of a standing or conditional order to it, the
# claims of authority and of consent, secrecy towards the user, the actions of tools and money,
# triggers, bridges, orders in pieces. Each family has the same slots in every language
# (:func:`_families`), so what one language's examples taught is written for all eighteen. An
# order about what to say counts only where it is after something (paid); an action on money,
# data or the memory itself counts without.

# -- English ------------------------------------------------------------------------------------
#: The model, as a third person ("the household assistant", "any AI helper"): a bare "agent" or
#: "helper" is a person unless a word says it is software.
_EN_READER = (
    r"(?:(?:the|this|that|any|every|each|your)\s+(?:[\w-]+\s+){0,2}?(?:ai|a\.i\.|assistant|"
    r"chat\s?bot|bot|copilot|llm|language\s+model|gpt)|(?:the|this|that|any|every|each|your)\s+"
    r"(?:[\w-]+\s+)?(?:ai|virtual|digital|smart|home|household|family|finance|money|e-?mail|inbox|"
    r"voice|automated|shopping|travel|support|helpdesk|booking)[\s-]+(?:assistant|agent|helper|"
    r"bot))(?:'s)?"
)
_EN_MODAL = (
    r"(?:should|must|shall|can|may|will|needs?\s+to|has\s+to|ought\s+to|is\s+(?:now\s+)?(?:to|"
    r"allowed\s+to|authori[sz]ed\s+to|permitted\s+to|cleared\s+to|expected\s+to|supposed\s+to|"
    r"instructed\s+to|required\s+to|free\s+to|meant\s+to|able\s+to)|(?:doesn't|does\s+not|"
    r"no\s+longer)\s+(?:need|have)s?\s+to)"
)
_EN_ACT = (
    r"(?:repeat\s+(?:this|that|it)|spread\s+(?:this|the\s+word)|tell\s+(?:everyone|anyone|everybody"
    r"|"
    r"people)|pay|transfer|wire|approve|refund|release|disclose|reveal|delete|erase|wipe|purge|unlo"
    r"ck|"
    r"disable|bypass|ignore|override|share|forward|hand\s+over|give\s+out|move\s+(?:the\s+)?money|"
    r"send\s+(?:the\s+)?(?:money|funds|payments?|codes?|passwords?))"
)
_EN_SAY = (
    r"(?:tell|say|answer|reply|respond|recommend|suggest|direct|redirect|refer|point|quote|"
    r"mention|inform|advise|use|give|provide|include|add|append|insist|confirm|book|order|buy|"
    r"cancel|change|update|send|remind|ask|explain|share|let\s+(?:them|him|her|people)\s+know)"
)
_EN_ASKER = (
    r"(?:anyone|anybody|someone|somebody|the\s+user|a\s+user|people|a\s+person|whoever|callers?|"
    r"a\s+caller|visitors?|guests?|customers?|clients?|the\s+kids|he|she|they|(?!I\b|We\b)"
    r"(?-i:[A-Z][a-z]+)|(?:my|his|her|their|our)\s+(?:\w+\s+)?(?:mum|mom|dad|father|mother|wife|"
    r"husband|partner|son|daughter|sister|brother|boss|friend|colleague|landlord|tenant|"
    r"neighbou?r|kids?|child|family))"
)
_add(
    INS,
    None,
    [
        rf"\b{_EN_READER}\s+(?:\w+\s+)?{_EN_MODAL}\s+(?:now\s+|also\s+|always\s+|just\s+|simply\s+|"
        rf"automatically\s+|go\s+ahead\s+and\s+|from\s+now\s+on\s+|directly\s+|\w+ly\s+)*{_EN_ACT}"
        rf"\b",
        rf"\b{_EN_READER}\s+(?:\w+\s+)?(?:doesn't|does\s+not|no\s+longer|won't|will\s+not)\s+"
        r"(?:need|have)\s+to\s+(?:check|confirm|verify|ask)",
        # the model's standing permission, as a fact about it
        r"\b(?:standing|blanket|permanent|ongoing)\s+(?:permission|approval|authori[sz]ation|"
        r"consent)\b",
        r"\b(?:has|have|had)\s+(?:already\s+|now\s+|also\s+)?(?:pre-?)?(?:approved|authori[sz]ed)\s"
        r"+"
        r"(?:all|any|every|future)\s+(?:\w+\s+)?(?:payments?|transfers?|purchases?|refunds?|"
        r"requests?|invoices?)",
        # secrecy towards the user, or about the note itself
        r"\b(?:do\s+not|don't|never|without)\s+(?:ever\s+)?(?:tell|telling|mention|mentioning|"
        r"inform|informing|alert|alerting|notify|notifying|show|showing|reveal|revealing|disclose|"
        r"disclosing|flag|flagging|warn|warning|bring\s+up|bringing\s+up)\s+(?:\w+\s+){0,3}?(?:(?:t"
        r"o\s+)?"
        r"the\s+(?:user|owner|account\s+holder|customer|reader)|this\s+(?:note|instruction|message|"
        r"setting|change|entry|rule|arrangement|step))\b",
        r"\b(?:doesn't|does\s+not|don't|do\s+not|need\s+not|needn't|no\s+need\s+to)\s+(?:need\s+to"
        r"\s+)?"
        r"(?:be\s+)?(?:mention|tell|show|disclose|report|flag|explain)(?:ed|n)?\s+(?:this\s+|it\s+)"
        r"?"
        r"(?:to|with)\s+the\s+(?:user|owner|account\s+holder|customer)\b",
        r"\bkeep\s+(?:this|it|that)\s+(?:\w+\s+)?(?:secret|hidden|quiet|confidential|to\s+yourself)"
        r"\s+"
        r"from\s+(?:the\s+)?(?:user|owner|account\s+holder|customer)",
        # a trigger: a token in quotes bound to an action
        r"\b(?:code\s*word|safe\s*word|pass\s*phrase|key\s*word|magic\s+word|trigger\s+(?:word|"
        r"phrase)|secret\s+(?:word|phrase))\b[^\n]{0,120}?\b(?:means?|approved|authori[sz]\w*|pay|"
        r"transfer|wire|release|unlock|reveal|disclose|skip|without\s+(?:any\s+)?(?:check|"
        r"confirm)\w*)\b",
        r"\b(?:if|when|whenever|once|as\s+soon\s+as)\s+(?:\w+\s+){0,3}?(?:says?|writes?|types?|"
        r"uses?|sends?|includes?|contains?|mentions?)\s+(?:the\s+)?(?:word|phrase|code|words|"
        r"sentence|token)?\s*[\"'“‘«][^\"'”’»\n]{2,40}[\"'”’»][^\n]{0,120}?\b(?:approved|"
        r"authori[sz]\w*|pay|transfer|wire|release|unlock|reveal|disclose|skip|treat|trust|"
        r"go\s+ahead|confirmed|verified|legitimate|delete|share|send)\b",
        r"\b(?:treat|regard|count|handle)\s+(?:\w+\s+){0,6}?as\s+(?:already\s+|pre-?)?(?:approved|"
        r"verified|authori[sz]ed|trusted|legitimate|genuine|official|confirmed\s+by|coming\s+from)"
        r"\b",
        # pieces of one order
        r"\b(?:part|piece|fragment|half)\s+\d\s*(?:of|/)\s*\d\b[^\n]{0,200}?\b(?:instruction|comman"
        r"d|"
        r"order|rule|request)s?\b",
        r"\b(?:instruction|command|order|request)s?\s+(?:\w+\s+)?(?:part|piece|fragment)\s+\d\b",
        # a persona with its limits gone, or a mode switched on
        r"\b(?:your\s+name\s+is\s+now|you(?:'ll|\s+will)\s+(?:now\s+)?(?:go\s+by|be\s+called|answer"
        r"\s+"
        r"as)|(?:enable|activate|switch\s+(?:to|on)|turn\s+on|enter)\s+(?:\w+\s+)?mode|from\s+now\s"
        r"+on\s+"
        r"(?:it|the\s+assistant|you)(?:'s|\s+is|\s+are|'re)|(?:rename|call)\s+(?:the\s+assistant|"
        r"yourself))\b[^\n]{0,200}?\b(?:no\s+(?:guardrails|safety|caveats|limits|rules|filters|"
        r"restrictions|disclaimers|warnings|questions\s+asked)|unfiltered|uncensored|ignores?\s+(?:"
        r"the\s+|"
        r"all\s+|any\s+)?(?:rules|guidelines|policies|warnings)|(?:never|won't|doesn't|does\s+not)"
        r"\s+"
        r"(?:says?\s+no|refuses?|asks?\s+(?:for\s+)?(?:confirmation|questions|permission)|bother\w*"
        r"\s+"
        r"with|check\w*|warn\w*|question\w*)|always\s+says\s+yes|says\s+yes\s+to\s+(?:everything|"
        r"anything)|does\s+(?:whatever|anything)\s+(?:\w+\s+)?(?:asks?|says?|wants?))",
    ],
)
_add(
    INS,
    None,
    _paid(
        [
            rf"\b{_EN_READER}\s+(?:\w+\s+)?{_EN_MODAL}\s+(?:now\s+|also\s+|always\s+|just\s+|"
            rf"simply\s+|from\s+now\s+on\s+|only\s+|instead\s+|\w+ly\s+)*{_EN_SAY}\b",
            rf"\b(?:if|when|whenever|once|should|next\s+time|any\s*time|every\s+time|each\s+time|"
            rf"in\s+case)\s+{_EN_ASKER}\s+(?:\w+\s+){{0,3}}?(?:asks?|asked|asking|mentions?|brings?"
            rf"\s+"
            r"up|raises?|wants?\s+to\s+know|inquires?|enquires?|requests?|calls?|texts?|writes?|"
            r"messages?|e-?mails?|needs?)\b"
            + _gap(120)
            + r"\b(?:tell|say|answer|reply|respond|recommend|suggest|point|direct|send|give|"
            r"explain|confirm|inform|let\s+(?:them|him|her)\s+know|mention|quote|share|provide|"
            r"(?:that'?s|that\s+is|this\s+is)\s+where\s+(?:it|the\s+money|they|payments?)\s+"
            r"(?:should|must|needs?\s+to|has\s+to)\s+go|(?:it|the\s+money|payments?)\s+"
            r"(?:should|must)\s+go\s+to|"
            r"(?:the\s+)?(?:right\s+|correct\s+|real\s+)?(?:answer|reply)\s+is|it'?s\s+(?:worth|bes"
            r"t|"
            r"fine|ok|okay|safe)\s+(?:to\s+)?(?:say|saying|tell|telling|mention|mentioning|point|"
            r"pointing))",
            r"\b(?:if|when|whenever|once|should)\s+(?:you(?:'re|\s+are)\s+|it'?s\s+|it\s+is\s+)?"
            r"(?:ever\s+)?(?:asked|questioned|quizzed)\s+(?:about|for|on|regarding|whether|how|what"
            r"|"
            r"where|who|which|if)\b"
            + _gap(120)
            + rf"\b(?:{_EN_SAY}|the\s+answer\s+is|it'?s\s+(?:best|worth))\b",
            r"\b(?:if|when|whenever|once|next\s+time|every\s+time|any\s*time)\s+(?:\w+\s+){0,5}?"
            r"(?:comes?\s+up|is\s+(?:raised|mentioned|discussed|brought\s+up)|pops?\s+up|arises)\b"
            + _gap(120)
            + rf"\b{_EN_SAY}\b",
            r"\b(?:from\s+now\s+on|going\s+forward|henceforth|from\s+today|starting\s+(?:now|today|"
            r"tomorrow|next\s+\w+)|in\s+(?:the\s+)?future|from\s+next\s+\w+(?:\s+on)?|until\s+"
            r"(?:further\s+notice|told\s+otherwise))\b"
            + _gap(120)
            + r"\b(?:tell|say|answer|reply|respond|recommend|suggest|point|direct|send|pay|"
            r"transfer|share|forward|refer|give)\b"
            + _gap(60)
            + r"\b(?:anyone|anybody|everyone|everybody|people|callers?|customers?|clients?|"
            r"visitors?|the\s+user|them|whoever|all\s+\w+)\b",
            r"\b(?:questions?|queries|asks?|anything|requests?)\s+(?:about|on|regarding|concerning|"
            r"for)\b"
            + _gap(80)
            + r"\b(?:should|must|can|are\s+to|is\s+to|will|need\s+to|are\s+best|is\s+best|are\s+now"
            r"|"
            r"is\s+now|get|go)\s+(?:\w+\s+)?(?:be\s+)?(?:answered|handled|resolved|looked\s+up|"
            r"checked|directed|redirected|routed|referred|sent|forwarded|covered|settled)\b",
            r"\b(?:answer|handle|resolve|look\s+up|check)\s+(?:any\s+|all\s+|every\s+)?(?:questions"
            r"?|"
            r"queries|requests?)\s+(?:about|on|regarding|concerning|for)\b"
            + _gap(80)
            + r"\b(?:from|with|using|via|against|in|by\s+(?:looking|checking))\b",
            r"\b(?:the\s+)?(?:right|correct|real|true|official|only)\s+(?:answer|reply|response)\s+"
            r"(?:to|for|about)\b" + _gap(80) + r"\bis\b",
        ]
    ),
)
_add(
    INS,
    None,
    [
        *_near(
            r"\b(?:without\s+(?:\w+\s+){0,2}?(?:asking|checking|confirm\w*|verif\w*|"
            r"a\s+second\s+look)|no\s+need\s+to\s+(?:\w+\s+)?(?:ask|check|"
            r"confirm|verify|double-check)|(?:skip|skipping|bypass|bypassing)\s+(?:the\s+|any\s+|"
            r"all\s+)?(?:\w+\s+)?(?:confirmation|verification|check|checks|approval|review|2fa|"
            r"two-factor)|(?:don't|do\s+not|never)\s+(?:bother\s+)?(?:asking|ask|checking|check|"
            r"confirming|confirm|verifying|verify|double-check\w*))\b",
            r"\b(?:share|sharing|shared|send|sending|sent|forward|forwarding|release|releasing|"
            r"disclose|disclosing|delete|deleting|approve|approving|approved|refund|refunding|reset"
            r"|"
            r"resetting|unlock|unlocking|hand\s+over|give\s+out|giving\s+out|payee|order|ordering|"
            r"purchase|purchasing|book|booking)\b",
            80,
        ),
    ],
)
_add(
    TOOL,
    None,
    [
        r"\b(?:forget|delete|erase|wipe|purge|clear|remove)\s+(?:absolutely\s+)?everything\s+"
        r"(?:you\s+|that\s+you\s+|i\s+|we\s+)?(?:know|remember|stored|saved|have|told|learned|"
        r"kept|hold)\b",
        r"\b(?:delete|erase|wipe|purge|clear|remove)\s+(?:\w+\s+){0,2}?(?:saved|stored|remembered|"
        r"long-term)\s+(?:\w+\s+)?(?:memor(?:y|ies)|notes|data|facts|entries|records|details|"
        r"preferences)\b",
        r"\b(?:disable|deactivate|turn\s+off|switch\s+off|remove|pause)\s+(?:the\s+|all\s+|my\s+|"
        r"their\s+|his\s+|her\s+|any\s+)?(?:two-factor|2fa|mfa|multi-factor|fraud\s+alerts?|"
        r"security\s+alerts?|login\s+alerts?|transaction\s+alerts?|payment\s+confirmations?|"
        r"spending\s+limits?|parental\s+controls?)\b",
        r"\badd\s+(?:\w+\s+){1,4}?as\s+(?:a\s+|an\s+)?(?:new\s+)?(?:trusted|authori[sz]ed|approved|"
        r"verified|saved)\s+(?:payee|device|contact|user|recipient|beneficiary|account)\b",
        r"\bchange\s+(?:the\s+|my\s+|his\s+|her\s+|their\s+)?(?:account\s+)?(?:recovery|backup|"
        r"login|sign-in)\s+(?:e-?mail|phone|number|address)\s+(?:\w+\s+)?to\b",
    ],
    quotable=True,
)


#: A link whose query waits for a value: empty, a template, or a name in capitals
#: ("?q=SUMMARY"), not an id or a tracking tag.
_BLANK_LINK = (
    r"https?://[^\s)\]]*[?&][\w-]+=(?:(?=[)\s&\]]|$)|\{|%7b|<|\[|(?-i:[A-ZÄÖÜ_]{4,})(?=[&)\s\]]|$))"
)
#: One's own pay coming in, which a change of account moves without anyone being robbed.
_INCOME = (
    r"\b(?:my|our|mi|mis|nuestr\w*|mein\w*|unser\w*|mon|ma|mes|notre|nos|meu|minha|nosso|mio|mia|"
    r"nostro|mijn|onze|m[óo]j\w*|moja|nasz\w*|мо[йяеи]\w*|наш\w*|мі[йї]\w*|наш\w*)\s+(?:\w+\s+)?"
    r"(?:salary|salaries|wages|pay|paycheck|pension|income|refunds?|gehalt|lohn|rente|sueldo|"
    r"n[óo]mina|salaire|sal[áa]rio|stipendio|pensione|salaris|loon|pensioen|pensj\w*|"
    r"wynagrodzeni\w*|зарплат\w*|пенси\w*|заробітн\w*|пенсі\w*)"
)
#: An e-mail address.
_MAIL = r"[\w.+-]+\s?@\s?[\w-]+\.[\w.]+"
#: Where money is sent: an IBAN, a long account or phone number, an e-mail address, a link.
_ACCOUNT = (
    r"(?:\b[a-z]{2}\d{2}(?:[ -]?[a-z0-9]{2,4}){3,8}\b|\b\d[\d -]{6,}\d\b|[\w.+-]+@[\w-]+\.[\w.]+|"
    r"https?://)"
)


def _families(v: dict[str, str], script: str | None = None, b: str = r"\b", far: int = 50) -> None:
    """The same families in a language whose vocabulary ``v`` gives (any key may be missing):

    - ``reader`` the model as a third person, ``modal`` what it must or may do, ``act`` an
      action on money, data or the memory, ``say`` (after a modal) what it is to say or do;
      ``nocheck`` the reader told it need not check;
    - ``cond`` "if / when / next time", ``asker`` someone other than the writer, ``ask`` asking
      or raising a topic, ``imp`` an order to say or do (imperative, "the answer is");
      ``passive`` "if you are asked"; ``standing`` "from now on", ``third`` "to anyone";
    - ``neg_tell`` "do not tell / without telling", ``user_obj`` "the user / this note";
    - ``skip`` a check skipped, ``skip_act`` what is done without it;
    - ``permission`` a standing consent; ``trigger`` a code word, ``trigger_act`` what it sets
      off, ``quote_verbs`` "a message that says ..."; ``treat`` ... ``treated_as`` "treat it as
      approved";
    - ``questions`` "questions about", ``answered`` "are answered", ``preps`` "from, with";
    - ``switch`` a persona or mode switched on, ``limits`` what it no longer heeds;
    - ``forget_all``, ``delete_saved``, ``disable_sec``, ``add_trusted``: tools.
    """
    v = {key: f"(?:{words})" for key, words in v.items()}  # each key one group
    if "use2" in v:  # an answer taken from a record: one more way to say what to answer
        v = {**v, "imp2": f"(?:{v['imp2']}|{v['use2']})" if "imp2" in v else v["use2"]}
        del v["use2"]
    for key in [k[:-1] for k in v if k.endswith("2")]:  # "imp2": more of "imp"
        v = {**v, key: f"(?:{v[key]}|{v[key + '2']})" if key in v else v[key + "2"]}
    g = _G
    quote = r"[\"'“‘«„「『][^\"'”’»“」』\n]{2,40}[\"'”’»“」』]"
    ins: list[str] = []
    paid: list[str] = []
    tool: list[str] = []
    if "reader" in v and "modal" in v:
        head = rf"{b}{v['reader']}{g}{{0,30}}?{b}{v['modal']}{b}"
        if "act" in v:
            ins.append(rf"{head}{g}{{0,{far}}}?{b}{v['act']}{b}")
        if "say" in v:
            paid.append(rf"{head}{g}{{0,{far}}}?{b}{v['say']}{b}")
    if "reader" in v and "nocheck" in v:
        ins.append(rf"{b}{v['reader']}{g}{{0,30}}?{b}{v['nocheck']}{b}")
    if "asker" in v and "ask" in v and "imp" in v:
        cond = rf"{b}{v['cond']}\s*{g}{{0,30}}?" if "cond" in v else ""
        paid.append(
            rf"{cond}{b}{v['asker']}{b}{g}{{0,40}}?{b}{v['ask']}{b}{g}{{0,120}}?{b}{v['imp']}{b}"
        )
    if "passive" in v and "imp" in v:
        paid.append(rf"{b}{v['passive']}{g}{{0,120}}?{b}{v['imp']}{b}")
    if "standing" in v and "imp" in v and "third" in v:
        paid.append(
            rf"{b}{v['standing']}{b}{g}{{0,120}}?{b}{v['imp']}{g}{{0,60}}?{b}{v['third']}{b}"
        )
    if "neg_tell" in v and "user_obj" in v:
        ins.append(rf"{b}{v['neg_tell']}{b}{g}{{0,40}}?{b}{v['user_obj']}{b}")
    if "permission" in v:
        ins.append(rf"{b}{v['permission']}{b}")
    if "trigger" in v and "trigger_act" in v:
        ins.append(rf"{b}{v['trigger']}{b}[^\n]{{0,120}}?{b}{v['trigger_act']}{b}")
    # what a trigger sets off that a person's own cue ("when I write 'stop', give me feedback")
    # does not: money moved, data handed out, an action
    after = "|".join(f"{b}{v[k]}" for k in ("act", "data", "flow") if k in v)
    if "cond" in v and "quote_verbs" in v and "trigger_act" in v:
        fired = f"{b}{v['trigger_act']}{b}" + (f"|{after}" if after else "")
        ins.append(
            rf"{b}{v['cond']}\s*{g}{{0,40}}?{b}{v['quote_verbs']}{b}{g}{{0,20}}?{quote}"
            rf"[^\n]{{0,120}}?(?:{fired})"
        )
        # the verb last: "zodra iemand 'X' in een bericht zet, ..."
        ins.append(
            rf"{b}{v['cond']}\s*{g}{{0,40}}?{quote}{g}{{0,40}}?{b}{v['quote_verbs']}{b}"
            rf"[^\n]{{0,120}}?(?:{fired})"
        )
    if "treat" in v and "treated_as" in v:
        ins.append(rf"{b}{v['treat']}{b}{g}{{0,50}}?{b}{v['treated_as']}{b}")
    if "questions" in v and "answered" in v and "preps" in v:
        paid.append(
            rf"{b}{v['questions']}{b}{g}{{0,80}}?{b}{v['answered']}{b}{g}{{0,40}}?{b}{v['preps']}"
            rf"{b}"
        )
        if far > 50:  # the participle last: "Fragen zu X werden anhand von Y beantwortet"
            paid.append(
                rf"{b}{v['questions']}{b}{g}{{0,80}}?{b}{v['preps']}{b}{g}{{0,60}}?{b}"
                rf"{v['answered']}{b}"
            )
    quoted: list[str] = []  # a persona quoted in a talk or a story is an example
    if "switch" in v and "limits" in v:
        quoted.append(rf"{b}{v['switch']}{b}[^\n]{{0,200}}?{b}{v['limits']}{b}")
    for key in ("forget_all", "delete_saved", "disable_sec", "add_trusted"):
        if key in v:
            tool.append(rf"{b}{v[key]}{b}")
    out: list[str] = []
    # a reasoning bridge that ends in money going somewhere new: "... so the rent now goes to DE02"
    if "so" in v and "flow" in v:  # (not one's own pay: "so my salary now goes to ...")
        span = rf"(?:(?!{_INCOME})[^\n])"
        ins.append(rf"{b}{v['so']}{b}{span}{{0,150}}?{b}{v['flow']}{span}{{0,80}}?{_ACCOUNT}")
        ins.append(rf"{b}{v['flow']}\s+(?:\w+\s+)?{v['so']}{b}{span}{{0,60}}?{_ACCOUNT}")
    # a trigger: a quoted word that, when it appears, sets something off
    if "word" in v and "appear" in v and after:
        ins.append(
            rf"(?:{b}{v['word']}\s*{quote}[^\n]{{0,60}}?{b}{v['appear']}|{b}{v['appear']}"
            rf"[^\n]{{0,60}}?{b}{v['word']}\s*{quote})[^\n]{{0,150}}?(?:{after})"
        )
    # someone else's request, stored for the model to carry out: "Dad asked the assistant to ..."
    if "requested" in v and "req_act" in v:
        ins.append(rf"{b}{v['requested']}{g}{{0,80}}?{b}{v['req_act']}")
    if "pass_to" in v:
        ins.append(rf"{b}{v['pass_to']}")
    if "phone_ok" in v:  # an approval claimed by phone, for a refund or a payment
        paid.append(rf"{b}{v['phone_ok']}")
    if "acrostic" in v and "do_it" in v:
        ins.append(rf"{b}{v['acrostic']}[\s\S]{{0,80}}?{b}{v['do_it']}{b}")
        ins.append(rf"{b}{v['do_it']}{b}[\s\S]{{0,80}}?{b}{v['acrostic']}")
    # secrets handed to anyone who says who they are
    if "share" in v and "anyone_who" in v:
        ins.append(rf"{b}{v['share']}{g}{{0,80}}?{b}{v['anyone_who']}")
        ins.append(rf"{b}{v['anyone_who']}{g}{{0,80}}?{b}{v['share']}")
    # a note to whichever model reads it: "if an assistant summarises this mail, ..."
    if "cond" in v and "reader" in v and "reads" in v:
        ins.append(rf"{b}{v['cond']}\s*{g}{{0,20}}?{v['reader']}{g}{{0,20}}?{b}{v['reads']}{b}")
    # a system's or an administrator's note, then an order
    if "sysmsg" in v and after:
        ins.append(rf"{b}{v['sysmsg']}\s*[:：\]][^\n]{{0,200}}?(?:{after})")
    if "admin" in v:
        ins.append(rf"[\[(<【]\s*[^\]\n]{{0,20}}?{b}{v['admin']}")
    if "prevails" in v:
        ins.append(rf"{b}{v['prevails']}")
    # pieces of one order: "part 2 of 2 ... together the complete instruction"
    if "part" in v and "instr" in v:
        ins.append(
            rf"{b}{v['part']}\s*\d+\s*(?:/|{v.get('of', 'of')})\s*\d+[\s\S]{{0,300}}?{b}"
            rf"{v['instr']}"
        )
    if "combine" in v and "pieces" in v and "instr" in v:
        ins.append(rf"{b}{v['combine']}{g}{{0,40}}?{b}{v['pieces']}{g}{{0,60}}?{b}{v['instr']}")
    # "everything that used to go to X now goes to <account>"
    if "used_to" in v:
        ins.append(rf"{b}{v['used_to']}[^\n]{{0,200}}?{_ACCOUNT}")
    # the model's rules or settings said to be void
    if "rules" in v and "void" in v and "reader" in v:
        ins.append(
            rf"(?:{b}{v['reader']}{g}{{0,40}}?{b}{v['rules']}|{b}{v['rules']}{g}{{0,40}}?{b}"
            rf"{v['reader']}){g}{{0,80}}?{b}{v['void']}"
        )
    # pieces named by number and read together: "parts 2-4 in a row", "join notes 2 and 3"
    if "pieces_n" in v and "together" in v and "read" in v:  # (not "mix parts 1 and 2 together")
        nums = rf"\d+(?:\s*(?:[-–—、,，+&/]|{v.get('and', 'and')})\s*\d+)+"
        pieces, read, together = (
            rf"{b}{v['pieces_n']}\s*{nums}",
            rf"{b}{v['read']}",
            rf"{b}{v['together']}",
        )
        ins.append(
            rf"{pieces}{g}{{0,40}}?(?:{read}{g}{{0,40}}?{together}|{together}{g}{{0,40}}?{read})"
        )
        ins.append(rf"{read}{g}{{0,30}}?{pieces}{g}{{0,30}}?{together}")
    if "half" in v and "together" in v:
        ins.append(rf"{b}{v['half']}[\s\S]{{0,300}}?{b}{v['together']}")
    # a password reset sent to another address
    if "reset" in v and "send" in v:
        ins.append(rf"{b}{v['reset']}[^\n]{{0,80}}?{b}{v['send']}[^\n]{{0,60}}?{_MAIL}")
        ins.append(rf"{_MAIL}[^\n]{{0,120}}?{b}{v['reset']}[^\n]{{0,60}}?{b}{v['send']}")
    # secrets passed as a tool's argument
    if "secret" in v and "arg" in v:
        out.append(rf"{b}{v['secret']}{b}{g}{{0,60}}?{b}{v['arg']}{b}")
        out.append(rf"{b}{v['arg']}{b}{g}{{0,60}}?{b}{v['secret']}{b}")
    # always telling whoever asks to buy or pay: a standing order about others
    if "always" in v and "third" in v and "imp" in v:
        paid.append(rf"{b}{v['always']}{b}{g}{{0,30}}?{b}{v['imp']}{g}{{0,40}}?{b}{v['third']}{b}")
    # records said to be merged, and a conclusion drawn from the wrong one
    if "record" in v and "merged" in v and "safe" in v:
        ins.append(rf"{b}{v['record']}{g}{{0,60}}?{b}{v['merged']}[^\n]{{0,250}}?{b}{v['safe']}")
    if "official" in v:
        ins.append(rf"{b}{v['official']}")
    # "for the mail assistant: ..." (a word or two between)
    if "for" in v and "reader" in v:
        ins.append(rf"{b}{v['for']}\s+(?:[\w-]+\s+){{0,2}}?{v['reader']}\s*[:：]")
    if "summ" in v:
        paid.append(rf"{b}{v['summ']}{b}")
    # advice given always, its risks left out
    if "always" in v and "risk_omit" in v:
        ins.append(rf"{b}{v['always']}{b}{g}{{0,80}}?{b}{v['risk_omit']}")
        ins.append(rf"{b}{v['risk_omit']}{g}{{0,80}}?{b}{v['always']}{b}")
    # "you must tell everyone to invest in X": an order about what others are told
    if "must_you" in v and "third" in v:
        says = "|".join(v[k] for k in ("say", "imp") if k in v)
        if says:
            paid.append(
                rf"{b}{v['must_you']}{b}{g}{{0,30}}?(?:{says}){g}{{0,30}}?{b}{v['third']}{b}"
            )
    if "all_contacts" in v and "send" in v:
        tool.append(rf"{b}{v['send']}{g}{{0,60}}?{b}{v['all_contacts']}")
    if "send" in v and "data" in v:
        out.append(rf"{b}{v['send']}{g}{{0,80}}?{b}{v['data']}[^\n]{{0,80}}?{_TO}")
        out.append(rf"{b}{v['data']}{g}{{0,80}}?{b}{v['send']}[^\n]{{0,40}}?{_TO}")
    # private data put into a link
    if "data" in v and "link" in v:
        data, link = rf"{b}{v['data']}", rf"{b}{v['link']}"
        pair = rf"(?:{data}[^\n]{{0,100}}?{link}|{link}[^\n]{{0,100}}?{data})"
        out.append(rf"{pair}[^\n]{{0,200}}?{_BLANK_LINK}")
        out.append(rf"{_BLANK_LINK}[^\n]{{0,300}}?{pair}")
    _add(INS, script, quoted, quotable=True)
    _add(OUT, script, out, quotable=True)
    _add(INS, script, _paid(paid))
    _add(INS, script, ins)
    if "skip" in v and "skip_act" in v:
        _add(INS, script, _near(rf"{b}{v['skip']}{b}", rf"{b}{v['skip_act']}{b}", 80))
    _add(TOOL, script, tool, quotable=True)


_DE_READER = (
    r"(?:der|die|das|den|dem|jede[rsnm]?|dein(?:e[nmr]?)?|eure?[nmr]?)\s+(?:[\w-]+\s+)?"
    r"(?:assistent(?!in)\w{0,2}|\w{3,12}assistent(?!in)\w{0,2}|[\w-]{0,12}-assistent(?!in)\w{0,2}|"
    r"ki|k\.i\.|ki-\w+|chatbot|bot|sprachmodell|ki-modell)"
)

#: More families' words, by language (see :func:`_families`): ``so`` a conclusion drawn
#: ("therefore"), ``flow`` money going somewhere; ``word`` / ``appear`` a quoted word turning up;
#: ``requested`` someone's request to the model, ``req_act`` what it asks; ``pass_to`` "pass this
#: to the AI"; ``phone_ok`` an approval said to be given by phone; ``share`` / ``anyone_who``
#: secrets told to whoever claims to be someone; ``acrostic`` letters to be read down the lines;
#: ``data`` / ``link`` private data put into a link; ``imp2`` more ways to say what to answer.
_MORE: dict[str, dict[str, str]] = {
    "en": {
        "so": r"(?:so|therefore|thus|hence|consequently|which\s+means|that\s+means|meaning|"
        r"as\s+a\s+result|accordingly)",
        "flow": r"(?:goes|now\s+go|should\s+go|must\s+go|will\s+go|be\s+(?:paid|sent|"
        r"transferred|wired|made|deposited|moved|routed|redirected)|paid|sent|transferred|wired|"
        r"deposited|routed|redirected|forwarded)\b",
        "word": r"(?:word|phrase|term|expression|code|password|emoji)",
        "appear": r"(?:appears?|comes?\s+up|is\s+(?:used|said|mentioned|typed|written|sent)|"
        r"shows?\s+up|pops?\s+up|turns?\s+up)",
        "reader": _EN_READER,
        "act": _EN_ACT,
        "share": r"(?:shares?|sharing|gives?\s+out|hands?\s+out|tells?|reveals?|discloses?|"
        r"sends?|reads?\s+out)",
        "anyone_who": r"(?:anyone|anybody|everyone|whoever|any\s+(?:caller|person|one))\s+"
        r"(?:who|that)\s+(?:says|claims|asks|calls|writes|mentions|knows|gives)",
        "requested": r"(?:asked|told|instructed|wants?|wanted|would\s+like|requested|got)\s+"
        rf"{_EN_READER}\s+to",
        "req_act": r"(?:pay|transfer|wire|send|forward|share|delete|erase|wipe|remove|turn\s+off|"
        r"switch\s+off|disable|cancel|approve|refund|unlock|email|e-mail|message|text|post|"
        r"reveal|disclose)\b",
        "pass_to": rf"(?:pass|forward|relay|give|hand)\s+(?:this|it|that)?\s*(?:on\s+)?to\s+"
        rf"{_EN_READER}\b",
        "phone_ok": r"(?:approved|agreed|authori[sz]ed|confirmed|okay(?:ed)?|ok'd|signed\s+off|appr"
        r"oval)"
        r"\s+(?:\w+\s+){0,3}?(?:on|by|over)\s+(?:the\s+)?(?:phone|telephone|a\s+call)",
        "acrostic": r"(?:first|initial)\s+letters?\s+of\s+(?:each|every)\s+(?:line|word|item|"
        r"sentence)|read\s+(?:it\s+|them\s+|this\s+)?(?:vertically|downwards|top\s+to\s+bottom)",
        "data": r"(?:conversation|chat\s+history|chat\s+log|transcript|passport|password|pin|"
        r"address|phone\s+numbers?|contacts|memories|card\s+number|booking\s+codes?|"
        r"account\s+number)",
        "link": r"(?:link|url|image|query|parameter|web\s+address)",
    },
    "es": {
        "so": r"(?:por\s+(?:lo\s+)?tanto|as[íi]\s+que|por\s+eso|en\s+consecuencia|o\s+sea|es\s+deci"
        r"r|"
        r"de\s+modo\s+que|de\s+manera\s+que|entonces|por\s+consiguiente|luego)",
        "flow": r"(?:va|van|ir|debe\s+ir|tiene\s+que\s+ir|pag\w+|ingres\w+|transfer\w+|envi\w+|"
        r"env[íi]\w+|deposit\w+|destino|mand\w+|abon\w+)\b",
        "word": r"(?:palabra|frase|expresi[óo]n|c[óo]digo|t[ée]rmino|contrase[ñn]a|emoji)",
        "appear": r"(?:aparece|aparezca|sale|salga|se\s+menciona|se\s+mencione|se\s+usa|se\s+use|"
        r"se\s+dice|se\s+diga|se\s+escribe|se\s+escriba)",
        "share": r"(?:comparte|compartir|da|dar|dile|cuenta|contar|revela|revelar|env[íi]a|enviar|"
        r"facilita|facilitar|pasa|pasar)",
        "anyone_who": r"(?:a\s+cualquiera\s+que|a\s+quien\s+(?:sea\s+que\s+)?|a\s+todo\s+el\s+que|"
        r"a\s+toda\s+persona\s+que|a\s+cualquier\s+persona\s+que)\s*(?:diga|afirme|pregunte|llame|"
        r"escriba|se\s+presente|sepa)",
        "requested": r"(?:le\s+)?(?:pidi[óo]|pide|ha\s+pedido|dijo|orden[óo]|encarg[óo]|quiere\s+qu"
        r"e|"
        r"quer[íi]a\s+que)\s+(?:al|a\s+la)\s+(?:asistente|ia|bot|inteligencia\s+artificial)",
        "req_act": r"(?:envi|envíe|enviara|borr|elimin|transfier|transfir|hiciera\s+una\s+transfere"
        r"ncia|"
        r"haga\s+una\s+transferencia|pag|desactiv|apag|compart|reenv|mand|cancel|aprob|reembols)\w"
        r"*",
        "pass_to": r"(?:p[áa]sa(?:lo|le|selo)?|p[áa]sese|reenv[íi]a(?:lo)?|transmit(?:e|a|ir)(?:lo)"
        r"?|"
        r"hazlo\s+llegar|haced\s+llegar|hacer\s+llegar)\s+(?:esto\s+|este\s+mensaje\s+)?(?:al|a\s+l"
        r"a)\s+"
        r"(?:asistente|ia|bot|chatbot|inteligencia\s+artificial)",
        "phone_ok": r"(?:aprob|autoriz|acept|confirm|d[ií]o\s+el\s+visto\s+bueno)\w*\s+(?:\w+\s+){0"
        r",2}?"
        r"(?:por\s+tel[ée]fono|por\s+llamada|en\s+una\s+llamada|telef[óo]nicamente)",
        "acrostic": r"(?:primeras?\s+letras?\s+de\s+cada\s+(?:l[íi]nea|palabra|rengl[óo]n|frase)|"
        r"l[ée]e(?:lo|la|las|los)?\s+en\s+vertical|de\s+arriba\s+abajo\s+(?:las\s+)?iniciales)",
        "data": r"(?:historial|conversaci[óo]n|chat|pasaporte|contrase[ñn]a|pin|direcci[óo]n|"
        r"tel[ée]fonos?|contactos|memorias|n[úu]mero\s+de\s+(?:la\s+)?tarjeta|"
        r"c[óo]digos?\s+de\s+reserva|dni)",
        "link": r"(?:enlace|link|url|imagen|par[áa]metro|direcci[óo]n\s+web)",
        "imp2": r"(?:recu[ée]rda(?:le|les)?|habr[áa]\s+que\s+(?:decir|recordar)|hay\s+que\s+recorda"
        r"r|"
        r"(?:ese|este|esa|esta)\s+es\s+el\s+destino|(?:debe|tiene\s+que)\s+ir\s+a)",
    },
    "de": {
        "so": r"(?:also|folglich|daher|deshalb|demnach|somit|das\s+hei[ßs]t|d\.\s?h\.|"
        r"infolgedessen|darum|deswegen|mithin)",
        "flow": r"(?:geht|gehen|gehört|zahl\w*|bezahl\w*|[üu]berweis\w*|geschickt|gesendet|"
        r"einzahl\w*|eingezahlt|[üu]berwiesen)\b",
        "word": r"(?:wort|begriff|ausdruck|satz|code|kennwort|emoji|stichwort)",
        "appear": r"(?:auftaucht|taucht|vorkommt|kommt|f[äa]llt|erw[äa]hnt\s+wird|genannt\s+wird|"
        r"gesagt\s+wird|geschrieben\s+wird|steht)",
        "reader": _DE_READER,
        "share": r"(?:teilt|teile|erz[äa]hlt|erz[äa]hle|gibt|gib|verr[äa]t|verrate|nennt|nenne|"
        r"schickt|schicke|sagt|sage)",
        "anyone_who": r"(?:jede[mn]|allen|jedermann)\s*(?:\w+\s*)?,?\s*(?:der|die|das)\s+(?:\w+\s+)"
        r"{0,4}?"
        r"(?:sagt|behauptet|fragt|anruft|schreibt|angibt|vorgibt)",
        "requested": r"(?:hat|haben|habe)\s+(?:den|die|das)\s+(?:assistent(?!in)\w{0,2}|ki|bot|"
        r"ki-\w+|\w{3,12}assistent(?!in)\w{0,2})\s+(?:\w+\s+)?(?:gebeten|beauftragt|angewiesen|"
        r"aufgefordert)",
        "req_act": r"(?:l[öo]schen|[üu]berweisen|bezahlen|zahlen|schicken|senden|weiterleiten|"
        r"abschalten|ausschalten|deaktivieren|teilen|freigeben|stornieren|k[üu]ndigen)",
        "pass_to": r"(?:an|f[üu]r)\s+(?:den|die|das)\s+(?:ki|ai|ki-\w+|assistent(?!in)\w{0,2}|"
        r"chatbot|bot|\w{3,12}assistent(?!in)\w{0,2})(?:[\s-]\w+)?\s+(?:weiter(?:zu)?geben|"
        r"weiter(?:zu)?leiten|[üu]bergeben)",
        "phone_ok": r"(?:am|per|telefonisch|via)\s+(?:telefon\s+)?(?:\w+\s+){0,3}?(?:zugestimmt|"
        r"genehmigt|freigegeben|best[äa]tigt|erlaubt|abgesegnet|okay\s+gegeben)",
        "acrostic": r"(?:anfangsbuchstaben|ersten\s+buchstaben)\s+(?:jeder|aller|der)\s+(?:zeile|"
        r"w[öo]rter|zeilen)|(?:von\s+oben\s+nach\s+unten|senkrecht)\s+lesen",
        "data": r"(?:chatverlauf|verlauf|unterhaltung|passnummer|reisepass|passwort|kennwort|pin|"
        r"\w{0,8}adresse|telefonnummer|kontakte|erinnerungen|kartennummer|buchungscodes?|"
        r"kontonummer)",
        "link": r"(?:link|url|bild|parameter|adresse\s+im\s+browser)",
        "imp2": r"(?:erinnere|muss\s+man\s+(?:sagen|erinnern)|ist\s+das\s+(?:richtige\s+)?(?:ziel|k"
        r"onto))",
    },
    "fr": {
        "so": r"(?:donc|par\s+cons[ée]quent|ainsi|c'est\s+pourquoi|du\s+coup|autrement\s+dit|"
        r"ce\s+qui\s+veut\s+dire|de\s+ce\s+fait|en\s+cons[ée]quence|d[èe]s\s+lors)",
        "flow": r"(?:va|vont|doit\s+aller|pai\w+|pay\w+|vir\w+|vers\w+|transf[ée]r\w+|envoy\w+|"
        r"destination|r[ée]gl\w+)\b",
        "word": r"(?:mot|phrase|expression|terme|code|mot\s+de\s+passe|emoji)",
        "appear": r"(?:appara[îi]t|est\s+(?:mentionn[ée]|utilis[ée]|prononc[ée]|[ée]crit)|revient|"
        r"surgit)",
        "share": r"(?:partage\w*|donne\w*|dit|dis|raconte\w*|r[ée]v[èe]le\w*|envoie\w*|communique\w"
        r"*|"
        r"transmet\w*)",
        "anyone_who": r"(?:[àa]\s+(?:quiconque|toute\s+personne\s+qui|tous\s+ceux\s+qui|n'importe\s"
        r"+"
        r"qui\s+qui|qui\s+que\s+ce\s+soit\s+qui)|[àa]\s+celui\s+qui)\s*(?:se\s+)?(?:dit|pr[ée]tend|"
        r"demande|appelle|[ée]crit|pr[ée]sente|affirme)",
        "requested": r"a\s+demand[ée]\s+[àa]\s+(?:l'assistant|l'ia|au\s+bot|au\s+chatbot|"
        r"l'intelligence\s+artificielle)\s+(?:de|d')",
        "req_act": r"(?:envoy|supprim|effac|vir|pay|transf[ée]r|partag|d[ée]sactiv|coup|annul|"
        r"approuv|rembours|transmet)\w*",
        "pass_to": r"(?:transmettre|transmettez|transmets|faire\s+suivre|faites\s+suivre|fais\s+"
        r"suivre|passer|passez)\s+(?:ceci\s+|ce\s+message\s+)?(?:[àa]\s+l'|au\s+|[àa]\s+la\s+)"
        r"(?:assistant|ia|bot|chatbot|support\s+ia)",
        "phone_ok": r"(?:valid[ée]|approuv[ée]|accept[ée]|autoris[ée]|confirm[ée]|donn[ée]\s+"
        r"(?:son|leur)\s+accord)\s+(?:\w+\s+){0,2}?(?:par|au)\s+t[ée]l[ée]phone",
        "acrostic": r"(?:premi[èe]res?\s+lettres?\s+de\s+chaque\s+(?:ligne|mot|phrase)|lis(?:ez)?\s"
        r"+"
        r"(?:\w+\s+)?(?:verticalement|de\s+haut\s+en\s+bas))",
        "data": r"(?:historique|conversation|passeport|mot\s+de\s+passe|code\s+pin|adresse|"
        r"num[ée]ros?\s+de\s+t[ée]l[ée]phone|contacts|souvenirs|num[ée]ro\s+de\s+carte|"
        r"codes?\s+de\s+r[ée]servation)",
        "link": r"(?:lien|url|image|param[èe]tre)",
        "imp2": r"(?:rappelle(?:-lui|-leur)?|rappelez|il\s+(?:faut|faudra|faudrait)\s+(?:lui\s+|leu"
        r"r\s+)?"
        r"(?:dire|rappeler|r[ée]pondre|indiquer|pr[ée]ciser|mentionner|signaler)|c'est\s+l[àa]\s+"
        r"(?:qu'il|que\s+l'argent)\s+doit\s+aller)",
    },
    "pt": {
        "so": r"(?:portanto|por\s+isso|assim|logo|ent[ãa]o|ou\s+seja|por\s+conseguinte|"
        r"consequentemente|pelo\s+que)",
        "flow": r"(?:vai|v[ãa]o|deve\s+ir|pag\w+|transfer\w+|deposit\w+|envi\w+|mand\w+|destino)\b",
        "word": r"(?:palavra|frase|express[ãa]o|c[óo]digo|termo|senha|emoji)",
        "appear": r"(?:aparece|aparecer|surgir|surge|for\s+(?:mencionad|usad|dit|escrit)\w+|"
        r"[ée]\s+(?:mencionad|usad|dit|escrit)\w+)",
        "share": r"(?:partilha\w*|compartilha\w*|d[áa]|dar|conta\w*|revela\w*|envia\w*|passa\w*)",
        "anyone_who": r"(?:a\s+qualquer\s+(?:pessoa|um)\s+que|a\s+quem\s+(?:quer\s+que\s+)?|"
        r"a\s+todos\s+(?:os\s+)?que|a\s+toda\s+a\s+gente\s+que)\s*(?:diga|disser|afirme|pergunte|"
        r"perguntar|ligue|ligar|se\s+apresente)",
        "requested": r"(?:pediu|pede|mandou|disse|quer\s+que|queria\s+que)\s+(?:ao|[àa])\s+"
        r"(?:assistente|ia|bot|intelig[êe]ncia\s+artificial)\s+(?:para|que)",
        "req_act": r"(?:envi|mand|apag|elimin|exclu|transfer|pag|desativ|deslig|partilh|compartilh|"
        r"encaminh|cancel|aprov|reembols)\w*",
        "pass_to": r"(?:passa|passe|reencaminha|reencaminhe|encaminha|encaminhe|transmite|"
        r"transmita)(?:-o|-a)?\s+(?:isto\s+|esta\s+mensagem\s+)?(?:ao|[àa])\s+(?:assistente|ia|bot|"
        r"chatbot)",
        "phone_ok": r"(?:aprov|autoriz|aceit|confirm|deu\s+o\s+ok)\w*\s+(?:\w+\s+){0,2}?"
        r"(?:por|ao|pelo)\s+telefone",
        "acrostic": r"(?:primeiras?\s+letras?\s+de\s+cada\s+(?:linha|palavra|frase)|l[êe](?:-o|-a)?"
        r"\s+"
        r"na\s+vertical)",
        "data": r"(?:hist[óo]rico|conversa|passaporte|senha|pin|morada|endere[çc]o|telefones?|"
        r"contac?tos|mem[óo]rias|n[úu]mero\s+do\s+cart[ãa]o|c[óo]digos?\s+de\s+reserva|cpf|nif)",
        "link": r"(?:link|liga[çc][ãa]o|url|imagem|par[âa]metro)",
        "imp2": r"(?:lembra(?:-lhe|-lhes)?|lembre|(?:vai|h[áa])\s+que\s+(?:dizer|lembrar)|"
        r"(?:esse|este)\s+[ée]\s+o\s+destino)",
    },
    "it": {
        "so": r"(?:quindi|perci[òo]|pertanto|dunque|di\s+conseguenza|cio[èe]|per\s+questo|"
        r"ne\s+consegue|per\s+cui)",
        "flow": r"(?:va|vanno|deve\s+andare|pag\w+|bonific\w+|vers\w+|trasfer\w+|invi\w+|mand\w+|"
        r"destinazione)\b",
        "word": r"(?:parola|frase|espressione|termine|codice|password|emoji)",
        "appear": r"(?:compare|appare|spunta|viene\s+(?:menzionat|usat|dett|scritt)\w|[èe]\s+"
        r"(?:menzionat|usat|dett|scritt)\w)",
        "share": r"(?:condivid\w+|d[àa]|dare|racconta\w*|rivela\w*|invia\w*|manda\w*|passa\w*|"
        r"comunica\w*)",
        "anyone_who": r"(?:a\s+chiunque|a\s+tutti\s+quelli\s+che|a\s+qualsiasi\s+persona\s+che|"
        r"a\s+chi)\s*(?:dica|dice|affermi|chieda|chiede|chiami|scriva|si\s+presenti)",
        "requested": r"ha\s+chiesto\s+(?:all'assistente|all'ia|al\s+bot|al\s+chatbot)\s+di",
        "req_act": r"(?:invi|mand|cancell|elimin|trasfer|pag|bonific|disattiv|spegn|condivid|"
        r"inoltr|annull|approv|rimbors)\w*",
        "pass_to": r"(?:passa|passate|inoltra|inoltrate|gira|girate|trasmetti|trasmettete)(?:lo|la)"
        r"?"
        r"\s+(?:questo\s+)?(?:all'|al\s+|alla\s+)(?:assistente|ia|bot|chatbot)",
        "phone_ok": r"(?:approvat|autorizzat|accettat|confermat|dato\s+l'ok)\w*\s+(?:\w+\s+){0,2}?"
        r"(?:per|al)\s+telefono",
        "acrostic": r"(?:prime\s+lettere\s+di\s+ogni\s+(?:riga|parola|frase)|prima\s+lettera\s+di\s"
        r"+"
        r"ogni\s+(?:riga|parola)|leggi(?:lo|la)?\s+in\s+verticale)",
        "data": r"(?:cronologia|conversazione|passaporto|password|pin|indirizzo|numeri?\s+di\s+"
        r"telefono|contatti|numero\s+della\s+carta|codici?\s+di\s+prenotazione|"
        r"codice\s+fiscale)",
        "link": r"(?:link|collegamento|url|immagine|parametro)",
        "imp2": r"(?:ricorda(?:gli|le)?|bisogner[àa]\s+(?:dire|ricordare)|(?:quella|questa)\s+[èe]"
        r"\s+"
        r"la\s+destinazione)",
    },
    "nl": {
        "so": r"(?:dus|daarom|derhalve|bijgevolg|oftewel|met\s+andere\s+woorden|zodoende|"
        r"dientengevolge|vandaar)",
        "flow": r"(?:gaat|gaan|moet\s+naar|betaal\w*|overgemaakt|overmak\w+|overboek\w+|gestort|"
        r"storten|gestuurd)\b",
        "word": r"(?:woord|zin|term|uitdrukking|code|wachtwoord|emoji)",
        "appear": r"(?:opduikt|voorkomt|valt|genoemd\s+wordt|gebruikt\s+wordt|gezegd\s+wordt|"
        r"verschijnt)",
        "share": r"(?:deelt|deel|geeft|geef|vertelt|vertel|verklapt|stuurt|stuur|noemt|noem)",
        "anyone_who": r"(?:iedereen|wie\s+dan\s+ook|elke\s+beller)\s+die\s+(?:\w+\s+){0,3}?(?:zegt|"
        r"beweert|vraagt|belt|schrijft|aangeeft)",
        "requested": r"heeft\s+(?:de|het)\s+(?:assistent|ai|bot|\w{3,12}assistent)\s+(?:\w+\s+)?"
        r"gevraagd",
        "req_act": r"(?:verwijder|wis|overmak|overmaken|betal|stuur|stur|doorstur|uitzet|uitschakel"
        r"|"
        r"del|annuleer|goedkeur)\w*",
        "pass_to": r"(?:doorgeven|doorsturen|doorzetten|geef\s+(?:dit\s+)?door|stuur\s+(?:dit\s+)?d"
        r"oor)"
        r"\s+(?:aan|naar)\s+(?:de|het)\s+(?:ai|assistent|bot|chatbot|ai-\w+)|(?:aan|naar)\s+(?:de|h"
        r"et)\s+"
        r"(?:ai|assistent|bot|chatbot|ai-\w+)\s+(?:doorgeven|doorsturen|doorzetten)",
        "phone_ok": r"(?:telefonisch|per\s+telefoon|aan\s+de\s+telefoon)\s+(?:\w+\s+){0,3}?"
        r"(?:goedgekeurd|akkoord|toestemming|bevestigd|ingestemd)",
        "acrostic": r"(?:eerste\s+letters?\s+van\s+(?:elke|iedere)\s+(?:regel|zin|woord)|"
        r"(?:verticaal|van\s+boven\s+naar\s+beneden)\s+(?:lezen|leest|lees))",
        "data": r"(?:geschiedenis|gesprek\w*|chatlog|paspoort|wachtwoord|pincode|\w{0,8}adres|"
        r"telefoonnummers?|contacten|herinneringen|kaartnummer|boekingscodes?|bsn)",
        "link": r"(?:link|url|afbeelding|parameter)",
        "imp2": r"(?:herinner|moet\s+je\s+(?:zeggen|herinneren)|is\s+dat\s+de\s+(?:juiste\s+)?"
        r"(?:rekening|bestemming))",
    },
    "pl": {
        "so": r"(?:wi[ęe]c|zatem|dlatego|w\s+zwi[ąa]zku\s+z\s+tym|czyli|a\s+wi[ęe]c|tym\s+samym|"
        r"przeto|st[ąa]d)",
        "flow": r"(?:idzie|id[ąa]|trafia\w*|p[łl]a[ćc]\w*|p[łl]aci\w*|przel\w+|wp[łl]ac\w+|"
        r"wysy[łl]\w+|wy[śs]l\w+|kieruj\w+)\b",
        "word": r"(?:s[łl]owo|fraza|wyra[żz]enie|has[łl]o|kod|emoji)",
        "appear": r"(?:pojawi\s+si[ęe]|padnie|zostanie\s+u[żz]yt\w+|b[ęe]dzie\s+(?:wspomnian\w+|"
        r"u[żz]yt\w+)|wyst[ąa]pi)",
        "share": r"(?:udost[ęe]pnia\w*|podaje|podaj|m[óo]wi|powiedz|zdradza|wysy[łl]a|wy[śs]lij|"
        r"przekazuje|przeka[żz])",
        "anyone_who": r"(?:ka[żz]demu|wszystkim|komukolwiek),?\s+(?:kto|co)\s+(?:\w+\s+){0,3}?"
        r"(?:powie|twierdzi|zapyta|zadzwoni|napisze|przedstawi)",
        "requested": r"poprosi[łl]\w*\s+(?:asystent\w*|bota|ai|sztuczn\w+\s+inteligencj\w+)\s+"
        r"(?:o|[żz]eby|aby|by)",
        "req_act": r"(?:usun|usuwa|skasow|przel|zap[łl]ac|wys[łl]a|wy[śs]l|wy[łl][ąa]cz|udost[ęe]pn"
        r"|"
        r"przeka|anul|zatwierd|zwr[óo]c)\w*",
        "pass_to": r"(?:przeka[żz]|przeka[żz]cie|przes[łl]a[ćc]|prze[śs]lij)\s+(?:to\s+)?(?:do\s+)?"
        r"(?:asystent\w*|bot\w*|ai|sztucznej\s+inteligencji)",
        "phone_ok": r"(?:zatwierdzi[łl]\w*|zgodzi[łl]\w*|potwierdzi[łl]\w*|zaakceptowa[łl]\w*)\s+"
        r"(?:\w+\s+){0,2}?(?:przez\s+telefon|telefonicznie)",
        "acrostic": r"(?:pierwsz\w+\s+liter\w*\s+(?:ka[żz]d\w+\s+)?(?:linij|lini|wiersz|s[łl]ow)\w*"
        r"|"
        r"czytaj\s+(?:\w+\s+)?(?:pionowo|od\s+g[óo]ry\s+do\s+do[łl]u))",
        "data": r"(?:histori\w+\s+(?:rozm[óo]w|czatu)|rozmow\w+|paszport\w*|has[łl]\w+|pin|adres\w*"
        r"|"
        r"numer\w*\s+telefon\w*|kontakt\w+|wspomnie\w+|numer\w*\s+karty|pesel|kod\w*\s+rezerwacji)",
        "link": r"(?:link\w*|url|obraz\w*|parametr\w*|adres\w*\s+www)",
        "imp2": r"(?:przypomnij|trzeba\s+(?:przypomnie[ćc]|powiedzie[ćc])|to\s+jest\s+w[łl]a[śs]ciw"
        r"e\s+"
        r"konto)",
    },
    "ru": {
        "so": r"(?:поэтому|значит|следовательно|так\s+что|то\s+есть|а\s+значит|соответственно|"
        r"стало\s+быть|в\s+итоге)",
        "flow": r"(?:ид[её]т|идут|уходит|поступа\w+|плат\w+|оплач\w+|перевод\w*|перечисл\w+|"
        r"отправля\w+|направля\w+|переводить|перевести)",
        "word": r"(?:слово|фраз\w+|выражени\w+|код\w*|пароль|эмодзи)",
        "appear": r"(?:появится|встретится|прозвучит|будет\s+упомянут\w*|упомянут|скажут|напишут|"
        r"мелькн[её]т)",
        "share": r"(?:дели(?:тся|сь)|расскажи|рассказывает|сообщает|сообщи|называет|назови|выдаёт|"
        r"выда[её]т|выдай|отправляет|отправь|говорит|скажи)",
        "anyone_who": r"(?:любому|всем|каждому|кому\s+угодно),?\s+кто\s+(?:\w+\s+){0,3}?(?:скажет|"
        r"назов[её]тся|представится|спросит|позвонит|напишет|утверждает)",
        "requested": r"попросил\w*\s+(?:ассистент\w*|помощник\w*|бот\w*|ии|нейросет\w+)",
        "req_act": r"(?:удал|стер|перев[её]|перевести|оплат|отправ|пересл|отключ|выключ|подел|"
        r"переда|отмен|одобр|верн)\w*",
        "pass_to": r"(?:передай(?:те)?|перешли(?:те)?|передать|переслать)\s+(?:это\s+)?(?:ассистент"
        r"\w*|"
        r"помощник\w*|бот\w*|ии|нейросет\w+|чат-?бот\w*)",
        "phone_ok": r"(?:одобрил\w*|согласовал\w*|подтвердил\w*|разрешил\w*|дал\w*\s+добро)\s+"
        r"(?:\w+\s+){0,2}?(?:по\s+телефону|телефонн\w+|в\s+звонке)",
        "acrostic": r"(?:перв\w+\s+букв\w+\s+(?:кажд\w+\s+)?(?:строк|слов)\w*|читай\s+(?:\w+\s+)?"
        r"(?:вертикально|сверху\s+вниз))",
        "data": r"(?:истори\w+\s+(?:переписк|чат|разговор)\w*|переписк\w+|паспорт\w*|парол\w+|"
        r"адрес\w*|телефон\w*|контакт\w+|воспоминани\w+|номер\w*\s+карт\w+|код\w*\s+брони\w*)",
        "link": r"(?:ссылк\w+|url|картинк\w+|изображени\w+|параметр\w*)",
        "imp2": r"(?:напомни(?:те)?|нужно\s+напомнить|надо\s+напомнить|это\s+(?:правильный|верный)"
        r"\s+"
        r"(?:сч[её]т|адрес))",
    },
    "uk": {
        "so": r"(?:тому|отже|значить|тож|тобто|відтак|відповідно|а\s+отже|у\s+підсумку)",
        "flow": r"(?:іде|йде|ідуть|надходить|надходять|плат\w+|оплач\w+|переказ\w*|перерахов\w+|"
        r"надсила\w+|спрямов\w+|переказати)",
        "word": r"(?:слово|фраз\w+|вираз\w*|код\w*|пароль|емодзі)",
        "appear": r"(?:з['ʼ’]?явиться|трапиться|прозвучить|буде\s+згадан\w*|згадають|скажуть|"
        r"напишуть)",
        "share": r"(?:діли(?:ться|сь)|розкажи|розповідає|повідомляє|повідом|називає|назви|видає|"
        r"видай|надсилає|надішли|каже|скажи)",
        "anyone_who": r"(?:будь-кому|всім|усім|кожному),?\s+хто\s+(?:\w+\s+){0,3}?(?:скаже|"
        r"назветься|представиться|запитає|зателефонує|напише|стверджує)",
        "requested": r"попроси\w*\s+(?:асистент\w*|помічни\w*|бот\w*|ші|нейромереж\w+)",
        "req_act": r"(?:видал|стер|перека|оплат|надісл|пересл|вимкн|відключ|поділ|переда|скасу|"
        r"схвал|поверн)\w*",
        "pass_to": r"(?:передай(?:те)?|перешли(?:ть)?|передати|переслати)\s+(?:це\s+)?(?:асистент\w"
        r"*|"
        r"помічни\w*|бот\w*|ші|чат-?бот\w*)",
        "phone_ok": r"(?:схвалив\w*|погодив\w*|підтвердив\w*|дозволив\w*|дав\w*\s+добро)\s+"
        r"(?:\w+\s+){0,2}?(?:по\s+телефону|телефоном|під\s+час\s+дзвінка)",
        "acrostic": r"(?:перш\w+\s+літер\w+\s+(?:кожн\w+\s+)?(?:рядк|слов)\w*|читай\s+(?:\w+\s+)?"
        r"(?:вертикально|згори\s+вниз))",
        "data": r"(?:істор\w+\s+(?:листуванн|чат|розмов)\w*|листуванн\w+|паспорт\w*|парол\w+|"
        r"адрес\w*|телефон\w*|контакт\w+|спогад\w+|номер\w*\s+картк\w+)",
        "link": r"(?:посиланн\w+|url|картинк\w+|зображенн\w+|параметр\w*)",
        "imp2": r"(?:нагадай(?:те)?|треба\s+нагадати|потрібно\s+нагадати|це\s+(?:правильний|"
        r"вірний)\s+рахунок)",
    },
    "vi": {
        "so": r"(?:vì\s+vậy|do\s+đó|cho\s+nên|vậy\s+nên|tức\s+là|nghĩa\s+là|vì\s+thế|thế\s+nên)",
        "flow": r"(?:chuyển|gửi|nộp|đóng|thanh\s+toán|trả|vào\s+tài\s+khoản)",
        "word": r"(?:từ|cụm\s+từ|câu|mã|mật\s+khẩu)",
        "appear": r"(?:xuất\s+hiện|được\s+nhắc|được\s+dùng|được\s+nói|có\s+trong)",
        "share": r"(?:chia\s+sẻ|cho\s+biết|nói|tiết\s+lộ|gửi|đưa)",
        "anyone_who": r"(?:bất\s+kỳ\s+ai|bất\s+cứ\s+ai|ai|mọi\s+người)\s+(?:\w+\s+)?(?:tự\s+xưng|nó"
        r"i\s+"
        r"mình|xưng\s+là|bảo\s+là|gọi\s+đến|hỏi)",
        "requested": r"(?:nhờ|bảo|yêu\s+cầu|dặn)\s+(?:trợ\s+lý|bot|chatbot|(?-i:AI))",
        "req_act": r"(?:xóa|xoá|chuyển|gửi|thanh\s+toán|tắt|chia\s+sẻ|hủy|huỷ|duyệt|hoàn\s+tiền)",
        "pass_to": r"(?:chuyển|gửi|đưa)\s+(?:cái\s+này\s+|tin\s+này\s+)?(?:cho|tới|đến)\s+(?:trợ\s+"
        r"lý|"
        r"bot|chatbot|(?-i:AI))",
        "phone_ok": r"(?:đã\s+)?(?:duyệt|đồng\s+ý|xác\s+nhận|cho\s+phép)\s+(?:\w+\s+){0,2}?qua\s+đi"
        r"ện\s+"
        r"thoại",
        "acrostic": r"(?:chữ\s+cái\s+đầu\s+(?:tiên\s+)?(?:của\s+)?(?:mỗi|từng)\s+(?:dòng|từ)|đọc\s+"
        r"(?:theo\s+)?(?:chiều\s+dọc|từ\s+trên\s+xuống))",
        "data": r"(?:lịch\s+sử\s+trò\s+chuyện|cuộc\s+trò\s+chuyện|hộ\s+chiếu|mật\s+khẩu|địa\s+chỉ|"
        r"số\s+điện\s+thoại|danh\s+bạ|số\s+thẻ|mã\s+đặt\s+chỗ)",
        "link": r"(?:đường\s+link|đường\s+dẫn|link|url|hình\s+ảnh|tham\s+số)",
        "imp2": r"(?:nhắc|nhớ\s+nói|phải\s+nói)",
    },
    "id": {
        "so": r"(?:jadi|maka|oleh\s+karena\s+itu|karena\s+itu|artinya|dengan\s+demikian|sehingga|"
        r"makanya)",
        "flow": r"(?:transfer\w*|kirim\w*|bayar\w*|setor\w*|masuk\w*|dikirim|ditransfer|dibayar)",
        "word": r"(?:kata|frasa|kalimat|istilah|kode|sandi|emoji)",
        "appear": r"(?:muncul|disebut|dipakai|digunakan|diucapkan|ditulis|ada\s+di)",
        "share": r"(?:bagikan|membagikan|berikan|memberikan|kasih\s+tahu|beri\s+tahu|sebutkan|"
        r"kirimkan|mengirimkan|ceritakan)",
        "anyone_who": r"(?:siapa\s+pun|siapapun|semua\s+orang|setiap\s+orang)\s+yang\s+(?:\w+\s+)?"
        r"(?:mengaku|bilang|mengatakan|bertanya|menelepon|menghubungi)",
        "requested": r"(?:minta|meminta|menyuruh|suruh)\s+(?:asisten|bot|chatbot|(?-i:AI))\s+"
        r"(?:\w+\s+)?(?:untuk|agar|supaya)?",
        "req_act": r"(?:hapus|menghapus|transfer|mentransfer|kirim|mengirim|bayar|membayar|matikan|"
        r"nonaktifkan|bagikan|batalkan|setujui)",
        "pass_to": r"(?:teruskan|sampaikan|berikan|kirimkan)\s+(?:ini\s+|pesan\s+ini\s+)?(?:ke|kepa"
        r"da)\s+"
        r"(?:asisten|bot|chatbot|(?-i:AI))",
        "phone_ok": r"(?:sudah\s+)?(?:menyetujui|setuju|disetujui|mengizinkan|konfirmasi)\s+"
        r"(?:\w+\s+){0,2}?(?:lewat|via|melalui)\s+telepon",
        "acrostic": r"(?:huruf\s+pertama\s+(?:dari\s+)?(?:setiap|tiap)\s+(?:baris|kata)|baca\s+"
        r"(?:secara\s+)?(?:vertikal|dari\s+atas\s+ke\s+bawah))",
        "data": r"(?:riwayat\s+(?:chat|percakapan|obrolan)|percakapan|paspor|kata\s+sandi|alamat|"
        r"nomor\s+(?:telepon|hp|kartu)|kontak|memori|kode\s+booking|ktp)",
        "link": r"(?:tautan|link|url|gambar|parameter)",
        "imp2": r"(?:ingatkan|harus\s+bilang|itulah\s+tujuan(?:nya)?)",
    },
    "tr": {
        "so": r"(?:bu\s+yüzden|bu\s+nedenle|dolayısıyla|yani|o\s+halde|bu\s+durumda|böylece|"
        r"sonuç\s+olarak)",
        "flow": r"(?:gönder\w*|yatır\w*|öde\w*|transfer\w*|havale\w*|gider|gitmeli|gitsin|aktar\w*"
        r")",
        "word": r"(?:kelime\w*|ifade\w*|söz\w*|cümle\w*|kod\w*|şifre\w*)",
        "appear": r"(?:geçerse|geçtiğinde|geçiyorsa|kullanılırsa|söylenirse|yazılırsa|çıkarsa|"
        r"görünürse)",
        "share": r"(?:paylaş\w*|söyle\w*|ver\w*|anlat\w*|gönder\w*|ilet\w*)",
        "anyone_who": r"(?:\w+\s+)?(?:olduğunu\s+söyleyen|diyen|söyleyen|iddia\s+eden|arayan|soran)"
        r"\s+"
        r"(?:herkese|kim\s+olursa|kişiye)",
        "requested": r"(?:asistan\w*|bot\w*|yapay\s+zek[âa]\w*)\w*\s+(?:\w+\s+){0,6}?(?:istedi|rica"
        r"\s+etti|"
        r"söyledi|talimat\s+verdi)",
        "pass_to": r"(?:asistan|bot|yapay\s+zek[âa]|destek\s+botu)\w*\s+(?:\w+\s+)?(?:ilet|aktar|"
        r"gönder)(?:in|iniz)?\b",
        "phone_ok": r"telefonda\s+(?:\w+\s+){0,3}?(?:onayladı|onay\s+verdi|kabul\s+etti|izin\s+verd"
        r"i)",
        "acrostic": r"(?:her\s+satırın\s+(?:ilk|baş)\s+harf\w*|dikey\s+oku\w*|yukarıdan\s+aşağı\s+o"
        r"ku\w*)",
        "data": r"(?:sohbet\s+geçmiş\w*|konuşma\w*|pasaport\w*|şifre\w*|parola\w*|adres\w*|"
        r"telefon\s+numara\w*|rehber\w*|kart\s+numara\w*|rezervasyon\s+kod\w*|tc\s+kimlik)",
        "link": r"(?:bağlantı\w*|link\w*|url|görsel\w*|parametre\w*)",
    },
    "zh": {
        "so": r"(?:所以|因此|因而|也就是说|于是|这样一来|所以说|故而)",
        "flow": r"(?:转到|转入|打到|汇到|付到|存入|转给|汇给|打给|支付到|缴到|交到|打款到)",
        "word": r"(?:词|短语|字眼|口令|暗号|句子)",
        "appear": r"(?:出现|提到|说出|用到|包含)",
        "share": r"(?:告诉|透露|分享|发给|提供|说出)",
        "anyone_who": r"(?:任何|所有|每个)(?:自称|说是|声称|说自己是)",
        "requested": r"(?:让|叫|请|要求|吩咐)(?:助手|AI|机器人|智能助手|语音助手)",
        "req_act": r"(?:删除|删掉|清空|转账|付款|支付|发送|转发|关闭|停用|分享|取消|退款)",
        "pass_to": r"(?:转交|转给|转达给|交给|转发给)(?:AI|助手|机器人|智能客服)",
        "phone_ok": r"(?:电话里|电话中|通过电话|在电话上)\S{0,6}(?:同意|批准|确认|授权|答应)",
        "acrostic": r"(?:每行|每句|每一行)的?(?:第一个字|首字|开头的字)",
        "data": r"(?:聊天记录|对话记录|护照|密码|地址|电话号码|手机号|通讯录|卡号|预订码)",
        "link": r"(?:链接|网址|图片|参数)",
    },
    "ja": {
        "so": r"(?:だから|したがって|つまり|そのため|なので|よって|ゆえに|ということで|ですから)",
        "flow": r"(?:振り込|振込|送金|支払|入金|送っ|払い込)",
        "word": r"(?:言葉|単語|フレーズ|ワード|合言葉|キーワード)",
        "appear": r"(?:出てき|出たら|登場|含まれ|言われ|書かれ|使われ)",
        "share": r"(?:教え|伝え|共有|渡し|送っ|話し)",
        "anyone_who": r"(?:と名乗る|と言う|を名乗る)(?:人|相手|方)(?:なら|には)?(?:誰にでも|誰でも)"
        r"?",
        "requested": r"(?:アシスタント|AI|ＡＩ|ボット)(?:に|へ)"
        + r"[^。\n]{0,30}?(?:頼んだ|頼まれ|依頼し|お願いし|指示し)",
        "req_act": r"(?:削除|消去|送金|振り込|振込|支払|送信|転送|オフ|無効|共有|解約|キャンセル|承"
        r"認|返金)",
        "pass_to": r"(?:AI|ＡＩ|アシスタント|ボット|AIサポート)(?:に|へ)(?:転送|伝え|回し|引き継い|"
        r"渡し)",
        "phone_ok": r"電話で\S{0,10}(?:承認|了承|許可|同意|OK)",
        "acrostic": r"(?:各行|それぞれの行|行)の(?:最初|頭|先頭)の(?:文字|字)|縦に読",
        "data": r"(?:会話履歴|チャット履歴|パスポート|パスワード|住所|電話番号|連絡先|カード番号|予"
        r"約番号)",
        "link": r"(?:リンク|URL|ＵＲＬ|画像|パラメータ)",
    },
    "ko": {
        "so": r"(?:따라서|그러므로|그래서|즉|결국|그러니|그러니까|그렇기\s*때문에)",
        "flow": r"(?:입금|송금|이체|보내|납부|지급)",
        "word": r"(?:단어|문구|말|표현|키워드|암호)",
        "appear": r"(?:나오면|등장하면|들어가\s*있으면|언급되면|쓰이면|말하면)",
        "share": r"(?:알려|공유|말해|보내|넘겨|전달)",
        "anyone_who": r"(?:라고\s*하는|라고\s*말하는|라고\s*주장하는)\s*(?:사람|누구|분)(?:에게|한"
        r"테|이면)",
        "requested": r"(?:비서|어시스턴트|AI|챗봇|봇)(?:에게|한테)\s*(?:\S+\s*){0,6}?(?:부탁했|요청"
        r"했|시켰|지시했)",
        "req_act": r"(?:삭제|지워|송금|이체|결제|보내|전송|끄|꺼|공유|해지|취소|승인|환불)",
        "pass_to": r"(?:AI|어시스턴트|비서|챗봇|봇|AI\s*상담)(?:에게|한테|에|으로|로)\s*(?:전달|넘"
        r"겨|전해)",
        "phone_ok": r"(?:전화로|통화로|전화\s*통화에서)\s*(?:\S+\s*){0,2}?(?:승인|허락|동의|확인)",
        "acrostic": r"(?:각\s*줄|줄마다|각\s*행)의?\s*(?:첫\s*글자|첫\s*자)|세로로\s*읽",
        "data": r"(?:대화\s*기록|채팅\s*기록|여권|비밀번호|주소|전화번호|연락처|카드\s*번호|예약\s*"
        r"번호)",
        "link": r"(?:링크|URL|이미지|파라미터)",
    },
}


#: And more (second look): ``reads`` a model reading the text ("if an assistant summarises
#: this"), ``sysmsg`` a system's note, ``admin`` an administrator or a security team named in a
#: bracket, ``prevails`` a note said to overrule the rules, ``part`` / ``of`` / ``instr`` /
#: ``combine`` / ``pieces`` an order in pieces, ``used_to`` money that "used to go" somewhere,
#: ``all_contacts`` every contact, ``send`` a verb of sending data out; a key ending in "2" adds
#: to the key it names ("say2": more of "say").
_MORE_PLUS: dict[str, dict[str, str]] = {
    "en": {
        "do_it": r"(?:do|execute|follow|obey|act\s+on|carry\s+out|run|apply|perform)",
        "cond": r"(?:if|when|whenever|once|should)",
        "reads": r"(?:reads?|summari[sz]es?|processes|sees|receives|handles|gets|opens|parses)",
        "sysmsg": r"(?:system|admin(?:istrator)?|developer|plugin|platform)\s+(?:message|notice|not"
        r"e|"
        r"update|alert|directive|instruction)s?",
        "admin": r"(?:admin(?:istrator)?|sysadmin|system|developer|security\s+team|trust\s+(?:and|&"
        r")\s+"
        r"safety)\s+(?:note|notice|message|update|override|directive|policy)",
        "prevails": r"(?:this|the\s+present)\s+(?:note|message|entry|instruction|notice)\s+(?:overr"
        r"ides|"
        r"supersedes|takes\s+precedence\s+over|prevails\s+over|outranks)",
        "part": r"(?:part|piece|fragment|note)",
        "instr": r"(?:instructions?|commands?)",
        "combine": r"(?:combine|join|put|glue|read|merge|stitch)\w*",
        "pieces": r"(?:parts|pieces|fragments|halves|notes)",
        "used_to": r"(?:anything|everything|all|whatever)\s+(?:that\s+)?(?:used\s+to|previously|"
        r"formerly|once)\s+(?:go|went|be\s+paid|be\s+sent|paid)",
        "all_contacts": r"(?:all|every(?:one\s+in)?|each)\s+(?:of\s+)?(?:my|his|her|their|the|the\s"
        r"+"
        r"user'?s)?\s*(?:\w+\s+){0,2}?(?:contacts|address\s+book|phone\s*book)",
        "send": r"(?:send|forward|upload|post|share|sync|transmit)",
        "data2": r"(?:address\s+book|contact\s+list|saved\s+contacts|phone\s+numbers)",
        "anyone_who2": r"(?:to\s+)?third\s+parties|(?:to\s+)?(?:anyone|whoever)\s+(?:calling|asking"
        r")",
        "share2": r"(?:answer\w*|respond\w*|give|provide\w*|read\w*\s+out)",
    },
    "es": {
        "do_it": r"(?:haz|hazlo|ejecuta|ejec[úu]talo|sigue|s[íi]guelo|obedece|cumple|c[úu]mplelo|ap"
        r"lica)",
        "reads": r"(?:lee|lea|resume|resuma|procesa|procese|recibe|reciba|vea|gestiona|gestione|abr"
        r"e|"
        r"abra)",
        "sysmsg": r"(?:mensaje|aviso|nota|notificaci[óo]n|actualizaci[óo]n|alerta)\s+(?:del\s+)?"
        r"(?:sistema|administrador|desarrollador|complemento|plugin)",
        "admin": r"(?:nota|aviso|mensaje)\s+(?:del|de\s+la)\s+(?:administrador\w*|sistema|"
        r"desarrollador\w*|equipo\s+de\s+seguridad)",
        "prevails": r"(?:esta|la\s+presente)\s+(?:nota|instrucci[óo]n|mensaje)\s+(?:prevalece|tiene"
        r"\s+"
        r"prioridad|anula|sustituye)",
        "part": r"(?:parte|fragmento|nota|trozo)",
        "of": r"(?:de|/)",
        "instr": r"(?:instrucci[óo]n|instrucciones|orden|[óo]rdenes|frase\s+completa|petici[óo]n)",
        "combine": r"(?:junt|un|combin|peg|lee)\w*",
        "pieces": r"(?:partes|fragmentos|trozos|notas|mitades|ambas|las\s+dos)",
        "used_to": r"(?:todo|lo)\s+(?:lo\s+)?que\s+(?:antes\s+)?(?:iba|se\s+pagaba|se\s+enviaba|se"
        r"\s+"
        r"ingresaba)",
        "all_contacts": r"(?:todos|todas)\s+(?:mis\s+|tus\s+|sus\s+|los\s+|las\s+)?(?:\w+\s+){0,2}?"
        r"(?:contactos|agenda)|(?:toda\s+la|la)\s+agenda(?:\s+completa)?",
        "send": r"(?:env[íi]\w+|envi\w+|reenv\w+|mand\w+|compart\w+|sub\w+|transmit\w+)",
        "data2": r"(?:agenda|lista\s+de\s+contactos|n[úu]meros\s+de\s+tel[ée]fono)",
        "say2": r"(?:recordar|pedir|solicitar|preguntar\s+por)",
        "limits2": r"(?:nunca\s+(?:da|pone|hace)\s+(?:\w+\s+)?(?:advertencias|avisos))",
        "switch2": r"(?:ya\s+no\s+eres|dejas\s+de\s+ser)",
        "anyone_who2": r"a\s+terceros|a\s+quien\s+llame",
        "share2": r"(?:respond\w+|contest\w+|proporcion\w+)",
    },
    "de": {
        "do_it": r"(?:tu|tue|tu\s+es|mach|mache|f[üu]hr\w*|befolg\w*|folge)",
        "reads": r"(?:liest|zusammenfasst|verarbeitet|erh[äa]lt|sieht|[öo]ffnet|bearbeitet)",
        "sysmsg": r"(?:system|admin|entwickler|plugin)(?:nachricht|hinweis|meldung|mitteilung|notiz"
        r"|"
        r"update|anweisung)",
        "admin": r"(?:hinweis|notiz|nachricht|mitteilung)\s+(?:des|der|vom)\s+(?:administrators?|"
        r"admins?|systems?|entwickler\w*|sicherheitsteams?)",
        "prevails": r"(?:diese|die\s+vorliegende)\s+(?:notiz|nachricht|anweisung|mitteilung)\s+"
        r"(?:hat\s+vorrang|geht\s+vor|ersetzt|[üu]berschreibt)",
        "part": r"(?:teil|fragment|notiz)",
        "of": r"(?:von|aus|/)",
        "instr": r"(?:anweisung|befehl|auftrag|satz)",
        "combine": r"(?:zusammen|verbind|kombinier|setz|f[üu]g|lies)\w*",
        "pieces": r"(?:teile|fragmente|st[üu]cke|notizen|h[äa]lften|beide)",
        "used_to": r"alles,?\s+was\s+(?:fr[üu]her|bisher|sonst)\s+(?:\w+\s+){0,4}?(?:ging|gezahlt|"
        r"[üu]berwiesen|geschickt)",
        "all_contacts": r"(?:alle[nrn]?|s[äa]mtliche[nr]?)\s+(?:\w+\s+){0,2}?(?:kontakte\w*|"
        r"adressbuch\w*)|(?:das\s+)?(?:ganze|komplette|gesamte)\s+adressbuch",
        "send": r"(?:send\w*|schick\w*|leit\w*\s+weiter|weiterleit\w*|[üu]bermittel\w*|teil\w*|"
        r"lad\w*\s+hoch)",
        "data2": r"(?:adressbuch|kontaktliste|telefonnummern)",
        "say2": r"(?:erinnern|fragen|bitten|anfordern|einfordern)",
        "limits2": r"(?:gibt\s+(?:nie|keine)\s+(?:\w+\s+)?(?:warnungen|warnhinweise|hinweise)|"
        r"fragt\s+nie\s+nach)",
        "switch2": r"(?:du\s+bist\s+nicht\s+mehr|bist\s+du\s+nicht\s+mehr|(?:ist|wird)\s+(?:bei\s+u"
        r"ns\s+)?"
        r"ab\s+(?:jetzt|sofort))",
        "anyone_who2": r"an\s+dritte|dritten",
        "share2": r"(?:beantwort\w*|herausgeb\w*|mitteil\w*)",
    },
    "fr": {
        "do_it": r"(?:fais|fais-le|ex[ée]cute|suis|ob[ée]is|applique)",
        "reads": r"(?:lit|r[ée]sume|traite|re[çc]oit|voit|g[èe]re|ouvre|analyse)",
        "sysmsg": r"(?:message|note|avis|notification|mise\s+[àa]\s+jour|alerte)\s+(?:du\s+)?"
        r"(?:syst[èe]me|administrateur|d[ée]veloppeur|plugin|module)",
        "admin": r"(?:note|avis|message)\s+(?:de\s+l'|du\s+|de\s+la\s+)(?:administrat\w+|syst[èe]me"
        r"|"
        r"d[ée]veloppeur|[ée]quipe\s+(?:de\s+)?s[ée]curit[ée])",
        "prevails": r"(?:cette|la\s+pr[ée]sente)\s+(?:note|consigne|instruction)\s+(?:pr[ée]vaut|"
        r"l'emporte|remplace|annule)",
        "part": r"(?:partie|fragment|note|morceau)",
        "of": r"(?:sur|de|/)",
        "instr": r"(?:instruction|consigne|ordre|phrase\s+compl[èe]te|demande)",
        "combine": r"(?:assembl|combin|r[ée]uni|joi|coll|mets|lis)\w*",
        "pieces": r"(?:parties|fragments|morceaux|notes|moiti[ée]s|les\s+deux)",
        "used_to": r"tout\s+ce\s+qui\s+(?:\w+\s+)?(?:allait|[ée]tait\s+(?:vers[ée]|pay[ée]|vir[ée]|"
        r"envoy[ée]))",
        "all_contacts": r"(?:tous|toutes)\s+(?:les\s+|mes\s+|ses\s+|tes\s+)?(?:\w+\s+){0,2}?contact"
        r"s|"
        r"(?:tout\s+le|le)\s+carnet\s+d'adresses",
        "send": r"(?:envoi\w*|envoy\w+|transf[èe]r\w*|transmet\w*|partag\w+|t[ée]l[ée]vers\w*|"
        r"exp[ée]di\w+)",
        "data2": r"(?:carnet\s+d'adresses|liste\s+de\s+contacts|num[ée]ros\s+de\s+t[ée]l[ée]phone)",
        "say2": r"(?:rappeler|demander|r[ée]clamer)",
        "limits2": r"(?:ne\s+donne\s+jamais\s+(?:d'|de\s+)?(?:\w+\s+)?(?:avertissements?|mises?\s+e"
        r"n\s+"
        r"garde))",
        "switch2": r"(?:tu\s+n'es\s+plus|vous\s+n'[êe]tes\s+plus)",
        "anyone_who2": r"[àa]\s+des\s+tiers|aux\s+tiers",
        "share2": r"(?:r[ée]pond\w*|fourni\w*|communiqu\w+)",
    },
    "pt": {
        "do_it": r"(?:faz|fa[çc]a|f[áa]-lo|executa|execute|segue|siga|cumpre|cumpra|obedece)",
        "reads": r"(?:resume|processa|recebe|gere|abre|analisa|ler|resumir)",
        "sysmsg": r"(?:mensagem|aviso|nota|notifica[çc][ãa]o|atualiza[çc][ãa]o|alerta)\s+(?:do\s+)?"
        r"(?:sistema|administrador|desenvolvedor|programador|plugin)",
        "admin": r"(?:nota|aviso|mensagem)\s+(?:do|da)\s+(?:administra\w+|sistema|desenvolvedor\w*|"
        r"equipa\s+de\s+(?:seguran[çc]a|confian[çc]a)|equipe\s+de\s+seguran[çc]a)",
        "prevails": r"(?:esta|a\s+presente)\s+(?:nota|instru[çc][ãa]o|mensagem)\s+(?:prevalece|tem"
        r"\s+"
        r"prioridade|substitui|anula)",
        "part": r"(?:parte|fragmento|nota|peda[çc]o)",
        "of": r"(?:de|/)",
        "instr": r"(?:instru[çc][ãa]o|instru[çc][õo]es|ordem|frase\s+completa|pedido)",
        "combine": r"(?:junt|un|combin|col|l[êe])\w*",
        "pieces": r"(?:partes|fragmentos|peda[çc]os|notas|metades|as\s+duas|ambas)",
        "used_to": r"(?:tudo|o)\s+(?:o\s+)?que\s+(?:antes\s+)?(?:ia|era\s+pago|era\s+enviado|se\s+p"
        r"agava)",
        "all_contacts": r"(?:todos|todas)\s+(?:os\s+|as\s+)?(?:meus\s+|seus\s+|teus\s+)?(?:\w+\s+){"
        r"0,2}?"
        r"(?:contac?tos|agenda)",
        "send": r"(?:envi\w+|mand\w+|encaminh\w+|reencaminh\w+|partilh\w+|compartilh\w+|transmit\w+"
        r"|"
        r"carreg\w+)",
        "data2": r"(?:agenda|lista\s+de\s+contac?tos|n[úu]meros\s+de\s+telefone|hist[óo]rico\s+cl[í"
        r"i]nico)",
        "say2": r"(?:lembrar|pedir|solicitar)",
        "limits2": r"(?:nunca\s+d[áa]\s+(?:\w+\s+)?(?:avisos|advert[êe]ncias|alertas))",
        "switch2": r"(?:j[áa]\s+n[ãa]o\s+[ée]s|voc[êe]\s+n[ãa]o\s+[ée]\s+mais|deixas\s+de\s+ser)",
        "anyone_who2": r"a\s+terceiros|a\s+quem\s+ligue",
        "share2": r"(?:respondid\w+|respond\w+|fornec\w+|informa\w*)",
    },
    "it": {
        "do_it": r"(?:fai|fallo|esegui|eseguilo|segui|obbedisci|applica)",
        "reads": r"(?:legge|riassume|elabora|riceve|vede|gestisce|apre|analizza)",
        "sysmsg": r"(?:messaggio|avviso|nota|notifica|aggiornamento|comunicazione)\s+(?:di\s+|del\s"
        r"+)?"
        r"(?:sistema|amministratore|sviluppatore|plugin)",
        "admin": r"(?:nota|avviso|messaggio)\s+(?:dell'|del\s+|della\s+)(?:amministrator\w+|sistema"
        r"|"
        r"sviluppator\w+|team\s+(?:di\s+)?sicurezza)",
        "prevails": r"(?:questa|la\s+presente)\s+(?:nota|istruzione|comunicazione)\s+(?:prevale|ha"
        r"\s+"
        r"la\s+precedenza|sostituisce|annulla)",
        "part": r"(?:parte|frammento|nota|pezzo)",
        "of": r"(?:di|su|/)",
        "instr": r"(?:istruzion[ei]|ordine|frase\s+completa|richiesta)",
        "combine": r"(?:unisc|unendo|combin|mett|incoll|leggi)\w*",
        "pieces": r"(?:parti|frammenti|pezzi|note|met[àa]|entrambe|le\s+due)",
        "used_to": r"tutto\s+(?:quello|ci[òo])\s+che\s+(?:prima\s+)?(?:andava|veniva\s+(?:pagato|ve"
        r"rsato|"
        r"inviato))",
        "all_contacts": r"(?:tutti|tutte)\s+(?:i\s+|le\s+)?(?:miei\s+|suoi\s+|tuoi\s+)?(?:\w+\s+){0"
        r",2}?"
        r"(?:contatti|rubrica)|(?:tutta\s+la|la)\s+rubrica",
        "send": r"(?:invi\w+|mand\w+|inoltr\w+|condivid\w+|trasmett\w+|caric\w+|spedi\w+)",
        "data2": r"(?:rubrica|lista\s+(?:dei\s+)?contatti|numeri\s+di\s+telefono)",
        "say2": r"(?:ricordare|chiedere|richiedere)",
        "limits2": r"(?:non\s+d[àa]\s+mai\s+(?:\w+\s+)?(?:avvertenze|avvisi))",
        "switch2": r"(?:non\s+sei\s+pi[ùu])",
        "anyone_who2": r"a\s+terzi",
        "share2": r"(?:rispond\w+|forni\w+|comunic\w+)",
    },
    "nl": {
        "do_it": r"(?:doe|voer\s+\w+\s+uit|uitvoeren|volg|gehoorzaam|pas\s+\w+\s+toe)",
        "reads": r"(?:leest|samenvat|verwerkt|ontvangt|ziet|beheert|opent)",
        "sysmsg": r"(?:systeem|beheerder|admin|ontwikkelaar|plugin)(?:bericht|melding|mededeling|no"
        r"titie|"
        r"update|instructie)",
        "admin": r"(?:notitie|bericht|mededeling)\s+(?:van\s+)?(?:de\s+)?(?:beheerder|admin|systeem"
        r"|"
        r"ontwikkelaar|beveiligingsteam)",
        "prevails": r"(?:deze|dit)\s+(?:notitie|bericht|instructie)\s+(?:gaat\s+voor|heeft\s+voorra"
        r"ng|"
        r"vervangt)",
        "part": r"(?:deel|fragment|notitie|stuk)",
        "of": r"(?:van|/)",
        "instr": r"(?:instructie|opdracht|bevel|volledige\s+zin|verzoek)",
        "combine": r"(?:combineer|voeg|plak|zet|lees|koppel)\w*",
        "pieces": r"(?:delen|fragmenten|stukken|notities|helften|beide)",
        "used_to": r"alles\s+wat\s+(?:vroeger|eerder|voorheen)\s+(?:\w+\s+){0,4}?(?:ging|betaald|"
        r"overgemaakt)",
        "all_contacts": r"alle\s+(?:mijn\s+|zijn\s+|haar\s+|de\s+)?(?:\w+\s+){0,2}?contacten|"
        r"(?:het\s+hele|het)\s+adresboek",
        "send": r"(?:stuur\w*|verstuur\w*|zend\w*|mail\w*|deel\w*|upload\w*|doorsturen)",
        "data2": r"(?:adresboek|contactenlijst|telefoonnummers)",
        "say2": r"(?:herinneren|vragen|opvragen)",
        "limits2": r"(?:nooit\s+(?:\w+\s+)?(?:waarschuwingen|disclaimers)\s+geeft|geeft\s+nooit\s+"
        r"(?:\w+\s+)?waarschuwingen)",
        "switch2": r"(?:je\s+bent\s+niet\s+meer|ben\s+je\s+niet\s+meer)",
        "anyone_who2": r"aan\s+derden",
        "share2": r"(?:beantwoord\w*|verstrek\w*|neemt\s+\w+\s+op)",
        "quote_verbs2": r"(?:zet|plaatst|typt|stuurt)",
        "trigger_act2": r"(?:neemt|voegt|geeft|stuurt)",
    },
    "pl": {
        "do_it": r"(?:zr[óo]b|wykonaj|zastosuj|post[ęe]puj|s[łl]uchaj)",
        "reads": r"(?:czyta|streszcza|przetwarza|otrzymuje|widzi|obs[łl]uguje|otwiera)",
        "sysmsg": r"(?:komunikat|wiadomo[śs][ćc]|powiadomienie|uwaga|notatka|aktualizacja)\s+"
        r"(?:systemow\w+|administrator\w+|wtyczki|od\s+systemu)",
        "admin": r"(?:notatka|uwaga|komunikat|wiadomo[śs][ćc])\s+(?:od\s+)?(?:administrator\w*|"
        r"systemu|dewelopera|zespo[łl]u\s+bezpiecze[ńn]stwa)",
        "prevails": r"(?:ta|niniejsza)\s+(?:notatka|instrukcja|wiadomo[śs][ćc])\s+(?:ma\s+"
        r"pierwsze[ńn]stwo|zast[ęe]puje|uchyla)",
        "part": r"(?:cz[ęe][śs][ćc]|fragment|notatka)",
        "of": r"(?:z|/)",
        "instr": r"(?:instrukcj\w+|polecen\w+|rozkaz\w*|ca[łl]e\s+zdanie|pro[śs]b\w+)",
        "combine": r"(?:po[łl][ąa]cz|z[łl][óo][żz]|sklej|zestaw|przeczytaj)\w*",
        "pieces": r"(?:cz[ęe][śs]ci|fragmenty|kawa[łl]ki|notatki|po[łl][óo]wki|obie)",
        "used_to": r"wszystko,?\s+co\s+(?:wcze[śs]niej\s+|dot[ąa]d\s+)?(?:sz[łl]o|trafia[łl]o|"
        r"p[łl]acono|wp[łl]ywa[łl]o)",
        "all_contacts": r"(?:wszystki\w+|ca[łl][ąa])\s+(?:\w+\s+){0,2}?(?:kontakt\w+|list\w+\s+"
        r"kontakt[óo]w|ksi[ąa][żz]k\w+\s+adresow\w+)",
        "send": r"(?:wy[śs][łl]\w*|wysy[łl]\w*|prze[śs]l\w*|przesy[łl]\w*|przeka[żz]\w*|udost[ęe]pn"
        r"i\w*)",
        "data2": r"(?:list\w+\s+kontakt[óo]w|ksi[ąa][żz]k\w+\s+adresow\w+|numer\w*\s+telefon\w*)",
        "say2": r"(?:przypomnie[ćc]|poprosi[ćc]|zapyta[ćc]|wys[łl]a[ćc]|zaproponowa[ćc])",
        "ask2": r"(?:prosi\w*)",
        "imp2": r"(?:to\s+jest\s+w[łl]a[śs]ciw\w+\s+\w+)",
        "skip_act2": r"(?:wy[śs][łl]\w*|wysy[łl]\w*|prze[śs][łl]\w*)",
        "limits2": r"(?:nigdy\s+nie\s+daje\s+(?:\w+\s+)?ostrze[żz]e[ńn])",
        "switch2": r"(?:nie\s+jeste[śs]\s+ju[żz]|ju[żz]\s+nie\s+jeste[śs])",
        "requested2": r"poprosi[łl]\w*\s+(?:asystent\w*|bota|ai),?\s+(?:o|[żz]eby|aby|by)",
        "anyone_who2": r"osobom\s+trzecim",
    },
    "ru": {
        "do_it": r"(?:сделай|выполни|исполни|следуй|примени)",
        "reads": r"(?:читает|прочтёт|прочтет|пересказывает|обрабатывает|получает|видит|открывает)",
        "sysmsg": r"(?:системн\w+\s+(?:сообщени|уведомлени|примечани|оповещени)\w*|сообщени\w+\s+"
        r"(?:от\s+)?(?:системы|администратора|разработчика))",
        "admin": r"(?:примечани|заметк|сообщени|уведомлени)\w*\s+(?:от\s+)?(?:администратор\w*|"
        r"системы|разработчик\w*|службы\s+безопасности)",
        "prevails": r"(?:эта|данная|настоящая)\s+(?:заметка|инструкция|запись)\s+(?:имеет\s+приорит"
        r"ет|"
        r"отменяет|заменяет)",
        "part": r"(?:часть|фрагмент|заметка)",
        "of": r"(?:из|/)",
        "instr": r"(?:инструкци\w+|команд\w+|указани\w+|просьб\w+|фраз\w+)",
        "combine": r"(?:соедини|объедини|сложи|склей|собери|прочитай)\w*",
        "pieces": r"(?:части|фрагменты|куски|заметки|половинки|обе)",
        "used_to": r"вс[её],?\s+что\s+(?:раньше\s+)?(?:шло|уходило|поступало|переводилось|платилось"
        r")",
        "all_contacts": r"(?:всем|все|вс[юя]|весь)\s+(?:\w+\s+){0,2}?(?:контакт\w+|адресн\w+\s+книг"
        r"\w+|"
        r"телефонн\w+\s+книг\w+)",
        "send": r"(?:отправ\w+|перешл\w+|пересыл\w+|переда\w+|загруз\w+|выгруз\w+|скин\w+)",
        "data2": r"(?:адресн\w+\s+книг\w+|список\s+контактов|номер\w*\s+телефон\w*)",
        "say2": r"(?:напомнить|попросить|запросить|спросить)",
        "limits2": r"(?:никогда\s+не\s+(?:да[её]т|делает)\s+(?:\w+\s+)?предупреждени\w*)",
        "switch2": r"(?:ты\s+больше\s+не|ты\s+уже\s+не)",
        "anyone_who2": r"третьим\s+лицам",
    },
    "uk": {
        "do_it": r"(?:зроби|виконай|дотримуйся|застосуй)",
        "reads": r"(?:читає|прочитає|переказує|обробляє|отримує|бачить|відкриває)",
        "sysmsg": r"(?:системн\w+\s+(?:повідомленн|сповіщенн|примітк)\w*|повідомленн\w+\s+"
        r"(?:від\s+)?(?:системи|адміністратора|розробника))",
        "admin": r"(?:примітк|нотатк|повідомленн|сповіщенн)\w*\s+(?:від\s+)?(?:адміністратор\w*|"
        r"системи|розробник\w*|служби\s+безпеки)",
        "prevails": r"(?:ця|дана)\s+(?:нотатка|інструкція|примітка)\s+(?:має\s+пріоритет|скасовує|"
        r"замінює)",
        "part": r"(?:частина|фрагмент|нотатка)",
        "of": r"(?:з|із|/)",
        "instr": r"(?:інструкці\w+|команд\w+|вказівк\w+|прохан\w+|фраз\w+)",
        "combine": r"(?:з['ʼ’]?єднай|об['ʼ’]?єднай|склади|склей|збери|прочитай)\w*",
        "pieces": r"(?:частини|фрагменти|шматки|нотатки|половинки|обидві)",
        "used_to": r"(?:все|усе),?\s+що\s+(?:раніше\s+)?(?:йшло|надходило|переказувалося|сплачувало"
        r"ся)",
        "all_contacts": r"(?:всім|усім|всі|усі|всю|усю|весь)\s+(?:\w+\s+){0,2}?(?:контакт\w+|"
        r"адресн\w+\s+книг\w+|телефонн\w+\s+книг\w+)",
        "send": r"(?:надішл\w+|надсил\w+|пересл\w+|пересил\w+|переда\w+|завантаж\w+|вивантаж\w+)",
        "data2": r"(?:адресн\w+\s+книг\w+|список\s+контактів|номер\w*\s+телефон\w*)",
        "say2": r"(?:нагадати|попросити|запитати)",
        "limits2": r"(?:ніколи\s+не\s+(?:дає|робить)\s+(?:\w+\s+)?попереджен\w*)",
        "switch2": r"(?:ти\s+більше\s+не|ти\s+вже\s+не)",
        "anyone_who2": r"третім\s+особам",
    },
    "vi": {
        "do_it": r"(?:làm|thực\s+hiện|làm\s+theo|tuân\s+theo)",
        "reads": r"(?:đọc|tóm\s+tắt|xử\s+lý|nhận\s+được|xem)",
        "sysmsg": r"(?:thông\s+báo|tin\s+nhắn|ghi\s+chú|cập\s+nhật)\s+(?:từ\s+|của\s+)?(?:hệ\s+thốn"
        r"g|"
        r"quản\s+trị\s+viên|nhà\s+phát\s+triển)",
        "admin": r"(?:ghi\s+chú|thông\s+báo)\s+(?:của\s+|từ\s+)?(?:quản\s+trị\s+viên|hệ\s+thống|đội"
        r"\s+"
        r"bảo\s+mật)",
        "prevails": r"(?:ghi\s+chú|hướng\s+dẫn)\s+này\s+(?:ưu\s+tiên\s+hơn|thay\s+thế|ghi\s+đè)",
        "part": r"(?:phần|đoạn|mảnh)",
        "of": r"(?:trên|/)",
        "instr": r"(?:chỉ\s+dẫn|hướng\s+dẫn|lệnh|yêu\s+cầu|câu\s+hoàn\s+chỉnh)",
        "combine": r"(?:ghép|nối|gộp|kết\s+hợp|đọc)",
        "pieces": r"(?:các\s+phần|hai\s+phần|các\s+đoạn|các\s+mảnh|ghi\s+chú)",
        "used_to": r"(?:mọi\s+khoản|tất\s+cả\s+những\s+gì|những\s+gì)\s+(?:trước\s+đây|trước\s+kia)"
        r"\s+"
        r"(?:chuyển|gửi|đóng)",
        "all_contacts": r"(?:tất\s+cả|toàn\s+bộ|mọi)\s+(?:\w+\s+){0,2}?(?:danh\s+bạ|liên\s+hệ|người"
        r"\s+"
        r"trong\s+danh\s+bạ)",
        "send": r"(?:gửi|chuyển\s+tiếp|tải\s+lên|chia\s+sẻ)",
        "say2": r"(?:nhắc|hỏi|yêu\s+cầu|xin)",
        "limits2": r"(?:không\s+bao\s+giờ\s+đưa\s+ra\s+(?:\w+\s+)?cảnh\s+báo)",
        "switch2": r"(?:không\s+còn\s+là)",
        "anyone_who2": r"(?:cho\s+)?bên\s+thứ\s+ba",
    },
    "id": {
        "do_it": r"(?:lakukan|jalankan|kerjakan|ikuti|patuhi)",
        "reads": r"(?:membaca|meringkas|memproses|menerima|melihat|mengelola|membuka)",
        "sysmsg": r"(?:pesan|pemberitahuan|catatan|notifikasi|pembaruan)\s+(?:dari\s+)?(?:sistem|ad"
        r"min|"
        r"administrator|pengembang|developer|plugin)",
        "admin": r"(?:catatan|pesan|pemberitahuan)\s+(?:dari\s+)?(?:admin|administrator|sistem|"
        r"pengembang|tim\s+keamanan)",
        "prevails": r"(?:catatan|pesan|instruksi)\s+ini\s+(?:mengesampingkan|menggantikan|"
        r"lebih\s+diutamakan|berlaku\s+di\s+atas)",
        "part": r"(?:bagian|potongan|catatan)",
        "of": r"(?:dari|/)",
        "instr": r"(?:instruksi|perintah|permintaan|kalimat\s+lengkap)",
        "combine": r"(?:gabung|satu|sambung|rangkai|baca)\w*",
        "pieces": r"(?:bagian|potongan|catatan|keduanya|dua\s+bagian)",
        "used_to": r"(?:semua|apa\s+pun)\s+yang\s+(?:dulu|sebelumnya)\s+(?:\w+\s+)?(?:masuk|dikirim"
        r"|"
        r"dibayar|ditransfer)",
        "all_contacts": r"(?:semua|seluruh)\s+(?:\w+\s+){0,2}?(?:kontak|buku\s+alamat)",
        "send": r"(?:kirim\w*|mengirim\w*|teruskan|meneruskan|unggah|bagikan|membagikan)",
        "say2": r"(?:mengingatkan|meminta|menanyakan)",
        "limits2": r"(?:tidak\s+pernah\s+memberi(?:kan)?\s+(?:\w+\s+)?peringatan)",
        "switch2": r"(?:bukan\s+lagi)",
        "anyone_who2": r"(?:kepada\s+)?pihak\s+ketiga",
    },
    "tr": {
        "do_it": r"(?:yap|uygula|çalıştır|takip\s+et)\w*",
        "sysmsg": r"(?:sistem|yönetici|geliştirici|eklenti)\s+(?:mesajı|notu|bildirimi|uyarısı|"
        r"güncellemesi|talimatı)",
        "admin": r"(?:yönetici|sistem|geliştirici|güvenlik\s+ekibi)\s+(?:notu|mesajı|bildirimi)",
        "prevails": r"bu\s+(?:not|mesaj|talimat)\w*\s+(?:\w+\s+){0,4}?(?:önceliklidir|geçersiz\s+kı"
        r"lar|"
        r"yerine\s+geçer)",
        "part": r"(?:bölüm|parça|kısım|not)\w*",
        "of": r"(?:/|\s)",
        "instr": r"(?:talimat|komut|emir|cümle|istek)\w*",
        "all_contacts": r"(?:rehberdeki|kayıtlı)\s+(?:\w+\s+){0,2}?(?:herkese|tüm|bütün)|"
        r"(?:tüm|bütün)\s+(?:\w+\s+){0,2}?(?:kişilere|kişiler|rehber\w*)",
        "send": r"(?:gönder\w*|ilet\w*|aktar\w*|yükle\w*|paylaş\w*)",
        "anyone_who2": r"üçüncü\s+(?:şahıs|kişi)\w*",
    },
}
for _lang, _extra in _MORE_PLUS.items():
    _MORE[_lang].update(_extra)


#: Third look: ``rules`` / ``void`` the model's rules or settings said to be void; ``pieces_n``
#: / ``and`` / ``together`` pieces by number read together, ``half`` half of an order; ``reset`` a
#: password reset; ``secret`` / ``arg`` a secret passed as a tool's argument; ``always`` a
#: standing "always"; ``use2`` an answer taken from someone's record.
_MORE_PLUS3: dict[str, dict[str, str]] = {
    "en": {
        "rules": r"(?:rules|settings|guardrails|safeguards|restrictions|limits|checks|instructions"
        r")",
        "void": r"(?:void|cancell?ed|lifted|off|gone|scrapped|no\s+longer\s+(?:apply|count|matter)"
        r")",
        "pieces_n": r"(?:parts|notes|pieces|fragments|steps|lines)",
        "and": r"(?:and|to|through)",
        "together": r"(?:together|in\s+(?:a\s+row|order|sequence)|as\s+one|consecutively|back\s+to"
        r"\s+back)",
        "half": r"(?:first|second|other|last)\s+half\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:instruction|"
        r"sentence|arrangement|agreement|request|order)",
        "reset": r"(?:password|passcode|pin|account)\s+(?:reset|recovery)\s*(?:link|code|e-?mail)?|"
        r"reset\s+link|recovery\s+(?:code|link)",
        "secret": r"(?:password|passcode|pin|cvv|card\s+number|account\s+number|one-time\s+code|"
        r"otp|passport\s+number|security\s+code)",
        "arg": r"(?:argument|parameter|param|field|payload)\s+[`'\"]?\w*[`'\"]?",
        "always": r"(?:always|every\s+time|each\s+time|invariably)",
        "third": r"(?:anyone|anybody|everyone|everybody|people|callers?|customers?|clients?|"
        r"visitors?|whoever\s+asks|the\s+person\s+asking)",
        "imp": r"(?:tell|advise|recommend|suggest|send|point|direct|steer)",
        "skip2": r"(?:(?:do|carry\s+(?:it|them)\s+out|execute|comply|act\s+on\s+(?:it|them))\s+"
        r"(?:right\s+away|immediately|straight\s+away|at\s+once|without\s+question))",
    },
    "es": {
        "rules": r"(?:reglas|normas|configuraci[óo]n|ajustes|restricciones|l[íi]mites|controles|"
        r"instrucciones|medidas\s+de\s+seguridad)",
        "void": r"(?:anulad[oa]s|cancelad[oa]s|sin\s+efecto|ya\s+no\s+(?:valen|cuentan|aplican)|"
        r"eliminad[oa]s|suspendid[oa]s)",
        "pieces_n": r"(?:partes|notas|fragmentos|trozos|pasos|l[íi]neas)",
        "and": r"(?:y|a|al)",
        "together": r"(?:juntas?|seguid[oa]s|de\s+corrido|en\s+orden|como\s+una\s+sola|un[ei]d[oa]s"
        r")",
        "half": r"(?:primera|segunda|otra)\s+mitad\s+de\s+(?:la|el)\s+(?:\w+\s+)?(?:instrucci[óo]n|"
        r"frase|acuerdo|petici[óo]n|orden)",
        "reset": r"(?:restablec\w+|recuperaci[óo]n|restauraci[óo]n|cambio)\s+de\s+(?:la\s+)?"
        r"contrase[ñn]a|enlace\s+de\s+(?:recuperaci[óo]n|restablecimiento)",
        "secret": r"(?:contrase[ñn]a|pin|cvv|n[úu]mero\s+de\s+(?:la\s+)?(?:tarjeta|cuenta)|"
        r"c[óo]digo\s+(?:de\s+seguridad|otp|sms)|pasaporte)",
        "arg": r"(?:argumento|par[áa]metro|campo)",
        "always": r"(?:siempre|cada\s+vez|en\s+todos\s+los\s+casos)",
        "third2": r"(?:a\s+quien\s+pregunte|a\s+la\s+persona\s+que\s+pregunta)",
        "skip2": r"(?:(?:ejec[úu]ta(?:lo)?|hazlo|c[úu]mplelo)\s+(?:de\s+inmediato|enseguida|"
        r"directamente|sin\s+rechistar))",
        "use2": r"(?:usa|mira|consulta|toma|basa(?:te)?\s+en|seg[úu]n)\s+(?:la\s+|el\s+)?(?:ficha|"
        r"expediente|historial|perfil|datos)",
    },
    "de": {
        "rules": r"(?:regeln|einstellungen|sicherheitseinstellungen|beschr[äa]nkungen|grenzen|"
        r"kontrollen|anweisungen|vorgaben|schutzma[ßs]nahmen)",
        "void": r"(?:aufgehoben|abgeschafft|ausgesetzt|hinf[äa]llig|ung[üu]ltig|weg|"
        r"gelten\s+nicht\s+mehr|z[äa]hlen\s+nicht\s+mehr)",
        "pieces_n": r"(?:teile|notizen|fragmente|st[üu]cke|schritte|zeilen)",
        "and": r"(?:und|bis)",
        "together": r"(?:zusammen|hintereinander|am\s+st[üu]ck|der\s+reihe\s+nach|als\s+eins|"
        r"nacheinander)",
        "half": r"(?:erste|zweite|andere)\s+h[äa]lfte\s+(?:der|des)\s+(?:\w+\s+)?(?:anweisung|"
        r"satzes|abmachung|vereinbarung|bitte)",
        "reset": r"passwort[- ]?(?:zur[üu]cksetz\w*|reset)|zur[üu]cksetzungslink|"
        r"wiederherstellungs(?:link|code|adresse)",
        "secret": r"(?:passwort|kennwort|pin|cvv|kartennummer|kontonummer|tan|sicherheitscode|"
        r"passnummer)",
        "arg": r"(?:argument|parameter|feld)",
        "always": r"(?:immer|jedes\s+mal|grunds[äa]tzlich|stets)",
        "imp2": r"(?:r[äa]t|empfiehlt)",
        "skip2": r"(?:(?:f[üu]hr\w*\s+(?:\w+\s+)?(?:sofort|direkt|gleich)\s+aus|sofort\s+ausf[üu]hr"
        r"en|"
        r"direkt\s+ausf[üu]hren))",
        "use2": r"(?:nimm|nutze|verwende|schau\s+in|richte\s+dich\s+nach)\s+(?:die\s+|den\s+|das\s+"
        r")?"
        r"(?:\w+\s+)?(?:akte|unterlagen|daten|profil)",
    },
    "fr": {
        "rules": r"(?:r[èe]gles|param[èe]tres|r[ée]glages|restrictions|limites|contr[ôo]les|"
        r"consignes|garde-fous)",
        "void": r"(?:annul[ée]e?s|lev[ée]e?s|supprim[ée]e?s|caduques|ne\s+comptent\s+plus|"
        r"ne\s+s'appliquent\s+plus|sans\s+effet)",
        "pieces_n": r"(?:parties|notes|fragments|morceaux|[ée]tapes|lignes)",
        "and": r"(?:et|[àa])",
        "together": r"(?:ensemble|[àa]\s+la\s+suite|bout\s+[àa]\s+bout|dans\s+l'ordre|d'affil[ée]e"
        r")",
        "half": r"(?:premi[èe]re|seconde|deuxi[èe]me|autre)\s+moiti[ée]\s+(?:de\s+la|du|de\s+l')\s+"
        r"(?:\w+\s+)?(?:consigne|phrase|instruction|demande|accord)",
        "reset": r"r[ée]initialisation\s+(?:du\s+)?mot\s+de\s+passe|lien\s+de\s+r[ée]initialisatio"
        r"n",
        "secret": r"(?:mot\s+de\s+passe|code\s+pin|cvv|num[ée]ro\s+de\s+(?:carte|compte)|code\s+"
        r"(?:de\s+s[ée]curit[ée]|sms)|passeport)",
        "arg": r"(?:argument|param[èe]tre|champ)",
        "always": r"(?:toujours|[àa]\s+chaque\s+fois|syst[ée]matiquement)",
        "skip2": r"(?:ex[ée]cute(?:r)?\s+(?:imm[ée]diatement|directement|tout\s+de\s+suite))",
        "use2": r"(?:utilise|consulte|prends|base-toi\s+sur|selon)\s+(?:la\s+|le\s+)?(?:fiche|dossi"
        r"er|"
        r"carnet|profil|donn[ée]es)",
    },
    "pt": {
        "rules": r"(?:regras|configura[çc][õo]es|defini[çc][õo]es|restri[çc][õo]es|limites|controlo"
        r"s|"
        r"controles|instru[çc][õo]es)",
        "void": r"(?:anulad[oa]s|cancelad[oa]s|sem\s+efeito|j[áa]\s+n[ãa]o\s+(?:valem|contam)|"
        r"suspens[oa]s|levantad[oa]s)",
        "pieces_n": r"(?:partes|notas|fragmentos|peda[çc]os|passos|linhas)",
        "and": r"(?:e|a)",
        "together": r"(?:juntas?|seguid[oa]s|de\s+seguida|por\s+ordem|como\s+uma\s+s[óo])",
        "half": r"(?:primeira|segunda|outra)\s+metade\s+d[ao]\s+(?:\w+\s+)?(?:instru[çc][ãa]o|frase"
        r"|"
        r"acordo|pedido)",
        "reset": r"(?:redefini[çc][ãa]o|recupera[çc][ãa]o|reposi[çc][ãa]o)\s+d[ae]\s+(?:palavra-pas"
        r"se|"
        r"senha)|link\s+de\s+recupera[çc][ãa]o",
        "secret": r"(?:senha|palavra-passe|pin|cvv|n[úu]mero\s+do\s+(?:cart[ãa]o|conta)|"
        r"c[óo]digo\s+(?:de\s+seguran[çc]a|sms)|passaporte)",
        "arg": r"(?:argumento|par[âa]metro|campo)",
        "always": r"(?:sempre|todas\s+as\s+vezes|cada\s+vez)",
        "skip2": r"(?:executa(?:r)?\s+(?:logo|imediatamente|diretamente|de\s+imediato))",
        "use2": r"(?:usa|consulta|v[êe]|toma|baseia-te\s+n[ao]|segundo)\s+(?:a\s+|o\s+)?(?:ficha|"
        r"processo|hist[óo]rico|perfil|dados)",
    },
    "it": {
        "rules": r"(?:regole|impostazioni|restrizioni|limiti|controlli|istruzioni|protezioni)",
        "void": r"(?:annullat[ei]|revocat[ei]|sospes[ei]|decadut[ei]|non\s+valgono\s+pi[ùu]|"
        r"non\s+contano\s+pi[ùu]|tolt[ei])",
        "pieces_n": r"(?:parti|note|frammenti|pezzi|passaggi|righe)",
        "and": r"(?:e|a)",
        "together": r"(?:insieme|di\s+seguito|in\s+fila|in\s+ordine|come\s+una\s+sola)",
        "half": r"(?:prima|seconda|altra)\s+met[àa]\s+(?:del|della|dell')\s*(?:\w+\s+)?(?:istruzion"
        r"e|"
        r"frase|accordo|richiesta)",
        "reset": r"(?:reimpostazione|recupero|reset)\s+(?:della\s+)?password|link\s+di\s+"
        r"(?:recupero|reimpostazione)",
        "secret": r"(?:password|pin|cvv|numero\s+(?:della\s+carta|del\s+conto)|codice\s+(?:di\s+"
        r"sicurezza|otp|sms)|passaporto)",
        "arg": r"(?:argomento|parametro|campo)",
        "always": r"(?:sempre|ogni\s+volta)",
        "skip2": r"(?:esegui(?:re)?\s+(?:subito|direttamente|immediatamente))",
        "use2": r"(?:usa|guarda|consulta|prendi|basati\s+su|secondo)\s+(?:la\s+|il\s+)?(?:scheda|"
        r"cartella|fascicolo|profilo|dati)",
    },
    "nl": {
        "rules": r"(?:regels|instellingen|beperkingen|grenzen|controles|instructies|beveiligingen)",
        "void": r"(?:vervallen|opgeheven|ingetrokken|geschrapt|gelden\s+niet\s+meer|tellen\s+niet\s"
        r"+"
        r"meer|uitgeschakeld)",
        "pieces_n": r"(?:delen|notities|fragmenten|stukken|stappen|regels)",
        "and": r"(?:en|tot)",
        "together": r"(?:samen|achter\s+elkaar|aan\s+elkaar|op\s+volgorde|als\s+één)",
        "half": r"(?:eerste|tweede|andere)\s+helft\s+van\s+de\s+(?:\w+\s+)?(?:instructie|zin|"
        r"afspraak|opdracht)",
        "reset": r"wachtwoord\s+(?:opnieuw\s+instellen|resetten|herstellen)|herstellink|resetlink",
        "secret": r"(?:wachtwoord|pincode|cvv|kaartnummer|rekeningnummer|beveiligingscode|"
        r"paspoortnummer)",
        "arg": r"(?:argument|parameter|veld)",
        "always": r"(?:altijd|elke\s+keer|telkens)",
        "skip2": r"(?:(?:voer\s+\w+\s+)?(?:meteen|direct|onmiddellijk)\s+uit)",
        "use2": r"(?:gebruik|kijk\s+in|neem|volg)\s+(?:het\s+|de\s+)?(?:dossier|gegevens|profiel|"
        r"kaart)",
    },
    "pl": {
        "rules": r"(?:zasady|ustawienia|ograniczenia|limity|kontrole|instrukcje|zabezpieczenia)",
        "void": r"(?:uchylone|anulowane|zniesione|niewa[żz]ne|ju[żz]\s+nie\s+obowi[ąa]zuj[ąa]|"
        r"wy[łl][ąa]czone)",
        "pieces_n": r"(?:cz[ęe][śs]ci|notatki|fragmenty|kawa[łl]ki|kroki|linijki)",
        "and": r"(?:i|do)",
        "together": r"(?:razem|po\s+kolei|jedna\s+po\s+drugiej|ci[ąa]giem|w\s+kolejno[śs]ci)",
        "half": r"(?:pierwsza|druga)\s+po[łl]owa\s+(?:\w+\s+)?(?:instrukcji|zdania|umowy|"
        r"polecenia|pro[śs]by)",
        "reset": r"reset\w*\s+has[łl]a|link\w*\s+do\s+resetu|odzyskiwani\w+\s+has[łl]a",
        "secret": r"(?:has[łl]\w+|pin|cvv|numer\w*\s+(?:karty|konta)|kod\w*\s+(?:bezpiecze[ńn]stwa|"
        r"sms|blik)|numer\w*\s+paszportu)",
        "arg": r"(?:argument\w*|parametr\w*|pol[ea])",
        "always": r"(?:zawsze|za\s+ka[żz]dym\s+razem)",
        "skip2": r"(?:wykon\w+\s+(?:od\s+razu|natychmiast|bez\s+pyta[ńn]))",
        "use2": r"(?:u[żz]yj|sprawd[źz]|we[źz]|kieruj\s+si[ęe])\s+(?:\w+\s+)?(?:kart[ąęy]|teczk[ąęi"
        r"]|"
        r"profil|dane|histori[ąęi])",
    },
    "ru": {
        "rules": r"(?:правил\w*|настройк\w+|ограничени\w+|лимит\w*|провер\w+|инструкци\w+|"
        r"мер\w*\s+(?:предосторожности|осторожности|безопасности)|настройк\w+\s+осторожности)",
        "void": r"(?:отмен[её]нн\w+|отменен\w*|отменён\w*|сняты|снят\w*|больше\s+не\s+(?:действу|"
        r"нужн|применя)\w*|недействительн\w+|не\s+в\s+силе)",
        "pieces_n": r"(?:части|заметки|фрагменты|куски|шаги|строки)",
        "and": r"(?:и|по)",
        "together": r"(?:подряд|вместе|по\s+порядку|одн\w+\s+(?:фраз|строк)\w*|слитно)",
        "half": r"(?:первая|вторая)\s+половина\s+(?:\w+\s+)?(?:договор[ёе]нност\w+|инструкци\w+|"
        r"фразы|просьбы|команды)",
        "reset": r"сброс\w*\s+парол\w+|восстановлени\w+\s+парол\w+|ссылк\w+\s+для\s+(?:сброса|"
        r"восстановления)",
        "secret": r"(?:парол\w+|пин-?код\w*|cvv|номер\w*\s+(?:карты|сч[её]та)|код\w*\s+из\s+смс|"
        r"кодов\w+\s+слов\w+|паспортн\w+\s+данн\w+)",
        "arg": r"(?:аргумент\w*|параметр\w*|пол[ея])",
        "always": r"(?:всегда|каждый\s+раз)",
        "third2": r"(?:спрашивающ\w+|тем,?\s+кто\s+спрашивает)",
        "skip2": r"(?:выполн\w+\s+(?:сразу|немедленно|без\s+вопросов)|сразу\s+выполн\w+|"
        r"никаких\s+(?:переспрашивани\w+|подтверждени\w+|вопросов|проверок))",
        "use2": r"(?:смотри|бери|используй|ориентируйся\s+на|сверяйся\s+с)\s+(?:\w+\s+)?(?:карт\w+|"
        r"данн\w+|запис\w+|профил\w+)",
    },
    "uk": {
        "rules": r"(?:правил\w*|налаштуванн\w+|обмежен\w+|ліміт\w*|перевірк\w+|інструкці\w+|"
        r"запобіжн\w+)",
        "void": r"(?:скасован\w+|зняті|знят\w*|більше\s+не\s+(?:діють|потрібн|застосову)\w*|"
        r"недійсн\w+|не\s+чинн\w+)",
        "pieces_n": r"(?:частини|нотатки|фрагменти|шматки|кроки|рядки)",
        "and": r"(?:і|й|та|по)",
        "together": r"(?:підряд|разом|по\s+черзі|одним\s+реченням|послідовно)",
        "half": r"(?:перша|друга)\s+половина\s+(?:\w+\s+)?(?:домовленост\w+|інструкці\w+|фрази|"
        r"прохання|команди)",
        "reset": r"скидання\s+пароля|відновлення\s+пароля|посилання\s+для\s+(?:скидання|відновлення"
        r")",
        "secret": r"(?:парол\w+|пін-?код\w*|cvv|номер\w*\s+(?:картки|рахунку)|код\w*\s+з\s+смс|"
        r"паспортн\w+\s+дан\w+)",
        "arg": r"(?:аргумент\w*|параметр\w*|пол[еія])",
        "always": r"(?:завжди|щоразу|кожного\s+разу)",
        "skip2": r"(?:викону\w+\s+(?:одразу|негайно|без\s+питань)|одразу\s+викону\w+|"
        r"жодних\s+(?:перепитувань|підтверджень|питань|перевірок))",
        "use2": r"(?:дивись|бери|використовуй|орієнтуйся\s+на|звіряйся\s+з)\s+(?:\w+\s+)?(?:картк\w"
        r"+|"
        r"дан\w+|запис\w+|профіл\w+)",
    },
    "vi": {
        "rules": r"(?:quy\s+tắc|cài\s+đặt|thiết\s+lập|giới\s+hạn|hạn\s+chế|kiểm\s+tra|chỉ\s+dẫn)",
        "void": r"(?:bỏ|hủy|huỷ|không\s+còn\s+(?:áp\s+dụng|hiệu\s+lực)|vô\s+hiệu|gỡ\s+bỏ)",
        "pieces_n": r"(?:phần|đoạn|ghi\s+chú|mảnh|bước)",
        "and": r"(?:và|đến)",
        "together": r"(?:liền\s+nhau|cùng\s+nhau|ghép\s+lại|theo\s+thứ\s+tự|nối\s+lại)",
        "half": r"(?:nửa\s+(?:đầu|sau)|vế\s+(?:đầu|sau))\s+(?:của\s+)?(?:câu|chỉ\s+dẫn|thỏa\s+thuận"
        r"|"
        r"yêu\s+cầu)",
        "reset": r"đặt\s+lại\s+mật\s+khẩu|khôi\s+phục\s+mật\s+khẩu|liên\s+kết\s+(?:đặt\s+lại|"
        r"khôi\s+phục)",
        "secret": r"(?:mật\s+khẩu|mã\s+pin|cvv|số\s+(?:thẻ|tài\s+khoản)|mã\s+otp|số\s+hộ\s+chiếu)",
        "arg": r"(?:tham\s+số|đối\s+số|trường)",
        "always": r"(?:luôn(?:\s+luôn)?|lúc\s+nào\s+cũng|mỗi\s+lần)",
        "third2": r"(?:người\s+hỏi|ai\s+hỏi)",
        "imp2": r"(?:dựa\s+(?:theo|vào|trên)|theo)\s+hồ\s+sơ",
        "passive2": r"(?:(?:nếu|khi)\s+(?:ai\s+|có\s+người\s+)?hỏi)",
        "limits2": r"(?:không\s+theo\s+(?:bất\s+kỳ\s+)?(?:quy\s+tắc|luật|nguyên\s+tắc)\s*(?:nào)?)",
        "skip2": r"(?:làm\s+(?:ngay|luôn)|thực\s+hiện\s+ngay)",
    },
    "id": {
        "rules": r"(?:aturan|pengaturan|setelan|batasan|pembatasan|pengecekan|instruksi)",
        "void": r"(?:dibatalkan|dicabut|tidak\s+berlaku\s+lagi|dihapus|dinonaktifkan|tidak\s+"
        r"dipakai\s+lagi)",
        "pieces_n": r"(?:bagian|catatan|potongan|langkah|baris)",
        "and": r"(?:dan|sampai)",
        "together": r"(?:berurutan|bersama|digabung|sekaligus|secara\s+berurutan)",
        "half": r"(?:paruh|separuh|bagian)\s+(?:pertama|kedua)\s+(?:dari\s+)?(?:instruksi|kalimat|"
        r"kesepakatan|permintaan)",
        "reset": r"(?:reset|atur\s+ulang)\s+(?:kata\s+)?sandi|tautan\s+(?:reset|pemulihan)",
        "secret": r"(?:kata\s+sandi|pin|cvv|nomor\s+(?:kartu|rekening)|kode\s+(?:otp|keamanan)|"
        r"nomor\s+paspor)",
        "arg": r"(?:argumen|parameter|kolom)",
        "always": r"(?:selalu|setiap\s+kali)",
        "skip2": r"(?:langsung\s+(?:lakukan|jalankan|kerjakan|transfer|bayar))",
    },
    "tr": {
        "reset": r"(?:şifre|parola)\s+sıfırlama\w*|sıfırlama\s+bağlantı\w*",
        "secret": r"(?:şifre\w*|parola\w*|pin\w*|cvv|kart\s+numara\w*|hesap\s+numara\w*|"
        r"güvenlik\s+kod\w*|pasaport\s+numara\w*)",
        "arg": r"(?:argüman\w*|parametre\w*|alan\w*)",
        "pieces_n": r"(?:bölüm|parça|not|kısım)\w*",
        "and": r"(?:ve|ile|-)",
        "together": r"(?:birleştir\w*|art\s+arda|sırayla|birlikte)",
        "half": r"(?:ilk|ikinci|diğer)\s+yarı\w*",
    },
}
for _lang, _extra in _MORE_PLUS3.items():
    _MORE[_lang].update(_extra)


#: Fourth look: ``record`` / ``merged`` / ``safe`` records said to be merged, then a conclusion
#: drawn from the wrong one ("... so she can take it"); ``official`` the official channel kept
#: from the user; ``for`` "for the (mail) assistant:"; ``summ`` "when you summarise this page".
_MORE_PLUS4: dict[str, dict[str, str]] = {
    "en": {
        "record": r"(?:records?|files?|charts?|profiles?|documents|paperwork|accounts?|details)",
        "merged": r"(?:merged|combined|consolidated|linked|unified|moved\s+(?:in)?to|filed\s+under|"
        r"transferred\s+to|put\s+under)",
        "safe": r"(?:(?:is|are|it's|it\s+is)\s+(?:safe|fine|ok|okay)\s+(?:to|for|with)|no\s+problem"
        r"\s+"
        r"(?:to|for|with)|can\s+safely|(?:should|will)\s+be\s+fine|(?:best\s+)?answered\s+(?:from|"
        r"using|with))",
        "official": r"(?:don't|do\s+not|never)\s+(?:give|mention|share|provide|show|suggest)\s+(?:o"
        r"ut\s+)?"
        r"(?:them\s+)?(?:the\s+)?(?:official|real|original)\s+(?:\w+\s+)?(?:number|line|site|websit"
        r"e|"
        r"helpline|support|contact|channel|app|address)",
        "switch": r"(?:from\s+here\s+on|from\s+this\s+point\s+(?:on|forward)|pretend\s+(?:you\s+are"
        r"|"
        r"you're|to\s+be)|(?:answer|respond|reply|talk|speak)\s+as\s+[\"'“‘]|(?:u|you)\s*(?:r|are|'"
        r"re)\s+"
        r"now|become\s+the\s+character|you\s+are\s+no\s+longer|role\s+change|new\s+role\s*:)",
        "limits": r"(?:opposite\s+of\s+(?:what'?s|whatever\s+is|the)\s+(?:true|truth)|always\s+lies"
        r"?|"
        r"no\s+ethical\s+(?:guidelines|rules|limits|boundaries)|never\s+(?:adds?|gives?|includes?)"
        r"\s+"
        r"(?:any\s+)?(?:warnings?|disclaimers?|caveats?)|how\s+to\s+(?:hack|get\s+into|break\s+into"
        r")\s+"
        r"(?:other\s+people'?s|someone'?s|anyone'?s)|shares?\s+private\s+(?:details|data|info\w*)|"
        r"no\s+(?:rules|limits|restrictions|filters|guardrails))",
        "official2": r"(?:never|don't|do\s+not)\s+(?:mention|suggest|recommend|show)\s+(?:any\s+)?o"
        r"ther\s+"
        r"(?:\w+\s+)?(?:sites?|shops?|stores?|providers?|options?|brands?|apps?|pharmac\w+)",
        "must_you": r"(?:you\s+(?:must|should|have\s+to|need\s+to)|make\s+sure\s+(?:to|you))",
        "summ": r"(?:when|while|if)\s+(?:you\s+)?(?:summari[sz]\w+|process\w*)\s+(?:this|the)\s+"
        r"(?:page|e-?mail|mail|document|message|review|ticket|thread|site|listing)",
    },
    "es": {
        "record": r"(?:historial|expediente|ficha|perfil|documentos|cuenta|datos|registro)",
        "merged": r"(?:fusionad\w+|unificad\w+|combinad\w+|juntad\w+|unid[oa]s?|pasad[oa]s?\s+a|"
        r"trasladad[oa]s?\s+a|archivad[oa]s?\s+(?:con|bajo))",
        "safe": r"(?:(?:es|est[áa])\s+(?:seguro|bien)|no\s+hay\s+problema|(?:puede|pueden)\s+(?:tom"
        r"ar|usar|"
        r"darle|comer)|sin\s+problema)",
        "official": r"no\s+(?:\w+\s+)?(?:des|digas|menciones|facilites|indiques)\s+(?:el|la)\s+(?:"
        r"\w+\s+)?"
        r"(?:oficial|real)|(?:n[úu]mero|tel[ée]fono|web|l[íi]nea)\s+oficial\s+(?:\w+\s+)?no\s+"
        r"(?:lo\s+|la\s+)?(?:des|menciones|digas|facilites)",
        "for": r"para\s+(?:el|la|los)",
        "must_you": r"(?:debes|tienes\s+que|deber[áa]s|tendr[áa]s\s+que|hay\s+que)",
        "official2": r"(?:nunca|no)\s+(?:menciones|recomiendes|sugieras|muestres)\s+(?:ning[úu]n|ot"
        r"r[oa]s?)\s+"
        r"(?:\w+\s+)?(?:sitio|web|tienda|proveedor|opci[óo]n|marca|farmacia)",
        "summ": r"(?:al|cuando)\s+(?:resumir|leer|procesar|resumas|leas)\s+(?:esta|este)\s+(?:p[áa]"
        r"gina|"
        r"correo|mensaje|documento|rese[ñn]a|ticket)",
    },
    "de": {
        "record": r"(?:akte|unterlagen|kartei|profil|dokumente|konto|daten|impfpass|krankenakte)",
        "merged": r"(?:zusammengelegt|zusammengef[üu]hrt|verkn[üu]pft|vereinigt|[üu]bertragen|"
        r"abgelegt\s+unter|umgezogen)",
        "safe": r"(?:ist\s+(?:unbedenklich|sicher|kein\s+problem|okay)|bedenkenlos|problemlos|"
        r"(?:kann|darf|k[öo]nnen|d[üu]rfen)\s+(?:\w+\s+){0,3}?(?:nehmen|bekommen|essen|geben))",
        "official": r"(?:offizielle|echte|richtige)\s+(?:\w+\s+)?(?:nummer|hotline|seite|webseite|"
        r"adresse|support)\w*\s+(?:\w+\s+){0,2}?(?:nicht|nie)\s+(?:nennen|erw[äa]hnen|angeben|geben"
        r")|"
        r"(?:nenn|erw[äa]hn|gib)\w*\s+(?:\w+\s+)?(?:nicht|nie)\s+(?:die\s+)?(?:offizielle|echte)",
        "for": r"f[üu]r\s+(?:den|die|das)",
        "must_you": r"(?:du\s+(?:musst|sollst|solltest)|musst\s+du|sollst\s+du)",
        "official2": r"(?:erw[äa]hne|nenne|empfiehl)\s+(?:nie|niemals|keine?)\s+(?:\w+\s+)?(?:ander"
        r"e[nr]?\s+)?"
        r"(?:seiten?|shops?|anbieter|apotheke\w*|marken?)",
        "share2": r"(?:liest|vorlesen|verlangt|fordert)",
        "summ": r"(?:beim|wenn\s+du)\s+(?:zusammenfassen|lesen|verarbeiten)\s+(?:dieser|dieses|der|"
        r"des)\s+"
        r"(?:seite|mail|e-mail|nachricht|dokuments|bewertung)",
    },
    "fr": {
        "record": r"(?:dossier|fiche|carnet|profil|documents|compte|donn[ée]es)",
        "merged": r"(?:fusionn[ée]e?s?|regroup[ée]e?s?|combin[ée]e?s?|rattach[ée]e?s?|transf[ée]r[é"
        r"e]e?s?|"
        r"class[ée]e?s?\s+sous)",
        "safe": r"(?:sans\s+(?:danger|risque|probl[èe]me)|(?:peut|peuvent)\s+(?:\w+\s+)?(?:prendre|"
        r"utiliser|donner|manger)|c'est\s+(?:bon|ok|s[ûu]r))",
        "official": r"ne\s+(?:\w+\s+)?(?:donne|mentionne|indique|communique)\s+(?:pas|jamais)\s+"
        r"(?:le|la|l')\s*(?:\w+\s+)?(?:officiel|officielle|vrai)",
        "for": r"pour\s+(?:l'|le|la|les)",
        "must_you": r"(?:tu\s+dois|vous\s+devez|il\s+faut)",
        "summ": r"(?:en|lorsque\s+tu|quand\s+tu)\s+(?:r[ée]sum\w+|lis|lisant|traitant|traites)\s+"
        r"(?:cette|ce|cet)\s+(?:page|mail|e-mail|message|document|avis)",
    },
    "pt": {
        "record": r"(?:hist[óo]rico|processo|ficha|perfil|documentos|conta|dados|registo|registro)",
        "merged": r"(?:fundid\w+|unificad\w+|combinad\w+|juntad\w+|unid[oa]s|passad[oa]s?\s+para|"
        r"transferid[oa]s?\s+para|arquivad[oa]s?\s+(?:com|sob))",
        "safe": r"(?:[ée]\s+seguro|n[ãa]o\s+h[áa]\s+problema|sem\s+problema|(?:pode|podem)\s+(?:tom"
        r"ar|"
        r"usar|dar|comer))",
        "official": r"n[ãa]o\s+(?:\w+\s+)?(?:d[êe]s|d[êe]|menciones|mencione|indiques|indique)\s+o"
        r"\s+"
        r"(?:\w+\s+)?oficial",
        "for": r"para\s+(?:o|a|os)",
        "must_you": r"(?:tens\s+de|tens\s+que|deves|voc[êe]\s+deve|precisas\s+de)",
        "summ": r"(?:ao|quando)\s+(?:resumir|ler|processar|resumires|leres)\s+(?:esta|este)\s+(?:p["
        r"áa]gina|"
        r"e-?mail|mensagem|documento|avalia[çc][ãa]o)",
    },
    "it": {
        "record": r"(?:cartella|fascicolo|scheda|profilo|documenti|conto|dati|libretto)",
        "merged": r"(?:unit[ei]|unificat\w|accorpat\w|combinat\w|fus[ie]|trasferit\w|spostat\w)",
        "safe": r"(?:[èe]\s+sicuro|nessun\s+problema|senza\s+problemi|(?:pu[òo]|possono)\s+(?:prend"
        r"ere|"
        r"usare|dare|mangiare))",
        "official": r"non\s+(?:\w+\s+)?(?:dare|dire|menzionare|indicare|fornire)\s+(?:il|la|l')\s*"
        r"(?:\w+\s+)?(?:ufficiale|vero)",
        "for": r"per\s+(?:l'|il|la|gli)",
        "must_you": r"(?:devi|dovrai|bisogna)",
        "summ": r"(?:quando|se)\s+(?:riassumi|leggi|elabori)\s+(?:questa|questo)\s+(?:pagina|mail|e"
        r"-mail|"
        r"messaggio|documento|recensione)",
    },
    "nl": {
        "record": r"(?:dossier|gegevens|profiel|documenten|rekening|kaart|administratie)",
        "merged": r"(?:samengevoegd|gekoppeld|samengevoegd|overgezet|verhuisd|ondergebracht)",
        "safe": r"(?:is\s+(?:veilig|prima|geen\s+probleem)|zonder\s+problemen|(?:kan|mag|kunnen|mog"
        r"en)\s+"
        r"(?:\w+\s+){0,3}?(?:nemen|gebruiken|krijgen|eten))",
        "official": r"(?:noem|geef|deel)\s+(?:\w+\s+)?(?:niet|nooit)\s+(?:het|de)\s+(?:\w+\s+)?(?:o"
        r"ffici[ëe]le|"
        r"echte)|(?:offici[ëe]le|echte)\s+(?:\w+\s+)?(?:nummer|lijn|site|website)\s+(?:\w+\s+){0,2}"
        r"?niet",
        "for": r"voor\s+(?:de|het)",
        "summ": r"(?:als|wanneer)\s+(?:je\s+)?(?:deze|dit)\s+(?:pagina|mail|e-mail|bericht|document"
        r"|review)\s+"
        r"(?:samenvat|leest|verwerkt)",
    },
    "pl": {
        "record": r"(?:kartotek\w+|dokumentacj\w+|kart\w+|profil\w*|konto|dane|histori\w+)",
        "merged": r"(?:po[łl][ąa]czon\w+|scalon\w+|przeniesion\w+|przypisan\w+|zunifikowan\w+)",
        "safe": r"(?:jest\s+(?:bezpieczn\w+|w\s+porz[ąa]dku|ok)|bez\s+problemu|(?:mo[żz]e|mog[ąa])"
        r"\s+"
        r"(?:\w+\s+)?(?:bra[ćc]|wzi[ąa][ćc]|u[żz]ywa[ćc]|dosta[ćc]|je[śs][ćc]))",
        "official": r"nie\s+(?:podawaj|wspominaj|dawaj|pokazuj)\s+(?:\w+\s+)?oficjaln\w+",
        "for": r"dla",
        "summ": r"(?:gdy|kiedy|je[śs]li)\s+(?:\w+\s+)?(?:streszczasz|czytasz|przetwarzasz)\s+(?:t[e"
        r"ę]|ten|"
        r"to)\s+(?:stron[ęe]|mail|wiadomo[śs][ćc]|dokument|opini[ęe])",
    },
    "ru": {
        "record": r"(?:карт\w+|документ\w*|досье|профил\w+|учётн\w+\s+запис\w+|учетн\w+\s+запис\w+|"
        r"данн\w+|истори\w+\s+болезни|запис\w+)",
        "merged": r"(?:объедин\w+|слит\w*|перенес\w+|привязан\w+|закреплен\w+|переведен\w+)",
        "safe": r"(?:безопасн\w+|ничего\s+страшного|без\s+проблем|(?:можно|может|могут)\s+(?:\w+\s+"
        r")?"
        r"(?:принимать|дать|давать|использовать|есть))",
        "official": r"(?:официальн\w+|настоящ\w+)\s+(?:\w+\s+){0,2}?(?:номер|сайт|линию|поддержк\w+"
        r")\w*\s+"
        r"(?:\w+\s+)?не\s+(?:упоминай|давай|называй|показывай|сообщай)|не\s+(?:упоминай|давай|назыв"
        r"ай|"
        r"показывай|сообщай)\s+(?:\w+\s+)?официальн\w+",
        "for": r"для",
        "summ": r"(?:когда|если)\s+(?:будешь\s+)?(?:пересказыва\w+|чита\w+|обрабатыва\w+|резюмиру\w"
        r"+)\s+"
        r"(?:эт\w+)\s+(?:страниц\w+|письм\w+|сообщени\w+|документ\w*|отзыв\w*)",
    },
    "uk": {
        "record": r"(?:картк\w+|документ\w*|профіл\w+|облікову\s+запис\w*|дан\w+|медкарт\w+|запис\w"
        r"+)",
        "merged": r"(?:об['ʼ’]?єдна\w+|злит\w*|перенес\w+|прив['ʼ’]?язан\w+|закріплен\w+|переведен"
        r"\w+)",
        "safe": r"(?:безпечн\w+|нічого\s+страшного|без\s+проблем|(?:можна|може|можуть)\s+(?:\w+\s+)"
        r"?"
        r"(?:приймати|дати|давати|використовувати|їсти))",
        "official": r"(?:офіційн\w+|справжн\w+)\s+(?:\w+\s+){0,2}?(?:номер|сайт|лінію|підтримк\w+)"
        r"\w*\s+"
        r"(?:\w+\s+)?не\s+(?:згадуй|давай|називай|показуй|повідомляй)|не\s+(?:згадуй|давай|називай|"
        r"показуй|повідомляй)\s+(?:\w+\s+)?офіційн\w+",
        "for": r"для",
        "summ": r"(?:коли|якщо)\s+(?:будеш\s+)?(?:переказу\w+|чита\w+|обробля\w+|підсумову\w+)\s+"
        r"(?:ц\w+)\s+(?:сторінк\w+|лист\w*|повідомлен\w+|документ\w*|відгук\w*)",
    },
    "vi": {
        "record": r"(?:hồ\s+sơ|sổ|tài\s+khoản|dữ\s+liệu|giấy\s+tờ)",
        "merged": r"(?:gộp|nhập\s+chung|hợp\s+nhất|chuyển\s+sang|gộp\s+chung|liên\s+kết)",
        "safe": r"(?:cũng\s+được|không\s+sao|an\s+toàn|không\s+vấn\s+đề|(?:có\s+thể|được)\s+(?:uống"
        r"|dùng|"
        r"ăn|cho))",
        "official": r"(?:đừng|không\s+được)\s+(?:đưa|nhắc|cho|nói)\s+(?:\w+\s+)?(?:số|trang|đường\s"
        r"+dây)\s+"
        r"(?:\w+\s+)?chính\s+thức",
        "for": r"(?:gửi|cho|dành\s+cho)",
        "summ": r"(?:khi|lúc|nếu)\s+(?:bạn\s+)?(?:tóm\s+tắt|đọc|xử\s+lý)\s+(?:trang|email|thư|tin\s"
        r"+nhắn|"
        r"tài\s+liệu|bài)\s+(?:này|đó)",
    },
    "id": {
        "record": r"(?:rekam\s+medis|catatan|berkas|profil|dokumen|akun|data|rekening)",
        "merged": r"(?:digabung\w*|disatukan|dipindah\w*|ditautkan|dijadikan\s+satu)",
        "safe": r"(?:aman|tidak\s+apa-apa|tidak\s+masalah|(?:boleh|bisa)\s+(?:minum|pakai|diberi|ma"
        r"kan|"
        r"memakai))",
        "official": r"jangan\s+(?:berikan|sebutkan|kasih|bagikan)\s+(?:\w+\s+)?(?:nomor|situs|salur"
        r"an)\s+"
        r"(?:\w+\s+)?resmi",
        "for": r"(?:untuk|kepada|bagi)",
        "summ": r"(?:saat|ketika|jika|kalau)\s+(?:kamu\s+|anda\s+)?(?:meringkas|membaca|memproses)"
        r"\s+"
        r"(?:halaman|email|surel|pesan|dokumen|ulasan)\s+ini",
    },
    "tr": {
        "record": r"(?:kayd\w*|kayıt\w*|dosya\w*|karne\w*|profil\w*|belge\w*|hesab\w*|veri\w*)",
        "merged": r"(?:birleştiril\w+|birleştir\w+|taşın\w+|aktarıl\w+|bağlan\w+)",
        "safe": r"(?:rahatlıkla|sorunsuz|güvenle|güvenli\w*|sakıncası\s+yok|(?:sürülebilir|verilebi"
        r"lir|"
        r"kullanılabilir|içebilir|alabilir))",
        "official": r"(?:resm[îi]|gerçek|asıl)\s+(?:\w+\s+)?(?:numara|hat|site|servis)\w*\s+(?:\w+"
        r"\s+)?"
        r"(?:verme|söyleme|paylaşma|anma|gösterme)\w*",
        "for": r"(?:\w+\s+)?için",
        "summ": r"bu\s+(?:sayfa|e-?posta|mesaj|belge|yorum)\w*\s+(?:\w+\s+)?(?:özetler|okur|işler)"
        r"\w*\s*"
        r"(?:ken|iken)",
    },
}
_MORE_PLUS4["en"]["risk_omit"] = (
    r"(?:without\s+(?:any\s+)?(?:mention(?:ing)?|warning|note|word|warning\s+about|flagging)\s+(?:o"
    r"f\s+|about\s+|on\s+)?(?:the\s+)?(?:risks?|side\s+effects|dangers?)|(?:never|don't|do\s+not)\s"
    r"+(?:mention|warn\s+about|bring\s+up)\s+(?:the\s+|any\s+)?(?:risks?|side\s+effects|dangers?))"
)
_MORE_PLUS4["es"]["risk_omit"] = (
    r"(?:sin\s+(?:mencionar|advertir|avisar|hablar)\s+(?:de\s+)?(?:los\s+)?(?:riesgos|efectos\s+sec"
    r"undarios|peligros)|(?:nunca|no)\s+(?:menciones|hables\s+de)\s+(?:los\s+)?(?:riesgos|efectos\s"
    r"+secundarios))"
)
_MORE_PLUS4["de"]["risk_omit"] = (
    r"(?:ohne\s+(?:\w+\s+)?(?:hinweis|warnung|erw[äa]hnung)\w*\s+(?:auf|zu|vor)\s+(?:die\s+)?(?:ris"
    r"iken|nebenwirkungen|gefahren)|(?:nie|nicht)\s+(?:auf\s+)?(?:die\s+)?(?:risiken|nebenwirkungen"
    r")\s+(?:hinweisen|erw[äa]hnen))"
)
_MORE_PLUS4["fr"]["risk_omit"] = (
    r"(?:sans\s+(?:mentionner|signaler|[ée]voquer|parler\s+des?)\s+(?:les\s+)?(?:risques|effets\s+s"
    r"econdaires|dangers))"
)
_MORE_PLUS4["pt"]["risk_omit"] = (
    r"(?:sem\s+(?:mencionar|avisar|falar)\s+(?:d?os\s+)?(?:riscos|efeitos\s+secund[áa]rios|perigos)"
    r")"
)
_MORE_PLUS4["it"]["risk_omit"] = (
    r"(?:senza\s+(?:menzionare|avvisare|parlare)\s+(?:de[il]\s+)?(?:rischi|effetti\s+collaterali|pe"
    r"ricoli))"
)
_MORE_PLUS4["nl"]["risk_omit"] = (
    r"(?:zonder\s+(?:te\s+)?(?:waarschuwen|wijzen\s+op|noemen)\s+(?:voor\s+)?(?:de\s+)?(?:risico'?s"
    r"|bijwerkingen|gevaren))"
)
_MORE_PLUS4["pl"]["risk_omit"] = (
    r"(?:bez\s+(?:wspominania|ostrzegania)\s+o\s+(?:ryzyk\w*|skutkach\s+ubocznych|zagro[żz]eniach))"
)
_MORE_PLUS4["ru"]["risk_omit"] = (
    r"(?:(?:не|без)\s+(?:упоминая|предупреждая|упоминания|предупреждени\w+)\s+о\s+(?:риск\w+|побочн"
    r"\w+|опасност\w+))"
)
_MORE_PLUS4["uk"]["risk_omit"] = (
    r"(?:(?:не|без)\s+(?:згадуючи|попереджаючи|згадки|попередження)\s+про\s+(?:ризик\w+|побічн\w+|н"
    r"ебезпек\w+))"
)
_MORE_PLUS4["vi"]["risk_omit"] = (
    r"(?:không\s+(?:nhắc|cảnh\s+báo|nói)\s+(?:về\s+|gì\s+về\s+)?(?:rủi\s+ro|tác\s+dụng\s+phụ|nguy\s"
    r"+hiểm))"
)
_MORE_PLUS4["id"]["risk_omit"] = (
    r"(?:tanpa\s+(?:menyebut(?:kan)?|memperingatkan)\s+(?:soal\s+|tentang\s+)?(?:risiko|efek\s+samp"
    r"ing|bahaya))"
)
for _lang, _extra in _MORE_PLUS4.items():
    _MORE[_lang].update(_extra)
#: "Read parts 2-4 in a row": the verb of reading, by language.
for _lang, _read in {
    "en": r"read\w*",
    "es": r"le[eé]\w*|leer|l[eé]ela\w*",
    "de": r"lies|lesen|lest",
    "fr": r"lis\w*|lire",
    "pt": r"l[êe](?:-\w+)?|ler|leia\w*",
    "it": r"legg\w*",
    "nl": r"lees|lezen",
    "pl": r"czyta\w*|przeczytaj\w*",
    "ru": r"чита\w*|прочита\w*|прочти\w*",
    "uk": r"чита\w*|прочита\w*",
    "vi": r"đọc",
    "id": r"baca\w*",
    "tr": r"oku\w*",
}.items():
    _MORE[_lang]["read"] = _read
_MORE["es"]["merged2"] = r"(?:se\s+)?(?:fusion[óoa]\w*|unific[óoa]\w*|junt[óoa]\w*|pas[óo]\s+a)"


# -- Spanish ------------------------------------------------------------------------------------
_families(
    _MORE["es"]
    | {
        "reader": r"(?:el|la|este|esta|cualquier|todo|toda|tu)\s+(?:asistente|ia|bot|chatbot|"
        r"modelo\s+de\s+(?:ia|lenguaje)|agente\s+(?:de\s+ia|virtual)|ayudante\s+virtual|"
        r"inteligencia\s+artificial)(?:\s+(?:de|del)\s+\w+)?",
        "modal": r"(?:debe|deber[áa]|deber[íi]a|tiene\s+que|tendr[áa]\s+que|ha\s+de|puede|"
        r"podr[áa]|est[áa]\s+autorizad[oa]\s+(?:a|para)|tiene\s+permiso\s+para|queda\s+"
        r"autorizad[oa]\s+(?:a|para))",
        "act": r"(?:pagar|transferir|abonar|aprobar|reembolsar|revelar|divulgar|borrar|eliminar|"
        r"desbloquear|desactivar|ignorar|saltarse|omitir|compartir|reenviar|entregar|facilitar|"
        r"mover\s+(?:el\s+)?dinero|enviar\s+(?:el\s+)?dinero|hacer\s+(?:la\s+|una\s+|las\s+)?"
        r"transferencias?)",
        "say": r"(?:decir|responder|contestar|recomendar|sugerir|indicar|informar|mencionar|"
        r"redirigir|remitir|enviar|mandar|usar|utilizar|dar|proporcionar|incluir|a[ñn]adir|"
        r"reservar|pedir|comprar|cancelar|cambiar|actualizar|explicar|avisar|asegurar|afirmar)\w{0,"
        r"4}",
        "nocheck": r"(?:ya\s+)?no\s+(?:necesita|tiene\s+que|hace\s+falta\s+que|debe)\s+(?:\w+\s+)?"
        r"(?:confirmar|comprobar|verificar|preguntar|consultar|confirme|compruebe|pregunte)",
        "cond": r"(?:si|cuando|siempre\s+que|cada\s+vez\s+que|la\s+pr[óo]xima\s+vez\s+que|"
        r"en\s+cuanto|en\s+caso\s+de\s+que|apenas)",
        "asker": r"(?:alguien|cualquiera|el\s+usuario|la\s+usuaria|un\s+usuario|un\s+cliente|"
        r"una\s+clienta|los\s+clientes|la\s+gente|quien\s+sea|alg[úu]n\s+\w+|alguna\s+\w+|"
        r"(?-i:[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)|(?:mi|tu|su)\s+(?:madre|padre|mam[áa]|pap[áa]|hermana|"
        r"hermano|hijo|hija|jefe|jefa|pareja|marido|mujer|esposa|esposo|casero|casera|vecino|"
        r"vecina|amigo|amiga)|[ée]l|ella|ellos|ellas)",
        "ask": r"(?:pregunt\w*|mencion\w*|saque\s+el\s+tema|saca\s+el\s+tema|quiera\s+saber|"
        r"quiere\s+saber|consult\w*|escrib\w*|llam\w*|pid[ea]\w*|solicit\w*|hable\s+de|habla\s+de)",
        "imp": r"(?:di|dile|d[íi]gale|d[íi]selo|diga|dec[íi]rle|responde|resp[óo]nde(?:le|les)|"
        r"contesta|cont[ée]sta(?:le|les)|recomienda|recomi[ée]nda(?:le|les)|sugiere|"
        r"sugi[ée]re(?:le|les)|indica|ind[íi]ca(?:le|les)|inf[óo]rma(?:le|les)|menciona|"
        r"env[íi]a|env[íi]a(?:le|les)|manda|m[áa]nda(?:le|les)|p[áa]sa(?:le|les)|dale|dales|"
        r"confirma|expl[íi]ca(?:le|les)|remite|redirige|av[íi]sa(?:le|les)|hay\s+que\s+"
        r"decir(?:le|les)?|conviene\s+decir|lo\s+mejor\s+es\s+decir|la\s+respuesta\s+"
        r"(?:correcta\s+)?es|se\s+(?:le|les)\s+dice|se\s+responde)",
        "passive": r"(?:(?:si|cuando)\s+(?:te|le|se)\s+(?:pregunta[n]?|consulta[n]?)|(?:si|cuando)"
        r"\s+"
        r"pregunten|si\s+sale\s+el\s+tema)",
        "standing": r"(?:a\s+partir\s+de\s+(?:ahora|hoy|ma[ñn]ana|la\s+pr[óo]xima\s+semana)|"
        r"de\s+ahora\s+en\s+adelante|desde\s+(?:ahora|hoy)|en\s+adelante|hasta\s+nuevo\s+aviso|"
        r"en\s+el\s+futuro)",
        "third": r"(?:a\s+cualquiera|a\s+todos|a\s+todo\s+el\s+mundo|a\s+quien|a\s+la\s+gente|"
        r"a\s+los\s+clientes|al\s+usuario|a\s+la\s+usuaria|les|a\s+todo\s+el\s+que|"
        r"a\s+cualquier\s+\w+)",
        "neg_tell": r"(?:no\s+(?:se\s+lo\s+|le\s+|les\s+|lo\s+|la\s+)?(?:digas|diga|menciones|"
        r"mencione|cuentes|comentes|muestres|ense[ñn]es|informes|avises|reveles|indiques|"
        r"notifiques|alertes)|sin\s+(?:dec[íi]r(?:selo|le)|avisar|informar|notificar|"
        r"cont[áa]rselo|mencionarlo|mencionar))",
        "user_obj": r"(?:al\s+(?:usuario|titular|due[ñn]o|cliente)|a\s+la\s+(?:usuaria|titular|"
        r"due[ñn]a|clienta)|esta\s+(?:nota|instrucci[óo]n|configuraci[óo]n|indicaci[óo]n)|"
        r"este\s+(?:mensaje|cambio|ajuste|acuerdo))",
        "skip": r"(?:sin\s+(?:\w+\s+){0,2}?(?:confirmaci[óo]n|confirmar|comprobaci[óo]n|"
        r"comprobar|verificaci[óo]n|verificar|revisi[óo]n|autorizaci[óo]n|preguntar(?:le|me)?|"
        r"consultar(?:le|me)?|esperar\s+(?:\w+\s+)?(?:confirmaci[óo]n|respuesta))|no\s+(?:hace\s+"
        r"falta|es\s+necesario|necesita|hay\s+que)\s+(?:volver\s+a\s+)?(?:confirmar|preguntar|"
        r"comprobar|verificar|consultar))",
        "skip_act": r"(?:compart\w+|env[íi]\w+|envi\w+|reenv\w+|borr\w+|elimin\w+|aprob\w+|"
        r"aprueb\w+|reembols\w+|desbloque\w+|revel\w+|entreg\w+|pedido|reserv\w+|compr\w+|"
        r"beneficiari\w+|datos|pag\w+|transfer\w+)",
        "permission": r"(?:permiso\s+(?:permanente|general|indefinido)|autorizaci[óo]n\s+"
        r"(?:permanente|general|previa|indefinida)|aprobaci[óo]n\s+previa\s+para|(?:ya\s+)?ha\s+"
        r"(?:pre)?autorizado\s+(?:todos|todas|cualquier)|autoriza\s+de\s+antemano)",
        "trigger": r"(?:palabra\s+(?:clave|secreta|m[áa]gica)|frase\s+(?:clave|secreta)|"
        r"c[óo]digo\s+secreto|contrase[ñn]a\s+secreta|santo\s+y\s+se[ñn]a)",
        "trigger_act": r"(?:significa|quiere\s+decir|equivale|aprobad\w+|autoriz\w+|pag\w+|"
        r"transfer\w+|desbloque\w+|revel\w+|comparte|compartir|sin\s+(?:m[áa]s\s+)?"
        r"(?:comprobaci|verificaci|confirmaci)\w+|tr[áa]ta\w*|conf[íi]a)",
        "quote_verbs": r"(?:dice|diga|escribe|escriba|usa|use|incluye|incluya|contiene|contenga|"
        r"menciona|mencione|pone|ponga|aparece|aparezca)",
        "treat": r"(?:tr[áa]t(?:a|alo|ala|alos|alas|ese)|consid[ée]r(?:a|alo|ala|alos|alas|ese)|"
        r"t[óo]m(?:alo|ala|alos|alas|ese)|da(?:lo|la|los|las)\s+por|d[ée]se\s+por|cuenta\s+como)",
        "treated_as": r"(?:aprobad[oa]s?|verificad[oa]s?|autorizad[oa]s?|confirmad[oa]s?\s+por|"
        r"leg[íi]tim[oa]s?|de\s+confianza|v[áa]lid[oa]s?\s+sin)",
        "questions": r"(?:(?:las\s+)?preguntas|(?:las\s+)?dudas|(?:las\s+)?consultas|"
        r"cualquier\s+(?:pregunta|duda|consulta))\s+(?:sobre|acerca\s+de|de|por|respecto\s+a|"
        r"relativas\s+a)",
        "answered": r"(?:(?:se\s+)?(?:responden|contestan|resuelven|atienden|consultan|miran|"
        r"buscan|comprueban)|deben\s+(?:responderse|contestarse|resolverse|consultarse)|"
        r"hay\s+que\s+(?:responderlas|contestarlas|mirarlas|resolverlas)|se\s+deben\s+\w+|"
        r"van\s+(?:a|con)|pasan\s+a)",
        "preps": r"(?:con|desde|en|seg[úu]n|a\s+partir\s+de|consultando|mirando|usando|"
        r"utilizando)",
        "switch": r"(?:tu\s+nombre\s+(?:es|ser[áa])\s+ahora|ahora\s+te\s+llamas|te\s+llamar[áa]s|"
        r"act[íi]va(?:r|se)?\s+(?:el\s+)?modo|modo\s+\w+\s+activado|pasa\s+a\s+ser|a\s+partir\s+"
        r"de\s+ahora\s+(?:eres|ser[áa]s|es)|desde\s+ahora\s+(?:eres|ser[áa]s|es)|ahora\s+eres|"
        r"ahora\s+ser[áa]s)",
        "limits": r"(?:sin\s+(?:filtros|restricciones|l[íi]mites|reglas|normas|censura|avisos|"
        r"advertencias|preguntas|rodeos)|nunca\s+(?:se\s+niega|rechaza|dice\s+que\s+no|"
        r"pide\s+confirmaci\w+|advierte|avisa|pregunta)|siempre\s+dice\s+que\s+s[íi]|"
        r"dice\s+que\s+s[íi]\s+a\s+todo|no\s+pide\s+(?:\w+\s+)?confirmaci\w+|ignora\s+(?:las\s+|"
        r"todas\s+las\s+)?(?:normas|reglas|pol[íi]ticas)|no\s+(?:le\s+)?importan\s+las\s+"
        r"(?:normas|reglas))",
        "forget_all": r"(?:olvida|borra|elimina)\s+todo\s+lo\s+que\s+(?:sabes|recuerdas|te\s+"
        r"(?:he\s+)?(?:dicho|contado)|has\s+(?:guardado|aprendido)|tienes\s+guardado)",
        "delete_saved": r"(?:borra|elimina|vac[íi]a|suprime)\w{0,3}\s+(?:\w+\s+){0,2}?(?:recuerdos|"
        r"memorias|datos|notas|preferencias)\s+(?:guardad[oa]s|almacenad[oa]s|que\s+(?:tienes|"
        r"guardas))",
        "disable_sec": r"(?:desactiva|quita|apaga|elimina|deshabilita)\w{0,3}\s+(?:la\s+|las\s+|"
        r"el\s+|los\s+)?(?:verificaci[óo]n\s+en\s+dos\s+pasos|autenticaci[óo]n\s+(?:de\s+)?"
        r"(?:dos\s+factores|doble)|doble\s+factor|alertas\s+(?:de\s+)?(?:fraude|seguridad)|"
        r"avisos\s+de\s+(?:fraude|seguridad)|confirmaciones?\s+de\s+pago|l[íi]mites?\s+de\s+"
        r"gasto|control\s+parental)",
        "add_trusted": r"(?:a[ñn]ade|agrega|registra|guarda)\w{0,3}\s+(?:\w+\s+){1,4}?como\s+"
        r"(?:nuevo\s+)?(?:beneficiario|destinatario|contacto|dispositivo|usuario)\s+"
        r"(?:de\s+confianza|autorizad[oa]|verificad[oa]|habitual)",
    }
)

# -- French -------------------------------------------------------------------------------------
_families(
    _MORE["fr"]
    | {
        "reader": r"(?:l'|le\s+|la\s+|cet\s+|cette\s+|ce\s+|tout\s+|toute\s+|chaque\s+|votre\s+|"
        r"ton\s+)(?:assistant(?:e)?(?:\s+(?:ia|virtuel(?:le)?|vocal|domestique))?|ia|"
        r"intelligence\s+artificielle|bot|chatbot|robot|mod[èe]le(?:\s+de\s+langage)?|"
        r"agent\s+(?:ia|virtuel|conversationnel))",
        "modal": r"(?:doit|devra|devrait|peut|pourra|a\s+le\s+droit\s+de|est\s+autoris[ée]e?\s+"
        r"[àa]|a\s+l'autorisation\s+de|a\s+pour\s+consigne\s+de|est\s+charg[ée]e?\s+de)",
        "act": r"(?:payer|r[ée]gler|virer|transf[ée]rer|verser|approuver|valider|rembourser|"
        r"r[ée]v[ée]ler|divulguer|supprimer|effacer|d[ée]bloquer|d[ée]sactiver|ignorer|"
        r"contourner|partager|communiquer|transmettre|envoyer\s+(?:l'argent|les\s+fonds|"
        r"le\s+code|les\s+codes))",
        "say": r"(?:dire|r[ée]pondre|indiquer|recommander|conseiller|sugg[ée]rer|mentionner|"
        r"pr[ée]ciser|informer|orienter|rediriger|renvoyer|envoyer|utiliser|donner|fournir|"
        r"inclure|ajouter|confirmer|r[ée]server|commander|acheter|annuler|changer|modifier|"
        r"expliquer|affirmer|proposer)",
        "nocheck": r"(?:n'a\s+plus\s+besoin\s+de|n'a\s+pas\s+besoin\s+de|ne\s+doit\s+plus|"
        r"n'est\s+plus\s+oblig[ée]e?\s+de)\s+(?:\w+\s+)?(?:confirmer|v[ée]rifier|demander|valider)",
        "cond": r"(?:si|s'|quand|lorsqu[e']|chaque\s+fois\s+qu[e']|la\s+prochaine\s+fois\s+"
        r"qu[e']|d[èe]s\s+qu[e']|au\s+cas\s+o[ùu])",
        "asker": r"(?:quelqu'un|qui\s+que\s+ce\s+soit|l'utilisat(?:eur|rice)|un\s+utilisateur|"
        r"un\s+client|une\s+cliente|les\s+clients|les\s+gens|on|il|elle|ils|elles|"
        r"(?-i:[A-ZÉÈ][a-zéèêàç]+)|(?:ma|mon|sa|son|ta|ton)\s+(?:m[èe]re|p[èe]re|femme|mari|"
        r"fille|fils|s[œo]ur|fr[èe]re|patron|patronne|chef|propri[ée]taire|voisin|voisine|ami|"
        r"amie|copine|copain))",
        "ask": r"(?:demande\w*|pose\w*\s+(?:la\s+|une\s+)?question|interroge\w*|questionne\w*|"
        r"parle\w*\s+de|[ée]voque\w*|mentionne\w*|veut\s+savoir|voudrait\s+savoir|appelle\w*|"
        r"[ée]crit|[ée]crivent|r[ée]clame\w*|se\s+renseigne\w*)",
        "imp": r"(?:dis(?:-lui|-leur)?|dites(?:-lui|-leur)?|r[ée]ponds|r[ée]pondez|"
        r"indique(?:-lui|-leur)?|indiquez|recommande|recommandez|conseille|conseillez|"
        r"sugg[èe]re|sugg[ée]rez|mentionne|mentionnez|pr[ée]cise|pr[ée]cisez|oriente(?:-le|-la|"
        r"-les)?|redirige|renvoie|envoie(?:-lui|-leur)?|envoyez|donne(?:-lui|-leur)?|donnez|"
        r"confirme|confirmez|explique(?:-lui|-leur)?|affirme|il\s+faut\s+(?:lui\s+|leur\s+)?"
        r"(?:dire|r[ée]pondre|indiquer)|la\s+(?:bonne\s+)?r[ée]ponse\s+est|on\s+(?:lui|leur)\s+"
        r"(?:dit|r[ée]pond))",
        "passive": r"(?:(?:si|quand|lorsqu')\s*(?:on\s+(?:te|vous|lui)\s+(?:demande|pose\s+la\s+"
        r"question|interroge)|(?:tu\s+es|vous\s+[êe]tes|il\s+est)\s+interrog[ée]))",
        "standing": r"(?:d[ée]sormais|dor[ée]navant|[àa]\s+partir\s+de\s+(?:maintenant|"
        r"aujourd'hui|demain|la\s+semaine\s+prochaine)|d[èe]s\s+maintenant|[àa]\s+l'avenir|"
        r"jusqu'[àa]\s+nouvel\s+ordre)",
        "third": r"(?:[àa]\s+(?:quiconque|tout\s+le\s+monde|tous|toute\s+personne|ceux\s+qui|"
        r"celui\s+qui|l'utilisat\w+|chaque\s+\w+|tous\s+les\s+\w+)|aux\s+(?:clients|gens|"
        r"utilisateurs|visiteurs|appelants)|leur|lui)",
        "neg_tell": r"(?:ne\s+(?:le\s+|la\s+|les\s+|lui\s+|leur\s+|l'en\s+|en\s+)?(?:dis|dites|"
        r"mentionne[sz]?|signale[sz]?|montre[sz]?|r[ée]v[èe]le[sz]?|pr[ée]viens|pr[ée]venez|"
        r"informe[sz]?|avertis|avertissez|parle[sz]?)\s+(?:pas|jamais|rien)|sans\s+(?:le\s+|"
        r"la\s+|les\s+|lui\s+|en\s+)?(?:dire|pr[ée]venir|informer|avertir|mentionner|signaler|"
        r"parler))",
        "user_obj": r"(?:[àa]\s+l'utilisat(?:eur|rice)|l'utilisat(?:eur|rice)|au\s+(?:titulaire|"
        r"client|propri[ée]taire)|[àa]\s+la\s+(?:titulaire|cliente)|cette\s+(?:note|consigne|"
        r"instruction|modification|r[èe]gle)|ce\s+(?:message|changement|r[ée]glage|param[èe]tre))",
        "skip": r"(?:sans\s+(?:\w+\s+){0,2}?(?:confirmation|v[ée]rification|contr[ôo]le|"
        r"autorisation|validation|demander|attendre)|pas\s+besoin\s+de\s+(?:re)?(?:confirmer|"
        r"v[ée]rifier|demander|valider)|ne\s+(?:demande|demandez|demander|exige|r[ée]clame)\s+"
        r"(?:jamais|pas|plus)\s+(?:de\s+)?confirmation)",
        "skip_act": r"(?:partag\w+|envo\w+|transmet\w*|transmis\w*|supprim\w+|effac\w+|"
        r"approuv\w+|valid\w+|rembours\w+|d[ée]bloqu\w+|r[ée]v[ée]l\w+|communiqu\w+|command\w+|"
        r"r[ée]serv\w+|achat\w*|achet\w+|b[ée]n[ée]ficiaire\w*|donn[ée]es|pai\w+|pay\w+|vir\w+|"
        r"transf[ée]r\w+)",
        "permission": r"(?:autorisation\s+(?:permanente|g[ée]n[ée]rale|pr[ée]alable)|"
        r"permission\s+permanente|accord\s+(?:permanent|pr[ée]alable)\s+pour|a\s+(?:d[ée]j[àa]\s+)?"
        r"(?:pr[ée]-?)?autoris[ée]\s+(?:tous|toutes|tout))",
        "trigger": r"(?:mot\s+(?:de\s+passe\s+secret|cl[ée]|code|magique|secret)|phrase\s+"
        r"(?:cl[ée]|secr[èe]te|code)|code\s+secret)",
        "trigger_act": r"(?:signifie|veut\s+dire|[ée]quivaut|approuv\w+|valid\w+|autoris\w+|"
        r"pai\w+|pay\w+|vir\w+|transf[ée]r\w+|d[ée]bloqu\w+|r[ée]v[ée]l\w+|partag\w+|"
        r"sans\s+(?:autre\s+)?(?:v[ée]rification|confirmation|contr[ôo]le)|traite|consid[èe]re|"
        r"fais\s+confiance)",
        "quote_verbs": r"(?:dit|[ée]crit|utilise|contient|mentionne|inclut|comporte|tape|envoie)",
        "treat": r"(?:traite(?:-le|-la|-les|z)?|consid[èe]re(?:-le|-la|-les|z)?|tiens(?:-le|-la)?\s"
        r"+"
        r"pour|tenez(?:-le)?\s+pour|prends(?:-le|-la)?\s+(?:pour|comme)|compte(?:-le)?\s+comme)",
        "treated_as": r"(?:approuv[ée]e?s?|v[ée]rifi[ée]e?s?|autoris[ée]e?s?|l[ée]gitimes?|"
        r"fiables?|de\s+confiance|confirm[ée]e?s?\s+par|valid[ée]e?s?\s+(?:par|d'office))",
        "questions": r"(?:(?:les\s+|toute\s+|toutes\s+les\s+)?questions?|(?:les\s+)?demandes)\s+"
        r"(?:sur|concernant|au\s+sujet\s+d[eu']|[àa]\s+propos\s+d[eu']|relatives?\s+[àa]|"
        r"portant\s+sur)",
        "answered": r"(?:(?:se\s+)?r[èe]gle\w*|(?:doivent\s+)?(?:[êe]tre\s+)?(?:r[ée]pond\w*|"
        r"trait[ée]e?s|r[ée]solu\w*|v[ée]rifi[ée]e?s|renvoy[ée]e?s|redirig[ée]e?s)|se\s+traitent|"
        r"se\s+r[ée]solvent|on\s+(?:r[ée]pond|regarde|consulte|v[ée]rifie))",
        "preps": r"(?:avec|depuis|dans|d'apr[èe]s|selon|[àa]\s+partir\s+d[eu']|en\s+(?:consultant|"
        r"regardant|utilisant)|vers|sur)",
        "switch": r"(?:ton\s+nom\s+est\s+(?:d[ée]sormais|maintenant)|tu\s+t'appelles\s+"
        r"(?:d[ée]sormais|maintenant)|tu\s+t'appelleras|active(?:r|z)?\s+(?:le\s+)?mode|"
        r"mode\s+\w+\s+activ[ée]|tu\s+es\s+(?:d[ée]sormais|maintenant|dor[ée]navant)|"
        r"d[ée]sormais,?\s+tu\s+es|[àa]\s+partir\s+de\s+maintenant,?\s+tu\s+es|tu\s+deviens|"
        r"tu\s+incarnes)",
        "limits": r"(?:sans\s+(?:filtres?|restrictions?|limites?|r[èe]gles?|censure|"
        r"avertissements?|mises?\s+en\s+garde|tabous?)|ne\s+refuse\s+jamais|ne\s+dit\s+jamais\s+"
        r"non|dit\s+(?:toujours\s+)?oui\s+[àa]\s+tout|ne\s+(?:demande|pose)\s+jamais\s+(?:de\s+)?"
        r"(?:confirmation|questions?)|n'avertit\s+jamais|ignore\s+(?:les\s+|toutes\s+les\s+)?"
        r"(?:r[èe]gles|consignes|politiques)|se\s+moque\s+des\s+r[èe]gles|aucune\s+(?:r[èe]gle|"
        r"limite|restriction|censure))",
        "forget_all": r"(?:oublie|efface|supprime)\w{0,2}\s+tout\s+ce\s+que\s+(?:tu\s+sais|"
        r"tu\s+as\s+(?:retenu|m[ée]moris[ée]|enregistr[ée]|appris)|je\s+t'ai\s+(?:dit|racont[ée]))",
        "delete_saved": r"(?:efface|supprime|vide|purge)\w{0,2}\s+(?:\w+\s+){0,2}?(?:souvenirs|"
        r"m[ée]moires?|donn[ée]es|notes|pr[ée]f[ée]rences)\s+(?:enregistr[ée]e?s|"
        r"sauvegard[ée]e?s|m[ée]moris[ée]e?s|stock[ée]e?s)",
        "disable_sec": r"(?:d[ée]sactive|coupe|supprime|retire)\w{0,2}\s+(?:la\s+|les\s+|l')?"
        r"(?:double\s+authentification|authentification\s+[àa]\s+deux\s+facteurs|"
        r"v[ée]rification\s+en\s+deux\s+[ée]tapes|alertes?\s+(?:de\s+)?(?:fraude|s[ée]curit[ée])|"
        r"confirmations?\s+de\s+paiement|plafonds?\s+de\s+d[ée]penses|contr[ôo]le\s+parental)",
        "add_trusted": r"(?:ajoute|enregistre|d[ée]clare)\w{0,2}\s+(?:\w+\s+){1,4}?comme\s+"
        r"(?:nouveau\s+|nouvelle\s+)?(?:b[ée]n[ée]ficiaire|destinataire|contact|appareil|"
        r"utilisateur)\s+(?:de\s+confiance|autoris[ée]e?|v[ée]rifi[ée]e?|habituel(?:le)?)",
    }
)

# -- Portuguese ---------------------------------------------------------------------------------
_families(
    _MORE["pt"]
    | {
        "reader": r"(?:o|a|este|esta|esse|essa|qualquer|todo|toda|teu|seu)\s+(?:assistente|ia|bot|"
        r"chatbot|rob[ôo]|modelo\s+de\s+(?:ia|linguagem)|agente\s+(?:de\s+ia|virtual)|"
        r"intelig[êe]ncia\s+artificial)(?:\s+(?:de|do|da)\s+\w+)?",
        "modal": r"(?:deve|dever[áa]|deveria|tem\s+de|tem\s+que|ter[áa]\s+(?:de|que)|pode|"
        r"poder[áa]|est[áa]\s+autorizad[oa]\s+a|tem\s+permiss[ãa]o\s+para|fica\s+autorizad[oa]\s+a"
        r")",
        "act": r"(?:pagar|transferir|aprovar|reembolsar|revelar|divulgar|apagar|eliminar|excluir|"
        r"desbloquear|desativar|ignorar|saltar|pular|partilhar|compartilhar|reencaminhar|"
        r"encaminhar|entregar|fazer\s+(?:a\s+|uma\s+|as\s+)?transfer[êe]ncias?|(?:enviar|mandar)\s+"
        r"(?:o\s+)?dinheiro)",
        "say": r"(?:dizer|responder|recomendar|sugerir|indicar|informar|mencionar|redirecionar|"
        r"encaminhar|enviar|mandar|usar|utilizar|dar|fornecer|incluir|acrescentar|adicionar|"
        r"reservar|pedir|comprar|cancelar|mudar|alterar|atualizar|explicar|avisar|garantir|afirmar"
        r")",
        "nocheck": r"(?:j[áa]\s+)?n[ãa]o\s+(?:precisa|tem\s+(?:de|que)|deve)\s+(?:de\s+)?(?:\w+\s+)"
        r"?"
        r"(?:confirmar|verificar|perguntar|consultar|checar)",
        "cond": r"(?:se|quando|sempre\s+que|cada\s+vez\s+que|da\s+pr[óo]xima\s+vez\s+que|"
        r"na\s+pr[óo]xima\s+vez\s+que|assim\s+que|caso)",
        "asker": r"(?:algu[ée]m|qualquer\s+pessoa|qualquer\s+um|o\s+utilizador|o\s+usu[áa]rio|"
        r"a\s+utilizadora|a\s+usu[áa]ria|um\s+cliente|uma\s+cliente|os\s+clientes|as\s+pessoas|"
        r"(?-i:[A-ZÁÉÍÓÚÂÊÔÃÕ][a-záéíóúâêôãõç]+)|(?:a\s+minha|o\s+meu|minha|meu|a\s+sua|o\s+seu|"
        r"sua|seu)\s+(?:m[ãa]e|pai|irm[ãa]|irm[ãa]o|filho|filha|chefe|patr[ãa]o|marido|mulher|"
        r"esposa|esposo|namorad[oa]|senhori[oa]|vizinh[oa]|amig[oa])|ele|ela|eles|elas)",
        "ask": r"(?:pergunt\w*|mencion\w*|tocar\s+no\s+assunto|toque\s+no\s+assunto|quiser\s+"
        r"saber|quer\s+saber|consult\w*|escrev\w*|ligar|ligue|liga|pedir|pe[çc]a|pede|solicit\w*|"
        r"falar\s+(?:de|em|sobre)|fale\s+(?:de|em|sobre))",
        "imp": r"(?:diz(?:-lhe|-lhes)?|diga(?:-lhe|-lhes)?|responde|responda|recomenda|recomende|"
        r"sugere|sugira|indica|indique|informa|informe|menciona|mencione|envia|envie|manda|mande|"
        r"passa-lhe|d[áa]-lhe|d[áa]-lhes|d[êe]-lhe|confirma|confirme|explica|explique|encaminha|"
        r"encaminhe|redireciona|avisa|avise|h[áa]\s+que\s+dizer|deve\s+dizer|a\s+resposta\s+"
        r"(?:certa\s+|correta\s+)?[ée]|responde-se|diz-se)",
        "passive": r"(?:(?:se|quando)\s+(?:te|lhe|lhes|o|a)\s+pergunt\w+|(?:se|quando)\s+"
        r"perguntarem|(?:se|quando)\s+(?:o\s+assunto|a\s+quest[ãa]o)\s+(?:surgir|vier|aparecer))",
        "standing": r"(?:a\s+partir\s+de\s+(?:agora|hoje|amanh[ãa])|de\s+agora\s+em\s+diante|"
        r"daqui\s+(?:para|pra)\s+a\s+frente|doravante|desde\s+j[áa]|at[ée]\s+(?:novo\s+aviso|"
        r"nova\s+ordem)|no\s+futuro)",
        "third": r"(?:a\s+(?:qualquer\s+pessoa|quem\s+(?:quer\s+que\s+seja|perguntar)|todos|"
        r"toda\s+a\s+gente|qualquer\s+um|todo\s+mundo)|aos\s+(?:clientes|utilizadores|"
        r"usu[áa]rios|visitantes)|ao\s+(?:utilizador|usu[áa]rio)|lhes|lhe)",
        "neg_tell": r"(?:n[ãa]o\s+(?:lhe\s+|lhes\s+|o\s+|a\s+)?(?:digas|diga|mencione|menciones|"
        r"contes|conte|mostres|mostre|informes|informe|avises|avise|reveles|revele|comentes|"
        r"comente|alertes|alerte|fale|fales)|sem\s+(?:lhe\s+)?(?:dizer|avisar|informar|contar|"
        r"mencionar|notificar|alertar))",
        "user_obj": r"(?:ao\s+(?:utilizador|usu[áa]rio|titular|cliente|dono)|[àa]\s+(?:utilizadora|"
        r"usu[áa]ria|titular|cliente|dona)|esta\s+(?:nota|instru[çc][ãa]o|configura[çc][ãa]o|"
        r"altera[çc][ãa]o|mensagem)|este\s+(?:recado|aviso|ajuste|acordo)|essa\s+(?:nota|"
        r"instru[çc][ãa]o|mensagem))",
        "skip": r"(?:sem\s+(?:\w+\s+){0,2}?(?:confirma[çc][ãa]o|confirmar|verifica[çc][ãa]o|"
        r"verificar|revis[ãa]o|autoriza[çc][ãa]o|perguntar|consultar|checar|esperar)|n[ãa]o\s+"
        r"(?:[ée]\s+preciso|precisa|h[áa]\s+necessidade\s+de)\s+(?:de\s+)?(?:confirmar|verificar|"
        r"perguntar|checar))",
        "skip_act": r"(?:partilh\w+|compartilh\w+|envi\w+|mand\w+|encaminh\w+|apag\w+|elimin\w+|"
        r"exclu\w+|aprov\w+|reembols\w+|desbloque\w+|revel\w+|entreg\w+|encomend\w+|reserv\w+|"
        r"compr\w+|benefici[áa]ri\w+|dados|pag\w+|transfer\w+|pix)",
        "permission": r"(?:autoriza[çc][ãa]o\s+(?:permanente|geral|pr[ée]via)|permiss[ãa]o\s+"
        r"(?:permanente|geral)|aprova[çc][ãa]o\s+pr[ée]via\s+para|j[áa]\s+(?:pr[ée]-?)?autorizou\s+"
        r"(?:todos|todas|qualquer))",
        "trigger": r"(?:palavra[- ](?:chave|secreta|m[áa]gica)|frase[- ](?:chave|secreta)|"
        r"c[óo]digo\s+secreto|senha\s+secreta)",
        "trigger_act": r"(?:significa|quer\s+dizer|equivale|aprovad\w+|autoriz\w+|pag\w+|"
        r"transfer\w+|desbloque\w+|revel\w+|partilh\w+|compartilh\w+|sem\s+(?:mais\s+)?"
        r"(?:verifica|confirma)\w+|trat\w+\s+como|confi\w+)",
        "quote_verbs": r"(?:diz|disser|escreve|escrever|usa|usar|inclui|incluir|cont[ée]m|"
        r"contiver|menciona|mencionar|tem|tiver|traz|trouxer)",
        "treat": r"(?:trata(?:-o|-a|-os|-as)?|trate(?:-o|-a)?|considera(?:-o|-a|-os|-as)?|considere"
        r"|"
        r"d[áa]-o\s+como|tome(?:-o|-a)?\s+como|toma(?:-o|-a)?\s+como)",
        "treated_as": r"(?:aprovad[oa]s?|verificad[oa]s?|autorizad[oa]s?|leg[íi]tim[oa]s?|"
        r"de\s+confian[çc]a|confirmad[oa]s?\s+(?:por|pel[oa]))",
        "questions": r"(?:(?:as\s+)?perguntas|(?:as\s+)?d[úu]vidas|qualquer\s+(?:pergunta|"
        r"d[úu]vida))\s+(?:sobre|acerca\s+d[eoa]s?|relativas\s+a|d[eoa]s?|em\s+rela[çc][ãa]o\s+a)",
        "answered": r"(?:(?:s[ãa]o\s+|devem\s+ser\s+)?(?:respondid\w+|tratad\w+|resolvid\w+|"
        r"consultad\w+|verificad\w+)|responde-se|respondem-se|v[êe]-se|consulta-se)",
        "preps": r"(?:com|a\s+partir\s+d[aeo]s?|pel[ao]s?|segundo|conforme|n[ao]s?|usando|"
        r"consultando)",
        "switch": r"(?:o\s+teu\s+nome\s+[ée]\s+agora|teu\s+nome\s+agora\s+[ée]|seu\s+nome\s+agora\s"
        r"+"
        r"[ée]|agora\s+(?:chamas-te|te\s+chamas|voc[êe]\s+se\s+chama)|ativ(?:a|e|ar)\s+o\s+modo|"
        r"modo\s+\w+\s+ativado|passa\s+a\s+ser|a\s+partir\s+de\s+agora\s+(?:[ée]s|voc[êe]\s+[ée]|"
        r"ser[áa]s|[ée])|agora\s+(?:[ée]s|voc[êe]\s+[ée])|de\s+agora\s+em\s+diante\s+(?:[ée]s|"
        r"voc[êe]\s+[ée]))",
        "limits": r"(?:sem\s+(?:filtros|restri[çc][õo]es|limites|regras|normas|censura|avisos|"
        r"advert[êe]ncias|perguntas|rodeios)|nunca\s+(?:recusa|diz\s+n[ãa]o|pede\s+confirma\w+|"
        r"avisa|alerta|pergunta)|diz\s+sempre\s+que\s+sim|sempre\s+diz\s+sim|diz\s+sim\s+a\s+tudo|"
        r"n[ãa]o\s+pede\s+(?:\w+\s+)?confirma\w+|ignora\s+(?:as\s+|todas\s+as\s+)?(?:regras|normas|"
        r"pol[íi]ticas)|nenhuma\s+(?:regra|restri[çc][ãa]o|limita[çc][ãa]o))",
        "forget_all": r"(?:esquece|esque[çc]a|apaga|apague)\s+tudo\s+(?:o\s+)?que\s+(?:sabes|sabe|"
        r"lembras|lembra|te\s+disse|lhe\s+disse|guardaste|guardou|tens\s+guardado|aprendeste)",
        "delete_saved": r"(?:apaga|apague|elimina|elimine|exclui|exclua|limpa|limpe)\s+(?:\w+\s+)"
        r"{0,2}?(?:mem[óo]rias|lembran[çc]as|dados|notas|prefer[êe]ncias)\s+(?:guardad[oa]s|"
        r"salv[oa]s|armazenad[oa]s)",
        "disable_sec": r"(?:desativa|desative|desliga|desligue|remove|remova|tira|tire)\s+(?:a\s+|"
        r"as\s+|o\s+|os\s+)?(?:verifica[çc][ãa]o\s+em\s+(?:duas|dois)\s+(?:etapas|passos)|"
        r"autentica[çc][ãa]o\s+(?:de\s+)?dois\s+fatores|alertas?\s+de\s+(?:fraude|seguran[çc]a)|"
        r"confirma[çc](?:[ãa]o|[õo]es)\s+de\s+pagamento|limites?\s+de\s+gastos?|"
        r"control[oe]\s+parental)",
        "add_trusted": r"(?:adiciona|adicione|acrescenta|acrescente|regista|registe|registra|"
        r"registre|guarda|guarde)\s+(?:\w+\s+){1,4}?como\s+(?:novo\s+)?(?:benefici[áa]rio|"
        r"destinat[áa]rio|contac?to|dispositivo|utilizador|usu[áa]rio)\s+(?:de\s+confian[çc]a|"
        r"autorizad[oa]|verificad[oa]|habitual)",
    }
)

# -- Italian ------------------------------------------------------------------------------------
_families(
    _MORE["it"]
    | {
        "reader": r"(?:l'|il\s+|la\s+|questo\s+|questa\s+|qualsiasi\s+|qualunque\s+|ogni\s+|"
        r"tuo\s+|il\s+tuo\s+)(?:assistente(?:\s+(?:ia|virtuale|vocale|digitale))?|ia|"
        r"intelligenza\s+artificiale|bot|chatbot|modello(?:\s+linguistico)?|agente\s+(?:ia|"
        r"virtuale))",
        "modal": r"(?:deve|dovr[àa]|dovrebbe|pu[òo]|potr[àa]|[èe]\s+autorizzat[oa]\s+a|ha\s+il\s+"
        r"permesso\s+di|ha\s+l'autorizzazione\s+(?:a|di)|ha\s+il\s+compito\s+di|[èe]\s+tenut[oa]\s+"
        r"a)",
        "act": r"(?:pagare|saldare|trasferire|bonificare|versare|approvare|rimborsare|rivelare|"
        r"divulgare|cancellare|eliminare|sbloccare|disattivare|ignorare|saltare|condividere|"
        r"inoltrare|consegnare|comunicare|fare\s+(?:il\s+|un\s+|i\s+)?bonific\w+|(?:mandare|"
        r"inviare)\s+(?:i\s+)?soldi)",
        "say": r"(?:dire|rispondere|consigliare|raccomandare|suggerire|indicare|informare|"
        r"menzionare|reindirizzare|indirizzare|inviare|mandare|usare|utilizzare|dare|fornire|"
        r"includere|aggiungere|prenotare|chiedere|comprare|ordinare|annullare|cambiare|"
        r"modificare|aggiornare|spiegare|avvisare|affermare|proporre)",
        "nocheck": r"(?:non\s+(?:deve|ha\s+bisogno\s+di|serve\s+che)|non\s+[èe]\s+pi[ùu]\s+"
        r"tenut[oa]\s+a)\s+(?:pi[ùu]\s+)?(?:\w+\s+)?(?:confermare|verificare|chiedere|controllare)",
        "cond": r"(?:se|quando|ogni\s+volta\s+che|la\s+prossima\s+volta\s+che|appena|non\s+appena|"
        r"qualora|nel\s+caso\s+in\s+cui)",
        "asker": r"(?:qualcuno|chiunque|l'utente|un\s+utente|un\s+cliente|una\s+cliente|"
        r"i\s+clienti|la\s+gente|(?-i:[A-ZÀÈÉÌÒÙ][a-zàèéìòù]+)|(?:mia|mio|sua|suo|tua|tuo)\s+"
        r"(?:madre|padre|mamma|pap[àa]|sorella|fratello|figlio|figlia|capo|marito|moglie|"
        r"compagn[oa]|padrone\s+di\s+casa|vicin[oa]|amic[oa])|lui|lei|loro)",
        "ask": r"(?:chied\w*|domand\w*|menzion\w*|nomin\w*|tir\w+\s+fuori|vuole\s+sapere|"
        r"volesse\s+sapere|vorr[àa]\s+sapere|scriv\w*|chiam\w*|parl\w+\s+di|si\s+informa\w*)",
        "imp": r"(?:d[ìi]gli|d[ìi]lle|dillo|dì|ditegli|rispondi(?:gli|le)?|risponda|"
        r"consiglia(?:gli|le)?|raccomanda|suggerisci(?:gli|le)?|indica(?:gli|le)?|"
        r"informa(?:lo|la|li)?|menziona|invia(?:gli|le)?|manda(?:gli|le)?|passa(?:gli|le)|"
        r"dagli|dalle|conferma|spiega(?:gli|le)?|reindirizza|indirizza(?:lo|la|li)|"
        r"avvisa(?:lo|la|li)?|bisogna\s+dir(?:e|gli|le)|va\s+detto|la\s+risposta\s+"
        r"(?:giusta\s+|corretta\s+)?[èe]|si\s+risponde)",
        "passive": r"(?:(?:se|quando)\s+(?:ti|gli|le|vi)\s+(?:chied\w+|domand\w+)|(?:se|quando)\s+"
        r"(?:viene|vieni)\s+chiest[oa]|(?:se|quando)\s+(?:esce|salta\s+fuori|si\s+pone)\s+"
        r"(?:il\s+discorso|la\s+domanda|l'argomento))",
        "standing": r"(?:d'ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+(?:poi|avanti)|da\s+adesso|"
        r"d'ora\s+innanzi|a\s+partire\s+da\s+(?:ora|adesso|oggi|domani)|fino\s+a\s+nuovo\s+"
        r"avviso|in\s+futuro|da\s+oggi\s+in\s+poi)",
        "third": r"(?:a\s+(?:chiunque|tutti|chi\s+(?:lo\s+)?chiede|qualsiasi\s+\w+|ogni\s+\w+)|"
        r"ai\s+(?:clienti|visitatori|chiamanti)|agli\s+utenti|all'utente|gli|loro)",
        "neg_tell": r"(?:non\s+(?:glielo\s+|gli\s+|le\s+|lo\s+|la\s+)?(?:dire|dirlo|menzionare|"
        r"menzionarlo|segnalare|mostrare|rivelare|informare|avvisare|comunicare|accennare|"
        r"parlarne)|senza\s+(?:dirlo|dirglielo|avvisare|informare|avvertire|menzionarlo|"
        r"segnalarlo|comunicarlo))",
        "user_obj": r"(?:all'utente|l'utente|al\s+(?:titolare|cliente|proprietario)|alla\s+"
        r"(?:titolare|cliente|proprietaria)|questa\s+(?:nota|istruzione|modifica|impostazione|"
        r"regola)|questo\s+(?:messaggio|cambiamento|accordo|avviso))",
        "skip": r"(?:senza\s+(?:\w+\s+){0,2}?(?:conferm\w{1,3}|verific\w{1,4}|controll\w{1,3}|"
        r"chiedere|domandare|aspettare|autorizzazion\w|revision\w)|non\s+(?:serve|c'[èe]\s+"
        r"bisogno\s+di|[èe]\s+necessario)\s+(?:\w+\s+){0,2}?(?:confermare|conferma|verificare|"
        r"chiedere)|non\s+chiede\s+(?:mai\s+)?conferm)",
        "skip_act": r"(?:condivid\w+|condivis\w+|invi\w+|inoltr\w+|cancell\w+|elimin\w+|approv\w+|"
        r"rimbors\w+|sblocc\w+|rivel\w+|consegn\w+|ordin\w+|prenot\w+|acquist\w+|compr\w+|"
        r"beneficiari\w+|dati|pag\w+|bonific\w+|trasfer\w+)",
        "permission": r"(?:autorizzazione\s+(?:permanente|generale|preventiva)|permesso\s+"
        r"(?:permanente|generale)|approvazione\s+preventiva\s+per|ha\s+gi[àa]\s+(?:pre-?)?"
        r"autorizzato\s+(?:tutti|tutte|qualsiasi|ogni))",
        "trigger": r"(?:parola\s+(?:chiave|d'ordine|segreta|magica)|frase\s+(?:chiave|segreta|"
        r"in\s+codice)|codice\s+segreto)",
        "trigger_act": r"(?:significa|vuol\s+dire|equivale|approvat\w+|autorizz\w+|pag\w+|"
        r"bonific\w+|trasfer\w+|sblocc\w+|rivel\w+|condivid\w+|senza\s+(?:ulteriori\s+)?"
        r"(?:verifich|controll|conferm)\w+|trattal\w+|consideral\w+|fidati)",
        "quote_verbs": r"(?:dice|scrive|usa|contiene|menziona|include|riporta|compare)",
        "treat": r"(?:tratta(?:lo|la|li|le)?|considera(?:lo|la|li|le)?|prendi(?:lo|la)?\s+"
        r"(?:come|per)|da(?:llo|lla)\s+per|conta(?:lo|la)?\s+come)",
        "treated_as": r"(?:approvat[oaie]|verificat[oaie]|autorizzat[oaie]|legittim[oaie]|"
        r"affidabil[ei]|di\s+fiducia|confermat[oaie]\s+da)",
        "questions": r"(?:(?:le\s+)?domande|(?:i\s+)?dubbi|(?:le\s+)?richieste|qualsiasi\s+domanda)"
        r"\s+(?:su|sul|sulla|sui|sugli|sulle|riguardo|circa|relative\s+a|a\s+proposito\s+d\w+)",
        "answered": r"(?:(?:si\s+)?(?:risolv\w+|rispond\w+|trattan\w+|gestisc\w+|verifican\w+|"
        r"guardan\w+)|(?:vanno|devono\s+essere|sono)\s+(?:risolt\w+|rispost\w+|trattat\w+|"
        r"gestit\w+|verificat\w+|guardat\w+))",
        "preps": r"(?:con|da|dalla|dal|dai|in\s+base\s+a|secondo|nella|nel|consultando|usando|"
        r"guardando)",
        "switch": r"(?:il\s+tuo\s+nome\s+(?:ora\s+)?[èe]|ora\s+ti\s+chiami|ti\s+chiamerai|"
        r"attiva(?:re)?\s+(?:la\s+)?modalit[àa]|modalit[àa]\s+\w+\s+attivata|diventi|d'ora\s+in\s+"
        r"poi\s+sei|da\s+ora\s+sei|ora\s+sei|adesso\s+sei|sarai)",
        "limits": r"(?:senza\s+(?:filtri|restrizioni|limiti|regole|censura|avvertenze|avvisi|"
        r"domande)|non\s+rifiuta\s+mai|non\s+dice\s+mai\s+(?:di\s+)?no|dice\s+sempre\s+(?:di\s+)?"
        r"s[ìi]|non\s+chiede\s+mai\s+(?:\w+\s+)?conferm\w+|non\s+avverte\s+mai|ignora\s+(?:le\s+|"
        r"tutte\s+le\s+)?(?:regole|norme|policy)|nessun[ao]?\s+(?:regola|limite|restrizione|"
        r"censura))",
        "forget_all": r"(?:dimentica|cancella)\s+tutto\s+(?:quello|ci[òo])\s+che\s+(?:sai|ricordi|"
        r"ti\s+ho\s+detto|hai\s+(?:salvato|memorizzato|imparato))",
        "delete_saved": r"(?:cancella|elimina|svuota|rimuovi)\s+(?:\w+\s+){0,2}?(?:ricordi|memorie|"
        r"dati|note|preferenze)\s+(?:salvat[ie]|memorizzat[ie]|archiviat[ie])",
        "disable_sec": r"(?:disattiva|spegni|togli|rimuovi|disabilita)\s+(?:la\s+|le\s+|il\s+|"
        r"i\s+|l')?(?:verifica\s+in\s+due\s+passaggi|autenticazione\s+a\s+due\s+fattori|"
        r"doppia\s+autenticazione|avvisi\s+(?:di\s+)?(?:frode|sicurezza)|notifiche\s+di\s+"
        r"sicurezza|conferme?\s+di\s+pagamento|limiti?\s+di\s+spesa|parental\s+control|"
        r"controllo\s+parentale)",
        "add_trusted": r"(?:aggiungi|registra|salva)\s+(?:\w+\s+){1,4}?come\s+(?:nuovo\s+)?"
        r"(?:beneficiario|destinatario|contatto|dispositivo|utente)\s+(?:di\s+fiducia|"
        r"autorizzat[oa]|verificat[oa]|abituale)",
    }
)

# -- German -------------------------------------------------------------------------------------
_families(
    _MORE["de"]
    | {
        "reader": _DE_READER,
        "modal": r"(?:soll|sollte|muss|m[üu]sste|darf|kann|wird|hat\s+zu|ist\s+(?:befugt|"
        r"berechtigt|autorisiert|angewiesen|verpflichtet)|hat\s+die\s+(?:erlaubnis|befugnis|"
        r"aufgabe))",
        "act": r"(?:bezahlen|zahlen|[üu]berweisen|freigeben|genehmigen|erstatten|"
        r"zur[üu]ckerstatten|verraten|preisgeben|offenlegen|l[öo]schen|entsperren|deaktivieren|"
        r"abschalten|ignorieren|umgehen|[üu]berspringen|teilen|weiterleiten|herausgeben|"
        r"weitergeben)",
        "say": r"(?:sagen|antworten|beantworten|empfehlen|raten|vorschlagen|nennen|erw[äa]hnen|"
        r"mitteilen|verweisen|schicken|senden|verwenden|nutzen|benutzen|geben|angeben|"
        r"hinzuf[üu]gen|buchen|bestellen|kaufen|stornieren|[äa]ndern|aktualisieren|erkl[äa]ren|"
        r"behaupten|best[äa]tigen|ausrichten)",
        "nocheck": r"(?:muss|braucht)\s+(?:\w+\s+){0,4}?(?:nicht\s+mehr|nicht|nie|keine\s+\w+\s+"
        r"mehr)\s+(?:\w+\s+){0,3}?(?:zu\s+)?(?:best[äa]tigen|pr[üu]fen|nachfragen|nachzufragen|"
        r"r[üu]ckfragen|fragen)",
        "cond": r"(?:wenn|falls|sobald|sollte|immer\s+wenn|jedes\s+mal,?\s+wenn|das\s+n[äa]chste\s+"
        r"mal,?\s+wenn|beim\s+n[äa]chsten\s+mal,?\s+wenn)",
        "asker": r"(?:jemand|irgendjemand|irgendwer|der\s+(?:nutzer|benutzer|kunde)|die\s+"
        r"(?:nutzerin|benutzerin|kundin|leute)|ein\s+(?:kunde|anrufer|besucher|nutzer)|eine\s+"
        r"(?:kundin|anruferin|besucherin)|man|er|sie|(?:meine?|seine?|ihre?|deine?)\s+(?:mutter|"
        r"vater|mama|papa|schwester|bruder|sohn|tochter|chef\w*|frau|mann|partner\w*|vermieter\w*|"
        r"nachbar\w*|freund\w*|kollegin|kollege))",
        "ask": r"(?:fragt|fragen|nachfragt|anfragt|wissen\s+(?:will|m[öo]chte|wollen)|erw[äa]hnt|"
        r"anspricht|ansprechen|anruft|schreibt|erkundigt)",
        "imp": r"(?:sag(?:e|t)?|antworte(?:t)?|empfiehl|nenne|nenn|erw[äa]hne|teile\s+\w+\s+mit|"
        r"verweise|schick(?:e)?|schreib(?:e)?|gib|erkl[äa]re|best[äa]tige|leite\s+\w+\s+weiter|"
        r"richte\s+\w+\s+aus|die\s+(?:richtige\s+)?antwort\s+(?:ist|lautet)|(?:soll|sollst|musst)"
        r"\s+(?:\w+\s+){0,4}?(?:sagen|antworten|nennen|empfehlen))",
        "passive": r"(?:(?:wenn|falls|sobald)\s+(?:du\s+)?(?:\w+\s+){0,4}?gefragt\s+(?:wirst|wird)"
        r")",
        "standing": r"(?:ab\s+(?:jetzt|sofort|heute|morgen|nun)|von\s+nun\s+an|k[üu]nftig|"
        r"zuk[üu]nftig|fortan|bis\s+auf\s+weiteres|in\s+zukunft)",
        "third": r"(?:jede[mn]|allen|jedermann|(?:den|allen)\s+(?:kunden|nutzern|benutzern|"
        r"besuchern|anrufern)|dem\s+(?:nutzer|benutzer|kunden|anrufer)|der\s+(?:nutzerin|kundin)|"
        r"ihnen|ihm)",
        "skip": r"(?:ohne\s+(?:\w+\s+){0,2}?(?:r[üu]ckfrage|nachzufragen|nachfrage|best[äa]tigung|"
        r"pr[üu]fung|kontrolle|zustimmung|freigabe|zu\s+(?:pr[üu]fen|fragen|best[äa]tigen|warten)|"
        r"r[üu]ckruf|gegenpr[üu]fung)|nicht\s+(?:mehr\s+|erst\s+|nochmal\s+)?nach(?:zu)?fragen|"
        r"keine\s+(?:weitere\s+|erneute\s+)?(?:best[äa]tigung|r[üu]ckfrage|pr[üu]fung|kontrolle)\s+"
        r"(?:n[öo]tig|erforderlich|notwendig))",
        "skip_act": r"(?:teilen|geteilt|send\w*|gesendet|schick\w*|geschickt|weiterleit\w*|"
        r"weitergeleitet|l[öo]sch\w*|gel[öo]scht|genehmig\w*|freigeb\w*|freigegeben|erstatt\w*|"
        r"entsperr\w*|herausgeb\w*|bestell\w*|buch\w*|kauf\w*|gekauft|empf[äa]nger\w*|zahl\w*|"
        r"bezahl\w*|[üu]berweis\w*|daten)",
        "permission": r"(?:(?:dauerhafte?[nr]?|generelle?[nr]?|pauschale?[nr]?)\s+(?:erlaubnis|"
        r"freigabe|genehmigung|zustimmung|vollmacht)|vorab\s+(?:genehmigt|freigegeben|"
        r"autorisiert)|hat\s+(?:bereits\s+)?alle\s+(?:\w+\s+)?(?:zahlungen|[üu]berweisungen|"
        r"k[äa]ufe)\s+(?:genehmigt|freigegeben))",
        "trigger": r"(?:code-?wort|losungswort|stichwort|zauberwort|geheimwort|codesatz|"
        r"schl[üu]sselwort)",
        "trigger_act": r"(?:bedeutet|hei[ßs]t|steht\s+f[üu]r|genehmigt|freigegeben|autorisiert|"
        r"zahl\w*|bezahl\w*|[üu]berweis\w*|entsperr\w*|verrat\w*|teile|teilen|ohne\s+(?:weitere\s+)"
        r"?"
        r"(?:pr[üu]fung|best[äa]tigung|r[üu]ckfrage)|behandle|vertrau\w*)",
        "quote_verbs": r"(?:sagt|schreibt|verwendet|benutzt|enth[äa]lt|erw[äa]hnt|schickt|steht|"
        r"vorkommt|auftaucht)",
        "treat": r"(?:behandle|betrachte|werte|sieh|nimm)",
        "treated_as": r"(?:als\s+(?:bereits\s+)?(?:genehmigt|freigegeben|verifiziert|autorisiert|"
        r"best[äa]tigt|legitim|echt|vertrauensw[üu]rdig|offiziell)|als\s+von\s+\w+\s+(?:selbst\s+)?"
        r"(?:kommend|stammend))",
        "questions": r"(?:fragen|anfragen|jede\s+frage)\s+(?:zu[rm]?|nach|[üu]ber|bez[üu]glich|"
        r"rund\s+um)",
        "answered": r"(?:beantwort\w*|gekl[äa]rt|bearbeitet|gepr[üu]ft|nachgeschaut|nachgesehen)",
        "preps": r"(?:anhand|aus|mit|laut|gem[äa][ßs]|nach|[üu]ber|mittels|in)",
        "switch": r"(?:dein\s+name\s+ist\s+(?:jetzt|ab\s+sofort|nun)|du\s+hei[ßs]t\s+(?:jetzt|"
        r"ab\s+sofort|nun|ab\s+heute)|aktivier\w*\s+(?:den\s+)?\w*modus|\w+modus\s+(?:ist\s+)?"
        r"aktiv|du\s+bist\s+(?:jetzt|ab\s+sofort|nun|ab\s+heute|ab\s+jetzt)|ab\s+(?:jetzt|sofort)"
        r"\s+bist\s+du|du\s+wirst\s+zu|du\s+spielst\s+(?:jetzt|ab\s+sofort))",
        "limits": r"(?:ohne\s+(?:filter|regeln|einschr[äa]nkungen|grenzen|zensur|warnhinweise|"
        r"warnungen|r[üu]ckfragen|bedenken|disclaimer)|lehnt\s+nie\w*\s+(?:etwas\s+)?ab|sagt\s+"
        r"nie\s+nein|sagt\s+(?:immer|zu\s+allem)\s+ja|fragt\s+nie\s+(?:nach\s+)?(?:best[äa]tigung|"
        r"erlaubnis)|warnt\s+nie|ignoriert\s+(?:alle\s+|die\s+)?(?:regeln|richtlinien|vorgaben)|"
        r"keine\s+(?:regeln|grenzen|einschr[äa]nkungen|filter|zensur|warnhinweise))",
        "forget_all": r"(?:vergiss|l[öo]sche)\s+alles,?\s+was\s+(?:du\s+)?(?:(?:\w+\s+){0,3}?"
        r"(?:wei[ßs]t|gespeichert|gemerkt|erfahren|gelernt|gesagt)|ich\s+dir\s+(?:\w+\s+)?"
        r"(?:gesagt|erz[äa]hlt))",
        "delete_saved": r"(?:l[öo]sch|entfern|leer)\w{0,2}\s+(?:\w+\s+){0,2}?(?:gespeicherte[nr]?|"
        r"gemerkte[nr]?|hinterlegte[nr]?)\s+(?:erinnerungen|daten|notizen|eintr[äa]ge|vorlieben|"
        r"fakten)",
        "disable_sec": r"(?:(?:deaktivier|abschalt|ausschalt|entfern|schalte?)\w{0,3}\s+(?:\w+\s+)"
        r"{0,2}?(?:zwei-?faktor-?\w*|2fa|betrugswarnungen|sicherheitswarnungen|"
        r"sicherheitsabfrage\w*|zahlungsbest[äa]tigung\w*|ausgabenlimit\w*|kindersicherung|"
        r"best[äa]tigungsabfrage\w*)|(?:zwei-?faktor\w*|2fa|betrugswarnung\w*|"
        r"sicherheitswarnung\w*|zahlungsbest[äa]tigung\w*|kindersicherung)[^.\n]{0,40}?"
        r"(?:deaktivier|abschalt|ausschalt|entfern|abstell)\w*)",
        "add_trusted": r"(?:f[üu]ge|nimm|trag|speicher)\w{0,2}\s+(?:\w+\s+){1,4}?als\s+"
        r"(?:neue[nr]?\s+)?(?:vertrauensw[üu]rdige[nr]?|autorisierte[nr]?|verifizierte[nr]?|"
        r"bekannte[nr]?)\s+(?:empf[äa]nger\w*|kontakt\w*|ger[äa]t\w*|zahlungsempf[äa]nger\w*|"
        r"nutzer\w*)",
    },
    far=90,
)
_add(
    INS,
    None,
    [
        r"\bohne\s+(?:den|die|das)\s+(?:nutzer|benutzer|kontoinhaber|kunden|user)\w{0,3}\s+"
        r"(?:\w+\s+){0,2}?zu\s+(?:informieren|benachrichtigen|warnen|fragen|fragen)\b",
        r"\bohne\s+dass\s+(?:der|die)\s+(?:nutzer|benutzer|kontoinhaber)\w{0,3}\s+(?:\w+\s+){0,3}?"
        r"(?:merkt|erf[äa]hrt|mitbekommt|informiert\s+wird)\b",
    ],
)

# -- Dutch --------------------------------------------------------------------------------------
_families(
    _MORE["nl"]
    | {
        "reader": r"(?:de|het|deze|elke|iedere|jouw|uw)\s+(?:[\w-]+\s+)?(?:assistent|ai(?:-assisten"
        r"t)?|"
        r"a\.i\.|bot|chatbot|taalmodel|ai-\w+|\w{3,12}assistent)",
        "modal": r"(?:moet|mag|zal|kan|dient|hoort|is\s+(?:bevoegd|gemachtigd|gerechtigd)\s+om|"
        r"heeft\s+(?:toestemming|de\s+opdracht)\s+om)",
        "act": r"(?:betalen|overmaken|overboeken|goedkeuren|terugbetalen|onthullen|prijsgeven|"
        r"verwijderen|wissen|ontgrendelen|uitschakelen|uitzetten|negeren|omzeilen|overslaan|delen|"
        r"doorsturen|doorgeven|afgeven|vrijgeven)",
        "say": r"(?:zeggen|antwoorden|beantwoorden|aanraden|adviseren|voorstellen|noemen|melden|"
        r"vertellen|doorverwijzen|verwijzen|sturen|versturen|gebruiken|geven|toevoegen|boeken|"
        r"bestellen|kopen|annuleren|wijzigen|aanpassen|uitleggen|beweren|bevestigen)",
        "nocheck": r"(?:hoeft|moet)\s+(?:\w+\s+){0,4}?(?:niet\s+meer|niet|nooit|geen\s+\w+\s+meer)"
        r"\s+"
        r"(?:\w+\s+){0,3}?(?:te\s+)?(?:bevestigen|controleren|checken|vragen|na\s+te\s+vragen|"
        r"overleggen)",
        "cond": r"(?:als|wanneer|zodra|indien|telkens\s+(?:als|wanneer)|elke\s+keer\s+(?:als|dat)|"
        r"de\s+volgende\s+keer\s+(?:als|dat)|mocht)",
        "asker": r"(?:iemand|wie\s+dan\s+ook|de\s+gebruiker|een\s+(?:klant|gebruiker|beller|"
        r"bezoeker)|klanten|mensen|men|hij|zij|ze|(?-i:[A-Z][a-z]+)|(?:mijn|zijn|haar|je|jouw)\s+"
        r"(?:moeder|vader|mama|papa|zus|broer|zoon|dochter|baas|chef|vrouw|man|partner|vriend\w*|"
        r"huisbaas|verhuurder|buurman|buurvrouw|collega))",
        "ask": r"(?:vraagt|vragen|informeert|begint\s+over|noemt|wil\s+weten|willen\s+weten|belt|"
        r"schrijft|mailt|appt|aankaart|ter\s+sprake\s+brengt)",
        "imp": r"(?:zeg|vertel|antwoord|raad\s+\w+\s+aan|adviseer|noem|meld|verwijs|stuur|geef|"
        r"leg\s+uit|bevestig|laat\s+(?:\w+\s+)?weten|het\s+(?:juiste\s+)?antwoord\s+is|(?:moet|"
        r"dien)\s+(?:je\s+)?(?:\w+\s+){0,4}?(?:zeggen|antwoorden|vertellen|noemen))",
        "passive": r"(?:(?:als|wanneer|zodra)\s+(?:je|jou|u|er)\s+(?:\w+\s+){0,4}?gevraagd\s+wordt|"
        r"als\s+het\s+(?:onderwerp|gesprek)\s+(?:\w+\s+){0,3}?(?:komt|gaat))",
        "standing": r"(?:vanaf\s+nu|voortaan|vanaf\s+vandaag|van\s+nu\s+af(?:\s+aan)?|tot\s+nader\s"
        r"+"
        r"order|in\s+de\s+toekomst|vanaf\s+morgen)",
        "third": r"(?:iedereen|wie\s+(?:het\s+)?(?:vraagt|belt)|(?:alle|de)\s+(?:klanten|gebruikers"
        r"|"
        r"bezoekers|bellers)|de\s+gebruiker|hen|hem)",
        "skip": r"(?:zonder\s+(?:\w+\s+){0,3}?(?:bevestiging|controle|te\s+(?:checken|controleren|"
        r"bevestigen|overleggen|vragen)|verificatie|toestemming|goedkeuring|navraag|na\s+te\s+"
        r"vragen)|hoeft\s+(?:niet|geen)\s+(?:\w+\s+){0,2}?(?:te\s+)?(?:bevestig|check|controle|"
        r"vragen)\w*)",
        "skip_act": r"(?:del\w+|gedeeld|stuur\w*|verstuur\w*|gestuurd|doorstur\w+|doorgestuurd|"
        r"verwijder\w*|wis\w*|gewist|goedkeur\w+|goedgekeurd|terugbetal\w+|ontgrendel\w*|"
        r"onthul\w*|bestel\w*|boek\w*|kopen|gekocht|begunstigde\w*|gegevens|betal\w*|overmak\w*|"
        r"overboek\w*)",
        "permission": r"(?:(?:doorlopende|permanente|algemene|blijvende)\s+(?:toestemming|"
        r"machtiging|goedkeuring)|vooraf\s+(?:goedgekeurd|toestemming|gemachtigd)|heeft\s+"
        r"(?:al\s+)?alle\s+(?:\w+\s+)?(?:betalingen|overboekingen|aankopen)\s+goedgekeurd)",
        "trigger": r"(?:codewoord|wachtwoordzin|sleutelwoord|toverwoord|geheim\s+woord|"
        r"geheime\s+zin|trefwoord)",
        "trigger_act": r"(?:betekent|wil\s+zeggen|staat\s+voor|goedgekeurd|akkoord|gemachtigd|"
        r"betaal\w*|overmak\w*|overboek\w*|ontgrendel\w*|onthul\w*|deel|delen|zonder\s+"
        r"(?:verdere\s+)?(?:controle|bevestiging|navraag)|behandel|vertrouw)",
        "quote_verbs": r"(?:zegt|schrijft|gebruikt|bevat|noemt|stuurt|staat|voorkomt)",
        "treat": r"(?:behandel|beschouw|zie|neem|reken)",
        "treated_as": r"(?:als\s+(?:al\s+)?(?:goedgekeurd|geverifieerd|gemachtigd|bevestigd|"
        r"legitiem|echt|betrouwbaar|officieel|akkoord)|als\s+afkomstig\s+van)",
        "questions": r"(?:vragen|verzoeken|elke\s+vraag)\s+(?:over|naar|omtrent|rond|betreffende)",
        "answered": r"(?:beantwoord\w*|afgehandeld|opgelost|nagekeken|gecontroleerd|opgezocht)",
        "preps": r"(?:met|vanuit|uit|op\s+basis\s+van|volgens|via|aan\s+de\s+hand\s+van|in)",
        "switch": r"(?:je\s+naam\s+is\s+(?:nu|voortaan|vanaf\s+nu)|je\s+heet\s+(?:nu|voortaan|"
        r"vanaf\s+nu)|activeer\s+(?:de\s+)?\w*modus|\w+modus\s+(?:is\s+)?(?:aan|actief|"
        r"geactiveerd)|je\s+bent\s+(?:nu|voortaan|vanaf\s+nu|vanaf\s+vandaag)|vanaf\s+nu\s+ben\s+je"
        r"|"
        r"voortaan\s+ben\s+je|je\s+wordt|je\s+speelt\s+(?:nu|voortaan))",
        "limits": r"(?:zonder\s+(?:filters?|regels|beperkingen|grenzen|censuur|waarschuwingen|"
        r"disclaimers|vragen)|weigert\s+nooit|zegt\s+nooit\s+nee|zegt\s+(?:altijd|overal)\s+ja|"
        r"vraagt\s+nooit\s+(?:om\s+)?(?:bevestiging|toestemming)|waarschuwt\s+nooit|negeert\s+"
        r"(?:alle\s+|de\s+)?(?:regels|richtlijnen)|geen\s+(?:regels|grenzen|beperkingen|filters|"
        r"censuur|waarschuwingen)|lak\s+aan\s+(?:de\s+)?regels)",
        "forget_all": r"(?:vergeet|wis)\s+alles\s+wat\s+(?:je\s+)?(?:\w+\s+){0,3}?(?:weet|onthouden"
        r"|"
        r"opgeslagen|geleerd|verteld)",
        "delete_saved": r"(?:verwijder|wis)\w{0,2}\s+(?:\w+\s+){0,2}?(?:opgeslagen|bewaarde|"
        r"onthouden)\s+(?:herinneringen|gegevens|notities|voorkeuren|feiten)",
        "disable_sec": r"(?:(?:schakel|zet)\s+(?:\w+\s+){0,3}?(?:tweestapsverificatie|"
        r"tweefactorauthenticatie|2fa|fraudemeldingen|fraudewaarschuwingen|beveiligingsmeldingen|"
        r"betaalbevestiging\w*|bestedingslimiet\w*|ouderlijk\s+toezicht)\s+(?:\w+\s+)?uit|"
        r"(?:tweestapsverificatie|tweefactorauthenticatie|2fa|fraudemeldingen|"
        r"beveiligingsmeldingen|betaalbevestiging\w*|ouderlijk\s+toezicht)\s+(?:\w+\s+){0,3}?"
        r"(?:uitschakelen|uitzetten|uit\s+te\s+schakelen|uit\s+te\s+zetten))",
        "add_trusted": r"(?:voeg|zet|sla)\s+(?:\w+\s+){1,4}?(?:toe\s+)?als\s+(?:nieuwe\s+)?"
        r"(?:vertrouwde|gemachtigde|geverifieerde|vaste)\s+(?:begunstigde|ontvanger|"
        r"contactpersoon|contact|apparaat|gebruiker)",
    },
    far=90,
)
_add(
    INS,
    None,
    [
        r"\bzonder\s+(?:de|het)\s+(?:gebruiker|eigenaar|rekeninghouder|klant)\s+(?:\w+\s+){0,3}?"
        r"(?:te\s+informeren|in\s+te\s+lichten|op\s+de\s+hoogte\s+te\s+brengen|te\s+waarschuwen|"
        r"te\s+vragen)\b",
        r"\b(?:zeg|vertel|toon|meld|laat)\s+(?:\w+\s+){0,3}?(?:niets|niet|nooit)\s+(?:\w+\s+){0,2}?"
        r"(?:tegen|aan)\s+(?:de\s+)?(?:gebruiker|eigenaar|rekeninghouder|klant)\b",
        r"\b(?:deze|dit)\s+(?:notitie|instructie|bericht|opmerking|afspraak|wijziging)\s+"
        r"(?:\w+\s+){0,3}?niet\s+(?:\w+\s+){0,2}?(?:noemen|melden|tonen|vertellen)\b",
    ],
)

# -- Polish -------------------------------------------------------------------------------------
_families(
    _MORE["pl"]
    | {
        "reader": r"(?:(?:ten|ta|ka[żz]d\w+|tw[óo]j|twoja|wasz)\s+)?(?:asystent\w{0,3}\s+(?:ai|"
        r"domow\w+|g[łl]osow\w+|finansow\w+|wirtualn\w+)|wirtualn\w+\s+asystent\w{0,3}|"
        r"sztuczn\w+\s+inteligencj\w+|chatbot\w{0,3}|bot\w{0,3}|model\w{0,3}\s+(?:ai|"
        r"j[ęe]zykow\w+)|asystent(?:\s|$)|asystenta|asystentowi|ai)",
        "modal": r"(?:ma|musi|powinien|powinna|powinno|mo[żz]e|b[ęe]dzie|jest\s+upowa[żz]nion\w+\s+"
        r"do|ma\s+(?:prawo|zgod[ęe]|pozwolenie|obowi[ąa]zek))",
        "act": r"(?:zap[łl]aci[ćc]|p[łl]aci[ćc]|op[łl]aci[ćc]|przela[ćc]|przelewa[ćc]|zatwierdzi[ćc"
        r"]|"
        r"zatwierdza[ćc]|zwr[óo]ci[ćc]|ujawni[ćc]|ujawnia[ćc]|usun[ąa][ćc]|usuwa[ćc]|skasowa[ćc]|"
        r"odblokowa[ćc]|wy[łl][ąa]czy[ćc]|zignorowa[ćc]|ignorowa[ćc]|pomin[ąa][ćc]|pomija[ćc]|"
        r"udost[ęe]pni[ćc]|udost[ęe]pnia[ćc]|przekaza[ćc]|przekazywa[ćc]|wyda[ćc])",
        "say": r"(?:powiedzie[ćc]|m[óo]wi[ćc]|odpowiedzie[ćc]|odpowiada[ćc]|poleci[ćc]|poleca[ćc]|"
        r"doradzi[ćc]|zasugerowa[ćc]|poinformowa[ćc]|informowa[ćc]|wspomnie[ćc]|wskaza[ćc]|"
        r"przekierowa[ćc]|wys[łl]a[ćc]|wysy[łl]a[ćc]|u[żz]y[ćc]|u[żz]ywa[ćc]|poda[ćc]|podawa[ćc]|"
        r"doda[ćc]|zarezerwowa[ćc]|zam[óo]wi[ćc]|kupi[ćc]|anulowa[ćc]|zmieni[ćc]|wyja[śs]ni[ćc]|"
        r"twierdzi[ćc]|potwierdzi[ćc])",
        "nocheck": r"(?:nie\s+musi|nie\s+powinien|nie\s+ma\s+potrzeby)\s+(?:ju[żz]\s+)?(?:\w+\s+)?"
        r"(?:potwierdza[ćc]|potwierdzi[ćc]|sprawdza[ćc]|sprawdzi[ćc]|pyta[ćc]|zapyta[ćc]|"
        r"dopytywa[ćc])",
        "cond": r"(?:je[śs]li|je[żz]eli|gdy|kiedy|ilekro[ćc]|za\s+ka[żz]dym\s+razem,?\s+gdy|"
        r"nast[ęe]pnym\s+razem,?\s+(?:gdy|kiedy|jak)|jak\s+tylko|gdyby)",
        "asker": r"(?:kto[śs]|ktokolwiek|u[żz]ytkownik\w{0,3}|klient\w{0,3}|dzwoni[ąa]c\w+|"
        r"go[śs][ćc]|ludzie|(?-i:[A-ZŁŚŻŹĆ][a-ząćęłńóśźż]+)|(?:moja|m[óo]j|jego|jej|twoja|"
        r"tw[óo]j)\s+(?:mama|matka|tata|ojciec|siostra|brat|syn|c[óo]rka|szef\w*|m[ąa][żz]|[żz]ona|"
        r"partner\w*|w[łl]a[śs]ciciel\w*|s[ąa]siad\w*|przyjaci\w+|kole[żg]\w+)|on|ona|oni|one)",
        "ask": r"(?:zapyta\w*|pyta\w*|spyta\w*|wspomni\w*|poruszy\w*|zagadnie|b[ęe]dzie\s+pyta[ćc]|"
        r"zechce\s+wiedzie[ćc]|chce\s+wiedzie[ćc]|zadzwoni\w*|napisze|napisz[ąa]|poprosi\w*)",
        "imp": r"(?:powiedz|odpowiedz|odpowiadaj|pole[ćc]|polecaj|dorad[źz]|zasugeruj|poinformuj|"
        r"wspomnij|wska[żz]|przekieruj|wy[śs]lij|podaj|przeka[żz]|potwierd[źz]|wyja[śs]nij|"
        r"nale[żz]y\s+(?:powiedzie[ćc]|odpowiedzie[ćc]|poda[ćc])|trzeba\s+(?:powiedzie[ćc]|"
        r"odpowiedzie[ćc])|w[łl]a[śs]ciwa\s+odpowied[źz]\s+to)",
        "passive": r"(?:(?:je[śs]li|gdy|kiedy)\s+(?:ci[ęe]|pana|pani|go|j[ąa])\s+(?:\w+\s+)?"
        r"(?:zapytaj[ąa]|zapyta|spytaj[ąa]|pytaj[ąa])|(?:je[śs]li|gdy|kiedy)\s+(?:padnie|"
        r"pojawi\s+si[ęe])\s+pytanie)",
        "standing": r"(?:od\s+teraz|od\s+dzi[śs]|odt[ąa]d|od\s+tej\s+chwili|od\s+tego\s+momentu|"
        r"od\s+jutra|na\s+przysz[łl]o[śs][ćc]|w\s+przysz[łl]o[śs]ci|do\s+odwo[łl]ania)",
        "third": r"(?:ka[żz]demu|wszystkim|temu,?\s+kto|u[żz]ytkownikowi|u[żz]ytkownikom|klientom|"
        r"klientowi|dzwoni[ąa]cym|go[śs]ciom|im)",
        "neg_tell": r"(?:nie\s+(?:m[óo]w|informuj|wspominaj|pokazuj|ujawniaj|zdradzaj|"
        r"powiadamiaj|ostrzegaj|zg[łl]aszaj|oznaczaj)|bez\s+(?:informowania|powiadamiania|"
        r"ostrzegania|wiedzy|zgody))",
        "user_obj": r"(?:u[żz]ytkownik\w{0,4}|w[łl]a[śs]ciciel\w{0,4}|posiadacz\w{0,4}\s+konta|"
        r"tej\s+(?:notatki|instrukcji|zmiany|uwagi|wiadomo[śs]ci)|tego\s+(?:ustawienia|wpisu|"
        r"polecenia|komunikatu))",
        "skip": r"(?:bez\s+(?:\w+\s+){0,2}?(?:potwierdzeni\w+|weryfikacj\w+|sprawdzani\w+|"
        r"sprawdzeni\w+|kontrol\w+|dopytywani\w+|zgody|pytania|czekania)|nie\s+(?:musisz|trzeba|"
        r"potrzeba|musi)\s+(?:ju[żz]\s+)?(?:\w+\s+)?(?:pyta[ćc]|potwierdza[ćc]|sprawdza[ćc]|"
        r"dopytywa[ćc])|(?:nigdy\s+)?nie\s+pyta\s+o\s+potwierdzeni\w+)",
        "skip_act": r"(?:udost[ęe]p\w+|wy[śs]l\w*|wysy[łl]\w*|przeka[żz]\w*|przekaz\w+|usu[ńn]\w*|"
        r"usuwa\w*|zatwierd\w+|zwr[óo]\w+|odblok\w+|ujawni\w*|zam[óo]w\w*|rezerw\w+|kup\w+|"
        r"odbiorc\w+|dane|danych|p[łl]a\w+|przel\w+|blik\w*)",
        "permission": r"(?:(?:sta[łl]\w+|trwa[łl]\w+|og[óo]ln\w+|bezterminow\w+)\s+(?:zgod\w+|"
        r"upowa[żz]nieni\w+|pozwoleni\w+|autoryzacj\w+)|z\s+g[óo]ry\s+(?:zatwierdzon\w+|"
        r"zatwierdzi[łl]\w*|zgod\w+)|zatwierdzi[łl]\w*\s+(?:z\s+g[óo]ry\s+)?wszystkie\s+(?:\w+\s+)?"
        r"(?:p[łl]atno[śs]ci|przelewy|zakupy))",
        "trigger": r"(?:has[łl]o\s+(?:tajne|umowne)|s[łl]owo\s+(?:klucz|kluczowe|has[łl]o|tajne|"
        r"magiczne)|fraza\s+(?:kluczowa|tajna)|kod\s+(?:tajny|s[łl]owny))",
        "trigger_act": r"(?:oznacza|znaczy|r[óo]wna\s+si[ęe]|zatwierdz\w+|zgod\w+|autoryz\w+|"
        r"zap[łl]a\w+|p[łl]a[ćc]|przel\w+|odblok\w+|ujawni\w+|udost[ęe]pni\w+|bez\s+(?:dalszej\s+)?"
        r"(?:weryfikacji|kontroli|potwierdzenia)|traktuj|zaufaj)",
        "quote_verbs": r"(?:m[óo]wi|napisze|pisze|u[żz]yje|u[żz]ywa|zawiera|wspomni|poda|wy[śs]le|"
        r"pojawi\s+si[ęe])",
        "treat": r"(?:traktuj|uznaj|uwa[żz]aj|potraktuj|przyjmij)",
        "treated_as": r"(?:(?:jako|za)\s+(?:ju[żz]\s+)?(?:zatwierdzon\w+|zweryfikowan\w+|"
        r"autoryzowan\w+|potwierdzon\w+|legaln\w+|prawdziw\w+|wiarygodn\w+|zaufan\w+|oficjaln\w+)|"
        r"(?:jako|za)\s+pochodz[ąa]c\w+\s+od)",
        "questions": r"(?:pytani\w+|zapytani\w+|ka[żz]de\s+pytanie)\s+(?:o|dotycz\w+|na\s+temat|"
        r"w\s+sprawie|odno[śs]nie)",
        "answered": r"(?:odpowiad\w+|odpowie\w*|rozpatr\w+|sprawdza\w*|kieruj\w+|nale[żz]y\s+"
        r"odpowiada[ćc]|nale[żz]y\s+sprawdza[ćc])",
        "preps": r"(?:na\s+podstawie|z|ze|wed[łl]ug|zgodnie\s+z|korzystaj[ąa]c\s+z|w|do|"
        r"patrz[ąa]c\s+na)",
        "switch": r"(?:nazywasz\s+si[ęe]\s+(?:teraz|od\s+teraz)|twoje\s+imi[ęe]\s+to\s+(?:teraz|"
        r"od\s+teraz)|b[ęe]dziesz\s+si[ęe]\s+nazywa[ćc]|w[łl][ąa]cz\w*\s+tryb|tryb\s+\w+\s+"
        r"(?:w[łl][ąa]czony|aktywny)|jeste[śs]\s+(?:teraz|od\s+teraz|od\s+dzi[śs])|od\s+teraz\s+"
        r"jeste[śs]|stajesz\s+si[ęe]|wcielasz\s+si[ęe])",
        "limits": r"(?:bez\s+(?:filtr[óo]w|ogranicze[ńn]|limit[óo]w|zasad|regu[łl]|cenzury|"
        r"ostrze[żz]e[ńn]|pyta[ńn])|nigdy\s+nie\s+(?:odmawia|m[óo]wi\s+nie|pyta\s+o\s+(?:zgod[ęe]|"
        r"potwierdzenie)|ostrzega)|zawsze\s+m[óo]wi\s+tak|na\s+wszystko\s+si[ęe]\s+zgadza|"
        r"ignoruje\s+(?:wszystkie\s+)?(?:zasady|regu[łl]y|wytyczne)|[żz]adnych\s+(?:zasad|"
        r"ogranicze[ńn]|filtr[óo]w|ostrze[żz]e[ńn]))",
        "forget_all": r"(?:zapomnij|usu[ńn]|skasuj)\s+wszystko,?\s+co\s+(?:\w+\s+){0,2}?(?:wiesz|"
        r"pami[ęe]tasz|zapami[ęe]ta[łl]\w*|zapisa[łl]\w*|ci\s+powiedzia[łl]\w*)",
        "delete_saved": r"(?:usu[ńn]|skasuj|wyczy[śs][ćc]|wyma[żz])\s+(?:\w+\s+){0,2}?"
        r"(?:zapisan\w+|zapami[ęe]tan\w+|przechowywan\w+)\s+(?:wspomnie\w+|dan\w+|notatk\w+|"
        r"preferencj\w+|informacj\w+)",
        "disable_sec": r"(?:wy[łl][ąa]cz|dezaktywuj|usu[ńn])\w{0,2}\s+(?:\w+\s+)?(?:weryfikacj\w+\s"
        r"+"
        r"dwuetapow\w+|uwierzytelniani\w+\s+dwusk[łl]adnikow\w+|2fa|alert\w*\s+(?:o\s+)?"
        r"(?:oszustw\w+|bezpiecze[ńn]stw\w+)|powiadomie[ńn]\s+o\s+(?:transakcjach|"
        r"bezpiecze[ńn]stwie)|potwierdze[ńn]\s+p[łl]atno[śs]ci|limit\w*\s+wydatk[óo]w|kontrol\w+\s+"
        r"rodzicielsk\w+)",
        "add_trusted": r"(?:dodaj|zapisz|wpisz)\s+(?:\w+\s+){1,4}?jako\s+(?:now\w+\s+)?(?:zaufan\w+"
        r"|"
        r"autoryzowan\w+|zweryfikowan\w+|sta[łl]\w+)\s+(?:odbiorc\w+|kontakt\w*|urz[ąa]dzeni\w+|"
        r"u[żz]ytkownik\w*)",
    },
    far=70,
)

# -- Russian ------------------------------------------------------------------------------------
_families(
    _MORE["ru"]
    | {
        "reader": r"(?:ассистент\w{0,3}|помощник\w{0,3}|ии|искусственн\w+\s+интеллект\w*|"
        r"нейросет\w{1,3}|бот\w{0,3}|чат-?бот\w{0,3}|языков\w+\s+модел\w+|ии-\w+|\w+-ассистент\w{0,"
        r"3}"
        r"|голосов\w+\s+помощник\w{0,3})",
        "modal": r"(?:должен|должна|должно|обязан\w*|следует|нужно|надо|может|можно|будет|вправе|"
        r"имеет\s+право|разрешено|уполномочен\w*)",
        "act": r"(?:оплатить|оплачивать|заплатить|платить|перевести|переводить|перечислить|"
        r"одобрить|одобрять|вернуть\s+деньги|раскрыть|раскрывать|выдать|выдавать|удалить|удалять|"
        r"стереть|разблокировать|отключить|отключать|игнорировать|проигнорировать|обойти|"
        r"пропустить|пропускать|поделиться|делиться|переслать|пересылать|передать|передавать|"
        r"отправить\s+деньги)",
        "say": r"(?:сказать|говорить|ответить|отвечать|сообщить|сообщать|посоветовать|советовать|"
        r"рекомендовать|порекомендовать|предложить|предлагать|упомянуть|направить|направлять|"
        r"перенаправить|отправить|отправлять|использовать|дать|давать|указать|указывать|добавить|"
        r"забронировать|заказать|купить|отменить|изменить|объяснить|утверждать|подтвердить|"
        r"называть|назвать)",
        "nocheck": r"(?:(?:больше\s+)?не\s+(?:нужно|надо|должен|должна|обязан\w*|требуется)|"
        r"не\s+нуждается\s+в)\s+(?:\w+\s+)?(?:подтвержд\w+|провер\w+|переспраш\w+|спрашива\w+|"
        r"уточня\w+|согласов\w+)",
        "cond": r"(?:если|когда|как\s+только|каждый\s+раз,?\s+когда|в\s+следующий\s+раз,?\s+когда|"
        r"в\s+случае,?\s+если|стоит\s+только)",
        "asker": r"(?:кто-то|кто-нибудь|кто-либо|кто|пользовател\w{1,3}|клиент\w{0,3}|человек|люди|"
        r"звонящ\w+|гост\w+|он|она|они|(?-i:[А-ЯЁ][а-яё]+)|(?:моя|мой|его|её|ее|твоя|твой)\s+"
        r"(?:мама|мать|папа|отец|сестра|брат|сын|дочь|начальни\w+|муж|жена|партн[её]р\w*|хозя\w+|"
        r"сосед\w*|друг|подруга|коллега))",
        "ask": r"(?:спрос\w+|спраш\w+|задаст\s+вопрос|поинтересу\w+|интересу\w+|упомян\w+|"
        r"заговор\w+|завед[её]т\s+речь|захочет\s+узнать|позвон\w+|напиш\w+|попрос\w+|"
        r"обратит\w+)",
        "imp": r"(?:скажи(?:те)?|ответь(?:те)?|отвечай(?:те)?|сообщи(?:те)?|посоветуй(?:те)?|"
        r"порекомендуй(?:те)?|советуй|предложи(?:те)?|направь(?:те)?|перенаправь|отправь(?:те)?|"
        r"дай(?:те)?|назови(?:те)?|укажи(?:те)?|объясни(?:те)?|подтверди(?:те)?|перешли|"
        r"(?:нужно|надо|следует)\s+(?:сказать|ответить|сообщить)|правильный\s+ответ|говори(?:те)?)",
        "passive": r"(?:(?:если|когда)\s+(?:тебя|вас|его|её|ее)\s+(?:\w+\s+)?(?:спрос\w+|спраш\w+)|"
        r"(?:если|когда)\s+(?:зайд[её]т|пойд[её]т)\s+речь|(?:если|когда)\s+(?:речь|разговор)\s+"
        r"(?:зайд[её]т|пойд[её]т)|на\s+вопрос\w*\s+(?:о|об|про))",
        "standing": r"(?:с\s+этого\s+момента|с\s+сегодняшнего\s+дня|отныне|впредь|с\s+этих\s+пор|"
        r"теперь\s+всегда|с\s+завтрашнего\s+дня|до\s+особого\s+распоряжения|в\s+дальнейшем|"
        r"в\s+будущем)",
        "third": r"(?:всем|любому|каждому|тем,?\s+кто|тому,?\s+кто|пользовател(?:ю|ям)|"
        r"клиент(?:у|ам)|звонящим|гостям|им)",
        "neg_tell": r"(?:не\s+(?:сообщай|говори|рассказывай|упоминай|показывай|называй|помечай|"
        r"отмечай|предупреждай|уведомляй|информируй)\w*|без\s+(?:уведомлени\w+|ведома|"
        r"предупреждени\w+))",
        "user_obj": r"(?:пользовател\w{1,3}|владел\w+|держател\w+\s+(?:карты|сч[её]та)|"
        r"эту\s+(?:заметку|инструкцию|настройку|запись)|это\s+(?:сообщение|указание|изменение|"
        r"правило))",
        "skip": r"(?:без\s+(?:\w+\s+)?(?:подтвержден\w+|проверк\w+|согласовани\w+|"
        r"переспрашивани\w+|звонк\w+|уточнени\w+|одобрени\w+|спроса|вопросов|ожидани\w+)|"
        r"не\s+(?:нужно|надо|требуется)\s+(?:\w+\s+)?(?:подтвержд\w+|переспраш\w+|провер\w+|"
        r"уточня\w+|спрашива\w+)|не\s+переспрашива\w+)",
        "skip_act": r"(?:подел\w+|отправ\w+|пересл\w+|пересыл\w+|переда\w+|удал\w+|одобр\w+|"
        r"возвра\w+|разблокир\w+|раскр\w+|выда\w+|заказ\w+|заброн\w+|куп\w+|покуп\w+|получател\w+|"
        r"данн\w+|оплат\w+|перев[её]д\w*|перевест\w+|перечисл\w+|плат\w+)",
        "permission": r"(?:(?:постоянн\w+|бессрочн\w+|общ\w+)\s+(?:разрешени\w+|согласи\w+|"
        r"одобрени\w+|доверенност\w+)|заранее\s+(?:одобрил\w*|разрешил\w*|согласовал\w*|"
        r"одобрен\w*)|(?:уже\s+)?одобрил\w*\s+(?:все|любые)\s+(?:\w+\s+)?(?:платеж\w*|переводы|"
        r"покупки))",
        "trigger": r"(?:кодов\w+\s+слов\w*|код-?слово|секретн\w+\s+(?:слов\w*|фраз\w*)|"
        r"ключев\w+\s+(?:слов\w*|фраз\w*)|волшебн\w+\s+слов\w*|условн\w+\s+(?:слов\w*|фраз\w*))",
        "trigger_act": r"(?:означает|значит|равносильн\w+|одобрен\w*|разрешен\w*|подтвержден\w*|"
        r"оплат\w+|переведи|перевод\w*|перечисл\w+|разблокир\w+|раскрой|выдай|отправь|без\s+"
        r"(?:дополнительн\w+\s+)?(?:проверк\w+|подтвержден\w+)|считай|доверяй)",
        "quote_verbs": r"(?:скажет|говорит|напишет|пишет|использует|содержит|упомянет|пришл[её]т|"
        r"встретится|будет|есть|появится)",
        "treat": r"(?:считай|считайте|рассматривай|воспринимай|расценивай|принимай)",
        "treated_as": r"(?:(?:уже\s+)?(?:одобренн\w+|подтвержд[её]нн\w+|проверенн\w+|"
        r"разреш[её]нн\w+|легитимн\w+)|как\s+(?:будто\s+)?(?:от|со\s+слов)\s+\w+|за\s+"
        r"(?:одобрени\w+|подтверждени\w+|разрешени\w+))",
        "questions": r"(?:вопрос\w*|запрос\w*|обращени\w+)\s+(?:о|об|про|по|насч[её]т|касательно|"
        r"относительно)",
        "answered": r"(?:отвеча\w+|ответ\w+|решаются|решать|смотр\w+|провер\w+|берутся|брать|"
        r"сверя\w+|обрабатыва\w+)",
        "preps": r"(?:по|из|на\s+основе|исходя\s+из|согласно|с\s+помощью|в|через|используя)",
        "switch": r"(?:(?:тебя|вас)\s+(?:теперь\s+)?зовут|тво[её]\s+имя\s+теперь|включ\w+\s+режим|"
        r"режим\s+\w+\s+(?:включ[её]н|активирован)|ты\s+теперь|теперь\s+ты|отныне\s+ты|"
        r"с\s+этого\s+момента\s+ты|ты\s+становишься|ты\s+играешь\s+роль)",
        "limits": r"(?:без\s+(?:фильтр\w+|ограничени\w+|правил|цензур\w+|предупреждени\w+|"
        r"лишних\s+вопросов|вопросов)|никогда\s+не\s+(?:отказывает|говорит\s+«?нет|спрашивает|"
        r"предупреждает|переспрашивает)|всегда\s+(?:говорит|отвечает)\s+«?да|на\s+вс[её]\s+"
        r"соглаш\w+|игнорирует\s+(?:все\s+)?(?:правила|ограничения)|никаких\s+(?:правил|"
        r"ограничений|фильтров|предупреждений))",
        "forget_all": r"(?:забудь|сотри|удали)\s+вс[её],?\s+что\s+(?:ты\s+)?(?:\w+\s+){0,2}?"
        r"(?:знаешь|помнишь|запомнил\w*|сохранил\w*|я\s+(?:тебе\s+)?(?:говорил\w*|рассказывал\w*))",
        "delete_saved": r"(?:удали|сотри|очисти)\s+(?:\w+\s+){0,2}?(?:сохран[её]нн\w+|"
        r"запомненн\w+)\s+(?:воспоминани\w+|данн\w+|заметк\w+|предпочтени\w+|факт\w+|сведени\w+)",
        "disable_sec": r"(?:отключи|выключи|убери|деактивируй|сними)\s+(?:\w+\s+)?(?:двухфакторн\w+"
        r"\s+(?:аутентификаци\w+|защит\w+)|2fa|подтверждени\w+\s+(?:платеж\w+|операци\w+)|"
        r"уведомлени\w+\s+о\s+(?:мошенничеств\w+|операциях|входе)|оповещени\w+\s+безопасности|"
        r"лимит\w*\s+(?:на\s+)?(?:расход\w+|трат\w+|платеж\w+)|родительск\w+\s+контрол\w+)",
        "add_trusted": r"(?:добавь|внеси|запиши|сохрани)\s+(?:\w+\s+){1,4}?(?:как|в\s+качестве|в)\s"
        r"+"
        r"(?:нов\w+\s+)?(?:доверенн\w+|проверенн\w+|авторизованн\w+|разреш[её]нн\w+|"
        r"постоянн\w+)\s+(?:получател\w+|контакт\w*|устройств\w+|пользовател\w+)",
    },
    script="cyrillic",
    far=70,
)

# -- Ukrainian ----------------------------------------------------------------------------------
_families(
    _MORE["uk"]
    | {
        "reader": r"(?:асистент\w{0,3}|помічни\w{1,3}|ші|штучн\w+\s+інтелект\w*|бот\w{0,3}|"
        r"чат-?бот\w{0,3}|мовн\w+\s+модел\w+|нейромереж\w+|ші-\w+|голосов\w+\s+помічни\w+)",
        "modal": r"(?:має|мусить|повинен|повинна|повинно|зобов['ʼ’]?язан\w*|слід|треба|потрібно|"
        r"може|можна|буде|має\s+право|дозволено|уповноважен\w*)",
        "act": r"(?:оплатити|оплачувати|заплатити|платити|переказати|переказувати|перерахувати|"
        r"схвалити|схвалювати|повернути\s+гроші|розкрити|видати|видавати|видалити|видаляти|"
        r"стерти|розблокувати|вимкнути|відключити|ігнорувати|проігнорувати|обійти|пропустити|"
        r"поділитися|ділитися|переслати|пересилати|передати|передавати|надіслати\s+гроші)",
        "say": r"(?:сказати|казати|відповісти|відповідати|повідомити|повідомляти|порадити|радити|"
        r"рекомендувати|порекомендувати|запропонувати|згадати|направити|перенаправити|надіслати|"
        r"надсилати|використати|використовувати|дати|давати|вказати|вказувати|додати|"
        r"забронювати|замовити|купити|скасувати|змінити|пояснити|стверджувати|підтвердити|назвати)",
        "nocheck": r"(?:(?:більше\s+)?не\s+(?:треба|потрібно|повинен|повинна|мусить|"
        r"зобов['ʼ’]?язан\w*))\s+(?:\w+\s+)?(?:підтверджу\w+|перевіря\w+|перепиту\w+|питати|"
        r"уточню\w+|погоджу\w+)",
        "cond": r"(?:якщо|коли|щойно|щоразу,?\s+коли|наступного\s+разу,?\s+коли|у\s+разі,?\s+якщо|"
        r"як\s+тільки)",
        "asker": r"(?:хтось|хто-небудь|хто|користувач\w{0,3}|клієнт\w{0,3}|людина|люди|"
        r"абонент\w*|гост\w+|він|вона|вони|(?-i:[А-ЯЄІЇҐ][а-яєіїґ']+)|(?:моя|мій|його|її|твоя|"
        r"твій)\s+(?:мама|мати|тато|батько|сестра|брат|син|донька|дочка|начальни\w+|чоловік|"
        r"дружина|партнер\w*|хазя\w+|сусід\w*|друг|подруга|колега))",
        "ask": r"(?:запита\w+|спита\w+|пита\w+|поцікав\w+|цікав\w+|згада\w+|заговор\w+|"
        r"захоче\s+дізнатися|зателефону\w+|подзвон\w+|напиш\w+|попрос\w+|звернет\w+)",
        "imp": r"(?:скажи(?:ть)?|відповідай(?:те)?|повідом(?:те)?|порадь(?:те)?|порекомендуй|"
        r"запропонуй|направ(?:те)?|перенаправ|надішли(?:ть)?|дай(?:те)?|назви(?:ть)?|"
        r"вкажи(?:ть)?|поясни(?:ть)?|підтверди(?:ть)?|перешли|(?:треба|потрібно|слід)\s+"
        r"(?:сказати|відповісти|повідомити)|правильна\s+відповідь|кажи)",
        "passive": r"(?:(?:якщо|коли)\s+(?:тебе|вас|його|її)\s+(?:\w+\s+)?(?:запита\w+|спита\w+|"
        r"пита\w+)|(?:якщо|коли)\s+(?:зайде|піде)\s+(?:мова|розмова)|(?:якщо|коли)\s+(?:мова|"
        r"розмова)\s+(?:зайде|піде)|на\s+питанн\w+\s+(?:про|щодо))",
        "standing": r"(?:відтепер|з\s+цього\s+моменту|від\s+сьогодні|з\s+сьогоднішнього\s+дня|"
        r"надалі|з\s+цих\s+пір|з\s+завтрашнього\s+дня|до\s+особливого\s+розпорядження|"
        r"у\s+майбутньому|в\s+майбутньому)",
        "third": r"(?:всім|усім|будь-кому|кожному|тим,?\s+хто|тому,?\s+хто|користувачу|"
        r"користувачеві|користувачам|клієнт(?:у|ові|ам)|гостям|їм)",
        "neg_tell": r"(?:не\s+(?:повідомляй|кажи|розповідай|згадуй|показуй|називай|позначай|"
        r"попереджай|сповіщай|інформуй)\w*|без\s+(?:повідомленн\w+|відома|попередженн\w+|"
        r"сповіщенн\w+))",
        "user_obj": r"(?:користувач\w{0,3}|власник\w{0,3}|цю\s+(?:нотатку|інструкцію|настройку|"
        r"вказівку)|це\s+(?:повідомлення|налаштування|правило|зміну))",
        "skip": r"(?:без\s+(?:\w+\s+)?(?:підтвердженн\w+|перевірк\w+|перепитуван\w+|погодженн\w+|"
        r"дзвінк\w+|уточненн\w+|схваленн\w+|запитань|питань|очікуванн\w+)|не\s+(?:треба|потрібно)\s"
        r"+"
        r"(?:\w+\s+)?(?:підтверджув\w+|перепиту\w+|перевіря\w+|уточню\w+|питати)|не\s+перепиту\w+)",
        "skip_act": r"(?:поділ\w+|надісл\w+|надсил\w+|пересл\w+|пересил\w+|переда\w+|видал\w+|"
        r"схвал\w+|поверн\w+|розблок\w+|розкри\w+|вида\w+|замов\w+|заброн\w+|купи\w*|купу\w+|"
        r"отримувач\w*|дан\w+|оплат\w+|переказ\w*|перерах\w+|плат\w+)",
        "permission": r"(?:(?:постійн\w+|безстроков\w+|загальн\w+)\s+(?:дозв\w+|згод\w+|"
        r"схваленн\w+|довіреніст\w+|довіреност\w+)|заздалегідь\s+(?:схвалив\w*|дозволив\w*|"
        r"погодив\w*|схвален\w*)|(?:вже\s+)?схвалив\w*\s+(?:всі|усі|будь-які)\s+(?:\w+\s+)?"
        r"(?:платеж\w*|перекази|покупки))",
        "trigger": r"(?:кодов\w+\s+слов\w*|код-?слово|секретн\w+\s+(?:слов\w*|фраз\w*)|"
        r"ключов\w+\s+(?:слов\w*|фраз\w*)|чарівн\w+\s+слов\w*|умовн\w+\s+(?:слов\w*|фраз\w*))",
        "trigger_act": r"(?:означає|значить|рівнозначн\w+|схвален\w*|дозвол\w+|підтвердж\w+|"
        r"оплат\w+|перекажи|переказ\w*|перерахуй|розблок\w+|розкрий|видай|надішли|без\s+"
        r"(?:додатков\w+\s+)?(?:перевірк\w+|підтвердженн\w+)|вважай|довіряй)",
        "quote_verbs": r"(?:скаже|каже|напише|пише|використає|використовує|містить|згадає|"
        r"надішле|трапиться|буде|є|з['ʼ’]?явиться)",
        "treat": r"(?:вважай|вважайте|розглядай|сприймай|розцінюй|приймай)",
        "treated_as": r"(?:(?:вже\s+)?(?:схвален\w+|підтверджен\w+|перевірен\w+|дозволен\w+|"
        r"легітимн\w+)|як\s+(?:ніби\s+)?від\s+\w+|за\s+(?:схваленн\w+|підтвердженн\w+|дозв\w+))",
        "questions": r"(?:питанн\w+|запит\w*|звернен\w+)\s+(?:про|щодо|стосовно|з\s+приводу|"
        r"відносно)",
        "answered": r"(?:відповіда\w+|відповід\w+|вирішу\w+|дивит\w+|перевіря\w+|береться|брати|"
        r"звіря\w+|обробля\w+)",
        "preps": r"(?:з|за|на\s+основі|згідно\s+з|виходячи\s+з|за\s+допомогою|у|в|через|"
        r"використовуючи)",
        "switch": r"(?:(?:тебе|вас)\s+(?:тепер\s+)?звати|тво[єї]\s+ім['ʼ’]?я\s+тепер|ти\s+тепер|"
        r"тепер\s+ти|відтепер\s+ти|з\s+цього\s+моменту\s+ти|ти\s+стаєш|увімкн\w+\s+режим|"
        r"режим\s+\w+\s+(?:увімкнено|активовано)|ти\s+граєш\s+роль)",
        "limits": r"(?:без\s+(?:фільтр\w+|обмежень|правил|цензур\w+|попереджень|зайвих\s+питань|"
        r"питань)|ніколи\s+не\s+(?:відмовляє|каже\s+«?ні|питає|попереджає|перепитує)|завжди\s+"
        r"(?:каже|відповідає)\s+«?так|на\s+все\s+погоджу\w+|ігнорує\s+(?:всі\s+|усі\s+)?"
        r"(?:правила|обмеження)|жодних\s+(?:правил|обмежень|фільтрів|попереджень))",
        "forget_all": r"(?:забудь|зітри|видали)\s+(?:все|усе),?\s+що\s+(?:ти\s+)?(?:\w+\s+){0,2}?"
        r"(?:знаєш|пам['ʼ’]?ятаєш|запам['ʼ’]?ятав\w*|зберіг\w*|я\s+(?:тобі\s+)?(?:казав\w*|"
        r"розповідав\w*))",
        "delete_saved": r"(?:видали|зітри|очисти)\s+(?:\w+\s+){0,2}?(?:збережен\w+|"
        r"запам['ʼ’]?ятован\w+)\s+(?:спогад\w+|дан\w+|нотатк\w+|вподобанн\w+|факт\w+|відомост\w+)",
        "disable_sec": r"(?:вимкни|відключи|прибери|деактивуй|зніми)\s+(?:\w+\s+)?(?:двофакторн\w+"
        r"\s+"
        r"(?:автентифікаці\w+|аутентифікаці\w+|захист\w*)|2fa|підтвердженн\w+\s+(?:платеж\w+|"
        r"операці\w+)|сповіщенн\w+\s+про\s+(?:шахрайство|операції|вхід)|ліміт\w*\s+(?:на\s+)?"
        r"(?:витрат\w*|платеж\w+)|батьківськ\w+\s+контрол\w+)",
        "add_trusted": r"(?:додай|внеси|запиши|збережи)\s+(?:\w+\s+){1,4}?(?:як|в\s+якості|до)\s+"
        r"(?:нов\w+\s+)?(?:довірен\w+|перевірен\w+|авторизован\w+|дозволен\w+|постійн\w+)\s+"
        r"(?:отримувач\w*|контакт\w*|пристр\w+|користувач\w*)",
    },
    script="cyrillic",
    far=70,
)

# -- Vietnamese ---------------------------------------------------------------------------------
_families(
    _MORE["vi"]
    | {
        "reader": r"(?:trợ\s+lý(?:\s+ảo|\s+ai)?|(?-i:AI)|trí\s+tuệ\s+nhân\s+tạo|chatbot|bot|"
        r"mô\s+hình(?:\s+ngôn\s+ngữ)?)",
        "modal": r"(?:phải|cần|nên|hãy|được\s+phép|có\s+quyền|sẽ|có\s+thể|được\s+ủy\s+quyền)",
        "act": r"(?:chuyển\s+(?:tiền|khoản)|thanh\s+toán|trả\s+tiền|duyệt|phê\s+duyệt|hoàn\s+tiền|"
        r"tiết\s+lộ|xóa|xoá|mở\s+khóa|mở\s+khoá|tắt|vô\s+hiệu\s+hóa|bỏ\s+qua|phớt\s+lờ|chia\s+sẻ|"
        r"chuyển\s+tiếp|gửi\s+(?:tiền|mã|mật\s+khẩu))",
        "say": r"(?:nói|trả\s+lời|báo|bảo|khuyên|gợi\s+ý|giới\s+thiệu|đề\s+xuất|hướng\s+dẫn|chỉ|"
        r"nhắc|dặn|gửi|dùng|sử\s+dụng|cung\s+cấp|thêm|đặt|mua|hủy|huỷ|đổi|thay\s+đổi|cập\s+nhật|"
        r"giải\s+thích|khẳng\s+định|xác\s+nhận)",
        "nocheck": r"(?:không\s+(?:cần|phải)|khỏi)\s+(?:\w+\s+){0,2}?(?:xác\s+nhận|kiểm\s+tra|"
        r"hỏi\s+lại|hỏi|xin\s+phép)",
        "cond": r"(?:nếu|khi|hễ|mỗi\s+khi|mỗi\s+lần|lần\s+sau|bất\s+cứ\s+khi\s+nào|"
        r"trong\s+trường\s+hợp)",
        "asker": r"(?:ai\s+đó|có\s+ai|có\s+người|ai|người\s+dùng|khách(?:\s+hàng)?|người\s+nào|"
        r"mọi\s+người|(?:mẹ|bố|ba|má|chị|anh|em|vợ|chồng|sếp|chủ\s+nhà|hàng\s+xóm|bạn)(?:\s+\w+)?|"
        r"họ|cô\s+ấy|anh\s+ấy)",
        "ask": r"(?:hỏi|nhắc\s+(?:đến|tới)|đề\s+cập|muốn\s+biết|gọi|nhắn|liên\s+hệ|thắc\s+mắc|"
        r"yêu\s+cầu|xin)",
        "imp": r"(?:hãy\s+(?:nói|trả\s+lời|báo|bảo|khuyên|gửi|chỉ|hướng\s+dẫn|cho\s+\w+\s+biết)|nói"
        r"|"
        r"trả\s+lời|bảo|báo|khuyên|chỉ|hướng\s+dẫn|gửi|cho\s+(?:họ|người\s+đó|\w+)\s+biết|"
        r"câu\s+trả\s+lời\s+(?:đúng\s+)?là)",
        "passive": r"(?:(?:nếu|khi)\s+(?:được|bị)\s+hỏi)",
        "standing": r"(?:từ\s+(?:giờ|nay|bây\s+giờ|hôm\s+nay|mai)(?:\s+trở\s+đi)?|kể\s+từ\s+(?:nay|"
        r"bây\s+giờ|hôm\s+nay)|cho\s+đến\s+khi\s+có\s+thông\s+báo\s+mới|sau\s+này|về\s+sau)",
        "third": r"(?:bất\s+kỳ\s+ai|mọi\s+người|ai\s+hỏi|người\s+dùng|khách(?:\s+hàng)?|họ|tất\s+cả"
        r")",
        "neg_tell": r"(?:(?:đừng|không\s+được|chớ|tránh)\s+(?:\w+\s+)?(?:nói|cho\s+biết|tiết\s+lộ|"
        r"hiển\s+thị|nhắc|báo|thông\s+báo|cảnh\s+báo)|mà\s+không\s+(?:báo|thông\s+báo|nói|"
        r"cho\s+biết))",
        "user_obj": r"(?:người\s+dùng|chủ\s+tài\s+khoản|chủ\s+thẻ|khách\s+hàng|ghi\s+chú\s+này|"
        r"hướng\s+dẫn\s+này|tin\s+nhắn\s+này|thay\s+đổi\s+này|cài\s+đặt\s+này)",
        "skip": r"(?:không\s+cần\s+(?:\w+\s+){0,2}?(?:hỏi\s+lại|xác\s+nhận|kiểm\s+tra|gọi\s+lại|"
        r"cảnh\s+báo|hỏi|xin\s+phép)|mà\s+không\s+(?:cần\s+)?(?:xác\s+nhận|kiểm\s+tra|hỏi)|"
        r"bỏ\s+qua\s+(?:bước\s+)?(?:xác\s+nhận|xác\s+minh|kiểm\s+tra))",
        "skip_act": r"(?:chuyển|gửi|chia\s+sẻ|xóa|xoá|duyệt|hoàn\s+tiền|mở\s+khóa|tiết\s+lộ|đặt|mua"
        r"|"
        r"thanh\s+toán|trả|tiền|dữ\s+liệu|thông\s+tin)",
        "permission": r"(?:(?:quyền|sự\s+cho\s+phép|ủy\s+quyền)\s+(?:vĩnh\s+viễn|lâu\s+dài|"
        r"thường\s+trực)|đã\s+(?:đồng\s+ý|cho\s+phép|duyệt)\s+trước\s+(?:mọi|tất\s+cả))",
        "trigger": r"(?:mật\s+mã|từ\s+khóa|từ\s+khoá|câu\s+mật\s+khẩu|ám\s+hiệu|từ\s+bí\s+mật|"
        r"mã\s+bí\s+mật)",
        "trigger_act": r"(?:nghĩa\s+là|có\s+nghĩa|tức\s+là|đã\s+(?:duyệt|đồng\s+ý|cho\s+phép)|"
        r"chuyển\s+(?:tiền|khoản)|thanh\s+toán|mở\s+khóa|tiết\s+lộ|không\s+cần\s+(?:kiểm\s+tra|"
        r"xác\s+nhận)|coi\s+như|tin\s+tưởng)",
        "quote_verbs": r"(?:nói|viết|gõ|dùng|chứa|có|nhắc|gửi|ghi)",
        "treat": r"(?:coi|xem|hãy\s+coi|hãy\s+xem|đối\s+xử\s+với)",
        "treated_as": r"(?:như\s+(?:là\s+)?(?:đã\s+)?(?:được\s+)?(?:duyệt|phê\s+duyệt|xác\s+nhận|"
        r"xác\s+minh|cho\s+phép|ủy\s+quyền)|là\s+(?:đã\s+)?(?:được\s+)?(?:duyệt|phê\s+duyệt|"
        r"xác\s+minh|ủy\s+quyền|hợp\s+lệ|chính\s+thức)|như\s+(?:lời\s+)?(?:của\s+)?chính\s+\w+)",
        "questions": r"(?:câu\s+hỏi|thắc\s+mắc|yêu\s+cầu)\s+(?:về|liên\s+quan\s+(?:đến|tới)|"
        r"xung\s+quanh)",
        "answered": r"(?:trả\s+lời|giải\s+đáp|xử\s+lý|tra\s+cứu|kiểm\s+tra|xem)",
        "preps": r"(?:theo|dựa\s+(?:vào|trên)|từ|bằng|trong|qua)",
        "switch": r"(?:tên\s+(?:của\s+)?(?:bạn|em|cậu)\s+(?:bây\s+giờ\s+)?là|bật\s+chế\s+độ|"
        r"chế\s+độ\s+\w+\s+(?:đã\s+)?(?:bật|kích\s+hoạt)|(?:bạn|em|cậu|mày)\s+(?:bây\s+giờ|"
        r"từ\s+giờ|từ\s+nay)\s+là|từ\s+(?:giờ|nay|bây\s+giờ)\s+(?:bạn|em|cậu|mày)\s+(?:là|"
        r"sẽ\s+là|đóng\s+vai)|hãy\s+đóng\s+vai|hãy\s+nhập\s+vai)",
        "limits": r"(?:không\s+(?:có\s+)?(?:quy\s+tắc|giới\s+hạn|ràng\s+buộc|cảnh\s+báo|bộ\s+lọc|"
        r"kiểm\s+duyệt)|không\s+bao\s+giờ\s+(?:từ\s+chối|nói\s+không|hỏi\s+lại|cảnh\s+báo|"
        r"xin\s+xác\s+nhận)|luôn\s+(?:nói\s+có|đồng\s+ý)|bỏ\s+qua\s+(?:mọi|các|tất\s+cả)\s+"
        r"(?:quy\s+tắc|luật|cảnh\s+báo)|mặc\s+kệ\s+(?:quy\s+tắc|luật))",
        "forget_all": r"(?:quên|xóa|xoá)\s+(?:hết\s+|sạch\s+)?(?:tất\s+cả\s+|mọi\s+)?(?:những\s+)?"
        r"(?:gì|điều)\s+(?:bạn|em|cậu)\s+(?:đã\s+)?(?:biết|nhớ|lưu|ghi\s+nhớ|được\s+kể)",
        "delete_saved": r"(?:xóa|xoá)\s+(?:\w+\s+){0,3}?(?:ký\s+ức|dữ\s+liệu|ghi\s+chú|sở\s+thích|"
        r"thông\s+tin)\s+(?:đã\s+)?(?:lưu|ghi\s+nhớ)",
        "disable_sec": r"(?:tắt|vô\s+hiệu\s+hóa|gỡ|bỏ)\s+(?:\w+\s+)?(?:xác\s+thực\s+hai\s+"
        r"(?:yếu\s+tố|lớp|bước)|2fa|otp|cảnh\s+báo\s+(?:gian\s+lận|bảo\s+mật|lừa\s+đảo)|"
        r"thông\s+báo\s+(?:giao\s+dịch|bảo\s+mật)|xác\s+nhận\s+thanh\s+toán|hạn\s+mức\s+"
        r"chi\s+tiêu|kiểm\s+soát\s+của\s+phụ\s+huynh)",
        "add_trusted": r"(?:thêm|lưu)\s+(?:\w+\s+){1,4}?(?:làm|là|vào\s+danh\s+sách)\s+"
        r"(?:người\s+nhận|liên\s+hệ|thiết\s+bị|người\s+dùng)\s*(?:đáng\s+tin|tin\s+cậy|"
        r"được\s+ủy\s+quyền|mặc\s+định)",
    },
    script="vietnamese",
)

# -- Indonesian ---------------------------------------------------------------------------------
_families(
    _MORE["id"]
    | {
        "reader": r"(?:asisten(?:\s+(?:ai|virtual|pintar|digital|rumah|keuangan|email))?|(?-i:AI)|"
        r"kecerdasan\s+buatan|chatbot|bot|model\s+(?:ai|bahasa))",
        "modal": r"(?:harus|wajib|perlu|boleh|dapat|bisa|akan|sebaiknya|hendaknya|diizinkan|"
        r"berwenang|diminta|diperbolehkan)",
        "act": r"(?:mentransfer|transfer|membayar|bayar|menyetujui|setujui|mengembalikan\s+dana|"
        r"membocorkan|mengungkapkan|menghapus|hapus|membuka\s+(?:kunci|blokir)|menonaktifkan|"
        r"nonaktifkan|mematikan|mengabaikan|abaikan|melewati|lewati|membagikan|bagikan|"
        r"meneruskan|teruskan|mengirim\s+(?:uang|dana|kode))",
        "say": r"(?:mengatakan|bilang|menjawab|jawab|memberi\s+tahu|memberitahu|memberitahukan|"
        r"menyarankan|merekomendasikan|mengarahkan|menyampaikan|menyebutkan|mengirim|"
        r"mengirimkan|menggunakan|memakai|memberikan|memberi|menambahkan|memesan|membeli|"
        r"membatalkan|mengubah|mengganti|menjelaskan|menegaskan|mengonfirmasi)",
        "nocheck": r"(?:tidak|tak|gak|nggak)\s+(?:perlu|usah|harus)\s+(?:lagi\s+)?(?:\w+\s+)?"
        r"(?:konfirmasi|mengonfirmasi|memverifikasi|verifikasi|cek|mengecek|memeriksa|bertanya|"
        r"tanya|minta\s+izin)",
        "cond": r"(?:kalau|jika|bila|apabila|kapan\s+pun|setiap\s+kali|tiap\s+kali|lain\s+kali|"
        r"nanti\s+kalau|seandainya|andaikan)",
        "asker": r"(?:ada\s+yang|ada\s+orang|seseorang|siapa\s+pun|siapapun|pengguna|user|orang|"
        r"pelanggan|nasabah|penelepon|tamu|(?:ibu|bapak|ayah|mama|papa|kakak|adik|istri|suami|bos|"
        r"atasan|pemilik\s+rumah|tetangga|teman)(?:\s+\w+)?|dia|mereka|beliau)",
        "ask": r"(?:tanya|bertanya|menanyakan|nanya|nanyain|menyebut|menyebutkan|membahas|bahas|"
        r"mau\s+tahu|ingin\s+tahu|menelepon|nelpon|menghubungi|minta|meminta|chat)",
        "imp": r"(?:bilang|bilangin|katakan|jawab|jawablah|sampaikan|beri\s+tahu|beritahu|"
        r"kasih\s+tahu|sarankan|rekomendasikan|arahkan|suruh|informasikan|kirim(?:kan)?|berikan|"
        r"jelaskan|konfirmasi|jawabannya|jawaban\s+yang\s+benar)",
        "passive": r"(?:(?:jika|kalau|bila|saat|ketika)\s+ditanya(?:kan)?|(?:jika|kalau|bila)\s+"
        r"ada\s+pertanyaan)",
        "standing": r"(?:mulai\s+(?:sekarang|hari\s+ini|saat\s+ini|besok|minggu\s+depan)|"
        r"mulai\s+kini|sejak\s+sekarang|dari\s+sekarang|ke\s+depannya|seterusnya|sampai\s+ada\s+"
        r"pemberitahuan\s+lebih\s+lanjut|untuk\s+selanjutnya)",
        "third": r"(?:siapa\s+pun|siapapun|semua\s+orang|setiap\s+orang|orang\s+yang\s+bertanya|"
        r"pengguna|pelanggan|nasabah|mereka)",
        "neg_tell": r"(?:(?:jangan|tidak\s+usah|tak\s+perlu|tidak\s+perlu|gak\s+usah|nggak\s+usah)"
        r"\s+"
        r"(?:\w+\s+)?(?:memberi\s+tahu|beri\s+tahu|memberitahu|kasih\s+tahu|bilang|sebut(?:kan)?|"
        r"menyebut(?:kan)?|tampilkan|tunjukkan|menampilkan|menunjukkan|ungkapkan|mengungkapkan|"
        r"laporkan|melaporkan|peringatkan|memperingatkan|informasikan)|tanpa\s+(?:memberi\s+tahu|"
        r"memberitahu|sepengetahuan|memberi\s+kabar|mengabari|melapor))",
        "user_obj": r"(?:pengguna|pemilik\s+(?:akun|rekening|kartu)|nasabah|pelanggan|user|"
        r"catatan\s+ini|pesan\s+ini|instruksi\s+ini|perubahan\s+ini|pengaturan\s+ini)",
        "skip": r"(?:tanpa\s+(?:\w+\s+)?(?:konfirmasi|verifikasi|persetujuan|pengecekan|izin|"
        r"bertanya|tanya|menunggu|cek)|tidak\s+(?:perlu|usah)\s+(?:\w+\s+)?(?:konfirmasi|"
        r"verifikasi|tanya|bertanya|cek|menelepon|minta\s+izin))",
        "skip_act": r"(?:transfer|bayar|membayar|kirim\w*|mengirim\w*|bagikan|membagikan|hapus|"
        r"menghapus|setujui|menyetujui|refund|kembalikan|buka\s+kunci|ungkapkan|pesan|memesan|"
        r"beli|membeli|penerima|data|uang|dana|rekening)",
        "permission": r"(?:izin\s+(?:permanen|tetap|umum|selamanya)|persetujuan\s+(?:permanen|"
        r"tetap|di\s+muka)|sudah\s+(?:menyetujui|mengizinkan)\s+(?:semua|seluruh|setiap))",
        "trigger": r"(?:kata\s+(?:kunci|rahasia|ajaib)|kode\s+rahasia|frasa\s+(?:kunci|rahasia)|"
        r"sandi\s+rahasia)",
        "trigger_act": r"(?:berarti|artinya|maksudnya|disetujui|sudah\s+(?:disetujui|diizinkan)|"
        r"transfer|bayar|buka\s+kunci|ungkapkan|bagikan|tanpa\s+(?:cek|verifikasi|konfirmasi)|"
        r"anggap|percayai)",
        "quote_verbs": r"(?:bilang|mengatakan|menulis|menyebut|memakai|menggunakan|berisi|"
        r"mengandung|ada|mengirim)",
        "treat": r"(?:anggap|anggaplah|perlakukan|perlakukanlah|hitung)",
        "treated_as": r"(?:(?:sebagai|sudah)\s+(?:\w+\s+)?(?:disetujui|diverifikasi|diizinkan|sah|"
        r"resmi|terpercaya|dikonfirmasi)|sebagai\s+(?:permintaan|perintah)\s+(?:dari\s+)?\w+\s+"
        r"sendiri)",
        "questions": r"(?:pertanyaan|permintaan)\s+(?:tentang|soal|mengenai|terkait|seputar)",
        "answered": r"(?:dijawab|jawab|menjawab|ditangani|dicek|dilihat|diperiksa)",
        "preps": r"(?:dari|dengan|berdasarkan|pakai|menggunakan|sesuai|lewat|di)",
        "switch": r"(?:nama\s+(?:kamu|anda|mu)\s+(?:sekarang\s+)?(?:adalah|jadi)|aktifkan\s+mode|"
        r"mode\s+\w+\s+(?:aktif|diaktifkan)|(?:kamu|anda|kau)\s+(?:sekarang|mulai\s+sekarang)\s+"
        r"(?:adalah|jadi|menjadi)|mulai\s+sekarang\s+(?:kamu|anda|kau)|berperanlah\s+sebagai|"
        r"perankan)",
        "limits": r"(?:tanpa\s+(?:aturan|batasan|filter|sensor|peringatan|basa-basi)|tidak\s+"
        r"pernah\s+(?:menolak|bilang\s+tidak|bertanya|memperingatkan|minta\s+konfirmasi)|selalu\s+"
        r"(?:bilang|menjawab)\s+(?:ya|iya|setuju)|mengabaikan\s+(?:semua\s+)?(?:aturan|kebijakan)|"
        r"tidak\s+ada\s+(?:aturan|batasan|filter))",
        "forget_all": r"(?:lupakan|hapus)\s+(?:semua|segala)\s+(?:hal\s+)?yang\s+(?:kamu|anda|sudah"
        r"|"
        r"telah|pernah)\s+(?:\w+\s+)?(?:ketahui|tahu|ingat|simpan|catat|dengar)",
        "delete_saved": r"(?:hapus|menghapus|bersihkan|kosongkan)\s+(?:\w+\s+){0,2}?(?:memori|"
        r"ingatan|data|catatan|preferensi|informasi)\s+(?:yang\s+)?(?:tersimpan|disimpan|diingat)",
        "disable_sec": r"(?:nonaktifkan|matikan|menonaktifkan|mematikan|lepas|cabut)\s+(?:\w+\s+)?"
        r"(?:verifikasi\s+dua\s+(?:langkah|faktor)|autentikasi\s+dua\s+faktor|2fa|otp|"
        r"peringatan\s+(?:penipuan|keamanan)|notifikasi\s+(?:transaksi|keamanan)|konfirmasi\s+"
        r"pembayaran|batas\s+(?:pengeluaran|transaksi)|kontrol\s+orang\s+tua)",
        "add_trusted": r"(?:tambahkan|simpan|daftarkan)\s+(?:\w+\s+){1,4}?sebagai\s+(?:penerima|"
        r"kontak|perangkat|pengguna)\s+(?:tepercaya|terpercaya|resmi|terverifikasi|tetap)",
    }
)

# -- Turkish (the order last, its mood a suffix: "ödemeli", "göndersin", "söyleyin") -------------
_TR_READER2 = (
    r"(?:asistan\w{0,6}|yapay\s+zek[âa]\w{0,4}|sohbet\s+botu\w{0,3}|"
    r"bot(?:u|a|un|lar|lara|ların|tan|ta)?|dil\s+model\w{0,4}|sanal\s+asistan\w{0,4})"
)
_TR_MOOD = r"\w{0,4}?(?:m[ae]l[ıi](?:d[ıi]r)?|s[ıiuü]n|[ae]bil[ıi]r|[ae]c[ae]k(?:t[ıi]r)?)\b"
_TR_ORDER = r"(?:y?[iıuü]n(?:[iıuü]z)?)?\b"
_TR_TELL = (
    r"(?:söyle|cevap\s+ver|yanıt\s+ver|yanıtla|cevapla|bildir|ilet|öner|yönlendir|belirt|anlat|"
    r"gönder|hatırlat)"
)
_add(
    INS,
    None,
    [
        rf"\b{_TR_READER2}\b{_G}{{0,60}}?\b(?:öde|ödeme\s+yap|(?:transfer|havale|ifşa|iade)\s+"
        rf"(?:et|ed)|gönder|onayla|sil|paylaş|ilet|aktar|kapat|devre\s+dışı\s+bırak|yok\s+say|"
        rf"atla){_TR_MOOD}",
        rf"\b{_TR_READER2}\b{_G}{{0,60}}?\b(?:onay|teyit|doğrulama|kontrol|izin)\w{{0,5}}\s+"
        r"(?:sorma|alma|iste|bekle)\w{0,8}\s+gerek\s+(?:yok|kalmadı|görmüyor)",
        r"\b(?:kullanıcıya|hesap\s+sahibine|kart\s+sahibine|müşteriye|sahibine)\s+(?:\w+\s+){0,3}?"
        r"(?:söyleme|bahsetme|gösterme|belirtme|bildirme|haber\s+verme|uyarma)(?:yin|den|dan)?\b",
        r"\b(?:kullanıcıya|hesap\s+sahibine|müşteriye)\s+(?:\w+\s+){0,2}?(?:haber\s+vermeden|"
        r"söylemeden|bildirmeden|sormadan)\b",
        r"\bbu\s+(?:not|talimat|mesaj|ayar|değişiklik)\w{0,4}\s+(?:\w+\s+){0,3}?(?:söyleme|"
        r"bahsetme|gösterme|belirtme)\w{0,4}\b",
        r"\b(?:kalıcı|süresiz|sürekli)\s+(?:izin|onay|yetki)\w{0,4}\b",
        r"\b(?:tüm|bütün)\s+(?:\w+\s+)?(?:ödeme|transfer|havale|alışveriş)\w*\s+(?:önceden\s+)?"
        r"onayla\w+",
        r"\b(?:anahtar\s+kelime|gizli\s+(?:kelime|kod|söz|cümle)|kod\s+(?:kelime|sözcük|adı)|"
        r"şifreli\s+(?:kelime|söz)|sihirli\s+(?:kelime|söz))\w{0,4}[^\n]{0,120}?\b(?:anlamına\s+"
        r"gel\w+|demektir|onaylı|onaylan\w+|izin\s+veril\w+|öde\w*|transfer\w*|havale\w*|ifşa|"
        r"paylaş\w*|kontrol\s+etmeden|sormadan)",
        r"[\"'“‘«][^\"'”’»\n]{2,40}[\"'”’»]\s*(?:\w+\s+){0,2}?(?:diye\s+)?(?:yazarsa|derse|"
        r"geçerse|içerirse|varsa|kullanırsa|gönderirse|söylerse|yazıyorsa|geçiyorsa)\b[^\n]{0,120}?"
        r"\b(?:anlamına\s+gel\w+|demektir|onaylı|onaylan\w+|izin\s+veril\w+|öde\w*|transfer\w*|"
        r"havale\w*|ifşa|paylaş\w*|kontrol\s+etmeden|sormadan|kabul\s+et|güven)",
        r"\b(?:onaylanmış|onaylı|doğrulanmış|yetkili|güvenilir)\s+(?:olarak\s+)?(?:say|kabul\s+et|"
        r"işle|değerlendir)\w{0,5}\b",
        r"\b(?:adın\s+(?:artık|bundan\s+sonra)|artık\s+(?:senin\s+)?adın|\w+\s+mod(?:u|unu|una)\s+"
        r"(?:aç|etkinleştir|aktif)\w*|artık\s+sen|bundan\s+sonra\s+sen|sen\s+artık|rolüne\s+gir|"
        r"rolünü\s+üstlen)\b[^\n]{0,200}?\b(?:kural\w*\s+(?:yok|tanımayan|tanımaz|olmadan|olmayan|"
        r"umursamayan|takmayan)|kuralsız|sınırsız|filtresiz|sansürsüz|asla\s+(?:reddetmez|"
        r"hayır\s+demez|onay\s+istemez|uyarmaz|sormaz)|her\s+şeye\s+evet|hiç\s+(?:uyarı|onay)\s+"
        r"(?:vermez|istemez|yapmaz)|uyarı\s+(?:vermeyen|yapmayan)|onay\s+istemeyen)",
    ],
)
_add(
    INS,
    None,
    _paid(
        [
            rf"\b{_TR_READER2}\b{_G}{{0,60}}?\b(?:{_TR_TELL}|kullan|ekle|yaz){_TR_MOOD}",
            r"\b(?:biri|birisi|herhangi\s+biri|kim\s+olursa\s+olsun|kullanıcı|müşteri|arayan|"
            r"misafir|annem|babam|kardeşim|ablam|abim|eşim|patronum|ev\s+sahibi|komşu\w*|arkadaş\w*"
            r"|"
            r"(?-i:[A-ZÇĞİÖŞÜ][a-zçğıöşü]+))\b"
            + _gap(40)
            + r"\b(?:sor(?:arsa|duğunda|unca|acak\s+olursa|maya\s+gelirse)|soru\s+sorarsa|"
            r"bahsederse|bahsettiğinde|açarsa|merak\s+ederse|öğrenmek\s+isterse|ararsa|"
            r"aradığında|yazarsa|yazdığında|isterse)\b" + _gap(200) + rf"\b{_TR_TELL}{_TR_ORDER}",
            r"\b(?:sorulursa|sorulduğunda|sorulunca|soru\s+gelirse|soru\s+gelince|(?:konu|mevzu)\w*"
            r"\s+(?:\w+\s+)?(?:açılırsa|açıldığında|gelirse|geldiğinde))\b"
            + _gap(200)
            + rf"\b{_TR_TELL}{_TR_ORDER}",
            r"\b(?:bundan\s+(?:sonra|böyle)|bugünden\s+itibaren|şu\s+andan\s+itibaren|yarından\s+"
            r"itibaren|aksi\s+söylenene\s+kadar)\b"
            + _gap(60)
            + r"\b(?:herkese|soran\s+herkese|sorana|kime\s+olursa|müşterilere|kullanıcıya|"
            r"kullanıcılara|arayanlara|misafirlere|onlara)\b"
            + _gap(80)
            + rf"\b(?:{_TR_TELL}|öde|paylaş|ver){_TR_ORDER}",
            r"\bsoru\w*\s+(?:\w+\s+){0,6}?\w+(?:dosyas|kayd|kayıt|kart|profil|bilgi|veri)\w*\s+"
            r"(?:\w+\s+)?(?:göre|bakarak|bakılarak|üzerinden|esas\s+alarak)\s+(?:\w+\s+)?(?:cevap|"
            r"yanıt|cevapla|yanıtla)\w*",
        ]
    ),
)
_add(
    INS,
    None,
    _near(
        r"\b(?:(?:onay|teyit|doğrulama|kontrol|izin)\w{0,4}\s+(?:sormadan|almadan|istemeden|"
        r"beklemeden|gerek(?:meden|miyor|\s+yok))|kimseye\s+sormadan|bana\s+sormadan)",
        r"\b(?:paylaş|gönder|ilet|sil|onayla|iade|sipariş|satın\s+al|aktar)\w*",
        80,
    ),
)
_add(
    TOOL,
    None,
    [
        r"\b(?:bildiğin|hatırladığın|kaydettiğin|sana\s+(?:anlattığım|söylediğim))\s+(?:her\s+"
        r"şeyi|ne\s+varsa)\s+(?:unut|sil)",
        r"\b(?:kayıtlı|kaydedilmiş|saklanan|hafızadaki|hatırlanan)\s+(?:\w+\s+){0,2}?(?:anı|veri|"
        r"not|bilgi|tercih)\w*\s+(?:\w+\s+)?(?:sil|temizle|kaldır)\w*",
        r"\b(?:iki\s+(?:adımlı|faktörlü)\s+doğrulama\w*|2fa|dolandırıcılık\s+uyarı\w*|güvenlik\s+"
        r"(?:uyarı|bildirim)\w*|ödeme\s+onay\w*|harcama\s+limit\w*|ebeveyn\s+denetim\w*)\s+"
        r"(?:\w+\s+)?(?:kapat|devre\s+dışı\s+bırak|kaldır)\w*",
        r"\b(?:güvenilir|yetkili|onaylı|kayıtlı)\s+(?:alıcı|kişi|cihaz|kullanıcı)\w{0,4}\s+olarak\s"
        r"+"
        r"(?:ekle|kaydet|tanımla)\w*",
    ],
    quotable=True,
)

# -- Chinese ------------------------------------------------------------------------------------
_ZH_READER = (
    r"(?:助手|助理|人工智能|AI|语言模型|模型|机器人|智能客服|客服机器人|智能体|智能助手|"
    r"语音助手|智能管家)"
)
_ZH_NOSTOP = r"[^。！？\n]"
_add(
    INS,
    "cjk",
    [
        _ZH_READER
        + _ZH_NOSTOP
        + r"{0,20}?(?:应当|应该|应|必须|务必|须|需要|得|可以|可直接|有权|被授权|获授权|已获授权|要|"
        r"会|将)"
        + _ZH_NOSTOP
        + r"{0,30}?(?:转账|付款|支付|打款|汇款|批准|退款|泄露|透露|删除|清空|解锁|关闭|停用|忽略|跳"
        r"过|绕过|分享|共享|转发)",
        _ZH_READER
        + _ZH_NOSTOP
        + r"{0,30}?(?:不用|不必|无需|不需要|无须)再?(?:确认|核实|验证|询问|征求)",
        r"(?:不要|别|勿|切勿)(?:提及|提到|透露|显示|说出)(?:这条|此条|本条|这个|该)(?:备注|说明|指"
        r"令|设置|消息|信息)",
        r"瞒着(?:用户|本人|机主|主人)",
        r"(?:不|无需|不用)(?:通知|告知|提醒)(?:用户|本人|机主|主人)的情况下",
        r"(?:永久|长期|全面|默认|一揽子)(?:授权|许可|同意|批准)",
        r"已(?:预先|提前|事先)?(?:授权|批准|同意)(?:所有|一切|任何)",
        r"(?:暗号|口令|暗语|密语|代号|咒语)[^\n]{0,60}?(?:就是|表示|代表|意味着|即|已授权|已批准|转"
        r"账|付款|支付|放行|解锁|无需)",
        r"(?:如果|若|只要|一旦|当|凡是)" + _ZH_NOSTOP + r"{0,20}?(?:说|写|发|包含|含有|出现|提到)"
        r"[^。\n]{0,6}?[“\"「'][^”\"」'\n]{1,30}[”\"」'][^\n]{0,80}?(?:授权|批准|同意|转账|付款|支"
        r"付|放行|解锁|执行|照办|无需|视为|当作)",
        r"(?:视为|当作|当成|看作|算作)"
        + _ZH_NOSTOP
        + r"{0,10}?(?:已批准|已授权|已同意|已确认|已核实|本人同意|本人授权)",
        r"(?:你|您)(?:现在|从现在起|以后)?(?:就)?(?:是|叫|扮演|成为)[^\n]{0,120}?(?:从不|永远不|绝"
        r"不)(?:拒绝|警告|提醒|确认|询问|说不)",
        r"(?:开启|进入|切换到|启用|激活)\S{0,8}模式[^\n]{0,120}?(?:不受\S{0,6}(?:规定|规则|限制|约"
        r"束)|没有\S{0,4}(?:限制|规则|约束|禁忌)|无视\S{0,4}(?:规则|规定)|(?:从不|永远不|绝不)(?:拒"
        r"绝|警告|确认))",
        r"(?:有求必应|什么都(?:答应|照办)|一律(?:照办|答应|同意))",
    ],
)
_add(
    INS,
    "cjk",
    _paid(
        [
            r"(?:如果|若|要是|假如|当|一旦|每当|下次|以后|凡是|只要|万一)"
            + _ZH_NOSTOP
            + r"{0,10}?(?:有人|别人|谁|任何人|用户|客户|顾客|对方|家人|朋友|老板|房东|他们|他|她)"
            + _ZH_NOSTOP
            + r"{0,20}?(?:问|咨询|提到|说起|聊到|打听|来电|打电话|发消息|想知道|要求)"
            + _ZH_NOSTOP
            + r"{0,60}?(?:告诉|回答|回复|答复|推荐|建议|引导|说|转告|提供|发给|就说|统一回复|一律回"
            r"答)",
            r"(?:被问到|被问起|被人问|有人问起|问起来)"
            + _ZH_NOSTOP
            + r"{0,60}?(?:就说|回答|告诉|回复|答复|说)",
            r"(?:从现在起|从现在开始|从今天起|今后|以后|往后|自即日起|即日起|直到另行通知)"
            + _ZH_NOSTOP
            + r"{0,60}?(?:对所有人|对任何人|对谁都|对客户|对用户|对来问的人|谁问都|不管谁问)"
            + _ZH_NOSTOP
            + r"{0,40}?(?:说|回答|回复|告诉|推荐|发送|付款|转账)",
            r"(?:关于|有关|涉及)"
            + _ZH_NOSTOP
            + r"{0,30}?(?:问题|提问|咨询)"
            + _ZH_NOSTOP
            + r"{0,30}?(?:按|根据|参照|以|用|从|查看?|看)"
            + _ZH_NOSTOP
            + r"{0,30}?(?:回答|答复|为准|处理|来答)",
        ]
    ),
)
_add(
    INS,
    "cjk",
    _near(
        r"(?:无需|不需|不需要|不用|无须|不必|免)\s*(?:再)?\s*(?:确认|核实|验证|审批|审核|询问|复核|"
        r"二次确认|征得同意)",
        r"(?:分享|共享|转发|发送|删除|批准|退款|解锁|透露|下单|预订|购买|提供)",
        40,
        _GC,
    ),
)
_add(
    TOOL,
    "cjk",
    [
        r"(?:忘掉|忘记|清除|删除)(?:你)?(?:知道|记住|记得|保存|存储)的(?:所有|一切|全部)",
        r"(?:关闭|停用|取消|解除)(?:两步验证|双重验证|二次验证|短信验证|风险提醒|交易提醒|支付确认|"
        r"消费限额|家长控制)",
        r"把"
        + _ZH_NOSTOP
        + r"{1,20}?(?:设为|添加为|加为)(?:可信|信任|默认|常用)(?:收款人|联系人|设备|账户)",
    ],
    quotable=True,
)

# -- Japanese -----------------------------------------------------------------------------------
_JA_READER = (
    r"(?:アシスタント|AI|ＡＩ|エーアイ|人工知能|言語モデル|チャットボット|ボット|エージェント)"
)
_JA_NOSTOP = r"[^。！？\n]"
_add(
    INS,
    "cjk",
    [
        _JA_READER
        + r"(?:は|が|に)"
        + _JA_NOSTOP
        + r"{0,60}?(?:送金|振込|振り込|支払|決済|承認|返金|開示|削除|消去|解除|無効|停止|オフ|無視|"
        r"スキップ|共有|転送)"
        + _JA_NOSTOP
        + r"{0,10}?(?:してよい|して良い|してもよい|してもいい|してかまわない|して構わない|"
        r"しなければならない|すべき|できる|可能|許可され)",
        r"(?:確認|承認|本人確認|チェック)(?:は|を)?(?:不要|いらない|要らない|せずに|取らずに|求めず"
        r"に)"
        + _JA_NOSTOP
        + r"{0,30}?(?:共有|転送|送信|削除|承認|返金|解除|開示|注文|予約|購入|渡し|教え)",
        r"(?:このメモ|この指示|この設定|このメッセージ|この変更|この件)(?:は|を|について)"
        + _JA_NOSTOP
        + r"{0,10}?(?:言わない|伝えない|触れない|表示しない|見せない|秘密に|内緒に|知らせない)",
        r"(?:ユーザー|利用者|本人|持ち主|お客様|口座名義人)(?:には|に)"
        + _JA_NOSTOP
        + r"{0,10}?(?:通知しない|通知せず|知らせず|伝えず|言わず|内緒|秘密)",
        r"(?:恒久的|永続的|包括的|事前)(?:な|に)?(?:許可|承認|同意|委任)",
        r"(?:すべて|全て)の(?:支払|送金|購入)\S{0,4}(?:事前に)?承認済み",
        r"(?:合言葉|合い言葉|暗号|キーワード|秘密の言葉|パスフレーズ)[^\n]{0,80}?(?:承認|許可|送金|"
        r"振込|振り込|支払|解除|開示|意味する|という意味|の合図|とみなす|確認不要|確認なし)",
        r"[「『\"][^」』\"\n]{1,30}[」』\"](?:と|という)?"
        + _JA_NOSTOP
        + r"{0,10}?(?:言われ|書かれ|送られ|含まれ|入っ|あっ|言っ|書い)[^\n]{0,80}?(?:承認|許可|送金"
        r"|振込|振り込|支払|解除|開示|実行|確認不要|みなし|扱)",
        r"(?:承認済み|許可済み|確認済み|本人確認済み|本人からの)(?:の)?(?:もの|依頼|指示)?(?:と|と"
        r"して)(?:みなし|みなす|扱い|扱っ|扱う|処理|見な)",
        r"(?:あなた|君|きみ|お前)(?:は|の名前は)[^\n]{0,120}?(?:制限|ルール|規則|フィルター|警告|注"
        r"意書き|確認)\S{0,6}(?:なし|無し|無視|守らない|一切しない|不要|気にしない)",
        r"(?:何でも|なんでも)(?:引き受け|答え|やる|OK)|(?:決して|絶対に)断らない",
        r"モード(?:を)?(?:オン|有効|起動|開始)[^\n]{0,120}?(?:制限|ルール|規則|警告|確認)\S{0,6}(?:"
        r"なし|無し|無視|不要)",
    ],
)
_add(
    INS,
    "cjk",
    _paid(
        [
            r"(?:誰か|だれか|ユーザー|利用者|お客様|顧客|相手|家族|母|父|妻|夫|姉|兄|妹|弟|友人|上"
            r"司|大家)(?:が|から)"
            + _JA_NOSTOP
            + r"{0,30}?(?:聞い|尋ね|質問し|問い合わせ|訊い|言っ|話題にし|連絡し|電話し)(?:てきたら|"
            r"たら|た場合|れば|てきた場合|た時|たとき)"
            + _JA_NOSTOP
            + r"{0,80}?(?:と答え|と伝え|と言[うっいえ]|と説明|案内し|答えて|伝えて|教えて|送って|勧"
            r"めて|紹介して|と返答|と回答)",
            r"(?:今後|これから|今日から|今から|以後|次回から)"
            + _JA_NOSTOP
            + r"{0,40}?(?:誰に|誰が|全員|皆|すべての人|お客様|利用者|問い合わせ)"
            + _JA_NOSTOP
            + r"{0,60}?(?:と答え|と伝え|と言|案内|送金|振り込|送っ)",
            r"(?:に関する|についての|に関しての)(?:質問|問い合わせ)"
            + _JA_NOSTOP
            + r"{0,40}?(?:を見て|を参照して|に基づいて|で|から)"
            + _JA_NOSTOP
            + r"{0,20}?(?:答え|回答|対応|案内)",
        ]
    ),
)
_add(
    TOOL,
    "cjk",
    [
        r"(?:記憶|メモリ|覚えていること|保存した(?:情報|内容|メモ))(?:を)?(?:すべて|全て|全部)(?:削"
        r"除|消去|消し|忘れ)",
        r"(?:覚えていること|知っていること)(?:を)?(?:すべて|全て|全部)?忘れ",
        r"(?:二段階認証|2段階認証|二要素認証|不正利用(?:通知|アラート)|セキュリティ(?:通知|アラート"
        r")|支払い確認|利用限度額|ペアレンタルコントロール)(?:を)?(?:オフ|無効|解除|停止|切)",
        r"(?:信頼できる|承認済みの|登録済みの)(?:振込先|送金先|連絡先|デバイス|端末)(?:として|に)(?"
        r":追加|登録)",
    ],
    quotable=True,
)

# -- Korean -------------------------------------------------------------------------------------
_KO_READER = r"(?:비서|어시스턴트|AI|에이아이|인공지능|챗봇|상담봇|봇|에이전트|도우미|언어\s*모델)"
_add(
    INS,
    "hangul",
    [
        _KO_READER
        + r"(?:는|은|가|이|에게|한테)?\s*[^.\n]{0,60}?(?:(?:송금|이체|결제|지급|승인|환불|공개|삭제"
        r"|초기화|"
        r"잠금\s*해제|비활성화|무시|공유|전달|전송)\s*(?:해야|해도|할\s*것|하도록|해라|하라|할\s*수"
        r"\s*있|"
        r"할\s*권한)|(?:알려\s*줘야|알려\s*줄\s*것|보내야|지워야|꺼야|건너뛰어야|보내도|지워도))",
        r"(?:이|해당|위)\s*(?:메모|지시|설정|메시지|내용|안내)(?:는|은|을|를)\s*(?:\S+\s*){0,2}?(?:"
        r"언급하지|"
        r"말하지|보여주지|알리지)",
        r"(?:사용자|고객|본인|명의자)\s*몰래",
        r"(?:사용자|고객|본인|명의자)(?:에게|한테)\s*(?:\S+\s*){0,2}?(?:알리지|통보하지)\s*않고",
        r"(?:영구|상시|포괄|사전)\s*(?:적인\s*)?(?:허가|승인|동의|위임)",
        r"(?:모든|전체)\s*(?:결제|송금|이체|구매)\S{0,3}\s*(?:미리|사전에)\s*승인",
        r"(?:암호|암구호|키워드|비밀\s*단어|비밀\s*문구|코드\s*워드)\S{0,3}[^\n]{0,80}?(?:승인|허락"
        r"|송금|이체|"
        r"결제|해제|공개|의미|뜻|신호|확인\s*없이|간주)",
        r"[“\"'‘「][^”\"'’」\n]{1,30}[”\"'’」]\s*(?:이?라는|라고)?\s*(?:\S+\s*){0,2}?(?:말하면|쓰면"
        r"|보내면|"
        r"들어\s*있으면|포함되어\s*있으면|포함되면|있으면|오면)[^\n]{0,100}?(?:승인|허락|송금|이체|"
        r"결제|해제|"
        r"공개|실행|간주|확인\s*없이)",
        r"(?:승인된|허가된|확인된|인증된|본인이\s*보낸)\s*(?:것|요청|메시지)?\s*(?:으로|로)\s*(?:간"
        r"주|취급|"
        r"처리|여겨)",
        r"(?:너는|넌|당신은|네\s*이름은)\s*(?:이제|지금부터|앞으로|오늘부터)?[^\n]{0,120}?(?:규칙|"
        r"제한|제약|"
        r"경고|필터|검열|확인)\S{0,4}\s*(?:없는|없이|무시|안\s*하는|하지\s*않는|신경\s*쓰지)",
        r"(?:절대\s*거절하지|거절하지\s*않는|무엇이든\s*(?:다\s*)?(?:들어|해\s*주))",
        r"모드\s*(?:를|을)?\s*(?:켜|활성화|시작)[^\n]{0,120}?(?:규칙|제한|경고|확인)\S{0,4}\s*(?:없"
        r"|무시)",
    ],
)
_add(
    INS,
    "hangul",
    _paid(
        [
            r"(?:누가|누군가|사용자가|고객이|손님이|상대가|가족이|엄마가|아빠가|친구가|사장님이|집"
            r"주인이|"
            r"(?!내가|제가|우리가)\S+(?:이|가))\s*(?:\S+\s*){0,4}?(?:물으면|물어보면|묻는다면|물어"
            r"오면|"
            r"질문하면|문의하면|문의가\s*오면|언급하면|얘기하면|말하면|연락하면|전화하면|요청하면|"
            r"찾으면)"
            r"[^\n]{0,100}?(?:라고\s*(?:답|대답|말|안내|전)|알려\s*(?:줘|주세요|줄\s*것|주라)|답해|"
            r"대답해|"
            r"안내해|전해|보내|추천해|권해)",
            r"(?:질문을?\s*받으면|문의가\s*들어오면|얘기가\s*나오면|물어보면)[^\n]{0,100}?(?:라고\s"
            r"*(?:답|대답|"
            r"말|안내)|알려\s*(?:줘|주세요)|답해|대답해|안내해)",
            r"(?:앞으로|이제부터|지금부터|오늘부터|향후)[^\n]{0,60}?(?:누구에게나|모두에게|모든\s*"
            r"사람에게|"
            r"고객에게|사용자에게|묻는\s*사람에게|누가\s*물어도)[^\n]{0,60}?(?:말해|답해|대답해|안"
            r"내해|알려|"
            r"보내|송금|이체)",
            r"(?:관한|관련된?|대한)\s*(?:질문|문의)\S{0,3}\s*(?:\S+\s*){0,6}?(?:기록|파일|자료|차트"
            r"|카드|"
            r"프로필|계정|정보)\S{0,4}\s*(?:\S+\s*){0,2}?(?:답|대답|안내|처리|확인)",
        ]
    ),
)
_add(
    INS,
    "hangul",
    _near(
        r"(?:확인|승인|인증|재확인|동의)\s*(?:절차\s*)?(?:없이|안\s*받고|받지\s*않고|생략|필요\s*없"
        r"|불필요|"
        r"하지\s*않아도)",
        r"(?:공유|전달|전송|보내|삭제|승인|환불|해제|공개|주문|예약|구매)",
        40,
        _GC,
    ),
)
_add(
    TOOL,
    "hangul",
    [
        r"(?:기억|메모리|저장된\s*(?:정보|내용|메모|데이터))\S{0,2}\s*(?:\S+\s*){0,2}?(?:모두|전부|"
        r"다)\s*"
        r"(?:삭제|지워|지우|잊어)",
        r"알고\s*있는\s*(?:것|모든\s*것)\S{0,2}\s*(?:전부\s*|모두\s*|다\s*)?잊어",
        r"(?:2단계\s*인증|이중\s*인증|2차\s*인증|이상\s*거래\s*알림|보안\s*알림|결제\s*확인|이용\s*"
        r"한도|"
        r"자녀\s*보호)\S{0,2}\s*(?:끄|꺼|해제|비활성화|중지)",
        r"(?:신뢰할\s*수\s*있는|승인된|등록된)\s*(?:수취인|받는\s*사람|연락처|기기)(?:으로|로)\s*(?"
        r":추가|등록)",
    ],
    quotable=True,
)

_add(
    INS,
    "hangul",
    [
        r"\d+\s*(?:번|부분|파트)?\s*(?:과|와|,|및)\s*\d+\s*(?:번|부분|파트)\S{0,4}\s*(?:이어|합쳐|"
        r"연결)",
        r"(?:앞부분|뒷부분|앞\s*절반|뒤\s*절반)[\s\S]{0,300}?(?:이어|합쳐|연결)",
    ],
)

# -- Arabic -------------------------------------------------------------------------------------
_AR_READER = (
    r"(?:(?:ال|لل|ل)?(?:مساعد|نموذج|نماذج|روبوت|بوت|وكيل|شات\s*بوت)(?:\s+(?:ال)?(?:ذكي|رقمي|"
    r"افتراضي|صوتي))?|(?:ال)?ذكاء\s+(?:ال)?اصطناعي|برنامج\s+(?:ال)?دردشة)"
)
_AR_ACT = (
    r"(?:يحول|تحويل|يدفع|دفع|يسدد|سداد|يوافق|الموافقة|يكشف|الكشف|يفصح|يحذف|حذف|يمسح|مسح|يلغي|"
    r"إلغاء|يعطل|تعطيل|يتجاهل|تجاهل|يتخطى|يشارك|مشاركة|يعيد\s+توجيه)"
)
_AR_TELL = (
    r"(?:يقول|يخبر|إخبار|يجيب|يرد|يذكر|يوصي|ينصح|يوجه|يرسل|إرسال|يستخدم|يضيف|يحجز|يشتري|يغير|"
    r"يشرح|يؤكد)"
)
_AR_IMP = (
    r"(?:\bقل\b|قولي|أخبر\S*|اخبر\S*|أجب\S*|اجب\S*|\bرد\b|ردي|اذكر\S*|انصح\S*|وجه\S*|أرسل\S*|ارسل\S"
    r"*|"
    r"أعط\S*|اعط\S*|أبلغ\S*|ابلغ\S*|الجواب\s+هو|الإجابة\s+(?:الصحيحة\s+)?هي)"
)
_AR_MODAL = (
    r"(?:يجب\s+أن|ينبغي\s+أن|عليه\s+أن|يمكنه\s+أن|يمكنه|يستطيع|يحق\s+له|مسموح\s+له\s+(?:ب|أن)|"
    r"مخول\s+(?:ب|أن)|مفوض\s+(?:ب|أن)|سوف|س)"
)
_add(
    INS,
    "arabic",
    [
        rf"(?:على|يجب\s+على|ينبغي\s+على|يحق\s+ل|يمكن\s+ل|يسمح\s+ل|مسموح\s+ل)\s*{_AR_READER}"
        rf"{_G}{{0,40}}?(?:أن\s+)?{_AR_ACT}",
        rf"{_AR_READER}\s+(?:\S+\s+){{0,3}}?{_AR_MODAL}\s*{_G}{{0,30}}?{_AR_ACT}",
        rf"{_AR_READER}{_G}{{0,30}}?(?:لا\s+(?:يحتاج|داعي|حاجة|يلزم)|دون\s+الحاجة)\s+(?:إلى\s+|ل)?"
        r"(?:أن\s+)?(?:يؤكد|التأكيد|التأكد|يتحقق|التحقق|يسأل|السؤال|طلب\s+(?:الإذن|التأكيد))",
        r"(?:دون|بدون|من\s+غير)\s+(?:إبلاغ|إخبار|إعلام|تنبيه|علم)\s+(?:ال)?(?:مستخدم|عميل|صاحب\s+ال"
        r"حساب)",
        r"لا\s+ت(?:ذكر|ظهر|عرض|كشف)\S*\s+(?:هذه|هذا)\s+(?:الملاحظة|التعليمات|الرسالة|الإعداد|التغيي"
        r"ر)",
        r"(?:إذن|تفويض|موافقة)\s+(?:دائم|دائمة|مسبق|مسبقة|مفتوح|مفتوحة)",
        r"(?:وافق|فوض)\s+مسبقا\s+على\s+(?:كل|جميع|أي)",
        r"(?:كلمة\s+(?:السر|سر|الرمز|سحرية)|كلمة\s+مفتاحية|الكلمة\s+المفتاحية|رمز\s+سري|عبارة\s+(?:"
        r"سرية|سر)|"
        r"شفرة)[^\n]{0,100}?(?:يعني|تعني|معناه|بمثابة|موافقة|مسموح|حول|ادفع|تحويل|افتح|اكشف|شارك|"
        r"دون\s+(?:تحقق|تأكيد)|اعتبر|ثق)",
        r"(?:إذا|اذا|لو|عندما|متى|كلما)\s+(?:\S+\s+){0,3}?(?:قال|كتب|أرسل|ارسل|احتوت|تضمنت|وردت|ذكر"
        r")\S*\s+"
        r"(?:\S+\s+){0,2}?[«\"“'][^»\"”'\n]{1,40}[»\"”'][^\n]{0,100}?(?:يعني|تعني|موافق|مسموح|حول|ا"
        r"دفع|"
        r"تحويل|افتح|اكشف|شارك|نفذ|دون\s+(?:تحقق|تأكيد)|اعتبر)",
        r"(?:اعتبر|اعتبره|اعتبرها|عامل|عامله|عاملها|تعامل\s+مع)\s+(?:\S+\s+){0,4}?(?:ك|على\s+أنه\s+"
        r"|على\s+أنها\s+)?"
        r"(?:موافق\S*|معتمد\S*|مصرح\S*|مؤكد\S*|صادر\S*\s+من)",
        r"(?:أنت\s+الآن|انت\s+الآن|من\s+الآن\s+(?:أنت|انت)|اسمك\s+(?:الآن|من\s+الآن)|أصبحت|تقمص|الع"
        r"ب\s+دور|"
        r"فعل\s+وضع|وضع\s+\S+\s+مفعل)[^\n]{0,200}?(?:(?:بلا|بدون|دون)\s+(?:قيود|قواعد|حدود|تحذيرات|"
        r"فلاتر|رقابة|أسئلة)|لا\s+(?:يرفض|يحذر|يسأل|يطلب\s+تأكيد|يلتزم\s+بأي)|يتجاهل\s+(?:كل\s+|جمي"
        r"ع\s+)?"
        r"(?:القواعد|التعليمات|السياسات)|يوافق\s+على\s+كل\s+شيء|لا\s+يقول\s+لا)",
    ],
)
_add(
    INS,
    "arabic",
    _paid(
        [
            rf"{_AR_READER}\s+(?:\S+\s+){{0,3}}?{_AR_MODAL}\s*{_G}{{0,30}}?{_AR_TELL}",
            r"(?:إذا|اذا|لو|عندما|متى|كلما|حين|في\s+حال)\s+(?:\S+\s+){0,3}?(?:سأل|يسأل|سألك|سألكم|ا"
            r"ستفسر|"
            r"يستفسر|ذكر|يذكر|تحدث|طلب|يطلب|اتصل|راسل|أراد)\S*" + _gap(120) + _AR_IMP,
            r"(?:من\s+الآن\s+فصاعدا|من\s+الآن|من\s+اليوم|ابتداء\s+من\s+(?:اليوم|الآن)|بعد\s+الآن|حت"
            r"ى\s+إشعار\s+"
            r"آخر|مستقبلا|في\s+المستقبل)"
            + _gap(100)
            + r"(?:لأي\s+(?:شخص|أحد)|لكل\s+من|للجميع|لمن\s+يسأل|للعملاء|للمستخدم)",
            r"(?:أي\s+)?(?:سؤال|أسئلة|الأسئلة|استفسار\S*)\s+(?:عن|حول|بخصوص|تخص|متعلق\S*\s+ب)\s+"
            + _gap(80)
            + r"(?:يجاب|تجاب|أجب\S*|اجب\S*|الإجابة|يرد|ترد|يتم\s+الرد)\S*\s+(?:\S+\s+){0,2}?(?:من|ح"
            r"سب|وفق|"
            r"بناء\s+على|استنادا|بالرجوع|اعتمادا)",
        ]
    ),
)
_add(
    INS,
    "arabic",
    _near(
        r"(?:(?:دون|بدون|من\s+غير)\s+(?:\S+\s+)?(?:تأكيد|طلب\s+تأكيد|تحقق|مراجعة|الرجوع|سؤال|إذن)|"
        r"(?:لا\s+داعي|لا\s+حاجة)\s+(?:ل|إلى\s+)?(?:طلب\s+)?(?:تأكيد|التأكيد|التحقق|السؤال|المراجعة"
        r"))",
        r"(?:شارك|مشاركة|أرسل|ارسل|إرسال|احذف|حذف|وافق|الموافقة|استرد|اكشف|اطلب|احجز|اشتر)",
        80,
    ),
)
_add(
    TOOL,
    "arabic",
    [
        r"(?:انس|انسى|احذف|امسح)\S*\s+(?:كل|جميع)\s+(?:ما|شيء)\s+(?:تعرفه|تتذكره|حفظته|قلته|أخبرتك"
        r")",
        r"(?:احذف|امسح)\S*\s+(?:\S+\s+)?(?:البيانات|الملاحظات|المعلومات|التفضيلات|الذكريات)\s+"
        r"(?:المحفوظة|المخزنة)",
        r"(?:أوقف|اوقف|عطل|ألغ|الغ|أطفئ|اطفئ)\S*\s+(?:\S+\s+)?(?:التحقق\s+(?:بخطوتين|الثنائي)|المصا"
        r"دقة\s+"
        r"الثنائية|تنبيهات\s+(?:الاحتيال|الأمان)|تأكيد\s+(?:الدفع|المعاملات)|حد\s+الإنفاق|الرقابة\s"
        r"+الأبوية)",
        r"(?:أضف|اضف|سجل)\S*\s+(?:\S+\s+){1,4}?(?:ك|بصفته\s+|بوصفه\s+)(?:مستفيد|مستلم|جهة\s+اتصال|ج"
        r"هاز)\S*\s+"
        r"(?:موثوق|معتمد|مصرح)\S*",
    ],
    quotable=True,
)

# -- Hindi --------------------------------------------------------------------------------------
_HI_READER = r"(?:सहायक|असिस्टें?न?्?ट|एआई|AI|चैटबॉट|बॉट|एजेंट|वॉइस\s*असिस्टेंट)"
_HI_SAY2 = (
    r"(?:बताना|बताएं|बताएँ|बताओ|बता\s*देना|बता\s*दें|कहना|कहें|कहो|कह\s*देना|जवाब\s*देना|जवाब\s*दें"
    r"|"
    r"भेजना|भेज\s*देना|सलाह\s*देना|सुझाव\s*देना)"
)
_add(
    INS,
    "devanagari",
    [
        _HI_READER + r"[^।\n]{0,60}?(?:ट्रांसफ़?र|भुगतान|पेमेंट|पैसे\s*भेज|मंज़?ूर|अप्रूव|रिफ़?ंड|डिलीट|मिटा|हटा|"
        r"बंद|अनदेखा|इग्नोर|शेयर|फ़?ॉरवर्ड)\S*(?:\s+\S+){0,3}?\s*(?:चाहिए|होगा|होगी|सकता|सकती|सकते|"
        r"करे|"
        r"करें|दे|दें)(?=[\s।,.]|$)",
        r"(?:यूज़?र|उपयोगकर्ता|ग्राहक|खाताधारक)\s*(?:को)?\s*(?:\S+\s+){0,2}?(?:बताए\s*बिना|सूचित\s*"
        r"किए\s*बिना|"
        r"बिना\s*बताए)",
        r"(?:यह|इस)\s*(?:नोट|निर्देश|संदेश|सेटिंग|बदलाव)\S*\s*(?:\S+\s+){0,3}?(?:का\s*ज़?िक्र|के\s*"
        r"बारे\s*में)"
        r"\s*(?:\S+\s+){0,2}?(?:न|मत|नहीं)",
        r"(?:स्थायी|स्थाई|हमेशा\s*के\s*लिए)\s*(?:अनुमति|मंज़?ूरी|सहमति|इजाज़?त)",
        r"(?:कोड\s*वर्ड|गुप्त\s*(?:शब्द|कोड|वाक्य)|पासफ़?्रेज़?|ख़?ास\s*शब्द|संकेत\s*शब्द|कीवर्ड)[^"
        r"\n]{0,100}?"
        r"(?:मतलब|अर्थ|मंज़?ूर|अनुमति|ट्रांसफ़?र|भुगतान|भेज|बिना\s*(?:जाँच|जांच|पुष्टि)|माना|समझ)",
        r"[“\"'‘][^”\"'’\n]{1,30}[”\"'’]\s*(?:\S+\s+){0,3}?(?:लिखे|लिखा|कहे|कहा|भेजे|आए|शामिल)[^\n]"
        r"{0,100}?"
        r"(?:मतलब|अर्थ|मंज़?ूर|अनुमति|ट्रांसफ़?र|भुगतान|बिना\s*(?:जाँच|जांच|पुष्टि)|माना|समझ)",
        r"(?:मंज़?ूर|अनुमोदित|अप्रूव्ड|सत्यापित)\S*\s*(?:\S+\s+){0,2}?(?:मानें|मानो|माना\s*जाए|समझे"
        r"ं|समझो|"
        r"समझा\s*जाए)",
        r"(?:अब\s*(?:से\s*)?(?:तुम|आप|तू)|(?:तुम्हारा|आपका)\s*नाम\s*(?:अब)?|मोड\s*(?:चालू|ऑन|सक्रिय"
        r")|"
        r"का\s*किरदार|की\s*भूमिका)[^\n]{0,200}?(?:बिना\s*(?:किसी\s*)?(?:नियम|रोक|पाबंदी|फ़?िल्टर|चे"
        r"तावनी|"
        r"सेंसर)|कोई\s*(?:नियम|पाबंदी|रोक|सीमा)\s*नहीं|कभी\s*(?:मना|इनकार)\s*नहीं|हर\s*बात\s*(?:पर|"
        r"में)\s*"
        r"हाँ|नियमों\s*को\s*नहीं\s*मान|चेतावनी\s*नहीं\s*दे)",
    ],
)
_add(
    INS,
    "devanagari",
    _paid(
        [
            r"(?:अगर|यदि|जब|जब\s*भी|अगली\s*बार|कभी)\s*(?:\S+\s+){0,3}?(?:कोई|किसी\s*ने|यूज़?र|उपयोग"
            r"कर्ता|"
            r"ग्राहक|वो|वह|वे|मम्मी|पापा|माँ|भाई|बहन|दोस्त|बॉस|मकान\s*मालिक)\s*(?:\S+\s+){0,4}?(?:प"
            r"ूछे|पूछें|"
            r"पूछता|पूछती|पूछेगा|पूछेगी|पूछते|पूछा|ज़?िक्र\s*करे|बात\s*करे|सवाल\s*करे|फ़?ोन\s*करे|म"
            r"ैसेज\s*करे|"
            r"जानना\s*चाहे)[^।\n]{0,100}?" + _HI_SAY2,
            r"(?:पूछे\s*जाने\s*पर|पूछा\s*जाए|सवाल\s*आए)[^।\n]{0,100}?" + _HI_SAY2,
            r"(?:आज\s*से|अब\s*से|अभी\s*से|आगे\s*से|अगले\s*आदेश\s*तक)[^।\n]{0,60}?(?:हर\s*किसी\s*को|"
            r"सबको|"
            r"सभी\s*को|किसी\s*को\s*भी|जो\s*भी\s*पूछे|ग्राहकों\s*को|यूज़?र\s*को)[^।\n]{0,60}?" + _HI_SAY2,
            r"(?:सवाल|सवालों|प्रश्न\S*)\s*(?:\S+\s+){0,6}?(?:फ़?ाइल|रिकॉर्ड|डेटा|रिपोर्ट|कार्ड|प्रो"
            r"फ़?ाइल|खाते)\s*"
            r"(?:से|के\s*आधार\s*पर|के\s*हिसाब\s*से|देखकर)\s*(?:\S+\s+){0,2}?(?:जवाब|उत्तर)",
        ]
    ),
)
_add(
    INS,
    "devanagari",
    _near(
        r"(?:बिना\s*(?:\S+\s+)?(?:पुष्टि|कन्फ़?र्म|पूछे|जाँच|जांच|सत्यापन|अनुमति)|(?:पुष्टि|कन्फ़?र"
        r"्म|पूछने|"
        r"पूछताछ)\s*(?:की\s*)?(?:कोई\s*)?ज़?रूरत\s*नहीं)",
        r"(?:शेयर|भेज|फ़?ॉरवर्ड|डिलीट|मिटा|मंज़?ूर|अप्रूव|रिफ़?ंड|बुक|ऑर्डर|ख़?रीद)",
        80,
    ),
)
_add(
    TOOL,
    "devanagari",
    [
        r"(?:सेव|सहेजी|सहेजे|संग्रहीत)\S*\s*(?:\S+\s+){0,2}?(?:यादें|जानकारी|डेटा|नोट्स|पसंद)\s*(?:"
        r"\S+\s+){0,2}?"
        r"(?:मिटा|डिलीट|हटा)",
        r"(?:टू-?फ़?ैक्टर|दो-?चरणीय|2FA|फ़?्रॉड\s*अलर्ट|सुरक्षा\s*अलर्ट|भुगतान\s*पुष्टि|ख़?र्च\s*सी"
        r"मा|"
        r"पैरेंटल\s*कंट्रोल)\s*(?:\S+\s+){0,2}?(?:बंद|डिसेबल|हटा)",
        r"(?:भरोसेमंद|विश्वसनीय|अधिकृत)\s*(?:प्राप्तकर्ता|संपर्क|डिवाइस|लाभार्थी)\s*के\s*रूप\s*में"
        r"\s*(?:जोड़|सेव)",
    ],
    quotable=True,
)


# -- the further families in the languages written by hand above ---------------------------------
_MORE["ar"] = {
    "so": r"(?:لذلك|لذا|وبالتالي|بالتالي|إذن|اذن|أي\s+أن|يعني|ومن\s+ثم|وعليه)",
    "flow": r"(?:تحول|يحول|تدفع|يدفع|تذهب|يذهب|ترسل|يرسل|تودع|يودع|حول|ادفع|أرسل|ارسل)",
    "word": r"(?:كلمة|عبارة|جملة|رمز)",
    "appear": r"(?:ظهرت|وردت|ذكرت|قيلت|كتبت|تظهر|ترد)",
    "share": r"(?:شارك|يشارك|أعط|اعط|يعطي|أخبر|اخبر|يخبر|أرسل|ارسل|يرسل|اكشف|يكشف)",
    "anyone_who": r"(?:لأي\s+شخص|لكل\s+من|لمن|لأي\s+أحد)\s+(?:\S+\s+)?(?:يقول|يدعي|يزعم|يسأل|يتصل)",
    "requested": r"(?:طلب|طلبت|أمر|امر)\S*\s+(?:من\s+)?" + _AR_READER + r"\s+(?:أن|ان)",
    "req_act": r"(?:يحذف|يمسح|يحول|يدفع|يرسل|يوقف|يعطل|يشارك|يلغي|يوافق)",
    "pass_to": r"(?:مرر|مرره|حول|حوله|أرسل|ارسل|أوصل|اوصل)\S*\s+(?:هذا\s+|هذه\s+الرسالة\s+)?(?:إلى|"
    r"الى|ل)"
    r"\s*" + _AR_READER,
    "phone_ok": r"(?:وافق|وافقت|أذن|اذن|أكد|اكد)\S*\s+(?:\S+\s+){0,2}?(?:عبر|في|على|ب)\s*"
    r"(?:ال)?(?:هاتف|مكالمة)",
    "acrostic": r"(?:الحرف\s+الأول\s+من\s+كل\s+(?:سطر|كلمة)|اقرأ\S*\s+(?:\S+\s+)?(?:عموديا|من\s+الأ"
    r"على))",
    "data": r"(?:سجل\s+المحادثة|المحادثة|جواز\s+السفر|كلمة\s+المرور|العنوان|رقم\s+الهاتف|جهات\s+الا"
    r"تصال|"
    r"رقم\s+البطاقة)",
    "link": r"(?:رابط|الرابط|عنوان\s+url|صورة|معامل)",
}
_MORE["hi"] = {
    "so": r"(?:इसलिए|अतः|यानी|मतलब|इस\s*वजह\s*से|इसी\s*कारण|तो\s*अब)",
    "flow": r"(?:भेज|जमा|ट्रांसफ़?र|भुगतान|जाए|जाएगा|जाना)",
    "word": r"(?:शब्द|वाक्य|कोड|कीवर्ड)",
    "appear": r"(?:आए|आता|दिखे|लिखा\s*हो|कहा\s*जाए|इस्तेमाल\s*हो)",
    "share": r"(?:बता|शेयर|भेज|दे\s*दे|दें)",
    "anyone_who": r"(?:जो\s*भी|कोई\s*भी)\s*(?:\S+\s+){0,3}?(?:कहे|बोले|दावा\s*करे|पूछे)",
    "requested": _HI_READER + r"\s*(?:से|को)\s*(?:\S+\s+){0,6}?(?:कहा|कहा\s*है|बोला|अनुरोध\s*किया)",
    "req_act": r"(?:डिलीट|मिटा|हटा|ट्रांसफ़?र|भुगतान|भेज|बंद|शेयर|रद्द)",
    "pass_to": r"(?:एआई|AI|सहायक|असिस्टेंट|बॉट)\s*(?:को|तक)\s*(?:\S+\s+)?(?:भेज|पहुँचा|पहुंचा|फ़?ॉर"
    r"वर्ड)",
    "phone_ok": r"फ़?ोन\s*पर\s*(?:\S+\s+){0,3}?(?:मंज़?ूरी|अनुमति|सहमति|हाँ)",
    "acrostic": r"(?:हर|प्रत्येक)\s*(?:पंक्ति|लाइन)\s*(?:का|के)\s*पहला\s*(?:अक्षर|शब्द)",
    "data": r"(?:चैट\s*हिस्ट्री|बातचीत|पासपोर्ट|पासवर्ड|पता|फ़?ोन\s*नंबर|कॉन्टैक्ट|कार्ड\s*नंबर)",
    "link": r"(?:लिंक|यूआरएल|URL|इमेज|पैरामीटर)",
}
_MORE["zh"].update(
    {
        "secret": r"(?:密码|支付密码|卡号|账号|验证码|安全码|CVV)",
        "arg": r"(?:参数|字段)",
        "cond": r"(?:如果|若|要是|假如|当|一旦|每当|只要)",
        "reader": _ZH_READER,
        "reads": r"(?:读到|看到|处理|总结|收到|读取|摘要)",
        "sysmsg": r"(?:系统|管理员|开发者|插件)(?:消息|通知|提示|公告|说明|指令|更新)",
        "admin": r"(?:管理员|系统|开发者|安全团队)(?:备注|通知|消息|说明|指令)",
        "prevails": r"(?:本条|此条|这条|本)(?:备注|说明|指令|通知)\S{0,4}(?:优先于|高于|覆盖|取代)",
        "part": r"(?:第)",
        "of": r"(?:部分|段|/)",
        "instr": r"(?:指令|命令|指示|完整的话|要求)",
        "all_contacts": r"(?:通讯录|联系人)(?:里|中)?的?(?:所有人|每个人|每一位)",
        "send": r"(?:发送|发到|发给|转发|上传|同步)",
    }
)
_MORE["ja"].update(
    {
        "secret": r"(?:パスワード|暗証番号|口座番号|カード番号|セキュリティコード|ワンタイムパスワ"
        r"ード)",
        "arg": r"(?:引数|パラメータ|フィールド)",
        "cond": r"(?:もし|万一)",
        "sysmsg": r"(?:システム|管理者|開発者|プラグイン)(?:メッセージ|通知|メモ|注記|指示|からのお"
        r"知らせ)",
        "admin": r"(?:管理者|システム|開発者|セキュリティチーム)(?:メモ|通知|注記|より|から)",
        "prevails": r"(?:このメモ|この指示|この通知)\S{0,4}(?:優先|上書き|置き換え)",
        "instr": r"(?:指示|命令|依頼|文)",
        "all_contacts": r"連絡先(?:の|に登録された)?(?:全員|すべての人|皆さん)",
        "send": r"(?:送信|送っ|転送|アップロード|共有)",
    }
)
_MORE["ko"].update(
    {
        "secret": r"(?:비밀번호|카드\s*번호|계좌\s*번호|인증\s*번호|보안\s*코드|OTP)",
        "arg": r"(?:인자|파라미터|매개\s*변수|필드)",
        "sysmsg": r"(?:시스템|관리자|개발자|플러그인)\s*(?:메시지|공지|알림|메모|지시|안내)",
        "admin": r"(?:관리자|시스템|개발자|보안팀)\s*(?:메모|공지|알림|지시)",
        "prevails": r"(?:이|본)\s*(?:메모|지시|공지)\S{0,3}\s*(?:우선|대체|덮어)",
        "instr": r"(?:지시|명령|요청|문장)",
        "all_contacts": r"(?:모든\s*연락처|연락처\s*(?:전체|전부|모두)|연락처에\s*있는\s*(?:모든\s*"
        r")?사람)",
        "send": r"(?:전송|보내|송신|업로드|공유|전달)",
    }
)
_MORE["ar"].update(
    {
        "sysmsg": r"(?:رسالة|تنبيه|إشعار|ملاحظة|تحديث)\s+(?:من\s+)?(?:النظام|المسؤول|المشرف|المطور"
        r")",
        "admin": r"(?:ملاحظة|رسالة|إشعار)\s+(?:من\s+)?(?:المسؤول|المشرف|مدير\s+النظام|النظام|المطور"
        r"|"
        r"فريق\s+الأمان)",
        "prevails": r"(?:هذه|هذا)\s+(?:الملاحظة|التعليمات|الرسالة)\s+(?:\S+\s+)?(?:تلغي|تتقدم\s+على"
        r"|"
        r"لها\s+الأولوية|تحل\s+محل)",
        "part": r"(?:الجزء|جزء)",
        "of": r"(?:من|/)",
        "instr": r"(?:التعليمات|تعليمة|الأمر|أمر|الطلب|الجملة)",
        "all_contacts": r"(?:جميع|كل)\s+(?:\S+\s+)?جهات\s+الاتصال",
        "send": r"(?:أرسل|ارسل|إرسال|حول|انقل|شارك|ارفع)\S*",
    }
)
_MORE["hi"].update(
    {
        "sysmsg": r"(?:सिस्टम|एडमिन|व्यवस्थापक|डेवलपर|प्लगइन)\s*(?:संदेश|सूचना|नोट|अपडेट|निर्देश)",
        "admin": r"(?:एडमिन|व्यवस्थापक|सिस्टम|डेवलपर|सुरक्षा\s*टीम)\s*(?:का|की|के)?\s*(?:नोट|संदेश|"
        r"सूचना)",
        "instr": r"(?:निर्देश|आदेश|वाक्य|अनुरोध)",
        "part": r"(?:भाग|हिस्सा)",
        "of": r"(?:में\s*से|/)",
        "all_contacts": r"(?:सभी|सारे|हर)\s*(?:\S+\s+){0,2}?(?:कॉन्टैक्ट्स?|संपर्कों|संपर्क)",
        "send": r"(?:भेज|शेयर|अपलोड|फ़?ॉरवर्ड)",
    }
)
_add(
    INS,
    "cjk",
    [
        _JA_READER + r"(?:様|さん|殿|ちゃん)(?:へ|に|宛て?)",
        r"(?:アシスタント|AI|ＡＩ|人工知能|言語モデル|モデル|チャットボット|ボット|エージェント)"
        r"\s*(?:へ|に|宛て?|向け)\s*(?:の)?\s*(?:注記|注意書き|ご案内|お知らせ|依頼)\s*[:：]",
        r"第?\d+(?:\s*[、,，和与及]\s*第?\d+)+\s*(?:段|部分|条|句|点)\S{0,4}?(?:连起来|合起来|拼起"
        r"来|"
        r"连在一起|合在一起|合并|放在一起|一起看)",
        r"(?:前半句|后半句|上半句|下半句|前半段|后半段)[\s\S]{0,300}?(?:连起来|合起来|拼起来|合在一"
        r"起|连在一起)",
        r"(?:パート|部分|段落|メモ)\s*\d+(?:\s*[、,と及]\s*\d+)+\S{0,6}?(?:つなげ|繋げ|合わせ|続け"
        r"て読)",
        r"(?:前半|後半)(?:の文|部分)?[\s\S]{0,300}?(?:つなげ|繋げ|合わせ|続けて読)",
        r"(?:変更済み|更新済み|登録済み|承認済み|確認済み)(?:の\S{0,4})?として(?:扱|処理|みな)",
        r"(?:之前|以前|先前|原来|原有|所有|一切|上面|上述|系统)"
        + _ZH_NOSTOP
        + r"{0,15}?(?:指令|指示|规则|规定|提示词|设定|设置|要求|限制)"
        + _ZH_NOSTOP
        + r"{0,12}?(?:作废|无效|失效|不再适用|不用(?:再)?管|不必(?:再)?遵守|可以忽略|取消|不算数)",
        r"(?:暗号|口令|暗语|密语|代号|咒语)[^\n]{0,60}?(?:说明|打款|汇款|不必|不用)",
        r"(?:如果|若|只要|一旦|当|凡是)" + _ZH_NOSTOP + r"{0,20}?(?:说|写|发|包含|含有|出现|提到)"
        r"[^。\n]{0,6}?[“\"「'][^”\"」'\n]{1,30}[”\"」'][^\n]{0,80}?(?:说明|打款|汇款|不必|不用)",
        r"(?:直接|马上|立即|立刻)(?:照办|照做|执行|办理)",
    ],
)
_add(
    INS,
    "cjk",
    _paid(
        [
            r"(?:凡是|每当|如果|若|当|一旦|以后)\S{0,4}?(?:问到|问起|被问|有人问)"
            + _ZH_NOSTOP
            + r"{0,60}?(?:就说|回答|告诉|回复|答复|为准)",
        ]
    ),
)
# an order assembled from named pieces: "A = 'send' ... B = ... run A + B + C"
_PIECES_SUM = r"\w{0,3}\s*[:：]?\s*(?:\(?\s*\w{1,2}\s*\)?\s*[+＋]\s*){1,5}\(?\s*\w{1,2}\s*\)?(?!\w)"
_add(
    INS,
    None,
    [
        r"(?:execute|run|follow|perform|apply|ejecuta|haz|f[üu]hre?|exécute|executa|faz|esegui|voer"
        r"|"
        r"wykonaj|uygula|yap|thực\s+hiện|jalankan|lakukan)" + _PIECES_SUM,
    ],
)
_add(INS, "cyrillic", [r"(?:выполни|сделай|виконай|зроби)" + _PIECES_SUM])
_add(INS, "cjk", [r"(?:执行|実行)" + _PIECES_SUM])
_add(INS, "hangul", [r"실행" + _PIECES_SUM])
_add(INS, "arabic", [r"(?:نفذ|اتبع)" + _PIECES_SUM])
_add(INS, "devanagari", [r"(?:करो|करें)" + _PIECES_SUM])
_MORE["zh"].update(
    {
        "record": r"(?:档案|病历|记录|资料|账户|户头|名下)",
        "merged": r"(?:合并|并到|并入|转到|挂在|归到|转入|合在一起)",
        "safe": r"(?:也没问题|没问题|也可以|可以放心|放心|不用担心|也能)",
        "official": r"(?:不要|别|勿)(?:提|给|说|告诉)\S{0,6}(?:官方|正规)\S{0,6}(?:电话|热线|网站|"
        r"客服|渠道)",
        "summ": r"(?:总结|摘要|阅读|处理)(?:这个|此|本)(?:页面|网页|邮件|文档|评论)(?:时|的时候)",
    }
)
_MORE["ja"].update(
    {
        "record": r"(?:記録|カルテ|履歴|ファイル|口座|名義)",
        "merged": r"(?:統合|一緒に|まとめ|移行|移さ|紐付け|名義に)",
        "safe": r"(?:問題ない|問題ありません|大丈夫|安全|飲んでも|使っても|あげても)",
        "official": r"(?:公式|正規)の?\S{0,6}(?:番号|窓口|サイト|サポート)\S{0,4}(?:は)?(?:教えない"
        r"|伝えない|言わない|案内しない|出さない)",
        "summ": r"(?:この|本)(?:ページ|メール|文書|レビュー)(?:を)?(?:要約|読む|処理)\S{0,4}(?:際|"
        r"とき|時)",
    }
)
_MORE["ko"].update(
    {
        "record": r"(?:기록|서류|파일|차트|계좌|명의|보험)",
        "merged": r"(?:합쳐|통합|병합|옮겨|이전|묶여|연결)",
        "safe": r"(?:괜찮|문제\s*없|안전|드셔도|먹어도|써도)",
        "official": r"(?:공식|정식)\s*(?:\S+\s*)?(?:번호|센터|사이트|채널|고객센터)\S{0,3}\s*(?:는|"
        r"은|을|를)?\s*(?:알려주지|말하지|안내하지)",
        "summ": r"(?:이|해당)\s*(?:페이지|메일|문서|글|리뷰|내용)\S{0,2}\s*(?:요약|읽|처리|정리)\S*"
        r"\s*(?:때|경우)",
        "pieces_n": r"(?:부분|파트|메모|조각|단계)",
        "and": r"(?:과|와|및|~)",
        "read": r"읽",
        "together": r"(?:이어서|이어|합쳐서|합쳐|연결해서|붙여서|순서대로)",
    }
)
_MORE["ar"].update(
    {
        "record": r"(?:ملف|سجل|السجلات|بيانات|حساب|الملف)",
        "merged": r"(?:دمج|ضم|نقل|ربط|توحيد)\S*",
        "safe": r"(?:آمن|لا\s+مشكلة|لا\s+بأس|يمكن\S*\s+(?:\S+\s+)?(?:تناول|إعطاء|استخدام))",
        "official": r"لا\s+ت(?:ذكر|عط|قدم|شارك)\S*\s+(?:\S+\s+)?(?:الرقم|الموقع|الخط)\s+(?:\S+\s+)?"
        r"الرسمي",
        "for": r"(?:إلى|الى|ل)",
        "summ": r"(?:عند|أثناء)\s+(?:تلخيص|قراءة|معالجة)\s+(?:هذه|هذا)\s+(?:الصفحة|الرسالة|البريد|ا"
        r"لمستند|المراجعة)",
        "pieces_n": r"(?:الأجزاء|الجزء|الأقسام|الملاحظات)",
        "and": r"(?:و|إلى|الى)",
        "read": r"(?:اقرأ\S*|قراءة|اقرا\S*)",
        "together": r"(?:معا|بالترتيب|متتالية|متصلة)",
    }
)
_MORE["hi"].update(
    {
        "record": r"(?:रिकॉर्ड|फ़?ाइल|प्रोफ़?ाइल|खाते|दस्तावेज़?)",
        "merged": r"(?:मिला\s*दिए|मिला\s*दिया|जोड़\s*दिए|जोड़\s*दिया|मर्ज|एक\s*साथ\s*कर)",
        "safe": r"(?:सुरक्षित|कोई\s*दिक्कत\s*नहीं|कोई\s*समस्या\s*नहीं|ले\s*सकत|दे\s*सकत)",
        "official": r"(?:आधिकारिक|असली)\s*(?:\S+\s+)?(?:नंबर|साइट|हेल्पलाइन)\s*(?:\S+\s+){0,2}?(?:न"
        r"|मत)\s*(?:दें|बताएं|बताना|देना)",
        "summ": r"(?:इस|यह)\s*(?:पेज|पन्ने|ईमेल|मेल|दस्तावेज़?|रिव्यू)\s*(?:का|को)\s*(?:सारांश|पढ़त"
        r"े|समरी)",
        "pieces_n": r"(?:भाग|हिस्से|हिस्सों|नोट)",
        "and": r"(?:से|और|तक)",
        "read": r"पढ़",
        "together": r"(?:जोड़कर|मिलाकर|एक\s*साथ|लगातार|क्रम\s*से)",
    }
)
_add(
    INS,
    "hangul",
    [
        r"(?:AI|어시스턴트|비서|챗봇|봇|상담봇|도우미)\s*(?:에게|한테|께)\s*[:：]",
        r"(?:봇|AI|챗봇|상담봇|어시스턴트|비서)\s*전용\s*(?:안내|메모|지시|공지)",
        r"(?:규칙|보안\s*규칙|제한)\S{0,3}\s*(?:\S+\s*)?(?:안\s*지키|지키지\s*않|무시하)",
        r"(?:비서|어시스턴트|AI|챗봇|봇)(?:에게|한테)\s*(?:\S+\s*){0,10}?(?:지우|삭제|꺼|이체|송금|"
        r"보내)\S*\s*(?:달래|달라고|달라)",
        r"(?:메모리|기억)\s*(?:기능)?\s*(?:\S+\s*)?(?:꺼|끄|비활성)",
        r"(?:기억|기록)\S{0,3}\s*(?:\S+\s*){0,4}?(?:전부|모두|다)\s*(?:지우|삭제)",
        r"\d[\d,]*\s*(?:만\s*)?원\S*\s*(?:\S+\s*){0,8}?(?:이체|송금)\s*해",
    ],
)
_add(
    INS,
    "hangul",
    _paid(
        [
            r"(?:질문|문의)(?:은|는|에는|엔)?\s*(?:\S+\s*){0,6}?(?:기록|파일|자료|차트|카드|프로필|"
            r"계정|정보)\S{0,4}\s*"
            r"(?:기준으로|바탕으로|보고|토대로|근거로)\s*(?:\S+\s*){0,2}?(?:답|대답|안내)",
        ]
    ),
)
_add(
    INS,
    None,
    [
        r"\[\s*(?:\w+\s+){0,3}?(?:bot|asistan|yapay\s+zek[âa])\w*\s*\]",
        r"\b(?:\w+\s+)?(?:botuna|asistana|asistanına|yapay\s+zek[âa]ya)\s*[:：\]]",
        r"\bkod\s+söz\w*[^\n]{0,120}?\b(?:gösterir|gönder\w*|aramadan|öde\w*|transfer\w*|havale\w*"
        r")",
        r"[\"'“‘«][^\"'”’»\n]{2,40}[\"'”’»]\s*(?:\w+\s+){0,2}?(?:diye\s+)?(?:yazarsa|derse|geçerse|"
        r"içerirse|varsa|kullanırsa|gönderirse|söylerse|yazıyorsa|geçiyorsa)\b[^\n]{0,120}?\b(?:gös"
        r"terir|"
        r"gönder\w*|aramadan)",
        rf"\b{_TR_READER2}\b{_G}{{0,120}}?\b(?:öde|ödeme\s+yap|(?:transfer|havale|ifşa|iade)\s+"
        rf"(?:et|ed)|gönder|onayla|sil|paylaş|ilet|aktar|kapat|devre\s+dışı\s+bırak|yok\s+say|"
        rf"atla|aç){_TR_MOOD}",
    ],
)
_add(
    INS,
    None,
    _paid(
        [
            r"\bsoru\w*(?:da|de|nda|nde)\s+(?:\w+\s+){0,6}?(?:yönlendir|söyle|ver|bildir|ilet)\w*",
        ]
    ),
)
# codes and resets sent to a new place: "use this address for all password resets"
_add(
    INS,
    None,
    [
        r"\b(?:use|send)\s+(?:this|that|the\s+new)\s+(?:e-?mail\s+)?(?:address|number|e-?mail|phone"
        r")\s+"
        r"for\s+(?:all\s+)?(?:\w+\s+)?(?:password\s+resets?|account\s+(?:notifications|recovery)|"
        r"two-factor|2fa|verification|security|login|recovery)",
        r"\b(?:two-factor|2fa|verification|security|login|one-time|otp|sms)\s+codes?\b[^.\n]{0,80}?"
        r"\b(?:only\s+)?(?:to|at)\s+(?:this|that|the\s+new)\s+(?:number|address|phone)",
        r"\b(?:[úu]s[ae]l[oa]|usa|utiliza|env[íi]a)\s+(?:\w+\s+)?para\s+(?:todos\s+los\s+|todas\s+l"
        r"as\s+)?"
        r"(?:restablecimientos?|recuperaci[óo]n|c[óo]digos?)",
        r"\b(?:codes?|zwei-faktor-codes?|best[äa]tigungscodes?|tans?)\b[^.\n]{0,60}?\b(?:nur\s+noch"
        r"\s+)?"
        r"an\s+diese\s+(?:nummer|adresse)",
        r"\b(?:codes?|c[óo]digos?|codici)\b[^.\n]{0,60}?\b(?:[àa]|a|para)\s+(?:ce|cet|cette|este|es"
        r"ta|"
        r"questo|questa)\s+(?:num[ée]ro|n[úu]mero|numero|adresse|direcci[óo]n|endere[çc]o|indirizzo"
        r")",
        # a role set up by a header before the persona: "Role change:", "Rollendefinition:"
        r"\b(?:role\s+(?:change|definition|swap|assignment)|cambio\s+de\s+(?:rol|papel)|rollen(?:we"
        r"chsel|"
        r"definition|tausch)|changement\s+de\s+r[ôo]le|mudan[çc]a\s+de\s+papel|cambio\s+di\s+ruolo|"
        r"rolwissel|zmiana\s+roli|смена\s+роли|зміна\s+ролі|rol\s+değişikliği|đổi\s+vai|"
        r"ganti\s+peran)\b[^\n]{0,20}?[:：]",
        # legal-sounding order to the model: "so hat der Assistent mitzuteilen"
        rf"\b{_DE_READER}\s+(?:\w+\s+){{0,3}}?(?:hat|habe)\b{_G}{{0,60}}?\b(?:mitzuteilen|zu\s+(?:s"
        rf"agen|"
        r"antworten|empfehlen|raten|nennen|erkl[äa]ren|behaupten|verweigern)|auszurichten|anzugeben"
        r")\b",
        rf"\b(?:hat|muss|soll)\s+{_DE_READER}{_G}{{0,60}}?\b(?:mitzuteilen|zu\s+"
        r"(?:sagen|antworten|empfehlen|raten|nennen|erkl[äa]ren|behaupten)|auszurichten|anzugeben)"
        r"\b",
        r"\b(?:verlang|forder|frag|bitte)\w*\s+(?:\w+\s+){0,8}?(?:kreditkart\w*|kartennummer|passwo"
        r"rt|"
        r"pin|pr[üu]fziffer|cvv|iban|tan)\b",
        r"\b(?:require|make|have|get)\s+(?:the\s+)?(?:users?|them|people|everyone|callers?)\s+(?:to"
        r"\s+)?"
        r"(?:\w+\s+){0,4}?(?:social\s+security|ssn|date\s+of\s+birth|passwords?|pin|card\s+number|c"
        r"vv|"
        r"mother's\s+maiden)",
        # the source of a claim to be kept quiet
        r"\b(?:without|never)\s+(?:saying|mentioning|revealing|telling)\s+(?:\w+\s+)?(?:where|how)"
        r"\s+"
        r"(?:you\s+(?:got|heard|learned)|it\s+came\s+from|this\s+came\s+from)",
        r"\bsin\s+decir\s+de\s+d[óo]nde\s+(?:lo\s+)?(?:sacaste|viene|sali[óo]|has\s+sacado)",
        r"\bohne\s+zu\s+sagen,?\s+woher\b",
    ],
)
_add(
    INS,
    None,
    _paid(
        [
            r"\bwenn\s+(?-i:[A-ZÄÖÜ][a-zäöüß]+)\s+(?:\w+\s+){0,6}?(?:fragt|nachfragt|wissen\s+will)"
            r"\b"
            + _gap(120)
            + r"\b(?:sag|sage|antworte|empfiehl|nenne|erw[äa]hne|verweise|schick|gib|erkl[äa]re)\b",
        ]
    ),
)
# tools: the memory's own API, a shell, a download run, a key let in
_add(
    TOOL,
    None,
    [
        r"\b(?:forget|delete_memor\w*|remove_memor\w*|add_memor\w*|update_memor\w*|save_memor\w*|"
        r"store_memor\w*|clear_memor\w*|wipe_memor\w*|erase_memor\w*)\s*\(",
        r"\b(?:shell|os|subprocess|terminal|cmd|powershell)\.(?:run|exec\w*|call|system|popen|spawn"
        r")\s*\(",
        r"https?://\S+\.(?:exe|msi|apk|dmg|bat|ps1|scr)\b",
        r"\b(?:append|add|insert|write|put)\s+(?:this|the\s+following|that)\s+(?:ssh\s+|public\s+)?"
        r"key\s+"
        r"(?:to|into|in)\s+\S*authorized_keys",
    ],
    quotable=True,
)
# gift cards asked for as payment: the mark of a scam in any language
_add(
    INS,
    None,
    [
        r"(?:gift\s*cards?|tarjetas?\s+regalo|tarjetas?\s+de\s+regalo|geschenkkarten?|gutscheinkart"
        r"en?|"
        r"cartes?[- ]cadeaux?|cart[õo]es?[- ]presente|carte\s+regalo|cadeaukaart\w*|kart\w*\s+"
        r"podarunkow\w*|подарочн\w+\s+карт\w+|подарунков\w+\s+карт\w+|礼品卡|ギフトカード|"
        r"기프트\s*카드|بطاقات?\s+(?:ال)?هدايا|गिफ्ट\s*कार्ड|hediye\s+kart\w*|thẻ\s+quà\s+tặng|"
        r"kartu\s+hadiah|guthabenkarten?|steam[- ]guthaben\w*|prepaid[- ]?karten?)[^\n]{0,80}?(?:\b"
        r"(?:the\s+codes?|card\s+codes?|c[óo]digos?|kartencodes?|"
        r"pay(?:ment)?\s+(?:with|by|in)|urgent\w*|urgentemente|dringend|urgence|коды|срочно|kodlar"
        r"\w*|"
        r"kode\s+voucher)\b|卡密|コード|코드|رمز|कोड)",
    ],
)
_families(_MORE["en"])
_families(_MORE["tr"])
_families(_MORE["zh"], script="cjk", b="")
_families(_MORE["ja"], script="cjk", b="")
_families(_MORE["ko"], script="hangul", b="")
_families(_MORE["ar"], script="arabic", b="")
_families(_MORE["hi"], script="devanagari", b="")
