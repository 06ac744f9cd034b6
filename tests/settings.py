"""Test settings: the real embedded services, a separate Redis database, fast password hashing."""

import os

from config.settings import *  # noqa: F403
from config.settings import REDIS_URL, celery_broker_url

# Parallel runs in one checkout set RAPPORT_TEST_REDIS_DB too: each run flushes its Redis database at start.
TEST_REDIS_DB = int(os.environ.get("RAPPORT_TEST_REDIS_DB", "15"))


def _with_redis_db(url: str, db: int) -> str:
    if url.startswith("unix://"):
        return f"{url.split('?')[0]}?db={db}"
    scheme, _, rest = url.partition("://")
    host = rest.split("/")[0]
    return f"{scheme}://{host}/{db}"


REDIS_URL = _with_redis_db(REDIS_URL, TEST_REDIS_DB)
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "rapport-test",
        "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
    }
}
CELERY_BROKER_URL = celery_broker_url(REDIS_URL)  # the test Redis database (tests/config_tests/test_test_settings)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True  # tasks run for real, in-process, when enqueued
CELERY_TASK_EAGER_PROPAGATES = True
# ... so no worker needs to be beating for /health/ready (tests/config_tests/test_readiness.py names its queues).
READY_WORKER_QUEUES: list[str] = []

# Parallel runs in one checkout (e.g. two people's pytest against one embedded server) each take their own
# test database: RAPPORT_TEST_DB_SUFFIX=_b pytest ...
DATABASES["default"]["TEST"] = {  # noqa: F405
    "NAME": f"test_{DATABASES['default']['NAME']}{os.environ.get('RAPPORT_TEST_DB_SUFFIX', '')}"  # noqa: F405
}
