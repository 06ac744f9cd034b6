"""Optional Sentry: off unless SENTRY_DSN is set; when on, no personal data and no message text in an event."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.integrations.logging import LoggingIntegration

from config.sentry import scrub_event, sentry_options

ROOT = Path(__file__).resolve().parents[2]


def test_sentry_is_not_initialised_by_default() -> None:
    # given the test settings, with no SENTRY_DSN
    # then no client is active: nothing would be sent
    assert not sentry_sdk.get_client().is_active()


def test_with_a_dsn_the_settings_initialise_sentry_without_personal_data(tmp_path: Path) -> None:
    # given SENTRY_DSN pointing at a local address nothing is sent to (no event is raised here anyway)
    env = {**os.environ, "SENTRY_DSN": "http://public@127.0.0.1:9/1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    script = (
        "import django; django.setup(); import sentry_sdk; client = sentry_sdk.get_client(); "
        "print(client.is_active(), client.options['send_default_pii'], client.options['include_local_variables'], "
        "client.options['max_request_body_size'], client.options['before_send'].__name__, "
        "sorted(name for name in client.integrations if name in ('django', 'celery')))"
    )

    # when the settings are loaded in a process of their own
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )

    # then Sentry is on, with its Django and Celery integrations and the scrubbing before_send
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[-2] == "True False False never scrub_event ['celery', 'django']"


def test_the_options_leave_out_bodies_locals_and_personal_data() -> None:
    # when the options for a DSN are built
    options = sentry_options(dsn="http://public@127.0.0.1:9/1", environment="test")

    # then
    assert options["send_default_pii"] is False
    assert options["include_local_variables"] is False
    assert options["max_request_body_size"] == "never"
    assert options["before_send"] is scrub_event
    assert {type(integration) for integration in options["integrations"]} == {
        DjangoIntegration, CeleryIntegration, LoggingIntegration,
    }  # fmt: skip
    # and an ERROR log line is no event of its own (the request log's 5xx line would be a second issue per request)
    [logging_integration] = [i for i in options["integrations"] if isinstance(i, LoggingIntegration)]
    assert logging_integration._handler is None


def test_before_send_strips_the_message_text_query_and_credentials() -> None:
    # given an event an integration filled from an ingest and a context request
    event: dict[str, Any] = {
        "request": {
            "url": "http://api.example/context/arjun?query=my%20secret%20plans",
            "query_string": "query=my%20secret%20plans",
            "data": {"message": "my secret plans"},
            "cookies": {"sessionid": "s"},
            "headers": {"Authorization": "Bearer k.secret", "X-Api-Key": "k.secret", "User-Agent": "sdk/1"},
        },
        "extra": {"celery-job": {"args": ["my secret plans"]}},
        "exception": {"values": [{"type": "RuntimeError"}]},
    }

    # when it is scrubbed before sending
    scrubbed = scrub_event(event, {})

    # then none of the text or the key is left; the rest is
    assert scrubbed["request"] == {"url": "http://api.example/context/arjun", "headers": {"User-Agent": "sdk/1"}}
    assert "secret" not in repr(scrubbed)
    assert scrubbed["exception"] == {"values": [{"type": "RuntimeError"}]}
