from django.urls import path

from privacy.views import ContactDetailApi, ContactExportApi

urlpatterns = [
    path("contacts/<str:contact_id>", ContactDetailApi.as_view(), name="contact-detail"),
    path("contacts/<str:contact_id>/export", ContactExportApi.as_view(), name="contact-export"),
]
