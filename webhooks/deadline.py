"""An httpx transport whose sockets share one wall-clock deadline (httpx's timeouts are per operation): a webhook
attempt's connect, TLS handshake, writes and reads each wait at most what is left of it (``webhooks.sending``)."""

from __future__ import annotations

import time
from typing import Any

import httpcore
import httpx


class DeadlineTransport(httpx.HTTPTransport):
    """httpx's transport, its sockets bounded by one wall-clock deadline (httpx's timeouts are per operation)."""

    def __init__(self, *, deadline: float) -> None:
        # Not super().__init__(): the parent's only state is its pool, which it would build (loading the CA
        # certificates) only for it to be replaced here.
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(trust_env=False),
            network_backend=_DeadlineBackend(deadline),
        )


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, deadline: float) -> None:
        self._backend, self._deadline = httpcore.SyncBackend(), deadline

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        left = _left(self._deadline, timeout, httpcore.ConnectTimeout)
        stream = self._backend.connect_tcp(host, port, left, local_address, socket_options)
        return _DeadlineStream(stream, self._deadline)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream, deadline: float) -> None:
        self._stream, self._deadline = stream, deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(self._deadline, timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _left(self._deadline, timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        left = _left(self._deadline, timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, left), self._deadline)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


def _left(deadline: float, timeout: float | None, expired: type[httpcore.TimeoutException]) -> float:
    """What a socket operation may wait: its own timeout, cut to what is left of the attempt's deadline."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise expired("The attempt's deadline passed.")
    return left if timeout is None else min(timeout, left)
