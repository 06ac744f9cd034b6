"""OpenAPI generation tuned to our view style."""

from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from rest_framework import serializers
from rest_framework.fields import empty

# The bodies DRF answers errors with: `{"detail": "..."}`, or, for invalid input, field name -> messages
# (nested like the input: `{"messages": [{}, {"role": ["..."]}]}`; `detail`/`non_field_errors` for the whole request).
ERROR_SCHEMA = {"type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"]}
VALIDATION_ERROR_SCHEMA = {
    "type": "object",
    "description": "Field name → list of messages (nested like the input); `detail` or `non_field_errors` for "
    "errors about the request as a whole.",
    "additionalProperties": {},
}


class AutoSchema(SpectacularAutoSchema):
    """Name nested serializers after their view: ``IngestApi.OutputSerializer`` → ``IngestOutput``.

    Every view nests its own ``InputSerializer``/``OutputSerializer`` (see STYLE.md); without the
    prefix they would all collide as "Input"/"Output" components.

    Also documents the error answers every view can give, so clients (and schemathesis) can rely on the
    status codes: 400 where there is input, 401 and 429 where a key is required (and rate-limited), 404 where the
    path names an object, 413 and 415 where there is a body; a 4xx a view declares by description only gets the
    ``{"detail": ...}`` body.
    """

    def get_serializer_name(self, serializer: Any, direction: Literal["request", "response"]) -> str:
        name = super().get_serializer_name(serializer, direction)
        outer = type(serializer).__qualname__.split(".")[:-1]
        if not outer:
            return name
        return "".join(part.removesuffix("Api") for part in outer) + name

    def _get_serializer_field_meta(self, field: Any, direction: str) -> dict[str, Any]:
        # drf-spectacular leaves out the bounds of a nested ``many=True`` serializer (``/ingest/batch`` takes 1-100).
        meta: dict[str, Any] = super()._get_serializer_field_meta(field, direction)
        if isinstance(field, serializers.ListSerializer):
            if not field.allow_empty or field.min_length:
                meta["minItems"] = max(field.min_length or 0, 0 if field.allow_empty else 1)
            if field.max_length is not None:
                meta["maxItems"] = field.max_length
        return meta

    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        # An answer holds every field of its serializer, but drf-spectacular marks required only the fields an input
        # would require: a model field with a default came out optional, and a generated client typed it "maybe
        # unset". In a response only a field declared ``required=False`` without a default may be left out (the
        # context's receipt).
        schema: dict[str, Any] = super()._map_basic_serializer(serializer, direction)
        if direction == "response" and schema.get("properties"):
            declared = getattr(serializer, "_declared_fields", {})
            optional = {
                name
                for name, field in declared.items()
                if not (field.required or field.read_only) and field.default is empty
            }
            schema["required"] = sorted(set(schema["properties"]) - optional)
        return schema

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is not None:
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["schema"].get("type") == "integer":
                    parameter["schema"].setdefault("minimum", 0)  # Django's <int:…> matches digits only: no sign
            operation["responses"] = self._with_error_responses(operation)
        return operation

    def _with_error_responses(self, operation: dict[str, Any]) -> dict[str, Any]:
        locations = {parameter["in"] for parameter in operation.get("parameters", [])}
        has_body, needs_key = "requestBody" in operation, any(operation.get("security", []))
        errors = {
            "400": ("Invalid input", "ValidationError", has_body or bool(locations - {"path"})),
            "401": ("Missing or invalid API key", "Error", needs_key),
            "404": ("Not found", "Error", "path" in locations),
            "413": ("Request body too large", "Error", has_body),
            "415": ("Unsupported media type (send application/json)", "Error", has_body),
            "429": ("Rate limit exceeded (see Retry-After)", "Error", needs_key),
        }
        responses = dict(operation["responses"])
        for code, (description, component, applies) in errors.items():
            if applies and code not in responses:
                responses[code] = self._error_response(description, component)
        for code, response in responses.items():
            if code.startswith("4") and "content" not in response:  # declared by a view with a description only
                responses[code] = self._error_response(response.get("description", ""), "Error")
        return dict(sorted(responses.items()))

    def _error_response(self, description: str, name: str) -> dict[str, Any]:
        schema = VALIDATION_ERROR_SCHEMA if name == "ValidationError" else ERROR_SCHEMA
        component = ResolvedComponent(name=name, type=ResolvedComponent.SCHEMA, object=name, schema=schema)
        self.registry.register_on_missing(component)
        return {"content": {"application/json": {"schema": component.ref}}, "description": description}
