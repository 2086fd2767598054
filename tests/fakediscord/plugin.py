"""pytest fixtures for the Discord stand-in.

Enable with ``pytest_plugins = ["tests.fakediscord.plugin"]`` in ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from .server import FakeDiscord

#: Marks a test that sends Discord what it refuses, on purpose (the stand-in's own tests).
REFUSALS_EXPECTED = "discord_refuses"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{REFUSALS_EXPECTED}: the test sends requests Discord refuses, on purpose; the "
        "stand-in's refusals do not fail it",
    )


def check_clean(fake: FakeDiscord, request: pytest.FixtureRequest) -> None:
    """Fail the test for the stand-in's own errors and for requests Discord would refuse."""
    # Bugs in the stand-in itself must not pass silently as "the bot got a 400".
    if fake.internal_errors:
        pytest.fail("fake Discord had internal errors:\n" + "\n".join(fake.internal_errors))
    # Nor may a request Discord would refuse: a test fails where Discord would.
    if fake.refusals and request.node.get_closest_marker(REFUSALS_EXPECTED) is None:
        pytest.fail(
            "fake Discord refused requests, as Discord would:\n"
            + "\n".join(map(str, fake.refusals))
        )


@pytest_asyncio.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A started :class:`FakeDiscord` with the default world, stopped after the test,
    which fails if the stand-in refused a request (unless marked ``discord_refuses``)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    check_clean(fake, request)


@pytest_asyncio.fixture
async def fake_discord_factory(
    request: pytest.FixtureRequest,
) -> AsyncIterator[Callable[..., Awaitable[FakeDiscord]]]:
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
        check_clean(fake, request)
