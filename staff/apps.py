from django.apps import AppConfig


class StaffConfig(AppConfig):
    """The Django admin support staff work in: every model's admin, the contact page and its tools."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "staff"
