"""Security tests (issue 9). The route walk lives here because the isolation and the serializer
tests both cover *every* API route: one added to the URLconf is walked without anyone listing it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

# Top-level patterns that are not the tenant API: no tenant key, no tenant data behind them (/metrics: its own token).
SKIPPED = frozenset({"health", "health/ready", "metrics", "api/schema/", "api/docs/", "admin/"})
METHODS = ("get", "post", "put", "patch", "delete")
_PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


@dataclass(frozen=True)
class Route:
    route: str  # e.g. "contacts/<str:contact_id>/memories"
    name: str
    view_class: Any

    @property
    def params(self) -> list[str]:
        return _PARAM.findall(self.route)

    @property
    def methods(self) -> list[str]:
        return [method for method in METHODS if hasattr(self.view_class, method)]

    def path(self, values: dict[str, Any]) -> str:
        return "/" + _PARAM.sub(lambda match: str(values[match.group(1)]), self.route)


def api_routes() -> tuple[list[Route], set[str]]:
    """Every routed view of the URLconf (includes followed), and the top-level patterns skipped."""
    routes: list[Route] = []
    skipped: set[str] = set()
    for pattern in get_resolver().url_patterns:
        if str(pattern.pattern) in SKIPPED:
            skipped.add(str(pattern.pattern))
            continue
        routes.extend(_walk(pattern, ""))
    return routes, skipped


def _walk(pattern: URLPattern | URLResolver, prefix: str) -> Iterator[Route]:
    route = prefix + str(pattern.pattern)
    if isinstance(pattern, URLResolver):
        for child in pattern.url_patterns:
            yield from _walk(child, route)
        return
    if "(?P" in route or route.startswith("^"):
        raise AssertionError(f"{route!r} is a regex route: teach tests/security how to fill it")
    view_class = getattr(pattern.callback, "view_class", None) or getattr(pattern.callback, "cls", None)
    if view_class is None:
        raise AssertionError(f"{route!r} is not a class-based view: teach tests/security its methods")
    yield Route(route=route, name=pattern.name or route, view_class=view_class)
