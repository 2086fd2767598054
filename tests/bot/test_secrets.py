"""Secrets never reach a log or a terminal: the bot token, interaction tokens, the
database password (issue 10 §3)."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import setup_logging
from bot.service.settings import Settings, SettingsError
from tests.bot.fixtures import ROOT, bot_env, bot_process, exit_output
from tests.fakediscord import FakeDiscord

BOT_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.bot-token-secret-part_0123456789abcdef"
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmludGVyYWN0aW9uLXRva2Vu_abc-DEF"


def log_everything_that_carries_a_token() -> None:
    """What discord.py and our code log that can hold the bot or an interaction token."""
    http = logging.getLogger("discord.http")
    try:
        try:
            raise ConnectionError(f"upstream refused Authorization: Bot {BOT_TOKEN}")
        except ConnectionError as cause:
            body = {"message": "401: Unauthorized", "token": BOT_TOKEN}
            raise RuntimeError(f"error body: {json.dumps(body)}") from cause
    except RuntimeError:
        http.exception("request failed")
    http.warning("headers were %s", {"Authorization": f"Bot {BOT_TOKEN}"}, stack_info=True)
    callback = f"https://discord.com/api/v10/interactions/1234/{INTERACTION_TOKEN}/callback"
    http.debug("%s %s with %s has returned %s", "POST", callback, None, 204)
    webhook = f"https://discord.com/api/v10/webhooks/5678/{INTERACTION_TOKEN}/messages/@original"
    logging.getLogger("discord.webhook.async_").debug(
        "Webhook ID %s with %s %s has returned status code %s", 5678, "PATCH", webhook, 200
    )
    event = {"t": "INTERACTION_CREATE", "op": 0, "d": {"id": "1234", "token": INTERACTION_TOKEN}}
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", None, event)
    logging.getLogger("bot").debug("raw payload %s", json.dumps(event))
    try:
        raise ValueError(f"404 for {callback}")
    except ValueError as error:
        logging.getLogger("bot").error("callback failed", exc_info=error)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_no_token_in_any_log_output(
    log_format: str, root_logger: logging.Logger, capsys: pytest.CaptureFixture[str]
) -> None:
    """Messages, arguments, tracebacks (with their causes) and stacks are all scrubbed."""
    setup_logging(Settings(discord_token=BOT_TOKEN, log_level="DEBUG", log_format=log_format))
    log_everything_that_carries_a_token()
    output = capsys.readouterr().err

    assert BOT_TOKEN not in output
    assert INTERACTION_TOKEN not in output
    assert "Traceback" in output and "upstream refused Authorization: Bot [redacted]" in output
    assert "/interactions/1234/[redacted]/callback" in output
    assert "/webhooks/5678/[redacted]/messages/@original" in output
    assert "Webhook ID 5678 with PATCH https://discord.com/api/v10/webhooks/" in output
    assert "'token': '[redacted]'" in output
    if log_format == "json":
        entries = [json.loads(line) for line in output.splitlines()]
        assert len(entries) == 7
        assert '"token": "[redacted]"' in entries[0]["exception"]
        assert "stack" in entries[1]
    else:
        assert '"token": "[redacted]"' in output


@pytest.mark.parametrize("log_format", ["text", "json"])
async def test_debug_log_of_real_interactions_holds_no_token(
    fake_discord: FakeDiscord, tmp_path: Path, database_url: str, log_format: str
) -> None:
    """At DEBUG discord.py dumps gateway payloads and request URLs, both of which carry
    interaction tokens: a callback, a deferral and its follow-up happen here."""
    env = bot_env(fake_discord, database_url, LOG_LEVEL="DEBUG", LOG_FORMAT=log_format)
    async with bot_process(env, tmp_path) as process:
        await fake_discord.wait_ready(timeout=30)
        await fake_discord.wait_until(lambda: fake_discord.sync_count() == 1, 30, "sync")
        houseway = await fake_discord.send_command("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"})
        await fake_discord.wait_response(houseway, timeout=15)
        analysis = await fake_discord.send_command("analyze", {"hand": "As Ks Qs Js Ts 9h 9d"})
        await fake_discord.wait_followups(analysis, 1, timeout=30)
        process.send_signal(signal.SIGTERM)
        log = await exit_output(process, 10)
    assert process.returncode == 0, log
    for interaction in (houseway, analysis):
        assert interaction.token not in log
    assert fake_discord.token not in log
    # The DEBUG dumps were written, scrubbed: the absence above is not an empty log.
    assert "INTERACTION_CREATE" in log
    assert f"/interactions/{houseway.id}/[redacted]/callback" in log
    assert "/webhooks/" in log and "/[redacted]" in log


def test_an_unexpected_error_is_logged_scrubbed_not_printed(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    root_logger: logging.Logger,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A crash's traceback goes through the log (scrubbed), not Python's own printout."""
    import bot.__main__ as process

    async def crash(*args: object) -> int:
        raise RuntimeError(f"the gateway said: bad token {BOT_TOKEN}")

    stop_handlers = {signum: signal.getsignal(signum) for signum in process.STOP_SIGNALS}
    monkeypatch.chdir(tmp_path)
    for name in [name for name in os.environ if name.startswith(("DISCORD_", "DATABASE_"))]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", BOT_TOKEN)
    monkeypatch.setattr(process, "run", crash)
    try:
        status = process.main([])
    finally:
        for signum, handler in stop_handlers.items():
            signal.signal(signum, handler)
    output = capsys.readouterr()
    assert status == 1
    assert "stopped by an unexpected error" in output.err and "Traceback" in output.err
    assert "bad token [redacted]" in output.err
    assert BOT_TOKEN not in output.err + output.out


def _one_line_settings_error(tmp_path: Path, database_url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(DISCORD_TOKEN=BOT_TOKEN, DATABASE_URL=database_url, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


#: (DATABASE_URL, its password, what the one line must say)
MALFORMED_URLS = [
    ("postgresql://houseway:Xyzzy7#Plugh9@127.0.0.1/houseway", "Xyzzy7#Plugh9", "%23"),
    ("postgresql://houseway:Xyzzy7/Plugh9@127.0.0.1/houseway", "Xyzzy7/Plugh9", "%2F"),
    ("postgresql://houseway:Xyzzy7?Plugh9@127.0.0.1/houseway", "Xyzzy7?Plugh9", "%3F"),
    ("postgresql://houseway:Xyzzy7@Plugh9@127.0.0.1/houseway", "Xyzzy7@Plugh9", "%40"),
    ("postgresql://houseway:Xyzzy7Plugh9@127.0.0.1:99999/houseway", "Xyzzy7Plugh9", "port"),
    ("postgresql://houseway:Xyzzy7Plugh9@127.0.0.1:abc/houseway", "Xyzzy7Plugh9", "port"),
    ("postgresql://houseway:Xyzzy7Plugh9@127.0.0.1/houseway?port=abc", "Xyzzy7Plugh9", "port"),
    ("postgresql://houseway:Xyzzy7Plugh9@::1:5432/houseway", "Xyzzy7Plugh9", "[::1]"),
    ("postgresql://houseway:Xyzzy7Plugh9@[::1/houseway", "Xyzzy7Plugh9", "bracket"),
    ("postgresql://houseway:Xyzzy7Plugh9@127.0.0.1/houseway?sslmode", "Xyzzy7Plugh9", "name=value"),
    ("mysql://houseway:Xyzzy7Plugh9@127.0.0.1/houseway", "Xyzzy7Plugh9", "postgresql://"),
    ("postgresql:Xyzzy7Plugh9@127.0.0.1/houseway", "Xyzzy7Plugh9", "postgresql://"),
]


@pytest.mark.parametrize(("url", "password", "says"), MALFORMED_URLS)
def test_malformed_database_url_is_a_one_line_settings_error(
    tmp_path: Path, url: str, password: str, says: str
) -> None:
    done = _one_line_settings_error(tmp_path, url)
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    lines = done.stderr.splitlines()
    assert len(lines) == 1, output
    assert lines[0].startswith("houseway-bot: DATABASE_URL ") and says in lines[0], lines[0]
    for part in re.split(r"[#/?@]", password):  # not even the part before a stray '#'
        assert part not in output
    assert done.stdout == ""


def test_unreachable_database_url_is_not_a_settings_error(tmp_path: Path) -> None:
    """Well formed but nobody listens: a logged failure, exit 1, so that systemd retries."""
    done = _one_line_settings_error(
        tmp_path, "postgresql://houseway:Xyzzy7Plugh9@127.0.0.1:1/houseway"
    )
    assert done.returncode == 1, done.stderr
    assert "cannot open the database" in done.stderr
    assert "Traceback" not in done.stderr and "Xyzzy7Plugh9" not in done.stderr


WELL_FORMED_URLS = [
    "sqlite:///data/houseway.sqlite3",
    "sqlite:////var/lib/houseway/houseway.sqlite3",
    "sqlite:///:memory:",
    "postgresql://houseway:Xyzzy7%23Plugh9%40x%2Fy%3Fz@db.example:5432/houseway",
    "postgres://db.example/houseway",
    "postgresql:///houseway?host=/var/run/postgresql",
    "postgresql://houseway@%2Fvar%2Frun%2Fpostgresql/houseway",
    "postgresql://houseway:Xyzzy7Plugh9@[::1]:5432/houseway",
    "postgresql://houseway:Xyzzy7Plugh9@[2001:db8::1]/houseway?sslmode=require",
    "postgresql://houseway:Xyzzy7Plugh9@db1:5432,db2:5433/houseway?target_session_attrs=primary",
    "postgresql://postgres@127.0.0.1:5432/test?search_path=hw_test_0123",
]


@pytest.mark.parametrize("url", WELL_FORMED_URLS)
def test_well_formed_database_urls_are_taken_as_they_are(url: str) -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": BOT_TOKEN, "DATABASE_URL": url}, None)
    assert settings.database_url == url
    assert "Xyzzy7" not in repr(settings)


@pytest.mark.parametrize(("url", "password", "says"), MALFORMED_URLS)
def test_settings_error_names_the_problem_not_the_password(
    url: str, password: str, says: str
) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({"DISCORD_TOKEN": BOT_TOKEN, "DATABASE_URL": url}, None)
    message = str(raised.value)
    assert message.startswith("DATABASE_URL ") and says in message
    assert not any(part in message for part in re.split(r"[#/?@]", password))
