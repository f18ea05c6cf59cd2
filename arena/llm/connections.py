"""One connection pool for a run's model calls: a new HTTP session a call cost more CPU than its whole stream."""

from __future__ import annotations

from collections.abc import Awaitable
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from aiohttp import ClientSession

Result = TypeVar("Result")


class ConnectionPool:
    """An aiohttp session made at the first call (a run of engines never imports aiohttp), closed at the run's end."""

    def __init__(self) -> None:
        self.session: ClientSession | None = None

    def get(self) -> ClientSession:
        """The shared session (call from the running event loop)."""
        if self.session is None:
            import aiohttp

            # No limit of its own: the run's concurrency decides how many calls are open; no cookies kept.
            connector = aiohttp.TCPConnector(limit=0)
            self.session = aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar())
        return self.session

    async def aclose(self) -> None:
        if self.session is not None:
            await self.session.close()
            self.session = None


_POOL: ContextVar[ConnectionPool | None] = ContextVar("arena_connection_pool", default=None)


async def pooled(awaitable: Awaitable[Result]) -> Result:
    """Await a run whose model calls (in every task it starts) share one connection pool, closed at its end."""
    pool = ConnectionPool()
    token = _POOL.set(pool)
    try:
        return await awaitable
    finally:
        _POOL.reset(token)
        await pool.aclose()


def current_pool() -> ConnectionPool | None:
    """The pool of the run this call belongs to; None outside one (each call then opens its own session)."""
    return _POOL.get()
