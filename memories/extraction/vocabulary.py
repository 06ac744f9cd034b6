"""Word lists the rules recognise. Extend here, not inside the patterns."""

from __future__ import annotations

from memories.extraction.text import alternation

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
    "heeler": "dog", "blue heeler": "dog", "greyhound": "dog", "collie": "dog", "border collie": "dog",
    "spaniel": "dog", "cocker spaniel": "dog", "staffy": "dog", "staffie": "dog", "whippet": "dog", "lurcher": "dog",
    "rottweiler": "dog", "doberman": "dog", "chihuahua": "dog", "shih tzu": "dog", "schnauzer": "dog",
    "pomeranian": "dog", "dalmatian": "dog", "labradoodle": "dog", "cockapoo": "dog", "great dane": "dog",
    "mutt": "dog", "pit bull": "dog", "pitbull": "dog", "sheepdog": "dog", "malinois": "dog", "akita": "dog",
    "shiba": "dog", "samoyed": "dog", "sphynx": "cat", "ragdoll": "cat", "bengal": "cat", "moggy": "cat",
    "cockatiel": "bird", "canary": "bird", "parakeet": "bird", "gecko": "lizard", "axolotl": "axolotl",
    "kelpie": "dog", "cavapoo": "dog", "maltipoo": "dog", "bichon": "dog", "yorkie": "dog", "bearded dragon": "lizard",
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
    "step dad": "stepfather", "step-dad": "stepfather", "step mum": "stepmother", "step-mum": "stepmother",
    "step mom": "stepmother", "step-mom": "stepmother", "step sister": "stepsister", "step-sister": "stepsister",
    "step brother": "stepbrother", "step-brother": "stepbrother", "step son": "stepson", "step-son": "stepson",
    "step daughter": "stepdaughter", "step-daughter": "stepdaughter", "step father": "stepfather",
    "step-father": "stepfather", "step mother": "stepmother", "step-mother": "stepmother", "step sis": "stepsister",
    "step-sis": "stepsister", "step bro": "stepbrother", "step-bro": "stepbrother",
    "granddaughter": "granddaughter", "grandson": "grandson", "grandchild": "grandchild", "grandkid": "grandchild",
    "granny": "grandmother", "gran": "grandmother", "nana": "grandmother", "nan": "grandmother",
    "grandad": "grandfather", "granddad": "grandfather", "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    "sister-in-law": "sister-in-law", "brother-in-law": "brother-in-law", "son-in-law": "son-in-law",
    "daughter-in-law": "daughter-in-law", "twin": "twin", "twin sister": "sister", "twin brother": "brother",
    "mate": "friend", "bestie": "best friend", "bff": "best friend", "buddy": "friend", "pal": "friend",
    "lab mate": "colleague", "labmate": "colleague", "workmate": "colleague", "teammate": "colleague",
    "classmate": "classmate", "housemate": "roommate", "landlord": "landlord", "landlady": "landlord",
    "supervisor": "supervisor", "professor": "teacher", "tutor": "teacher", "coach": "coach", "doctor": "doctor",
    "ex": "ex", "ex-wife": "ex", "ex-husband": "ex", "ex-boyfriend": "ex", "ex-girlfriend": "ex", "ex-partner": "ex",
    # family words of other languages, said inside English ("my abuela makes the best mole", "my nani")
    "abuela": "grandmother", "abuelo": "grandfather", "abuelita": "grandmother", "tio": "uncle", "tío": "uncle",
    "tia": "aunt", "tía": "aunt", "nani": "grandmother", "nana ji": "grandmother", "dadi": "grandmother",
    "dada": "grandfather", "nanu": "grandfather", "oma": "grandmother", "opa": "grandfather", "nonna": "grandmother",
    "nonno": "grandfather", "vovó": "grandmother", "vovô": "grandfather", "mamie": "grandmother", "papi": "grandfather",
    "ammi": "mother", "abbu": "father", "abba": "father", "baba": "father", "bhaiya": "brother", "didi": "sister",
    "lola": "grandmother", "lolo": "grandfather", "bubbe": "grandmother", "zayde": "grandfather",
    "tita": "aunt", "tito": "uncle", "auntie": "aunt", "aunty": "aunt",
    "mam": "mother", "mammy": "mother", "nanay": "mother", "tatay": "father", "kuya": "brother", "missus": "wife",
    "cofounder": "cofounder", "co-founder": "cofounder", "co-worker": "colleague", "stepson": "stepson",
    "stepdaughter": "stepdaughter",
    # as chat shortens them, and the words some say for a partner or a manager
    "gf": "girlfriend", "bf": "boyfriend", "hubby": "husband", "wifey": "wife", "bro": "brother",
    "sis": "sister", "big bro": "brother", "lil bro": "brother", "little bro": "brother", "big sis": "sister",
    "lil sis": "sister", "little sis": "sister", "stepbrother": "stepbrother", "stepsister": "stepsister",
    "half-brother": "brother", "half-sister": "sister", "half brother": "brother", "half sister": "sister",
    "line manager": "manager", "comadre": "comadre", "compadre": "compadre",
    # what parents and partners call them: "my eldest Ben", "our youngest Mia", "my lad Alfie", "my other half Sam"
    "eldest": "child", "oldest": "child", "youngest": "child", "lad": "son", "lass": "daughter",
    "other half": "partner", "better half": "partner", "mil": "mother-in-law", "fil": "father-in-law",
}  # fmt: skip

# Relations that are no kin or partner: the people one works, studies or lives beside, friends, an ex.
NOT_KIN = frozenset({
    "friend", "best friend", "boss", "manager", "colleague", "supervisor", "coach", "teacher", "doctor", "therapist",
    "landlord", "classmate", "neighbour", "roommate", "cofounder", "ex",
})  # fmt: skip
# Relations a person has only one of at a time: "my wife Priya" supersedes an earlier wife.
# The one person a contact is with, however the relationship is named at the time.
PARTNER_RELATIONS = frozenset({"wife", "husband", "girlfriend", "boyfriend", "partner", "fiance", "fiancee"})
# Who "she" and "he" can be by relation (any other relation may be either): a pronoun naming a relative must fit.
FEMALE_RELATIONS = frozenset({
    "mother", "sister", "daughter", "wife", "girlfriend", "fiancee", "aunt", "niece", "grandmother", "granddaughter",
    "stepmother", "stepdaughter", "stepsister", "mother-in-law", "sister-in-law", "daughter-in-law",
})  # fmt: skip
MALE_RELATIONS = frozenset({
    "father", "brother", "son", "husband", "boyfriend", "fiance", "uncle", "nephew", "grandfather", "grandson",
    "stepfather", "stepson", "stepbrother", "father-in-law", "brother-in-law", "son-in-law",
})  # fmt: skip
SINGULAR_RELATIONS = {
    "mother", "father", "wife", "husband", "girlfriend", "boyfriend", "partner", "fiance", "fiancee", "boss",
}  # fmt: skip

RELATIONSHIP_STATUSES = {
    "married": "married", "single": "single", "engaged": "engaged", "divorced": "divorced",
    "widowed": "widowed", "separated": "separated", "in a relationship": "in a relationship",
    "seeing someone": "in a relationship", "dating someone": "in a relationship",
}  # fmt: skip

IDENTITY_ADJECTIVES = {
    "vegetarian", "vegan", "pescatarian", "pregnant", "retired", "unemployed",
    "introverted", "extroverted", "an introvert", "an extrovert", "left-handed", "deaf", "blind",
    "autistic", "colorblind", "allergic to nuts", "religious", "atheist", "breastfeeding",
    "disabled", "neurodivergent", "trans", "transgender", "non-binary", "nonbinary", "gay", "lesbian", "bisexual",
    "queer", "asexual", "sober", "celibate", "self-employed", "homeschooled", "adopted", "widowed",
    "gluten-free", "gluten free", "dairy-free", "dairy free", "halal", "kosher", "teetotal", "teetotaller",
    "keto", "paleo", "flexitarian", "plant-based", "plant based",
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
    # trades named -ist (a list: "realist", "feminist", "optimist" are views, not jobs)
    "pharmacist", "dentist", "therapist", "physiotherapist", "psychiatrist", "journalist", "physicist",
    "chemist", "artist", "pianist", "violinist", "guitarist", "cellist", "bassist", "florist", "anaesthetist",
    "anesthetist", "specialist", "novelist", "columnist", "cartoonist", "linguist", "nutritionist",
    "hygienist", "optometrist", "orthodontist", "podiatrist", "machinist", "typist", "dietitian", "dietician",
    "archivist", "lobbyist", "publicist", "copywriter", "chiropractor", "radiographer",
    # trades said otherwise, and credentials people give as their job ("Natalie, 45, CPA")
    "printmaker", "cpa", "rn", "emt", "trucker", "signalman", "fireman", "policeman", "policewoman", "cop",
    "lorry driver", "electrician", "labourer", "laborer", "roofer", "plasterer", "bricklayer", "locksmith",
    "seamstress", "jeweller", "jeweler", "potter", "weaver", "runner", "cyclist", "swimmer", "boxer",
    # trades named by what is worked ("a crane operator", "an air traffic controller", "a flight attendant"); not
    # the words that are also an adjective or a habit ("orderly", "fitter", "packer", "picker", "controller")
    "operator", "foreman", "dispatcher", "air traffic controller", "porter", "joiner", "tiler", "decorator",
    "groomer", "lifeguard", "stewardess", "flight attendant", "chauffeur", "mortician", "undertaker", "shepherd",
    "beekeeper", "grocer", "handyman", "shopkeeper", "storekeeper",
}  # fmt: skip

# "I'm a …" that says who one is (jobs are JOB_TITLES).
IDENTITY_NOUNS = {
    "vegetarian", "vegan", "pescatarian", "single mom", "single mum", "single dad", "single parent", "mom", "mum",
    "stay at home mum", "stay at home mom", "stay at home dad", "stay at home parent", "working mum", "working mom",
    "dad", "parent", "new mom", "new mum", "new dad", "first-time mom", "first-time mum", "widow", "widower",
    "grandmother", "grandfather", "grandma", "grandpa", "twin", "introvert", "extrovert", "ambivert", "morning person",
    "night owl", "cat person", "dog person", "christian", "muslim", "hindu", "sikh", "buddhist", "jew", "atheist",
    "diabetic", "retiree", "pensioner", "immigrant", "refugee", "veteran", "carer", "only child", "middle child",
    "perfectionist", "workaholic", "smoker", "non-smoker", "recovering alcoholic", "lefty", "gamer", "foodie",
    "early riser", "early bird", "bookworm", "catholic", "protestant", "mormon", "quaker",
}  # fmt: skip

# Faiths and peoples one says one is, without an article ("I'm Muslim", "I'm half Japanese"): kept as said, capitalised.
FAITHS = {
    "muslim", "christian", "catholic", "protestant", "jewish", "hindu", "sikh", "buddhist", "jain", "mormon",
    "orthodox", "evangelical", "baptist", "methodist", "anglican", "pagan", "agnostic", "quaker",
}  # fmt: skip
PEOPLES = {
    "american", "british", "english", "scottish", "welsh", "irish", "canadian", "australian", "new zealander",
    "kiwi", "mexican", "brazilian", "argentinian", "argentine", "chilean", "colombian", "peruvian", "venezuelan",
    "cuban", "puerto rican", "dominican", "jamaican", "haitian", "french", "german", "italian", "spanish",
    "portuguese", "dutch", "belgian", "swiss", "austrian", "swedish", "norwegian", "danish", "finnish", "icelandic",
    "polish", "czech", "slovak", "hungarian", "romanian", "bulgarian", "greek", "turkish", "ukrainian", "russian",
    "serbian", "croatian", "bosnian", "albanian", "lithuanian", "latvian", "estonian", "georgian", "armenian",
    "iranian", "persian", "iraqi", "syrian", "lebanese", "palestinian", "israeli", "jordanian", "egyptian",
    "moroccan", "algerian", "tunisian", "saudi", "emirati", "yemeni", "afghan", "pakistani", "indian",
    "bangladeshi", "sri lankan", "nepali", "chinese", "japanese", "korean", "taiwanese", "vietnamese", "thai",
    "filipino", "filipina", "indonesian", "malaysian", "singaporean", "nigerian", "ghanaian", "kenyan",
    "ethiopian", "somali", "south african", "zimbabwean", "ugandan", "tanzanian", "congolese", "senegalese",
    "cameroonian", "punjabi", "gujarati", "tamil", "bengali", "kurdish", "latina", "latino", "latinx", "hispanic",
    "black", "mixed race", "biracial", "asian", "arab", "yoruba", "igbo", "hausa", "zulu", "xhosa", "maori", "sami",
    "aboriginal", "indigenous", "romani", "sindhi", "kashmiri", "malayali", "telugu", "aussie", "brit", "scouser",
    "geordie", "brummie", "cockney", "glaswegian", "mancunian", "dubliner", "londoner", "new yorker", "texan",
    "yorkshireman", "yorkshirewoman", "cornish", "manx", "tongan", "samoan", "fijian", "hawaiian", "chamorro",
    "papua new guinean", "eritrean", "sudanese", "rwandan", "burundian", "malawian", "zambian", "mozambican",
    "angolan", "namibian", "ivorian", "malian", "sierra leonean", "liberian", "gambian", "guinean", "beninese",
    "togolese", "libyan", "omani", "qatari", "kuwaiti", "bahraini", "uzbek", "kazakh", "kyrgyz", "tajik", "turkmen",
    "mongolian", "tibetan", "burmese", "cambodian", "laotian", "hmong", "bolivian", "paraguayan", "uruguayan",
    "ecuadorian", "guatemalan", "honduran", "salvadoran", "salvadorean", "nicaraguan", "costa rican", "panamanian",
    "trinidadian", "bajan", "barbadian", "guyanese", "surinamese", "belizean", "bahamian", "slovenian", "slovene",
    "macedonian", "montenegrin", "moldovan", "belarusian", "maltese", "cypriot", "azerbaijani",
}  # fmt: skip
LANGUAGES = {
    "english", "spanish", "french", "german", "italian", "portuguese", "dutch", "polish", "russian", "ukrainian",
    "arabic", "hebrew", "turkish", "persian", "farsi", "urdu", "hindi", "punjabi", "bengali", "tamil", "telugu",
    "marathi", "gujarati", "malayalam", "kannada", "mandarin", "cantonese", "chinese", "japanese", "korean",
    "vietnamese", "thai", "tagalog", "filipino", "indonesian", "malay", "swahili", "yoruba", "igbo", "hausa",
    "amharic", "somali", "greek", "swedish", "norwegian", "danish", "finnish", "czech", "hungarian", "romanian",
    "serbian", "croatian", "bulgarian", "welsh", "irish", "gaelic", "catalan", "basque", "sign language", "bsl",
    "asl", "auslan",
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
    "fibrillation", "afib", "a-fib", "heart failure", "copd", "emphysema", "osteoporosis", "cirrhosis", "sickle cell",
    "cystic fibrosis", "cholesterol", "slipped disc", "herniated disc", "disc problem", "hernia", "reflux", "gerd",
    "ulcer", "ulcers", "angina", "arrhythmia", "neuropathy", "kidney disease", "stroke", "concussion", "tendonitis",
    "rsi", "carpal tunnel", "bronchitis", "pneumonia", "shingles", "diverticulitis", "gallstones", "prediabetes",
    "panic attacks", "seizures", "tendinitis",
}  # fmt: skip

# Conditions said as what one is ("I'm celiac", "type 2 diabetic, on metformin", "lactose intolerant btw").
CONDITION_ADJECTIVES = {
    "diabetic", "prediabetic", "pre-diabetic", "celiac", "coeliac", "lactose intolerant", "gluten intolerant",
    "asthmatic", "epileptic", "anaemic", "anemic", "hypertensive", "insulin dependent", "insulin-dependent",
    "immunocompromised", "hard of hearing", "partially sighted", "visually impaired", "hearing impaired",
}  # fmt: skip

# "I'm on …": medication by name or kind.
MEDICATIONS = {
    "sertraline", "fluoxetine", "citalopram", "escitalopram", "prozac", "zoloft", "lexapro", "venlafaxine",
    "mirtazapine", "bupropion", "wellbutrin", "lithium", "metformin", "insulin", "levothyroxine", "adderall",
    "ritalin", "methylphenidate", "vyvanse", "concerta", "propranolol", "amlodipine", "lisinopril", "statins",
    "warfarin", "tamoxifen", "melatonin",
    # common long-term medicines by generic or brand name (the drug endings in lifestyle.py cover many others)
    "thyronorm", "eltroxin", "euthyrox", "synthroid", "creon", "ventolin", "seretide", "symbicort", "salbutamol",
    "humira", "ozempic", "wegovy", "mounjaro", "januvia", "jardiance", "xarelto", "eliquis", "plavix", "clopidogrel",
    "lipitor", "crestor", "nexium", "gabapentin", "pregabalin", "lyrica", "tramadol", "methotrexate",
    "hydroxychloroquine", "letrozole", "anastrozole", "topiramate", "lamotrigine", "levetiracetam", "keppra",
    "quetiapine", "seroquel", "olanzapine", "aripiprazole", "abilify", "risperidone", "clozapine", "xanax",
    "trazodone", "amitriptyline", "nortriptyline", "cymbalta", "effexor", "elvanse", "strattera", "atomoxetine",
    "guanfacine", "spironolactone", "finasteride", "isotretinoin", "accutane", "estradiol", "progesterone",
    "buprenorphine", "suboxone", "naltrexone", "antabuse", "allopurinol", "furosemide", "aspirin", "paroxetine",
    "eutirox", "metformina", "levotiroxina", "hydroxyurea", "folic acid",
    "blood thinners", "beta blockers", "antidepressants", "antibiotics", "meds", "medication", "the pill",
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

# Pastimes named as nouns ("badminton every morning", "signed up for a pottery class", "fishing is how I switch off").
HOBBY_NOUNS = {
    "badminton", "tennis", "squash", "football", "soccer", "cricket", "rugby", "basketball", "volleyball", "netball",
    "hockey", "baseball", "golf", "bowling", "darts", "snooker", "pool", "chess", "poker", "bridge", "canasta",
    "mahjong", "pétanque", "petanque", "boules", "yoga", "pilates", "zumba", "crossfit", "boxing", "kickboxing",
    "karate", "judo", "taekwondo", "jiu-jitsu", "jiu jitsu", "bjj", "muay thai", "fencing", "archery", "climbing",
    "bouldering", "running", "jogging", "cycling", "swimming", "rowing", "sailing", "surfing", "skiing",
    "snowboarding", "skating", "skateboarding", "hiking", "fishing", "hunting", "gardening", "knitting", "crochet",
    "sewing", "quilting", "embroidery", "pottery", "ceramics", "painting", "drawing", "sketching", "photography",
    "woodworking", "carpentry", "baking", "cooking", "birdwatching", "piano", "guitar", "violin", "cello", "drums",
    "ukulele", "saxophone", "singing", "choir", "dancing", "salsa", "tango", "ballet", "forró", "forro", "capoeira",
    "meditation", "calligraphy", "origami", "scrapbooking", "gaming", "karaoke", "trivia", "quiz night",
    "book club", "volunteering", "dog walking", "table tennis", "ping pong", "padel", "pickleball", "frisbee",
    "kayaking", "canoeing", "diving", "scuba", "horse riding", "riding", "weightlifting", "powerlifting", "the gym",
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
    # idioms and what passes: "I've got this", "I've got your back", "I've got a sore throat", "a flight at 6am"
    "this ", "that ", "it ", "you ", "your ", "him ", "her ", "them ", "us ", "me ", "a point", "a sore ", "sore ",
    "a cough",
    "a hangover", "a fever", "the flu", "flu", "a migraine", "a toothache", "a stomach", "a bad ", "a night shift",
    "a shift", "a flight", "a presentation", "a job interview", "a deadline", "a dentist", "a doctor's", "a test",
    "a party", "a wedding", "a lecture", "a game", "a match", "a training", "practice", "a busy ", "a long day",
    "a vet", "a limp", "a rash", "a tummy", "an upset", "a check-up", "a checkup", "a groomer",
    "an infection", "an ear infection", "a chest infection", "a urine infection", "a kidney infection",
    "a throat infection", "a viral infection", "a stomach bug", "a tummy bug", "a sickness bug", "an allergic reaction",
)  # fmt: skip

# What "I've got …" says whole that is no possession: "I've got this", "ive got you", "I've got it".
HAVE_NOT_WHOLE = frozenset({"this", "that", "it", "you", "him", "her", "them", "us", "me", "one", "mine"})

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

RELATION_WORDS = alternation([*RELATIONS, *PET_SPECIES])
RELATION_ONLY_WORDS = alternation(RELATIONS)
PET_WORDS = alternation(PET_SPECIES)

# Other languages (memories/extraction/languages.py): what a word said in Spanish, Portuguese, French, German, Italian,
# Dutch or romanised Hindi is, in the English vocabulary above; words that vocabulary lacks are kept as English says
# them ("mother-in-law"). Lowercase; German nouns are matched case-insensitively.
FOREIGN_RELATIONS = {
    "es": {
        "madre": "mother", "mamá": "mother", "mama": "mother", "mami": "mother", "padre": "father", "papá": "father",
        "papa": "father", "papi": "father", "esposa": "wife", "mujer": "wife", "esposo": "husband",
        "marido": "husband", "novia": "girlfriend", "novio": "boyfriend", "pareja": "partner",
        "prometida": "fiancee", "prometido": "fiance", "hermana": "sister", "hermano": "brother", "hija": "daughter",
        "hijo": "son", "abuela": "grandmother", "abuelita": "grandmother", "abuelo": "grandfather",
        "abuelito": "grandfather", "tía": "aunt", "tia": "aunt", "tío": "uncle", "tio": "uncle", "prima": "cousin",
        "primo": "cousin", "sobrina": "niece", "sobrino": "nephew", "nieta": "granddaughter", "nieto": "grandson",
        "suegra": "mother-in-law", "suegro": "father-in-law", "mejor amiga": "best friend",
        "mejor amigo": "best friend", "amiga": "friend", "amigo": "friend", "jefa": "boss", "jefe": "boss",
        "compañera de trabajo": "colleague", "compañero de trabajo": "colleague", "colega": "colleague",
        "compañera de piso": "roommate", "compañero de piso": "roommate", "compañera de cuarto": "roommate",
        "compañero de cuarto": "roommate", "vecina": "neighbour", "vecino": "neighbour", "bebé": "child",
        "terapeuta": "therapist", "psicóloga": "therapist", "psicólogo": "therapist",
    },
    "pt": {
        "mãe": "mother", "mae": "mother", "mamãe": "mother", "pai": "father", "papai": "father", "esposa": "wife",
        "mulher": "wife", "esposo": "husband", "marido": "husband", "namorada": "girlfriend",
        "namorado": "boyfriend", "companheira": "partner", "companheiro": "partner", "noiva": "fiancee",
        "noivo": "fiance", "irmã": "sister", "irma": "sister", "irmão": "brother", "irmao": "brother",
        "filha": "daughter", "filho": "son", "avó": "grandmother", "vó": "grandmother", "avô": "grandfather",
        "vô": "grandfather", "tia": "aunt", "tio": "uncle", "prima": "cousin", "primo": "cousin",
        "sobrinha": "niece", "sobrinho": "nephew", "neta": "granddaughter", "neto": "grandson",
        "sogra": "mother-in-law", "sogro": "father-in-law", "melhor amiga": "best friend",
        "melhor amigo": "best friend", "amiga": "friend", "amigo": "friend", "chefe": "boss",
        "colega de trabalho": "colleague", "colega": "colleague", "vizinha": "neighbour", "vizinho": "neighbour",
        "bebê": "child", "bebé": "child", "terapeuta": "therapist", "psicóloga": "therapist",
        "psicólogo": "therapist",
    },
    "fr": {
        "mère": "mother", "maman": "mother", "père": "father", "papa": "father", "femme": "wife",
        "épouse": "wife", "mari": "husband", "époux": "husband", "copine": "girlfriend",
        "petite amie": "girlfriend", "copain": "boyfriend", "petit ami": "boyfriend", "mec": "boyfriend",
        "compagne": "partner", "compagnon": "partner", "conjointe": "partner", "conjoint": "partner",
        "fiancée": "fiancee", "fiancé": "fiance", "soeur": "sister", "sœur": "sister", "frère": "brother",
        "fille": "daughter", "fils": "son", "grand-mère": "grandmother", "mamie": "grandmother",
        "grand-père": "grandfather", "papi": "grandfather", "papy": "grandfather", "tante": "aunt",
        "oncle": "uncle", "cousine": "cousin", "cousin": "cousin", "nièce": "niece", "neveu": "nephew",
        "petite-fille": "granddaughter", "petit-fils": "grandson", "belle-mère": "mother-in-law",
        "beau-père": "father-in-law", "meilleure amie": "best friend", "meilleur ami": "best friend",
        "amie": "friend", "ami": "friend", "patronne": "boss", "patron": "boss", "cheffe": "boss", "chef": "boss",
        "collègue": "colleague", "colocataire": "roommate", "coloc": "roommate", "voisine": "neighbour",
        "voisin": "neighbour", "bébé": "child", "psy": "therapist",
    },
    "de": {
        "mutter": "mother", "mama": "mother", "mami": "mother", "vater": "father", "papa": "father",
        "frau": "wife", "ehefrau": "wife", "mann": "husband", "ehemann": "husband", "freundin": "girlfriend",
        "freund": "boyfriend", "partnerin": "partner", "partner": "partner", "verlobte": "fiancee",
        "verlobter": "fiance", "schwester": "sister", "bruder": "brother", "tochter": "daughter", "sohn": "son",
        "oma": "grandmother", "großmutter": "grandmother", "opa": "grandfather", "großvater": "grandfather",
        "tante": "aunt", "onkel": "uncle", "cousine": "cousin", "cousin": "cousin", "nichte": "niece",
        "neffe": "nephew", "enkelin": "granddaughter", "enkel": "grandson", "schwiegermutter": "mother-in-law",
        "schwiegervater": "father-in-law", "beste freundin": "best friend", "bester freund": "best friend",
        "chefin": "boss", "chef": "boss", "kollegin": "colleague", "kollege": "colleague",
        "mitbewohnerin": "roommate", "mitbewohner": "roommate", "nachbarin": "neighbour", "nachbar": "neighbour",
        "baby": "child", "therapeutin": "therapist", "therapeut": "therapist",
    },
    "it": {
        "madre": "mother", "mamma": "mother", "padre": "father", "papà": "father", "papa": "father",
        "moglie": "wife", "marito": "husband", "ragazza": "girlfriend", "fidanzata": "girlfriend",
        "ragazzo": "boyfriend", "fidanzato": "boyfriend", "compagna": "partner", "compagno": "partner",
        "sorella": "sister", "fratello": "brother", "figlia": "daughter", "figlio": "son", "nonna": "grandmother",
        "nonno": "grandfather", "zia": "aunt", "zio": "uncle", "cugina": "cousin", "cugino": "cousin",
        "nipote": "niece", "suocera": "mother-in-law", "suocero": "father-in-law", "migliore amica": "best friend",
        "migliore amico": "best friend", "amica": "friend", "amico": "friend", "capo": "boss",
        "collega": "colleague", "coinquilina": "roommate", "coinquilino": "roommate", "vicina": "neighbour",
        "vicino": "neighbour", "terapeuta": "therapist",
    },
    "hi": {
        "maa": "mother", "maaa": "mother", "mummy": "mother", "mumma": "mother", "ammi": "mother", "mata": "mother",
        "papa": "father", "pappa": "father", "pitaji": "father", "abbu": "father", "biwi": "wife", "patni": "wife",
        "pati": "husband", "shauhar": "husband", "mangetar": "fiance", "behen": "sister", "behan": "sister",
        "didi": "sister", "bhai": "brother", "bhaiya": "brother", "bhaiyya": "brother", "beta": "son",
        "beti": "daughter", "nani": "grandmother", "dadi": "grandmother", "nana": "grandfather",
        "dada": "grandfather", "naniji": "grandmother", "dadiji": "grandmother", "nanaji": "grandfather",
        "dadaji": "grandfather", "chachi": "aunt", "mausi": "aunt", "bua": "aunt", "mami": "aunt", "chacha": "uncle",
        "mama": "uncle", "tauji": "uncle", "mausa": "uncle", "saas": "mother-in-law", "sasur": "father-in-law",
        "dost": "friend", "saheli": "friend",
    },
    # "mijn vriend" / "mijn vriendin" is one's partner ("een vriend van mij" is a friend, and has no "mijn")
    "nl": {
        "moeder": "mother", "mama": "mother", "mam": "mother", "ma": "mother", "vader": "father", "papa": "father",
        "pap": "father", "pa": "father", "vrouw": "wife", "echtgenote": "wife", "man": "husband",
        "echtgenoot": "husband", "vriend": "boyfriend", "vriendje": "boyfriend", "vriendin": "girlfriend",
        "vriendinnetje": "girlfriend", "partner": "partner", "verloofde": "fiance", "zus": "sister",
        "zusje": "sister", "zuster": "sister", "tweelingzus": "sister", "broer": "brother", "broertje": "brother",
        "tweelingbroer": "brother", "dochter": "daughter", "dochtertje": "daughter", "zoon": "son", "zoontje": "son",
        "kind": "child", "kindje": "child", "baby": "child", "oma": "grandmother", "grootmoeder": "grandmother",
        "opa": "grandfather", "grootvader": "grandfather", "tante": "aunt", "oom": "uncle", "nicht": "niece",
        "neef": "nephew", "kleindochter": "granddaughter", "kleinzoon": "grandson", "kleinkind": "grandchild",
        "schoonmoeder": "mother-in-law", "schoonvader": "father-in-law", "schoonzus": "sister-in-law",
        "zwager": "brother-in-law", "schoonzoon": "son-in-law", "schoondochter": "daughter-in-law",
        "stiefzoon": "stepson", "stiefdochter": "stepdaughter", "stiefmoeder": "stepmother",
        "stiefvader": "stepfather", "stiefbroer": "stepbrother", "stiefzus": "stepsister", "stiefkind": "stepchild",
        "beste vriend": "best friend", "beste vriendin": "best friend", "maat": "friend",
        "baas": "boss", "leidinggevende": "manager", "manager": "manager", "collega": "colleague",
        "huisgenoot": "roommate", "huisgenote": "roommate", "buurvrouw": "neighbour", "buurman": "neighbour",
        "therapeut": "therapist", "therapeute": "therapist", "psycholoog": "therapist", "psychologe": "therapist",
        "ex": "ex", "ex-vrouw": "ex", "ex-man": "ex", "ex-vriend": "ex", "ex-vriendin": "ex", "ex-partner": "ex",
    },
}  # fmt: skip
# Kin a romanised Hindi sentence names without "my" ("nani ki yaad aa rahi hai"): only words that mean nothing else.
HINDI_BARE_KIN = frozenset({"nani", "nana", "dadi", "dadaji", "naniji", "nanaji", "dadiji", "mummy", "pitaji",
                            "chacha", "chachi", "mausi", "bua", "tauji", "didi", "bhaiya"})  # fmt: skip
FOREIGN_PET_SPECIES = {
    "es": {"perro": "dog", "perrita": "dog", "perrito": "dog", "perra": "dog", "gato": "cat", "gata": "cat",
           "gatito": "cat", "gatita": "cat", "loro": "parrot", "pájaro": "bird", "conejo": "rabbit",
           "hámster": "hamster", "tortuga": "turtle", "caballo": "horse", "pez": "fish"},
    "pt": {"cachorro": "dog", "cachorra": "dog", "cachorrinho": "dog", "cão": "dog", "cadela": "dog",
           "gato": "cat", "gata": "cat", "gatinho": "cat", "gatinha": "cat", "papagaio": "parrot",
           "pássaro": "bird", "coelho": "rabbit", "hamster": "hamster", "tartaruga": "turtle", "cavalo": "horse"},
    "fr": {"chien": "dog", "chienne": "dog", "chiot": "dog", "chat": "cat", "chatte": "cat", "chaton": "cat",
           "perroquet": "parrot", "oiseau": "bird", "lapin": "rabbit", "hamster": "hamster", "tortue": "turtle",
           "cheval": "horse"},
    "de": {"hund": "dog", "hündin": "dog", "welpe": "dog", "katze": "cat", "kater": "cat", "kätzchen": "cat",
           "papagei": "parrot", "vogel": "bird", "kaninchen": "rabbit", "hase": "rabbit", "hamster": "hamster",
           "schildkröte": "turtle", "pferd": "horse"},
    "it": {"cane": "dog", "cagnolino": "dog", "cagnolina": "dog", "cagna": "dog", "gatto": "cat", "gatta": "cat",
           "gattino": "cat", "gattina": "cat", "pappagallo": "parrot", "uccellino": "bird", "coniglio": "rabbit",
           "criceto": "hamster", "tartaruga": "turtle", "cavallo": "horse"},
    "hi": {"kutta": "dog", "kutte": "dog", "kutiya": "dog", "billi": "cat", "tota": "parrot", "tote": "parrot",
           "khargosh": "rabbit"},
    "nl": {"hond": "dog", "hondje": "dog", "pup": "dog", "puppy": "dog", "labrador": "dog", "herder": "dog",
           "herdershond": "dog", "teckel": "dog", "poedel": "dog", "beagle": "dog", "kooikerhondje": "dog",
           "kat": "cat", "katje": "cat", "poes": "cat", "poesje": "cat", "kater": "cat", "kitten": "cat",
           "papegaai": "parrot", "parkiet": "bird", "vogel": "bird", "kanarie": "bird", "konijn": "rabbit",
           "konijntje": "rabbit", "hamster": "hamster", "cavia": "guinea pig", "schildpad": "turtle", "paard": "horse",
           "pony": "horse", "vis": "fish", "goudvis": "fish", "slang": "snake", "hagedis": "lizard", "fret": "ferret"},
}  # fmt: skip
# Greetings an introduction may follow ("olá! sou a Sofia", "namaste, main Nadia hoon").
FOREIGN_GREETINGS = (
    "hola", "buenas", "buenos días", "buenas tardes", "buenas noches", "qué onda", "que onda", "qué tal", "que tal",
    "olá", "ola", "oi", "oie", "bom dia", "boa tarde", "boa noite", "e aí", "bonjour", "bonsoir", "salut",
    "coucou", "hallo", "moin", "servus", "guten tag", "guten morgen", "guten abend", "ciao", "salve", "buongiorno",
    "buonasera", "namaste", "namaskar", "pranam", "hi", "hey", "hello", "yo", "so", "ok", "bueno", "pues", "bom",
    "alors", "also", "allora", "achha", "acha", "ji", "hoi", "hoii", "hee", "heey", "goedemorgen",
    "goeiemorgen", "goedemiddag", "goedenavond", "oké", "nou",
)  # fmt: skip
# Capitalised words that are not a name after "soy"/"sou"/"je suis"/"ich bin"/"sono" or a relation word: states,
# nationalities, professions and function words people capitalise.
FOREIGN_NOT_NAMES = frozenset({
    "el", "la", "los", "las", "lo", "un", "una", "uno", "y", "e", "o", "que", "muy", "de", "del", "en", "es",
    "est", "le", "les", "et", "ou", "qui", "très", "der", "die", "das", "den", "dem", "ein", "eine", "und", "ist",
    "hat", "sehr", "nicht", "il", "ed", "è", "hai", "hain", "hoon", "aur", "bhi", "ne", "ka", "ki", "ke", "se",
    "também", "tambem", "también", "aussi", "auch", "anche", "nuevo", "nueva", "novo", "nova", "nouveau",
    "nouvelle", "neu", "neue", "nuovo", "nuova",
    "mexicano", "mexicana", "español", "española", "brasileiro", "brasileira", "portugués", "portuguesa",
    "português", "français", "française", "francés", "allemand", "allemande", "deutscher", "deutsche",
    "italiano", "italiana", "italien", "italienne", "indio", "india", "indien", "indienne", "indiano", "indiana",
    "estudiante", "estudante", "étudiant", "étudiante", "student", "studentin", "studente", "studentessa",
    "profesor", "profesora", "professor", "professora", "professeur", "professeure", "lehrer", "lehrerin",
    "médico", "médica", "médecin", "arzt", "ärztin", "medico", "ingeniero", "ingeniera", "engenheiro",
    "engenheira", "ingénieur", "ingénieure", "ingenieur", "ingenieurin", "ingegnere", "enfermera", "enfermero",
    "enfermeira", "infirmière", "infirmier", "rentner", "rentnerin", "vegetariano", "vegetariana",
    "végétarien", "végétarienne", "vegetarier", "vegetarierin", "vegano", "vegana", "vegan", "veganer",
    "veganerin", "soltero", "soltera", "solteiro", "solteira", "célibataire", "single", "casado", "casada",
    "marié", "mariée", "verheiratet", "sposato", "sposata", "mamá", "mãe", "maman", "mutter", "mamma",
    "él", "ella", "ele", "ela", "elle", "er", "sie", "lui", "lei", "woh", "wo", "usne", "hoy", "ayer", "hoje",
    "ontem", "hier", "gestern", "heute", "ieri", "oggi", "kal", "aaj", "finalmente", "enfin", "endlich",
    "het", "een", "ook", "nog", "echt", "heel", "erg", "niet", "geen", "wel", "weer", "nu", "toch", "gewoon",
    "eigenlijk", "eindelijk", "gisteren", "vandaag", "nederlands", "nederlandse", "nederlander",
    "hollander", "hollandse", "belg", "belgisch", "belgische", "vlaams", "vlaamse", "vlaming", "fries", "friese",
    "duits", "duitse", "turks", "turkse", "marokkaans", "marokkaanse", "surinaams", "surinaamse",
    "gepensioneerd", "werkloos", "vegetariër", "veganist", "getrouwd", "gescheiden", "verloofd", "vrijgezel",
    "moeder", "vader", "hij", "zij", "ze", "wij", "jij",
    # where one is from or what one believes, said after "ik ben", "ich bin", "soy" ("Ik ben Amsterdammer")
    "amsterdammer", "amsterdamse", "rotterdammer", "rotterdamse", "hagenaar", "haagse", "utrechter", "utrechtse",
    "brabander", "brabantse", "limburger", "limburgse", "groninger", "groningse", "zeeuw", "zeeuwse", "tukker",
    "twentenaar", "drent", "drentse", "gelderse", "hollands", "antwerpenaar", "gentenaar", "brusselaar",
    "amerikaan", "amerikaanse", "marokkaan", "turk", "surinamer", "antilliaan", "antilliaanse", "pool", "chinees",
    "chinese", "engels", "engelse", "brit", "britse", "frans", "franse", "spaans", "spaanse", "italiaans",
    "italiaanse", "pools", "poolse", "portugees", "portugese", "moslim", "moslima", "christen", "christelijk",
    "katholiek", "katholieke", "protestant", "protestants", "joods", "joodse", "jood", "hindoe", "boeddhist",
    "atheïst", "atheist", "agnost", "gelovig", "muslim", "muslima", "moslem", "christ", "christin", "katholik",
    "katholikin", "jude", "jüdin", "atheistin", "musulmán", "musulmana", "musulman", "musulmane", "musulmano",
    "católico", "católica", "catholique", "cattolico", "cattolica", "berliner", "berlinerin", "münchner",
    "kölner", "hamburger", "wiener", "wienerin", "parisien", "parisienne", "madrileño", "madrileña",
})  # fmt: skip
# "estoy casada", "je suis célibataire", "ich bin verlobt": the statuses of RELATIONSHIP_STATUSES, said in these
# languages (either gender).
FOREIGN_RELATIONSHIP_STATUSES = {
    "casado": "married", "casada": "married", "soltero": "single", "soltera": "single", "solteiro": "single",
    "solteira": "single", "divorciado": "divorced", "divorciada": "divorced", "comprometido": "engaged",
    "comprometida": "engaged", "noivo": "engaged", "noiva": "engaged", "separado": "separated",
    "separada": "separated", "viudo": "widowed", "viuda": "widowed", "viúvo": "widowed", "viúva": "widowed",
    "en una relación": "in a relationship", "en pareja": "in a relationship", "namorando": "in a relationship",
    "marié": "married", "mariée": "married", "célibataire": "single", "divorcé": "divorced", "divorcée": "divorced",
    "fiancé": "engaged", "fiancée": "engaged", "séparé": "separated", "séparée": "separated", "veuf": "widowed",
    "veuve": "widowed", "en couple": "in a relationship", "verheiratet": "married", "ledig": "single",
    "single": "single", "geschieden": "divorced", "verlobt": "engaged", "getrennt": "separated",
    "verwitwet": "widowed", "vergeben": "in a relationship", "in einer beziehung": "in a relationship",
    "sposato": "married", "sposata": "married", "divorziato": "divorced", "divorziata": "divorced",
    "fidanzato": "engaged", "fidanzata": "engaged", "separato": "separated", "separata": "separated",
    "vedovo": "widowed", "vedova": "widowed", "married": "married", "engaged": "engaged", "divorced": "divorced",
    "shaadishuda": "married", "shaadi": "married", "sagai": "engaged",
    "getrouwd": "married", "gehuwd": "married", "gescheiden": "divorced", "verloofd": "engaged",
    "vrijgezel": "single", "weduwe": "widowed", "weduwnaar": "widowed", "relatie": "in a relationship",
}  # fmt: skip
# "soy enfermera", "je suis infirmière", "ich bin Lehrerin", "sono medico": what one works as, said with "I am" in
# these languages (either gender); kept as written, like the roles "trabajo como …" gives. Not students: a student is
# no job (English reads "I'm a student" as what one is).
FOREIGN_JOB_TITLES = {
    "es": frozenset({
        "médico", "médica", "doctor", "doctora", "enfermero", "enfermera", "profesor", "profesora", "maestro",
        "maestra", "ingeniero", "ingeniera", "abogado", "abogada", "arquitecto", "arquitecta", "contador", "contadora",
        "contable", "programador", "programadora", "desarrollador", "desarrolladora", "diseñador", "diseñadora",
        "periodista", "psicólogo", "psicóloga", "dentista", "farmacéutico", "farmacéutica", "veterinario",
        "veterinaria", "cocinero", "cocinera", "chef", "camarero", "camarera", "mesero", "mesera", "policía", "bombero",
        "bombera", "electricista", "fontanero", "plomero", "mecánico", "mecánica", "carpintero", "carpintera",
        "peluquero", "peluquera", "investigador", "investigadora", "científico", "científica", "economista",
        "traductor", "traductora", "fotógrafo", "fotógrafa", "escritor", "escritora", "actor", "actriz", "vendedor",
        "vendedora", "cajero", "cajera", "taxista", "camionero", "camionera", "recepcionista", "secretario",
        "secretaria", "gerente", "funcionario", "funcionaria", "fisioterapeuta", "nutricionista", "analista",
        "consultor", "consultora", "agricultor", "agricultora", "piloto", "azafata", "cuidador", "cuidadora", "niñera",
        "panadero", "panadera", "albañil", "repartidor", "repartidora", "cirujano", "cirujana", "matrona", "pediatra",
        "psiquiatra", "trabajador social", "trabajadora social",
    }),
    "pt": frozenset({
        "médico", "médica", "enfermeiro", "enfermeira", "professor", "professora", "engenheiro", "engenheira",
        "advogado", "advogada", "arquiteto", "arquiteta", "arquitecto", "arquitecta", "contador", "contadora",
        "programador", "programadora", "desenvolvedor", "desenvolvedora", "designer", "jornalista", "psicólogo",
        "psicóloga", "dentista", "farmacêutico", "farmacêutica", "veterinário", "veterinária", "cozinheiro",
        "cozinheira", "chef", "garçom", "garçonete", "policial", "polícia", "bombeiro", "bombeira", "eletricista",
        "electricista", "encanador", "canalizador", "mecânico", "mecânica", "carpinteiro", "cabeleireiro",
        "cabeleireira", "pesquisador", "pesquisadora", "investigador", "investigadora", "cientista", "economista",
        "tradutor", "tradutora", "fotógrafo", "fotógrafa", "escritor", "escritora", "ator", "atriz", "vendedor",
        "vendedora", "motorista", "taxista", "caminhoneiro", "recepcionista", "secretário", "secretária", "gerente",
        "funcionário público", "funcionária pública", "fisioterapeuta", "nutricionista", "analista", "consultor",
        "consultora", "agricultor", "agricultora", "piloto", "cuidador", "cuidadora", "babá", "padeiro", "padeira",
        "pedreiro", "entregador", "entregadora", "cirurgião", "cirurgiã", "parteira", "pediatra", "psiquiatra",
        "assistente social",
    }),
    "fr": frozenset({
        "médecin", "docteur", "infirmier", "infirmière", "professeur", "professeure", "prof", "enseignant",
        "enseignante", "instituteur", "institutrice", "ingénieur", "ingénieure", "avocat", "avocate", "architecte",
        "comptable", "développeur", "développeuse", "programmeur", "programmeuse", "designer", "graphiste",
        "journaliste", "psychologue", "dentiste", "pharmacien", "pharmacienne", "vétérinaire", "cuisinier",
        "cuisinière", "chef", "serveur", "serveuse", "policier", "policière", "pompier", "électricien", "électricienne",
        "plombier", "mécanicien", "mécanicienne", "menuisier", "charpentier", "coiffeur", "coiffeuse", "chercheur",
        "chercheuse", "scientifique", "économiste", "traducteur", "traductrice", "photographe", "écrivain", "écrivaine",
        "acteur", "actrice", "vendeur", "vendeuse", "caissier", "caissière", "chauffeur", "routier", "réceptionniste",
        "secrétaire", "gérant", "gérante", "fonctionnaire", "kiné", "kinésithérapeute", "nutritionniste", "diététicien",
        "diététicienne", "analyste", "consultant", "consultante", "agriculteur", "agricultrice", "pilote",
        "aide-soignant", "aide-soignante", "nounou", "boulanger", "boulangère", "boucher", "bouchère", "maçon",
        "livreur", "livreuse", "chirurgien", "chirurgienne", "sage-femme", "pédiatre", "psychiatre",
        "assistante sociale", "assistant social",
    }),
    "de": frozenset({
        "arzt", "ärztin", "krankenpfleger", "krankenschwester", "pfleger", "pflegerin", "lehrer", "lehrerin",
        "ingenieur", "ingenieurin", "anwalt", "anwältin", "rechtsanwalt", "rechtsanwältin", "architekt", "architektin",
        "buchhalter", "buchhalterin", "programmierer", "programmiererin", "entwickler", "entwicklerin",
        "softwareentwickler", "softwareentwicklerin", "designer", "designerin", "journalist", "journalistin",
        "psychologe", "psychologin", "zahnarzt", "zahnärztin", "apotheker", "apothekerin", "tierarzt", "tierärztin",
        "koch", "köchin", "kellner", "kellnerin", "polizist", "polizistin", "feuerwehrmann", "elektriker",
        "elektrikerin", "klempner", "installateur", "mechaniker", "mechanikerin", "tischler", "tischlerin", "schreiner",
        "friseur", "friseurin", "forscher", "forscherin", "wissenschaftler", "wissenschaftlerin", "übersetzer",
        "übersetzerin", "fotograf", "fotografin", "schriftsteller", "schriftstellerin", "schauspieler",
        "schauspielerin", "verkäufer", "verkäuferin", "kassierer", "kassiererin", "busfahrer", "taxifahrer",
        "lkw-fahrer", "sekretär", "sekretärin", "beamter", "beamtin", "physiotherapeut", "physiotherapeutin", "berater",
        "beraterin", "landwirt", "landwirtin", "pilot", "pilotin", "flugbegleiter", "flugbegleiterin", "erzieher",
        "erzieherin", "bäcker", "bäckerin", "metzger", "metzgerin", "maurer", "chirurg", "chirurgin", "hebamme",
        "kinderarzt", "kinderärztin", "psychiater", "psychiaterin", "sozialarbeiter", "sozialarbeiterin",
        "altenpfleger", "altenpflegerin",
    }),
    "it": frozenset({
        "medico", "medica", "dottore", "dottoressa", "infermiere", "infermiera", "insegnante", "professore",
        "professoressa", "maestro", "maestra", "ingegnere", "avvocato", "avvocata", "architetto", "architetta",
        "commercialista", "contabile", "programmatore", "programmatrice", "sviluppatore", "sviluppatrice", "designer",
        "giornalista", "psicologo", "psicologa", "dentista", "farmacista", "veterinario", "veterinaria", "cuoco",
        "cuoca", "chef", "cameriere", "cameriera", "poliziotto", "poliziotta", "vigile del fuoco", "pompiere",
        "elettricista", "idraulico", "meccanico", "falegname", "parrucchiere", "parrucchiera", "ricercatore",
        "ricercatrice", "scienziato", "scienziata", "economista", "traduttore", "traduttrice", "fotografo", "fotografa",
        "scrittore", "scrittrice", "attore", "attrice", "commesso", "commessa", "cassiere", "cassiera", "autista",
        "tassista", "camionista", "segretario", "segretaria", "impiegato", "impiegata", "fisioterapista",
        "nutrizionista", "analista", "consulente", "agricoltore", "pilota", "hostess", "badante", "panettiere",
        "macellaio", "muratore", "chirurgo", "pediatra", "psichiatra", "assistente sociale", "operaio", "operaia",
    }),
    "nl": frozenset({
        "arts", "huisarts", "dokter", "verpleegkundige", "verpleger", "verpleegster", "leraar", "lerares", "docent",
        "docente", "juf", "onderwijzer", "onderwijzeres", "ingenieur", "advocaat", "advocate", "architect",
        "architecte", "boekhouder", "boekhoudster", "accountant", "programmeur", "ontwikkelaar",
        "softwareontwikkelaar", "webdeveloper", "developer", "ontwerper", "ontwerpster", "designer", "vormgever",
        "grafisch ontwerper", "journalist", "journaliste", "psycholoog", "psychologe", "tandarts", "apotheker",
        "dierenarts", "kok", "chef-kok", "ober", "serveerster", "barista", "barman", "politieagent", "agent", "agente",
        "brandweerman", "brandweervrouw", "elektricien", "loodgieter", "monteur", "automonteur", "timmerman",
        "kapper", "kapster", "onderzoeker", "onderzoekster", "wetenschapper", "econoom", "vertaler", "vertaalster",
        "tolk", "fotograaf", "schrijver", "schrijfster", "acteur", "actrice", "verkoper", "verkoopster", "caissière",
        "chauffeur", "buschauffeur", "taxichauffeur", "vrachtwagenchauffeur", "secretaresse", "secretaris",
        "receptionist", "receptioniste", "ambtenaar", "fysiotherapeut", "fysiotherapeute", "diëtist", "diëtiste",
        "analist", "consultant", "adviseur", "adviseuse", "boer", "boerin", "piloot", "stewardess", "steward",
        "bakker", "slager", "metselaar", "bouwvakker", "schilder", "stukadoor", "hovenier", "chirurg", "verloskundige",
        "kraamverzorgster", "kinderarts", "psychiater", "maatschappelijk werker", "jongerenwerker", "zorgmedewerker",
        "verzorgende", "verzorger", "verzorgster", "pedagogisch medewerker", "pedagogisch medewerkster",
        "doktersassistent", "doktersassistente", "tandartsassistent", "tandartsassistente", "logopedist",
        "logopediste", "ergotherapeut", "postbode", "bezorger", "pakketbezorger", "schoonmaker", "schoonmaakster",
        "beveiliger", "conducteur", "machinist", "militair", "notaris", "makelaar", "bibliothecaris", "trainer",
        "zwemleraar", "zwemlerares", "zweminstructeur", "zweminstructrice", "muzikant", "kunstenaar", "kunstenares",
        "projectmanager", "gastouder", "oppas",
    }),
}  # fmt: skip
# "tengo asma", "j'ai du diabète", "ich habe Migräne": a condition named in these languages → its English name (the
# fact's words and slot are English's: "Has asthma", health:asthma).
FOREIGN_CONDITIONS = {
    "es": {"asma": "asthma", "diabetes": "diabetes", "migraña": "migraines", "migrañas": "migraines",
           "ansiedad": "anxiety", "depresión": "depression", "epilepsia": "epilepsy", "hipertensión": "hypertension",
           "la presión alta": "high blood pressure", "tdah": "ADHD", "artritis": "arthritis", "insomnio": "insomnia",
           "celiaquía": "coeliac disease", "endometriosis": "endometriosis", "fibromialgia": "fibromyalgia",
           "hipotiroidismo": "hypothyroidism", "autismo": "autism", "colon irritable": "IBS"},
    "pt": {"asma": "asthma", "diabetes": "diabetes", "enxaqueca": "migraines", "enxaquecas": "migraines",
           "ansiedade": "anxiety", "depressão": "depression", "epilepsia": "epilepsy", "hipertensão": "hypertension",
           "pressão alta": "high blood pressure", "tdah": "ADHD", "artrite": "arthritis", "insónia": "insomnia",
           "insônia": "insomnia", "doença celíaca": "coeliac disease", "endometriose": "endometriosis",
           "fibromialgia": "fibromyalgia", "hipotireoidismo": "hypothyroidism", "autismo": "autism"},
    "fr": {"asthme": "asthma", "diabète": "diabetes", "migraine": "migraines", "migraines": "migraines",
           "anxiété": "anxiety", "dépression": "depression", "épilepsie": "epilepsy", "hypertension": "hypertension",
           "tdah": "ADHD", "arthrite": "arthritis", "insomnie": "insomnia", "maladie cœliaque": "coeliac disease",
           "maladie coeliaque": "coeliac disease", "endométriose": "endometriosis", "fibromyalgie": "fibromyalgia",
           "hypothyroïdie": "hypothyroidism", "autisme": "autism"},
    "de": {"asthma": "asthma", "diabetes": "diabetes", "migräne": "migraines", "angststörung": "anxiety disorder",
           "depressionen": "depression", "depression": "depression", "epilepsie": "epilepsy",
           "bluthochdruck": "high blood pressure", "adhs": "ADHD", "arthritis": "arthritis",
           "schlafstörungen": "insomnia", "zöliakie": "coeliac disease", "endometriose": "endometriosis",
           "fibromyalgie": "fibromyalgia", "schilddrüsenunterfunktion": "hypothyroidism", "autismus": "autism",
           "reizdarm": "IBS"},
    "it": {"asma": "asthma", "diabete": "diabetes", "emicrania": "migraines", "l'emicrania": "migraines",
           "ansia": "anxiety", "depressione": "depression", "epilessia": "epilepsy", "ipertensione": "hypertension",
           "adhd": "ADHD", "artrite": "arthritis", "insonnia": "insomnia", "celiachia": "coeliac disease",
           "endometriosi": "endometriosis", "fibromialgia": "fibromyalgia", "ipotiroidismo": "hypothyroidism",
           "autismo": "autism"},
    # a lasting condition said with "een" is one too ("ik heb een trage schildklier")
    "nl": {"astma": "asthma", "diabetes": "diabetes", "suikerziekte": "diabetes", "migraine": "migraines",
           "een angststoornis": "anxiety disorder", "angststoornis": "anxiety disorder", "depressie": "depression",
           "een depressie": "depression", "epilepsie": "epilepsy", "hoge bloeddruk": "high blood pressure",
           "een hoge bloeddruk": "high blood pressure", "adhd": "ADHD", "autisme": "autism", "artritis": "arthritis",
           "artrose": "osteoarthritis", "reuma": "rheumatism", "slapeloosheid": "insomnia",
           "coeliakie": "coeliac disease", "endometriose": "endometriosis", "fibromyalgie": "fibromyalgia",
           "een trage schildklier": "hypothyroidism", "prikkelbaredarmsyndroom": "IBS",
           "prikkelbare darm syndroom": "IBS", "een prikkelbare darm": "IBS", "pds": "IBS",
           "ziekte van crohn": "Crohn's disease", "multiple sclerose": "multiple sclerosis", "psoriasis": "psoriasis",
           "eczeem": "eczema", "hooikoorts": "hay fever", "pcos": "PCOS", "copd": "COPD", "long covid": "long covid",
           "chronische vermoeidheid": "chronic fatigue", "dyslexie": "dyslexia", "tinnitus": "tinnitus",
           "ptss": "PTSD", "een dwangstoornis": "OCD", "ocd": "OCD", "een bipolaire stoornis": "bipolar disorder",
           "lactose-intolerantie": "lactose intolerance", "lactoseintolerantie": "lactose intolerance",
           "jicht": "gout", "kanker": "cancer", "borstkanker": "breast cancer"},
}  # fmt: skip
