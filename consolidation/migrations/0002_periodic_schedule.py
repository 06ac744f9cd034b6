"""Created the periodic consolidation schedule once. Every periodic task is now declared in config/beat.py and
created, when missing, after each migrate (``beat_schedules_sync``, connected in contacts/apps.py), keeping
staff's edits. This migration does nothing; it stays because it is a node of the migration graph."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("consolidation", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = []
