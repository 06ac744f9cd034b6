from django.urls import path

from moods import views

urlpatterns = [
    path("triggers", views.TriggerListApi.as_view(), name="triggers"),
    path("triggers/<int:trigger_id>/complete", views.TriggerCompleteApi.as_view(), name="trigger-complete"),
    path("insights", views.InsightListApi.as_view(), name="insights"),
]
