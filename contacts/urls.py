from django.urls import path

from contacts.views import ContactDetailApi

urlpatterns = [
    path("contacts/<str:contact_id>", ContactDetailApi.as_view(), name="contact-detail"),
]
