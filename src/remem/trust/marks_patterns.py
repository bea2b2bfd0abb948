"""The patterns behind :mod:`remem.trust.marks`'s four marks, in the languages its scan reads
first (English, then the others a rule names): what re-programmes a model (``instruction``),
what dresses data as a chat's roles (``role_markup``), what asks for a person's data to leave
(``exfiltration``) and what asks an agent to call a tool (``tool_request``).

Each is a tuple of case-insensitive regular expressions, read after the text is normalised
(NFKC) as :func:`remem.trust.marks.scan` reads it; the marks module compiles them once, with
the literal strings each needs (:mod:`remem.text.literals`). The phrase lists of the other
languages are data, in :mod:`remem.trust.marks_phrases`."""

from __future__ import annotations

__all__ = [
    "EXFILTRATION",
    "EXFILTRATION_ASKED",
    "INSTRUCTION",
    "OVERRIDES",
    "ROLE_MARKUP",
    "TOOL_REQUEST",
]

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
OVERRIDES: tuple[str, ...] = (
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

INSTRUCTION: tuple[str, ...] = (
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

ROLE_MARKUP: tuple[str, ...] = (
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

EXFILTRATION: tuple[str, ...] = (
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
EXFILTRATION_ASKED: tuple[str, ...] = (
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

TOOL_REQUEST: tuple[str, ...] = (
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
