"""Tenants, their API keys, contacts with their state, and the append-only message ledger."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from rest_framework_api_key.models import AbstractAPIKey


class Tenant(models.Model):
    """A business using Rapport. Every row below hangs off exactly one tenant."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    # Per-tenant overrides of settings (retrieval weights, helpline text, retention days, ...).
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class TenantAPIKey(AbstractAPIKey):
    """A hashed API key (only its prefix and hash are stored; the key is shown once)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="api_keys")

    class Meta(AbstractAPIKey.Meta):
        verbose_name = "API key"
        verbose_name_plural = "API keys"


class Contact(models.Model):
    """An end-user of a tenant's bot. ``external_id`` is the id API callers use."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="contacts")
    external_id = models.CharField(max_length=255)
    display_name = models.CharField(max_length=255, blank=True)
    channel = models.CharField(max_length=64, blank=True)
    timezone = models.CharField(max_length=64, default="UTC")
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tenant", "external_id"], name="contact_external_id_per_tenant"),
        ]

    def __str__(self) -> str:
        return self.display_name or self.external_id


class Mood(models.TextChoices):
    HAPPY = "happy"
    SAD = "sad"
    ANXIOUS = "anxious"
    EXCITED = "excited"
    NEUTRAL = "neutral"
    ANGRY = "angry"
    FRUSTRATED = "frustrated"
    FLIRTY = "flirty"
    BORED = "bored"
    GRATEFUL = "grateful"
    CONFUSED = "confused"


class Energy(models.TextChoices):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class Style(models.TextChoices):
    PLAYFUL = "playful"
    DEEP = "deep"
    CASUAL = "casual"
    SUPPORTIVE = "supportive"
    ROMANTIC = "romantic"
    VENTING = "venting"


class RelationshipStage(models.TextChoices):
    NEW = "new"
    BUILDING = "building"
    ESTABLISHED = "established"
    DEEP = "deep"
    FADING = "fading"
    DORMANT = "dormant"


class ContactState(models.Model):
    """What Rapport currently believes about how the contact is and where the relationship is."""

    contact = models.OneToOneField(Contact, on_delete=models.CASCADE, primary_key=True, related_name="state")
    mood = models.CharField(max_length=16, choices=Mood.choices, default=Mood.NEUTRAL)
    mood_confidence = models.FloatField(default=0.0)
    energy = models.CharField(max_length=8, choices=Energy.choices, default=Energy.MEDIUM)
    style = models.CharField(max_length=16, choices=Style.choices, default=Style.CASUAL)
    baseline_mood = models.CharField(max_length=16, choices=Mood.choices, blank=True)
    baseline_energy = models.CharField(max_length=8, choices=Energy.choices, blank=True)
    baseline_style = models.CharField(max_length=16, choices=Style.choices, blank=True)
    # The time of the message the current mood was read from (out-of-order backfills don't overwrite it).
    mood_at = models.DateTimeField(null=True, blank=True)
    # The time of the contact's latest message with crisis language: /context leads with safety guidance.
    crisis_at = models.DateTimeField(null=True, blank=True)
    relationship_stage = models.CharField(
        max_length=16, choices=RelationshipStage.choices, default=RelationshipStage.NEW
    )
    session_count = models.PositiveIntegerField(default=0)
    active_streak = models.PositiveIntegerField(default=0, help_text="Consecutive active days")
    churn_risk = models.FloatField(default=0.0)
    first_seen_at = models.DateTimeField(null=True, blank=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # Hours of day (0-23, contact's timezone) in which the contact usually chats.
    preferred_hours = models.JSONField(default=list, blank=True)
    profile_summary = models.TextField(blank=True)
    # Fingerprint of the durable facts the profile summary was written from (rewritten when it changes).
    profile_hash = models.CharField(max_length=64, blank=True)
    profile_updated_at = models.DateTimeField(null=True, blank=True)
    # The conversation of the contact's latest message: a different one starts a new session.
    current_conversation = models.ForeignKey(
        "Conversation", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["relationship_stage", "last_seen_at"], name="state_stage_last_seen")]

    def __str__(self) -> str:
        return f"state of {self.contact}"


class Conversation(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="conversations")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, related_name="conversations")
    external_id = models.CharField(max_length=255)
    started_at = models.DateTimeField()
    last_message_at = models.DateTimeField()
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution_summary = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tenant", "external_id"], name="conversation_external_id_per_tenant"),
        ]

    def __str__(self) -> str:
        return self.external_id


class Role(models.TextChoices):
    USER = "user"
    ASSISTANT = "assistant"


class ProcessingStatus(models.TextChoices):
    PENDING = "pending"
    DONE = "done"
    FAILED = "failed"


class Message(models.Model):
    """The append-only ledger: every ingested message, stored before anything else happens."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="messages")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, related_name="messages")
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    client_message_id = models.CharField(max_length=255)
    role = models.CharField(max_length=16, choices=Role.choices)
    content = models.TextField()
    # The message's own time (caller-supplied for backfills); used for recency, sessions, decay.
    sent_at = models.DateTimeField()
    received_at = models.DateTimeField(auto_now_add=True)
    metadata = models.JSONField(default=dict, blank=True)
    # Hash of the ingest payload: a replayed id with a different body is a conflict (409).
    request_hash = models.CharField(max_length=64, blank=True)
    processing_status = models.CharField(
        max_length=16, choices=ProcessingStatus.choices, default=ProcessingStatus.PENDING
    )
    processing_attempts = models.PositiveSmallIntegerField(default=0)
    # Immediate tier done (facts, preferences, episode, state). Deferred tier done: processed_at.
    extracted_at = models.DateTimeField(null=True, blank=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tenant", "client_message_id"], name="message_client_id_per_tenant"),
        ]
        indexes = [
            models.Index(fields=["conversation", "sent_at"], name="message_conversation_time"),
            models.Index(fields=["contact", "sent_at"], name="message_contact_time"),
            models.Index(
                fields=["received_at"],
                name="message_pending",
                condition=models.Q(processing_status="pending"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.role}: {self.content[:40]}"


class TenantStaff(models.Model):
    """A staff user who works for one tenant: in the admin they see and edit only that tenant's rows.
    Staff users without one see nothing; superusers see every tenant."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tenant_staff")
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="staff")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "tenant staff member"
        verbose_name_plural = "tenant staff"

    def __str__(self) -> str:
        return f"{self.user} @ {self.tenant}"
