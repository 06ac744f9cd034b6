"""The mood log: one classification per user message."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from contacts.models import Contact, Energy, Message, Mood, Style, Tenant


class MoodSource(models.TextChoices):
    LLM = "llm"
    PREVIOUS = "previous"
    KEYWORDS = "keywords"


class MoodLog(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="mood_logs")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, related_name="mood_logs")
    message = models.OneToOneField(Message, on_delete=models.SET_NULL, null=True, blank=True, related_name="mood_log")
    mood = models.CharField(max_length=16, choices=Mood.choices)
    energy = models.CharField(max_length=8, choices=Energy.choices)
    style = models.CharField(max_length=16, choices=Style.choices)
    confidence = models.FloatField()
    source = models.CharField(max_length=16, choices=MoodSource.choices)
    # The message's time, so backfilled history builds the same timeline as live traffic.
    logged_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["contact", "logged_at"], name="mood_log_timeline")]

    def __str__(self) -> str:
        return f"{self.mood}/{self.energy} ({self.source})"


class ReviewFlagKind(models.TextChoices):
    CRISIS = "crisis"


class ReviewFlag(models.Model):
    """A message a human should look at (crisis language). Created inline, resolved by staff."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="review_flags")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, related_name="review_flags")
    message = models.ForeignKey(Message, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    kind = models.CharField(max_length=16, choices=ReviewFlagKind.choices)
    category = models.CharField(max_length=32, blank=True, help_text="e.g. suicidal_ideation, self_harm")
    excerpt = models.TextField(help_text="The words that raised the flag")
    created_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.CharField(max_length=150, blank=True)
    resolution_note = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "kind"], name="review_flag_once_per_message")]
        indexes = [
            models.Index(
                fields=["tenant", "created_at"], name="review_flag_open", condition=models.Q(resolved_at__isnull=True)
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} flag on {self.contact}"


class TriggerKind(models.TextChoices):
    CHECK_IN = "check_in"


class Trigger(models.Model):
    """A proactive outreach the chat engine should make at ``due_at`` (GET /triggers)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="triggers")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, related_name="triggers")
    kind = models.CharField(max_length=16, choices=TriggerKind.choices)
    reason = models.TextField()
    due_at = models.DateTimeField()
    created_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)
    # Who closed it and what was done, when staff acknowledge it in the review queue (the chat engine's
    # POST /triggers/{id}/complete leaves them blank).
    completed_by = models.CharField(max_length=150, blank=True)
    completion_note = models.TextField(blank=True)
    # What makes a trigger "the same one" (e.g. one check-in per contact per morning): retries create nothing.
    dedupe_key = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "dedupe_key"], name="trigger_dedupe_per_tenant")]
        indexes = [
            models.Index(fields=["tenant", "due_at"], name="trigger_open_due", condition=models.Q(completed_at=None))
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.contact} at {self.due_at:%Y-%m-%d %H:%M}"


class ReviewQueue(ReviewFlag):
    """No table of its own: the staff admin's review queue (open crisis flags and triggers together) is listed in
    the admin's index and nav under this name, next to the flags and triggers it gathers."""

    class Meta:
        proxy = True
        verbose_name = verbose_name_plural = "review queue"


class InsightKind(models.TextChoices):
    ENGAGEMENT_DECLINE = "engagement_decline"
    BOREDOM = "boredom"


class Insight(models.Model):
    """Something the business owner should know about a contact (GET /insights)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="insights")
    contact = models.ForeignKey(Contact, on_delete=models.CASCADE, null=True, blank=True, related_name="insights")
    kind = models.CharField(max_length=32, choices=InsightKind.choices)
    summary = models.TextField()
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    dedupe_key = models.CharField(max_length=200)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "dedupe_key"], name="insight_dedupe_per_tenant")]
        indexes = [models.Index(fields=["tenant", "created_at"], name="insight_tenant_time")]

    def __str__(self) -> str:
        return f"{self.kind}: {self.summary[:60]}"
