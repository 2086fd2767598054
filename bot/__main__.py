"""The process: settings, logging, signals, and the bot's lifetime (``python -m bot``)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Sequence

import discord

from .client import make_bot
from .endpoints import configure_endpoints
from .observability import JsonFormatter, start_http
from .settings import Settings, SettingsError
from .storage import DatabaseError, open_database

log = logging.getLogger("bot")


class RedactSecrets(logging.Filter):
    """Belt and braces: no log record ever carries the token, whoever logs it."""

    def __init__(self, *secrets: str) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret in self.secrets):
            for secret in self.secrets:
                message = message.replace(secret, "[redacted]")
            record.msg, record.args = message, None
        return True


def setup_logging(settings: Settings) -> None:
    """discord.py's logging setup; JSON lines when asked, no colours when not on a terminal."""
    formatter: logging.Formatter | None = None
    if settings.log_format == "json":
        formatter = JsonFormatter()
    elif not sys.stderr.isatty():
        formatter = logging.Formatter("[{asctime}] [{levelname:<8}] {name}: {message}",
                                      "%Y-%m-%d %H:%M:%S", style="{")
    discord.utils.setup_logging(
        level=getattr(logging, settings.log_level), root=True,
        formatter=formatter or discord.utils.MISSING,
    )
    redact = RedactSecrets(settings.discord_token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)


async def run(settings: Settings, force_sync: bool) -> int:
    """Open the database, run the bot until it is closed or signalled, close everything."""
    try:
        database = await open_database(settings.database_url)
    except DatabaseError as error:
        log.error("cannot open the database: %s", error)
        return 1
    http = None
    try:
        async with make_bot(settings, database, force_sync=force_sync) as bot:
            if settings.http_port is not None:
                http = await start_http(bot, bot.metrics, settings.http_host or "127.0.0.1",
                                        settings.http_port)
            loop = asyncio.get_running_loop()
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
            try:
                await bot.start(settings.discord_token)
            except discord.LoginFailure:
                log.error("Discord refused the token: check DISCORD_TOKEN")
                return 1
    finally:
        if http is not None:
            await http.cleanup()
        await database.close()
    log.info("closed cleanly")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="houseway-bot", description="Run the houseway bot.")
    parser.add_argument(
        "--sync", action="store_true", help="sync the global commands even if unchanged"
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
        configure_endpoints(settings.api_url, settings.gateway_url)
    except (SettingsError, ValueError) as error:
        print(f"houseway-bot: {error}", file=sys.stderr)
        return 2
    setup_logging(settings)
    return asyncio.run(run(settings, args.sync))


if __name__ == "__main__":
    sys.exit(main())
