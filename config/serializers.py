"""Serializer building blocks for every app's API views (memories, ingest, context, webhooks, ...).

A request body is read by a ``StrictSerializer`` whose scalar fields are the strict ones below: JSON has types, and a
body that sends ``"message": 42`` or ``"pinned": "yes"`` has a bug the 400 should show, not hide by coercing (DRF's
own fields turn 42 into "42" and "1" into True). Query parameters are strings by nature and keep DRF's fields.
tests/security/test_serializers.py holds every input serializer to this.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Rejects unknown fields: a misspelt or smuggled key (``tenant_id``) is an error, not ignored."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A JSON string, never a number coerced to one."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictURLField(serializers.URLField):
    """A JSON string that is a URL, never a number coerced to one."""

    default_error_messages = {"not_a_string": "Not a valid string."}  # "invalid" is the URL's own message

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return str(super().to_internal_value(data))


class StrictSlugField(serializers.SlugField):
    """A JSON string of letters, digits, hyphens and underscores, never a number coerced to one."""

    default_error_messages = {"not_a_string": "Not a valid string."}  # "invalid" is the slug's own message

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return str(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false``: not "true", "yes", "on", 1 or "1", which DRF's BooleanField all takes for True."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictFloatField(serializers.FloatField):
    """A JSON number, never a string ("0.5") or a boolean (Python's True is 1)."""

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer, never a string ("7"), a float (7.0) or a boolean."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


@extend_schema_field(OpenApiTypes.OBJECT)
class FreeFormObjectField(serializers.JSONField):
    """An output JSON object whose keys are the client's or vary by kind (metadata, an insight's data, a memory's
    before/after snapshot): documented as a free-form object, not as "any value"."""


class JsonbDictField(serializers.DictField):
    """A JSON object Postgres ``jsonb`` can store. JSON may spell what jsonb refuses — NUL (``"\\u0000"``) and
    unpaired surrogates (``"\\ud800"``, valid JSON but not valid Unicode) — and the insert would fail with a 500:
    refused here with a 400 naming the character, in DRF's words for text fields."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        for text in _strings(value):
            if "\x00" in text:
                raise serializers.ValidationError("Null characters are not allowed.")
            surrogate = _SURROGATE.search(text)
            if surrogate:
                raise serializers.ValidationError(
                    f"Surrogate characters are not allowed: U+{ord(surrogate.group()):X}."
                )
        return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _strings(value: Any) -> Iterator[str]:
    """Every key and string in a parsed JSON value; iterative, as the nesting can be as deep as the parser allows."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
