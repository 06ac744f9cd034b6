from django.urls import path

from contacts.views import ConversationHistoryApi, ConversationResolveApi

urlpatterns = [
    path("conversations/<str:conversation_id>/history", ConversationHistoryApi.as_view(), name="conversation-history"),
    path("conversations/<str:conversation_id>/resolve", ConversationResolveApi.as_view(), name="conversation-resolve"),
]
