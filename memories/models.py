"""Memories about a contact (or, with ``contact=None``, about the tenant's business), the entities
they mention, and the history of every change to them."""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.utils import timezone
from pgvector.django import VectorField

from contacts.models import Contact, Tenant


class EntityType(models.TextChoices):
    PET = "pet"
    PERSON = "person"
    WORKPLACE = "workplace"
    SCHOOL = "school"
    LOCATION = "location"
    HOBBY = "hobby"
    TOPIC = "topic"
    OTHER = "other"


class ContactEntity(models.Model):
    """A node of the contact's knowledge graph, referred to as ``{entity_type}:{key}``."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="entities")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, null=True, blank=True, related_name="entities")
    entity_type = models.CharField(max_length=16, choices=EntityType.choices)
    key = models.SlugField(max_length=100, allow_unicode=True)
    display_name = models.CharField(max_length=255)
    aliases = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    # e.g. {"species": "dog"} for a pet, {"relation": "wife"} for a person.
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "contact entities"
        constraints = [
            models.UniqueConstraint(
                fields=["tenant", "contact", "entity_type", "key"],
                name="entity_key_per_contact",
                nulls_distinct=False,
            ),
        ]
        indexes = [GinIndex(fields=["aliases"], name="entity_aliases")]

    def __str__(self) -> str:
        return self.ref

    @property
    def ref(self) -> str:
        return f"{self.entity_type}:{self.key}"


class MemoryType(models.TextChoices):
    FACT = "fact"
    PREFERENCE = "preference"
    EPISODE = "episode"
    PATTERN = "pattern"


class MemoryStatus(models.TextChoices):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    COMPRESSED = "compressed"
    EXPIRED = "expired"
    # Pruned or evicted by the lifecycle (the reason is in its history): out of context, restorable by staff until
    # FORGOTTEN_KEEP_DAYS after ``valid_to``, then deleted.
    FORGOTTEN = "forgotten"


class MemorySource(models.TextChoices):
    RULES = "rules"
    LLM = "llm"
    CONSOLIDATION = "consolidation"
    STAFF = "staff"
    API = "api"


class Memory(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="memories")
    # Null for tenant-level (business) memory.
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, null=True, blank=True, related_name="memories")
    memory_type = models.CharField(max_length=16, choices=MemoryType.choices)
    content = models.TextField()
    importance = models.FloatField(default=0.5)
    decay_rate = models.FloatField(help_text="Importance lost per day without access")
    pinned = models.BooleanField(default=False, help_text="Pinned memories never decay")
    access_count = models.PositiveIntegerField(default=0)
    accessed_at = models.DateTimeField(null=True, blank=True)
    # When periodic decay last charged this memory: the next pass charges only the time since.
    decayed_at = models.DateTimeField(null=True, blank=True)
    # The last time the memory mattered: created, re-stated or reinforced, merged into, or retrieved. Decay and pruning
    # count from it (a memory said again last week is not a year old).
    mattered_at = models.DateTimeField(default=timezone.now)
    embedding = VectorField(dimensions=settings.EMBEDDING_DIMENSIONS, null=True, blank=True)
    embedding_model = models.CharField(max_length=128, blank=True)
    status = models.CharField(max_length=16, choices=MemoryStatus.choices, default=MemoryStatus.ACTIVE)
    valid_from = models.DateTimeField(default=timezone.now)
    valid_to = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    source = models.CharField(max_length=16, choices=MemorySource.choices)
    # A single-valued attribute ("location", "workplace", "pref:coffee"): one active memory per slot.
    slot = models.CharField(max_length=128, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    superseded_by = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="supersedes"
    )
    # Provenance as client message ids (not foreign keys): it survives ledger retention.
    source_message_ids = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    entities = models.ManyToManyField(ContactEntity, blank=True, related_name="memories")
    search_vector = models.GeneratedField(
        expression=SearchVector("content", config="english"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    # The time of the source message (not of the insert), so backfills age like live traffic.
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "memories"
        indexes = [
            models.Index(fields=["contact", "status"], name="memory_contact_status"),
            models.Index(
                fields=["contact", "slot"],
                name="memory_active_slot",
                condition=models.Q(status="active") & ~models.Q(slot=""),
            ),
            models.Index(
                fields=["tenant", "status"],
                name="memory_business_status",
                condition=models.Q(contact__isnull=True),
            ),
            GinIndex(fields=["search_vector"], name="memory_search_vector"),
            GinIndex(fields=["source_message_ids"], name="memory_source_messages"),
        ]

    def __str__(self) -> str:
        return f"[{self.memory_type}] {self.content[:60]}"


class MemoryEventKind(models.TextChoices):
    CREATED = "created"
    REINFORCED = "reinforced"
    MERGED = "merged"
    SUPERSEDED = "superseded"
    EDITED = "edited"
    PINNED = "pinned"
    COMPRESSED = "compressed"
    EXPIRED = "expired"
    FORGOTTEN = "forgotten"  # after: {"reason": ...}
    RESTORED = "restored"


class MemoryEvent(models.Model):
    """One change to a memory: who (actor), what (kind, before/after) and from which messages."""

    memory = models.ForeignKey(Memory, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=16, choices=MemoryEventKind.choices)
    actor = models.CharField(max_length=150, help_text='"system", "api" or "staff:<username>"')
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    source_message_ids = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["memory", "created_at"], name="memory_event_history")]

    def __str__(self) -> str:
        return f"{self.kind} by {self.actor}"
