"""/table config's checks and its answer: the server's table settings, one a line."""

from __future__ import annotations

from typing import Final

from houseway.bonus import PAY_TABLES
from houseway.language import Lang

from ...app.interactions import Refusal
from ...storage import game as game_store
from ...texts.embeds import number
from ...texts.i18n import plural_text, text
from .views import chips

#: A table's bet when /table open names none, within the server's stakes.
DEFAULT_BET: Final = 10
COUNTDOWN: Final = (15, 300)
MIN_HANDS: Final = (1, 1000)
#: The bonus's largest bet: 0 offers no bonus.
BONUS: Final = (0, game_store.MAX_STAKE)


def within(value: int | None, bounds: tuple[int, int], option: str, lang: Lang) -> None:
    """Discord enforces an option's range, but a client or a proxy need not: check again."""
    low, high = bounds
    if value is not None and not low <= value <= high:
        name = text(f"table.option.{option}", lang)
        raise Refusal(
            "table.config.bad_number",
            outcome="bad_input",
            name=name,
            low=low,
            high=high,
            value=value,
        )


def default_bet(settings: game_store.GameSettings) -> int:
    return min(max(DEFAULT_BET, settings.min_bet), settings.max_bet)


def compare(
    before: game_store.GameSettings, after: game_store.GameSettings
) -> list[tuple[str, object, object]]:
    """Each setting's name (as config_text shows it) with its old and new value."""
    return [
        ("table.config.channels", set(before.channels), set(after.channels)),
        ("table.config.countdown", before.countdown_seconds, after.countdown_seconds),
        ("table.config.stakes", (before.min_bet, before.max_bet), (after.min_bet, after.max_bet)),
        ("table.config.foul", before.foul_rule, after.foul_rule),
        ("table.config.min_hands", before.min_hands, after.min_hands),
        (
            "table.config.bonus",
            (before.bonus_table, before.bonus_min, before.bonus_max),
            (after.bonus_table, after.bonus_min, after.bonus_max),
        ),
    ]


def bonus_setting(settings: game_store.GameSettings, lang: Lang) -> str:
    """The bonus as configured: "Fortune Pai Gow, 1–100 marker", or none offered."""
    if not settings.bonus_offered:
        return text("table.config.bonus.off", lang)
    return text(
        "table.config.bonus.on",
        lang,
        title=PAY_TABLES[settings.bonus_table].title,
        low=number(settings.bonus_min, lang),
        high=chips(settings.bonus_max, lang),
    )


def config_text(settings: game_store.GameSettings, lang: Lang, changed: list[str]) -> str:
    """The settings, one a line; what this use changed said first."""
    channels = (
        ", ".join(f"<#{c}>" for c in settings.channels)
        if settings.channels
        else text("table.config.any_channel", lang)
    )
    lines = [
        f"**{text('table.config.title', lang)}**",
        f"{text('table.config.channels', lang)}: {channels}",
        f"{text('table.config.countdown', lang)}: "
        + plural_text("count.seconds", lang, settings.countdown_seconds),
        f"{text('table.config.stakes', lang)}: {number(settings.min_bet, lang)}–"
        + chips(settings.max_bet, lang),
        f"{text('table.config.foul', lang)}: "
        + text(f"table.config.foul.{settings.foul_rule}", lang),
        f"{text('table.config.min_hands', lang)}: "
        + plural_text("table.count.hands", lang, settings.min_hands),
        f"{text('table.config.bonus', lang)}: " + bonus_setting(settings, lang),
    ]
    if changed:
        names = ", ".join(text(key, lang).lower() for key in changed)
        lines.append(text("table.config.changed", lang, names=names))
    else:
        lines.append(text("table.config.unchanged", lang))
    return "\n".join(lines)
