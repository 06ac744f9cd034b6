from django.apps import AppConfig


class ContextConfig(AppConfig):
    """The read before a reply: ``GET /context`` for a contact and ``/brain/context`` for a business."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "context"
