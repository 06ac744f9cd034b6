"""A contact with a fortnight of mood readings, each read from a message of theirs, a crisis flag on one of those
messages and a check-in trigger raised after a bad run: what the mood chart and the review queue show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from contacts.models import Contact, Conversation, Message
from moods.models import MoodLog, ReviewFlag, Trigger

START = datetime(2026, 11, 3, 8, 0, tzinfo=UTC)
EVERY = timedelta(hours=13)
MOODS = ["happy", "neutral", "excited", "grateful", "bored", "anxious", "sad", "frustrated", "happy", "neutral"]
ENERGIES = ["high", "medium", "medium", "low", "low", "medium"]


@dataclass(frozen=True)
class MoodWorld:
    contact: Contact
    messages: list[Message]
    logs: list[MoodLog]
    flag: ReviewFlag
    trigger: Trigger


def mood_world(contact: Contact, readings: int = 26) -> MoodWorld:
    conversation = Conversation.objects.create(
        tenant=contact.tenant, contact=contact, external_id=f"conv-{contact.external_id}", started_at=START,
        last_message_at=START + EVERY * readings,
    )  # fmt: skip
    messages, logs = [], []
    for n in range(readings):
        mood = MOODS[n % len(MOODS)]
        message = Message.objects.create(
            tenant=contact.tenant, contact=contact, conversation=conversation, client_message_id=f"m-{n}",
            role="user", content=f"Message {n}: feeling {mood} today", sent_at=START + EVERY * n,
        )  # fmt: skip
        messages.append(message)
        logs.append(
            MoodLog.objects.create(
                tenant=contact.tenant,
                contact=contact,
                message=message,
                mood=mood,
                energy=ENERGIES[n % len(ENERGIES)],
                style="casual",
                confidence=0.8,
                source="keywords",
                logged_at=message.sent_at,
            )  # fmt: skip
        )
    crisis = messages[16]
    flag = ReviewFlag.objects.create(
        tenant=contact.tenant, contact=contact, message=crisis, kind="crisis", category="self_harm",
        excerpt=crisis.content, created_at=crisis.sent_at,
    )  # fmt: skip
    trigger = Trigger.objects.create(
        tenant=contact.tenant, contact=contact, kind="check_in", reason="Sustained negative mood: check in gently.",
        due_at=messages[17].sent_at + timedelta(hours=10), created_at=messages[17].sent_at, dedupe_key="check_in:1",
    )  # fmt: skip
    return MoodWorld(contact=contact, messages=messages, logs=logs, flag=flag, trigger=trigger)
