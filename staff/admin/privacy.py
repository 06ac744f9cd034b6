"""Staff admin of erasure tombstones: viewable, never edited."""

from __future__ import annotations

from django.contrib import admin

from privacy.models import ErasureTombstone
from staff.admin_toolkit import ReadOnlyAdmin, TenantScopedAdmin


@admin.register(ErasureTombstone)
class ErasureTombstoneAdmin(TenantScopedAdmin[ErasureTombstone], ReadOnlyAdmin[ErasureTombstone]):
    list_display = ["tenant", "external_id_hash", "erased_at"]
    list_filter = ["tenant"]
