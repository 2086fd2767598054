"""Run a real discord.py client against a :class:`FakeDiscord` inside a test."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

import discord

from bot.service.endpoints import configure_endpoints, current_endpoints

from .server import FakeDiscord
from .state import PATIENCE

ClientT = TypeVar("ClientT", bound=discord.Client)


@contextlib.contextmanager
def endpoints_pointing_at(fake: FakeDiscord) -> Iterator[None]:
    """Point discord.py at ``fake`` (through the production ``configure_endpoints``) and
    restore the previous endpoints afterwards; they are process-wide class attributes."""
    previous = current_endpoints()
    configure_endpoints(fake.api_url, fake.gateway_url)
    try:
        yield
    finally:
        configure_endpoints(*previous)


@contextlib.asynccontextmanager
async def running_client(
    fake: FakeDiscord,
    client: ClientT,
    *,
    token: str | None = None,
    wait_ready: bool = True,
    timeout: float = 10.0,
) -> AsyncIterator[ClientT]:
    """Start ``client`` against ``fake``; yield once it is ready; close it afterwards.

    "Ready" means the stand-in sent READY and the client fired ``on_ready`` (tip: pass
    ``guild_ready_timeout=0.05`` to the client, discord.py otherwise idles 2 s before
    ``on_ready``). If the client dies while starting (bad token, ...) its exception is
    raised here.
    """
    with endpoints_pointing_at(fake):
        ready_before = fake.ready_count
        task = asyncio.create_task(client.start(token or fake.token), name="fakediscord-client")

        async def ready() -> None:
            await fake.wait_until(lambda: fake.ready_count > ready_before, timeout, "READY")
            await client.wait_until_ready()

        try:
            if wait_ready:
                waiter = asyncio.create_task(ready())
                # stretched as every other wait is: a loaded machine starts a client slowly
                done, _ = await asyncio.wait(
                    {task, waiter}, timeout=timeout * PATIENCE, return_when=asyncio.FIRST_COMPLETED
                )
                if waiter not in done:
                    waiter.cancel()
                    with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                        await waiter
                    if task in done:
                        task.result()  # raises the client's exception
                        raise RuntimeError("the client stopped before it became ready")
                    raise TimeoutError(
                        f"client not ready after {timeout * PATIENCE}s\n{fake.describe()}"
                    )
                waiter.result()
            yield client
        finally:
            await client.close()
            # Its exception, if any, was already raised above (or we are shutting down).
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 10.0)
