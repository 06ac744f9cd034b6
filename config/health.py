"""``GET /health`` (liveness): is every part the service depends on answering?

``GET /health/ready`` (readiness): should this instance be sent traffic? Postgres and Redis answer, a worker is
taking the queues' tasks (its heartbeat, config/heartbeat.py, is fresh) and the backlog of messages waiting for it
is under READY_MAX_PENDING_MESSAGES. A load balancer takes an instance that is not ready out of rotation; an
orchestrator restarts one that is not live."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.heartbeat import worker_heartbeat_ages
from config.redis_client import redis_client
from contacts.models import Message, ProcessingStatus


class DependencyDown(Exception):
    pass


def check_postgres() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return "ok"


def check_pgvector() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()
    if row is None:
        raise DependencyDown("vector extension is not installed (run migrations)")
    return f"ok ({row[0]})"


def check_redis() -> str:
    redis_client().ping()
    return "ok"


def run_checks() -> dict[str, str]:
    results = {"postgres": _outcome(check_postgres)}
    if results["postgres"] == "ok":
        results["pgvector"] = _outcome(check_pgvector)
    else:
        connection.close()  # a broken connection must not be reused by the next request
        results["pgvector"] = "error: postgres unavailable"
    results["redis"] = _outcome(check_redis)
    return results


def check_worker() -> str:
    if not settings.READY_WORKER_QUEUES:
        return "ok (no queue required)"
    ages = worker_heartbeat_ages(queues=settings.READY_WORKER_QUEUES)
    stale = settings.WORKER_HEARTBEAT_STALE_SECONDS
    silent = [queue for queue, age in ages.items() if age is None or age > stale]
    if silent:
        raise DependencyDown(f"no worker heartbeat within {stale} s for queue(s) {', '.join(silent)}")
    return "ok"


def check_backlog() -> str:
    """Counts at most one past the limit (the pending messages have a partial index): a huge backlog costs no more
    to read than a full one."""
    limit = settings.READY_MAX_PENDING_MESSAGES
    pending = Message.objects.filter(processing_status=ProcessingStatus.PENDING).values("pk")[: limit + 1].count()
    if pending > limit:
        raise DependencyDown(f"more than {limit} messages pending")
    return f"ok ({pending} pending)"


def run_readiness_checks() -> dict[str, str]:
    results = {"postgres": _outcome(check_postgres)}
    if results["postgres"] == "ok":
        results["backlog"] = _outcome(check_backlog)
    else:
        connection.close()
        results["backlog"] = "error: postgres unavailable"
    results["redis"] = _outcome(check_redis)
    results["worker"] = _outcome(check_worker) if results["redis"] == "ok" else "error: redis unavailable"
    return results


def _outcome(check: Callable[[], str]) -> str:
    try:
        return check()
    except DependencyDown as exc:  # ours: says what is wrong, and holds no secret
        return f"error: {exc}"
    except Exception as exc:  # noqa: BLE001 - any failure means "down"; report only its kind
        return f"error: {type(exc).__name__}"


class HealthApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="health",
        responses={
            200: inline_serializer(
                "Health",
                {"status": serializers.CharField(), "checks": serializers.DictField(child=serializers.CharField())},
            ),
            503: inline_serializer(
                "HealthFailing",
                {
                    "status": serializers.CharField(),
                    "failing": serializers.ListField(child=serializers.CharField()),
                    "checks": serializers.DictField(child=serializers.CharField()),
                },
            ),
        },
    )
    def get(self, request: Request) -> Response:
        checks = run_checks()
        failing = [name for name, result in checks.items() if not result.startswith("ok")]
        if failing:
            return Response({"status": "unavailable", "failing": failing, "checks": checks}, status=503)
        return Response({"status": "ok", "checks": checks})


class ReadinessApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="health_ready",
        responses={
            200: inline_serializer(
                "Ready",
                {"status": serializers.CharField(), "checks": serializers.DictField(child=serializers.CharField())},
            ),
            503: inline_serializer(
                "NotReady",
                {
                    "status": serializers.CharField(),
                    "failing": serializers.ListField(child=serializers.CharField()),
                    "checks": serializers.DictField(child=serializers.CharField()),
                },
            ),
        },
    )
    def get(self, request: Request) -> Response:
        checks = run_readiness_checks()
        failing = [name for name, result in checks.items() if not result.startswith("ok")]
        if failing:
            return Response({"status": "not ready", "failing": failing, "checks": checks}, status=503)
        return Response({"status": "ready", "checks": checks})
