from __future__ import annotations

from django.contrib import admin

from contacts.admin_scoping import TenantScopedAdmin
from memories.admin import ReadOnlyAdmin
from privacy.models import ErasureTombstone


@admin.register(ErasureTombstone)
class ErasureTombstoneAdmin(TenantScopedAdmin, ReadOnlyAdmin):
    list_display = ["tenant", "external_id_hash", "erased_at"]
    list_filter = ["tenant"]
