""".env.example's Production block is what `check --deploy` wants: the documented values pass it, run for real."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# A commented-out assignment, as every line of the block is: ``# NAME=value``.
ASSIGNMENT = re.compile(r"^#\s*([A-Z][A-Z0-9_]*)=(.*)$")


def production_block() -> dict[str, str]:
    """The variables of the ``# --- Production ---`` section of .env.example, up to the next section."""
    lines = (ROOT / ".env.example").read_text().splitlines()
    start = lines.index("# --- Production ---") + 1
    end = next((n for n in range(start, len(lines)) if lines[n].startswith("# --- ")), len(lines))
    return dict(match.groups() for line in lines[start:end] if (match := ASSIGNMENT.match(line)))


def check_deploy(variables: dict[str, str], data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``manage.py check --deploy --fail-level WARNING`` in a fresh process with these variables set."""
    env = {**os.environ, **variables, "RAPPORT_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "config.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_the_production_block_documents_every_deploy_setting() -> None:
    block = production_block()

    assert block == {
        "DEBUG": "0",
        "SECRET_KEY": "change-me",
        "ALLOWED_HOSTS": "rapport.example.com",
        "CSRF_TRUSTED_ORIGINS": "https://rapport.example.com",
        "SECURE_SSL_REDIRECT": "1",
        "SECURE_HSTS_SECONDS": "31536000",
        "DATABASE_URL": "postgres://rapport:change-me@db.example.com:5432/rapport",
        "REDIS_URL": "redis://redis.example.com:6379/0",
        "METRICS_TOKEN": "change-me",
    }


def test_the_production_block_passes_check_deploy(tmp_path: Path) -> None:
    # given the environment of a deployment that followed the block — with the fresh random SECRET_KEY it asks for
    # in place of its placeholder (a placeholder good enough to pass would be one people ship)
    deployment = {**production_block(), "SECRET_KEY": secrets.token_urlsafe(50)}

    # when Django's deployment checks run at the strictest level
    result = check_deploy(deployment, tmp_path)

    # then they pass without a single warning
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "System check identified no issues (0 silenced).\n"


def test_the_placeholder_secret_key_fails_check_deploy(tmp_path: Path) -> None:
    # given the block copied without replacing the SECRET_KEY placeholder
    copied = production_block()

    # when the deployment checks run
    result = check_deploy(copied, tmp_path)

    # then they fail on the key, so nobody deploys the example's secret
    assert result.returncode == 1
    assert "security.W009" in result.stderr
