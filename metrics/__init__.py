"""Prometheus metrics: the instruments the apps record into, and ``/metrics`` that exposes them (METRICS.md)."""
