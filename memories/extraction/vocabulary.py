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
    "autistic", "colorblind", "lactose intolerant", "allergic to nuts", "religious", "atheist",
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
    "classes", "homework", "to go", "a call", "an idea", "an appointment", "the",
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
