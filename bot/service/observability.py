"""What an operator sees: Prometheus metrics, /healthz and /metrics over HTTP, log formats
with secrets scrubbed out.

The HTTP endpoint is off unless HTTP_PORT is set. Metrics live in a registry of
their own so several bots in one test process never collide.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

import pythonjsonlogger.json
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from discord import AutoShardedClient
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    Info,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import generate_latest

from houseway import __version__

if TYPE_CHECKING:
    import discord

# A `_created` series per counter doubles what a scrape stores and nobody queries it.
disable_created_metrics()

log = logging.getLogger(__name__)

#: A bot whose heartbeat takes longer than this is not healthy.
MAX_HEALTHY_LATENCY = 10.0
#: A connection to the HTTP port that has not sent a whole request this many seconds after
#: it opened (a client that never finishes its headers), or that has been idle this long
#: after its last answer, is closed. A scrape takes milliseconds.
HTTP_TIMEOUT: Final = 10.0
#: The most of a refused request's own words that its log line quotes.
QUOTED_CHARACTERS: Final = 80


class Metrics:
    """The bot's counters and histograms, the process's own figures (memory, CPU, open
    files), the build, and what is read off the bot at each scrape (gateway latency per
    shard, servers)."""

    def __init__(self, bot: discord.Client | None = None) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        Info("houseway_build", "The running version", registry=self.registry).info(
            {"version": __version__}
        )
        if bot is not None:
            self.registry.register(BotCollector(bot))
        self.interactions = Counter(
            "houseway_interactions_total",
            "Interactions handled, by command and outcome",
            ["command", "outcome"],
            registry=self.registry,
        )
        self.response_seconds = Histogram(
            "houseway_interaction_seconds",
            "Time from an interaction's creation to its handling",
            ["command"],
            registry=self.registry,
            buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10),
        )
        self.reconnects = Counter(
            "houseway_gateway_reconnects_total",
            "Gateway sessions resumed or re-identified",
            ["shard"],
            registry=self.registry,
        )
        self.quiz_rounds = Counter(
            "houseway_quiz_rounds_total", "Quiz rounds scored", registry=self.registry
        )
        self.quiz_answers = Counter(
            "houseway_quiz_answers_total", "Quiz answers recorded", registry=self.registry
        )
        self.database_errors = Counter(
            "houseway_database_errors_total",
            "Database operations that failed",
            registry=self.registry,
        )


def shard_label(shard_id: int | None) -> str:
    """An unsharded bot is shard 0 of 1."""
    return str(shard_id or 0)


class BotCollector:
    """Read at each scrape: whether each shard of the process is connected (so one dead
    shard among several shows), gateway latency per shard (none while a shard has no
    value, rather than a sentinel), and the number of servers."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    def collect(self) -> Iterator[Metric]:
        latency = GaugeMetricFamily(
            "houseway_gateway_latency_seconds", "Gateway heartbeat latency", labels=["shard"]
        )
        if isinstance(self.bot, AutoShardedClient):
            latencies = self.bot.latencies
        else:
            latencies = [(0, self.bot.latency)]
        for shard_id, seconds in latencies:
            if math.isfinite(seconds):
                latency.add_metric([shard_label(shard_id)], seconds)
        yield latency
        connected = GaugeMetricFamily(
            "houseway_shard_connected",
            "1 while the shard is connected to the gateway with a heartbeat, else 0",
            labels=["shard"],
        )
        for shard_id, up in shard_connections(self.bot).items():
            connected.add_metric([shard_label(shard_id)], 1.0 if up else 0.0)
        yield connected
        yield GaugeMetricFamily(
            "houseway_guilds", "Servers this process's shards are in", value=len(self.bot.guilds)
        )


def is_healthy(bot: discord.Client) -> tuple[bool, str]:
    """Healthy only while connected and ready, with a sane heartbeat latency.

    A sharded bot (AutoShardedClient) has no ``ws`` of its own: each of the shards this
    process runs must be connected, with a sane latency of its own.
    """
    if bot.is_closed():
        return False, "closed"
    if not bot.is_ready():
        return False, "not ready"
    if isinstance(bot, AutoShardedClient):
        problem = _shard_problem(bot)
        return (False, problem) if problem else (True, "ok")
    latency = bot.latency
    if not _sane(latency):
        return False, f"gateway latency {latency}"
    websocket = getattr(bot, "ws", None)
    if websocket is None or not websocket.open:
        return False, "gateway not connected"
    return True, "ok"


def shard_connections(bot: discord.Client) -> dict[int, bool]:
    """Every shard this process should run, and whether it is connected with a heartbeat
    (a slow heartbeat is the latency gauge's to show)."""
    if isinstance(bot, AutoShardedClient):
        return {
            shard_id: shard is not None and not shard.is_closed() and math.isfinite(shard.latency)
            for shard_id, shard in _shards(bot)
        }
    websocket = getattr(bot, "ws", None)
    up = websocket is not None and websocket.open and math.isfinite(bot.latency)
    return {0: up and not bot.is_closed()}


def _shards(bot: AutoShardedClient) -> list[tuple[int, discord.ShardInfo | None]]:
    """Every shard this process should run (or runs), in order, with its state if any."""
    shards = bot.shards
    expected = bot.shard_ids if bot.shard_ids is not None else range(bot.shard_count or 0)
    return [(shard_id, shards.get(shard_id)) for shard_id in sorted(set(expected) | set(shards))]


def _shard_problem(bot: AutoShardedClient) -> str | None:
    """What is wrong with this process's shards, if anything."""
    for shard_id, shard in _shards(bot):
        if shard is None or shard.is_closed():
            return f"shard {shard_id} not connected"
        if not _sane(shard.latency):
            return f"shard {shard_id} gateway latency {shard.latency}"
    return None if bot.shards else "no shard connected"


def _sane(latency: float) -> bool:
    return math.isfinite(latency) and latency <= MAX_HEALTHY_LATENCY


def http_app(bot: discord.Client, metrics: Metrics) -> web.Application:
    async def healthz(request: web.Request) -> web.Response:
        healthy, reason = is_healthy(bot)
        return web.json_response(
            {"status": "ok" if healthy else "unavailable", "reason": reason},
            status=200 if healthy else 503,
        )

    async def metrics_view(request: web.Request) -> web.Response:
        body = generate_latest(metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics_view)
    return app


class MalformedRequests(logging.Filter):
    """aiohttp logs each request its parser refuses (garbage, oversized headers, a bad
    method or chunked body) as an error with a traceback, so anyone who reaches the port
    can fill the log: one short INFO line instead. A handler's own error stays an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        level = min(record.levelno, logging.INFO)  # aiohttp's DEBUG stays DEBUG
        if not logging.getLogger(record.name).isEnabledFor(level):
            return False
        said = " ".join(error.message.split())
        if len(said) > QUOTED_CHARACTERS:
            said = said[: QUOTED_CHARACTERS - 1] + "…"
        peer = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        record.levelno, record.levelname = level, logging.getLevelName(level)
        record.msg = "refused a malformed HTTP request from %s (%s %s: %s)"
        record.args = (peer, error.code, type(error).__name__, said)
        record.exc_info = record.exc_text = None
        return True


#: The HTTP server's own logger (aiohttp's "aiohttp.server" by default), with the filter.
http_log = logging.getLogger("bot.http")
http_log.addFilter(MalformedRequests())


async def start_http(
    bot: discord.Client, metrics: Metrics, host: str, port: int, timeout: float = HTTP_TIMEOUT
) -> web.AppRunner:
    """Serve /healthz and /metrics; connections that send no whole request within
    ``timeout`` are closed, malformed requests cost one INFO line."""
    runner = web.AppRunner(
        http_app(bot, metrics), access_log=None, keepalive_timeout=timeout, logger=http_log
    )
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("health and metrics on http://%s:%s/healthz and /metrics", host, port)
    return runner


REDACTED = "[redacted]"


class Redactor:
    """Scrubs log text of the bot token and of every interaction token.

    An interaction token lets anyone answer as the bot for 15 minutes. discord.py writes
    them at DEBUG in request URLs (``/interactions/{id}/{token}/callback``,
    ``/webhooks/{application_id}/{token}/...``) and in dumped gateway payloads
    (``'token': '...'``); they are never known in advance, so they are found by shape.
    """

    URL_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/\s?#'\"\\)\]>,]+")
    #: ``'token': '...'``, ``"token": "..."`` and the same inside a JSON string (``\"``).
    QUOTED_TOKEN = re.compile(r"""((\\?["'])\w*token\2\s*:\s*\\?["'])[^"'\\]+""", re.IGNORECASE)

    def __init__(self, *secrets: str) -> None:
        self.secrets = [secret for secret in secrets if secret]

    def scrub(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, REDACTED)
        text = self.URL_TOKEN.sub(rf"\1{REDACTED}", text)
        return self.QUOTED_TOKEN.sub(rf"\1{REDACTED}", text)


class RedactingFormatter(logging.Formatter):
    """Wraps a handler's formatter and scrubs what it wrote as a whole.

    The finished text is what reaches the terminal or the collector: message, arguments,
    traceback with its causes and stack all pass through one scrub, whoever logged them.
    """

    def __init__(self, inner: logging.Formatter, redactor: Redactor) -> None:
        super().__init__()
        self.inner = inner
        self.redactor = redactor

    def format(self, record: logging.LogRecord) -> str:
        return self.redactor.scrub(self.inner.format(record))


#: Extra fields that hold Discord ids: written as strings, since ids exceed 2**53 and a
#: JSON reader that takes numbers as doubles (JavaScript, jq) would change their digits.
ID_FIELDS = frozenset({"guild", "user", "channel"})


class JsonFormatter(pythonjsonlogger.json.JsonFormatter):
    """One JSON object per line for log collectors (python-json-logger): time, level,
    logger and message, every extra field a record carries, a traceback in ``exception``
    and a stack in ``stack``; Discord ids as strings."""

    def __init__(self) -> None:
        super().__init__(
            "{asctime}{levelname}{name}{message}",
            style="{",
            rename_fields={
                "asctime": "time",
                "levelname": "level",
                "name": "logger",
                "exc_info": "exception",
                "stack_info": "stack",
            },
            json_ensure_ascii=False,
        )

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        moment = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        return f"{moment}.{int(record.msecs):03d}Z"

    def process_log_record(self, log_record: dict[str, Any]) -> dict[str, Any]:
        for key, value in log_record.items():
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and (key in ID_FIELDS or key.endswith("_id") or abs(value) >= 2**53)
            ):
                log_record[key] = str(value)
        return log_record
