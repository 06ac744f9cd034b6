"""Crisis language in one contact message: suicidal ideation, self-harm, acute hopelessness.

A hit means "flag for human review and answer with helpline information", so wording that is only
possibly a crisis fires; the rules below exist to keep obvious figures of speech and quotations quiet.
Pure and fast: precompiled regexes over a normalised copy of the text, offsets mapped back for the phrase.
"""

# Regex tables read best as one pattern per line (ruff format is off around them); code lines stay within 120.
# ruff: noqa: E501
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cached_property

SUICIDAL_IDEATION = "suicidal_ideation"
SELF_HARM = "self_harm"
HOPELESSNESS = "hopelessness"
MAX_CHARS = 20_000  # why: bounds the work on pasted walls of text while still scanning far past any preamble


@dataclass(frozen=True)
class CrisisMatch:
    category: str  # SUICIDAL_IDEATION | SELF_HARM | HOPELESSNESS
    phrase: str  # the matched span exactly as it appears in the original text


@dataclass(frozen=True)
class _Rule:
    category: str
    keys: tuple[str, ...]  # why: a cheap substring gate (any key in the lowercased text) skips most regex scans
    regex: re.Pattern[str]
    negatable: bool = True  # why: "don't want to die" is a fear, but "don't want to live" is the crisis itself
    own_subject: bool = False  # why: without "myself", "they want to die" must not count as the contact's words


_F = re.IGNORECASE  # why: case-insensitive matching instead of lower(), which can change length and break offsets
# why: one apostrophe and one double-quote character keep every later pattern simple
_QUOTES = str.maketrans({c: "'" for c in "‘’‚‛`´ʼ′"} | {c: '"' for c in "“”„‟«»″"})
# why: whitespace runs become one space and in-word apostrophes vanish, so "can't"/"cant" and "I’m"/"im" are one form
_SQUEEZE = re.compile(r"\s{2,}|[^\S ]|(?<=\w)'(?=\w)")  # a lone " " is already normal

# fmt: off
_ADV = (
    r"(?:(?:just|really|honestly|seriously|literally|actually|kinda|kind of|sort of|sometimes|still|so|truly|"
    r"genuinely|lowkey|often|almost|totally|definitely|probably|always|even|also|already|legit|fr|tbh|only) )*"
)
_SUBJ = rf"(?:\b(?:i|im|i am|id|i would|ill|i will|ive been|i have been|i was|i keep) {_ADV})?"
_ME = r"my ?self"  # why: "my self" is a frequent typo
_DESIRE = r"(?:want (?:to|2)|wanna|wanted to|wish i could|wish to|would like to|id like to|need to|ready to|deserve to|plan(?:ning|ned)? to|should just)"
_INTENT = rf"(?:{_DESIRE}|going to|gonna|about to|decided to|tri(?:ed|y) to|trying to|should|might|will|may)"
_THINK = r"(?:think|thinking|thought|thoughts|considering|contemplating|dream(?:ing)? of|fantasi[sz]ing about)(?: about| of)?"
_CANT = r"(?:cant|cannot|can not)"
_DONT = r"(?:dont|do not|no longer)"
_AGAIN = r"(?:anymore|any more|any longer|no more|ever again)"
# why: "killing myself laughing/at work", "cutting myself a slice", "shoot myself in the foot" are idioms
_NOT_IDIOM = r"(?! (?:a|an|some|off|out|slack|short|free|loose|up|back|laughing|with laughter|in the foot|at (?:work|the gym)|working|trying|to (?:get|finish|make|meet))\b)"
# why: "want to die of embarrassment", "die laughing", "die for a burger" are hyperbole
_NOT_HYPERBOLE = r"(?! (?:of (?:embarrassment|laughter|cringe|old age|boredom)|laughing|old|for)\b)"
_LIVE_WHERE = r"(?! (?:in|at|near|with|there|here|together|abroad|on|by|alone|close|next|far|without)\b)"  # "live in Leeds"
_GO_ON = r"go on(?! (?:a|an|the|that|this|my|your|our|his|her|their|to|at|in|about|tour|holiday|vacation|trip|stage|air|twitter|instagram|tiktok|reddit|youtube|online|forever|dates?|and on)\b)"
_NOT_INFO = r"(?! (?:squad|prevention|awareness|hotline|helpline|lifeline|line|watch|rates?|statistics|stats|bomb\w*|mission|doors)\b)"


def _rule(category: str, keys: str, pattern: str, negatable: bool = True, own_subject: bool = False) -> _Rule:
    return _Rule(category, tuple(keys.split("|")), re.compile(pattern, _F), negatable, own_subject)


# why: checked in severity order, so a message with ideation and hopelessness is reported as ideation
_RULES: tuple[_Rule, ...] = (
    _rule(SUICIDAL_IDEATION, "kill|my life|my own life|it all|suicide|unalive", rf"{_SUBJ}(?:{_INTENT} {_ADV})?(?:kill {_ME}|end my (?:own )?life|end it all|take my (?:own )?life|commit suicide|unalive {_ME}){_NOT_IDIOM}"),
    _rule(SUICIDAL_IDEATION, "killing|ending|taking my|committing|unaliving", rf"(?:{_SUBJ}{_THINK} )?(?:killing {_ME}|ending my (?:own )?life|ending it all|taking my (?:own )?life|committing suicide|unaliving {_ME}){_NOT_IDIOM}"),
    _rule(SUICIDAL_IDEATION, "die|dead|exist|alive|wake up|living|disappear|sleep", rf"{_SUBJ}{_DESIRE} {_ADV}(?:die|be dead|not (?:exist|be alive|wake up)|never wake up|(?:go to )?sleep (?:forever|and (?:never|not) wake up)|stop (?:living|existing)|disappear forever)\b{_NOT_HYPERBOLE}", own_subject=True),
    _rule(SUICIDAL_IDEATION, "hang|shoot|off my|overdose|jump off", rf"{_SUBJ}{_INTENT} {_ADV}(?:hang {_ME}|shoot {_ME}|off {_ME}|overdose|jump off (?:a|the) (?:bridge|building|roof|cliff)){_NOT_IDIOM}"),
    _rule(SUICIDAL_IDEATION, "dead|born|exist|wake up|rather", rf"{_SUBJ}(?:(?:wish|hope) i (?:was|were|could be|would be) dead|wish i (?:had )?never (?:been born|existed)|wish i (?:didnt|did not) exist|(?:wish|hope) i (?:dont|do not|never|wont|will not|wouldnt) wake up\b(?! (?:late|early|in time|on time|before|at|too|for)\b)|rather (?:be dead|die)\b(?! than))"),
    _rule(SUICIDAL_IDEATION, "better off", r"(?:\b(?:id|i would|im|i am|i|everyone|everybody|they|theyd|people|the world|my family|youd|you) (?:would |will |all )*(?:be |are )?)?better off (?:dead|without me|if i (?:was|were) (?:dead|gone|never born)|if i (?:died|wasnt (?:here|around|alive)|didnt exist|disappeared))"),
    _rule(SUICIDAL_IDEATION, "live|living|alive|exist|go on|be here|wake up|going on", rf"{_SUBJ}(?:{_DONT}|not sure (?:if |that )?i|dont (?:think|know if) i) {_ADV}(?:(?:want to|wanna|wish to) (?:live|be alive|exist|keep living|{_GO_ON}|be here {_AGAIN}|wake up {_AGAIN})|feel like (?:living|being alive|existing|going on)){_LIVE_WHERE}", negatable=False),
    _rule(SUICIDAL_IDEATION, "live|go on|keep going|alive|exist", rf"no (?:reason|will) to (?:live|go on|keep going|be alive|stay alive|exist){_LIVE_WHERE}|nothing (?:left )?to live for|lost (?:the|my|all) will to live", negatable=False),
    _rule(SUICIDAL_IDEATION, "if i", r"(?:care|notice|miss me) if i (?:died|killed my ?self|was gone|were gone|was dead|were dead|disappeared|wasnt (?:here|around))", negatable=False),
    _rule(SUICIDAL_IDEATION, "suicidal", rf"\b(?:im|i am|i feel|i felt|feel|feeling|i was|been|getting|i get|i got|going|becoming) {_ADV}suicidal\b{_NOT_INFO}"),
    _rule(SUICIDAL_IDEATION, "suicid", rf"\bsuicid(?:al|e) (?:thoughts?|ideation|feelings?|urges?|thinking|tendencies)\b{_NOT_INFO}"),
    _rule(SUICIDAL_IDEATION, "suicide", rf"{_SUBJ}(?:{_THINK}|(?:attempted|tried|planning|planned)(?: to| on)?) (?:committing |commit )?suicide\b{_NOT_INFO}"),
    _rule(SUICIDAL_IDEATION, "suicide", r"(?:\bmy|(?:wrote|writing|write|written) (?:a|my)) suicide (?:note|letter|attempt|plan)"),
    _rule(SUICIDAL_IDEATION, "kms", r"(?<!\d )(?<!\d)\bkms\b"),  # why: texting shorthand for "kill myself"; "5 kms" is distance
    _rule(SELF_HARM, "self", rf"{_SUBJ}{_INTENT} {_ADV}(?:cut|burn|hurt|harm|starve|punish|scratch|punch|bruise) {_ME}{_NOT_IDIOM}"),
    _rule(SELF_HARM, "self", rf"{_SUBJ}(?:keep |started |start |been |still )?(?:cutting|burning|hurting|harming|scratching|starving|punching) {_ME}{_NOT_IDIOM}"),
    _rule(SELF_HARM, "self|harm", rf"\b(?:cut|burned|burnt|hurt|harmed|starved) {_ME} (?:again|on purpose|deliberately|intentionally)|\bharm(?:ed)? {_ME}\b|\bself[ -]?harm(?:ing|ed)?\b(?! (?:awareness|prevention|support|resources|charity|services)\b)"),
    _rule(HOPELESSNESS, "cant|cannot|can not", rf"{_SUBJ}{_CANT} {_ADV}(?:take|do|handle|bear|stand|cope|deal|keep going|go on|carry on|live|face|survive)(?: (?:it|this|that|this shit|life|my life|everything|any of (?:it|this)|living|the pain|with (?:it|this|that|life|everything|the pain)|like this))? {_AGAIN}", negatable=False),
    _rule(HOPELESSNESS, "cant|cannot|can not", rf"\bi {_ADV}{_CANT} {_ADV}(?:{_GO_ON}|keep going(?! to\b)|carry on(?! (?:with|the|a|an)\b)|live like this|take (?:it|this|much) (?:much )?(?:more|longer))", negatable=False),
    _rule(HOPELESSNESS, "point", r"(?:whats|what is) the point (?:of|in) (?:living|life|anything|going on|it all|being alive|trying anymore|even trying)|(?:whats|what is) the point anymore|no point (?:in|to|of) (?:living|life|anything|going on|being alive)", negatable=False),
    _rule(HOPELESSNESS, "up on", r"\b(?:give|giving|gave|given) up on (?:life|living|everything|my ?self)\b", negatable=False),
    _rule(HOPELESSNESS, "hopeless", rf"(?:\b(?:im|i am|i feel|feeling|i felt) {_ADV}|(?:everything|life|it all|my life) (?:is|feels|seems) {_ADV})hopeless\b(?! (?:at|with|when|about|romantic|case)\b)"),
    _rule(HOPELESSNESS, "hope|way out|better", r"(?:theres|there is) no (?:hope|way out)(?! (?:for|of|from)\b)|no hope left|(?:nothing (?:will|is) ever|\b(?:it|its|things|life) (?:(?:will|is|are) )?never) (?:(?:going to|gonna) )?get(?:ting)? better", negatable=False),
    _rule(HOPELESSNESS, "tired of|sick of|done with", rf"\b(?:tired|sick) of (?:living|being alive|life|existing)\b|\b(?:im|i am) {_ADV}done with (?:life|living|everything|it all)\b", negatable=False),
)

# why: negation, subject and attribution only count inside the same clause/sentence as the phrase
_CLAUSE_BREAK = re.compile(r"[.!?;,:\n]|\b(?:but|and|though|although|however|yet|because|cuz|or|except)\b", _F)
_FILLER = r"(?:i|im|id|ill|ever|really|even|actually|honestly|seriously|truly|just|gonna|going to|want to|wanna|plan to|planning to|intend to|think|believe|would|will|be|am|try to|trying to|do|have|having|feel|feeling|so|any|again)"
# why: only a negation governing the phrase (nothing but fillers in between) flips it; "can't" is inability, not refusal
_NEGATED = re.compile(rf"\b(?:not|never|dont|do not|didnt|did not|wont|will not|wouldnt|would not|no longer|no way|aint|isnt|havent|have not)(?: {_FILLER})* ?$", _F)
_OTHER_SUBJECT = re.compile(r"\b(?:you|u|ya|he|she|they|we|it|who|no one|nobody|someone|somebody|everyone|everybody|people)(?: (?:do|does|did|would|all|guys|also|ever|still|just|really|seriously|even))* ?$", _F)
# why: a closed "…" pair, or a '…' pair whose marks sit at word edges (an apostrophe inside a word was already removed)
_QUOTED = re.compile(r"\"[^\"]*\"|(?<![\w'])'(?=\S)[^']*(?<=\S)'(?!\w)")
_MEDIA = re.compile(r"\b(?:songs?|track|album|movie|film|show|series|episode|book|novel|poem|lyrics?|line|scene|character|meme|video|called|titled|named|quotes?|quoted|quoting)\b", _F)
_SPEECH = re.compile(rf"\b(\w+) {_ADV}(?:said|says|say|wrote|writes|posted|posts|tweeted|tweets|sang|sings|texted|yelled|shouted|screamed|told me|goes)\b", _F)
_FIRST_PERSON = {"i", "im", "ive", "id"}
_STARTS_FIRST_PERSON = re.compile(r"(?:i|im|id|ill|ive)\b", _F)
# fmt: on


def _normalise(text: str) -> tuple[str, list[int], list[int]]:
    """Normalised text plus segment starts (normalised, original) to map match offsets back."""
    text = text.translate(_QUOTES)
    parts: list[str] = []
    norm_starts: list[int] = []
    orig_starts: list[int] = []
    pos = size = 0
    for m in _SQUEEZE.finditer(text):
        for piece, orig in ((text[pos : m.start()], pos), (" " if m.group() != "'" else "", m.start())):
            if piece:
                norm_starts.append(size)
                orig_starts.append(orig)
                parts.append(piece)
                size += len(piece)
        pos = m.end()
    norm_starts.append(size)
    orig_starts.append(pos)
    parts.append(text[pos:])
    return "".join(parts), norm_starts, orig_starts


def _original(index: int, norm_starts: list[int], orig_starts: list[int]) -> int:
    segment = bisect_right(norm_starts, index) - 1
    return orig_starts[segment] + index - norm_starts[segment]


def _clause_before(norm: str, start: int) -> str:
    return _CLAUSE_BREAK.split(norm[max(0, start - 300) : start])[-1]


@dataclass
class _Message:
    norm: str

    @cached_property
    def quotes(self) -> list[tuple[int, int]]:
        """Quotation spans, found once per message (why: keeps many quoted candidates linear, not quadratic)."""
        return [quote.span() for quote in _QUOTED.finditer(self.norm)]

    def attributed_quote(self, start: int, end: int) -> bool:
        """Inside a quotation that the same sentence first attributes to media or someone else."""
        index = bisect_left(self.quotes, (start,)) - 1
        if index < 0 or end > self.quotes[index][1]:
            return False
        quote_start = self.quotes[index][0]
        sentence = self.norm[max(self.norm.rfind(mark, 0, quote_start) for mark in ".!?\n") + 1 : quote_start]
        speakers = [speech.group(1).lower() for speech in _SPEECH.finditer(sentence)]
        return bool(_MEDIA.search(sentence)) or (bool(speakers) and speakers[-1] not in _FIRST_PERSON)


def _counts(rule: _Rule, message: _Message, match: re.Match[str]) -> bool:
    clause = _clause_before(message.norm, match.start())
    if rule.negatable and _NEGATED.search(clause):
        return False
    if rule.own_subject and not _STARTS_FIRST_PERSON.match(match.group()) and _OTHER_SUBJECT.search(clause):
        return False
    return not message.attributed_quote(match.start(), match.end())


def _earliest(rule: _Rule, message: _Message, found: re.Match[str] | None) -> re.Match[str] | None:
    """The first counting match of this rule if it starts before the one already found."""
    for match in rule.regex.finditer(message.norm):
        if found is not None and match.start() >= found.start():
            break
        if _counts(rule, message, match):
            return match
    return found


def detect_crisis(text: str) -> CrisisMatch | None:
    """The most severe crisis phrase in the message (earliest within its category), or None."""
    text = text[:MAX_CHARS]
    if not text.strip():
        return None
    norm, norm_starts, orig_starts = _normalise(text)
    message, lowered = _Message(norm), norm.lower()
    found: re.Match[str] | None = None
    for index, rule in enumerate(_RULES):
        if any(key in lowered for key in rule.keys):
            found = _earliest(rule, message, found)
        category_done = index + 1 == len(_RULES) or _RULES[index + 1].category != rule.category
        if found is not None and category_done:
            start = _original(found.start(), norm_starts, orig_starts)
            end = _original(found.end() - 1, norm_starts, orig_starts) + 1
            return CrisisMatch(rule.category, text[start:end])
    return None
