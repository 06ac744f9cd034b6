from django.urls import path

from context import views

# The names key the "context" rate-limit scope (contacts/throttling.py).
urlpatterns = [
    path("context/<str:contact_id>", views.ContextApi.as_view(), name="context"),
    path("brain/context", views.BusinessContextApi.as_view(), name="brain-context"),
]
