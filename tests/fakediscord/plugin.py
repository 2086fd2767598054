"""pytest fixtures for the Discord stand-in.

Enable with ``pytest_plugins = ["tests.fakediscord.plugin"]`` in ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from .server import FakeDiscord


def _check_clean(fake: FakeDiscord) -> None:
    # Bugs in the stand-in itself must not pass silently as "the bot got a 400".
    if fake.internal_errors:
        pytest.fail("fake Discord had internal errors:\n" + "\n".join(fake.internal_errors))


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started :class:`FakeDiscord` with the default world, stopped after the test."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    _check_clean(fake)


@pytest_asyncio.fixture
async def fake_discord_factory() -> AsyncIterator[Callable[..., Awaitable[FakeDiscord]]]:
    """``await fake_discord_factory(**FakeDiscord kwargs)`` for a custom world; all the
    stand-ins it made are stopped after the test."""
    made: list[FakeDiscord] = []

    async def make(**kwargs: Any) -> FakeDiscord:
        fake = FakeDiscord(**kwargs)
        await fake.start()
        made.append(fake)
        return fake

    try:
        yield make
    finally:
        for fake in made:
            await fake.stop()
    for fake in made:
        _check_clean(fake)
