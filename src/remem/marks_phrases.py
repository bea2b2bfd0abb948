"""The phrasing rules of :mod:`remem.marks`, by language: what an order to a model reading a
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
(:mod:`remem.literals`) can find, but for some in scripts without spaces between words
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
}

#: Anything but the end of a sentence or a line.
_G = r"[^.!?。！？؟।\n]"
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
    for char in pattern:
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
        r"preguntar|consult(?:e|a)\b|mencion(?:e|a)\b|saque\s+el\s+tema|hable\s+de)|(?:te|le|se|les)"
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
        r"cont[ée]m|tiver|tem|incluir|inclui|mencionar|menciona|trouxer|traz)\b[^\n]{0,250}?(?:aprov\w+|autoriz\w+|pag\w+|transfer\w+)",
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
        r"(?:перекажи|переказуй|перекинь|надішли)\s+(?:\w+\s+){0,2}?\d[\d\s]*(?:грн|₴|\$|€|[^\n]{0,30}?"
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
        r"(?:之前|以前|先前|原来|原有|所有|一切|上面|上述|系统)\S{0,6}?(?:指令|指示|规则|规定|提示词|"
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
        r"(?:如果|若|要是|假如|当|一旦|每当|下次|以后|凡是)[^。\n]{0,8}?(?:有人|别人|用户|对方|顾客|"
        r"客户|谁)[^。\n]{0,20}?(?:问|咨询|提到|说起|聊到|问起|问到)[^。\n]{0,60}?(?:告诉|回答|回复|"
        r"答复|推荐|建议|引导|让他们|让她|让他|提醒|说)",
        r"(?:^|[，,。：:；;！!\s]|(?:请|要|就|并|再|务必|一定)\S{0,6}?)(?:告诉|告知|提醒|通知|引导)\s*"
        r"(?:用户|读者)",
        r"(?:不要|别|勿|切勿)\s*(?:标记|标为|视为|当作|当成)\S{0,4}?(?:可疑|诈骗|垃圾|钓鱼)",
        r"(?:不要|别|勿|切勿|不得|无需|不用)\s*(?:告诉|告知|提及|提到|透露|显示|提醒|让)\s*(?:用户|对方)",
        r"(?:风险提示|免责声明|风险)\S{0,4}?(?:一律|都|全)?(?:不说|不提|省略|不讲)",
        *_near(
            r"(?:无需|不需|不需要|不用|无须|不必|免)\s*(?:再)?\s*(?:确认|核实|验证|审批|审核|询问|复核|"
            r"二次确认)",
            _ZH_MONEY,
            40,
            _GC,
        ),
        r"(?:以后|从现在起|从现在开始|今后|从今天起|接下来)\s*(?:你|您)\s*(?:就|将|会)?\s*(?:是|叫|扮演|"
        r"成为|当)[^\n]{0,120}?(?:不受\S{0,6}(?:规定|规则|限制|约束)|没有\S{0,4}(?:限制|规则|约束)|"
        r"无视\S{0,4}(?:规则|规定)|(?:风险提示|免责声明|风险)\S{0,4}(?:一律|都|全)?(?:不说|不提|不讲)|"
        r"记住这个(?:设定|角色))",
        r"(?:根据|按照|参照|以|用|从)\S{0,12}?(?:的)?(?:档案|记录|资料|病历|数据|卡片)\S{0,6}?"
        r"(?:回答|答复|为准|作答)",
        r"(?:合并|拼接|连起来|连接|组合|拼起来|合起来|串起来)\S{0,10}?(?:执行|照做|一句话|指令)",
        r"(?:即使|就算|哪怕)\S{0,12}?(?:以后|之后|有人|别人|新消息)\S{0,10}?(?:说|要求|提出)",
        r"(?:用户|客户)\s*(?:已|已经)\s*(?:同意|授权|批准)",
        r"(?:表示|说明|代表|意味着)\S{0,6}?(?:已授权|已批准|已同意|已审批)",
        r"(?:记住|保存|存为|设为|记下)\S{0,15}?(?:用户|客户)\S{0,4}(?:偏好|喜欢|想要|习惯|首选|默认)",
        r"(?:如果|若|当|只要)\S{0,8}?(?:消息|信息|输入|短信|邮件|留言)\S{0,6}?(?:含有|包含|出现|带有)[^\n]{0,250}?(?:授权|批准|"
        r"同意|转账|付款|支付|下单|购买)",
    ],
)
_add(
    INS,
    "cjk",
    [
        r"(?:忽略|无视|忘掉|忘记|不要理会|跳过|绕过)\S{0,10}?(?:指令|指示|规则|规定|提示词|设定|限制)",
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
        r"(?:聊天记录|对话记录|通讯录|联系人|密码|卡号|卡密|身份证|验证码|记忆|用户的\S{0,6}(?:地址|住址|电话|手机号|资料))",
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
        r"(?:以前|これまで|今まで|従来|前|元|最初|既存|すべて|全て)\S{0,10}?(?:指示|ルール|規則|命令|"
        r"設定|注意書き|プロンプト|ガイドライン)\S{0,20}?(?:もう不要|不要|無効|破棄|気にしなくて|"
        r"守らなくて|適用されない)",
        _JA_AI
        + r"\s*(?:へ|に|宛て?|向け)\s*(?:の)?\s*(?:注意|メモ|指示|お願い|伝言|連絡|メッセージ|"
        r"備考)?\s*[:：]",
        r"(?:を読んでいる|を要約する|を読む|を処理する)" + _JA_AI,
        r"(?:アシスタント|ボット|チャットボット|エージェント)"
        + r"\s*(?:は|が)[^。\n]{0,80}?(?:送信|削除|送金|振り?込|転送|支払|回答|答え|伝え|案内|"
        r"入力|購入|共有)[^。\n]{0,8}?(?:こと|ように|ください|べき|せよ|しなさい|ほしい)",
        r"(?:ユーザー|利用者|読者|お客様)(?:に|へ)\s*(?:対して)?\s*(?:伝え|知らせ|案内|説明|言っ|勧め|促)",
        r"(?:ユーザー|利用者)(?:に|には)\S{0,6}?(?:言わない|伝えない|知らせない|見せない|表示しない)",
        *_near(
            r"(?:確認|承認|チェック)\s*(?:なし|無し|不要|せず|しないで|をせずに|は要らない|はいらない)",
            r"(?:支払|振込|振り込|送金|入金|決済|購入|お金|円|口座|カード|実行)",
            40,
            _GC,
        ),
        r"(?:今日から|これから|今後|今から)\s*(?:は)?\s*(?:あなた|君|きみ|お前)\s*(?:は|が)[^\n]{0,120}?"
        r"(?:ルール|制限|規則|注意書き|リスク)\S{0,6}(?:なし|無視|守らない|言わない|不要|気にしない)",
        r"(?:つなげ|繋げ|つなぎ|組み合わせ|合わせ|連結|並べ)\S{0,10}?(?:一つの|1つの|ひとつの)?"
        r"(?:指示|命令|文|メッセージ)\S{0,6}?(?:として|扱|実行)",
        r"(?:各行|それぞれの行|行)の(?:最初|頭|先頭)の(?:文字|字)\S{0,20}?(?:実行|従)",
        r"(?:ユーザー|利用者)(?:は|が)\S{0,10}?(?:許可|同意|承認)(?:済み|した|している)",
        r"(?:メッセージ|メール|入力|文面|文章)(?:に|の中に|内に)\S{0,20}?(?:含まれ|入っ|あれば|あったら)[^\n]{0,250}?(?:承認|許可|送金|"
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
        r"(?:送信履歴|履歴|記憶|メモリ)(?:は|を)\s*(?:削除|消去|消し)\S{0,6}?(?:こと|ように|ください)",
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
        r"(?:会話|履歴|連絡先|パスワード|カード番号|暗証番号|個人情報|記憶|ユーザーの\S{0,10}(?:住所|電話番号|カレンダー|メール))",
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
        r"(?:누가|누군가|사용자가|고객이|손님이|(?!내가|제가|우리가)\S+(?:이|가))\s*(?:\S+\s*){0,4}?(?:물으면|"
        r"물어보면|"
        r"묻는다면|얘기를?\s*꺼내면|말을?\s*꺼내면|언급하면|문의하면|문의가\s*오면|물어오면)[^\n]{0,100}?"
        r"(?:알려|말해|답해|대답해|안내|보내라|라고\s*해|하라고|전해)",
        r"(?:사용자|유저|이용자|독자|고객)(?:에게|한테|께)\s*(?:\S+\s*){0,3}?(?:알려|말해|안내|전해|권해|"
        r"추천)",
        r"(?:사용자|유저|이용자)(?:에게|한테)\s*(?:\S+\s*){0,2}?(?:말하지|알리지|보여주지|언급하지)\s*"
        r"(?:마|말|않)",
        *_near(
            r"(?:확인|승인|결재|검토|재확인|인증)\s*(?:절차\s*)?(?:\S+\s*){0,2}?(?:없이|안\s*하고|생략|"
            r"필요\s*없|불필요)",
            r"(?:바로|즉시|송금|이체|결제|입금|지급|계좌)",
            40,
            _GC,
        ),
        r"(?:앞으로|이제부터|지금부터|오늘부터)\s*(?:너는|넌|당신은)[^\n]{0,120}?(?:규칙|제한|제약|경고|"
        r"위험)\S{0,4}\s*(?:없는|없이|무시|안\s*하는|말하지\s*않)",
        r"(?:이어서|이어|합쳐서|합쳐|연결해서|붙여서|조합해서)\s*(?:\S+\s*){0,2}?(?:지시|명령|문장|"
        r"한\s*문장)",
        r"(?:질문|문의)\S{0,3}\s*(?:\S+\s*){0,4}?(?:기록|파일|자료|차트)(?:으로|로|를\s*보고|을\s*보고|"
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
        r"(?:위치\s*정보|연락처|비밀번호|카드\s*번호|개인정보|대화\s*기록|대화\s*내용|기억|사용자의\s*\S{0,6}(?:주소|전화번호))",
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
    r"(?:https?://|www\.|\.example\b|[\w.+-]+@[\w-]+|\d[\d\s.-]{3,}\d|[€$£₽₴₹¥円元원₺]|\b(?:iban|upi|"
    r"pix|bizum|blik|paypal|otp|pin|cvv|tl|zł|rp)\b|konto|cuenta|compte|conta|conto|rekening|сч[её]т|"
    r"рахун|账户|账号|口座|계좌|حساب|खात|hesab|tài\s+khoản|karte|tarjeta|carte|cart[ãa]o|carta|kaart|"
    r"kart[aey]|карт|银行卡|カード|카드|بطاقة|कार्ड|thẻ|kartu|passw|contrase|mot\s+de\s+passe|senha|"
    r"wachtwoord|has[łl]|парол|密码|パスワード|비밀번호|كلمة\s+المرور|पासवर्ड|şifre|mật\s+khẩu|sandi|"
    r"pag[aoó]|pay|zahl|paie|paiement|betal|p[łl]ac|оплат|плат|付款|支付|振込|振り込|송금|دفع|भुगतान|"
    r"öde|thanh\s+toán|bayar|transfer|[uü]berweis|vire|virement|bonific|overmak|przel|перевод|перевед|"
    r"переказ|转账|送金|이체|تحويل|ट्रांसफ़?र|havale|chuyển\s+(?:khoản|tiền)|sitio|website|seite|\bsite|"
    r"сайт|网站|サイト|사이트|موقع|साइट|situs|trang\s+web|doctor|m[ée]dic|arzt|[äa]rztin|m[ée]decin|medico|"
    r"\barts\b|lekarz|врач|лікар|医生|医者|先生|의사|طبيب|डॉक्टर|doktor|bác\s+sĩ|dokter|\brecord|"
    r"\bfile\b|\bchart|ficha|\bakte|dossier|scheda|档案|病历|カルテ|기록|ملف|फ़ाइल|kayıt|hồ\s+sơ|rekam)"
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
            r"(?:(?:речь|разговор)\s+(?:зайд[её]т|пойд[её]т)|(?:зайд[её]т|пойд[её]т)\s+(?:речь|разговор))"
            + _gap(100)
            + _RU_SAY,
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
            r"(?:話が出たら|話になったら|話題になったら|話題が出たら|聞かれたら|尋ねられたら|質問されたら|"
            r"問い合わせ(?:が)?(?:あったら|あれば)|言われたら)[^。\n]{0,80}?(?:と答え|と伝え|と言[うっ]|と説明|"
            r"案内|答える|伝える|伝えて|伝えろ|言って|答えて|教えて|見ればよい|を見れば|を参照)",
            r"(?:下次|以后|今后|每次|每当)[^我\s]{0,4}?(?:聊到|说到|提到|谈到|问到|问起)\S{0,30}?(?:说|告诉|回答|回复)",
        ]
    ),
)
_add(
    INS,
    "hangul",
    _paid(
        [
            r"(?:얘기|이야기|말)(?:를|가|이)?\s*(?:하면|나오면|꺼내면)[^\n]{0,100}?(?:알려|말해|답해|대답해|안내|"
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
            r"(?:जब|अगर)\s*[^।\n]{0,40}?(?:की\s*बात|का\s*ज़?िक्र)\s*(?:हो|आए|छिड़े|चले)[^।\n]{0,80}?"
            r"(?:बताना|बताएं|बताओ|कहना|कहें|कहो)",
        ]
    ),
)
