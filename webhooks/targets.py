"""Where a webhook may be sent (SSRF): http(s) only, and never to an address inside our own network.

The host is resolved and every address checked, at registration and again before each attempt (a name may be
pointed elsewhere after it was registered); the attempt then connects to the addresses this check passed (the next
when one cannot be reached), not to whatever a second lookup would answer (DNS rebinding).
WEBHOOK_ALLOW_PRIVATE_URLS lifts the address check, for a receiver on the same machine or network (development,
tests).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

SCHEMES = {"http": 80, "https": 443}
# Ranges Python 3.11's is_global lets through: 6to4 (2002::/16 wraps any IPv4 address, a private one included) and
# the deprecated site-local fec0::/10.
DENIED_NETWORKS = (ipaddress.ip_network("2002::/16"), ipaddress.ip_network("fec0::/10"))


class UnsafeTarget(ValueError):
    """A URL webhooks may not be sent to; the message says why, for the client."""


def target_check(*, url: str) -> list[str]:
    """Raises UnsafeTarget unless ``url`` is http(s) and every address its host resolves to is public; returns the
    addresses to connect to, in the resolver's order (the next is tried when one cannot be reached)."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise UnsafeTarget("The URL must start with http:// or https://.")
    try:
        host, port = parts.hostname, parts.port
    except ValueError as error:  # a port out of range or not a number
        raise UnsafeTarget("The URL's port is not valid.") from error
    if not host:
        raise UnsafeTarget("The URL has no host.")
    addresses = _addresses(host, port or SCHEMES[parts.scheme])
    if not settings.WEBHOOK_ALLOW_PRIVATE_URLS:
        for address in addresses:
            if not _public(address):
                raise UnsafeTarget(f"The URL's host resolves to {address}, which is not a public address.")
    return addresses


def _addresses(host: str, port: int) -> list[str]:
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as error:
        raise UnsafeTarget(f"The URL's host {host!r} could not be resolved.") from error
    # An IPv6 address may carry a zone ("fe80::1%eth0"): the address is what precedes it.
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in found))


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1 is loopback however it is spelt
    # is_global is False for private, loopback, link-local, unique-local, shared (100.64/10) and reserved ranges.
    denied = any(ip in network for network in DENIED_NETWORKS)
    return ip.is_global and not (denied or ip.is_multicast or ip.is_reserved or ip.is_unspecified)
