"""The key a client address is limited by: every per-address limit and quota of the room
counts ``limit_key(address)``, never the raw address.

An IPv4 address is its own key. An IPv6 client is keyed by its /64: one subscriber
line or host usually gets a whole /64 and may pick any of its 2**64 addresses, so
counting single IPv6 addresses would give one person an unbounded number of limits.
An IPv4-mapped IPv6 address (``::ffff:192.0.2.1``, what a dual-stack socket reports
for an IPv4 peer) is the IPv4 address it carries. Anything that is not an IP address
(an empty string for an unknown peer, a test client's name) is kept as it is.

    >>> limit_key("192.0.2.7")
    '192.0.2.7'
    >>> limit_key("2001:db8:1:2:aaaa::1")
    '2001:db8:1:2::/64'
    >>> limit_key("::ffff:192.0.2.7")
    '192.0.2.7'
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

__all__ = ["IPV6_PREFIX", "limit_key"]

IPV6_PREFIX = 64  # the prefix one IPv6 client is assumed to hold


@lru_cache(maxsize=4096)
def limit_key(address: str) -> str:
    """The key ``address`` shares its per-address limits under (see the module doc)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # a zone id names no client
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)
