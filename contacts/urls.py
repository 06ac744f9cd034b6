from django.urls import path

from contacts.views import ContactDetailApi, ConversationHistoryApi, ConversationResolveApi

urlpatterns = [
    path("contacts/<str:contact_id>", ContactDetailApi.as_view(), name="contact-detail"),
    path("conversations/<str:conversation_id>/history", ConversationHistoryApi.as_view(), name="conversation-history"),
    path("conversations/<str:conversation_id>/resolve", ConversationResolveApi.as_view(), name="conversation-resolve"),
]
