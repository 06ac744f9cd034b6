"""The offline mood classifier's word tables (contact-intelligence §4.1 fallback): cue phrases per mood and the small
lists that say when a cue means its mood. keywords.py reads messages with them; constructions.py holds the patterns
no single cue carries.
"""

from __future__ import annotations

from contacts.models import Mood

# fmt: off
# Written as people type them; apostrophes are dropped on both sides, so "cant wait" matches "can't wait".
CUES: dict[str, tuple[str, ...]] = {
    Mood.HAPPY: ("haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing", "amazing", "awesome",
                 "happy", "glad", "wonderful", "fantastic", "smiling", "grinning", "beaming", "stoked", "relief",
                 "relieved", "loveliest", "proudest", "so proud", "best day", "over the moon", "breathe again",
                 # enthusiasm for a thing: more than liking it ("I love X" alone is a preference, read by valence)
                 "obsessed with", "really into", "so into", "absolute favourite", "absolute favorite",
                 "favourite thing", "favorite thing", "all time favourite", "all time favorite",
                 # good news said plainly: the event is the feeling ("got the job", "we're engaged")
                 "got the job", "got a job", "got a new job", "got the offer", "got an offer", "got promoted",
                 "got a promotion", "promotion came through", "got engaged", "im engaged", "just engaged",
                 "got married", "proposed", "said yes", "got accepted", "got approved", "passed my", "passed the exam",
                 "passed the test", "aced", "we adopted", "i adopted", "got a puppy", "got a kitten", "first baby",
                 "had a baby",
                 "had the baby", "found an apartment", "found a flat", "found a house", "got the keys",
                 "pediu em casamento", "me pidió matrimonio",
                 # other languages people chat in (es, pt, fr, de, hi)
                 "feliz", "contento", "contenta", "lindo", "adoro", "me encanta", "me encantan", "trop bien",
                 "heureux", "heureuse", "glücklich", "khush", "bahut pasand"),
    Mood.SAD: ("sad", "crying", "loudly crying face", "cry", "cried", "sobbing", "in tears", "miss", "lonely",
               "so alone", "all alone", "feel alone", "feeling alone", "heartbroken",
               "broken heart", "depressed", "upset", "unhappy", "devastated", "disappointed", "hurts",
               "heart hurts", "heartache", "pensive", "downcast", "frowning",
               # loss and grief
               "passed away", "funeral", "grief", "grieving", "mourning", "lost my", "lost our",
               "empty", "numb", "hopeless", "miserable",
               # exhaustion, said as giving out rather than as being busy
               "exhausted", "exhausting", "tired", "drained", "burnt out", "burned out", "worn out",
               "cant do this anymore", "cant take this anymore", "cant take it anymore", "so done", "running on empty",
               "havent slept", "barely slept", "cant get out of bed", "couldnt get out of bed",
               "barely get out of bed", "no point", "whats the point", "wish i was", "wish i were", "tired of",
               # bad news said plainly, good news that did not come
               "didnt get the job", "didnt get the offer", "didnt get in", "didnt get promoted", "didnt get accepted",
               "didnt pass", "failed my", "got rejected", "got fired", "got dumped", "got laid off", "been laid off",
               "miscarriage",
               # being alone, left, unseen
               "broke up", "broken up", "nobody likes me", "nobody cares", "nobody notices", "no one cares",
               "drowning", "disconnected", "feeling low", "rather low", "so low", "wish she was", "wish he was",
               "wish you were",
               # other languages
               "triste", "cansada", "cansado", "saudade", "saudades", "épuisé", "épuisée", "épuisee", "épuise",
               "müde", "kann nicht mehr", "udaas", "dukhi", "thak gaya", "thak gayi", "thak gaye"),
    Mood.ANXIOUS: ("worried", "worrying", "worry", "nervous", "anxious", "anxiety", "scared", "afraid", "terrified",
                   "stressed",
                   "stressing", "panic", "panicking", "freaking out", "freaked out", "overthinking", "fearful",
                   "in fear", "dread", "dreading", "cant breathe", "couldnt breathe", "heart pounding",
                   "heart racing", "cant sleep", "couldnt sleep", "frightened", "on edge",
                   "grimacing", "shaking", "in knots", "knot in my stomach", "cant focus", "cant concentrate",
                   "cant think straight", "cant stop thinking", "keep replaying", "cant stop replaying",
                   # other languages
                   "nervioso", "nerviosa", "miedo", "medo", "tension", "pareshan", "angst", "peur", "inquiet",
                   "inquiète", "ansiosa", "ansioso", "ansiedad", "ansiedade", "anxieux", "anxieuse",
                   "não consigo dormir", "no puedo dormir"),
    Mood.EXCITED: ("excited", "can't wait", "cannot wait", "yay", "woohoo", "hyped", "pumped", "thrilled", "let's go",
                   "party popper", "partying", "confetti", "star-struck"),
    Mood.ANGRY: ("angry", "furious", "pissed", "hate", "rage", "livid", "mad", "enraged", "fuming", "outraged",
                 "infuriated", "infuriating", "yelled at", "screamed at", "want to scream", "disgraceful", "robbed",
                 "jealous", "pouting", "symbols on mouth", "swear to god", "about to lose it", "going to lose it",
                 "gonna lose it",
                 # other languages
                 "odio", "enojado", "enojada", "en colère", "colère", "wütend", "gussa"),
    Mood.FRUSTRATED: ("ugh", "argh", "annoyed", "annoying", "frustrated", "frustrating", "irritated", "irritating",
                      "fed up", "sick of", "sick and tired", "had enough", "so done with", "ffs", "ridiculous",
                      "unacceptable", "absurd", "unbelievable", "how am i supposed to", "rolling eyes",
                      "steam from nose", "facepalming", "upside-down face"),
    Mood.BORED: ("bored", "boring", "meh", "whatever", "nothing to do", "yawn", "unamused", "expressionless"),
    Mood.GRATEFUL: ("thank you", "thank u", "thanks", "thanks so much", "thx", "grateful", "thankful", "appreciate",
                    "appreciated", "means a lot", "folded hands"),
    Mood.FLIRTY: ("cutie", "you're cute", "ur cute", "you're so cute", "you're hot", "sexy", "love you", "babe",
                  "kiss", "kissing", "xoxo", "wink", "winking", "smirking", "heart", "hearts"),
    Mood.CONFUSED: ("confused", "confusing", "don't understand", "don't get it", "what do you mean",
                    "what does that mean", "wdym", "huh", "makes no sense", "make no sense", "i'm lost",
                    "thinking face", "raised eyebrow"),
}
# Interjections are never negated: in "I can't stop laughing lol" the "can't" is not about the "lol".
UNNEGATABLE = frozenset({"haha", "hehe", "lol", "lmao", "lmfao", "rofl", "ugh", "argh", "meh", "yay", "woohoo", "huh",
                         "whatever", "yawn", "wdym", "ffs", "thx", "xoxo"})
# "can't stop crying", "couldn't help crying", "trying not to worry": the feeling, not its absence
UNSTOPPABLE = frozenset({"stop", "stopped", "help", "trying", "try", "tried"})
LAUGHTER = frozenset({"haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing"})
# Cues that read either way: 😭 is as often overwhelmed joy as grief, shaking is nerves, cold or exhaustion. They count
# half, and once however often repeated, so any plainer sign in the message decides.
AMBIGUOUS = frozenset({"loudly crying face", "shaking"})
# Words that name a feeling only as an emoji's description: "his heart" in a sentence is an organ, not a ❤️.
EMOJI_ONLY = frozenset({"heart", "hearts"})
# Formulas that hold a feeling word without the feeling: "happy birthday" wishes it to someone else. Matched like cues
# (so "happy" inside them is not), they name no mood.
FORMULAS = ("happy birthday", "happy bday", "happy new year", "happy holidays", "happy anniversary", "happy hour",
            "happy to help", "merry christmas")
# Cues that are praise as often as complaint ("unbelievable view", "my inbox is finally empty!", "tired but worth it,
# best weekend ever", "so done! finished my thesis"): they count only when VADER's valence is not positive.
NEEDS_NEGATIVE = frozenset({"unbelievable", "empty", "tired", "so done", "lost my"})
# A reply made only of acknowledgement ("ok thx", "sure, sounds good", "ok that makes sense, thanks") is politeness,
# not a feeling: its thanks are not gratitude and its valence ("good") is not joy. It opens with one of the first words.
ACKNOWLEDGEMENT_OPENERS = frozenset({"ok", "okay", "k", "kk", "okk", "sure", "alright", "cool", "noted", "right",
                                     "yep", "yup", "got", "sounds", "makes", "fair"})
ACKNOWLEDGEMENT_WORDS = ACKNOWLEDGEMENT_OPENERS | {"it", "good", "sense", "that", "enough", "then", "fine", "thing",
                                                   "so", "yes", "yeah", "thanks", "thank", "you", "u", "thx", "ty",
                                                   "cheers"}
POLITE_THANKS = frozenset({"thanks", "thank you", "thx", "thank u", "ty", "cheers"})
# "I hate X": anger when aimed at someone or something happening ("I hate this", "I hate when people…", "I hate my
# job", "…so much"); a dislike of a thing ("I hate running", "I hate Vegemite") is a preference, not a mood.
HATE_TARGETS = frozenset({"this", "that", "it", "him", "her", "them", "you", "u", "ya", "everyone", "everybody",
                          "everything", "people", "when", "how", "my", "his", "their", "our", "your", "myself",
                          "being", "these", "those", "what", "the way", "so much", "with a passion"})
# First-person words: an exclaimed sentence about oneself is news ("we got a puppy!!"); "SEE YOU SOON!!!" is not.
FIRST_PERSON = frozenset({"i", "im", "ive", "ill", "id", "me", "my", "mine", "myself", "we", "our", "ours", "us",
                          "yo", "mi", "mis", "eu", "meu", "minha", "nós", "nos", "je", "jai", "moi", "mon", "mes",
                          "nous", "ich", "mein", "meine", "mir", "mich", "wir", "mera", "meri", "mere"})
# Sentences whose valence is about a topic or an imagined world, not the writer's feeling now: questions and
# hypotheticals. A "why…?" or "how come…?" is a complaint in question form and keeps its valence.
HYPOTHETICAL_OPENERS = ("if ", "imagine ", "what if ", "would you rather ", "suppose ")
RHETORICAL_OPENERS = ("why ", "how come ")
# "tired of waiting" is frustration; "tired of everything" is the exhaustion of sadness.
EVERYTHING = frozenset({"everything", "it", "life", "all", "living", "myself", "being"})
# "what's the point" and "no point" are hopelessness said alone or of everything ("there's no point anymore", "what's
# the point of trying"); of a thing they are a question or advice ("what's the point of this button?").
POINTLESS = frozenset({"no point", "whats the point"})
POINTLESS_TAILS = frozenset({"anymore", "any more", "of anything", "of trying", "in trying", "of it", "in anything",
                             "of living", "in living", "of life", "to anything", "to life", "to it"})
# "shaking" said of oneself is a symptom; with an object ("shaking things up", "shaking hands") it is not.
SHAKING_OBJECTS = frozenset({"up", "things", "hands", "hand", "off", "it", "my", "his", "her", "their", "your",
                             "out", "head", "heads", "down"})
# fmt: on
