"""Discord's documented limits that its OpenAPI description does not express.

The description (``openapi/``) checks each field's own length and type; what it cannot
say is a sum across fields (an embed's 6,000 characters, a command's 4,000), a rule between
fields (a select alone in its row, no ``content`` with components v2, unique custom ids),
a limit tighter than the description's (a bot's ``content`` is 2,000 characters where the
description allows 4,000), or a pattern it leaves out (a command's name). Each check
raises Discord's 400 ``Invalid Form Body`` (50035) naming the field. The figures are the
developer documentation's (Messages, Embeds, Components, Application Commands).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence, Set
from typing import Any, Final

from .models import COMPONENTS_V2
from .wire import HTTPError, bad_length, bad_name, invalid_form, too_long

# ---------------------------------------------------------------------------- messages

MAX_CONTENT: Final = 2000
MAX_EMBEDS: Final = 10
MAX_EMBED_TOTAL: Final = 6000
#: An embed's texts: (where, limit); all of them count towards its 6,000 characters.
EMBED_TEXTS: Final = (
    ("title", 256),
    ("description", 4096),
    ("footer.text", 2048),
    ("author.name", 256),
)
MAX_FIELDS: Final = 25
MAX_FIELD_NAME: Final = 256
MAX_FIELD_VALUE: Final = 1024
MAX_ACTION_ROWS: Final = 5
MAX_ROW_BUTTONS: Final = 5
MAX_CUSTOM_ID: Final = 100
MAX_BUTTON_LABEL: Final = 80
MAX_SELECT_OPTIONS: Final = 25
MAX_OPTION_TEXT: Final = 100  # a select option's label, value and description
MAX_PLACEHOLDER: Final = 150
SELECTS: Final = frozenset({3, 5, 6, 7, 8})
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = (
    1,
    2,
    9,
    10,
    11,
    12,
    13,
    14,
)
CONTAINER: Final = 17
LINK_BUTTON: Final = 5  # a button's style that carries a url, not a custom id
#: Components v2 (IS_COMPONENTS_V2), as discord-openapi.json's *ForMessageRequest schemas
#: give them: what may stand at the top, inside a container, and the limits Discord adds.
_V2_TOP: Final = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
_IN_CONTAINER: Final = _V2_TOP - {CONTAINER}
#: Every component of a message, nested ones and accessories counted.
MAX_V2_COMPONENTS: Final = 40
#: All text displays' content of a message together.
MAX_V2_TEXT: Final = 4000


def _text(embed: Mapping[str, Any], where: str) -> str:
    node: Any = embed
    for part in where.split("."):
        node = (node or {}).get(part) if isinstance(node, Mapping) else None
    return node if isinstance(node, str) else ""


def embed_characters(embeds: Sequence[Mapping[str, Any]]) -> int:
    """The characters of ``embeds`` as Discord counts them towards its 6,000: titles,
    descriptions, field names and values, footers' texts and authors' names."""
    return sum(
        sum(len(_text(embed, where)) for where, _limit in EMBED_TEXTS)
        + sum(
            len(f.get("name") or "") + len(f.get("value") or "") for f in embed.get("fields") or []
        )
        for embed in embeds
    )


def check_embeds(embeds: Sequence[Mapping[str, Any]], prefix: str = "") -> None:
    """At most 10 embeds; each text within its limit; 6,000 characters across them all."""
    if len(embeds) > MAX_EMBEDS:
        raise too_long(f"{prefix}embeds", MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        here = f"{prefix}embeds.{i}"
        for where, limit in EMBED_TEXTS:
            text = _text(embed, where)
            if len(text) > limit:
                raise too_long(f"{here}.{where}", limit)
            total += len(text)
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            raise too_long(f"{here}.fields", MAX_FIELDS)
        for j, fld in enumerate(fields):
            for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                text = fld.get(key) or ""
                if not 1 <= len(text) <= limit:
                    raise bad_length(f"{here}.fields.{j}.{key}", 1, limit)
                total += len(text)
    if total > MAX_EMBED_TOTAL:
        raise invalid_form(
            f"{prefix}embeds",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL} ({total} characters)",
            "MAX_EMBED_SIZE_EXCEEDED",
        )


def _each_component(components: Sequence[Any], where: str) -> Iterator[tuple[str, Any]]:
    """Every component at any depth, with where it is (rows, containers, sections)."""
    for i, comp in enumerate(components):
        here = f"{where}.{i}"
        yield here, comp
        if not isinstance(comp, Mapping):
            continue
        yield from _each_component(comp.get("components") or [], f"{here}.components")
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), Mapping):
                yield from _each_component([comp[key]], f"{here}.{key}")


def _check_interactive(comp: Mapping[str, Any], here: str) -> None:
    ctype = comp.get("type")
    custom_id = comp.get("custom_id")
    if isinstance(custom_id, str) and not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
        raise bad_length(f"{here}.custom_id", 1, MAX_CUSTOM_ID)
    if ctype == BUTTON and len(comp.get("label") or "") > MAX_BUTTON_LABEL:
        raise too_long(f"{here}.label", MAX_BUTTON_LABEL)
    if ctype in SELECTS:
        if len(comp.get("placeholder") or "") > MAX_PLACEHOLDER:
            raise too_long(f"{here}.placeholder", MAX_PLACEHOLDER)
        options = comp.get("options") or []
        if len(options) > MAX_SELECT_OPTIONS:
            raise too_long(f"{here}.options", MAX_SELECT_OPTIONS)
        for j, option in enumerate(options):
            for key in ("label", "value"):
                if not 1 <= len(option.get(key) or "") <= MAX_OPTION_TEXT:
                    raise bad_length(f"{here}.options.{j}.{key}", 1, MAX_OPTION_TEXT)
            if len(option.get("description") or "") > MAX_OPTION_TEXT:
                raise too_long(f"{here}.options.{j}.description", MAX_OPTION_TEXT)


def _check_v2(components: Sequence[Any], attachments: Set[str], prefix: str) -> None:
    """Discord's shape rules for a components v2 message (the parts the bot can get wrong):
    what may stand where, how many, 40 components and 4,000 characters of text in all."""
    counted = 0
    text_total = 0

    def fail(where: str, message: str) -> HTTPError:
        return invalid_form(f"{prefix}components{where}", message, "BASE_TYPE_BAD_COMPONENT")

    def walk(comp: Mapping[str, Any], where: str, allowed: frozenset[int]) -> None:
        nonlocal counted, text_total
        counted += 1
        kind = comp.get("type")
        if kind not in allowed:
            raise fail(where, f"component type {kind} is not allowed here")
        children = comp.get("components") or []
        if kind == CONTAINER:
            if not 1 <= len(children) <= 40:
                raise bad_length(f"{prefix}components{where}.components", 1, 40)
            for i, child in enumerate(children):
                walk(child, f"{where}.components.{i}", _IN_CONTAINER)
        elif kind == SECTION:
            if not 1 <= len(children) <= 3:
                raise bad_length(f"{prefix}components{where}.components", 1, 3)
            for i, child in enumerate(children):
                walk(child, f"{where}.components.{i}", frozenset({TEXT_DISPLAY}))
            accessory = comp.get("accessory")
            if not isinstance(accessory, Mapping):
                raise fail(where, "a section needs an accessory")
            walk(accessory, f"{where}.accessory", frozenset({BUTTON, THUMBNAIL}))
        elif kind == ACTION_ROW:
            if not 1 <= len(children) <= 5:
                raise bad_length(f"{prefix}components{where}.components", 1, 5)
            selects = [c for c in children if c.get("type") in SELECTS]
            if selects and len(children) > 1:
                raise fail(where, "a select menu fills its action row alone")
            for i, child in enumerate(children):
                walk(child, f"{where}.components.{i}", frozenset({BUTTON}) | SELECTS)
        elif kind == TEXT_DISPLAY:
            content = comp.get("content")
            if not isinstance(content, str) or not 1 <= len(content) <= MAX_V2_TEXT:
                raise bad_length(f"{prefix}components{where}.content", 1, MAX_V2_TEXT)
            text_total += len(content)
        elif kind == MEDIA_GALLERY:
            items = comp.get("items") or []
            if not 1 <= len(items) <= 10:
                raise bad_length(f"{prefix}components{where}.items", 1, 10)
            for i, item in enumerate(items):
                url = (item.get("media") or {}).get("url")
                description = item.get("description")
                if description is not None and not 1 <= len(description) <= 1024:
                    raise bad_length(f"{prefix}components{where}.items.{i}.description", 1, 1024)
                if not isinstance(url, str) or not url:
                    raise fail(f"{where}.items.{i}", "media.url is required")
                if url.startswith("attachment://") and url[13:] not in attachments:
                    raise fail(f"{where}.items.{i}", f"no attachment named {url[13:]}")
        elif kind in (BUTTON, *SELECTS) and not _has_custom_id(comp):
            raise fail(where, "custom_id must be 1 to 100 characters")

    for i, comp in enumerate(components):
        walk(comp, f".{i}", _V2_TOP)
    if counted > MAX_V2_COMPONENTS:
        raise invalid_form(
            f"{prefix}components",
            f"Must be {MAX_V2_COMPONENTS} or fewer components in total ({counted})",
            "BASE_TYPE_MAX_LENGTH",
        )
    if text_total > MAX_V2_TEXT:
        raise invalid_form(
            f"{prefix}components",
            f"Text displays must be {MAX_V2_TEXT} or fewer characters in total ({text_total})",
            "BASE_TYPE_MAX_LENGTH",
        )


def _has_custom_id(comp: Mapping[str, Any]) -> bool:
    """A button or select carries a custom id, but for a link button (a url instead)."""
    link = comp.get("type") == BUTTON and comp.get("style") == LINK_BUTTON
    return link or isinstance(comp.get("custom_id"), str)


def _check_rows(components: Sequence[Any], where: str) -> None:
    """Without components v2: at most 5 action rows and nothing else at the top, at most 5
    buttons in a row, a select alone in its row."""
    if len(components) > MAX_ACTION_ROWS:
        raise too_long(where, MAX_ACTION_ROWS)
    for i, row in enumerate(components):
        here = f"{where}.{i}"
        if row.get("type") != ACTION_ROW:
            raise invalid_form(
                f"{here}.type",
                "Only action rows may be top-level components without IS_COMPONENTS_V2",
                "COMPONENT_LAYOUT_REQUIRES_COMPONENTS_V2",
            )
        inside = row.get("components") or []
        if any(c.get("type") in SELECTS for c in inside) and len(inside) > 1:
            raise invalid_form(
                f"{here}.components",
                "A select menu must be alone in its action row",
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            )
        if len(inside) > MAX_ROW_BUTTONS:
            raise too_long(f"{here}.components", MAX_ROW_BUTTONS)


def check_components(
    components: Sequence[Any], flags: int, attachments: Set[str] = frozenset(), prefix: str = ""
) -> None:
    """Rows and their contents (classic), or the components v2 shape and totals; each
    interactive component's texts; custom ids unique across the message."""
    where = f"{prefix}components"
    if flags & COMPONENTS_V2:
        _check_v2(components, attachments, prefix)
    else:
        _check_rows(components, where)
    seen: set[str] = set()
    for here, comp in _each_component(components, where):
        if not isinstance(comp, Mapping):
            continue
        _check_interactive(comp, here)
        custom_id = comp.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                raise invalid_form(
                    f"{here}.custom_id",
                    "Component custom id cannot be duplicated",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            seen.add(custom_id)


def check_message(
    content: str,
    embeds: Sequence[Mapping[str, Any]],
    components: Sequence[Any],
    flags: int,
    attachments: Set[str] = frozenset(),
    *,
    prefix: str = "",
) -> None:
    """A message as it would stand (a new one, or an old one with an edit applied), with
    the file names of its attachments (a media gallery's ``attachment://`` must name one)."""
    if len(content) > MAX_CONTENT:
        raise too_long(f"{prefix}content", MAX_CONTENT)
    if flags & COMPONENTS_V2 and (content or embeds):
        raise invalid_form(
            f"{prefix}components",
            "content and embeds cannot be used with IS_COMPONENTS_V2",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        )
    check_embeds(embeds, prefix)
    check_components(components, flags, attachments, prefix)


# ---------------------------------------------------------------------------- commands

CHAT_INPUT: Final = 1
MAX_NAME: Final = 32
MAX_DESCRIPTION: Final = 100
MAX_OPTIONS: Final = 25
MAX_CHOICES: Final = 25
MAX_CHOICE_NAME: Final = 100
MAX_CHOICE_VALUE: Final = 100
MAX_COMMAND_TOTAL: Final = 4000
SUBCOMMANDS: Final = frozenset({1, 2})
#: Devanagari and Thai, which Discord's name pattern allows whole (their vowel signs are
#: marks, neither letters nor numbers): (first, last) code points of their blocks.
_SCRIPTS: Final = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


def _name_char(char: str) -> bool:
    """``[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]``, Discord's documented pattern (the
    apostrophe is in today's documentation)."""
    if char in "-_'" or unicodedata.category(char)[0] in "LN":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in _SCRIPTS)


def valid_name(name: Any) -> bool:
    """A slash command's or option's name: 1-32 characters of the pattern, lowercase."""
    return (
        isinstance(name, str)
        and 1 <= len(name) <= MAX_NAME
        and all(_name_char(c) for c in name)
        and name.lower() == name
    )


def _check_texts(item: Mapping[str, Any], where: str) -> None:
    """A name and description and their translations (the same rules in every locale)."""
    for field, name in _translated(item, "name", where):
        if not valid_name(name):
            raise bad_name(field)
    for field, text in _translated(item, "description", where):
        if not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
            raise bad_length(field, 1, MAX_DESCRIPTION)


def _translated(item: Mapping[str, Any], key: str, where: str) -> Iterator[tuple[str, Any]]:
    """A text and each of its translations, with the field each is in."""
    yield f"{where}.{key}", item.get(key)
    for locale, text in (item.get(f"{key}_localizations") or {}).items():
        yield f"{where}.{key}_localizations.{locale}", text


def _longest(item: Mapping[str, Any], key: str) -> int:
    """Discord counts a text and its translations as the longest of them."""
    texts = [item.get(key), *(item.get(f"{key}_localizations") or {}).values()]
    return max((len(t) for t in texts if isinstance(t, str)), default=0)


def _check_choices(choices: Sequence[Mapping[str, Any]], where: str) -> int:
    if len(choices) > MAX_CHOICES:
        raise too_long(where, MAX_CHOICES)
    size = 0
    for i, choice in enumerate(choices):
        names = [choice.get("name"), *(choice.get("name_localizations") or {}).values()]
        if not all(isinstance(n, str) and 1 <= len(n) <= MAX_CHOICE_NAME for n in names):
            raise bad_length(f"{where}.{i}.name", 1, MAX_CHOICE_NAME)
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            raise too_long(f"{where}.{i}.value", MAX_CHOICE_VALUE)
        size += _longest(choice, "name") + (len(value) if isinstance(value, str) else 0)
    return size


def _check_options(options: Any, where: str, depth: int = 0) -> int:
    """The options' rules; returns their characters towards the command's 4,000."""
    if not isinstance(options, list):
        raise invalid_form(where, "must be a list")
    if len(options) > MAX_OPTIONS:
        raise too_long(where, MAX_OPTIONS)
    size = 0
    seen_optional = False
    names: set[str] = set()
    for i, opt in enumerate(options):
        here = f"{where}.{i}"
        _check_texts(opt, here)
        if opt["name"] in names:
            raise invalid_form(
                f"{here}.name",
                "Option names must be unique",
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
            )
        names.add(opt["name"])
        size += _longest(opt, "name") + _longest(opt, "description")
        size += _check_choices(opt.get("choices") or [], f"{here}.choices")
        if opt.get("type") in SUBCOMMANDS:
            if depth >= 2:
                raise invalid_form(f"{here}.type", "Subcommands nested too deeply")
            size += _check_options(opt.get("options") or [], f"{here}.options", depth + 1)
        elif opt.get("required"):
            if seen_optional:
                raise invalid_form(
                    here,
                    "Required options must be placed before non-required options",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                )
        else:
            seen_optional = True
    return size


def check_command(command: Mapping[str, Any], where: str) -> None:
    """A slash command's names, descriptions, options and choices, and its 4,000 characters
    (names, descriptions, choice names and values; a translated text as its longest); a
    user or message command's name: 1-32 characters, any case, spaces allowed."""
    if command.get("type", CHAT_INPUT) != CHAT_INPUT:
        name = command.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise bad_name(f"{where}.name")
        return
    _check_texts(command, where)
    size = _longest(command, "name") + _longest(command, "description")
    size += _check_options(command.get("options") or [], f"{where}.options")
    if size > MAX_COMMAND_TOTAL:
        raise invalid_form(
            where,
            f"Command exceeds maximum size ({MAX_COMMAND_TOTAL}): {size} characters",
            "APPLICATION_COMMAND_TOO_LARGE",
        )


__all__ = [
    "check_command",
    "check_components",
    "check_embeds",
    "check_message",
    "embed_characters",
    "valid_name",
]
