from django.apps import AppConfig
from django.db.models.signals import post_migrate

from config.beat import beat_schedules_sync


class ContactsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "contacts"

    def ready(self) -> None:
        import contacts.schema  # noqa: F401 - registers the OpenAPI auth extension

        # Every app's periodic tasks (config/beat.py), synced once per migrate. Connected here because contacts is
        # the lowest app, installed wherever any other is, and config/beat.py names tasks as strings, so no layer
        # is crossed; sender=self makes it run once, not once per app.
        post_migrate.connect(beat_schedules_sync, sender=self, dispatch_uid="config.beat.beat_schedules_sync")
