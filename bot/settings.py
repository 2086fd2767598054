"""Typed settings read once from the environment and an optional ``.env`` file.

One object, so every setting has one name, one default and one place that
documents it (mirrored in ``.env.example``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DATABASE_URL = "sqlite:///data/houseway.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and what is expected."""


@dataclass(frozen=True)
class Settings:
    discord_token: str = field(repr=False)
    database_url: str = DEFAULT_DATABASE_URL
    api_url: str | None = None
    gateway_url: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = True

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Settings from ``environ`` (default: the process environment) over ``env_file``."""
        values: dict[str, str] = {}
        if env_file is not None and env_file.is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
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
        return cls(
            discord_token=token,
            database_url=get("DATABASE_URL") or DEFAULT_DATABASE_URL,
            api_url=get("DISCORD_API_URL"),
            gateway_url=get("DISCORD_GATEWAY_URL"),
            dev_guild_id=_int_or_none("DEV_GUILD_ID", get("DEV_GUILD_ID")),
            log_level=level,
            sync_commands=_bool("SYNC_COMMANDS", get("SYNC_COMMANDS"), default=True),
        )


def _int_or_none(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    if not value.isdigit():
        raise SettingsError(f"{name} must be a numeric Discord id, not {value!r}.")
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
