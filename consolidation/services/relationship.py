"""Relationship stage and churn risk for quiet contacts (contact-intelligence §6.1, periodic tier).

Stage: active contacts' stages move inline with every message; only silence needs a clock — fading after
STAGE_FADING_AFTER_DAYS, dormant after STAGE_DORMANT_AFTER_DAYS. A fading or dormant contact who writes
again gets their active stage back on that message.

Churn risk is recomputed from facts, so it also comes down when a contact returns:
    churn_risk = min(1, days silent / STAGE_DORMANT_AFTER_DAYS
                        + ENGAGEMENT_CHURN_STEP × engagement-decline insights in CHURN_DECLINE_LOOKBACK_DAYS)
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection

from memories.services.lifecycle import Scope


def stages_recompute(*, now: datetime, scope: Scope) -> int:
    where, params = _state_scope(scope)
    with connection.cursor() as cursor:
        cursor.execute(
            f"""UPDATE contacts_contactstate s SET relationship_stage = CASE
                    WHEN s.last_seen_at <= %(dormant)s THEN 'dormant' ELSE 'fading' END, updated_at = %(now)s
                FROM contacts_contact c
                WHERE c.id = s.contact_id AND s.last_seen_at <= %(fading)s
                  AND s.relationship_stage <> CASE WHEN s.last_seen_at <= %(dormant)s THEN 'dormant' ELSE 'fading' END
                  {where}""",  # noqa: S608
            {
                "now": now,
                "fading": now - timedelta(days=settings.STAGE_FADING_AFTER_DAYS),
                "dormant": now - timedelta(days=settings.STAGE_DORMANT_AFTER_DAYS),
                **params,
            },
        )
        return cursor.rowcount


def churn_recompute(*, now: datetime, scope: Scope) -> int:
    where, params = _state_scope(scope)
    with connection.cursor() as cursor:
        cursor.execute(
            f"""WITH declines AS (
                    SELECT contact_id, count(*) AS n FROM moods_insight
                    WHERE kind = 'engagement_decline' AND created_at > %(since)s GROUP BY contact_id
                ), risk AS (
                    SELECT s.contact_id, round(LEAST(1.0,
                        GREATEST(EXTRACT(EPOCH FROM (%(now)s - s.last_seen_at)) / 86400.0, 0) / %(dormant_days)s
                        + %(step)s * COALESCE(d.n, 0))::numeric, 4)::float AS value
                    FROM contacts_contactstate s JOIN contacts_contact c ON c.id = s.contact_id
                    LEFT JOIN declines d ON d.contact_id = s.contact_id
                    WHERE s.last_seen_at IS NOT NULL{where}
                )
                UPDATE contacts_contactstate s SET churn_risk = risk.value, updated_at = %(now)s
                FROM risk WHERE risk.contact_id = s.contact_id AND s.churn_risk IS DISTINCT FROM risk.value""",  # noqa: S608
            {
                "now": now,
                "since": now - timedelta(days=settings.CHURN_DECLINE_LOOKBACK_DAYS),
                "dormant_days": float(settings.STAGE_DORMANT_AFTER_DAYS),
                "step": settings.ENGAGEMENT_CHURN_STEP,
                **params,
            },
        )
        return cursor.rowcount


def _state_scope(scope: Scope) -> tuple[str, dict[str, Any]]:
    if scope.contact_id is not None:
        return " AND c.id = %(scope_contact)s", {"scope_contact": scope.contact_id}
    if scope.tenant_id is not None:
        return " AND c.tenant_id = %(scope_tenant)s", {"scope_tenant": scope.tenant_id}
    return "", {}
