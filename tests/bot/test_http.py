"""The HTTP port (/healthz, /metrics) against clients that are not Prometheus: malformed
requests and slow ones, over raw sockets."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest

from bot.app.client import HousewayBot, make_bot
from bot.service.observability import start_http
from bot.service.settings import Settings
from bot.storage import open_database
from tests.bot.fixtures import free_port

#: Requests aiohttp's parser refuses, each sent on a connection of its own.
MALFORMED = {
    "garbage bytes": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),
    "huge header": b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n",
    "many headers": b"GET /metrics HTTP/1.1\r\n" + b"X-A: b\r\n" * 500 + b"\r\n",
    "bad method": b"G\x00T /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
    "HTTP/0.9": b"GET /healthz\r\n\r\n",
    "unknown version": b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n",
    "header without a colon": b"GET /metrics HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n",
    "invalid chunked body": (
        b"POST /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhi\r\n"
    ),
    "chunked and a length": (
        b"POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
    ),
}
#: aiohttp logs a bad method on a connection's first request at DEBUG, on a later one as
#: an error: the second request of a connection.
AFTER_A_GOOD_ONE = (b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", b"BR{EW / HTTP/1.1\r\n\r\n")


@pytest.fixture
async def unready_bot(database_url: str) -> AsyncIterator[HousewayBot]:
    """A bot that never connects: /healthz answers 503, which is all these tests need."""
    database = await open_database(database_url)
    try:
        yield make_bot(Settings(discord_token="x", database_url=database_url), database)
    finally:
        await database.close()


async def exchange(port: int, *requests: bytes, timeout: float = 10.0) -> bytes:
    """Send each request (the next once the last is being answered), then read until the
    server closes the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        answered = b""
        for request in requests:
            writer.write(request)
            await writer.drain()
            if request is not requests[-1]:
                answered += await asyncio.wait_for(reader.read(1), timeout)
        return answered + await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()


async def test_a_malformed_request_costs_one_short_info_line(
    unready_bot: HousewayBot, caplog: pytest.LogCaptureFixture
) -> None:
    """Each is answered 400 (or closed) and logged as at most one line at INFO without a
    traceback, however many there are; the port goes on answering."""
    caplog.set_level(logging.INFO)
    port = free_port()
    http = await start_http(unready_bot, unready_bot.metrics, "127.0.0.1", port)
    cases = [*((name, [request]) for name, request in MALFORMED.items())]
    cases.append(("bad method after a good request", list(AFTER_A_GOOD_ONE)))
    try:
        for name, requests in cases * 3:
            caplog.clear()
            answered = await exchange(port, *requests)
            assert answered == b"" or answered.startswith(b"HTTP/"), name
            lines = [r for r in caplog.records if r.name.startswith(("aiohttp", "bot"))]
            assert len(lines) <= 1, (name, [r.getMessage() for r in lines])
            for line in lines:
                assert line.levelno <= logging.INFO and not line.exc_info, name
                assert "\n" not in line.getMessage() and len(line.getMessage()) < 200, name
        answer = await exchange(
            port, b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        assert answer.startswith(b"HTTP/1.1 200")
    finally:
        await http.cleanup()


async def test_a_client_that_never_finishes_its_headers_is_cut_off(
    unready_bot: HousewayBot,
) -> None:
    port = free_port()
    http = await start_http(unready_bot, unready_bot.metrics, "127.0.0.1", port, timeout=0.5)
    try:
        stalled = [await asyncio.open_connection("127.0.0.1", port) for _ in range(20)]
        for _reader, writer in stalled:
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        # Each is closed by the server (EOF), within the wait, not read for an hour.
        closed = await asyncio.wait_for(
            asyncio.gather(*(reader.read() for reader, _writer in stalled)), 10
        )
        assert closed == [b""] * len(stalled)
        for _reader, writer in stalled:
            writer.close()
        answer = await exchange(
            port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        assert answer.startswith(b"HTTP/1.1 503")  # the port still answers
    finally:
        await http.cleanup()
