"""The second life of `python -m bench.growth backfill` (see bench/growth.py for the protocol).

Sofia, a designer in Portugal, chats every day for a year: lowercase, typos, emoji, long rambling messages,
questions to the bot, negations and hypotheticals ("I don't have a dog", "if I had a dog I'd call him Bolt") that
must not become facts. Her life changes: Lisbon → Porto (day 62, restated the next day), Farfetch product designer →
Sonae design lead (day 88), 34 → 35 (day 96, her birthday), boyfriend → fiancé (day 230). Unlike the year bench
(bench/growth_year.py, Arjun living through his year with the 6-hourly passes), her chat is imported as a backfill:
for each checkpoint a fresh tenant receives days 1..N through the batch ingest service with the real timestamps,
the deferred tier runs for every message, then the per-contact pass and ONE consolidation pass, with the clock
frozen at the end of day N.

``DURABLE`` is what a person would expect Rapport to know about her on any day, each value with the days it is
true: on day N the rows true on day N must be held by an active durable memory, the rows that ended by day N must
not be. ``NEVER`` are the negations and hypotheticals she says in passing.
"""

from __future__ import annotations

import random
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q

from bench.growth_year import SPEC_ROWS, active_by_type, tenant_delete
from config import clock
from config.redis_client import redis_client
from consolidation.services.deferred import contact_consolidate_deferred, debounce_key
from consolidation.services.run import consolidation_run
from contacts.models import Contact, Message, Tenant
from ingest.services.pipeline import message_process_deferred
from ingest.services.receive import IngestPayload, contact_get_or_create, messages_ingest_batch
from memories.durability import durable_q
from memories.extraction import extract
from memories.models import Memory, MemoryStatus

START = datetime(2025, 2, 3, tzinfo=UTC)  # a Monday; her birthday, 9 May, is day 96
CONTACT_ID, DISPLAY_NAME = "growth-sofia", "Sofia"
YEAR = 365
MESSAGES_PER_DAY = (1, 5)  # user messages, inclusive
REPLY_SHARE = 0.5  # user messages followed by an assistant reply

# --- what a person would expect Rapport to know about Sofia --------------------------------------------------------


@dataclass(frozen=True)
class Durable:
    """One value of a durable fact, true from day ``since`` until (not including) day ``until``. Held when one
    active, unexpired durable memory's content contains every string of ``held`` (case-insensitive; "a|b": either)."""

    what: str
    held: tuple[str, ...]
    since: int
    until: int | None = None

    def current(self, day: int) -> bool:
        return self.since <= day and (self.until is None or day < self.until)

    def outdated(self, day: int) -> bool:
        return self.until is not None and self.until <= day

    def matches(self, content: str) -> bool:
        # a part "a|b" is held by either wording ("Fiance's name is Tiago" and "Is engaged to Tiago" fill one slot
        # with one value: whichever was said first stays, the other reinforces it)
        return all(any(word.lower() in content.lower() for word in part.split("|")) for part in self.held)


DURABLE = (
    Durable("name", ("name is sofia",), 1),
    Durable("age", ("34 years old",), 1, 96),
    Durable("age", ("35 years old",), 96),
    Durable("birthday", ("9 may",), 20),
    Durable("hometown", ("from coimbra",), 9),
    Durable("home", ("lives in lisbon",), 1, 62),
    Durable("home", ("lives in porto",), 62),
    Durable("employer", ("works at farfetch",), 1, 88),
    Durable("employer", ("works at sonae",), 88),
    Durable("role", ("product designer",), 2, 88),
    Durable("role", ("design lead",), 88),
    Durable("partner", ("boyfriend", "tiago"), 4, 230),
    Durable("partner", ("fiance|engaged to", "tiago"), 231),
    Durable("relationship", ("engaged",), 230),
    Durable("sister", ("sister", "inês"), 5),
    Durable("sister's job", ("inês is a teacher",), 5),
    Durable("father", ("dad lives in coimbra",), 12),
    Durable("pet", ("cat", "pimenta"), 1),
    Durable("allergy", ("shellfish",), 3),
    Durable("health", ("asthma",), 7),
    Durable("diet", ("pescatarian",), 3),
    Durable("topic to avoid", ("talk about their ex",), 15),
    Durable("topic to avoid", ("talk about their weight",), 33),
    Durable("strong like", ("loves fado",), 10),
    Durable("strong like", ("adores surfing",), 70),
    Durable("strong dislike", ("hates cilantro",), 25),
    Durable("strong dislike", ("hates early mornings",), 50),
)
# Negations and hypotheticals: no active durable memory may contain these.
NEVER = ("dog", "bolt", "berlin", "vegan", "kids", "smok")

# Scripted statements of a durable fact that a person reads but the offline extraction does not (issue 18); the
# report says which of them extraction still misses. Each fact is also said another way later (or not at all).
KNOWN_MISSES = (
    "i'm allergic to shellfish 🦐 so no seafood recipes pls",  # "I have a shellfish allergy" (day 41) is read
    "Tiago proposed!!! on the beach at sunset, I said yes 😭💍",  # "Tiago and I got engaged!!" (day 230) is read
    "i'm learning japanese, ganbarimasu 💪",  # a hobby, not on the durable list
)

# --- what Sofia says -----------------------------------------------------------------------------------------------

SCRIPT = {
    1: ["hiii ☺️ my name is sofia and i'm 34 years old", "i live in lisbon, near alfama, and i work at farfetch",
        "i have a cat named pimenta 🐈\u200d⬛ she's the boss of the house"],
    2: ["I work as a product designer, mostly checkout flows",
        "do you remember stuff between chats? like if i tell you things?"],
    3: ["i'm allergic to shellfish 🦐 so no seafood recipes pls", "i'm pescatarian btw, fish yes meat no"],
    4: ["My boyfriend's name is Tiago, he's a nurse at Santa Maria"],
    5: ["My sister Inês is a teacher in Braga", "she has the patience of a saint, i could never"],
    7: ["I have asthma, cold mornings are the worst for it"],
    9: ["I'm originally from Coimbra", "lisbon is home now tho"],
    10: ["I absolutely love fado, it makes me cry every time 🥲"],
    11: ["I don't have a dog btw, people always assume i do because of all the dog memes i send"],
    12: ["My dad lives in Coimbra, he's retired now"],
    15: ["please don't talk about my ex, it was messy"],
    18: ["if I had a dog I'd call him Bolt lol"],
    20: ["My birthday is on 9 May", "not that i'm counting the days or anything 👀"],
    25: ["I hate cilantro, it tastes like soap"],
    33: ["I'd rather not talk about my weight"],
    41: ["the waiter didn't believe I have a shellfish allergy, had to explain it twice 🙄"],
    44: ["maybe one day I'll move to Berlin, who knows"],
    50: ["I hate early mornings, my brain doesn't turn on before 10"],
    55: ["ok so tiago got a job offer at São João hospital in porto and we're thinking about moving?? "
         "it's a lot. my whole life is in lisbon. but also porto is cheaper and his family is there. idk. "
         "what would you do?"],
    62: ["OK BIG NEWS 📦📦 i moved to porto last week!! boxes everywhere, pimenta is hiding under the bed"],
    63: ["I live in Porto now, still learning where everything is"],
    70: ["I adore surfing, Matosinhos is like 15 min away now 🏄\u200d♀️"],
    77: ["I'm not vegan, I just don't eat meat, people keep getting that wrong"],
    88: ["I now work at Sonae, first week was intense", "I work as a design lead now, which means more meetings 😅"],
    96: ["I just turned 35 🎂", "tiago baked a cake, it collapsed, i love him"],
    120: ["i'm learning japanese, ganbarimasu 💪"],
    160: ["I don't have any kids and honestly not in a rush"],
    200: ["we're thinking about getting a second cat, would pimenta hate us?"],
    229: ["Tiago proposed!!! on the beach at sunset, I said yes 😭💍"],
    230: ["Tiago and I got engaged!!"],
    231: ["my fiancé Tiago is already planning the wedding playlist, it's all fado 😂"],
    260: ["I don't smoke, never have, the asthma would kill me"],
    300: ["wedding venue booked!! a quinta near Coimbra so dad doesn't have to travel"],
}  # fmt: skip
CITY_FROM_DAY = ((1, "lisbon", "the 28 tram"), (62, "porto", "the metro"))
JOB_FROM_DAY = ((1, "farfetch", "the checkout redesign"), (88, "sonae", "the loyalty app"))
PARTNER_FROM_DAY = ((1, "tiago"), (230, "my fiancé tiago"))  # after the engagement, said now and then

CAT_DID = ["knocked my coffee onto the keyboard", "sat on my laptop during a call", "caught a moth and was SO proud",
           "threw up on my favourite sweater", "screamed at 4am for no reason", "finally let tiago pet her",
           "got stuck behind the washing machine", "ate a hair tie, vet says she's fine",
           "slept in the laundry basket all day", "stared at the wall for an hour", "bit the delivery guy's shoelace",
           "learned to open the cupboard with the treats"]  # fmt: skip
WHEN = ["this morning", "today", "last night", "during standup", "while i was cooking", "at like 6am", "yesterday"]
TAIL = ["", " 🙄", " lol", " 😂", " 😭", ", i can't with her", ", classic pimenta", "!!", " smh"]
WORK_WHAT = ["the design review went badly", "my manager moved the deadline AGAIN", "we shipped {project} finally",
             "i presented to the ceo and didn't die", "figma crashed and i lost an hour", "the devs hated my mockups",
             "user testing was actually fun", "we had three hours of meetings about one button",
             "a junior asked me for feedback and it was so good", "the accessibility audit came back, ouch",
             "we had a team lunch", "i stayed late to fix the prototype"]  # fmt: skip
WORK_MOOD = ["so tiring", "chaotic", "weirdly calm", "exhausting", "fun", "boring", "intense", "a mess"]
TIAGO_DID = ["made bacalhau à brás for dinner", "had a night shift again so i barely saw him",
             "fell asleep on the sofa at 9pm", "bought tickets for a fado night", "fixed the leaking tap, hero",
             "forgot to buy milk. again", "took me to the beach to watch the sunset", "is learning to surf too",
             "cried at a dog food commercial", "is obsessed with a new board game"]  # fmt: skip
FOOD = ["grilled sardines", "a big salad", "mushroom risotto", "bacalhau com natas", "a terrible omelette",
        "caldo verde", "salmon poke", "lentil soup", "pasta with pesto", "tofu stir fry"]  # fmt: skip
FOOD_NOTE = ["it was amazing", "burnt it", "way too salty", "would make again", "tiago had seconds", "meh"]
SURF = ["went surfing {when}, got destroyed by the waves 🌊", "surf lesson {when}, i stood up for 3 whole seconds",
        "the sea was flat {when} so no surfing, sad", "paddled out {when} and saw a dolphin!!!"]  # fmt: skip
FAMILY = ["Inês called me about her students again", "inês sent me 40 photos of her class project",
          "dad called to ask if i'm eating properly", "dad sent me a newspaper clipping about coimbra",
          "Inês is coming to visit this weekend", "dad learned to send voice notes, it's chaos",
          "had a long call with inês, she's stressed about exams season"]  # fmt: skip
CITY_DAY = ["{city} was so humid {when}, my asthma was not happy", "{transit} was packed {when}",
            "walked along the river in {city} {when}, so pretty", "it rained all day in {city}",
            "found a tiny cafe in {city} with the best pastéis"]  # fmt: skip
MOOD = ["feeling kinda low today idk why", "couldn't sleep, my brain kept thinking about work",
        "lazy sunday, watched three episodes of some baking show", "feeling grateful today tbh",
        "anxious about nothing in particular", "finished a book, the ending ruined me",
        "so tired today ugh"]  # fmt: skip
QUESTIONS = ["what should i cook tonight? something with fish maybe", "any tips for sleeping better?",
             "do you remember my cat's name?", "is it weird to eat cereal for dinner?",
             "how do i tell my manager i'm overloaded without sounding lazy?", "recommend me a podcast?",
             "what's a good gift for someone who has everything?"]  # fmt: skip
MUSINGS = ["i don't have a dog but i'd love a dog someday", "if i lived in berlin i'd cycle everywhere",
           "if i was rich i'd just surf all day", "i'm not a morning person at all", "sometimes i wish i had a dog",
           "imagine if pimenta could talk, she'd be so rude"]  # fmt: skip
PREF_OBJECTS = ["pastel de nata", "rainy days", "board games", "podcasts", "crowded beaches", "spicy food",
                "reality tv", "jazz", "long walks", "video calls", "karaoke", "green tea", "ceramics", "cycling",
                "loud restaurants", "sushi"]  # fmt: skip
LIKE, DISLIKE = ["like", "really like", "enjoy", "am into"], ["don't like", "am not a fan of", "dislike"]
SMALL_TALK = ["lol", "hahaha", "ok", "okok", "bom dia ☀️", "gn 😴", "thanks!!", "hmm", "😂😂😂", "true", "yesss",
              "omg", "wait what", "brb", "u there?", "nvm"]  # fmt: skip
REPLIES = ["Oh no, poor you! Want to talk about it?", "Pimenta sounds like a character 😄", "That's great news!",
           "How did it go?", "Hope tomorrow is calmer.", "Ha, I love that.", "Tell me more!",
           "That sounds lovely."]  # fmt: skip
KIND_WEIGHTS = {"episode": 0.45, "rambling": 0.08, "question": 0.07, "musing": 0.03, "preference": 0.07,
                "small_talk": 0.30}  # fmt: skip


@dataclass
class Life:
    """Sofia's seeded state: the day, and which way each of her light tastes leans (they stay put)."""

    rng: random.Random
    day: int = 1
    polarity: dict[str, bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.polarity = {obj: self.rng.random() < 0.6 for obj in PREF_OBJECTS}

    def current(self, table: Sequence[tuple[Any, ...]]) -> tuple[Any, ...]:
        return [row for row in table if row[0] <= self.day][-1]


def _cat(life: Life) -> str:
    rng = life.rng
    who = "pimenta" if rng.random() < 0.7 else "my cat"
    return f"{who} {rng.choice(CAT_DID)} {rng.choice(WHEN)}{rng.choice(TAIL)}"


def _work(life: Life) -> str:
    rng, (_, company, project) = life.rng, life.current(JOB_FROM_DAY)
    what = rng.choice(WORK_WHAT).format(project=project)
    if rng.random() < 0.4:
        return f"long day at {company}, {what}"
    return f"work was {rng.choice(WORK_MOOD)} today, {what}"


def _tiago(life: Life) -> str:
    rng, (_, who) = life.rng, life.current(PARTNER_FROM_DAY)
    who = who if rng.random() < 0.3 else "tiago"
    return f"{who} {rng.choice(TIAGO_DID)}{rng.choice(TAIL)}"


def _food(life: Life) -> str:
    rng = life.rng
    return f"made {rng.choice(FOOD)} {rng.choice(['for dinner', 'for lunch', 'tonight'])}, {rng.choice(FOOD_NOTE)}"


def _surf(life: Life) -> str:
    return life.rng.choice(SURF).format(when=life.rng.choice(WHEN)) if life.day >= 70 else _city(life)


def _family(life: Life) -> str:
    return life.rng.choice(FAMILY)


def _city(life: Life) -> str:
    rng, (_, city, transit) = life.rng, life.current(CITY_FROM_DAY)
    return rng.choice(CITY_DAY).format(city=city, transit=transit, when=rng.choice(WHEN))


def _mood(life: Life) -> str:
    return life.rng.choice(MOOD)


# Pimenta and work are what Sofia talks about most; each theme weighs once per entry.
EPISODES: list[Callable[[Life], str]] = [_cat, _cat, _work, _work, _tiago, _food, _surf, _family, _city, _mood]


def _rambling(life: Life) -> str:
    """A long message that runs two or three episodes together, lowercase, and ends with a question."""
    rng = life.rng
    parts = [rng.choice(EPISODES)(life).rstrip("!") for _ in range(rng.randint(2, 3))]
    opener = rng.choice(["ok so", "sooo", "long story but", "ugh ok", "update:"])
    return f"{opener} {', and then '.join(parts)}. anyway. {rng.choice(['how are u?', 'how was your day?', 'ok bye'])}"


def _preference(life: Life) -> str:
    rng, obj = life.rng, life.rng.choice(PREF_OBJECTS)
    return f"i {rng.choice(LIKE if life.polarity[obj] else DISLIKE)} {obj}"


def _random_text(life: Life, kind: str) -> str:
    rng = life.rng
    if kind == "small_talk":
        return rng.choice(SMALL_TALK)
    if kind == "question":
        return rng.choice(QUESTIONS)
    if kind == "musing":
        return rng.choice(MUSINGS)
    if kind == "preference":
        return _preference(life)
    if kind == "rambling":
        return _rambling(life)
    return rng.choice(EPISODES)(life)


def day_texts(life: Life) -> list[str]:
    """The user's messages of one day: the script's, topped up to a seeded 1-5 with random ones."""
    scripted = SCRIPT.get(life.day, [])
    count = max(len(scripted), life.rng.randint(*MESSAGES_PER_DAY))
    kinds = life.rng.choices(list(KIND_WEIGHTS), weights=list(KIND_WEIGHTS.values()), k=count - len(scripted))
    return [*scripted, *(_random_text(life, kind) for kind in kinds)]


@dataclass(frozen=True)
class Said:
    at: datetime
    role: str
    text: str
    message_id: str
    conversation: str


def life_messages(*, days: int = YEAR, seed: int = 1) -> list[list[Said]]:
    """Each day's messages (user and assistant) with their times: one session a day, a message every 1-9 minutes.
    Day N is the same whatever ``days`` is, so a checkpoint's import is a prefix of the year."""
    life, out = Life(random.Random(seed)), []
    for day in range(1, days + 1):
        life.day = day
        at = START + timedelta(days=day - 1, hours=life.rng.choice([7, 12, 19, 22, 22, 23]),
                               minutes=life.rng.randint(0, 45))  # fmt: skip
        said: list[Said] = []
        for text in day_texts(life):
            said.append(Said(at, "user", text, f"sofia-d{day}-{len(said)}", f"sofia-day-{day}"))
            if life.rng.random() < REPLY_SHARE:
                reply_at = at + timedelta(seconds=20)
                said.append(Said(reply_at, "assistant", life.rng.choice(REPLIES), f"sofia-d{day}-{len(said)}",
                                 f"sofia-day-{day}"))  # fmt: skip
            at += timedelta(minutes=life.rng.randint(1, 9))
        out.append(said)
    return out


# --- the import and one pass ---------------------------------------------------------------------------------------


def end_of_day(day: int) -> datetime:
    return START + timedelta(days=day) - timedelta(seconds=1)


def backfill_import(*, tenant: Tenant, messages: Sequence[Said]) -> Contact:
    """What a client importing its history does: POST /ingest/batch in chunks of INGEST_BATCH_MAX with each
    message's own timestamp, then the deferred tier of every message (the worker's ``process_message``). The
    per-contact pass is debounced; its key is held so the eager task does not run it per message — the caller
    runs it once. Call with the clock frozen at the import's time."""
    size = settings.INGEST_BATCH_MAX
    # The contact the first message would create, made first so its debounce key can be held from the start.
    contact = contact_get_or_create(tenant=tenant, external_id=CONTACT_ID, display_name=DISPLAY_NAME)
    for start in range(0, len(messages), size):
        redis_client().set(debounce_key(contact.pk), 1, ex=3600)
        payloads = [
            IngestPayload(contact_id=CONTACT_ID, message=said.text, role=said.role, conversation_id=said.conversation,
                          message_id=said.message_id, timestamp=said.at, display_name=DISPLAY_NAME)
            for said in messages[start : start + size]
        ]  # fmt: skip
        results = messages_ingest_batch(tenant=tenant, payloads=payloads)
        refused = [result for result in results if result["status"] != "accepted"]
        if refused:
            raise RuntimeError(f"the batch refused {len(refused)} messages: {refused[:3]}")
    for message_id in Message.objects.filter(contact=contact).order_by("sent_at", "pk").values_list("pk", flat=True):
        redis_client().set(debounce_key(contact.pk), 1, ex=3600)
        message_process_deferred(message_id=message_id)  # a no-op when the eager task already ran it
    return contact


def backfill_and_consolidate(
    *, tenant: Tenant, days: int, life: Sequence[Sequence[Said]]
) -> tuple[Contact, dict[str, Any]]:
    """Days 1..``days`` imported, then the per-contact pass once and ONE consolidation pass, all at the end of the
    last day. Returns the contact and the pass's stats."""
    at = end_of_day(days)
    with clock.frozen(at):
        contact = backfill_import(tenant=tenant, messages=[said for day in life[:days] for said in day])
        redis_client().delete(debounce_key(contact.pk))
        contact_consolidate_deferred(contact_id=contact.pk)
        stats = _pass_when_free(tenant, at)
    return contact, stats


def _pass_when_free(tenant: Tenant, at: datetime, wait_seconds: float = 600) -> dict[str, Any]:
    """One consolidation pass; the lock is global to the database, so wait while another (a developer's, another
    bench's) holds it."""
    deadline = time.monotonic() + wait_seconds
    while (stats := consolidation_run(tenant=tenant, now=at)) is None:
        if time.monotonic() > deadline:
            raise RuntimeError("another consolidation pass holds the lock; run the benchmark when it is free")
        time.sleep(2)
    return stats


def durable_active(contact: Contact, at: datetime) -> list[str]:
    """The contents of the contact's active, unexpired durable memories."""
    return list(
        Memory.objects.filter(contact=contact, status=MemoryStatus.ACTIVE)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=at))
        .filter(durable_q())
        .order_by("memory_type", "pk")
        .values_list("content", flat=True)
    )


def recall(contents: Sequence[str], day: int, said: Sequence[str]) -> dict[str, Any]:
    """Which of the durable values current on ``day`` are held, which outdated ones are still active, which
    negations became memories. A missing value nothing ``said`` extracts to is an extraction gap, not a loss."""
    extracted = [candidate.content for text in said for candidate in extract(text, role="user").candidates]
    expected: list[dict[str, Any]] = []
    missing: list[str] = []
    gaps: list[str] = []
    for fact in (fact for fact in DURABLE if fact.current(day)):
        held = [content for content in contents if fact.matches(content)]
        expected.append({"what": fact.what, "value": " + ".join(fact.held), "held_by": held})
        if not held:
            (missing if any(fact.matches(content) for content in extracted) else gaps).append(fact.what)
    outdated = [
        {"what": fact.what, "value": " + ".join(fact.held), "active": content}
        for fact in DURABLE
        if fact.outdated(day)
        for content in contents
        if fact.matches(content)
    ]
    never = [content for content in contents if any(word in content.lower() for word in NEVER)]
    return {"expected": expected, "missing": missing, "extraction_gaps": gaps, "outdated_active": outdated,
            "negations_active": never}  # fmt: skip


def backfill_run(*, seed: int = 1, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every checkpoint of the spec table, each a fresh tenant importing days 1..N with one pass."""
    log = log or _log
    life, rows, started = life_messages(days=YEAR, seed=seed), [], time.perf_counter()
    for label, day, low, high in SPEC_ROWS:
        tenant = Tenant.objects.create(name="Growth bench (backfill)", slug=f"bench-growth-bf-{uuid.uuid4().hex[:12]}")
        begun = time.perf_counter()
        try:
            contact, stats = backfill_and_consolidate(tenant=tenant, days=day, life=life)
            composition = active_by_type(contact, end_of_day(day))
            said = [s.text for d in life[:day] for s in d if s.role == "user"]
            facts = recall(durable_active(contact, end_of_day(day)), day, said)
        finally:
            tenant_delete(tenant)
        active = sum(composition.values())
        messages = sum(len(d) for d in life[:day])
        rows.append({"label": label, "day": day, "messages": messages, "active": active, "spec": [low, high],
                     "within": low <= active <= high, "by_type": composition, "recall": facts,
                     "pass": {k: v for k, v in stats.items() if isinstance(v, int)},
                     "seconds": round(time.perf_counter() - begun, 1)})  # fmt: skip
        log(f"day {day}: {messages} messages imported, {active} active {composition} ({rows[-1]['seconds']} s)")
    misses = [text for text in KNOWN_MISSES if not extract(text, role="user").candidates]
    return {"mode": "backfill", "seed": seed, "spec_rows": rows, "known_extraction_misses": misses,
            "seconds": round(time.perf_counter() - started, 1)}  # fmt: skip


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
