from django.urls import path

from contacts.views import ContactDetailApi, ConversationHistoryApi

urlpatterns = [
    path("contacts/<str:contact_id>", ContactDetailApi.as_view(), name="contact-detail"),
    path("conversations/<str:conversation_id>/history", ConversationHistoryApi.as_view(), name="conversation-history"),
]
