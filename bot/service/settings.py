"""Typed settings read once from the environment and an optional ``.env`` file.

One object, so every setting has one name, one default and one place that
documents it (mirrored in ``.env.example``).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import SplitResult, parse_qs, urlsplit

from dotenv import dotenv_values

from .timing import PracticeTiming, QuizTiming, TableTiming

DEFAULT_DATABASE_URL = "sqlite:///data/houseway.sqlite3"
#: A process's PostgreSQL connections: a round's writes wait for one (deploy/README.md).
DEFAULT_POOL_SIZE = 10
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres")
#: How a character that ends the user name and password early is written inside them.
PERCENT_ENCODED = {"#": "%23", "/": "%2F", "?": "%3F", "@": "%40"}
BRACKETS_EXAMPLE = "; write an IPv6 host as [::1], or [::1]:5432 with a port"


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and what is expected."""


@dataclass(frozen=True)
class Settings:
    discord_token: str = field(repr=False)
    database_url: str = field(default=DEFAULT_DATABASE_URL, repr=False)  # may hold a password
    api_url: str | None = None
    gateway_url: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = True
    log_format: str = "text"
    http_host: str | None = None
    http_port: int | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: PostgreSQL connections this process may hold at once (DATABASE_POOL_SIZE).
    database_pool_size: int = DEFAULT_POOL_SIZE
    #: Where the bot's source is, for /about (None: not given).
    source_url: str | None = None
    #: Local files that must survive a crash (the quiz's answer journal).
    data_dir: Path = Path("data")
    #: Where the card pictures, once drawn, are kept for the next start (None: drawn at
    #: every start); from the environment, DATA_DIR/cache unless CACHE_DIR says otherwise.
    cache_dir: Path | None = None
    #: Not from the environment: seconds before a PostgreSQL statement is given up (None:
    #: the backend's 10 s); tests that hold a statement pass a shorter one.
    database_command_timeout: float | None = None
    #: Not from the environment: tests pass quicker quizzes in.
    quiz_timing: QuizTiming = field(default_factory=QuizTiming)
    #: Not from the environment either: practice's waits, workers and Leitner gaps.
    practice_timing: PracticeTiming = field(default_factory=PracticeTiming)
    #: Not from the environment either: a table's countdown, pause and idle close.
    table_timing: TableTiming = field(default_factory=TableTiming)

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Settings from ``environ`` (default: the process environment) over ``env_file``."""
        values = _env_file_values(env_file)
        values.update(os.environ if environ is None else environ)

        def get(name: str) -> str | None:
            value = values.get(name, "").strip()
            return value or None

        token = get("DISCORD_TOKEN")
        if token is None:
            raise SettingsError(
                "DISCORD_TOKEN is not set: put the bot token in .env (see .env.example) "
                "or in the environment."
            )
        level = (get("LOG_LEVEL") or "INFO").upper()
        if level not in LOG_LEVELS:
            raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        log_format = (get("LOG_FORMAT") or "text").lower()
        if log_format not in ("text", "json"):
            raise SettingsError(f"LOG_FORMAT must be text or json, not {log_format!r}.")
        http_port = _int_or_none("HTTP_PORT", get("HTTP_PORT"))
        if http_port is not None and not 0 < http_port < 65536:
            raise SettingsError(f"HTTP_PORT must be a port number (1-65535), not {http_port}.")
        shard_count = _shard_count(get("SHARD_COUNT"))
        shard_ids = _shard_ids(get("SHARD_IDS"), shard_count)
        data_dir = Path(get("DATA_DIR") or "data")
        return cls(
            discord_token=token,
            log_format=log_format,
            http_host=get("HTTP_HOST") or ("127.0.0.1" if http_port is not None else None),
            http_port=http_port,
            shard_count=shard_count,
            shard_ids=shard_ids,
            database_url=_database_url(get("DATABASE_URL")),
            database_pool_size=_pool_size(get("DATABASE_POOL_SIZE")),
            api_url=get("DISCORD_API_URL"),
            gateway_url=get("DISCORD_GATEWAY_URL"),
            dev_guild_id=_int_or_none("DEV_GUILD_ID", get("DEV_GUILD_ID")),
            log_level=level,
            sync_commands=_bool("SYNC_COMMANDS", get("SYNC_COMMANDS"), default=True),
            data_dir=data_dir,
            cache_dir=Path(get("CACHE_DIR") or data_dir / "cache"),
            source_url=_source_url(get("SOURCE_URL")),
        )


def _env_file_values(env_file: Path | None) -> dict[str, str]:
    """The settings in ``env_file``; none when there is no such file.

    One that is there but cannot be read is a settings error, not a file read past: a
    directory (what a bind mount of a missing file makes), no permission, not UTF-8. The
    message never quotes the file's text: it holds the token.
    """
    if env_file is None:
        return {}
    try:
        data = env_file.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise SettingsError(
            f"{env_file} cannot be read ({error.strerror or type(error).__name__}): fix its "
            "permissions so that the bot's user may read it, make it a file, or remove it."
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SettingsError(
            f"{env_file} cannot be read (not UTF-8: byte {data[error.start]:#04x} on line "
            f"{line}): save it as UTF-8."
        ) from None
    parsed = dotenv_values(stream=io.StringIO(text))
    return {key: value for key, value in parsed.items() if value is not None}


def _database_url(value: str | None) -> str:
    """DATABASE_URL, checked before anything connects: a malformed one is a settings error.

    The message never quotes the URL, not even the part that looks like a port or a host:
    with an unencoded '#', '/', '?' or '@' in the password, that part is the password.
    """
    if value is None:
        return DEFAULT_DATABASE_URL
    problem = _database_url_problem(value)
    if problem is not None:
        raise SettingsError(
            f"DATABASE_URL {problem} (the URL is not shown: it may hold a password)."
        )
    return value


def _database_url_problem(url: str) -> str | None:
    """What is wrong with ``url``, read the way urllib.parse (and so asyncpg) reads it."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return f"has unbalanced brackets or brackets around a non-IPv6 host{BRACKETS_EXAMPLE}"
    has_authority = url[len(parts.scheme) :].startswith("://")
    if parts.scheme not in DATABASE_SCHEMES or not has_authority:
        # Before '://' is a scheme, never a password; without '://' it may not be.
        named = f", not {parts.scheme}://" if parts.scheme and has_authority else ""
        return f"must start with sqlite:/// (a file) or postgresql:// (a server){named}"
    if parts.scheme == "sqlite":
        return None  # the rest is a file path, taken as it is
    cut = _cut_short_by(url, parts)
    if cut is not None:
        code = PERCENT_ENCODED[cut]
        return f"has an unencoded {cut!r}: in a user name or password write it as {code}"
    hosts = parts.netloc.partition("@")[2] if "@" in parts.netloc else parts.netloc
    for host in hosts.split(",") if hosts else ():
        problem = _host_problem(host)
        if problem is not None:
            return problem
    try:
        query = parse_qs(parts.query, strict_parsing=True) if parts.query else {}
    except ValueError:
        return "has a query (after '?') that is not name=value pairs joined by '&'"
    ports = [port for value in query.get("port", []) for port in value.split(",")]
    if not all(port.isdecimal() and 0 < int(port) < 65536 for port in ports):
        return "has a port that is not a number from 1 to 65535"
    return None


def _cut_short_by(url: str, parts: SplitResult) -> str | None:
    """The character that ended the user name and password early, if one did.

    A '#' has no place in a database URL; an '@' after the host (or a second one before
    it) means the password held an '@', or a '/' or '?' that ended the host part early.
    """
    if "#" in url:
        return "#"
    if parts.netloc.count("@") > 1:
        return "@"
    if "@" in parts.path:
        return "/"
    if "@" in parts.query:
        return "@" if parts.path else "?"
    return None


def _host_problem(host: str) -> str | None:
    """What is wrong with one host[:port] of the URL's host list."""
    if not host:
        return "has an empty host in its list of hosts"
    if host.count(":") > 1 and not host.startswith("["):
        return f"has an IPv6 address without brackets{BRACKETS_EXAMPLE}"
    try:
        parts = urlsplit(f"//{host}")
    except ValueError:
        return f"has a host in brackets that is not an IPv6 address{BRACKETS_EXAMPLE}"
    try:
        port = parts.port
    except ValueError:
        port = 0
    return "has a port that is not a number from 1 to 65535" if port == 0 else None


def _shard_count(value: str | None) -> int | None:
    """SHARD_COUNT: the total number of shards; discord.py would fail late on 0 or less."""
    if value is None:
        return None
    if not value.isdecimal() or int(value) < 1:
        raise SettingsError(
            f"SHARD_COUNT must be a whole number of at least 1 (the total number of shards), "
            f"not {value!r}."
        )
    return int(value)


def _shard_ids(value: str | None, count: int | None) -> tuple[int, ...] | None:
    """SHARD_IDS as '0,1,2' (needs SHARD_COUNT; each id below it)."""
    if value is None:
        return None
    if count is None or count < 1:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards).")
    try:
        ids = tuple(int(part) for part in value.replace(" ", "").split(",") if part)
    except ValueError:
        message = f"SHARD_IDS must be numbers separated by commas, not {value!r}."
        raise SettingsError(message) from None
    if not ids or any(not 0 <= i < count for i in ids):
        raise SettingsError(f"SHARD_IDS must be between 0 and {count - 1}, got {value!r}.")
    if len(set(ids)) != len(ids):
        raise SettingsError(f"SHARD_IDS names a shard twice: {value!r}.")
    return ids


def _source_url(value: str | None) -> str | None:
    """SOURCE_URL, shown to members by /about: a web address, nothing else."""
    if value is None:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("https", "http") or not parts.netloc or any(c.isspace() for c in value):
        raise SettingsError(
            f"SOURCE_URL must be a web address starting with https:// or http://, not {value!r}."
        )
    return value


def _pool_size(value: str | None) -> int:
    """DATABASE_POOL_SIZE: 2 to 100 connections (PostgreSQL allows 100 in all by default;
    the migrations at start hold one for their lock while they work on another)."""
    size = _int_or_none("DATABASE_POOL_SIZE", value)
    if size is None:
        return DEFAULT_POOL_SIZE
    if not 2 <= size <= 100:
        raise SettingsError(
            f"DATABASE_POOL_SIZE must be 2 to 100 connections a process, not {size}."
        )
    return size


def _int_or_none(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    if not value.isdigit():
        raise SettingsError(f"{name} must be a whole number, not {value!r}.")
    return int(value)


def _bool(name: str, value: str | None, default: bool) -> bool:
    if value is None:
        return default
    lowered = value.lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name} must be true or false, not {value!r}.")
