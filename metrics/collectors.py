"""Values read when ``/metrics`` is scraped, rather than recorded as they change: nothing is lost to a process
restart, and no multi-process gauge mode is needed."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from redis.exceptions import RedisError

from config.redis_client import redis_client


def celery_queues() -> list[str]:
    """The default queue, every declared queue (CELERY_TASK_QUEUES) and every queue a route names
    (CELERY_TASK_ROUTES, a dict of task name to options)."""
    names = {getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery")}
    names |= {queue.name for queue in getattr(settings, "CELERY_TASK_QUEUES", None) or ()}
    routes = getattr(settings, "CELERY_TASK_ROUTES", None) or {}
    names |= {route["queue"] for route in routes.values() if isinstance(route, dict) and "queue" in route}
    return sorted(names)


class CeleryQueueDepthCollector:
    """Messages waiting in each Celery queue: the Redis list the broker keeps per queue (LLEN, one round trip).
    Tasks a worker has taken but not yet acknowledged are not in the list."""

    def collect(self) -> Iterable[Metric]:
        family = GaugeMetricFamily(
            "rapport_celery_queue_length", "Tasks waiting in each Celery queue (Redis LLEN).", labels=["queue"]
        )
        queues = celery_queues()
        try:
            with redis_client().pipeline(transaction=False) as pipe:
                for queue in queues:
                    pipe.llen(queue)
                lengths = pipe.execute()
        except RedisError:
            return []  # Redis down: no value rather than a wrong one (its own alert is /health's)
        for queue, length in zip(queues, lengths, strict=True):
            family.add_metric([queue], float(length))
        return [family]
