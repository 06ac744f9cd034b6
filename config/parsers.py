"""The request body parser: JSON only, its nesting bounded (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``)."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, parsers

MAX_JSON_DEPTH = 64  # nesting levels of arrays and objects in a request body; metadata needs a handful


class BoundedJSONParser(parsers.JSONParser):
    """DRF's JSON parser with the nesting capped. Python's json module recurses once per level: a body nested past
    the interpreter's recursion limit (``[[[[…`` 100 KB long) raised RecursionError in the parser — a 500 — and one
    a little shallower would raise it later, in validation or on its way into Postgres. Both are a 400 now."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
            too_deep = _depth(data) > MAX_JSON_DEPTH
        except RecursionError:
            too_deep = True
        if too_deep:
            raise exceptions.ParseError(f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels.")
        return data


def _depth(value: Any) -> int:
    """Nesting depth of a parsed JSON value (a scalar is 0); iterative, so depth itself cannot exhaust the stack."""
    deepest, pending = 0, [(value, 0)]
    while pending:
        item, level = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level + 1)
            pending.extend((child, level + 1) for child in children)
    return deepest
