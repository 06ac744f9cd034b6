"""The admin log's lines about rows that are being deleted.

Django files a staff edit under the row it changed and quotes the row (a memory's text, a contact's name). Once the row
is gone nothing leads to its lines any more: erasing the contact later finds lines only through rows that still exist.
So whatever deletes a contact's rows — one memory, a merged entity, a pruning pass, an erasure — deletes their lines
with them, in the same transaction, through this one function. (The change itself is logged on the contact, which
erasure removes.)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast


def admin_log_forget(*, model: type[models.Model], ids: models.QuerySet[Any] | Collection[int]) -> int:
    """Delete the admin log's lines about these rows of ``model``, before the rows themselves go. ``ids`` are the rows'
    ids, or a queryset of the rows (read as a subquery). Either way one DELETE, however many rows: the ids travel as
    one array parameter, so a set-based pass deleting thousands of rows passes them all at once. Returns the lines
    deleted."""
    if isinstance(ids, models.QuerySet):
        object_ids: Any = ids.values(pk_text=Cast("pk", output_field=models.CharField()))
    elif not ids:
        return 0
    else:
        object_ids = RawSQL("SELECT unnest(%s::text[])", ([str(pk) for pk in ids],))
    content_type = ContentType.objects.get_for_model(model)
    return int(LogEntry.objects.filter(content_type=content_type, object_id__in=object_ids).delete()[0])
