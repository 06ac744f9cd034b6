from __future__ import annotations

from django.contrib import admin

from consolidation.models import ConsolidationRun
from contacts.admin_scoping import SuperuserOnlyAdmin
from memories.admin import ReadOnlyAdmin


@admin.register(ConsolidationRun)
class ConsolidationRunAdmin(SuperuserOnlyAdmin, ReadOnlyAdmin):
    """Runs span tenants (the periodic pass covers all of them): superusers only."""

    list_display = ["started_at", "finished_at", "tenant_slug", "contact_external_id", "dry_run", "stats"]
    list_filter = ["dry_run"]
