"""The year simulation of `python -m bench.growth year` (see bench/growth.py for the protocol).

One contact ("Arjun") chats every day through the real pipeline: `message_ingest`, then
`message_process_deferred` (local embedder, merge, mood), and the periodic `consolidation_run` every
simulated 6 h. Messages come from seeded templates: a scripted life (moves, a new job, a birthday, an
engagement) plus daily episodes, preferences, facts, small talk and some assistant replies.
"""

from __future__ import annotations

import random
import sys
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Q

from config import clock
from config.redis_client import redis_client
from consolidation.models import ConsolidationRun
from consolidation.services.deferred import contact_consolidate_deferred, debounce_key
from consolidation.services.run import consolidation_run
from contacts.models import Contact, Message, Tenant
from context.selectors import contact_context_get
from ingest.services.pipeline import message_process_deferred
from ingest.services.receive import IngestPayload, contact_get_or_create, message_ingest
from memories.models import ContactEntity, Memory, MemoryStatus
from memories.services import recent
from memories.services.access import memories_record_access

START = datetime(2025, 1, 6, tzinfo=UTC)  # a Monday; any fixed date keeps runs identical
CONTACT_ID, DISPLAY_NAME = "growth-arjun", "Arjun"
RUN_HOURS = (0, 6, 12, 18)  # the periodic pass, every CONSOLIDATION_INTERVAL_HOURS
MESSAGES_PER_DAY = (2, 6)  # user messages, inclusive
REPLY_SHARE = 0.4  # user messages followed by an assistant reply
# contact-intelligence §6.3: the active memory count each timeline point should fall within.
SPEC_ROWS = (("Day 1", 1, 3, 5), ("Week 1", 7, 15, 20), ("Month 1", 30, 40, 50), ("Month 3", 90, 50, 70),
             ("Month 6", 180, 60, 80), ("Year 1", 365, 70, 100))  # fmt: skip

# --- what Arjun says ---------------------------------------------------------------------------------

SCRIPT = {
    1: ["Hi! My name is Arjun and I'm 29 years old", "I live in Pune and I work at Infosys",
        "I have a golden retriever named Bruno 🐶", "haha nice to meet you"],
    2: ["My sister Priya lives in Chennai, she is a doctor"],
    3: ["I'm vegetarian btw, so no meat recipes for me"],
    4: ["I love filter coffee, can't start my day without it"],
    6: ["My mom lives in Chennai too, near Priya"],
    45: ["I play badminton every Sunday with my college friends"],
    75: ["Big news: I moved to Bangalore last week!"],
    76: ["I live in Bangalore now, still getting used to the traffic"],
    160: ["I now work at Google, started on Monday"],
    200: ["I just turned 30 🎉"],
    250: ["We adopted a kitten, my cat Miso is adorable"],
    300: ["I got engaged!! Her name is Meera and I'm so happy"],
    330: ["My fiancee Meera works at Flipkart"],
}  # fmt: skip
CITY_FROM_DAY = ((1, "Pune", "FC Road"), (75, "Bangalore", "Outer Ring Road"))
COMPANY_FROM_DAY = ((1, "Infosys"), (160, "Google"))

BRUNO_DID = ["ate my shoes again", "chewed the sofa cushion", "learned to roll over", "stole a sock and ran off",
             "went to the vet for his vaccine", "barked at the delivery guy for ten minutes",
             "rolled in mud at the park", "made a new puppy friend on our walk", "refused to take a bath",
             "knocked over his water bowl", "slept on my laptop bag", "chased a cat up a tree",
             "dug a hole in the neighbour's garden", "finally learned to fetch properly",
             "destroyed his new squeaky toy in an hour", "hid under the bed during the thunderstorm",
             "ate half my sandwich when I wasn't looking", "pulled me all the way to the lake",
             "got his nails trimmed and sulked", "waited at the door for me all evening"]  # fmt: skip
WHEN = ["this morning", "today", "last night", "after lunch", "during my meeting", "on our evening walk",
        "while I was cooking", "before breakfast", "this afternoon", "yesterday"]  # fmt: skip
PET_TAIL = ["", " 😂", " lol", ", what a clown", ", I can't even be mad", ", typical Bruno",
            ", such a drama queen", ", I was so annoyed", ", it was adorable", ", the vet says he's fine"]  # fmt: skip
WORK_MOOD = ["so stressful", "chaotic", "surprisingly calm", "exhausting", "actually fun", "super busy", "boring",
             "intense", "frustrating", "productive"]  # fmt: skip
WORK_WHY = ["my manager kept moving the deadline", "we had back to back meetings", "the release broke in production",
            "I fixed a bug that haunted us for weeks", "a client call went badly", "we shipped the new feature",
            "half the team was on leave", "I presented to the leadership team", "the build server was down",
            "I finally finished the database migration", "we had a team lunch", "I mentored a new intern",
            "there was a fire drill in the middle of standup", "the wifi kept dropping",
            "my code review got forty comments", "we planned the next quarter", "my laptop died before a demo",
            "I stayed late to fix an outage", "we interviewed three candidates",
            "I got praised at the all hands"]  # fmt: skip
PRIYA_HOW = ["called me", "texted me", "video called me", "sent me photos", "visited me"]
PRIYA_WHAT = ["about her new hospital shifts", "about our cousin's wedding", "about mom's birthday plans",
              "to complain about her landlord", "from her trip to Goa", "about the cricket match",
              "to ask for advice on buying a laptop", "about her cooking experiments", "about Diwali plans",
              "about her exams"]  # fmt: skip
MOM_DID = ["sent me a huge box of homemade snacks", "called to ask if I'm eating properly", "is visiting next month",
           "wants me to come home for Pongal", "learned to use WhatsApp stickers",
           "had a small surgery and is recovering well", "is upset I didn't call on Sunday",
           "shared her recipe for rasam", "started yoga classes", "complained about the Chennai heat"]  # fmt: skip
FOOD_VERB = ["Cooked", "Tried making", "Ordered", "Had", "Made"]
FOOD = ["paneer butter masala", "veg biryani", "masala dosa", "a terrible omelette", "pasta", "rajma chawal",
        "ramen", "a chocolate cake", "sambar", "pizza", "thai green curry", "poha"]  # fmt: skip
FOOD_WHEN = ["for dinner", "for lunch", "tonight", "for the first time", "this weekend", "with friends"]
FOOD_NOTE = ["it turned out great", "it was a disaster", "way too spicy", "I ate way too much", "would make it again",
             "it reminded me of home", "the kitchen is a mess now", "not bad for a first try"]  # fmt: skip
OUT_WHERE = ["to the movies", "hiking near Nandi Hills", "to a new cafe", "to a concert", "bowling", "to the mall",
             "to a book fair", "cycling around the lake", "to a comedy show", "to the beach",
             "shopping for a new phone", "to a board game cafe"]  # fmt: skip
OUT_WHO = ["friends", "my colleagues", "Rahul and Sneha", "my roommate", "college friends", "Bruno", "Priya"]
OUT_WHEN = ["on Saturday", "yesterday", "tonight", "last weekend", "after work"]
OUT_NOTE = ["had a great time", "it was fun", "honestly overrated", "we got soaked in the rain", "so tired now",
            "totally worth it", "we stayed out way too late"]  # fmt: skip
FITNESS = ["Ran {n} km this morning", "Skipped the gym again", "Played badminton for {n} hours",
           "Did a {n}0 minute yoga session", "Hurt my knee playing football", "Hit a new personal best on deadlifts",
           "Walked {n} thousand steps today", "Signed up for a {n}k run next month"]  # fmt: skip
FIT_TAIL = ["", ", legs are dead", ", need to be more consistent", " 💪", ", ugh"]
CITY_DAY = ["The traffic on {road} was a nightmare {when}", "It rained nonstop in {city} {when}",
            "Missed the bus {when} and was late", "Power cut for {n} hours in {city} {when}",
            "The weather in {city} is lovely {when}"]  # fmt: skip
MOOD_DAY = ["Feeling {adj} today, not sure why", "Couldn't sleep last night, kept thinking about {topic}",
            "Had a lazy day, just watched {show}", "Finished reading {book}, {note}",
            "Feeling {adj} after talking to an old friend"]  # fmt: skip
ADJ = ["low", "anxious", "happy", "restless", "grateful", "tired", "excited", "nostalgic"]
TOPIC = ["work", "money", "the future", "my health", "moving again", "the wedding"]
SHOW = ["Panchayat", "old cricket highlights", "a cooking show", "Friends reruns", "a space documentary"]
BOOK = ["The Hobbit", "Atomic Habits", "a Murakami novel", "Sapiens", "a thriller"]
BOOK_NOTE = ["loved it", "the ending was weird", "highly recommend it", "took me forever"]
PREF_OBJECTS = ["filter coffee", "masala chai", "spicy food", "horror movies", "rainy days", "early mornings",
                "cricket", "Arijit Singh songs", "board games", "long drives", "crowded places", "sushi",
                "mango season", "history podcasts", "online meetings", "Marvel movies", "fantasy novels",
                "cold weather", "gardening", "video games", "dancing", "traffic jams", "cooking on weekends",
                "trekking", "jazz", "rom coms", "pineapple on pizza", "loud music", "surprise parties",
                "street food"]  # fmt: skip
LIKE_VERBS, DISLIKE_VERBS = ["love", "really like", "enjoy", "adore"], ["hate", "don't like", "can't stand", "dislike"]
PREF_FRAME = ["I {verb} {obj}", "Honestly, I {verb} {obj}", "I {verb} {obj}, always have", "you know I {verb} {obj}"]
TOPIC_PREFS = ["Please don't talk about politics", "Can we talk about space exploration?",
               "I'd rather not talk about my ex", "Let's talk about startups sometime",
               "I don't like talking about my weight"]  # fmt: skip
FACTS = ["My mom lives in Chennai", "I'm originally from Kochi", "I play the guitar, badly",
         "My favourite colour is blue", "My favourite movie is Dil Chahta Hai", "My birthday is on 14 March",
         "My best friend Rahul works at Flipkart", "My dad is a retired teacher", "My hobby is photography",
         "I'm an introvert", "I have a Royal Enfield bike", "My roommate Karthik is a chef",
         "I have two laptops and no time"]  # fmt: skip
SMALL_TALK = ["lol", "haha", "ok", "hmm", "good morning!", "gn", "thanks 🙏", "haha yes", "what do you think?",
              "tell me something fun", "how are you?", "ok cool", "😂😂", "nice", "sure", "brb",
              "that's so true"]  # fmt: skip
REPLIES = ["That sounds rough, want to talk about it?", "Haha, Bruno is a legend!", "Nice! How did it go?",
           "I'm glad you had fun.", "Oh no, I hope tomorrow is better.", "That's great news!", "Tell me more!",
           "What are you planning next?"]  # fmt: skip
KIND_WEIGHTS = {"episode": 0.45, "preference": 0.1, "fact": 0.07, "small_talk": 0.38}


@dataclass
class Life:
    """Arjun's seeded state: where he lives and works now, and which way each taste leans."""

    rng: random.Random
    day: int = 1
    polarity: dict[str, bool] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.polarity = {obj: self.rng.random() < 0.65 for obj in PREF_OBJECTS}

    def current(self, table: Sequence[tuple[Any, ...]]) -> tuple[Any, ...]:
        return [row for row in table if row[0] <= self.day][-1]


def day_texts(life: Life) -> list[str]:
    """The user's messages of one day: the script's, topped up to a seeded 2-6 with random ones."""
    scripted = SCRIPT.get(life.day, [])
    count = max(len(scripted), life.rng.randint(*MESSAGES_PER_DAY))
    kinds = life.rng.choices(list(KIND_WEIGHTS), weights=list(KIND_WEIGHTS.values()), k=count - len(scripted))
    return [*scripted, *(_random_text(life, kind) for kind in kinds)]


def _random_text(life: Life, kind: str) -> str:
    rng = life.rng
    if kind == "small_talk":
        return rng.choice(SMALL_TALK)
    if kind == "fact":
        return rng.choice(FACTS)
    if kind == "preference":
        return _preference(life)
    return rng.choice(EPISODES)(life)


def _preference(life: Life) -> str:
    rng = life.rng
    if rng.random() < 0.15:
        return rng.choice(TOPIC_PREFS)
    obj = rng.choice(PREF_OBJECTS)
    if rng.random() < 0.05:  # a change of heart: supersedes the old taste
        life.polarity[obj] = not life.polarity[obj]
    verb = rng.choice(LIKE_VERBS if life.polarity[obj] else DISLIKE_VERBS)
    return rng.choice(PREF_FRAME).format(verb=verb, obj=obj)


def _bruno(life: Life) -> str:
    rng = life.rng
    who = "Bruno" if rng.random() < 0.8 else "My dog"
    return f"{who} {rng.choice(BRUNO_DID)} {rng.choice(WHEN)}{rng.choice(PET_TAIL)}"


def _work(life: Life) -> str:
    rng, (_, company) = life.rng, life.current(COMPANY_FROM_DAY)
    if rng.random() < 0.35:
        return f"Long day at {company}: {rng.choice(WORK_WHY)}"
    return f"Work was {rng.choice(WORK_MOOD)} today, {rng.choice(WORK_WHY)}"


def _family(life: Life) -> str:
    rng = life.rng
    if rng.random() < 0.6:
        return f"Priya {rng.choice(PRIYA_HOW)} {rng.choice(PRIYA_WHAT)}"
    return f"My mom {rng.choice(MOM_DID)}"


def _food(life: Life) -> str:
    rng = life.rng
    return f"{rng.choice(FOOD_VERB)} {rng.choice(FOOD)} {rng.choice(FOOD_WHEN)}, {rng.choice(FOOD_NOTE)}"


def _outing(life: Life) -> str:
    rng = life.rng
    return f"Went {rng.choice(OUT_WHERE)} with {rng.choice(OUT_WHO)} {rng.choice(OUT_WHEN)}, {rng.choice(OUT_NOTE)}"


def _fitness(life: Life) -> str:
    rng = life.rng
    return rng.choice(FITNESS).format(n=rng.randint(2, 9)) + rng.choice(FIT_TAIL)


def _city(life: Life) -> str:
    rng, (_, city, road) = life.rng, life.current(CITY_FROM_DAY)
    return rng.choice(CITY_DAY).format(city=city, road=road, when=rng.choice(WHEN), n=rng.randint(2, 6))


def _mood(life: Life) -> str:
    rng = life.rng
    return rng.choice(MOOD_DAY).format(
        adj=rng.choice(ADJ), topic=rng.choice(TOPIC), show=rng.choice(SHOW), book=rng.choice(BOOK),
        note=rng.choice(BOOK_NOTE),
    )  # fmt: skip


# Bruno and work are what Arjun talks about most; each theme weighs once per entry.
EPISODES: list[Callable[[Life], str]] = [_bruno, _bruno, _work, _work, _family, _food, _outing, _fitness, _city, _mood]

# --- the simulation ----------------------------------------------------------------------------------


@dataclass
class Tally:
    user: int = 0
    assistant: int = 0
    runs: int = 0
    ingest_seconds: float = 0.0
    session_seconds: float = 0.0
    context_reads: int = 0
    context_seconds: float = 0.0
    consolidation_seconds: float = 0.0
    steps: Counter[str] = field(default_factory=Counter)


def year_run(
    *, days: int = 365, seed: int = 1, context_reads: bool = False, log: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Simulate ``days`` days for a fresh tenant and one contact; the tenant is deleted afterwards. With
    ``context_reads``, every user message is followed by the chat engine's read of /context for it."""
    log = log or _log
    tenant = Tenant.objects.create(name="Growth bench (year)", slug=f"bench-growth-year-{uuid.uuid4().hex[:12]}")
    life, tally, daily, compositions = Life(random.Random(seed)), Tally(), [], {}
    started = time.perf_counter()
    try:
        contact = contact_get_or_create(tenant=tenant, external_id=CONTACT_ID, display_name=DISPLAY_NAME)
        for day in range(1, days + 1):
            life.day = day
            _simulate_day(tenant, contact, life, tally, context_reads)
            end_of_day = START + timedelta(days=day) - timedelta(seconds=1)
            composition = active_by_type(contact, end_of_day)
            daily.append(sum(composition.values()))
            if day in _checkpoint_days(days):
                compositions[day] = composition
            if day % 30 == 0 or day == days:
                log(f"day {day}: {daily[-1]} active {composition} ({time.perf_counter() - started:.0f} s)")
        final = _final_state(contact)
    finally:
        tenant_delete(tenant)
    figures = _report(days, seed, tally, daily, compositions, final, time.perf_counter() - started)
    return {**figures, "context_reads": context_reads}


def _simulate_day(tenant: Tenant, contact: Contact, life: Life, tally: Tally, context_reads: bool) -> None:
    day_start = START + timedelta(days=life.day - 1)
    events: list[tuple[datetime, str, str]] = [(day_start + timedelta(hours=h), "run", "") for h in RUN_HOURS]
    # One evening (sometimes daytime) session a day, a message every 1-8 minutes.
    at = day_start + timedelta(hours=life.rng.choice([8, 13, 20, 21, 21, 22]), minutes=life.rng.randint(0, 50))
    for text in day_texts(life):
        events.append((at, "user", text))
        if life.rng.random() < REPLY_SHARE:
            events.append((at + timedelta(seconds=30), "assistant", life.rng.choice(REPLIES)))
        last, at = at, at + timedelta(minutes=life.rng.randint(1, 8))
    events.append((last + timedelta(seconds=settings.CONSOLIDATION_DEBOUNCE_SECONDS), "session", ""))
    for index, (when, kind, text) in enumerate(sorted(events, key=lambda event: event[0])):
        with clock.frozen(when):
            if kind == "run":
                _consolidate(tenant, when, tally)
            elif kind == "session":
                _session_pass(contact, tally)
            else:
                _send(tenant, contact, f"growth-d{life.day}-{index}", kind, text, when, f"growth-day-{life.day}", tally)
                if kind == "user" and context_reads:
                    _read_context(tenant, text, when, tally)


def _send(
    tenant: Tenant, contact: Contact, message_id: str, role: str, text: str, at: datetime, conversation: str,
    tally: Tally,
) -> None:  # fmt: skip
    started = time.perf_counter()
    # The per-contact deferred pass is debounced (CONSOLIDATION_DEBOUNCE_SECONDS): hold its key so the
    # eager task does not run it after every message; _session_pass runs it once the session went quiet.
    redis_client().set(debounce_key(contact.pk), 1, ex=3600)
    payload = IngestPayload(
        contact_id=CONTACT_ID, message=text, role=role, conversation_id=conversation, message_id=message_id,
        timestamp=at, display_name=DISPLAY_NAME,
    )  # fmt: skip
    message_ingest(tenant=tenant, payload=payload)
    message = Message.objects.get(tenant=tenant, client_message_id=message_id)
    message_process_deferred(message_id=message.pk)  # a no-op when the eager task already ran it
    tally.ingest_seconds += time.perf_counter() - started
    setattr(tally, role, getattr(tally, role) + 1)


def _session_pass(contact: Contact, tally: Tally) -> None:
    """What the debounced ``consolidate_contact`` task does, CONSOLIDATION_DEBOUNCE_SECONDS after the session."""
    started = time.perf_counter()
    contact_consolidate_deferred(contact_id=contact.pk)
    tally.session_seconds += time.perf_counter() - started


def _read_context(tenant: Tenant, text: str, at: datetime, tally: Tally) -> None:
    """GET /context with the message as the query, and the access it records for what it returned."""
    started = time.perf_counter()
    context = contact_context_get(tenant=tenant, external_id=CONTACT_ID, query=text)
    if context is not None:
        memories_record_access(memory_ids=[memory.id for memory in context.memories], at=at)
    tally.context_reads += 1
    tally.context_seconds += time.perf_counter() - started


def _consolidate(tenant: Tenant, at: datetime, tally: Tally) -> None:
    started = time.perf_counter()
    stats = consolidation_run(tenant=tenant, now=at)
    tally.consolidation_seconds += time.perf_counter() - started
    if stats is None:
        raise RuntimeError("another consolidation pass holds the lock; run the benchmark when it is free")
    tally.runs += 1
    tally.steps.update({name: value for name, value in stats.items() if isinstance(value, int)})


def active_by_type(contact: Contact, at: datetime) -> dict[str, int]:
    """Active, unexpired memories at ``at`` by type — what /context can draw on."""
    rows = (
        Memory.objects.filter(contact=contact, status=MemoryStatus.ACTIVE)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=at))
        .values("memory_type")
        .annotate(n=Count("pk"))
    )
    return {row["memory_type"]: row["n"] for row in sorted(rows, key=lambda row: row["memory_type"])}


def _checkpoint_days(days: int) -> set[int]:
    return {day for _, day, _, _ in SPEC_ROWS} | set(range(30, days + 1, 30)) | {days}


def _final_state(contact: Contact) -> dict[str, Any]:
    memories = Memory.objects.filter(contact=contact)
    by_status = Counter(f"{t}/{s}" for t, s in memories.values_list("memory_type", "status"))
    active = memories.filter(status=MemoryStatus.ACTIVE).order_by("memory_type", "-importance", "pk")
    return {
        "rows_by_type_and_status": dict(sorted(by_status.items())),
        "entities": ContactEntity.objects.filter(contact=contact).count(),
        "active": [
            {"type": m.memory_type, "content": m.content, "importance": round(m.importance, 3),
             "day": (m.created_at - START).days + 1, "accesses": m.access_count}
            for m in active
        ],
    }  # fmt: skip


def _report(
    days: int, seed: int, tally: Tally, daily: list[int], compositions: dict[int, dict[str, int]],
    final: dict[str, Any], seconds: float,
) -> dict[str, Any]:  # fmt: skip
    rows = [
        {"label": label, "day": day, "active": daily[day - 1], "spec": [low, high],
         "within": low <= daily[day - 1] <= high, "by_type": compositions[day]}
        for label, day, low, high in SPEC_ROWS if day <= days
    ]  # fmt: skip
    months = [{"month": day // 30, "day": day, "active": daily[day - 1], "by_type": compositions[day]}
              for day in range(30, days + 1, 30)]  # fmt: skip
    return {
        "mode": "year", "days": days, "seed": seed,
        "messages": {"user": tally.user, "assistant": tally.assistant, "context_reads": tally.context_reads},
        "consolidation": {"runs": tally.runs, "totals": dict(sorted(tally.steps.items()))},
        "seconds": {"total": round(seconds, 1), "ingest_and_deferred": round(tally.ingest_seconds, 1),
                    "session_passes": round(tally.session_seconds, 1),
                    "context_reads": round(tally.context_seconds, 1),
                    "consolidation": round(tally.consolidation_seconds, 1)},
        "spec_rows": rows, "months": months, "daily_active": daily, "final": final,
    }  # fmt: skip


def tenant_delete(tenant: Tenant) -> None:
    """The tenant and all it owns (ORM cascade), its Redis keys and its consolidation records."""
    client = redis_client()
    for contact_id in Contact.objects.filter(tenant=tenant).values_list("pk", flat=True):
        recent.forget(contact_id)
        client.delete(debounce_key(contact_id))
    for key in client.scan_iter(match=f"chat:{tenant.pk}:*", count=500):  # session histories
        client.delete(key)
    ConsolidationRun.objects.filter(tenant_slug=tenant.slug).delete()
    tenant.delete()


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
