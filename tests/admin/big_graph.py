"""A contact who has said a lot: 40 entities and 300 memories of every type and status, each from a message in the
ledger. Built with bulk inserts (a second or two), for the graph page's size tests in the test client and the
browser."""

from __future__ import annotations

from datetime import timedelta

from contacts.models import Contact, Conversation, Message
from memories.models import ContactEntity, Memory, MemoryStatus
from tests.admin.conftest import T0

# Names of every length a person might use, the longest past a label's width.
NAMES = [
    "Bruno", "Mum", "Dad", "Priya", "Infosys", "Bangalore", "Grandmother Lakshmi's knitting circle", "Chess",
    "Rohan", "Aunt Meera", "Koramangala gym", "IIT Madras", "Cricket", "Biryani House on 5th Main", "Whiskers",
    "Dr. Rao", "Book club", "Pune", "Ananya", "Team lead Suresh", "Marathon training", "Guitar", "Vikram",
    "Mysore", "Tennis", "The startup he keeps talking about", "Neha", "Photography", "Goa trip", "Karthik",
    "Physiotherapist", "Yoga", "Old college roommate Arvind", "Chennai", "Cooking", "Sister's wedding", "Tara",
    "Badminton club", "Cousin Deepak", "Hyderabad office",
]  # fmt: skip
TYPES = ["pet", "person", "person", "person", "workplace", "location", "hobby", "hobby"]
# (memory type, status, metadata) for each tenth of the memories: 4 durable facts, 1 strong preference (durable),
# 1 passing preference, 2 episodes and 1 pattern (fading), 1 superseded or compressed.
ACTIVE = MemoryStatus.ACTIVE
KINDS = [
    ("fact", ACTIVE, {}), ("fact", ACTIVE, {}), ("fact", ACTIVE, {}), ("fact", ACTIVE, {}),
    ("preference", ACTIVE, {"polarity": "positive", "strength": "strong"}),
    ("preference", ACTIVE, {"polarity": "positive"}), ("episode", ACTIVE, {}), ("episode", ACTIVE, {}),
    ("pattern", ACTIVE, {}), ("fact", MemoryStatus.SUPERSEDED, {}),
]  # fmt: skip


def big_graph(contact: Contact, *, entity_count: int = 40, memory_count: int = 300) -> list[Memory]:
    """``entity_count`` entities; ``memory_count`` memories, each said in its own message ("big-<n>"): one in eight
    names no entity, one in five names two."""
    entities = ContactEntity.objects.bulk_create(
        ContactEntity(tenant=contact.tenant, contact=contact, entity_type=TYPES[n % len(TYPES)], key=f"e{n:02}",
                      display_name=NAMES[n % len(NAMES)], aliases=[NAMES[n % len(NAMES)]])
        for n in range(entity_count)
    )  # fmt: skip
    conversation = Conversation.objects.create(
        tenant=contact.tenant, contact=contact, external_id=f"big-{contact.pk}", started_at=T0, last_message_at=T0
    )
    Message.objects.bulk_create(
        Message(tenant=contact.tenant, contact=contact, conversation=conversation, client_message_id=f"big-{n}",
                role="user", content=f"Message {n}: something worth remembering about {NAMES[n % len(NAMES)]}",
                sent_at=T0 + timedelta(minutes=n))
        for n in range(memory_count)
    )  # fmt: skip
    memories = Memory.objects.bulk_create(_memory(contact, n) for n in range(memory_count))
    links = Memory.entities.through
    rows = []
    for n, memory in enumerate(memories):
        if n % 8 == 7:
            continue
        # Shifted every ten, so that an entity has memories of every kind.
        first = (n + n // 10) % entity_count
        rows.append(links(memory_id=memory.pk, contactentity_id=entities[first].pk))
        if n % 5 == 0:
            rows.append(links(memory_id=memory.pk, contactentity_id=entities[(first + 7) % entity_count].pk))
    links.objects.bulk_create(rows)
    return memories


def _memory(contact: Contact, n: int) -> Memory:
    memory_type, status, metadata = KINDS[n % len(KINDS)]
    subject = NAMES[n % len(NAMES)]
    return Memory(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, status=status, metadata=metadata,
        content=f"{memory_type.capitalize()} {n} about {subject}: a sentence long enough to need cutting short",
        importance=0.5, decay_rate=0.01, source="rules", source_message_ids=[f"big-{n}"],
        created_at=T0 + timedelta(minutes=n),
    )  # fmt: skip
