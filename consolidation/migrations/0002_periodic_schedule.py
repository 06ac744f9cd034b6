"""The periodic consolidation pass as a django-celery-beat database schedule staff can see and change in
the admin. Created once here (not re-created at start-up), so staff edits survive restarts."""

from django.db import migrations

TASK_NAME = "Consolidation (decay, compression, pruning, expiry, caps, stages, profiles)"


def create_schedule(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_6_hours, _ = IntervalSchedule.objects.get_or_create(every=6, period="hours")
    PeriodicTask.objects.get_or_create(
        name=TASK_NAME, defaults={"task": "consolidation.tasks.consolidate_periodic", "interval": every_6_hours}
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=TASK_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("consolidation", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
