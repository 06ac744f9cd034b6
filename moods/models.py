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
