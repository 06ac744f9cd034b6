from django.urls import path

from webhooks import views

urlpatterns = [
    path("webhooks", views.EndpointListApi.as_view(), name="webhooks"),
    path("webhooks/<int:endpoint_id>", views.EndpointDetailApi.as_view(), name="webhook"),
    path("webhooks/<int:endpoint_id>/enable", views.EndpointEnableApi.as_view(), name="webhook-enable"),
    path("webhooks/<int:endpoint_id>/deliveries", views.DeliveryListApi.as_view(), name="webhook-deliveries"),
    path(
        "webhooks/<int:endpoint_id>/deliveries/<int:delivery_id>/redeliver",
        views.DeliveryRedeliverApi.as_view(),
        name="webhook-delivery-redeliver",
    ),
]
