from django.apps import AppConfig


class MetricsConfig(AppConfig):
    name = "metrics"

    def ready(self) -> None:
        # Connected here so every process that loads Django (web, worker, beat, the test session) records them.
        from metrics import celery_signals, checks  # noqa: F401
