from django.apps import AppConfig


class IngestConfig(AppConfig):
    """The message pipeline end to end: receive (ledger), the inline and deferred tiers, the sweeper."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "ingest"
