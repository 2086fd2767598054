"""The catalogue is complete: every message in both languages with the same placeholders,
and every command text the bot registers has its Swedish (a changed English description
would otherwise lose its Swedish without a word). A message that shows a count has the
plural forms each language's CLDR rules need, and no plain message puts a count before a
noun that would need them."""

from __future__ import annotations

import importlib
import pkgutil
import re
from string import Formatter
from typing import Any

import pytest
from babel import Locale as CldrLocale
from discord import Locale, app_commands

from bot.app.client import HousewayBot
from bot.texts import i18n
from bot.texts.i18n import COMMAND_TEXTS_SV, MESSAGES, PLURALS, merged
from houseway.language import Lang


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_is_in_swedish_and_english_with_the_same_placeholders(key: str) -> None:
    entry = MESSAGES[key]
    assert set(entry) == {Lang.SV, Lang.EN}
    assert placeholders(entry[Lang.SV]) == placeholders(entry[Lang.EN])


#: Each language's CLDR plural categories, from Babel's data rather than the code's.
CLDR_FORMS = {
    Lang.SV: set(CldrLocale.parse("sv").plural_form.tags) | {"other"},
    Lang.EN: set(CldrLocale.parse("en").plural_form.tags) | {"other"},
}


@pytest.mark.parametrize("key", sorted(PLURALS))
def test_every_plural_message_has_the_forms_each_languages_rules_need(key: str) -> None:
    """Swedish and English both need "one" and "other"; every "other" form fills the same
    values and shows the count; "one" may say less ("En runda", "Handen kan bara läggas på
    ett sätt") but never needs a value the others lack."""
    assert CLDR_FORMS[Lang.SV] == CLDR_FORMS[Lang.EN] == {"one", "other"}
    entry = PLURALS[key]
    assert set(entry) == {Lang.SV, Lang.EN}
    values = placeholders(entry[Lang.EN]["other"]) - {"count"}
    for lang, forms in entry.items():
        assert set(forms) == CLDR_FORMS[lang], lang
        assert placeholders(forms["other"]) == values | {"count"}, lang
        assert placeholders(forms["one"]) - {"count"} <= values, lang


#: A count before a noun whose form depends on it ("1 dagar"): such messages are plural.
COUNTED_NOUN = re.compile(
    r"\{[\w\[\] ]+\} (?:\w+ )?(händer|hand|hands?|dagar|dag|days?|rundor|rounds?|poäng|points?"
    r"|pts|gånger|times|sekunder|seconds?|analyser|analyses|kort|cards?|rader|rows?|tecken"
    r"|characters?|medlemmar|members?|givar)\b"
)
#: Counts that are constants of the code, never one: 200 characters, 100 points, all
#: 53,524,680 dealer hands, all 154,143,080 player hands.
CONSTANT_COUNTS = {
    "error.too_long",
    "quiz.help.body",
    "analyze.footer",
    "rules.player.won_back.exact",
}


def test_no_plain_message_shows_a_count_before_a_noun() -> None:
    counted = {
        key
        for key, entry in MESSAGES.items()
        if any(COUNTED_NOUN.search(template) for template in entry.values())
    }
    assert counted == CONSTANT_COUNTS


def test_the_catalogue_is_every_feature_table_and_a_key_is_defined_once() -> None:
    """The tables by feature merge into MESSAGES whole; a key in two tables is refused
    (one would silently hide the other)."""
    # Found on disk, not from what the package imports: a new table left out of the merge
    # must fail here.
    modules = [
        importlib.import_module(f"bot.texts.i18n.{module.name}")
        for module in pkgutil.iter_modules(i18n.__path__)
        if module.name.startswith("messages_")
    ]
    tables = [module.MESSAGES for module in modules]
    assert len(tables) >= 5
    assert sum(len(table) for table in tables) == len(MESSAGES)
    assert all(MESSAGES[key] is entry for table in tables for key, entry in table.items())
    plurals = [getattr(module, "PLURALS", {}) for module in modules]
    assert sum(len(table) for table in plurals) == len(PLURALS)
    assert all(PLURALS[key] is entry for table in plurals for key, entry in table.items())
    assert not MESSAGES.keys() & PLURALS.keys()
    one = {"x.a": {Lang.SV: "a", Lang.EN: "a"}}
    with pytest.raises(ValueError, match=r"defined twice: x\.a$"):
        merged(one, {"x.b": {Lang.SV: "b", Lang.EN: "b"}}, dict(one))


def localised(payload: Any, found: list[tuple[str, str, str | None]]) -> None:
    """(kind, English text, its Swedish) for every name and description in a command
    payload: commands, subcommands, options and choices alike."""
    if isinstance(payload, list):
        for item in payload:
            localised(item, found)
        return
    if not isinstance(payload, dict):
        return
    for kind in ("name", "description"):
        if isinstance(payload.get(kind), str):
            swedish = (payload.get(f"{kind}_localizations") or {}).get(Locale.swedish.value)
            found.append((kind, payload[kind], swedish))
    for nested in ("options", "choices"):
        localised(payload.get(nested), found)


async def test_every_command_text_the_bot_registers_has_its_swedish(
    houseway_bot: HousewayBot,
) -> None:
    """Read from the synced payload of the real command tree, through the real translator."""
    found: list[tuple[str, str, str | None]] = []
    localised(await houseway_bot.command_payload(), found)
    commands = {command.name for command in houseway_bot.tree.get_commands()}
    assert commands and commands <= {english for _, english, _ in found}
    assert [(kind, english) for kind, english, swedish in found if not swedish] == []
    assert all(swedish == COMMAND_TEXTS_SV[english] for _, english, swedish in found)
    # and no Swedish is kept for a text the bot no longer has
    assert set(COMMAND_TEXTS_SV) - {english for _, english, _ in found} == set()


MENTION = re.compile(r"cmd\[(.+)\]")


def named_commands(template: str) -> set[str]:
    """The commands a message names as mentions: ``{cmd[quiz start]}``."""
    return {m[1] for field in placeholders(template) if (m := MENTION.fullmatch(field))}


async def test_every_command_says_what_it_does_and_messages_name_only_real_commands(
    houseway_bot: HousewayBot,
) -> None:
    """/help lists a command by the message key in its extras; a message that names a
    command does so as a mention of one the bot registers (never a plain "/name" that a
    Swedish client does not show)."""
    leaves = [
        command
        for command in houseway_bot.tree.walk_commands()
        if isinstance(command, app_commands.Command)
    ]
    missing = [c.qualified_name for c in leaves if c.extras.get("help") not in MESSAGES]
    assert missing == []
    registered = {command.qualified_name for command in leaves}
    named = {name for entry in MESSAGES.values() for name in named_commands(entry[Lang.EN])}
    assert named and named <= registered
    roots = "|".join(sorted({name.split()[0] for name in registered}))
    plain_name = re.compile(rf"(?<![<\w])/({roots})\b")
    plain = [key for key, entry in MESSAGES.items() if plain_name.search(" ".join(entry.values()))]
    assert plain == []
