"""Command sync policy, settings, and the real entry point ``python -m bot`` as a subprocess."""

from __future__ import annotations

import logging
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app.client import GLOBAL_HASH_KEY
from bot.service.settings import Settings, SettingsError
from bot.storage import open_database
from tests.bot.fixtures import (
    COMMANDS,
    BotRunner,
    bot_env,
    bot_process,
    exit_output,
    free_port,
    plain_env,
    run_bot_to_exit,
)
from tests.fakediscord import GUILD_ID, FakeDiscord


async def test_global_sync_only_when_definitions_change(
    fake_discord: FakeDiscord, run_bot: BotRunner, database_url: str
) -> None:
    async with run_bot(fake_discord) as bot:
        assert bot.synced == ["global"]
    assert fake_discord.sync_count() == 1
    assert {c["name"] for c in fake_discord.commands_for()} == COMMANDS
    houseway = next(c for c in fake_discord.commands_for() if c["name"] == "houseway")
    assert houseway["name_localizations"]["sv-SE"] == "husetväljer"
    assert houseway["options"][0]["name_localizations"]["sv-SE"] == "hand"

    async with run_bot(fake_discord) as bot:  # same definitions: no sync
        assert bot.synced == []
    assert fake_discord.sync_count() == 1

    database = await open_database(database_url)  # as if an older version had synced
    await database.set_meta(GLOBAL_HASH_KEY, "0" * 64)
    await database.close()
    async with run_bot(fake_discord) as bot:
        assert bot.synced == ["global"]
    assert fake_discord.sync_count() == 2

    async with run_bot(fake_discord, force_sync=True) as bot:  # --sync
        assert bot.synced == ["global"]
    assert fake_discord.sync_count() == 3


async def test_dev_guild_alone_and_a_later_global_start_clears_its_copy(
    fake_discord: FakeDiscord, run_bot: BotRunner
) -> None:
    """A server with a guild copy and the global commands would list each command twice."""
    for start in (1, 2):
        async with run_bot(fake_discord, dev_guild_id=GUILD_ID) as bot:
            assert bot.synced == [f"guild:{GUILD_ID}"]
        assert fake_discord.sync_count(GUILD_ID) == start
        assert {c["name"] for c in fake_discord.commands_for(GUILD_ID)} == COMMANDS
    assert fake_discord.sync_count() == 0 and fake_discord.commands_for() == []

    async with run_bot(fake_discord) as bot:  # the same database, without DEV_GUILD_ID
        assert bot.synced == [f"cleared:{GUILD_ID}", "global"]
    assert fake_discord.commands_for(GUILD_ID) == []
    assert {c["name"] for c in fake_discord.commands_for()} == COMMANDS
    async with run_bot(fake_discord) as bot:  # cleared once, not at every start
        assert bot.synced == []
    assert fake_discord.sync_count(GUILD_ID) == 3


def doubled_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The warnings that the dev guild lists every command twice."""
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == "bot.app.client"
        and record.levelno == logging.WARNING
        and "also has global commands" in record.getMessage()
    ]


async def test_a_dev_start_warns_when_the_application_also_has_global_commands(
    fake_discord: FakeDiscord, run_bot: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """A dev start cannot remove global commands (production may use them): the operator
    is told that the dev server shows both copies, and only when it does."""
    caplog.set_level(logging.INFO, logger="bot.app.client")
    async with run_bot(fake_discord, dev_guild_id=GUILD_ID):
        pass
    assert doubled_warnings(caplog) == []

    async with run_bot(fake_discord) as bot:  # the same application, synced globally
        assert "global" in bot.synced
    caplog.clear()
    async with run_bot(fake_discord, dev_guild_id=GUILD_ID) as bot:
        assert bot.synced == [f"guild:{GUILD_ID}"]
    [warning] = doubled_warnings(caplog)
    assert f"dev guild {GUILD_ID} lists every command twice" in warning
    assert fake_discord.commands_for() and fake_discord.commands_for(GUILD_ID)


async def test_mentions_carry_the_ids_discord_gave(
    fake_discord: FakeDiscord, run_bot: BotRunner
) -> None:
    """From the sync's answer; without a sync, from one fetch; without either, plain text."""
    async with run_bot(fake_discord) as bot:
        ids = {c["name"]: c["id"] for c in fake_discord.commands_for()}
        assert bot.mention("houseway") == f"</houseway:{ids['houseway']}>"
        assert bot.mention("quiz start") == f"</quiz start:{ids['quiz']}>"
    async with run_bot(fake_discord) as bot:
        assert bot.synced == []
        assert bot.mention("quiz reset") == f"</quiz reset:{ids['quiz']}>"
    fake_discord.server_error("GET /applications/*/commands", 403, count=None)
    async with run_bot(fake_discord, sync_commands=False) as bot:
        assert bot.mention("quiz reset") == "/quiz reset"
    fake_discord.clear_faults()
    async with run_bot(fake_discord, dev_guild_id=GUILD_ID) as bot:
        guild_ids = {c["name"]: c["id"] for c in fake_discord.commands_for(GUILD_ID)}
        assert guild_ids["deal"] != ids["deal"]
        assert bot.mention("deal") == f"</deal:{guild_ids['deal']}>"


async def test_no_sync_when_disabled(fake_discord: FakeDiscord, run_bot: BotRunner) -> None:
    async with run_bot(fake_discord, sync_commands=False) as bot:
        assert bot.synced == []
    assert fake_discord.sync_count() == 0


def test_settings_from_env_file_and_environment(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    settings = Settings.from_env({"DISCORD_TOKEN": "from-env"}, env_file)
    assert settings.discord_token == "from-env"
    assert settings.dev_guild_id == 42
    assert settings.log_level == "DEBUG"
    assert "from-env" not in repr(settings)
    with pytest.raises(SettingsError, match="DEV_GUILD_ID must be a whole number"):
        Settings.from_env({"DISCORD_TOKEN": "x", "DEV_GUILD_ID": "abc"}, None)
    with pytest.raises(SettingsError, match="LOG_LEVEL"):
        Settings.from_env({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}, None)
    assert settings.source_url is None
    assert settings.cache_dir == Path("data/cache")  # beside the journal, by default
    moved = Settings.from_env({"DISCORD_TOKEN": "x", "DATA_DIR": "/srv/hw"}, None)
    assert moved.cache_dir == Path("/srv/hw/cache")
    elsewhere = {"DISCORD_TOKEN": "x", "DATA_DIR": "/srv/hw", "CACHE_DIR": "/var/cache/hw"}
    assert Settings.from_env(elsewhere, None).cache_dir == Path("/var/cache/hw")
    url = "https://example.org/houseway"
    assert Settings.from_env({"DISCORD_TOKEN": "x", "SOURCE_URL": url}, None).source_url == url
    for bad in ("example.org/houseway", "ftp://example.org/x", "https://", "https://a b"):
        with pytest.raises(SettingsError, match="SOURCE_URL must be a web address"):
            Settings.from_env({"DISCORD_TOKEN": "x", "SOURCE_URL": bad}, None)


def test_missing_token_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = run_bot_to_exit(tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]
    assert "Traceback" not in done.stderr


def _debug_env(fake: FakeDiscord, tmp_path: Path) -> dict[str, str]:
    """A bot against the stand-in on a fresh SQLite file, logging at DEBUG."""
    return bot_env(fake, f"sqlite:///{tmp_path}/bot.sqlite3", LOG_LEVEL="DEBUG")


async def test_entry_point_answers_and_stops_cleanly_on_sigterm(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with bot_process(_debug_env(fake_discord, tmp_path), tmp_path) as process:
        await fake_discord.wait_ready(timeout=30)
        await fake_discord.wait_until(lambda: fake_discord.sync_count() == 1, 30, "sync")
        interaction = await fake_discord.send_command("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"})
        sent = await fake_discord.wait_response(interaction, timeout=15)
        assert sent.embeds[0]["footer"]["text"] == "Rule: Five aces"
        process.send_signal(signal.SIGTERM)
        log = await exit_output(process, 10)
    assert process.returncode == 0, log
    assert "closed cleanly" in log
    assert fake_discord.token not in log
    assert "Traceback" not in log


async def test_entry_point_with_refused_token(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake_discord.refuse_token()
    async with bot_process(_debug_env(fake_discord, tmp_path), tmp_path) as process:
        output = await exit_output(process, 30)
    assert process.returncode == 2  # a configuration error: systemd does not restart it
    assert "Discord refused the token" in output
    assert fake_discord.token not in output


def _run_bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_bot_to_exit(tmp_path, *args, DISCORD_TOKEN="x" * 24, LOG_LEVEL="INFO", **env)


def test_both_commands_tell_their_version(tmp_path: Path) -> None:
    from houseway import __version__

    for module in ("bot", "houseway"):
        done = subprocess.run(
            [sys.executable, "-m", module, "--version"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=plain_env(),
        )
        assert done.returncode == 0
        assert done.stdout.strip().endswith(__version__) and __version__ != "0+unknown"


@pytest.mark.parametrize("setting", ["DATA_DIR", "DATABASE_URL"])
def test_a_directory_that_cannot_be_made_is_one_line_and_exit_2(
    tmp_path: Path, setting: str
) -> None:
    (tmp_path / "a-file").write_text("")
    paths = {"DATA_DIR": "a-file/data", "DATABASE_URL": "sqlite:///a-file/db/houseway.sqlite3"}
    done = _run_bot(tmp_path, **{setting: paths[setting]})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and setting in lines[0] and "a-file" in lines[0], done.stderr
    assert "Traceback" not in done.stderr + done.stdout


async def test_a_busy_http_port_is_one_line_and_exit_2(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = plain_env(**fake_discord.subprocess_env(), HTTP_PORT=str(port), LOG_LEVEL="INFO")
        async with bot_process(env, tmp_path) as process:
            log = await exit_output(process, 30)
    assert process.returncode == 2, log
    errors = [line for line in log.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "HTTP_PORT" in errors[0] and str(port) in errors[0], log
    assert "Traceback" not in log
    assert fake_discord.ready_count == 0  # said before connecting to Discord


def test_discord_unreachable_is_one_line_and_exit_1(tmp_path: Path) -> None:
    port = free_port()  # bound, then released: nobody listens
    done = _run_bot(tmp_path, DISCORD_API_URL=f"http://127.0.0.1:{port}/api/v10")
    log = done.stdout + done.stderr
    assert done.returncode == 1, log
    errors = [line for line in log.splitlines() if "ERROR" in line]
    assert len(errors) == 1 and "cannot reach Discord" in errors[0], log
    assert "Traceback" not in log
