"""Word lists the rules recognise. Extend here, not inside the patterns."""

from __future__ import annotations

import re

PET_SPECIES = {
    "dog": "dog", "puppy": "dog", "pup": "dog", "doggo": "dog", "cat": "cat", "kitten": "cat",
    "kitty": "cat", "parrot": "parrot", "bird": "bird", "budgie": "bird", "hamster": "hamster",
    "rabbit": "rabbit", "bunny": "rabbit", "fish": "fish", "goldfish": "fish", "turtle": "turtle",
    "tortoise": "turtle", "horse": "horse", "pony": "horse", "guinea pig": "guinea pig",
    "snake": "snake", "lizard": "lizard", "ferret": "ferret",
    # breeds: the species is what matters for the graph
    "retriever": "dog", "golden retriever": "dog", "labrador": "dog", "lab": "dog", "poodle": "dog",
    "beagle": "dog", "terrier": "dog", "shepherd": "dog", "german shepherd": "dog", "husky": "dog",
    "bulldog": "dog", "pug": "dog", "corgi": "dog", "dachshund": "dog", "indie": "dog",
    "persian": "cat", "siamese": "cat", "tabby": "cat", "maine coon": "cat",
}  # fmt: skip

RELATIONS = {
    "mom": "mother", "mum": "mother", "mother": "mother", "mommy": "mother", "amma": "mother",
    "dad": "father", "father": "father", "daddy": "father", "papa": "father", "appa": "father",
    "wife": "wife", "husband": "husband", "girlfriend": "girlfriend", "boyfriend": "boyfriend",
    "partner": "partner", "fiance": "fiance", "fiancé": "fiance", "fiancee": "fiancee",
    "fiancée": "fiancee", "sister": "sister", "brother": "brother", "son": "son",
    "daughter": "daughter", "grandma": "grandmother", "grandmother": "grandmother",
    "grandpa": "grandfather", "grandfather": "grandfather", "aunt": "aunt", "uncle": "uncle",
    "cousin": "cousin", "best friend": "best friend", "friend": "friend", "boss": "boss",
    "manager": "manager", "colleague": "colleague", "coworker": "colleague", "roommate": "roommate",
    "flatmate": "roommate", "neighbor": "neighbour", "neighbour": "neighbour", "niece": "niece",
    "nephew": "nephew", "kid": "child", "baby": "child", "therapist": "therapist", "teacher": "teacher",
    "mummy": "mother", "mama": "mother", "ma": "mother", "pops": "father", "pa": "father", "stepmom": "stepmother",
    "stepmum": "stepmother", "stepmother": "stepmother", "stepdad": "stepfather", "stepfather": "stepfather",
    "granddaughter": "granddaughter", "grandson": "grandson", "grandchild": "grandchild", "grandkid": "grandchild",
    "granny": "grandmother", "nana": "grandmother", "nan": "grandmother", "grandad": "grandfather",
    "granddad": "grandfather", "mother-in-law": "mother-in-law", "father-in-law": "father-in-law",
    "sister-in-law": "sister-in-law", "brother-in-law": "brother-in-law", "son-in-law": "son-in-law",
    "daughter-in-law": "daughter-in-law", "twin": "twin", "twin sister": "sister", "twin brother": "brother",
    "mate": "friend", "bestie": "best friend", "bff": "best friend", "buddy": "friend", "pal": "friend",
    "lab mate": "colleague", "labmate": "colleague", "workmate": "colleague", "teammate": "colleague",
    "classmate": "classmate", "housemate": "roommate", "landlord": "landlord", "landlady": "landlord",
    "supervisor": "supervisor", "professor": "teacher", "tutor": "teacher", "coach": "coach", "doctor": "doctor",
    "ex": "ex", "ex-wife": "ex", "ex-husband": "ex", "ex-boyfriend": "ex", "ex-girlfriend": "ex", "ex-partner": "ex",
}  # fmt: skip

# Relations a person has only one of at a time: "my wife Priya" supersedes an earlier wife.
# The one person a contact is with, however the relationship is named at the time.
PARTNER_RELATIONS = frozenset({"wife", "husband", "girlfriend", "boyfriend", "partner", "fiance", "fiancee"})
SINGULAR_RELATIONS = {
    "mother", "father", "wife", "husband", "girlfriend", "boyfriend", "partner", "fiance", "fiancee", "boss",
}  # fmt: skip

RELATIONSHIP_STATUSES = {
    "married": "married", "single": "single", "engaged": "engaged", "divorced": "divorced",
    "widowed": "widowed", "separated": "separated", "in a relationship": "in a relationship",
    "seeing someone": "in a relationship", "dating someone": "in a relationship",
}  # fmt: skip

IDENTITY_ADJECTIVES = {
    "vegetarian", "vegan", "pescatarian", "diabetic", "pregnant", "retired", "unemployed",
    "introverted", "extroverted", "an introvert", "an extrovert", "left-handed", "deaf", "blind",
    "autistic", "colorblind", "lactose intolerant", "allergic to nuts", "religious", "atheist", "breastfeeding",
    "disabled", "neurodivergent", "trans", "transgender", "non-binary", "nonbinary", "gay", "lesbian", "bisexual",
    "queer", "asexual", "sober", "celibate", "self-employed", "homeschooled", "adopted", "widowed",
}  # fmt: skip

# Occupation words a job title ends in ("senior product *designer*"); trades named by their ending (-ist, -ician,
# -ologist: pharmacist, electrician, cardiologist) are read without a list.
JOB_TITLES = {
    "engineer", "developer", "programmer", "coder", "designer", "architect", "analyst", "accountant", "auditor",
    "consultant", "manager", "director", "head", "lead", "teacher", "lecturer", "professor", "tutor", "instructor",
    "nurse", "doctor", "physician", "surgeon", "gp", "midwife", "paramedic", "vet", "veterinarian", "carer",
    "caregiver", "counsellor", "counselor", "chef", "cook", "baker", "butcher", "barista", "waiter", "waitress",
    "bartender", "server", "cashier", "driver", "pilot", "mechanic", "plumber", "carpenter", "builder", "welder",
    "farmer", "fisherman", "lawyer", "attorney", "solicitor", "barrister", "paralegal", "judge", "officer",
    "firefighter", "soldier", "writer", "editor", "author", "reporter", "photographer", "filmmaker", "producer",
    "musician", "singer", "actor", "actress", "dancer", "student", "researcher", "postdoc", "intern", "apprentice",
    "clerk", "secretary", "receptionist", "assistant", "administrator", "admin", "salesman", "saleswoman",
    "salesperson", "rep", "representative", "marketer", "recruiter", "banker", "trader", "broker", "economist",
    "entrepreneur", "founder", "co-founder", "cofounder", "ceo", "cto", "cfo", "coo", "owner", "freelancer",
    "contractor", "cleaner", "janitor", "caretaker", "librarian", "pastor", "priest", "imam", "rabbi", "worker",
    "technician", "coordinator", "agent", "supervisor", "executive", "volunteer", "nanny", "babysitter",
    "housekeeper", "gardener", "painter", "sculptor", "tailor", "hairdresser", "barber", "stylist", "beautician",
    "model", "coach", "trainer", "athlete", "footballer", "player", "midfielder", "striker", "goalkeeper",
    "security guard", "guard", "courier", "postman", "postwoman", "miner", "sailor", "translator", "interpreter",
    "surveyor", "inspector", "planner", "strategist", "scientist", "mathematician", "housewife",
    "homemaker", "stay-at-home mom", "stay-at-home mum", "stay-at-home dad", "civil servant", "teaching assistant",
}  # fmt: skip

# "I'm a …" that says who one is (jobs are JOB_TITLES).
IDENTITY_NOUNS = {
    "vegetarian", "vegan", "pescatarian", "single mom", "single mum", "single dad", "single parent", "mom", "mum",
    "dad", "parent", "new mom", "new mum", "new dad", "first-time mom", "first-time mum", "widow", "widower",
    "grandmother", "grandfather", "grandma", "grandpa", "twin", "introvert", "extrovert", "ambivert", "morning person",
    "night owl", "cat person", "dog person", "christian", "muslim", "hindu", "sikh", "buddhist", "jew", "atheist",
    "diabetic", "retiree", "pensioner", "immigrant", "refugee", "veteran", "carer", "only child", "middle child",
    "perfectionist", "workaholic", "smoker", "non-smoker", "recovering alcoholic", "lefty", "gamer", "foodie",
}  # fmt: skip

# Words a health condition ends in ("type 2 *diabetes*", "Ehlers-Danlos *syndrome*", "high blood *pressure*").
CONDITIONS = {
    "syndrome", "disorder", "disease", "diabetes", "asthma", "cancer", "blood pressure", "hypertension",
    "anxiety", "depression", "adhd", "add", "autism", "arthritis", "migraines", "migraine", "epilepsy", "ibs",
    "crohn's", "colitis", "lupus", "ms", "multiple sclerosis", "pcos", "endometriosis", "fibromyalgia", "eczema",
    "psoriasis", "insomnia", "ptsd", "ocd", "bipolar", "back pain", "chronic pain", "long covid", "covid",
    "tinnitus", "dyslexia", "dyspraxia", "anaemia", "anemia", "thyroid", "hypothyroidism", "scoliosis",
    "sciatica", "glaucoma", "cataracts", "dementia", "alzheimer's", "parkinson's", "heart condition", "allergies",
    "hay fever", "sleep apnea", "sleep apnoea", "cerebral palsy", "schizophrenia", "anorexia", "bulimia",
    "eating disorder", "leukaemia", "leukemia", "tumour", "tumor", "hiv", "hepatitis", "kidney stones", "gout",
    "vertigo", "celiac", "coeliac", "chronic fatigue", "me/cfs", "long-term illness", "chronic illness",
}  # fmt: skip

# "I'm on …": medication by name or kind.
MEDICATIONS = {
    "sertraline", "fluoxetine", "citalopram", "escitalopram", "prozac", "zoloft", "lexapro", "venlafaxine",
    "mirtazapine", "bupropion", "wellbutrin", "lithium", "metformin", "insulin", "levothyroxine", "adderall",
    "ritalin", "methylphenidate", "vyvanse", "concerta", "propranolol", "amlodipine", "lisinopril", "statins",
    "warfarin", "blood thinners", "beta blockers", "antidepressants", "antibiotics", "meds", "medication", "the pill",
    "birth control", "chemo", "chemotherapy", "dialysis", "hrt", "testosterone", "estrogen", "oestrogen", "prep",
    "methadone", "inhalers", "an inhaler", "steroids", "antipsychotics", "mood stabilisers", "mood stabilizers",
}  # fmt: skip

# Verbs of activities one does as a hobby ("I *sing* in the church choir every Sunday").
ACTIVITY_VERBS = {
    "sing", "dance", "paint", "draw", "knit", "crochet", "sew", "run", "jog", "swim", "cycle", "bike", "climb",
    "box", "surf", "hike", "skate", "row", "fish", "garden", "bake", "meditate", "train", "lift", "golf", "ski",
    "play", "practise", "practice", "volunteer", "walk", "skateboard", "sail", "kayak", "write", "read", "pray",
    "spar", "wrestle", "fence", "ride", "shoot", "game", "stream", "journal", "sketch", "skydive", "dive", "snowboard",
}  # fmt: skip

# Objects that do not make a preference worth remembering ("I like that", "I love you").
PRONOUN_OBJECTS = {"it", "that", "this", "you", "them", "him", "her", "those", "these", "u", "ya", "yours"}

# Capitalised words that are not names when they follow "my dog …".
NOT_NAMES = {
    "I", "The", "And", "But", "Is", "Was", "Has", "Had", "He", "She", "It", "They", "We", "You",
    "A", "An", "So", "Then", "Just", "Also", "Who", "That", "This", "Today", "Yesterday", "Tomorrow",
}  # fmt: skip

# "I have …" phrases that are plans or states, not possessions.
HAVE_NOT_FACTS = (
    "to ", "been ", "had ", "got to", "no idea", "a question", "questions", "a doubt", "a feeling",
    "fun", "a good time", "a great time", "time", "no time", "work", "a meeting", "an exam", "exams",
    "an interview", "a headache", "a cold", "plans", "never", "always", "just", "already", "done",
    "seen", "heard", "said", "told", "tried", "a lot", "nothing", "something", "a date", "class",
    "classes", "homework", "to go", "a call", "an idea", "an appointment", "the", "no ", "strong ", "mixed ",
    "opinions", "feelings", "a feeling", "a lot of", "lots of", "so much", "enough",
)  # fmt: skip

# Messages made only of these carry no content worth an episode.
FILLER_WORDS = {
    "lol", "lmao", "rofl", "ok", "okay", "k", "kk", "hmm", "hm", "hmmm", "haha", "hahaha", "hehe",
    "yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "cool", "nice", "great", "thanks",
    "thank", "you", "thx", "ty", "hi", "hello", "hey", "bye", "goodnight", "gn", "gm", "good",
    "night", "morning", "fine", "alright", "right", "true", "wow", "omg", "oh", "ah", "uh", "um",
    "mhm", "same", "idk", "ikr", "np", "welcome", "see", "ya", "later", "brb", "ttyl", "xd", "xo",
    # discourse markers: they frame what is said, they say nothing of their own ("you know I love sushi, btw")
    "btw", "fyi", "tbh", "imo", "honestly", "actually", "really", "just", "know", "guess", "anyway", "anyways",
    "basically", "literally", "kinda", "sorta",
}  # fmt: skip

RELATION_WORDS = "|".join(sorted((re.escape(w) for w in [*RELATIONS, *PET_SPECIES]), key=len, reverse=True))
