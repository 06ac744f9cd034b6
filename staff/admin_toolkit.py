"""The staff admin's toolkit, shared by every model's admin: tenant scoping, the capped paginator, the read-only
admin and the staff change log.

Tenant scoping: a staff user attached to a tenant (``TenantStaff``) sees and edits only that tenant's rows;
superusers see every tenant; any other staff user sees nothing. Objects outside the scope are simply not in the
admin's querysets: their change, delete and history pages answer 404 like a missing object (Django's default
redirect is replaced), and so do the contact page's own views (``staff.views``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from django.contrib import admin
from django.contrib.admin.models import CHANGE, LogEntry
from django.core.paginator import Paginator
from django.db import models
from django.db.models import QuerySet
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.functional import cached_property

from contacts.models import Tenant, TenantStaff

_ModelT = TypeVar("_ModelT", bound=models.Model)
_ParentT = TypeVar("_ParentT", bound=models.Model)

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


def scope_queryset(queryset: QuerySet[_ModelT], request: HttpRequest, path: str) -> QuerySet[_ModelT]:
    tenant_id = staff_tenant_id(request)
    return queryset if tenant_id is None else queryset.filter(**{path: tenant_id})


def object_tenant_id(obj: models.Model, path: str) -> int:
    """Follow ``path`` ("tenant", "contact__tenant", "pk") from an object to its tenant's id."""
    *hops, last = path.split("__")
    for hop in hops:
        obj = getattr(obj, hop)
    return obj.pk if last == "pk" else getattr(obj, f"{last}_id")


class TenantScopedAdmin(admin.ModelAdmin[_ModelT]):
    """For every tenant-owned model: rows, related-field choices, filters and object permissions are limited to
    the staff user's tenant. ``tenant_path`` says how the model reaches its tenant."""

    tenant_path = "tenant"

    def get_queryset(self, request: HttpRequest) -> QuerySet[_ModelT]:
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

    def has_view_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return super().has_view_permission(request, obj) and self.in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return super().has_change_permission(request, obj) and self.in_scope(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return super().has_delete_permission(request, obj) and self.in_scope(request, obj)

    def _get_obj_does_not_exist_redirect(self, request: HttpRequest, opts: Any, object_id: str) -> Any:
        # Django redirects to the admin index with a "doesn't exist" message; another tenant's row must answer
        # a plain 404 (the same as a row that does not exist, so ids of other tenants reveal nothing).
        raise Http404(f"No {opts.verbose_name} with id {object_id!r}.")

    def in_scope(self, request: HttpRequest, obj: _ModelT | None) -> bool:
        tenant_id = staff_tenant_id(request)
        return obj is None or tenant_id is None or object_tenant_id(obj, self.tenant_path) == tenant_id

    def _related_choices(self, db_field: Any, request: HttpRequest) -> QuerySet[Any]:
        related = db_field.remote_field.model
        queryset = related._default_manager.get_queryset()
        path = tenant_path(related)
        return queryset if path is None else scope_queryset(queryset, request, path)


class TenantScopedInline(admin.options.InlineModelAdmin[_ModelT, _ParentT]):
    """Inlines hang off a scoped parent; their related-field choices are scoped too."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        path = tenant_path(db_field.remote_field.model)
        if path is not None:
            queryset = db_field.remote_field.model._default_manager.get_queryset()
            kwargs.setdefault("queryset", scope_queryset(queryset, request, path))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class SuperuserOnlyAdmin(admin.ModelAdmin[_ModelT]):
    """Models that belong to no single tenant (staff assignments, global runs): superusers only."""

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return request.user.is_superuser and super().has_view_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return request.user.is_superuser and super().has_add_permission(request, *args)

    def has_change_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return request.user.is_superuser and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: _ModelT | None = None) -> bool:
        return request.user.is_superuser and super().has_delete_permission(request, obj)


class ReadOnlyAdmin(admin.ModelAdmin[_ModelT]):
    """Viewable, not editable: history is append-only by nature, and other rows are written by services."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class CappedPaginator(Paginator):
    """Counts at most CAP rows (COUNT over a LIMITed subquery): an exact count of millions of memories or mood
    logs takes longer than the page itself. Past the cap the changelist shows CAP+1 rows' worth of pages."""

    CAP = 10_000

    @cached_property
    def count(self) -> int:
        object_list: Any = self.object_list
        if isinstance(object_list, QuerySet):
            return object_list[: self.CAP + 1].count()
        return len(object_list)


def staff_change_log(
    *,
    user_id: int | None,
    obj: models.Model,
    what: str,
    before: Any = None,
    after: Any = None,
    action_flag: int = CHANGE,
) -> LogEntry:
    """A line in the admin log (the object's History page): who, when, what (a sentence), and the before/after as a
    reader wants them ("content: 'X' -> 'Y'", ``states_described``). Changes to a contact's entities and memories
    are logged on the contact, not on the row, which may be gone (a merged entity, a deleted memory): the contact's
    History page shows them, and erasing the contact erases them (each app's ``contact_forget`` deletes the lines
    about its rows, through ``contacts.admin_log``)."""
    who = signed_in(user_id)
    described = states_described(before, after)
    message = f"{what.rstrip('.')}: {described}." if described else what
    return LogEntry.objects.log_actions(who, [obj], action_flag, message, single_object=True)


def states_described(before: Any, after: Any) -> str:
    """Each field that changed, "content: 'X' -> 'Y'" (within nested states by path: "pet:bruno aliases: [...] ->
    [...]", and a nested state on one side only as "removed (was …)" or "added (…)"); a state with no other side whole,
    "was …" (what was deleted) or "now …" (what was added). Empty: nothing to say."""
    if before is None and after is None:
        return ""
    if before is None or after is None:
        return f"was {_whole(before)}" if after is None else f"now {_whole(after)}"
    if not (isinstance(before, Mapping) and isinstance(after, Mapping)):
        return f"{_shown(before)} -> {_shown(after)}"
    return "; ".join(_changes(before, after, "")) or "no change"


def _changes(old: Mapping[str, Any], new: Mapping[str, Any], prefix: str) -> list[str]:
    changes: list[str] = []
    for key in dict.fromkeys([*old, *new]):
        path, was, now = f"{prefix} {key}".strip(), old.get(key), new.get(key)
        if was == now:
            continue
        if isinstance(was, Mapping) and isinstance(now, Mapping):
            changes += _changes(was, now, path)
        elif key not in new and isinstance(was, Mapping):
            changes.append(f"{path}: removed (was {_whole(was)})")
        elif key not in old and isinstance(now, Mapping):
            changes.append(f"{path}: added ({_whole(now)})")
        else:
            changes.append(f"{path}: {_shown(was)} -> {_shown(now)}")
    return changes


def _whole(state: Any) -> str:
    if not isinstance(state, Mapping):
        return _shown(state)
    return ", ".join(f"{key}: {_shown(value)}" for key, value in state.items())


def _shown(value: Any) -> str:
    """Text quoted, as staff typed it; nothing as "(none)"; a time to the minute; the rest as JSON writes it."""
    if value is None:
        return "(none)"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return time_shown(value)
    return as_json(value)


def time_shown(at: datetime) -> str:
    """A time as the staff log writes it: to the minute, in the site's time zone, named ("2026-11-28 12:18 UTC"). The
    line is written once and read later, maybe elsewhere: it says which zone."""
    return date_format(timezone.localtime(at), "Y-m-d H:i T")


def signed_in(user_id: int | None) -> int:
    """The user a staff log line is written against. The admin is login-only, so there is always one; a log line
    without its "who" would be worthless."""
    if user_id is None:
        raise ValueError("Staff changes are logged against a signed-in user.")
    return user_id


def as_json(value: Any) -> str:
    """A before/after state (or an erasure's receipt) as the admin log writes it."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
