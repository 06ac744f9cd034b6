from __future__ import annotations

from django.contrib import admin

from memories.admin import ReadOnlyAdmin
from privacy.models import ErasureTombstone


@admin.register(ErasureTombstone)
class ErasureTombstoneAdmin(ReadOnlyAdmin):
    list_display = ["tenant", "external_id_hash", "erased_at"]
    list_filter = ["tenant"]
