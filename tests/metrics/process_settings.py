"""Settings of the server processes the multi-process test starts: the test settings, on the test session's
database (named in RAPPORT_TEST_DATABASE_NAME) rather than the development one."""

import os

from tests.settings import *  # noqa: F403
from tests.settings import DATABASES

DATABASES["default"]["NAME"] = os.environ["RAPPORT_TEST_DATABASE_NAME"]
