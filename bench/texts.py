"""Realistic memory texts and questions for the scale benchmarks (bench/seed.py, load.py, peer.py).

The pool: a few tens of thousands of distinct memory texts as the extraction and consolidation write them —
facts ("Works at Infosys"), preferences ("Can't stand traffic jams"), episodes (a user message, "Luna chewed
the sofa cushion this morning lol") and patterns ("Often talks about work stress in the evenings") — each
tagged with the entity it mentions (``pet:Luna``, ``sister:Priya``, ``workplace:Infosys``, ``city:Pune``) or
none. A contact picks one entity of each kind and its memories come from its own entities' texts and the
generic ones, so names vary across contacts and stay consistent within one.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass

from bench.growth_year import (
    ADJ,
    BOOK,
    BOOK_NOTE,
    BRUNO_DID,
    FOOD,
    FOOD_NOTE,
    FOOD_VERB,
    FOOD_WHEN,
    MOM_DID,
    OUT_NOTE,
    OUT_WHEN,
    OUT_WHERE,
    OUT_WHO,
    PET_TAIL,
    PREF_OBJECTS,
    PRIYA_HOW,
    PRIYA_WHAT,
    SHOW,
    TOPIC,
    WHEN,
    WORK_MOOD,
    WORK_WHY,
)

ENTITIES = {
    "pet": ["Bruno", "Luna", "Coco", "Max", "Milo", "Simba", "Daisy", "Oscar"],
    "sister": ["Priya", "Anu", "Sara", "Meera", "Kavya", "Lena", "Nisha", "Emma"],
    "workplace": ["Infosys", "Google", "TCS", "Flipkart", "Wipro", "Zomato", "Accenture", "Swiggy"],
    "city": ["Pune", "Bangalore", "Chennai", "Mumbai", "Hyderabad", "Delhi", "Kochi", "Jaipur"],
}
NAMES = ["Arjun", "Meera", "Ravi", "Divya", "Karthik", "Neha", "Sam", "Lena", "Rahul", "Sneha", "Vikram", "Ananya",
         "Rohan", "Ishita", "Aditya", "Pooja", "Nikhil", "Aisha", "Dev", "Tara"]  # fmt: skip
TYPE_COUNTS = {"fact": 25, "preference": 15, "episode": 50, "pattern": 10}  # per 100 memories
BREEDS = ["golden retriever", "beagle", "labrador", "pug", "indie dog", "german shepherd"]
JOBS = ["doctor", "teacher", "lawyer", "nurse", "architect", "student"]
ROLES = ["developer", "designer", "product manager", "data analyst", "QA engineer", "team lead"]
LIKE = ["Loves", "Likes", "Enjoys", "Really likes", "Hates", "Dislikes", "Can't stand", "Prefers"]
CITY_DAY = ["The traffic in {city} was a nightmare {when}", "It rained nonstop in {city} {when}",
            "Power cut for {n} hours in {city} {when}", "The weather in {city} is lovely {when}",
            "Found a great new cafe in {city} {when}", "Got stuck in a {city} traffic jam {when}"]  # fmt: skip
GENERIC_FACTS = ["Is vegetarian", "Plays the guitar, badly", "Favourite colour is {colour}", "Is {n}9 years old",
                 "Has a Royal Enfield bike", "Hobby is photography", "Is an introvert", "Dad is a retired teacher",
                 "Mom lives in {city}", "Is originally from {city}", "Birthday is on {n} March",
                 "Best friend {name} works at {work}", "Roommate {name} is a chef", "Is learning {topic}"]  # fmt: skip
COLOURS = ["blue", "green", "red", "black", "yellow"]
LEARNING = ["Spanish", "the piano", "to swim", "pottery", "salsa", "Python"]
PATTERN_TOPICS = ["work stress", "cooking", "family", "fitness", "money", "travel plans", "old friends", "movies"]
PATTERN_TIMES = ["in the evenings", "late at night", "on weekends", "on Monday mornings", "after work"]
HOURS = ["10pm–12am", "7am–9am", "1pm–3pm", "6pm–8pm", "11pm–1am"]

# Questions a chat engine asks /context with (the user's message, or what the assistant wants to know).
QUESTIONS = {
    "pet": ["how is {pet} doing?", "is {pet} feeling better?", "what did {pet} do this time?",
            "does {name} have a dog?", "what's the dog's name?"],
    "sister": ["how is {sister} doing?", "what does {name}'s sister do?", "any news from {sister}?",
               "where does her sister live?"],
    "workplace": ["where does {name} work?", "how is work at {workplace} going?", "is {name} stressed at work?",
                  "what does {name} do for a living?"],
    "city": ["where does {name} live?", "how is the weather in {city}?", "is {name} still in {city}?"],
    "generic": ["what does {name} like to eat?", "any food {name} hates?", "what should I recommend for dinner?",
                "what does {name} do on weekends?", "how has {name} been feeling lately?",
                "what music does {name} like?",
                "when is {name}'s birthday?", "what hobbies does {name} have?", "what did {name} do last weekend?"],
}  # fmt: skip
OPENINGS = ["", "hey, ", "quick one: ", "btw ", "so ", "remind me, ", "hmm ", "ok and "]
CLOSINGS = ["", " lately", " these days", " this week", " now", " again"]


@dataclass(frozen=True)
class PoolText:
    memory_type: str
    content: str
    entity: str  # "pet:Luna", "sister:Priya", "workplace:Infosys", "city:Pune" or ""


@dataclass(frozen=True)
class Persona:
    """One contact's name and entities; its memories and questions are drawn from these."""

    name: str
    pet: str
    sister: str
    workplace: str
    city: str

    def entity_keys(self) -> list[str]:
        return [f"pet:{self.pet}", f"sister:{self.sister}", f"workplace:{self.workplace}", f"city:{self.city}"]


def persona(rng: random.Random) -> Persona:
    name = rng.choice(NAMES)
    sister = rng.choice([sister for sister in ENTITIES["sister"] if sister != name])
    return Persona(name, rng.choice(ENTITIES["pet"]), sister, rng.choice(ENTITIES["workplace"]),
                   rng.choice(ENTITIES["city"]))  # fmt: skip


def pool_texts(size: int, seed: int = 1) -> list[PoolText]:
    """``size`` distinct texts (fewer if the templates run out), reproducible for a seed: a third generic,
    the rest spread evenly over the entities."""
    rng = random.Random(seed)
    groups = [("", "")] + [(kind, value) for kind, values in ENTITIES.items() for value in values]
    quotas = {group: size // 3 if group == ("", "") else (size - size // 3) // (len(groups) - 1) for group in groups}
    texts: list[PoolText] = []
    for (kind, value), quota in quotas.items():
        seen: set[str] = set()
        for _ in range(quota * 20):  # enough draws to find ``quota`` distinct texts, or give up
            if len(seen) >= quota:
                break
            memory_type, content = _text(kind, value, rng)
            if content not in seen:
                seen.add(content)
                texts.append(PoolText(memory_type, content, f"{kind}:{value}" if kind else ""))
    return texts


def pool_index(pool: list[PoolText]) -> dict[tuple[str, str], list[int]]:
    """Pool positions by (memory type, entity)."""
    index: dict[tuple[str, str], list[int]] = defaultdict(list)
    for position, text in enumerate(pool):
        index[(text.memory_type, text.entity)].append(position)
    return index


def contact_memories(
    who: Persona, per_contact: int, index: dict[tuple[str, str], list[int]], rng: random.Random
) -> list[int]:
    """Pool positions of one contact's memories: the type shares of TYPE_COUNTS, half from its own
    entities' texts where there are enough, the rest generic; no text twice."""
    chosen: list[int] = []
    for memory_type, count in TYPE_COUNTS.items():
        wanted = max(1, round(count * per_contact / 100))
        own = [p for key in who.entity_keys() for p in index.get((memory_type, key), [])]
        generic = index.get((memory_type, ""), [])
        from_own = min(len(own), wanted // 2)  # about half of them about the contact's own entities
        chosen += rng.sample(own, from_own) + rng.sample(generic, min(wanted - from_own, len(generic)))
    return chosen[:per_contact]


def question(who: Persona, rng: random.Random) -> str:
    kind = rng.choices(list(QUESTIONS), weights=[3, 2, 2, 1, 4])[0]
    template = rng.choice(QUESTIONS[kind])
    text = template.format(
        name=who.name, pet=who.pet, sister=who.sister, workplace=who.workplace, city=who.city
    ).rstrip("?")
    return f"{rng.choice(OPENINGS)}{text}{rng.choice(CLOSINGS)}?"


def chat_message(who: Persona, rng: random.Random) -> str:
    """A user message for POST /ingest: episodes, preferences and facts in the first person, some small talk."""
    roll = rng.random()
    if roll < 0.15:
        return rng.choice(["lol", "ok", "haha yes", "good morning!", "thanks 🙏", "what do you think?"])
    if roll < 0.3:
        return f"I {rng.choice(['love', 'really like', 'hate', 'can not stand'])} {rng.choice(PREF_OBJECTS)}"
    if roll < 0.4:
        return rng.choice(
            [f"I live in {who.city}", f"I work at {who.workplace}", f"My dog {who.pet} is {rng.randint(2, 9)}"]
        )
    return _episode(rng.choice(["pet", "sister", "workplace", "city", ""]), who, rng)


def _episode(kind: str, who: Persona, rng: random.Random) -> str:
    value = {"pet": who.pet, "sister": who.sister, "workplace": who.workplace, "city": who.city}.get(kind, "")
    return _text(kind, value, rng, memory_type="episode")[1]


def _text(kind: str, value: str, rng: random.Random, memory_type: str = "") -> tuple[str, str]:
    memory_type = memory_type or rng.choices(["fact", "preference", "episode", "pattern"], weights=[2, 1, 6, 1])[0]
    if kind == "" and memory_type == "preference":
        return memory_type, f"{rng.choice(LIKE)} {rng.choice(PREF_OBJECTS)}"
    if kind == "pet":
        return _pet(value, memory_type, rng)
    if kind == "sister":
        return _sister(value, memory_type, rng)
    if kind == "workplace":
        return _workplace(value, memory_type, rng)
    if kind == "city":
        return _city(value, memory_type, rng)
    return _generic(memory_type, rng)


def _pet(pet: str, memory_type: str, rng: random.Random) -> tuple[str, str]:
    if memory_type == "fact":
        breed, age, vet_city = rng.choice(BREEDS), rng.randint(1, 12), rng.choice(ENTITIES["city"])
        facts = [f"Has a {breed} named {pet}", f"{pet} is {age} years old", f"{pet} is scared of thunderstorms",
                 f"{pet}'s vet is near {vet_city}"]  # fmt: skip
        return "fact", rng.choice(facts)
    if memory_type == "pattern":
        return "pattern", f"Often talks about {pet} {rng.choice(PATTERN_TIMES)}"
    return "episode", f"{pet} {rng.choice(BRUNO_DID)} {rng.choice(WHEN)}{rng.choice(PET_TAIL)}"


def _sister(sister: str, memory_type: str, rng: random.Random) -> tuple[str, str]:
    if memory_type == "fact":
        facts = [f"Sister's name is {sister}", f"Sister {sister} is a {rng.choice(JOBS)}",
                 f"Sister {sister} lives in {rng.choice(ENTITIES['city'])}"]  # fmt: skip
        return "fact", rng.choice(facts)
    if memory_type == "pattern":
        return "pattern", f"Talks to sister {sister} {rng.choice(PATTERN_TIMES)}"
    return "episode", f"{sister} {rng.choice(PRIYA_HOW)} {rng.choice(PRIYA_WHAT)} {rng.choice(WHEN)}"


def _workplace(work: str, memory_type: str, rng: random.Random) -> tuple[str, str]:
    if memory_type == "fact":
        return "fact", rng.choice([f"Works at {work}", f"Works at {work} as a {rng.choice(ROLES)}"])
    if memory_type == "pattern":
        return "pattern", f"Often stressed about work at {work} {rng.choice(PATTERN_TIMES)}"
    return "episode", f"Work at {work} was {rng.choice(WORK_MOOD)} {rng.choice(WHEN)}, {rng.choice(WORK_WHY)}"


def _city(city: str, memory_type: str, rng: random.Random) -> tuple[str, str]:
    if memory_type == "fact":
        return "fact", rng.choice([f"Lives in {city}", f"Moved to {city} {rng.randint(2, 9)} years ago"])
    if memory_type == "pattern":
        return "pattern", f"Complains about the weather in {city} {rng.choice(PATTERN_TIMES)}"
    template = rng.choice(CITY_DAY)
    return "episode", template.format(city=city, when=rng.choice(WHEN), n=rng.randint(2, 6))


def _generic(memory_type: str, rng: random.Random) -> tuple[str, str]:
    if memory_type == "fact":
        template = rng.choice(GENERIC_FACTS)
        return "fact", template.format(
            colour=rng.choice(COLOURS), n=rng.randint(1, 4), city=rng.choice(ENTITIES["city"]),
            name=rng.choice(NAMES), work=rng.choice(ENTITIES["workplace"]), topic=rng.choice(LEARNING),
        )  # fmt: skip
    if memory_type == "pattern":
        return "pattern", rng.choice([
            f"Often talks about {rng.choice(PATTERN_TOPICS)} {rng.choice(PATTERN_TIMES)}",
            f"Usually chats between {rng.choice(HOURS)}",
            f"Went through a difficult period around {rng.randint(1, 28)} {rng.choice(['May', 'June', 'July'])}",
        ])  # fmt: skip
    episodes = [
        f"{rng.choice(FOOD_VERB)} {rng.choice(FOOD)} {rng.choice(FOOD_WHEN)}, {rng.choice(FOOD_NOTE)}",
        f"Went {rng.choice(OUT_WHERE)} with {rng.choice(OUT_WHO)} {rng.choice(OUT_WHEN)}, {rng.choice(OUT_NOTE)}",
        f"Mom {rng.choice(MOM_DID)}",
        f"Feeling {rng.choice(ADJ)} today, kept thinking about {rng.choice(TOPIC)}",
        f"Had a lazy day, just watched {rng.choice(SHOW)}",
        f"Finished reading {rng.choice(BOOK)}, {rng.choice(BOOK_NOTE)}",
    ]
    return "episode", rng.choice(episodes)
