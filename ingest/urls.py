from django.urls import path

from ingest.views import ConversationHistoryApi, ConversationResolveApi, IngestApi, IngestBatchApi

urlpatterns = [
    path("ingest", IngestApi.as_view(), name="ingest"),
    path("ingest/batch", IngestBatchApi.as_view(), name="ingest-batch"),
    path("conversations/<str:conversation_id>/history", ConversationHistoryApi.as_view(), name="conversation-history"),
    path("conversations/<str:conversation_id>/resolve", ConversationResolveApi.as_view(), name="conversation-resolve"),
]
