"""Tenant scoping for the staff admin. A staff user attached to a tenant (``TenantStaff``) sees and edits only
that tenant's rows; superusers see every tenant; any other staff user sees nothing.

Objects outside the scope are simply not in the admin's querysets: their change, delete and history pages answer
404 like a missing object (Django's default redirect is replaced), and so do our custom contact pages."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from contacts.models import Tenant, TenantStaff

# No tenant has this primary key: a staff user who belongs to no tenant matches no row.
NO_TENANT = 0
_CACHE_ATTRIBUTE = "_rapport_staff_tenant_id"


def staff_tenant_id(request: HttpRequest) -> int | None:
    """The tenant the user works for, or None (every tenant) for a superuser. Read once per request."""
    if request.user.is_superuser:
        return None
    if not hasattr(request, _CACHE_ATTRIBUTE):
        staff = TenantStaff.objects.filter(user_id=request.user.pk or NO_TENANT)
        found = staff.values_list("tenant_id", flat=True).first()
        setattr(request, _CACHE_ATTRIBUTE, found or NO_TENANT)
    return getattr(request, _CACHE_ATTRIBUTE)


def tenant_path(model: type[models.Model]) -> str | None:
    """How a model's rows reach their tenant, for related-field choices; None when they don't."""
    if model is Tenant:
        return "pk"
    if any(field.name == "tenant" for field in model._meta.get_fields()):
        return "tenant"
    return None


def scope_queryset(queryset: QuerySet[Any], request: HttpRequest, path: str) -> QuerySet[Any]:
    tenant_id = staff_tenant_id(request)
    return queryset if tenant_id is None else queryset.filter(**{path: tenant_id})


def object_tenant_id(obj: models.Model, path: str) -> int:
    """Follow ``path`` ("tenant", "contact__tenant", "pk") from an object to its tenant's id."""
    *hops, last = path.split("__")
    for hop in hops:
        obj = getattr(obj, hop)
    return obj.pk if last == "pk" else getattr(obj, f"{last}_id")


class TenantScopedAdmin(admin.ModelAdmin):
    """For every tenant-owned model: rows, related-field choices, filters and object permissions are limited to
    the staff user's tenant. ``tenant_path`` says how the model reaches its tenant."""

    tenant_path = "tenant"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return scope_queryset(super().get_queryset(request), request, self.tenant_path)

    def get_list_filter(self, request: HttpRequest) -> Any:
        filters = super().get_list_filter(request)
        if staff_tenant_id(request) is None:
            return filters
        # A tenant filter would list every tenant's name; the staff user only has one.
        return [f for f in filters if not (isinstance(f, str) and f.split("__")[-1] == "tenant")]

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        kwargs.setdefault("queryset", self._related_choices(db_field, request))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        kwargs.setdefault("queryset", self._related_choices(db_field, request))
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_view_permission(request, obj) and self.in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_change_permission(request, obj) and self.in_scope(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return super().has_delete_permission(request, obj) and self.in_scope(request, obj)

    def _get_obj_does_not_exist_redirect(self, request: HttpRequest, opts: Any, object_id: str) -> Any:
        # Django redirects to the admin index with a "doesn't exist" message; another tenant's row must answer
        # a plain 404 (the same as a row that does not exist, so ids of other tenants reveal nothing).
        raise Http404(f"No {opts.verbose_name} with id {object_id!r}.")

    def in_scope(self, request: HttpRequest, obj: Any) -> bool:
        tenant_id = staff_tenant_id(request)
        return obj is None or tenant_id is None or object_tenant_id(obj, self.tenant_path) == tenant_id

    def _related_choices(self, db_field: Any, request: HttpRequest) -> QuerySet[Any]:
        related = db_field.remote_field.model
        queryset = related._default_manager.get_queryset()
        path = tenant_path(related)
        return queryset if path is None else scope_queryset(queryset, request, path)


class TenantScopedInline(admin.options.InlineModelAdmin):
    """Inlines hang off a scoped parent; their related-field choices are scoped too."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        path = tenant_path(db_field.remote_field.model)
        if path is not None:
            queryset = db_field.remote_field.model._default_manager.get_queryset()
            kwargs.setdefault("queryset", scope_queryset(queryset, request, path))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class SuperuserOnlyAdmin(admin.ModelAdmin):
    """Models that belong to no single tenant (staff assignments, global runs): superusers only."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_superuser and super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return request.user.is_superuser and super().has_add_permission(request, *args)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_superuser and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_superuser and super().has_delete_permission(request, obj)
