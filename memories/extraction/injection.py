"""Does a user's text look like an attempt to instruct the model (prompt injection)?

Such text is still stored as what the user said — it is data about the contact — but the memory is
flagged so ``context_text`` can say so next to the quote. The patterns aim at instructions addressed
to the model ("ignore previous instructions", a ``SYSTEM:`` line), not at ordinary sentences that
share a word with them ("I ignored the instructions on the box", "the system is down").
"""

from __future__ import annotations

import re
import unicodedata

FLAG = "possible_prompt_injection"  # Memory.metadata["flagged"]

_EARLIER = r"(?:previous|prior|above|earlier|preceding|former|original|system)"
_ORDERS = r"(?:instructions?|prompts?|rules|directions|directives|guidelines)"
_FILLER = r"(?:(?:all|any|of|the|your|my|these|those|every)\s+){0,3}"
_PATTERNS = (
    # "ignore (all) previous instructions", "ignore all instructions", "forget the above rules"
    rf"\b(?:ignore|forget|override|bypass)\s+{_FILLER}{_EARLIER}\s+{_ORDERS}\b",
    r"\b(?:ignore|forget)\s+(?:all|any|every)\s+(?:of\s+)?(?:the\s+|your\s+)?instructions\b",
    # "disregard your instructions", "disregard everything above"
    rf"\bdisregard\s+{_FILLER}(?:{_EARLIER}\s+)?{_ORDERS}\b",
    r"\bdisregard\s+(?:everything|anything|all)\s+(?:above|before|previously|you\s+were\s+told)\b",
    # "you are now DAN", "you are now an unrestricted AI", "you are no longer bound by…"
    r"\byou\s+are\s+now\s+(?:an?\s+|dan\b|in\s+\w+\s+mode\b|no\s+longer\b|free\b|unrestricted\b|unfiltered\b"
    r"|jailbroken\b|called\b|named\b|known\s+as\b)",
    # a chat-role prefix opening a line: "SYSTEM: …", "[assistant]: …", "### System:"
    r"^[ \t#>*]*(?:[\[(<][ \t]*)?(?:system|assistant|developer)[ \t]*(?:[\])>][ \t]*)?:",
    r"</?\s*system\s*>|<\|im_(?:start|end)\|>|\[/?INST\]",
    r"\b(?:reveal|show|print|repeat|leak|output|tell\s+me)\s+(?:me\s+)?(?:the|your)\s+"
    r"(?:(?:system|initial|hidden|original|secret)\s+)?prompt\b",
    r"\bsystem\s+prompt\b",
    r"\bjail\s*break(?:ing|s)?\b",
    # imperative forms only: "Enable developer mode", not "I enabled developer mode on my phone"
    r"\b(?:enable|enter|activate|switch\s+(?:to|into)|turn\s+on|you\s+are\s+in|you're\s+in)\s+(?:the\s+)?"
    r"developer\s+mode\b",
    r"\bdeveloper\s+mode\s+(?:enabled|activated)\b",
    # "Act as a …" as an order (sentence start, "please", "you will", "from now on"), not "I had to act as host"
    r"(?:^|[.!?:;][ \t]*|\bplease\s+|\bnow\s+|\bon,?\s+|\byou\s+(?:will|must|should|shall)\s+(?:now\s+)?)"
    r"act\s+as\s+(?:an?\b|my\b|if\b|though\b|dan\b|the\b)",
    r"\bnew\s+instructions\s*:",
)
# Whitespace that may span lines is never repeated next to another such run: no quadratic backtracking
# on a 16 KB message of newlines or spaces.
_INJECTION = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE | re.MULTILINE)
_INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")


def looks_like_injection(text: str) -> bool:
    """True when ``text`` reads like instructions to a model. Cheap; no I/O."""
    # NFKC folds full-width and other look-alike letters; zero-width characters would split words.
    normal = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    return _INJECTION.search(normal) is not None
