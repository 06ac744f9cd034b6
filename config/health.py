"""``GET /health``: is every part the service depends on answering?"""

from __future__ import annotations

from collections.abc import Callable

from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.redis_client import redis_client


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


def _outcome(check: Callable[[], str]) -> str:
    try:
        return check()
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
