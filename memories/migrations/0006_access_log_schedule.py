"""The access-log flush (accesses of memories shown by /context, applied in batches), as a django-celery-beat
database schedule staff can see and change in the admin."""

from django.db import migrations

TASK_NAME = "Flush the access log (memories shown by /context)"


def create_schedule(apps, schema_editor):
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    every_ten_seconds, _ = IntervalSchedule.objects.get_or_create(every=10, period="seconds")
    # A flush still queued when the next is due is dropped: one flush takes everything queued so far.
    PeriodicTask.objects.get_or_create(
        name=TASK_NAME,
        defaults={"task": "memories.tasks.flush_access_log", "interval": every_ten_seconds, "expire_seconds": 10},
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=TASK_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0005_sweeper_schedule"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
