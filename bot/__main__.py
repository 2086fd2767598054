"""The process: settings, logging, signals, and the bot's lifetime (``python -m bot``).

Only the standard library is imported up front: SIGTERM and SIGINT are caught from the
first moment of ``main()``, so a stop while discord.py is still being imported, the cards
warmed up or the commands synced is a clean exit 0 like any other.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import signal
import socket
import sys
from collections.abc import Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

    from .app.client import HousewayBot
    from .service.settings import Settings
    from .storage import Database

from .service.failures import EXIT_CONFIG, EXIT_RETRY, ReconnectFilter, check_paths, start_failure

log = logging.getLogger("bot")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
#: Everything after a stop signal is done within this many seconds: the process exits
#: within 10 s (systemd and Compose wait 15 s before SIGKILL, Docker's default is 10 s).
SHUTDOWN_SECONDS = 7.5
#: The end of that time is kept for the database, so that a stalled one is terminated
#: (unblocking whatever still waits on it) rather than waited for.
DATABASE_SECONDS = 1.5


class EarlySignals:
    """Notes a stop signal that comes before the event loop takes the signals over."""

    def __init__(self) -> None:
        self.received: int | None = None
        for signum in STOP_SIGNALS:
            signal.signal(signum, self._note)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.received = signum


def setup_logging(settings: Settings) -> None:
    """discord.py's logging setup; JSON lines when asked, no colours when not on a terminal.

    The one handler installed (on the root logger: discord.* and ours propagate to it)
    writes through a RedactingFormatter, so no line it writes carries the bot token or an
    interaction token, whatever the record held.
    """
    import discord

    from .service.observability import JsonFormatter, RedactingFormatter, Redactor

    handler = logging.StreamHandler()
    formatter: logging.Formatter | None = None
    if settings.log_format == "json":
        formatter = JsonFormatter()
    elif not sys.stderr.isatty():
        formatter = logging.Formatter(
            "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
        )
    discord.utils.setup_logging(
        handler=handler,
        level=getattr(logging, settings.log_level),
        root=True,
        formatter=formatter or discord.utils.MISSING,
    )
    chosen = handler.formatter or logging.Formatter()  # discord.py's colours, on a terminal
    handler.setFormatter(RedactingFormatter(chosen, Redactor(settings.discord_token)))
    handler.addFilter(ReconnectFilter())


async def run(settings: Settings, force_sync: bool, early: EarlySignals | None = None) -> int:
    """Open the database, run the bot until it is closed or signalled, close everything."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, stop.set)
    if early is not None and early.received is not None:
        stop.set()
    if stop.is_set():
        log.info("stopped before start")
        return 0
    stopped = asyncio.create_task(stop.wait())
    try:
        return await _run(settings, force_sync, stopped)
    finally:
        stopped.cancel()


async def _run(settings: Settings, force_sync: bool, stopped: asyncio.Task[Any]) -> int:
    from .app.client import make_bot
    from .service.observability import start_http
    from .storage import DatabaseConfigError, DatabaseError, open_database

    opening = asyncio.create_task(
        open_database(
            settings.database_url,
            settings.database_command_timeout,
            pool_size=settings.database_pool_size,
        )
    )
    await asyncio.wait({opening, stopped}, return_when=asyncio.FIRST_COMPLETED)
    if not opening.done():  # a stop while the database opens: let it open, then close it
        await asyncio.wait({opening}, timeout=SHUTDOWN_SECONDS - DATABASE_SECONDS)
        if not opening.done():
            opening.cancel()
        elif not opening.cancelled() and opening.exception() is None:
            await opening.result().close(timeout=DATABASE_SECONDS)
        log.info("stopped during start-up")
        return 0
    try:
        database = opening.result()
    except DatabaseConfigError as error:
        log.error("%s", error)
        return EXIT_CONFIG
    except DatabaseError as error:
        log.error("cannot open the database: %s", error)
        return EXIT_RETRY

    bot = make_bot(settings, database, force_sync=force_sync, freeze=True)
    http = None
    if settings.http_port is not None:
        host = settings.http_host or "127.0.0.1"
        try:  # before Discord: a port in use is a configuration error, said at once
            http = await start_http(bot, bot.metrics, host, settings.http_port)
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:  # asyncio's strerror quotes the address
                error.strerror = os.strerror(error.errno)
            if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
                # The host's fault (no such name, not this machine's address), not the port's.
                log.error(
                    "HTTP_HOST %r cannot be used (%s): set HTTP_HOST to an address of this "
                    "machine (127.0.0.1; 0.0.0.0 for every interface), or unset it",
                    host,
                    error.strerror,
                )
            else:
                log.error(
                    "HTTP_PORT %s on %s cannot be used (%s): choose a free port, or unset "
                    "HTTP_PORT",
                    settings.http_port,
                    host,
                    error.strerror or error,
                )
            await database.close(timeout=DATABASE_SECONDS)
            return EXIT_CONFIG
    serving = asyncio.create_task(bot.start(settings.discord_token), name="bot")
    try:
        await asyncio.wait({serving, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not serving.done():
            log.info("stopping: finishing what is in flight")
    finally:
        await shut_down(bot, serving, http, database)
    if stopped.done():
        if serving.done() and not serving.cancelled() and serving.exception() is not None:
            # Closed under a start-up step (a request on the closed HTTP session, say).
            log.debug("stopped during start-up: %r", serving.exception())
        log.info("closed cleanly")
        return 0
    crash = serving.exception()
    if crash is not None:
        failure = start_failure(crash, bot)
        if failure is None:
            raise crash
        status, line = failure
        log.error("%s", line)
        return status
    log.info("closed cleanly")
    return 0


async def shut_down(
    bot: HousewayBot,
    serving: asyncio.Task[None],
    http: web.AppRunner | None,
    database: Database,
) -> None:
    """Close the bot, the HTTP endpoint and the database within SHUTDOWN_SECONDS.

    A bot still starting is stopped where it is (nothing is in flight yet); a running one
    finishes its interactions first (``HousewayBot.close``). If that has not ended when
    only DATABASE_SECONDS are left, the database is closed under it: a stalled
    connection is terminated, which fails whatever was waiting on it.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SHUTDOWN_SECONDS

    def left(reserve: float = 0.0) -> float:
        return max(0.05, deadline - reserve - loop.time())

    if not serving.done() and not bot.is_ready():
        serving.cancel()
        await asyncio.wait({serving}, timeout=left(DATABASE_SECONDS))
    closing = asyncio.create_task(bot.close())
    await asyncio.wait({closing}, timeout=left(DATABASE_SECONDS))
    if not closing.done():
        log.warning("the bot has not closed in time; closing the database under it")
    await database.close(timeout=left(0.5) if closing.done() else DATABASE_SECONDS - 0.5)
    for task in (closing, serving):
        if not task.done():
            await asyncio.wait({task}, timeout=min(left(), 2.0))
        if not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=0.25)
    if closing.done() and not closing.cancelled() and closing.exception() is not None:
        log.warning("closing the bot failed: %r", closing.exception())
    if http is not None:
        try:
            await asyncio.wait_for(http.cleanup(), left())
        except TimeoutError:
            log.warning("the HTTP endpoint did not close in time")


def main(argv: Sequence[str] | None = None) -> int:
    early = EarlySignals()
    from houseway import __version__

    parser = argparse.ArgumentParser(prog="houseway-bot", description="Run the houseway bot.")
    parser.add_argument(
        "--sync", action="store_true", help="sync the global commands even if unchanged"
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    # Imported here, not at the top: the signals are caught while discord.py loads.
    from .service.endpoints import configure_endpoints
    from .service.settings import Settings, SettingsError

    try:
        settings = Settings.from_env()
        configure_endpoints(settings.api_url, settings.gateway_url)
        check_paths(settings)
    except (SettingsError, ValueError) as error:
        print(f"houseway-bot: {error}", file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(settings)
    log.info("houseway %s starting (Python %s)", __version__, sys.version.split()[0])
    try:
        return asyncio.run(run(settings, args.sync, early))
    except Exception:
        # Through the log rather than Python's own printout: the traceback gets scrubbed.
        log.critical("stopped by an unexpected error", exc_info=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
