"""One partner slot: memories written under relation:wife / boyfriend / fiance … move to relation:partner, so the next
statement about a partner supersedes them (boyfriend → fiancé). Where a contact has two active ones (the old slots let
a boyfriend and a fiancé both stay current), the next statement in the slot retires the older."""

from django.db import migrations

PARTNER_SLOTS = [f"relation:{r}" for r in ("wife", "husband", "girlfriend", "boyfriend", "partner", "fiance", "fiancee")]


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    Memory = apps.get_model("memories", "Memory")
    Memory.objects.filter(slot__in=PARTNER_SLOTS).update(slot="relation:partner")


class Migration(migrations.Migration):
    dependencies = [("memories", "0007_memory_mattered_at_forgotten")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
