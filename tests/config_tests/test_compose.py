"""docker-compose.yml scales as SCALING.md and README say: `docker compose up --scale web=3 ...` must not start two
containers on one fixed host port. There is no Docker engine on our machines: the file is read as YAML."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict[str, Any]:
    compose: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return compose


def _scaled_in_the_docs() -> set[str]:
    text = (ROOT / "SCALING.md").read_text() + (ROOT / "README.md").read_text()
    return set(re.findall(r"--scale (\w+)=", text))


def test_no_service_the_docs_scale_publishes_a_fixed_host_port() -> None:
    # given the services SCALING.md and README scale with --scale
    services = _compose()["services"]
    scaled = _scaled_in_the_docs()
    assert {"web", "worker", "embeddings"} <= scaled  # the docs' own commands, read as written

    # then each exists and publishes no host port (a second container would find it taken)
    assert scaled <= set(services)
    assert {name: services[name]["ports"] for name in scaled if "ports" in services[name]} == {}


def test_the_proxy_publishes_8000_and_sends_every_request_to_the_web_containers() -> None:
    # given the proxy in front of web, and its nginx configuration
    compose = _compose()
    proxy, web = compose["services"]["proxy"], compose["services"]["web"]
    config = compose["configs"][proxy["configs"][0]["source"]]["content"]

    # then it publishes what web used to, and passes to web's port by name (Docker's DNS: every web container)
    assert proxy["ports"] == ["8000:8000"]
    assert proxy["configs"][0]["target"] == "/etc/nginx/conf.d/default.conf"
    assert web["expose"] == ["8000"] and "0.0.0.0:8000" in web["command"]
    assert "set $$web http://web:8000;" in config and "proxy_pass $$web;" in config
    # and every $ of nginx's is written $$: compose interpolates the text, and would empty a lone $web
    assert "$" not in config.replace("$$", "")
