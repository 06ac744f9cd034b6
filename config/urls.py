from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.permissions import AllowAny

from config.health import HealthApi, ReadinessApi
from metrics.views import metrics_view

urlpatterns = [
    path("health", HealthApi.as_view(), name="health"),
    path("health/ready", ReadinessApi.as_view(), name="health-ready"),
    path("metrics", metrics_view, name="metrics"),
    path(
        "api/schema/",
        SpectacularAPIView.as_view(authentication_classes=[], permission_classes=[AllowAny]),
        name="schema",
    ),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="schema", authentication_classes=[], permission_classes=[AllowAny]),
        name="swagger-ui",
    ),
    path("admin/", admin.site.urls),
    path("", include("memories.urls")),
    path("", include("moods.urls")),
    path("", include("privacy.urls")),
    path("", include("ingest.urls")),
    path("", include("context.urls")),
    path("", include("webhooks.urls")),
]

handler404 = "config.errors.not_found"
handler500 = "config.errors.server_error"
