"""Read /metrics as Prometheus would: the exposed text, parsed by prometheus_client's own parser."""

from __future__ import annotations

from django.test import Client
from prometheus_client.parser import text_string_to_metric_families


def scrape(*, token: str = "") -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = Client().get("/metrics", headers=headers)
    assert response.status_code == 200, response.content
    return parse(response.content.decode())


def parse(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    """A sample's value, 0 when it is not exposed (yet): counters and histograms appear on first use."""
    return samples.get((name, frozenset(labels.items())), 0.0)
