"""Settings of a ``manage.py mcp`` subprocess a test starts: the test settings (eager Celery, the test Redis
database), on the test database the test process created and named in RAPPORT_MCP_TEST_DATABASE."""

import os

from tests.settings import *  # noqa: F403
from tests.settings import DATABASES

DATABASES["default"]["NAME"] = os.environ["RAPPORT_MCP_TEST_DATABASE"]
