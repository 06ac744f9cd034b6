"""Plain admin for every model; the staff knowledge-graph views come in their own issue."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import Count
from django.db.models.query import QuerySet
from django.http import HttpRequest
from rest_framework_api_key.admin import APIKeyModelAdmin
from rest_framework_api_key.models import APIKey

from contacts.models import Contact, ContactState, Conversation, Message, Tenant, TenantAPIKey
from contacts.services import api_key_create

# The library's own key model is unused here: every key belongs to a tenant.
admin.site.unregister(APIKey)


@admin.register(Tenant)
class TenantAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "contact_count", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Tenant]:
        return super().get_queryset(request).annotate(contact_count=Count("contacts"))

    @admin.display(ordering="contact_count", description="contacts")
    def contact_count(self, obj: Any) -> int:
        return obj.contact_count


@admin.register(TenantAPIKey)
class TenantAPIKeyAdmin(APIKeyModelAdmin):
    list_display = (*APIKeyModelAdmin.list_display, "tenant")  # type: ignore[assignment]
    list_filter = ("tenant", "revoked")  # type: ignore[assignment]
    list_select_related = ["tenant"]

    def save_model(self, request: HttpRequest, obj: Any, form: Any = None, change: bool = False) -> None:
        if change:
            obj.save()
            return
        created, key = api_key_create(tenant=obj.tenant, name=obj.name, expiry_date=obj.expiry_date)
        obj.pk, obj.id = created.pk, created.id
        messages.warning(request, f"The API key for {obj.name} is: {key} — store it now, it is not shown again.")


class ContactStateInline(admin.StackedInline):
    model = ContactState
    can_delete = False


@admin.register(Contact)
class ContactAdmin(admin.ModelAdmin):
    list_display = ["external_id", "display_name", "tenant", "channel", "created_at"]
    list_filter = ["tenant", "channel"]
    list_select_related = ["tenant"]
    search_fields = ["external_id", "display_name"]
    inlines = [ContactStateInline]


@admin.register(Conversation)
class ConversationAdmin(admin.ModelAdmin):
    list_display = ["external_id", "contact", "tenant", "started_at", "last_message_at", "resolved_at"]
    list_filter = ["tenant"]
    list_select_related = ["contact", "tenant"]
    search_fields = ["external_id", "contact__external_id"]
    raw_id_fields = ["contact"]


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ["client_message_id", "role", "contact", "sent_at", "processing_status"]
    list_filter = ["tenant", "role", "processing_status"]
    list_select_related = ["contact"]
    search_fields = ["client_message_id", "contact__external_id"]
    raw_id_fields = ["contact", "conversation"]
    show_full_result_count = False  # the ledger grows without bound; counting it is slow


@admin.register(ContactState)
class ContactStateAdmin(admin.ModelAdmin):
    list_display = ["contact", "relationship_stage", "mood", "energy", "churn_risk", "last_seen_at"]
    list_filter = ["relationship_stage", "mood", "contact__tenant"]
    list_select_related = ["contact"]
    search_fields = ["contact__external_id", "contact__display_name"]
    raw_id_fields = ["contact"]
