"""Fixtures that run the real HousewayBot against the Discord stand-in."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import pytest

from bot.app.client import EXTENSIONS, HousewayBot, make_bot
from bot.service.settings import Settings
from bot.service.timing import PracticeTiming, QuizTiming
from bot.storage import open_database
from tests.fakediscord import CallbackType, FakeDiscord, FakeInteraction, FakeMessage
from tests.fakediscord.harness import running_client
from tests.fakediscord.state import PATIENCE
from tests.runwide import run_dir

BotRunner = Callable[..., contextlib.AbstractAsyncContextManager[HousewayBot]]
ROOT = Path(__file__).resolve().parents[2]
#: Analyses in a thread: a worker process per test would cost a second each (the full
#: session test uses the default worker process).
IN_THREAD = PracticeTiming(analysis_workers=0)
#: Quizzes that refresh, wait and retry quickly, so that a test round takes moments.
QUICK_QUIZ = QuizTiming(counter_refresh=0.2, grace=0.2, retry_delay=0.3)


async def answer_message(
    fake: FakeDiscord, interaction: FakeInteraction, timeout: float = 10.0
) -> FakeMessage:
    """The message that answers ``interaction``, once it holds the answer (after a
    "thinking…" defer, once the follow-up has replaced it)."""
    first = await fake.wait_response(interaction)
    if first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE:
        await fake.wait_followups(interaction, 1, timeout=timeout)
    return fake.messages[interaction.original_message_id]  # type: ignore[index]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now (for the bot's HTTP_PORT)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


#: The CACHE_DIR of every bot a test starts (a ``python -m bot``, or ``run_bot``'s, and
#: their analysis workers): one directory for the whole run (tests/runwide.py), so the
#: first draws the card pictures and the others read them, as production's restarts do.
#: The drawing itself, and reading what was drawn, are tested in tests/test_cards_image.py.
_cards_cache: Path | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _cards_cache
    _cards_cache = run_dir() / "cards"
    _cards_cache.mkdir(exist_ok=True)


def plain_env(**extra: str) -> dict[str, str]:
    """This process's environment without any Discord setting (a developer's shell may
    hold a real token), able to import the project and sharing the run's drawn cards,
    plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD"))}
    cards = {"CACHE_DIR": str(_cards_cache)} if _cards_cache is not None else {}
    return {**env, "PYTHONPATH": str(ROOT), **cards, **extra}


def bot_env(fake: FakeDiscord, database_url: str, **extra: str) -> dict[str, str]:
    """The environment for ``python -m bot`` as a subprocess against the stand-in."""
    return plain_env(**{**fake.subprocess_env(), "DATABASE_URL": database_url, **extra})


def run_bot_to_exit(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot *args`` with ``plain_env(**env)``, run until it exits (a start that
    fails, or ``--version``): its status and output as text."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=plain_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def postgres_server_url() -> str:
    """TEST_DATABASE_URL (``.ci/run`` sets it); without it a skip, or in CI a failure."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        if os.environ.get("CI"):
            pytest.fail("TEST_DATABASE_URL is not set in CI")
        pytest.skip("TEST_DATABASE_URL is not set")
    return base


def mention(fake: FakeDiscord, name: str, guild_id: int | None = None) -> str:
    """``</quiz start:ID>`` with the id the stand-in gave the synced command."""
    root = name.split()[0]
    [command] = [c for c in fake.commands_for(guild_id) if c["name"] == root]
    return f"</{name}:{command['id']}>"


async def help_sections(
    fake: FakeDiscord, locale: str = "en-US", **place: Any
) -> dict[str, dict[str, Any]]:
    """/help's sections by name ("commands", "game", "quiz", "moderators"): the reply's
    first, then each other as its button (``help:<name>``) turns the reply to it."""
    asked = await fake.send_command("help", locale=locale, **place)
    sent = await fake.wait_response(asked)
    assert sent.ephemeral
    [first] = sent.embeds
    sections = {"commands": first}
    assert asked.original_message_id is not None
    message_id = asked.original_message_id
    for custom_id in fake.messages[message_id].custom_ids():
        if custom_id != "help:commands":
            await fake.wait_response(await fake.click(message_id, custom_id, locale=locale))
            [sections[custom_id.removeprefix("help:")]] = fake.messages[message_id].embeds
    return sections


async def start_bot_process(
    env: dict[str, str],
    cwd: Path | str,
    *args: str,
    output: int | IO[bytes] | None = asyncio.subprocess.PIPE,
) -> asyncio.subprocess.Process:
    """``python -m bot *args`` as production runs it, in ``cwd`` (so its default ./data).

    Its stderr goes where its stdout goes (``output``: a pipe, a log file, DEVNULL), so a
    log reads in order; with ``output=None`` both stay this process's own.
    """
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env=env,
        stdout=output,
        stderr=None if output is None else asyncio.subprocess.STDOUT,
    )


@contextlib.asynccontextmanager
async def bot_process(
    env: dict[str, str], cwd: Path | str, *args: str
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``start_bot_process`` with its output piped, killed on the way out if still running:
    a failed test leaves no bot behind talking to the next test's stand-in."""
    process = await start_bot_process(env, cwd, *args)
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def exit_output(process: asyncio.subprocess.Process, timeout: float) -> str:
    """Its whole output once it exits, within ``timeout`` seconds (TimeoutError if not)."""
    output, _ = await asyncio.wait_for(process.communicate(), timeout)
    return output.decode()


def exposition(bot: HousewayBot) -> str:
    """The bot's /metrics text, as Prometheus scrapes it."""
    from prometheus_client import generate_latest

    return generate_latest(bot.metrics.registry).decode()


def metric_samples(bot: HousewayBot, sample_name: str) -> dict[tuple[tuple[str, str], ...], float]:
    """The values of one sample (``houseway_x_total``), by their sorted labels: read from
    the registry, as a scrape reads it, rather than from the bot's own counters."""
    return {
        tuple(sorted(sample.labels.items())): sample.value
        for metric in bot.metrics.registry.collect()
        for sample in metric.samples
        if sample.name == sample_name
    }


def outcomes(bot: HousewayBot, command: str) -> dict[str, float]:
    """How the interactions named ``command`` ended, by outcome. Counted last of all, so
    once an interaction's outcome is here its handler is done (wait for it with the
    stand-in's ``wait_until``)."""
    return {
        dict(labels)["outcome"]: value
        for labels, value in metric_samples(bot, "houseway_interactions_total").items()
        if dict(labels)["command"] == command
    }


async def metrics_show(bot: HousewayBot, expected: list[str]) -> None:
    """Wait (briefly) until /metrics has these lines: they are written after the reply."""
    for _ in range(100):
        if all(line in exposition(bot) for line in expected):
            return
        await asyncio.sleep(0.02)
    assert [line for line in expected if line not in exposition(bot)] == []


#: Every top-level command the bot registers.
COMMANDS = {
    "houseway",
    "deal",
    "rules",
    "quiz",
    "analyze",
    "leaderboard",
    "help",
    "about",
    "practice",
    "stats",
    "daily",
    "play",
    "chips",
    "cards",
    "table",
}


@pytest.fixture
def root_logger() -> Iterator[logging.Logger]:
    """The root logger, given back as it was: setup_logging installs a handler on it."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield root
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/houseway.sqlite3"


@pytest.fixture
def run_bot(database_url: str, tmp_path: Path) -> BotRunner:
    """``async with run_bot(fake, **settings) as bot``: a ready bot on a fresh database
    (sharded, as ``python -m bot`` makes it, when the settings say so)."""

    @contextlib.asynccontextmanager
    async def run(
        fake: FakeDiscord, force_sync: bool = False, **overrides: Any
    ) -> AsyncIterator[HousewayBot]:
        values: dict[str, Any] = {
            "discord_token": fake.token,
            "database_url": database_url,
            "api_url": fake.api_url,
            "gateway_url": fake.gateway_url,
            "data_dir": tmp_path / "data",
            "cache_dir": _cards_cache,  # as a python -m bot started by a test
        }
        values.update(overrides)
        settings = Settings(**values)
        database = await open_database(settings.database_url, settings.database_command_timeout)
        bot = make_bot(settings, database, force_sync=force_sync, guild_ready_timeout=0.05)
        kept: dict[str, ModuleType] = {}
        try:
            async with running_client(fake, bot):
                kept = _cog_modules()
                yield bot
        finally:
            await database.close()
            for name, module in kept.items():
                sys.modules.setdefault(name, module)

    return run


def _cog_modules() -> dict[str, ModuleType]:
    """The cogs' modules but the extensions themselves. A bot's close unloads its
    extensions, and discord.py takes each one's submodules out of ``sys.modules`` with
    it; put back, the next bot this process starts finds them imported, as the one bot of
    a ``python -m bot`` does, rather than running some fifty modules again (about 40 ms a
    start: 25.4 s of CPU for test_commands.py and test_practice.py with -n 0, 21.9 s
    now). Each start still runs its extensions' own modules anew, as discord.py's
    load_extension always does."""
    return {
        name: module
        for name, module in sys.modules.items()
        if name.startswith("bot.cogs.") and name not in EXTENSIONS
    }


@pytest.fixture
async def houseway_bot(fake_discord: FakeDiscord, run_bot: BotRunner) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord) as bot:
        yield bot


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A PostgreSQL URL with a fresh schema of its own, dropped afterwards.

    The server comes from TEST_DATABASE_URL (``.ci/run`` sets it); in CI a missing
    server is a failure, not a skip.
    """
    import asyncpg

    base = postgres_server_url()
    schema = f"hw_test_{uuid.uuid4().hex[:12]}"
    connection = await asyncpg.connect(base)
    await connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}search_path={schema}"
    finally:
        await connection.execute(f"DROP SCHEMA {schema} CASCADE")
        await connection.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each test using this runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/any.sqlite3"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def quiz_bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    """A bot whose quizzes run quickly, on each database, posting in English."""
    fake_discord.default_guild.preferred_locale = "en-US"  # channel messages in English
    async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ) as bot:
        yield bot


@pytest.fixture
async def practice_bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    """A bot for practice tests, on each database, analysing in a thread."""
    async with run_bot(
        fake_discord, database_url=any_database_url, practice_timing=IN_THREAD
    ) as bot:
        yield bot


async def until(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 30) -> None:
    """Wait for a row to appear (the bot changes the database without telling the test):
    checked every 50 ms, for ``timeout`` stretched by PATIENCE."""
    deadline = time.monotonic() + timeout * PATIENCE
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


def no_error_nor_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Nothing logged at ERROR and no traceback, from the bot or discord.py ("Ignoring
    exception" included): a refusal Discord can give is handled, not crashed on."""
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []
