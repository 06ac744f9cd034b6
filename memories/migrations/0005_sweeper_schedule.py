"""The pending-message sweeper, as a django-celery-beat database schedule staff can see and change in the
admin. Created once here (not re-created at start-up), so staff edits survive restarts."""

from django.db import migrations

TASK_NAME = "Sweep pending messages (re-enqueue messages stranded before the deferred tier)"


def create_schedule(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_minute, _ = IntervalSchedule.objects.get_or_create(every=60, period="seconds")
    # A sweep still queued when the next one is due is dropped (a stopped worker must not find a pile of them).
    PeriodicTask.objects.get_or_create(
        name=TASK_NAME,
        defaults={"task": "memories.tasks.sweep_pending_messages", "interval": every_minute, "expire_seconds": 60},
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=TASK_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0004_memory_decayed_at"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
