from django.urls import path

from privacy.views import ContactExportApi

urlpatterns = [
    path("contacts/<str:contact_id>/export", ContactExportApi.as_view(), name="contact-export"),
]
