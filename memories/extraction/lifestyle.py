"""Health and habits: conditions, medication, sobriety; what one regularly does.

- A condition is a phrase ending in a word from CONDITIONS ("type 2 diabetes", "Ehlers-Danlos syndrome", "high blood
  pressure"), said as had, diagnosed, lived with or suffered from; one slot per condition (``health:<key>``).
- Medication from MEDICATIONS ("I'm on sertraline"), sobriety ("2 years sober").
- A hobby is what one does *regularly*: a verb of an activity with how often ("I sing in the church choir every
  Sunday", "running 5 times a week"), going to its class or gym ("I go to the bouldering gym three times a week"),
  going somewhere to do it ("I go hiking"), learning it ("just started learning the piano"), or volunteering.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memories.extraction.facts.base import I_AM, facet
from memories.extraction.text import alternation, clean_phrase, cued, entity_key, title, to_third_person
from memories.extraction.types import Candidate, EntityMention
from memories.extraction.vocabulary import ACTIVITY_VERBS, CONDITION_ADJECTIVES, CONDITIONS, HOBBY_NOUNS, MEDICATIONS

FACT = "fact"
_CONDITION_WORDS = alternation(CONDITIONS)
# What passes, or is a word of something else: "a stroke of the oar", "a covid test", "I got covid".
_PASSING = frozenset({"stroke", "covid", "add", "ms", "concussion", "ulcer", "ulcers", "hernia", "tumour", "tumor",
                      "cancer", "kidney stones", "disorder", "disease", "syndrome", "thyroid", "cholesterol",
                      "blood pressure", "migraine", "pneumonia", "bronchitis", "shingles", "flu", "infection",
                      "sciatica", "tendonitis", "covid-19", "gallstones", "kidney stone"})  # fmt: skip
# Conditions one "gets" again and again ("I get migraines", "i get really bad panic attacks").
_RECURRING = r"(?:migraines|panic\s+attacks|seizures)"
_LASTING_WORDS = alternation(CONDITIONS - _PASSING)
_JOKE = re.compile(r"(?i)\b(?:lol|lmao|lmfao|haha\w*|jk)\b|😂|🤣|💀")
_ENDS_CLAUSE = (
    r"(?=\s*(?:$|[.,;!?)]|\s(?:so|and|but|since|from|when|as|too|lol|like|every|a\s+(?:month|week)|on|in|at|before"
    r"|during|after|if)\b))"
)
_CONDITION = re.compile(
    rf"(?i)\b(?:(?:i\s+have|i['’]ve|ive)\s+(?:got\s+|had\s+|been\s+diagnosed\s+with\s+)?"
    rf"|i\s+(?:suffer\s+from|live\s+with|struggle\s+with"
    rf"|(?:got|was|(?:have|['’]ve)\s+been)\s+(?:just\s+|finally\s+|recently\s+|officially\s+)?diagnosed\s+with)\s+"
    rf"|{I_AM}\s+(?:living\s+with|being\s+treated\s+for|recovering\s+from)\s+"
    # "I am having hypothyroidism for 8 years": "having" for what one has had for a while (not "I'm having an ADHD
    # assessment", "having insomnia tonight")
    rf"|{I_AM}\s+having\s+(?=(?:{_LASTING_WORDS})\b[^.!?]*\b(?:for\s+\S+\s+(?:years?|months?)|since)\b)"
    # "they diagnosed me with…", "Diagnosed with ADHD at 34": a diagnosis given to the speaker (not "my son was
    # diagnosed with…", "Tom, diagnosed with…")
    rf"|(?:\b(?:they|doctors?|docs?|he|she|gp)\s+(?:just\s+|finally\s+)?diagnosed\s+me\s+with"
    # not when someone else is the sentence's subject after all: "Diagnosed with cancer at 45, my aunt is now 80"
    rf"|^\W*(?:just\s+|finally\s+|officially\s+)?(?:got\s+|been\s+)?diagnosed\s+with(?![^.!?]*,\s*(?:my\s+\w+|he|she|they)\b))\s+"
    # "i got asthma" (not "i got a cold", "i got covid last week": what passes is _PASSING's), "I get migraines"
    # the condition ends its clause ("i got arthritis cream for my nan", "I get migraines jokes" are things)
    # … and "have adhd so school is torture", "got asthma since i was a kid": the "I" left out opening the sentence
    # (not someone else's: "have epilepsy in the family", "Got arthritis, my poor old dog", "…, she said it about Tom")
    rf"|(?:i\s+got|^\W*(?:also\s+|still\s+)?(?:have|got)(?![^.!?]*\b(?:family|sides?|runs\s+in|my\s+(?:poor|old|\w+\s+(?:did|does|has|had))"
    rf"|not\s+me|she|he|they|his|her)\b))\s+"
    rf"(?=(?:{_LASTING_WORDS}){_ENDS_CLAUSE}(?![^.!?]*\b(?:today|tonight|yesterday|last|this|again|just"
    rf"|as\s+a\s+(?:kid|child|baby|teen)|when\s+i\s+was|grew\s+out|went\s+away|gone)\b))"
    rf"|i\s+(?:often\s+|still\s+|also\s+|sometimes\s+)?get\s+(?=(?:really\s+|very\s+|bad\s+|awful\s+|terrible\s+)*"
    rf"(?:{_RECURRING}){_ENDS_CLAUSE}))"
    rf"(?!(?:zero|no|not|never|been|a\s+bit|a\s+lot|lots|some|much|more|less|little|bad|mild|slight)\b)"
    rf"(?P<x>(?:[\w'-]+\s+){{0,3}}?(?:{_CONDITION_WORDS})(?:\s+(?:{_CONDITION_WORDS}))*)(?![\w-])"
)
# Medicines by name, or by the endings generic names share (enalapril, losartan, bisoprolol, atorvastatin,
# omeprazole, sertraline…): a word with one of them is a drug, not something else one takes. Those of a passing
# illness (antibiotics, painkillers) are left out: a course of amoxicillin is not who one is.
_DRUG_ENDINGS = (
    r"[a-z]{2,}(?:pril|sartan|olol|statin|prazole|formin|dipine|azepam|zolam|oxetine|traline|tralina|triptan"
    r"|tidine|lukast|gliptin|gliflozin|parin|xaban|gatran|thyroxine)"
)
_MEDICATION_WORDS = rf"(?:{alternation(MEDICATIONS)}|{_DRUG_ENDINGS})"
# "I'm on sertraline", "I take warfarin", and without the "I" where a clause starts: "type 2 diabetic, on metformin
# twice a day", "… and take warfarin".
_GENERIC_MEDICATION = frozenset({"meds", "medication", "antibiotics", "steroids", "antidepressants", "the pill"})
_NAMED_MEDICATION = rf"(?:{alternation(MEDICATIONS - _GENERIC_MEDICATION)}|{_DRUG_ENDINGS})"
_DOSE = r"(?:\d+(?:\.\d+)?\s*(?:mg|mcg|µg|iu)\s+(?:of\s+)?)?"
_MEDICATION = re.compile(
    rf"(?i)\b(?:{I_AM}\s+(?:now\s+|still\s+|also\s+|currently\s+)?on|i\s+(?:also\s+|still\s+|now\s+)?(?:take|'m\s+taking|am\s+taking)"
    # put on it by a doctor: "the doctor has put me on warfarin", "my GP started me on ramipril"
    rf"|\b(?:doctor|doc|dr|gp|consultant|psychiatrist|specialist|cardiologist|neurologist|endocrinologist|oncologist)"
    rf"\s+(?:has\s+|have\s+|just\s+|finally\s+)*(?:put|started|switched)\s+me\s+(?:on|onto)"
    rf"|(?:^|,)\s*currently\s+on)"
    rf"\s+{_DOSE}(?P<x>{_MEDICATION_WORDS})\b(?![^.!?]*\bfor\s+(?:a|one|two|three|four|five|six|seven|ten|\d+)\s+(?:days?|weeks?))"
    # without the "I", only a medicine named ("…, taking antibiotics" may be this week's)
    rf"|(?:^|,|\band)\s*(?:on|take|taking)\s+(?P<named>{_NAMED_MEDICATION})\b"
)
_NO_MORE = re.compile(r"(?i)\b(?:used\s+to|stopped|quit|no\s+longer|any\s*more)\b")
_TAKEN_FOR = re.compile(rf"(?i)\b(?:{_MEDICATION_WORDS}|meds|pills|tablets|inhalers?)\b")
_PUT_ON = re.compile(r"(?i)\b(?:put|started|switched)\s+me\b")
_ANOTHER_MEDICATION = re.compile(rf"(?i)(?:\s*,\s*|\s+(?:and|&)\s+|\s*,\s*and\s+)(?P<named>{_NAMED_MEDICATION})\b")
# "I'm celiac", "type 2 diabetic, on metformin", "lactose intolerant btw": a condition said as what one is, by the
# speaker ("I'm …") or as a clause of its own at the start of a sentence.
_CONDITIONS_AS_ONESELF = rf"(?P<x>(?:type\s+[12]\s+)?(?:{alternation(CONDITION_ADJECTIVES)}))"
_CONDITION_SAID_AS_ONESELF = re.compile(rf"(?i)\b{I_AM}\s+(?:also\s+)?{_CONDITIONS_AS_ONESELF}(?![\w-])")
_CONDITION_AS_A_CLAUSE = re.compile(
    rf"(?i)^\W*{_CONDITIONS_AS_ONESELF}(?=\s*(?:$|[.,;!)]|\s(?:btw|so|and|since|too|as\s+well|myself)\b))"
)
# One's own long-lasting condition, named as theirs: "my asthma is bad today", "my migraines are back", "my
# tinnitus has been loud". Not what passes (a stroke of the oar, a covid test) or is a word of something else.
# ... unless what follows says it has gone: "my eczema has cleared up", "my psoriasis is finally gone" ("stable",
# "under control", "better" say it is still there)
_GONE = re.compile(
    r"(?i)\s+(?:is|has|was|seems)\s+(?:finally\s+|totally\s+|completely\s+|almost\s+|much\s+|all\s+)?"
    r"(?:gone|cleared|over|healed|cured)"
)
# A condition counted as one thing takes an article: "Has a heart condition", "Has a slipped disc".
_COUNTED = re.compile(r"(?i)(?:condition|disc|disorder|problem|murmur|defect)$")
_MY_CONDITION = re.compile(
    rf"(?i)\bmy\s+(?P<x>{alternation(CONDITIONS - _PASSING)})(?![\w-])\s+"
    rf"(?:is|are|has|have|was|were|keeps|kicks|kicked|flares|flared|gets|got|acts|acted|been|always|makes|made|kills"
    rf"|ruins|means|meds|medication|medicine|inhaler|appointment|doctor|nurse|specialist|flare|attacks?|episodes?"
    rf"|symptoms?)\b"
    # what one takes for it: "the vyvanse for my ADHD", "sertraline for my anxiety"
    rf"|(?<=for\s)my\s+(?P<y>{alternation(CONDITIONS - _PASSING)})(?=\s*(?:$|[.,;!)]|\s+(?:and|but|so|kills|ruins)\b))"
)
# "… said ulcer unlikely", "… stroke risk is low": what a doctor ruled out
_RULED_OUT = re.compile(r"(?i)\W*(?:is\s+)?(?:unlikely|not\s+likely|risk|ruled\s+out|is\s+not|negative|is\s+low)\b")
# What a doctor found: "physio says slipped disc", "doctor says it's a disc problem", "the GP diagnosed asthma".
_DIAGNOSED = re.compile(
    rf"(?i)\b(?:doc|doctor|dr|gp|physio|consultant|specialist|cardiologist|neurologist)\s+"
    rf"(?:says|said|thinks|diagnosed(?:\s+me\s+with)?)\s+(?!(?:no|not|nothing|it'?s\s+not)\b)"
    rf"(?:(?:it'?s|i\s+have|i've\s+got)\s+)?(?:an?\s+)?"
    rf"(?P<x>(?:[\w'-]+\s+){{0,2}}?(?:{_CONDITION_WORDS}))(?![\w-])"
)
_OVER_SOON = frozenset({"covid", "covid-19", "flu", "pneumonia", "bronchitis", "shingles", "migraine", "migraines",
                        "concussion", "infection", "panic attacks", "seizures", "reflux"})  # fmt: skip
# A condition of one's past, dated: "I had breast cancer in 2019", "had a stroke back in 2015" (not "I had covid last
# week": no year).
_HAD_CONDITION = re.compile(
    rf"(?i)\bi\s+had\s+(?!(?:my|his|her|their|our|[\w'-]+['’]s)\s)"
    rf"(?P<x>(?:an?\s+)?(?:(?![\w'-]+['’]s\b)[\w'-]+\s+){{0,2}}?(?!(?:{alternation(_OVER_SOON)})\b)(?:{_CONDITION_WORDS}))"
    r"\s+(?:in|back\s+in)\s+"
    r"(?P<year>(?:19|20)\d\d)\b"
)
# What one lives with to see, hear, walk or breathe: "I wear two hearing aids now", "I use a wheelchair".
_AIDS = (
    r"hearing\s+aids?|dentures|a\s+wheelchair|a\s+cane|a\s+walking\s+stick|a\s+pacemaker|an?\s+insulin\s+pump"
    r"|an?\s+cpap(?:\s+machine)?|a\s+prosthetic\s+(?:leg|arm)|a\s+stoma|a\s+colostomy\s+bag"
)
_AID_CUES = ("hearing aid", "dentures", "wheelchair", "cane", "walking stick", "pacemaker", "pump", "cpap",
             "prosthetic", "stoma", "colostomy")  # fmt: skip
_USES_AID = re.compile(
    rf"(?i)\bi\s+(?:now\s+|also\s+|still\s+)?(?P<verb>wear|use|have)\s+(?:two\s+|2\s+|a\s+pair\s+of\s+)?(?P<x>{_AIDS})\b"
    # the aid ends its clause ("a wheelchair ramp", "a cane toad", "hearing aids in stock", "a wheelchair at work")
    r"(?=\s*(?:$|[.,;!?)]|\s(?:now|since|and|because|so|lol|these\s+days|every\s+day|most\s+days|full[\s-]time)\b))"
)
_SOBER = re.compile(
    rf"(?i)\b(?:{I_AM}\s+(?:now\s+)?sober|i've\s+been\s+sober|\d+\s+(?:years?|months?|weeks?|days?)\s+sober"
    rf"|{I_AM}\s+in\s+recovery(?!\s+(?:mode|week|day|phase)))\b"
)
_VERBS = alternation(ACTIVITY_VERBS)
_OFTEN = (
    r"(?:every\s+(?:day|morning|evening|night|week|weekend|sunday|monday|tuesday|wednesday|thursday|friday|saturday)"
    r"|each\s+week|(?:\d+|once|twice|three|four|five|six)\s+(?:times\s+)?a\s+(?:week|month|day)|daily|weekly"
    r"|on\s+(?:sundays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|weekends)|most\s+(?:days|weekends)"
    r"|regularly)"
)
# Kept up as a habit, said only right after the activity or where it is done: "I hike in the Krkonoše whenever I can",
# "I fish since 2001" (not "I run away from my problems whenever I can", "I run a small business since 2015")
_WHEN_I_CAN = r"(?:whenever\s+i\s+(?:can|get\s+the\s+chance)|any\s+chance\s+i\s+get|since\s+(?:19|20)\d\d)"
_SUBJECT = r"(?:\bi|\bwe|(?:^|,\s*))"  # "I sing…", "we play…", or elided after a comma ("…, running 5 times a week")
# Where an activity is done as a habit: "I box at a gym", "I sing in a choir".
_VENUE = (
    r"(?:in|at|with|for)\s+(?:a|the|my|our)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?:gym|club|choir|band|team|league|studio|pool|class)\b"
)


def gerund(verb: str) -> str:
    """'run' → 'running', 'dance' → 'dancing', 'box' → 'boxing', 'play' → 'playing'."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):  # one syllable ending consonant-vowel-consonant
        return verb + verb[-1] + "ing"
    return verb + "ing"


_GERUNDS = {gerund(verb): verb for verb in ACTIVITY_VERBS}  # "running" → "run"
_ACTIVITIES = alternation([*ACTIVITY_VERBS, *_GERUNDS])
_DOES_OFTEN = re.compile(
    rf"(?i){_SUBJECT}\s*(?:(?:also|still|usually|try\s+to|like\s+to)\s+)?(?P<verb>{_ACTIVITIES})(?![\w-])"
    rf"(?:(?P<how>[^.,;!?]{{0,40}}?)\s+{_OFTEN}\b"
    rf"|(?P<where>\s+(?:in|at|on|around|along|near)\s+[^.,;!?]{{1,30}}?)?\s+{_WHEN_I_CAN}\b"
    rf"|\s+(?P<venue>{_VENUE})"
    # "I sing second bass with the Morriston Orpheus Choir": the part one sings or plays may come first
    rf"|(?<=sing|play)(?:\s+(?:first|second|third|lead|rhythm|bass|tenor|alto|soprano|baritone|violin|viola|cello"
    rf"|guitar|keys|drums|trumpet)){{1,2}}\s+(?P<part_venue>{_VENUE}))"
)
_GOES_TO = re.compile(
    rf"(?i)\b(?:i|we)\s+go\s+to\s+(?:the|a|my|our)\s+(?P<x>[\w&'-]+(?:\s+[\w&'-]+)?)\s+"
    rf"(?:gym|class|classes|club|group|lessons|practice|session|sessions)\b(?=[^.!?]*\b{_OFTEN})"
)
_GOES_DOING = re.compile(r"(?i)\b(?:i|we)\s+(?:often\s+|usually\s+|love\s+to\s+)?go\s+(?P<x>[a-z]+ing)\b")
_NOT_OUTINGS = frozenset({"going", "shopping", "nothing", "something", "anything", "everything", "being", "thing",
                          "missing", "wrong", "bring", "sing", "king", "spring", "evening", "morning"})  # fmt: skip
_LEARNING = re.compile(
    rf"(?i)\b(?:{I_AM}|(?:i|and)\s+(?:just\s+|recently\s+)?(?:started|began)|i've\s+(?:just\s+)?started"
    rf"|i(?:['’]ve|\s+have)\s+been)\s+"
    rf"(?:(?:just\s+)?(?:started\s+)?)learning\s+(?:to\s+play\s+|how\s+to\s+)?(?:the\s+)?"
    rf"(?P<x>[a-z][\w'-]*(?:\s+(?!(?:for|since|at|in|with|on|and|but|now|lately|this|every|because|online)\b)[a-z][\w'-]*)?)"
)
_NOT_LEARNT = frozenset({"a", "lots", "so", "how", "that", "this", "it", "from", "to", "more", "hard", "lines", "about",
                         "my", "their", "what", "patience", "life", "lessons", "things"})  # fmt: skip
_VOLUNTEER = re.compile(r"(?i)\bi\s+(?:also\s+)?volunteer\s+(?:at|for|with)\s+(?P<x>(?:the\s+|a\s+)?[^.,;!?]{2,40}?)"
                        r"(?=\s+(?:on|every|each|once|twice|\d)\b|[.,;!?]|$)")  # fmt: skip


# What a medicine is taken for, said after it: "put me on sertraline for anxiety" has anxiety too.
_FOR_CONDITION = re.compile(rf"(?i)\s+for\s+(?:my\s+)?(?P<x>{_LASTING_WORDS})(?![\w-])")
# A named medicine taken, said without "I take": "the vyvanse for my ADHD", "gabapentin helps", "starting elvanse"
_MEDICINE_OF_MINE = re.compile(
    rf"(?i)(?:^|\bthe\s+|\bmy\s+)(?P<a>{_NAMED_MEDICATION})\s+for\s+my\s+(?:{_LASTING_WORDS})(?![\w-])"
    rf"|(?:^|,|\band|\bbut)\s*(?:the\s+|my\s+)?(?P<b>{_NAMED_MEDICATION})\s+(?:really\s+|actually\s+|kind\s+of\s+)?"
    rf"(?:helps|works(?:\s+for\s+me)?|is\s+helping|has\s+helped|is\s+working(?:\s+for\s+me)?)"
    # the clause ends, or says it helps oneself: "melatonin helps me sleep" (not "helps my mum", "works fast")
    rf"(?=\s+me\b|\s*(?:$|[.,;!…]|\s+(?:if|when|but|though|tbh|ngl|i\s+think|a\s+(?:bit|little|lot|ton)|so\s+much|loads|somewhat|honestly)\b))"
    rf"|(?:^|,|\band|\bi['’]m|\bi\s+am|\bi(?:['’]ve|\s+have)|\bi\s+(?:just\s+)?)\s*(?:starting|started|begun|been\s+put\s+on)"
    rf"\s+(?:on\s+)?"
    rf"(?P<c>{_NAMED_MEDICATION})(?=\s*(?:$|[.,;!…]|\s+(?:for|next|tomorrow|today|on|this|last|again|soon|yesterday)\b))"
)
# Said of a medicine not taken, in its clause: refused, denied, only suggested or thought about, feared, someone
# else's ("I was denied vyvanse", "the GP prescribed it but I'm not taking it", "Starting elvanse sounds scary")
_NOT_TAKEN_BEFORE = re.compile(
    r"(?i)\b(?:denied|refused|declined|suggested|recommended|offered|considering|thinking|wants?\s+me|might|maybe"
    r"|should|my\s+(?:mum|mom|dad|sister|brother|son|daughter|friend|boyfriend|girlfriend|husband|wife|cat|dog))\b"
    r"[^,.;!?]*$"
    # someone named just before: "my boyfriend, started sertraline today"
    r"|(?i:\bmy\s+(?:mum|mom|dad|sister|brother|son|daughter|friend|boyfriend|girlfriend|husband|wife|cat|dog)\s*,\s*$)"
)
_NOT_TAKEN_AFTER = re.compile(
    r"(?i)^[^,.;!?]*\b(?:sounds|scares|not\s+taking|won['’]t|wouldn['’]t|never\s+took|for\s+(?:my|his|her)\s+"
    r"(?:mum|mom|dad|sister|brother|son|daughter|friend|cat|dog))\b"
)


def health_conditions(sentence: str) -> list[Candidate]:
    found = []
    for match in _CONDITION.finditer(sentence):
        if "diagnosed" in match.group(0).lower() and _JOKE.search(sentence):
            continue  # "she diagnosed me with main character syndrome lol"
        condition = to_third_person(" ".join(match.group("x").split()))
        found.append(Candidate(FACT, f"Has {condition}", slot=f"health:{entity_key(condition)}",
                               value=(facet("has", condition),)))  # fmt: skip
    said_of_oneself = [*_CONDITION_SAID_AS_ONESELF.finditer(sentence), *_CONDITION_AS_A_CLAUSE.finditer(sentence)]
    found_by_doctor = [m for m in _DIAGNOSED.finditer(sentence) if not _RULED_OUT.match(sentence, m.end())]
    for match in [*said_of_oneself, *found_by_doctor]:
        condition = " ".join(match.group("x").lower().split())
        said = condition if match.re is _DIAGNOSED else f"is {condition}"
        found.append(Candidate(FACT, f"{'Has' if match.re is _DIAGNOSED else 'Is'} {condition}",
                               slot=f"health:{entity_key(condition)}", value=(facet("has", said),)))  # fmt: skip
    for match in _MEDICATION.finditer(sentence):
        medicines = [(match.group("x") or match.group("named")).lower()]
        if medicines[0] in _GENERIC_MEDICATION and _PUT_ON.search(match.group(0)):
            continue  # "the doctor put me on antibiotics": a course, not a medicine one lives on
        while more := _ANOTHER_MEDICATION.match(sentence, match.end()):  # "ramipril and atorvastatin"
            medicines.append(more.group("named").lower())
            match = more
        for medicine in medicines:
            found.append(Candidate(FACT, f"Takes {medicine}", slot=f"medication:{entity_key(medicine)}"))
        if (taken_for := _FOR_CONDITION.match(sentence, match.end())) is not None:
            found.append(_has(taken_for.group("x")))
    if not _NO_MORE.search(sentence):
        for match in _MEDICINE_OF_MINE.finditer(sentence):
            if _NOT_TAKEN_BEFORE.search(sentence, 0, match.start()) or _NOT_TAKEN_AFTER.search(sentence[match.end() :]):
                continue
            medicine = (match.group("a") or match.group("b") or match.group("c")).lower()
            found.append(Candidate(FACT, f"Takes {medicine}", slot=f"medication:{entity_key(medicine)}"))
            if match.group("c") and (taken_for := _FOR_CONDITION.match(sentence, match.end())) is not None:
                found.append(_has(taken_for.group("x")))  # "Started sertraline for anxiety"
    for match in _MY_CONDITION.finditer(sentence):
        group = "x" if match.group("x") else "y"
        if _GONE.match(sentence, match.end(group)):
            continue
        if group == "y" and (not _TAKEN_FOR.search(sentence, 0, match.start()) or _NO_MORE.search(sentence)):
            continue  # "for my ADHD" after a medicine only: "I take yoga for my back pain" says nothing lasting
        found.append(_has(match.group(group)))
    for match in cued(sentence, _HAD_CONDITION, "had"):
        condition = to_third_person(" ".join(match.group("x").split()))
        found.append(Candidate(FACT, f"Had {condition} in {match.group('year')}"))
    for match in cued(sentence, _USES_AID, *_AID_CUES):
        aid = " ".join(match.group("x").lower().split())
        verb = {"wear": "Wears", "use": "Uses", "have": "Has"}[match.group("verb").lower()]
        found.append(Candidate(FACT, f"{verb} {aid}", slot=f"health:{entity_key(aid)}", value=(facet("uses", aid),)))
    for match in _SOBER.finditer(sentence):
        said = "Is in recovery" if "recovery" in match.group(0).lower() else "Is sober"
        found.append(Candidate(FACT, said, slot="health:sobriety", value=(facet("is", said),)))
    return found


def _has(said: str) -> Candidate:
    condition = said if said.isupper() else said.lower()  # "ADHD" as said, "Asthma" as a word
    condition = f"a {condition}" if _COUNTED.search(condition) else condition
    return Candidate(FACT, f"Has {condition}", slot=f"health:{entity_key(condition)}", value=(facet("has", condition),))


def hobbies(sentence: str) -> list[Candidate]:
    found = []
    for match in _DOES_OFTEN.finditer(sentence):
        said = match.group("verb").lower()
        verb = _GERUNDS.get(said, said)
        if verb == "volunteer" or (verb == "play" and re.match(r"(?i)\s*i\b", match.group(0))):
            continue  # "I volunteer at …" and "I play cricket" have their own rules
        activity = gerund(verb)
        how = next((match.group(g) for g in ("how", "where", "venue", "part_venue") if match.group(g) is not None), "")
        detail = clean_phrase(to_third_person(how or ""), max_words=6)
        if _PLAYS.match(verb) and (not detail or detail.split()[0].lower() in {"with", "at", "in", "for", "around"}):
            continue  # "I play with my kids every day": no game named
        found.append(_hobby(f"{activity} {detail}".strip(), activity if not _PLAYS.match(verb) else detail or verb))
    for match in _KEEN.finditer(sentence):
        what = _KEEN_DOES[" ".join(match.group("x").lower().split())]
        found.append(_hobby(what, what))
    for pattern in (_PASTIME_OFTEN, _PASTIME_IS_MINE, _PASTIME_CLASS, _DOES_PASTIME, _PASTIME_TAKEN_UP):
        for match in pattern.finditer(sentence):
            what = next(said for said in match.groups() if said).lower()
            found.append(_hobby(what, what))
    for match in cued(sentence, _DOES_BARE, *_BARE_PASTIME_VERBS):
        verb = (match.group("a") or match.group("b")).lower()
        found.append(_hobby(gerund(verb), gerund(verb)))
    for match in cued(sentence, _COLLECTS, "collect"):
        what = match.group("x").lower()
        mention = EntityMention("hobby", "collecting", "Collecting", aliases=("collecting",))
        found.append(Candidate(FACT, f"Collects {what}", entities=(mention,)))
    for match in cued(sentence, _WORSHIPS, *_PLACES_OF_WORSHIP):
        found.append(Candidate(FACT, f"Goes to {match.group('x').lower()} regularly"))
    for match in _ON_DAYS_I_DO.finditer(sentence):
        verb = match.group("verb").lower()
        if not _PLAYS.match(verb):  # "Thursdays I play canasta": the game is the play rule's
            found.append(_hobby(gerund(verb), gerund(verb)))
    for match in _GOES_TO.finditer(sentence):
        what = match.group("x").lower()
        found.append(_hobby(what, what))
    for match in _GOES_DOING.finditer(sentence):
        what = match.group("x").lower()
        if what not in _NOT_OUTINGS:
            found.append(_hobby(what, what))
    for match in _LEARNING.finditer(sentence):
        what = clean_phrase(to_third_person(match.group("x")), max_words=3)
        if what and what.split()[0].lower() not in _NOT_LEARNT:
            mention = EntityMention("hobby", entity_key(what), title(what), aliases=(what.lower(),))
            found.append(Candidate(FACT, f"Is learning {what}", entities=(mention,)))
    for match in _VOLUNTEER.finditer(sentence):
        where = clean_phrase(to_third_person(match.group("x")), max_words=6)
        if where:
            mention = EntityMention("hobby", "volunteering", "Volunteering", aliases=("volunteering",))
            found.append(Candidate(FACT, f"Volunteers at {where}", entities=(mention,)))
    return found


_PLAYS = re.compile(r"play|practi[sc]e")
_PASTIMES = alternation(HOBBY_NOUNS)
_DAYS = (
    r"(?:sundays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|weekends"
    r"|(?:\w+day\s+)?(?:mornings|evenings|nights))"
)
# What is said as a passion or a hobby but is no pastime: work, people, food, vices and moods said in jest
_NOT_PASTIMES = (
    "work", "working", "my", "the", "this", "that", "it", "family", "kids", "god", "food", "money", "you", "nothing",
    "something", "everything", "being", "teaching", "nursing", "job", "coffee", "pizza", "she", "he", "they", "jesus",
    "complaining", "overthinking", "crying", "gambling", "drinking", "sleeping", "arguing", "procrastinating",
    "worrying", "eating", "shopping", "napping", "smoking", "doomscrolling", "ranting", "gossiping", "moaning",
    "helping", "law", "medicine", "wine", "beer", "sarcasm", "revenge", "dead", "gone", "dying", "killing",
)  # fmt: skip
# A pastime named as a noun and said as a habit: "badminton every morning at 6", "Pétanque every Sunday with my father",
# "fishing is how I switch off", "signed up for a wheel-throwing pottery class", "I have begun piano lessons",
# "Sundays I fish at the Wannsee".
# Not when the clause goes on about the habit: "Cooking every night is exhausting", "Drums every night from next door".
_PASTIME_OFTEN = re.compile(
    rf"(?i)^\W*(?P<x>{_PASTIMES})\s+(?:{_OFTEN}|every\s+\w+)\b"
    r"(?![^.,;!?]*?\b(?:is|was|are|were|from|keeps|makes|kills)\b)"
)
_MY_OWN = r"my\s+(?:real\s+|true\s+|biggest\s+|greatest\s+|one\s+|only\s+|big\s+|whole\s+|favou?rite\s+)?"
_PASTIME_IS_MINE = re.compile(
    rf"(?i)^\W*(?P<x>{_PASTIMES})\s+(?:is|are)\s+(?:how\s+i\s+(?:switch\s+off|unwind|relax|de-?stress|stay\s+sane)"
    rf"|{_MY_OWN}(?:thing|life|escape|therapy|happy\s+place|passion|hobby|sanity|zen\s+thing))\b"
    # a pastime the list lacks, said as one's passion or hobby: "Beekeeping is my real passion", "bonsai is my zen
    # thing", "woodworking is my hobby" (not "Work is my passion", "Tom is my passion", "Crying is my therapy")
    rf"|^\W*(?P<y>(?!(?:{alternation(_NOT_PASTIMES)})\b)[a-z][a-z-]{{2,}})(?<!ing)(?=\s+(?:is|are)\s+{_MY_OWN}"
    rf"(?:hobby|zen\s+thing)\b)"
    rf"|^\W*(?P<z>(?!(?:{alternation(_NOT_PASTIMES)})\b)[a-z][a-z-]+ing)\s+(?:is|are)\s+{_MY_OWN}"
    rf"(?:passion|hobby|zen\s+thing|happy\s+place)\b(?![^.!?]*\b(?:lol|lmao|apparently|jk)\b)"
    # "My passion is photography", "my real passion is cooking for friends": a pastime or a doing, said after
    rf"|\b{_MY_OWN}passion\s+(?:is|are)\s+(?P<w>{_PASTIMES}|(?!(?:{alternation(_NOT_PASTIMES)})\b)[a-z]+ing)\b"
)
_PASTIME_CLASS = re.compile(
    # the speaker's, said with "I" or with no subject at all: "my daughter signed up for a pottery class" is hers
    rf"(?i)(?:^\W*|\bi(?:['’]ve|\s+have)?\s+|\band\s+)(?:just\s+|finally\s+)?"
    rf"(?:signed\s+up\s+for|started|begun|began|joined|enrolled\s+in|take|do|go\s+to)\s+"
    rf"(?:a\s+|an\s+|some\s+|my\s+)?(?:[\w-]+\s+){{0,2}}?(?P<x>{_PASTIMES})"
    rf"\s+(?:class(?:es)?|lessons?|course|club|team|league)\b"
)
# "I do yoga every morning", "I go to pottery on Tuesdays", "we do pilates twice a week": a pastime named as a noun,
# done as a habit by the speaker ("I should do yoga more", "I used to do karate" say no habit).
# Said bare, the clause ending on it, it is a habit too: "I do yoga", "we do pilates." (present tense says so); and
# "been doing yoga for years", "I've taken up pottery", "big into fishing", "I'm in a book club".
_PASTIME_ENDS = r"(?=\s*(?:$|[.!,;]|\s+(?:and|but|too|as\s+well|a\s+lot|now|these\s+days|for\s+fun)\b))"
_DOES_PASTIME = re.compile(
    rf"(?i)\b(?:i|we)\s+(?:also\s+|still\s+|usually\s+|always\s+)?(?:do|go\s+to|practi[sc]e)\s+(?:some\s+)?"
    rf"(?P<x>{_PASTIMES})(?![\w-])(?=[^.!?]*?\b{_OFTEN}|{_PASTIME_ENDS})"
    # not taking someone there: "I go to karate every Tuesday to pick up my son", "for the kids' lessons"
    r"(?![^.!?]*\b(?:pick\s+up|drop\s+off|for\s+(?:the|my)\s+kids|kids['’]|my\s+(?:son|daughter|kids?)['’]s|with\s+the\s+kids)\b)"
)
_PASTIME_TAKEN_UP = re.compile(
    rf"(?i)(?:^\W*|\bi(?:['’]ve|\s+have)\s+|\bi['’]m\s+|\bi\s+am\s+)(?:(?:been\s+)?(?:doing|playing)"
    rf"(?=\s+\w+(?:\s+\w+)?\s+(?:for\s+(?:years|ages|a\s+while|\d+\s+(?:years|months))|since\b))"
    rf"|(?:just\s+|recently\s+)?(?:taken|took)\s+up|(?:really|super|big|huge|very)\s+into"
    rf"|in\s+(?:a|the)(?=\s+(?:book\s+club|choir)\b))\s+(?P<x>{_PASTIMES})(?![\w-])"
    r"(?![^.!?]*\b(?:lol|lmao|jk|apparently)\b)"
)
# "I'm a keen birdwatcher", "I'm an avid reader": one who does it, said as what one is
_KEEN = re.compile(
    r"(?i)\b(?:i['’]m|i\s+am|im)\s+(?:a|an)\s+(?:keen|avid|big|huge|passionate|mad\s+keen)\s+"
    r"(?P<x>birdwatcher|birder|runner|cyclist|gardener|baker|golfer|swimmer|climber|hiker|reader|angler|fisherman"
    r"|knitter|gamer|photographer|surfer|skier|sailor|walker|dancer|singer|painter|cook|chess\s+player|tennis\s+player)"
    r"\b(?![^.!?]*\b(?:lol|lmao|jk)\b)"
)
_KEEN_DOES = {"birdwatcher": "birdwatching", "birder": "birdwatching", "runner": "running", "cyclist": "cycling",
              "gardener": "gardening", "baker": "baking", "golfer": "golf", "swimmer": "swimming",
              "climber": "climbing", "hiker": "hiking", "reader": "reading", "angler": "fishing",
              "fisherman": "fishing", "knitter": "knitting", "gamer": "gaming", "photographer": "photography",
              "surfer": "surfing", "skier": "skiing", "sailor": "sailing", "walker": "walking", "dancer": "dancing",
              "singer": "singing", "painter": "painting", "cook": "cooking", "chess player": "chess",
              "tennis player": "tennis"}  # fmt: skip
# "I knit", "in my free time I paint", "I sew and bake as a hobby": a craft or sport said bare, where the clause ends
# on it or says it is a pastime ("I draw the line", "I run a business", "I read your message" go on).
_BARE_PASTIME_VERBS = (
    "knit", "crochet", "sew", "paint", "draw", "sketch", "bake", "garden", "surf", "climb", "box", "skate", "sing",
    "dance", "swim", "cycle", "hike", "meditate", "journal", "skateboard", "snowboard", "ski", "kayak", "sail",
)  # fmt: skip
_FREE_TIME = r"(?:in\s+my\s+(?:free|spare|down)\s+time|for\s+fun|as\s+a\s+hobby|on\s+the\s+side|when\s+i\s+can)"
_DOES_BARE = re.compile(
    rf"(?i)(?:\b{_FREE_TIME}\s*,?\s+i\s+(?:also\s+|mostly\s+|usually\s+)?(?P<a>{alternation(_BARE_PASTIME_VERBS)})"
    rf"|(?<!\bthink\s)(?<!\bthinks\s)(?<!\bthought\s)(?<!\bsays\s)(?<!\bsaid\s)(?<!\bbelieves\s)(?<!\bassumes\s)"
    rf"(?<!\bassume\s)(?<!\bwishes\s)"
    rf"\bi\s+(?:also\s+|still\s+)?(?P<b>{alternation(_BARE_PASTIME_VERBS)}))(?![\w-])(?!\s*,\s*(?:you|he|she|they|we)\b)"
    # the clause ends on the craft (not "I surf... the internet", "I draw on my sister's face", "I paint houses")
    rf"(?=\s*(?:$|[!,;]|\.(?!\.)|\s+(?:and\s+(?:{alternation(_BARE_PASTIME_VERBS)})|{_FREE_TIME}|too|a\s+lot|lol)\b))"
)
# "I collect vinyl", "I collect stamps and old coins": what one collects (not "I collect the kids at 3")
_COLLECTS = re.compile(
    r"(?i)\bi\s+(?:also\s+)?collect\s+(?!(?:the|my|our|his|her|their|them|him|it|money|rent|payments?|data|"
    r"post|mail|parcels?|dust|red\s+flags|parking\s+tickets|tickets|fines|debt|grudges|bruises|exes|trauma|compliments"
    r"|likes|followers|bins|rubbish|trash|kids|children|taxes|orders|samples|bad|ex-\w+|exes|regrets|l+s|ws|dms)\b)(?P<x>[a-z][\w'-]*(?:\s+(?:and\s+)?[a-z][\w'-]*){0,3}?)(?=\s*(?:$|[!,;]|\.(?!\.)|\s+(?:for|since)\b))"
)
# "I go to church every Sunday", "we go to mosque on Fridays": worship kept as a habit (a fact, not a hobby).
_WORSHIPS = re.compile(
    rf"(?i)\b(?:i|we)\s+(?:still\s+|usually\s+|always\s+|also\s+)?go\s+to\s+(?:the\s+)?"
    rf"(?P<x>church|mass|mosque|temple|synagogue|shul|gurdwara|mandir)\b(?=[^.!?]*?\b{_OFTEN})"
    r"(?![^.!?]*\bto\s+(?:drop|pick|take|drive)\b)"
)
_PLACES_OF_WORSHIP = ("church", "mass", "mosque", "temple", "synagogue", "shul", "gurdwara", "mandir")
_ON_DAYS_I_DO = re.compile(
    rf"(?i)^\W*(?:on\s+)?{_DAYS}\s*,?\s+(?:i|we)\s+(?:usually\s+|always\s+)?(?P<verb>{_VERBS})\b"
    r"(?!\s+(?:late|out|errands|away|around|into|low|short|behind))"
)


def _hobby(content: str, name: str) -> Candidate:
    mention = EntityMention("hobby", entity_key(name), title(name), aliases=(name.lower(),))
    return Candidate(FACT, f"Hobby: {content}", entities=(mention,))


# Habits one has given up: "I quit smoking in March", "I gave up drinking", "i dont drink anymore", "I no longer
# gamble". Said by the speaker, as done: "I'm trying to quit", "I should stop drinking" are not.
# Habit → (what a "no longer" says, what a "quit" says, its slot, its value); drinking shares "Is sober"'s slot, value.
_HABITS = {
    "drink": ("Doesn't drink alcohol", "Doesn't drink alcohol", "health:sobriety", "is:sober"),
    "smoke": ("Doesn't smoke", "Quit smoking", "habit:smoking", "quit:smoking"),
    "vape": ("Doesn't vape", "Quit vaping", "habit:vaping", "quit:vaping"),
    "gamble": ("Doesn't gamble", "Quit gambling", "habit:gambling", "quit:gambling"),
}
_GIVEN_UP = {
    "drinking": "drink", "alcohol": "drink", "booze": "drink", "the drink": "drink", "the booze": "drink",
    "smoking": "smoke", "cigarettes": "smoke", "cigs": "smoke", "the cigarettes": "smoke", "vaping": "vape",
    "the vape": "vape", "gambling": "gamble", "betting": "gamble",
}  # fmt: skip
# The habit ends the clause, or a time follows: "I quit drinking soda", "I stopped betting on my brother" are other
# things; "… for Lent", "… for a week", "had quit …", "… but started again", "quit like 5 times" did not last.
_HABIT_END = (
    r"(?=\s*(?:$|[.,;!)]|\s+(?:in\s+\d{4}|in\s+[A-Z][a-z]+|last\s+\w+|this\s+year|\w+\s+(?:years?|months?|weeks?)\s+ago"
    r"|since|because|cause|and|but|so|now|completely|for\s+good|altogether|cold\s+turkey|anymore|any\s+more|at\s+all)\b))"
)
_QUIT = re.compile(
    rf"(?i)\bi(?:\s+have|['’]ve)?\s+(?:finally\s+|just\s+|officially\s+|completely\s+)?"
    rf"(?:quit|stopped|gave\s+up|given\s+up|kicked)\s+(?P<x>{alternation(_GIVEN_UP, any_space=True)}){_HABIT_END}"
)
# A change, not a plain negation: "I don't smoke, never have" is a negated statement (no fact, as "I don't have a
# dog"); "i dont drink anymore", "I no longer gamble" tell of a habit left behind.
_NO_LONGER = re.compile(
    rf"(?i)\bi\s+(?:no\s+longer\s+(?P<x>{alternation(_HABITS)})(?:\s+alcohol)?"
    rf"|(?:don't|do\s+not)\s+(?P<y>{alternation(_HABITS)})(?:\s+alcohol)?\s+(?:anymore|any\s+more)){_HABIT_END}"
)
# What says it did not last, anywhere in the sentence.
_RELAPSED = re.compile(
    r"(?i)\b(?:again|relapsed|back\s+on|caved|for\s+(?:lent|a\s+(?:week|month|while|bit)|dry\s+january|\d+\s+\w+)"
    r"|dry\s+january|sober\s+october|\d+\s+times|til+|until)\b"
)


def habits_given_up(sentence: str) -> list[Candidate]:
    if _RELAPSED.search(sentence):
        return []
    found = []
    for match in _QUIT.finditer(sentence):
        habit = _GIVEN_UP[" ".join(match.group("x").lower().split())]
        _, said, slot, value = _HABITS[habit]
        found.append(Candidate(FACT, said, slot=slot, value=(value,)))
    for match in _NO_LONGER.finditer(sentence):
        said, _, slot, value = _HABITS[(match.group("x") or match.group("y")).lower()]
        found.append(Candidate(FACT, said, slot=slot, value=(value,)))
    return found


RULES: tuple[Callable[[str], list[Candidate]], ...] = (health_conditions, hobbies, habits_given_up)
