"""Input serializer building blocks for the API views of memories and of the apps above it (ingest, context)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Rejects unknown fields: a misspelt or smuggled key (``tenant_id``) is an error, not ignored."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return super().to_internal_value(data)


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
