"""Sign-in throttling: wrong passwords slow the guesser down, never lock the owner out.

Two counters of failed sign-ins, in Redis so every node sees them:

- per (name, address): after ``free_per_pair`` wrong passwords for one name from one
  address, that pair must wait before its next try: ``delay_s`` seconds, doubling with
  each further failure, at most ``max_delay_s`` (a temporary block of the pair only);
- per address: the same after ``free_per_address`` wrong passwords from one address
  for any names (one address trying many names).

Nothing is counted per name alone, so nobody can lock an account by failing at it
from other addresses (names are public on the leaderboard): the right password from
an address that has not been failing is never refused. A right password clears its
pair's count. Counts are forgotten ``forget_s`` after the last failure. A guesser
spread over many addresses gets ``free_per_pair`` tries per address, each costing an
argon2 verification (docs/security.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import redis.asyncio as aioredis

from server.ops.address_key import limit_key

from .errors import RateLimited
from .reasons import RATE_PASSWORDS_ADDRESS, RATE_PASSWORDS_NAME, TRY_AGAIN
from .store import Clock, now_ms, redis_errors

__all__ = ["SigninThrottle", "ThrottlePolicy", "pair_key"]


@dataclass(frozen=True, slots=True)
class ThrottlePolicy:
    free_per_pair: int = 5
    free_per_address: int = 30
    delay_s: float = 2.0  # the first wait once the free tries are spent
    max_delay_s: float = 900.0
    forget_s: float = 3600.0

    def wait_ms(self, failures: int, free: int) -> int:
        """How long to wait after the ``failures``-th failure (0 while tries are free)."""
        over = failures - free
        if over <= 0:
            return 0
        return int(min(self.max_delay_s, self.delay_s * 2 ** min(over - 1, 40)) * 1000)


def pair_key(name_key: str, address: str) -> str:
    return f"st:{{signin:{limit_key(address)}}}:{name_key}"


def _address_key(address: str) -> str:
    return f"st:{{signin:{limit_key(address)}}}"


class SigninThrottle:
    """The two counters of the module docstring (hashes ``n`` failures, ``until`` ms)."""

    def __init__(self, client: aioredis.Redis, policy: ThrottlePolicy | None = None,
                 clock: Clock = now_ms) -> None:
        self.policy = policy or ThrottlePolicy()
        self._client = client
        self._clock = clock

    async def check(self, name_key: str, address: str) -> None:
        """Raise ``RateLimited`` if this pair or this address must still wait."""
        async with redis_errors("sign-in throttle"), self._client.pipeline(False) as p:
            p.hget(pair_key(name_key, address), "until")
            p.hget(_address_key(address), "until")
            pair_until, address_until = await p.execute()
        now = self._clock()
        for until, what in ((pair_until, RATE_PASSWORDS_NAME),
                            (address_until, RATE_PASSWORDS_ADDRESS)):
            wait = int(until or 0) - now
            if wait > 0:
                seconds = max(1, math.ceil(wait / 1000))
                raise RateLimited(TRY_AGAIN(what=what.key.removeprefix("rate."),
                                            count=seconds), wait)

    async def failed(self, name_key: str, address: str) -> None:
        """Count a wrong password of this pair (and address); set their waits."""
        policy = self.policy
        forget_ms = int(policy.forget_s * 1000)
        keys = (pair_key(name_key, address), _address_key(address))
        async with redis_errors("sign-in throttle"):
            async with self._client.pipeline(True) as p:
                for key in keys:
                    p.hincrby(key, "n", 1)
                    p.pexpire(key, forget_ms)
                pair_n, _, address_n, _ = await p.execute()
            now = self._clock()
            async with self._client.pipeline(True) as p:
                for key, n, free in ((keys[0], pair_n, policy.free_per_pair),
                                     (keys[1], address_n, policy.free_per_address)):
                    wait = policy.wait_ms(int(n), free)
                    if wait:
                        p.hset(key, "until", now + wait)
                await p.execute()

    async def succeeded(self, name_key: str, address: str) -> None:
        """The right password: this pair starts afresh (the address count stays)."""
        async with redis_errors("sign-in throttle"):
            await self._client.delete(pair_key(name_key, address))

    async def clear(self, name_key: str, address: str) -> None:
        """Forget both counts (an operator's tool; tests use it too)."""
        async with redis_errors("sign-in throttle"):
            await self._client.delete(pair_key(name_key, address), _address_key(address))
