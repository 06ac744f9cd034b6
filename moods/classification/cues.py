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
                 # tears of joy said in words ("cried with joy"); bare crying beside good news is read in keywords.py
                 "cried with joy", "crying with joy", "cry with joy", "happy tears", "happy crying",
                 "tears of happiness", "lágrimas de alegria", "lágrimas de alegría", "larmes de joie", "freudentränen",
                 # praise in chat slang ("that album is fire", "this song slaps"); 🔥, 💀 and 🥹 are read as emoji
                 "is fire", "so fire", "actually fire", "straight fire", "slaps", "a banger", "goated", "bussin",
                 "flame", "skull", "touched face",
                 # other languages people chat in (es, pt, fr, de, it, tr, hi/ur, tl, sw)
                 "feliz", "contento", "contenta", "lindo", "adoro", "me encanta", "me encantan", "trop bien",
                 "heureux", "heureuse", "glücklich", "khush", "bahut pasand", "alegría", "alegria", "maravilhoso",
                 "maravilhosa", "maravilloso", "maravillosa", "que bom", "ravi", "ravie", "trop content",
                 "trop contente", "froh", "freue mich", "freu mich", "felice", "felicissimo", "felicissima",
                 "che bello", "mutlu", "mutluyum", "masaya", "ang saya", "khushi", "maza aa gaya", "mazaa aa gaya",
                 "furaha", "nafurahi"),
    Mood.SAD: ("sad", "crying", "loudly crying face", "cry", "cried", "sobbing", "in tears", "miss", "lonely",
               # tears held back: overwhelmed, by joy as often as by pain (see CRYING_OVERWHELMED)
               "almost cried", "nearly cried", "about cried", "could cry", "could have cried", "couldve cried",
               "teared up", "tearing up", "welled up", "choked up", "smiling face with tear",
               # numbness
               "not feel anything", "dont feel anything", "cant feel anything", "feel nothing anymore",
               "so alone", "all alone", "feel alone", "feeling alone", "heartbroken",
               "broken heart", "heart is broken",
               "depressed", "upset", "unhappy", "devastated", "disappointed", "hurts",
               "heart hurts", "heartache", "pensive", "downcast", "frowning",
               # loss and grief
               "passed away", "funeral", "grief", "grieving", "mourning", "lost my", "lost our",
               "empty", "numb", "hopeless", "miserable",
               # exhaustion, said as giving out rather than as being busy
               "exhausted", "exhausting", "tired", "drained", "burnt out", "burned out", "worn out",
               "cant do this anymore", "cant take this anymore", "cant take it anymore", "so done", "running on empty",
               "dead on my feet", "im knackered", "so knackered",
               "havent slept", "barely slept", "cant get out of bed", "couldnt get out of bed",
               "barely get out of bed", "no point", "whats the point", "wish i was", "wish i were", "tired of",
               # bad news said plainly, good news that did not come
               "didnt get the job", "didnt get the offer", "didnt get in", "didnt get promoted", "didnt get accepted",
               "didnt pass", "failed my", "got rejected", "got fired", "got dumped", "got laid off", "been laid off",
               "miscarriage",
               # being alone, left, unseen
               "broke up", "broken up", "nobody likes me", "nobody cares", "nobody notices", "no one cares",
               "drowning", "disconnected", "feeling low", "rather low", "so low", "feeling very low", "wish she was",
               "wish he was",
               "wish you were",
               # other languages
               "triste", "cansada", "cansado", "saudade", "saudades", "épuisé", "épuisée", "épuisee", "épuise",
               "müde", "kann nicht mehr", "udaas", "dukhi", "thak gaya", "thak gayi", "thak gaye", "tristeza",
               "einsam", "sozinha", "sozinho", "je me sens seul", "je me sens seule", "me siento solo",
               "me siento sola", "mi sento solo", "mi sento sola", "yalnızım", "vermisse", "tu me manques",
               "me manque", "sinto falta", "te extraño", "la extraño", "lo extraño", "los extraño", "las extraño",
               "extraño tanto", "echo de menos", "özledim", "mi manchi", "mi manca",
               "yaad aati", "yaad aa rahi", "yaad aa raha", "nimechoka", "huzuni", "agotada", "agotado", "esgotada",
               "esgotado", "erschöpft", "stanco", "stanca", "sfinito", "sfinita", "yorgunum", "bitkinim",
               "deprimida", "deprimido", "déprimé", "déprimée", "deprimiert", "non ce la faccio più",
               "ya no puedo más", "não aguento mais", "je nen peux plus", "dil toot", "bura lag",
               # crying, in the same languages
               "llorando", "lloré", "chorei", "chorando", "chorar", "pleure", "pleuré", "pleurer", "weine",
               "geweint", "piango", "ho pianto", "ağladım", "ağlıyorum", "ro raha", "ro rahi", "ro pada", "ro padi",
               "rona aa"),
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
                   "não consigo dormir", "no puedo dormir", "cannot sleep", "preocupada", "preocupado",
                   "preocupação", "preocupación", "preoccupata", "preoccupato", "ansia", "paura", "ho paura", "pânico",
                   "pánico", "kinakabahan", "kabado", "natatakot", "darr lag", "dar lag", "darr lagta", "dar lagta",
                   "ghabrahat", "fikar", "fikr", "korkuyorum", "endişeliyim", "endişe", "wasiwasi", "naogopa",
                   "mache mir sorgen", "macht mir sorgen", "besorgt", "nervös", "nerveux", "nerveuse", "stressé",
                   "stressée", "gestresst", "estresada", "estresado", "stressata", "stressato",
                   # trembling, said in other languages ("me tiemblan las manos")
                   "tiemblan", "temblando", "tiemblo", "tremblent", "je tremble", "zittere", "zittern", "tremano",
                   "sto tremando", "titriyor",
                   # slang for being in trouble before a test or a deadline
                   "im cooked", "im so cooked", "were cooked", "im screwed", "im so screwed", "were screwed",
                   "im doomed", "im so doomed",
                   # nerves before something, said by the body or to the listener
                   "gonna throw up", "going to throw up", "pray for me", "wish me luck", "dont know how to feel"),
    Mood.EXCITED: ("excited", "can't wait", "cannot wait", "yay", "woohoo", "hyped", "pumped", "thrilled", "let's go",
                   "party popper", "partying", "confetti", "star-struck"),
    Mood.ANGRY: ("angry", "furious", "pissed", "hate", "cant stand", "rage", "livid", "mad", "enraged", "fuming",
                 "outraged", "infuriated", "infuriating", "yelled at", "screamed at", "want to scream", "disgraceful",
                 "robbed", "jealous", "pouting", "symbols on mouth", "swear to god", "about to lose it",
                 "going to lose it", "gonna lose it",
                 # other languages
                 "odio", "déteste", "deteste", "odeio", "hasse", "enojado", "enojada", "en colère", "colère", "wütend",
                 "gussa", "enfadado", "enfadada",
                 "cabreado", "cabreada", "furioso", "furiosa", "furieux", "furieuse", "arrabbiato", "arrabbiata",
                 "incazzato", "incazzata", "sinirliyim", "sinir oldum", "nimekasirika"),
    Mood.FRUSTRATED: ("ugh", "argh", "annoyed", "annoying", "frustrated", "frustrating", "irritated", "irritating",
                      "fed up", "sick of", "sick and tired", "had enough", "so done with", "ffs", "ridiculous",
                      "unacceptable", "absurd", "unbelievable", "how am i supposed to", "rolling eyes",
                      "steam from nose", "facepalming", "upside-down face", "fml",
                      # other languages
                      "jen ai marre", "ras le bol", "genervt", "che palle", "bıktım", "estoy harta", "estoy harto",
                      "de saco cheio", "tang aa gaya", "tang aa gayi", "pak gaya", "pak gayi", "done talking about"),
    Mood.BORED: ("bored", "boring", "meh", "whatever", "nothing to do", "yawn", "unamused", "expressionless"),
    Mood.GRATEFUL: ("thank you", "thank u", "thanks", "thanks so much", "thx", "grateful", "thankful", "appreciate",
                    "appreciated", "means a lot", "folded hands", "thank god", "thank goodness",
                    # other languages
                    "gracias", "obrigado", "obrigada", "merci", "danke", "grazie", "salamat", "shukriya", "dhanyavaad",
                    "dhanyawad", "asante", "teşekkürler", "teşekkür ederim", "sağol", "dziękuję", "graças a deus",
                    "gracias a dios", "gott sei dank", "dieu merci", "grazie a dio", "alhamdulillah", "shukar hai"),
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
LAUGHTER = frozenset({"haha", "hehe", "lol", "lmao", "lmfao", "rofl", "tears of joy", "laughing", "skull"})
# Cues that read either way: 😭 is as often overwhelmed joy as grief, shaking is nerves, cold or exhaustion. They count
# half, and once however often repeated, so any plainer sign in the message decides.
AMBIGUOUS = frozenset({"loudly crying face", "smiling face with tear", "shaking"})
# Crying is sadness, unless what is cried about is good news ("visa approved, crying in the uber 😭"). Tears held back
# or nearly shed ("I could cry", "about cried", 🥲) read as joy beside any warmth, thanks included; plain crying needs
# joy or news beside it, since "thanks for listening, I've been crying all day" is still sad.
CRYING_OVERWHELMED = frozenset({"loudly crying face", "smiling face with tear",
                                "almost cried", "nearly cried", "about cried", "could cry", "could have cried",
                                "couldve cried", "teared up", "tearing up", "welled up", "choked up"})
CRYING = CRYING_OVERWHELMED | {"crying", "cry", "cried", "sobbing", "in tears", "llorando", "lloré", "chorei",
                               "chorando", "chorar", "pleure", "pleuré", "pleurer", "weine", "geweint", "piango",
                               "ho pianto", "ağladım", "ağlıyorum", "ro raha", "ro rahi", "ro pada", "ro padi",
                               "rona aa"}
# Words that name a feeling only as an emoji's description: "his heart" in a sentence is an organ, not a ❤️.
EMOJI_ONLY = frozenset({"heart", "hearts", "flame", "skull", "touched face"})
# 🔥, 💀 and 🥹 are praise, laughter and being touched in chat ("that set 🔥", "im dead 💀", "you remembered 🥹"),
# unless the message is a complaint.
NEEDS_NOT_NEGATIVE = frozenset({"flame", "skull", "touched face"})
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
                                                   "cheers", "gracias", "obrigado", "obrigada", "merci", "danke",
                                                   "grazie", "salamat", "shukriya", "asante", "teşekkürler", "sağol",
                                                   # how the reply addresses the listener ("ok thanks mate")
                                                   "mate", "partner", "bro", "buddy", "man", "dude", "boss", "dear",
                                                   "pal", "fam", "sir", "maam", "hun", "love", "x"}
POLITE_THANKS = frozenset({"thanks", "thank you", "thx", "thank u", "ty", "cheers", "gracias", "obrigado", "obrigada",
                           "merci", "danke", "grazie", "salamat", "shukriya", "asante", "teşekkürler", "sağol"})
# "I hate X", "I can't stand X": anger when aimed at someone or something happening ("I hate this", "I hate when
# people…", "I hate my job", "…so much"); a dislike of a thing ("I hate running", "I hate Vegemite") is a preference,
# not a mood.
HATE_TARGETS = frozenset({"this", "that", "it", "him", "her", "them", "you", "u", "ya", "everyone", "everybody",
                          "everything", "people", "when", "how", "my", "his", "their", "our", "your", "myself",
                          "being", "these", "those", "what", "the way", "so much", "with a passion",
                          # the same targets in other languages: "je déteste les gens qui…", "odeio quando…"
                          "les gens", "la gente", "as pessoas", "die leute", "quand", "quando", "cuando", "wenn", "ça",
                          "isso", "esto", "das"})
# Dislikes of a thing are preferences; "hate" and "can't stand" aimed at a target are anger, the milder ones nothing.
DISLIKES = frozenset({"hate", "cant stand", "dont like", "dont really like", "do not like", "not a fan of",
                      "déteste", "deteste", "odeio", "hasse"})
# First-person words: an exclaimed sentence about oneself is news ("we got a puppy!!"); "SEE YOU SOON!!!" is not.
FIRST_PERSON = frozenset({"i", "im", "ive", "ill", "id", "me", "my", "mine", "myself", "we", "our", "ours", "us",
                          "yo", "mi", "mis", "eu", "meu", "minha", "nós", "nos", "je", "jai", "moi", "mon", "mes",
                          "nous", "ich", "mein", "meine", "mir", "mich", "wir", "mera", "meri", "mere"})
# Sentences whose valence is about a topic or an imagined world, not the writer's feeling now: questions and
# hypotheticals. A "why…?" or "how come…?" is a complaint in question form and keeps its valence.
HYPOTHETICAL_OPENERS = ("if ", "imagine ", "what if ", "would you rather ", "suppose ")
RHETORICAL_OPENERS = ("why ", "how come ")
# Questions typed without their "?" ("whats the best way to stay awake", "is it true beetroot helps"): a sentence that
# opens like a question and does not end with "!" asks rather than tells.
QUESTION_OPENERS = ("whats the ", "what is the ", "what are the ", "what should ", "what do you ", "how do i ",
                    "how do you ", "how can i ", "how should i ", "how to ", "is it true ", "is there ", "are there ",
                    "can you ", "could you ", "do you ", "does anyone ", "should i ", "any tips ", "any ideas ")
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
