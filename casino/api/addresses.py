"""The address of the client a request comes from, as sign-ins record and throttle it.

``REMOTE_ADDR`` is the peer the server sees. Behind a reverse proxy that peer is the proxy, so
when it is one of ``TRUSTED_PROXIES`` (addresses or networks) the client is the last address of
``X-Forwarded-For`` that is not a trusted proxy: each proxy appends the peer it saw, and only
the part written by the proxies we trust can be believed. With no trusted proxy (the default)
the header is ignored, since any client can send it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

from django.conf import settings

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(request: Any) -> str | None:
    """The client's IP address for ``request`` (a Django or DRF request), or ``None`` when the
    server was given none that parses."""
    meta = getattr(request, "META", {})
    peer = _parsed(meta.get("REMOTE_ADDR", ""))
    if peer is None:
        return None
    proxies = _networks(settings.TRUSTED_PROXIES)
    if not _within(peer, proxies):
        return str(peer)
    forwarded = [_parsed(part) for part in str(meta.get("HTTP_X_FORWARDED_FOR", "")).split(",")]
    client = peer
    for hop in reversed(forwarded):
        if hop is None:
            break  # a hop that does not parse was not written by a proxy we trust
        client = hop
        if not _within(hop, proxies):
            break
    return str(client)


def _parsed(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _networks(entries: Iterable[str]) -> list[_Network]:
    return [ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip()]


def _within(
    address: ipaddress.IPv4Address | ipaddress.IPv6Address, networks: list[_Network]
) -> bool:
    return any(address.version == net.version and address in net for net in networks)
