"""The daily ledger-retention pass, as a django-celery-beat database schedule staff can see and change in
the admin. Created once here (not re-created at start-up), so staff edits survive restarts."""

from django.db import migrations

TASK_NAME = "Ledger retention (delete messages past each tenant's ledger_retention_days)"


def create_schedule(apps, schema_editor):
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")
    # 03:30 UTC: a quiet hour for most tenants, and clear of the 6-hourly consolidation on the hour.
    daily_0330, _ = CrontabSchedule.objects.get_or_create(
        minute="30", hour="3", day_of_month="*", month_of_year="*", day_of_week="*", timezone="UTC"
    )
    PeriodicTask.objects.get_or_create(
        name=TASK_NAME, defaults={"task": "contacts.tasks.apply_ledger_retention", "crontab": daily_0330}
    )


def remove_schedule(apps, schema_editor):
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=TASK_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contacts", "0004_contactstate_profile_hash_and_more"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_schedule, remove_schedule)]
