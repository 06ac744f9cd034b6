"""GET /contacts/{contact_id}/export — the GDPR export as a JSON download."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.views import APIView

from contacts.selectors import contact_get
from privacy.selectors import contact_export_get, export_json


class ContactExportApi(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, operation_id="contact_export")
    def get(self, request: Request, contact_id: str) -> HttpResponse:
        contact = contact_get(tenant=request.user.tenant, external_id=contact_id)
        if contact is None:
            raise NotFound("Contact not found.")
        response = HttpResponse(export_json(contact_export_get(contact=contact)), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="contact-{contact.pk}-export.json"'
        return response
