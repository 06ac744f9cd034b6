"""Staff admin of consolidation runs."""

from __future__ import annotations

from django.contrib import admin

from consolidation.models import ConsolidationRun
from staff.admin_toolkit import ReadOnlyAdmin, SuperuserOnlyAdmin


@admin.register(ConsolidationRun)
class ConsolidationRunAdmin(SuperuserOnlyAdmin[ConsolidationRun], ReadOnlyAdmin[ConsolidationRun]):
    """Runs span tenants (the periodic pass covers all of them): superusers only."""

    list_display = ["started_at", "finished_at", "tenant_slug", "contact_external_id", "dry_run", "stats"]
    list_filter = ["dry_run"]
