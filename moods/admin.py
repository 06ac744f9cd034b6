from __future__ import annotations

from django.contrib import admin

from memories.admin import ReadOnlyAdmin
from moods.models import MoodLog


@admin.register(MoodLog)
class MoodLogAdmin(ReadOnlyAdmin):
    list_display = ["contact", "mood", "energy", "style", "confidence", "source", "logged_at"]
    list_filter = ["tenant", "mood", "source"]
    list_select_related = ["contact"]
