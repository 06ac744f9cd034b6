from django.apps import AppConfig


class ContactsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "contacts"

    def ready(self) -> None:
        import contacts.schema  # noqa: F401 - registers the OpenAPI auth extension
