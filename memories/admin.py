from __future__ import annotations

from django.contrib import admin

from memories.models import ContactEntity, Memory, MemoryEvent


class ReadOnlyAdmin(admin.ModelAdmin):
    """Viewable, not editable: writes must go through the memory services (staff editing comes with
    the admin issue), and history is append-only by nature."""

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(ContactEntity)
class ContactEntityAdmin(admin.ModelAdmin):
    list_display = ["__str__", "display_name", "contact", "tenant"]
    list_filter = ["tenant", "entity_type"]
    list_select_related = ["contact", "tenant"]
    search_fields = ["key", "display_name", "contact__external_id"]
    raw_id_fields = ["contact"]


@admin.register(Memory)
class MemoryAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "memory_type", "status", "importance", "contact", "source", "created_at"]
    list_filter = ["tenant", "memory_type", "status", "source"]
    list_select_related = ["contact"]
    search_fields = ["content", "contact__external_id"]
    exclude = ["embedding", "search_vector"]


@admin.register(MemoryEvent)
class MemoryEventAdmin(ReadOnlyAdmin):
    list_display = ["memory", "kind", "actor", "created_at"]
    list_filter = ["kind"]
    list_select_related = ["memory"]
