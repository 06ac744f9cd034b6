"""Feelings carried by what happened rather than by a feeling word (contact-intelligence §4.1 fallback).

People often say how they feel by saying what happened: "my dad died", "the biopsy results come back Friday", "rent
went up again", "got into the programme!!", "my hands are still shaking". Each pattern here names the kind of event and
the mood a reader hears in it. Like constructions.py, they run on the message lowercased with apostrophes dropped,
punctuation kept; a pattern's `unless` names what, anywhere in the message, makes it mean something else ("I feel sick"
beside "flu" is a symptom, not dread).
"""

from __future__ import annotations

import re

from contacts.models import Mood
from moods.classification.constructions import Construction

# Whose death or absence is a loss: people and pets by their relation, in the languages people chat in.
_KIN = (
    r"(?:mum|mom|mother|mama|mam|mummy|mommy|dad|father|papa|baba|daddy|nan|nana|nanna|gran|granny|grandma|"
    r"grandmother|grandpa|granddad|grandad|grandfather|grandparents?|abuela|abuelo|avó|avô|oma|opa|nonna|nonno|"
    r"wife|husband|partner|son|daughter|brother|sister|uncle|aunt|auntie|cousin|friend|best friend|niece|nephew|"
    r"boyfriend|girlfriend|fiance|fiancee|baby|dog|cat|puppy|kitten|pup|horse|parents?)"
)
_OWN_KIN = rf"(?:my|our|his|her|their)(?: (?:little|baby|big|old|late|dear|beloved|best|twin|younger|older))? {_KIN}"
# "passed" alone is a death only where nothing passed follows: not "passed his test", "passed me the salt", "passed!!"
_DEATH = (
    r"(?:died|passed away|passed on|passed(?! (?:\w+ )?(?:exams?|tests?|his|her|their|the|a|an|my|me|it|by))(?!\s*!)"
    r"|is gone|was killed|got killed|didnt make it|was put down|had to be put down|was put to sleep)"
)

_ORDEAL = (
    r"(?:exams?|test|mocks?|midterms?|finals|interview|surgery|operation|procedure|biopsy|scan|mri|results|hearing|"
    r"court|trial|tribunal|presentation|pitch|viva|defen[cs]e|audition|appraisal|performance review|inspection|audit|"
    r"deadline|examen|entrevista|cirugía|cirurgia|prova|exame|entretien|prüfung|klausur|schularbeit|referat|esame|"
    r"colloquio|intervento)"
)
_SOON = (
    r"(?:tomorrow|tomorrows|tonight|next week|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|mañana|amanhã|demain|"
    r"morgen|domani)"
)
_UNEXCLAIMED = r"(?![^.?\n]*!)"
# A loss said to have been for the good ("the divorce was the best thing for us", "glad he left"), or a quiet said with
# relief ("quiet, finally!"): what went is not grieved. Not applied to a death, where "glad she's at peace" is grief.
_FOR_THE_BETTER = re.compile(
    r"\b(?:best thing|for the (?:better|best)|(?:im|so|really|honestly|just|very) glad|"
    r"glad (?:we|i|they|he|she|it|that)|happier|relieved|good riddance|best decision|right decision|right call|"
    r"good thing|blessing in disguise|"
    r"no regrets|(?:finally|im|were) free)\b"
)
_RELIEF = re.compile(r"\b(?:finally|at last|peace|bliss|blissful|relief|thank god)\b")
_QUIET = r"(?:quiet|silent|silence|peace|peaceful|calm)"
# Good news hedged ("might not be benign", "not sure if the visa went through") is worry; negated ("isnt benign",
# "never got the job") it is no good news. Read in the clause before the news.
_CLAUSE = re.compile(r"(?:^|[.!?;:\n]|\bbut\b)[^.!?;:\n]*$")
_HEDGED = re.compile(
    r"\b(?:might|may|could|would|will|should|must)(?: not|nt)(?: \w+)?\s*$"
    r"|\b(?:not sure|unsure|dont know|do not know|no idea|wonder|wondering|waiting to (?:see|find out)) "
    r"(?:if|whether)\b"
)
_NEGATED = re.compile(
    r"\b(?:not|never|isnt|wasnt|arent|werent|hasnt|havent|hadnt|didnt|doesnt|dont|wont|cant|no longer)"
    r"(?! (?:believe|wait|stop))(?: \w+)?\s*$"
)

# fmt: off
# Good news said as the event: achievements, approvals, relief, arrivals. Third person counts ("Owen made the team").
GOOD_NEWS: tuple[Construction, ...] = (
    Construction(Mood.HAPPY, "made the team", re.compile(
        r"\bmade (?:it (?:onto|into) )?(?:the |a )?(?:\w+ ){0,3}(?:team|squad|cut|finals|shortlist|varsity|playoffs|"
        r"podium|final(?=\s*(?:[.!,]|$| of| at| in| for| this| next| on)))\b")),
    # "got into the programme!!", "got into Oxford"; not "got into a fight" or "got into bed"
    Construction(Mood.HAPPY, "got into", re.compile(
        r"\bgot (?:in|into (?!(?:a |an |the |my |his |her )?(?:fight|fights|trouble|argument|accident|debt|crash|row|"
        r"mess|bed|it|car|habit|bad)\b)[\w ]{0,40}?)\s*!"
        r"|\bgot into (?:the |a |my )?(?:\w+ ){0,2}(?:uni|university|college|school|programme|program|masters|phd|"
        r"course|academy|conservatoire|residency)\b")),
    Construction(Mood.HAPPY, "a personal best", re.compile(
        r"\bnew (?:pb|pr|personal best|personal record|record|high score)\b"
        r"|\b(?:set|ran|hit|got|broke|smashed|beat) (?:a |my |his |her )?(?:pb|pr|personal best|personal record)\b")),
    Construction(Mood.HAPPY, "first in the family", re.compile(r"\bfirst (?:one |person )?in (?:the|my|our) family\b")),
    Construction(Mood.HAPPY, "an offer accepted", re.compile(
        r"\b(?:accepted|took) (?:an|the|a|their) (?:job )?offer\b")),
    Construction(Mood.HAPPY, "approved", re.compile(
        r"\b(?:visa|loan|mortgage|application|permit|leave|transfer|request|grant|residency|citizenship|green card|"
        r"claim|appeal)s? (?:(?:was|got|has been|is|been|came|just|finally|all) )*(?:approved|granted|came through|"
        r"went through)\b"
        r"|\bgot (?:my|our|the|his|her) (?:\w+ )?(?:visa|residency|citizenship|green card|permit)\b"
        r"(?! (?:rejected|refused|denied|cancell?ed|revoked))")),
    Construction(Mood.HAPPY, "all clear", re.compile(
        r"\b(?:benign|all clear|cancer free|in remission|clear scan|clean scan|on the mend)\b")),
    # "Kasia got the ward manager job", "landed the contract", "she won a scholarship"; "I got a part-time job at a
    # café" is a plain fact
    Construction(Mood.HAPPY, "got the place", re.compile(
        r"\b(?:got|landed|won|earned|was offered|been offered) (?:the|her|his|their) (?:\w+ ){0,3}"
        r"(?:job|role|position|promotion|scholarship|grant|award|prize|medal|raise|bonus|contract|place|spot|lead "
        r"role|part|internship|apprenticeship)\b(?! interview)"
        r"|\b(?:got|landed|won|earned) (?:a|an|my|our) (?:\w+ ){0,2}(?:scholarship|award|prize|medal|raise|bonus|"
        r"promotion)\b")),
    Construction(Mood.HAPPY, "passed", re.compile(
        r"\bpassed (?:his|her|their|my|our|the|all) (?:\w+ ){0,2}(?:exams?|test|tests|finals?|boards|bar|viva|"
        r"defen[cs]e|audition|driving|licence|license|course)\b")),
    Construction(Mood.HAPPY, "a deal closed", re.compile(
        r"\b(?:round|deal|funding|sale|purchase) (?:is |has )?(?:closed|went through|is done)\b"
        r"|\bclosed (?:the|our|a|my) (?:\w+ )?(?:round|deal|sale)\b"
        r"|\bbought (?:a|our|my|the) (?:first )?(?:own )?(?:house|home|condo|flat|apartment|place)\b"
        r"|\bsold out of (?:my|our)\b|\bsold (?:my|our) first\b")),
    # a frame, glad only around glad news: "it's official, we're bankrupt" is not
    Construction(Mood.HAPPY, "it's official", re.compile(
        r"\b(?:its|it is|were|we are|made it|now),? official\b|\bofficial now\b"), needs_not_sour=True),
    Construction(Mood.HAPPY, "a birth", re.compile(
        r"\b(?:i|we) met someone\b"
        r"|\b(?:baby|she|he|they) (?:was|were) born (?:today|yesterday|this morning|last night|on \w+day|at \d)"
        r"|\bits a (?:boy|girl)\b|\b(?:giving|gave) birth\b|\bhad (?:her|the|our|their|a) baby\b"),
        unless=re.compile(r"\b(?:stillborn|stillbirth|miscarr\w*|lost the baby|nicu)\b")),
    # "not complaining but <a complaint>" is the complaint (SETBACKS)
    Construction(Mood.HAPPY, "not complaining", re.compile(
        r"\b(?:not complaining|no complaints|cant complain)\b(?!,? but\b)"), needs_not_sour=True),
    # relief in a quiet house: "the house is so quiet, finally!", "peace and quiet at last"
    Construction(Mood.HAPPY, "peace at last", re.compile(
        rf"\b{_QUIET}\b[^.?\n]{{0,20}}\b(?:finally|at last)\b|\b(?:finally|at last)\b[^.?\n]{{0,20}}\b{_QUIET}\b")),
    # being given something or made a fuss of: "my girlfriend made me a playlist", "the kids threw me a party"
    Construction(Mood.HAPPY, "made me something", re.compile(
        r"\b(?:made|baked|cooked|bought|brought|knitted|drew|wrote|built|painted|picked) me (?:a|an|some|my|breakfast|"
        r"dinner|lunch|tea|coffee|flowers)\b(?! (?:bill|invoice|fine|warning|list of))"
        r"|\bsent me (?:a |an |some )?(?:photo|photograph|picture|pic|video|card|flowers|gift|present|drawing|"
        r"voice note)"
        r"|\b(?:threw|gave) me (?:a )?(?:surprise|party|hug|present|gift)\b|\bsurprised me with\b")),
    Construction(Mood.HAPPY, "treated like royalty", re.compile(
        r"\btreats? (?:me|us) like (?:a |an )?(?:queen|king|princess|prince|royalty|gold|goddess|vip|treasure)\b")),
    # "the allotment is my happy place", "forró é minha vida"; a frame, so "work is my life and it's killing me" is not
    # glad. VADER reads no Portuguese or Spanish (their "no" is "in the"), so its valence gates only the English.
    Construction(Mood.HAPPY, "my whole life", re.compile(
        r"\bis my (?:life|therapy|happy place|everything|whole world|passion)\b|\bthe goat\b"), needs_not_sour=True),
    Construction(Mood.HAPPY, "my whole life", re.compile(r"\b(?:é|e) minha vida\b|\bes mi vida\b|\bcest ma vie\b")),
)

# Loss, absence and a family coming apart, said through what happened.
LOSS: tuple[Construction, ...] = (
    # "my dad died", "since Baba passed", "she died in March"; not "my phone died" or "she passed her test"
    Construction(Mood.SAD, "a death", re.compile(
        rf"\b{_OWN_KIN}(?:,? [\w-]+,?)? (?:(?:has|had|just|sadly|suddenly|recently|peacefully|unexpectedly) )*{_DEATH}"
        rf"|\b(?:since|when|after|the day|before|the night|the week) (?:{_OWN_KIN}|{_KIN}|he|she"
        r"|(?!the\b|it\b|this\b|that\b|my\b|our\b|your\b|everything\b|everyone\b)[a-zà-ÿ]+) " + _DEATH
        + r"|\b(?:he|she) (?:just |has |had |sadly )?(?:died|passed away)\b"
        r"|\b(?:hes|shes|he is|she is) (?:really )?gone\s*(?:[.!,]|$|now|forever)"
        # the same said in Portuguese, Spanish, French, German, Italian, Turkish, Hindi/Urdu, Polish
        r"|\b(?:morreu|faleceu|murió|murio|falleció|fallecio|est mort|est morte|est décédée?|nous a quittés|"
        r"gestorben|verstorben|ist tot|è morto|è morta|è mancato|è mancata|vefat etti|öldü|guzar gaye|guzar gayi|"
        r"guzar gaya|nahi rahe|nahi rahi|zmarł|zmarła)\b"
        r"|\b(?:baba|anne|dede|nine|babaanne|anneanne|eşim|kardeş|oğl|kız|abla|abi|amca|dayı|teyze|hala|köpeğ|kedi)"
        r"\w* (?:\w+ )?kaybett")),
    Construction(Mood.SAD, "widowed", re.compile(
        r"\b(?:enviudé|enviude|enviudó|fiquei viúv[ao]|was widowed|been widowed|became a widow(?:er)?|"
        r"devenue? veu(?:f|ve))\b")),
    Construction(Mood.SAD, "no longer here", re.compile(
        r"\b(?:doesnt|does not|no longer) lives? with (?:us|me)\b"
        rf"|\b{_OWN_KIN}(?:,? [\w-]+,)? (?:was|has been|got|just got) diagnosed\b")),
    # "nobody cares" in the other languages people chat in: "ninguém me manda mensagem", "nadie me llama"
    Construction(Mood.SAD, "nobody calls", re.compile(
        r"\b(?:ninguém|ninguem|nadie|niemand|nessuno)\b[^.!?\n]{0,20}\b(?:manda|liga|ligou|mandou|visita|escreve|"
        r"procura|llama|escribe|habla|ruft|schreibt|meldet|chiama|scrive)")),
    Construction(Mood.SAD, "the first without", re.compile(
        r"\bfirst (?:\w+ )?(?:day|night|week|weekend|month|christmas|xmas|birthday|holiday|holidays|summer|winter|"
        r"sunday|year|anniversary|easter|eid|diwali|thanksgiving) without (?:him|her|them|the kids|the children|"
        rf"the boys|the girls|{_OWN_KIN}|{_KIN})\b"
        r"|\bnot the same without\b")),
    # "the house is so quiet", "the flat feels empty now"; "the house is quiet, finally some peace" is not a loss
    Construction(Mood.SAD, "a quiet home", re.compile(
        r"\b(?:house|flat|apartment|condo|home|place|room|bed|kitchen|table)\b (?:is|feels|seems|felt|was|has been|"
        r"got|is just|feels so) (?:so |too |very |really |awfully |strangely |weirdly )?(?:quiet|silent|empty|big)\b"),
        unless=re.compile(f"{_FOR_THE_BETTER.pattern}|{_RELIEF.pattern}"), needs_not_glad=True),
    Construction(Mood.SAD, "a family coming apart", re.compile(
        r"\b(?:getting|get|got) (?:a )?divorced?\b|\bsplitting up\b|\blassen sich scheiden\b|\bse (?:van a )?"
        r"(?:divorcian|separan|divorciar|separar)\b|\bse (?:separaram|divorciaram|séparent|divorcent)\b"
        r"|\b(?:dumped me|left me for|schluss gemacht|terminou comigo|terminó conmigo|me dejó|ma quittée?|"
        r"mi ha lasciat[oa]|hat mich verlassen|benden ayrıldı)\b"), unless=_FOR_THE_BETTER),
    # someone who no longer knows you: "she didn't recognise me", "he forgets who I am"
    Construction(Mood.SAD, "not recognised", re.compile(
        r"\b(?:didnt|did not|doesnt|does not|couldnt|could not|no longer|wont|cant|cannot) (?:even )?"
        rf"recogni[sz]e (?:me|him|her|us|them|(?:{_OWN_KIN})|{_KIN}|(?!(?:the|it|this|that|my|our|his|your|a|an|"
        r"any)\b)[a-zà-ÿ]+)\b"
        r"|\b(?:forgets|forgot|doesnt know|didnt know) who i (?:am|was)\b")),
    Construction(Mood.SAD, "not ready to talk", re.compile(r"\bnot ready to (?:talk|think) about\b")),
)

# Setbacks said as events: prices rising, a thing refused or cancelled again, being asked or treated the same way.
SETBACKS: tuple[Construction, ...] = (
    Construction(Mood.FRUSTRATED, "a price rise", re.compile(
        r"\b(?:rent|rents|price|prices|fee|fees|bill|bills|cost|costs|tax|taxes|premium|premiums|insurance|fare|"
        r"fares|mortgage|rates?|tuition|petrol|gas|electricity|groceries|subscription)s? (?:has |have |just |is |are "
        r")?(?:went up|gone up|going up|goes up|go up|up again|increased|doubled|tripled|risen|rose|jumped|"
        r"skyrocketed|shot up)\b"
        r"|\b(?:raised|increased|put up|hiked|doubled) (?:the|my|our) (?:rent|prices?|fees?|rates?)\b"),
        # a rise that pays the writer: "our rates increased so we're profitable now"
        unless=re.compile(r"\b(?:profit|profits|profitable|profitability|revenue|margins?|earnings|turnover|"
                          r"in the black|break(?:ing)? even|good for (?:us|me|business))\b"), needs_not_glad=True),
    Construction(Mood.FRUSTRATED, "a setback again", re.compile(
        r"\b(?:cancell?ed|refused|denied|rejected|forgot|postponed|ignored|lost|late|delayed|broke|broken|crashed|"
        r"died|stopped working|flooded|overcharged|bounced|stole|stolen)\b[^.!?\n]{0,40}\bagain\b")),
    Construction(Mood.FRUSTRATED, "a complaint disclaimed", re.compile(
        r"\b(?:(?:im )?not complaining|not to complain|(?:i )?dont mean to complain|no complaints|cant complain|"
        r"no offen[cs]e),? but\b"), needs_not_glad=True),
    # "I have asked twice now", "told him a hundred times"
    Construction(Mood.FRUSTRATED, "asked before", re.compile(
        r"\b(?:asked|told|called|rang|emailed|reminded|begged|explained|chased|messaged|texted|complained)\b"
        r"(?: \w+){0,3}? (?:(?:twice|three times|four times|five times|\d+ times|several times|multiple times) "
        r"(?:now|already)|(?:a )?(?:hundred|million|thousand|dozen) times|so many times|ten times)\b")),
    # "the landlord still hasn't fixed the heating", "still no refund"
    Construction(Mood.FRUSTRATED, "still not done", re.compile(
        r"\bstill (?:hasnt|has not|havent|have not|wont|will not|didnt|did not|hasn't) (?:\w+ )?(?:fixed|paid|replied|"
        r"called|answered|responded|sent|returned|apologi[sz]ed|got back|refunded|repaired|delivered|shown up|"
        r"turned up)\b"
        r"|\bstill (?:no|waiting (?:for|on) (?:my|the|a|their|his|her)) (?:\w+ )?(?:reply|response|answer|refund|"
        r"payment|repair|apology|callback|delivery)\b")),
    Construction(Mood.FRUSTRATED, "treated like", re.compile(
        r"\b(?:acts?|acting) like (?:its|it is|im|i am|were|we are)\b"
        # not "treats me like a queen", unless he doesn't
        r"|\b(?:(?:dont|doesnt|never|didnt|wont) treat (?:me|us) like\b"
        r"|treats? (?:me|us) like (?!(?:a |an |the |his |her |their |one of )?(?:queen|king|princess|prince|royalty|"
        r"gold|lady|gentleman|goddess|god|family|own|"
        r"equal|adult|grown up|grownup|person|human|vip|star|celebrity|treasure|somebody|someone special)))"
        r"|\btalks? to (?:me|us) like\b")),
    # "I get that from strangers enough", "my family does that enough", "I get enough of that"
    Construction(Mood.FRUSTRATED, "enough of that", re.compile(
        r"\b(?:get|got|hear|heard|does|do|did) (?:that|this|it)(?: \w+){0,3} enough\s*(?:[.,;!]|$|from|already)"
        r"|\benough of (?:that|this|it)\b")),
    # blame of whoever made a thing: "whoever designed this never drove a truck"; not praise ("whoever made this cake
    # should get an award"), said in words or by a glad message
    Construction(Mood.FRUSTRATED, "whoever made this", re.compile(
        r"\bwhoever (?:designed|made|wrote|built|came up with|decided|thought of|planned)\b[^.!?\n]{0,30}"
        r"\b(?:never|should|clearly|needs to|deserves|must|obviously)\b"
        # praise: "should get an award", "deserves a raise"
        r"(?! (?:(?:to )?(?:get|be given|win|receive|have) )?(?:an? |the |some )?(?:\w+ )?(?:award|medal|raise|"
        r"prize|promotion|bonus|nobel|oscar|trophy|knighthood|pay rise|michelin star|statue|gold star|"
        r"round of applause|be (?:promoted|knighted|proud)))"), needs_not_glad=True),
    Construction(Mood.ANGRY, "nearly lost it", re.compile(
        r"\b(?:nearly|almost) (?:walked out|lost it|lost my temper|snapped|exploded|hung up on|punched|screamed)\b"
        r"|\b(?!sav|cover)\w+ my (?:arse|ass)\s*(?:[.!]|$)")),
)

# Worry about something pending: results, a call, what happens if it goes wrong.
PENDING: tuple[Construction, ...] = (
    Construction(Mood.ANXIOUS, "waiting to hear", re.compile(
        r"\bwaiting (?:on|for) (?:the |my |his |her |their |our )?(?:\w+ )?(?:results?|biopsy|scan|diagnosis|"
        r"verdict|decision|callback|call back|news|answer|letter|visa)\b"
        r"|\bwaiting to hear (?:back|from|if|whether)\b|\b(?:havent|have not|hasnt|has not) heard back\b"
        r"|\bstill no (?:word|news)\b"
        r"|\b(?:results?|biopsy|scan|verdict|decision|grades|marks) (?:come|comes|will come|should come|are due|is "
        r"due|will be out|come out|are out on) (?:back )?(?:on |by |this |next |tomorrow|monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday|in)")),
    Construction(Mood.ANXIOUS, "keep checking", re.compile(
        r"\bkeep (?:checking|refreshing|reaching over to check)\b"
        r"|\bcheck(?:ing)? (?:my|the) (?:phone|email|emails|inbox|news|portal|app|tracker|website) every (?:hour|"
        r"minute|few minutes|five minutes|ten minutes|\d+ minutes)\b")),
    Construction(Mood.ANXIOUS, "no sleep until", re.compile(
        r"\b(?:dont|cant|wont|cannot|do not|never|couldnt|didnt) (?:really )?(?:sleep|relax|rest|settle)\b"
        r"[^.!?\n]{0,25}\buntil\b")),
    # "if it goes bad … then what", "if I can't work, who pays the rent", "maybe they drop me"
    Construction(Mood.ANXIOUS, "if it goes wrong", re.compile(
        r"\bif\b[^.?!\n]{0,50}\b(?:goes|go|going|went|turns|turn) (?:bad|badly|wrong|south|under|sideways)\b"
        r"|\bif\b[^.?!\n]{0,60}\bwho (?:pays|will pay|would pay|is going to pay|gonna pay|looks after|will look "
        r"after|takes care of)\b"
        r"|\bthen what\s*(?:[?.!]|$)"
        r"|\bwhat (?:becomes|will become) of\b"
        r"|\bwhat (?:happens|will happen|would happen) to (?:her|him|them|us|me|the kids|the children) if\b"
        r"|\b(?:i|we)(?:ll| will| would| could| might)? lose everything\b"
        r"|\b(?:might|may|maybe|could|will|would|gonna|going to) (?:\w+ ){0,2}(?:drop|fire|sack|dump|replace|evict|"
        r"deport|kick out) (?:me|us)\b"
        r"|\b(?:might|may|could|will|would|gonna|going to) (?:\w+ ){0,2}(?:lose|take) (?:my|our) (?:job|jobs|house|"
        r"home|flat|apartment|visa|licence|license|kids|children|business)\b"
        r"|\bhow (?:will|would|am|are) (?:i|we) (?:going to |gonna )?(?:pay|afford|cope|manage|survive)\b"
        r"|\bdue\b[^.!?\n]{0,40}\b(?:havent|hasnt|cant|cannot|no money|not paid)\b")),
    # dread in the body: "I feel sick" about a threat, "I might throw up", "my stomach drops"
    Construction(Mood.ANXIOUS, "dread", re.compile(
        r"\bi (?:still )?feel (?:so |really |a bit |physically |kinda |kind of )?sick\b(?! of| and tired)"
        r"|\bi (?:might|could|think im going to|am going to|m going to|m gonna|feel like i (?:might|could|am going "
        r"to)) (?:actually )?(?:throw up|be sick|puke|vomit)\b"
        r"|\bmy (?:stomach|heart|gut) (?:drops|dropped|sinks|sank|turns|churns|flips|lurches)\b"
        r"|\b(?:a|this|the) (?:bad|horrible|awful|terrible|sinking) feeling\b"),
        unless=re.compile(r"\b(?:flu|cold|fever|covid|virus|bug|food poisoning|hangover|hungover|migraine|ate|eaten|"
                        r"seasick|carsick|chemo|pregnant|morning sickness)\b")),
    # going over it: "I've replayed every meeting in my head", "trying not to spiral"
    Construction(Mood.ANXIOUS, "going over it", re.compile(
        r"\breplay(?:ed|ing|s)?\b[^.!?\n]{0,40}\bin my head\b"
        r"|\b(?:going|went|go) over (?:it|everything|this|that)\b[^.!?\n]{0,20}\bin my head\b"
        r"|\bchewing on it\b|\bspiral(?:l?ing|l?ed)\b|\b(?:not|to) spiral\b|\bspiral out\b"
        r"|\b(?:(?:dont|do not) (?:want to|wanna)|(?:trying|try|tried) not to) think about (?:it|that|this|what|"
        r"how)\b")),
    Construction(Mood.ANXIOUS, "cant afford", re.compile(r"\b(?:cant|cannot|can not) afford\b")),
    # an ordeal close ahead: "my midterm is tomorrow", "surgery tomorrow", "appraisal is next week"; "Hugo's birthday is
    # next week" and "I have a flight tomorrow" are plans, and "interview tomorrow!!" may be excitement
    Construction(Mood.ANXIOUS, "an ordeal ahead", re.compile(
        rf"\b{_ORDEAL}\b[^.!?\n]{{0,40}}\b{_SOON}\b{_UNEXCLAIMED}"
        rf"|\b{_SOON}\b[^.!?\n]{{0,40}}\b{_ORDEAL}\b{_UNEXCLAIMED}"), needs_not_glad=True),
    # someone close in hospital: "my dad is in the ICU", "Babam hastanede"
    Construction(Mood.ANXIOUS, "in hospital", re.compile(
        rf"\b{_OWN_KIN} (?:is|was|went|got taken|has been|been|just went|got rushed|was rushed) (?:back )?"
        r"(?:in|into|to) (?:the )?(?:hospital|icu|a&e|er|emergency)\b"
        r"|\b(?:babam|annem|eşim|oğlum|kızım|kardeşim)\w* hastane"),
        # a birth: "my wife is in the hospital, she's giving birth!"
        unless=re.compile(r"\b(?:giving birth|gave birth|in labou?r|(?:having|had) (?:the|a|her|our|their) baby|"
                          r"(?:baby|she|he) (?:is|was) born|maternity|contractions|waters broke)\b")),
    # a threat to what one has built: "I think it will kill us", "this could sink the business"
    Construction(Mood.ANXIOUS, "it could ruin us", re.compile(
        r"\b(?:will|would|could|might|gonna|going to|is going to) (?:\w+ )?(?:kill|ruin|destroy|sink|bankrupt) "
        r"(?:us|me|the company|the business|my business|our business)\b")),
)

# Fear after a danger: the body still shaking, the near miss.
DANGER: tuple[Construction, ...] = (
    Construction(Mood.ANXIOUS, "still shaking", re.compile(
        r"\bstill (?:shaking|trembling)\b")),
    Construction(Mood.ANXIOUS, "a near miss", re.compile(
        r"\b(?:almost|nearly) (?:got|been|get|getting) (?:hit|killed|run over|mugged|robbed|attacked|scammed)\b"
        r"|\b(?:almost|nearly|could have|couldve) (?:died|crashed|drowned|been killed|been hit)\b(?! laughing| of)"
        r"|\b(?:close call|near miss|that was close|scared (?:me|the hell|the life|the shit|the crap) out of me)\b"),
        # a close contest that ended well: "close call but we won"
        unless=re.compile(r"\b(?:won|win|wins|winning|victory|clinched|qualified|passed|scraped (?:through|a)|"
                          r"squeaked (?:through|by|in|a)|pulled it off|made the cut)\b")),
)
# fmt: on
EVENTS = (*GOOD_NEWS, *LOSS, *SETBACKS, *PENDING, *DANGER)


def _good_news(construction: Construction, normalised: str) -> tuple[str, str] | None:
    """Good news as it is told: hedged ("might not be benign") it is worry, negated ("isnt benign") none."""
    told = construction.pattern.search(normalised)
    if told is None:
        return None
    before = _CLAUSE.search(normalised, 0, told.start())
    clause = before.group() if before is not None else ""
    if _HEDGED.search(clause):
        return (Mood.ANXIOUS, "hedged good news")
    if _NEGATED.search(clause):
        return None
    return (construction.mood, construction.name)


def events(normalised: str, *, glad: bool, sour: bool = False) -> list[tuple[str, str]]:
    """(mood, name) of every event the message tells; `glad` says its valence is happy, `sour` that it is negative."""
    found = []
    for c in EVENTS:
        if not c.used_in(normalised, glad=glad, sour=sour):
            continue
        event = _good_news(c, normalised) if c.mood == Mood.HAPPY else (c.mood, c.name)
        if event is not None:
            found.append(event)
    return found
