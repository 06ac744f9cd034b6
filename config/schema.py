"""OpenAPI generation tuned to our view style."""

from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema


class AutoSchema(SpectacularAutoSchema):
    """Name nested serializers after their view: ``IngestApi.OutputSerializer`` → ``IngestOutput``.

    Every view nests its own ``InputSerializer``/``OutputSerializer`` (see STYLE.md); without the
    prefix they would all collide as "Input"/"Output" components.
    """

    def get_serializer_name(self, serializer: Any, direction: Literal["request", "response"]) -> str:
        name = super().get_serializer_name(serializer, direction)
        outer = type(serializer).__qualname__.split(".")[:-1]
        if not outer:
            return name
        return "".join(part.removesuffix("Api") for part in outer) + name
