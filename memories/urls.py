from django.urls import path

from memories import brain_views, views

urlpatterns = [
    path("contacts/<str:contact_id>/memories", views.ContactMemoriesApi.as_view(), name="contact-memories"),
    path("contacts/<str:contact_id>/entities", views.ContactEntitiesApi.as_view(), name="contact-entities"),
    path("memories/<int:memory_id>", views.MemoryDetailApi.as_view(), name="memory-detail"),
    path("memories/<int:memory_id>/history", views.MemoryHistoryApi.as_view(), name="memory-history"),
    path("brain/memories", brain_views.BusinessMemoriesApi.as_view(), name="brain-memories"),
]
