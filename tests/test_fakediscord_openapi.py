"""The stand-in refuses what Discord refuses: each request body against Discord's own OpenAPI
description (``tests/fakediscord/openapi/``) and against the documented limits it does not
express (``tests/fakediscord/limits.py``), answered with Discord's 400 and error body, and
kept in ``fake.refusals`` so that the fixtures fail the test. Every check is shown failing
here, on a body that passes but for the one thing changed.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from tests.fakediscord import CHANNEL_ID, GUILD_ID, FakeDiscord
from tests.fakediscord import openapi as described
from tests.fakediscord.harness import running_client
from tests.fakediscord.plugin import check_clean
from tests.fakediscord.wire import error_fields

BUTTON = {"type": 2, "style": 1, "custom_id": "next", "label": "Next hand"}
SELECT = {
    "type": 3,
    "custom_id": "pick",
    "placeholder": "Your split",
    "options": [
        {"label": f"Split {n}", "value": str(n), "description": "two low"} for n in range(5)
    ],
}
MESSAGE: dict[str, Any] = {
    "content": "Your hand",
    "embeds": [
        {
            "title": "Pai Gow",
            "description": "The house way",
            "color": 0x2E7D32,
            "fields": [{"name": "Low", "value": "A♠ K♥", "inline": True}],
            "footer": {"text": "houseway"},
        }
    ],
    "components": [
        {"type": 1, "components": [SELECT]},
        {"type": 1, "components": [BUTTON]},
    ],
    "allowed_mentions": {"parse": []},
}
COMMAND: dict[str, Any] = {
    "type": 1,
    "name": "deal",
    "description": "Deal a hand",
    "name_localizations": {"sv-SE": "giv"},
    "options": [
        {
            "type": 3,
            "name": "rule",
            "description": "Which rule",
            "choices": [{"name": "Two pairs", "value": "two-pairs"}],
        }
    ],
}


def changed(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``base`` with the dotted ``path`` set to ``value``."""
    out = copy.deepcopy(base)
    *parents, last = path.split(".")
    node: Any = out
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return out


@pytest_asyncio.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    auth = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(headers=auth) as session:
        yield session


async def post_message(
    fake: FakeDiscord, http: aiohttp.ClientSession, body: dict[str, Any]
) -> tuple[int, dict[str, Any]]:
    async with http.post(f"{fake.api_url}/channels/{CHANNEL_ID}/messages", json=body) as resp:
        return resp.status, await resp.json()


def refused_at(status: int, answer: dict[str, Any], field: str, code: str) -> None:
    """Discord's 400 Invalid Form Body, naming ``field`` with the error ``code``."""
    assert status == 400, answer
    assert answer["code"] == 50035 and answer["message"] == "Invalid Form Body"
    assert error_fields(answer["errors"]) == [field]
    node = answer["errors"]
    for part in field.split("."):
        node = node[part]
    assert [e["code"] for e in node["_errors"]] == [code]


async def test_a_good_message_passes_and_nothing_is_refused(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    status, answer = await post_message(fake_discord, http, MESSAGE)
    assert status == 200 and answer["content"] == "Your hand"
    assert fake_discord.refusals == []


#: A message changed at one place (path, value), and where and how Discord refuses it.
REFUSED_MESSAGES: list[tuple[str, Any, str, str]] = [
    # the description: a required field, a type, lengths and counts
    (
        "components.1.components.0",
        {"type": 2, "custom_id": "x"},
        "components.1.components.0.style",
        "BASE_TYPE_REQUIRED",
    ),
    ("embeds.0.color", "green", "embeds.0.color", "BASE_TYPE_BAD_TYPE"),
    ("embeds.0.title", "T" * 257, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"),
    (
        "embeds.0.fields",
        [{"name": "n", "value": "v"}] * 26,
        "embeds.0.fields",
        "BASE_TYPE_MAX_LENGTH",
    ),
    ("embeds.0.fields.0.value", "v" * 1025, "embeds.0.fields.0.value", "BASE_TYPE_MAX_LENGTH"),
    ("embeds.0.footer", {"text": "f" * 2049}, "embeds.0.footer.text", "BASE_TYPE_MAX_LENGTH"),
    (
        "components.1.components.0.custom_id",
        "c" * 101,
        "components.1.components.0.custom_id",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "components.1.components.0.label",
        "L" * 81,
        "components.1.components.0.label",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "components.0.components.0.placeholder",
        "p" * 151,
        "components.0.components.0.placeholder",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "components.0.components.0.options",
        [{"label": str(n), "value": str(n)} for n in range(26)],
        "components.0.components.0.options",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "components.0.components.0.options.0.description",
        "d" * 101,
        "components.0.components.0.options.0.description",
        "BASE_TYPE_MAX_LENGTH",
    ),
    ("components.1.type", 99, "components.1.type", "BASE_TYPE_CHOICES"),
    ("embeds", [{"title": "t"}] * 11, "embeds", "BASE_TYPE_MAX_LENGTH"),
    # the documented limits the description does not express
    ("content", "c" * 2001, "content", "BASE_TYPE_MAX_LENGTH"),  # it allows 4,000
    (
        "components",
        [{"type": 1, "components": [dict(BUTTON, custom_id=str(n))]} for n in range(6)],
        "components",
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "components.0.components",
        [SELECT, BUTTON],
        "components.0.components",
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    (
        "components.0",
        {"type": 1, "components": [BUTTON]},
        "components.1.components.0.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    (
        "components.0",
        {"type": 10, "content": "a text display"},
        "components.0.type",
        "COMPONENT_LAYOUT_REQUIRES_COMPONENTS_V2",
    ),
]


@pytest.mark.parametrize(("path", "value", "field", "code"), REFUSED_MESSAGES)
@pytest.mark.discord_refuses
async def test_a_message_discord_refuses_is_refused_naming_the_field(
    fake_discord: FakeDiscord,
    http: aiohttp.ClientSession,
    path: str,
    value: Any,
    field: str,
    code: str,
) -> None:
    status, answer = await post_message(fake_discord, http, changed(MESSAGE, path, value))
    refused_at(status, answer, field, code)
    [refusal] = fake_discord.refusals
    assert (refusal.status, refusal.code) == (400, 50035)
    assert refusal.detail.startswith(f"{field}: ")
    assert fake_discord.channel_messages(CHANNEL_ID) == []


@pytest.mark.discord_refuses
async def test_embeds_are_refused_past_6000_characters_in_all(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """Title, description, field names and values, footer and author count, across all the
    message's embeds: 6,000 passes, 6,001 is refused."""

    def embeds(total: int) -> list[dict[str, Any]]:
        first = {
            "title": "t" * 200,
            "description": "d" * 3000,
            "fields": [{"name": "n" * 100, "value": "v" * 1000}],
            "footer": {"text": "f" * 300},
            "author": {"name": "a" * 200},
        }
        rest = total - 4800
        return [first, {"description": "d" * rest}]

    status, _ = await post_message(fake_discord, http, {"embeds": embeds(6000)})
    assert status == 200
    status, answer = await post_message(fake_discord, http, {"embeds": embeds(6001)})
    refused_at(status, answer, "embeds", "MAX_EMBED_SIZE_EXCEEDED")
    assert "6001 characters" in fake_discord.refusals[0].detail


@pytest.mark.discord_refuses
async def test_components_v2_take_no_content_and_at_most_40_components(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    v2 = 1 << 15
    text = {"type": 10, "content": "A seat at the table"}
    table = {"type": 17, "components": [text] * 13}  # 14 components
    good = {"flags": v2, "components": [table, table]}
    assert (await post_message(fake_discord, http, good))[0] == 200
    status, answer = await post_message(fake_discord, http, {**good, "content": "hi"})
    refused_at(status, answer, "components", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2")
    status, answer = await post_message(fake_discord, http, {**good, "components": [table] * 3})
    refused_at(status, answer, "components", "BASE_TYPE_MAX_LENGTH")  # 42 of 40
    long_text = {"type": 10, "content": "x" * 2001}
    status, answer = await post_message(
        fake_discord, http, {"flags": v2, "components": [long_text, long_text]}
    )
    refused_at(status, answer, "components", "BASE_TYPE_MAX_LENGTH")  # 4,002 of 4,000
    assert "Text displays" in fake_discord.refusals[-1].detail


@pytest.mark.discord_refuses
async def test_a_multipart_payload_json_is_checked_too(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    form = aiohttp.FormData()
    form.add_field(
        "payload_json",
        '{"content": "card", "attachments": [{"id": 0, "description": "' + "a" * 1025 + '"}]}',
        content_type="application/json",
    )
    form.add_field("files[0]", b"\x89PNG", filename="card.png", content_type="image/png")
    async with http.post(f"{fake_discord.api_url}/channels/{CHANNEL_ID}/messages", data=form) as r:
        refused_at(r.status, await r.json(), "attachments.0.description", "BASE_TYPE_MAX_LENGTH")


@pytest.mark.parametrize(
    ("path", "value", "field", "code"),
    [
        ("name", "Deal", "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
        ("name", "deal a hand", "0.name", "APPLICATION_COMMAND_INVALID_NAME"),
        ("name", "d" * 33, "0.name", "BASE_TYPE_MAX_LENGTH"),
        ("description", "", "0.description", "BASE_TYPE_BAD_LENGTH"),
        ("description", "d" * 101, "0.description", "BASE_TYPE_MAX_LENGTH"),
        (
            "name_localizations",
            {"sv-SE": "Giv"},
            "0.name_localizations.sv-SE",
            "APPLICATION_COMMAND_INVALID_NAME",
        ),
        ("options.0.description", 7, "0.options.0.description", "BASE_TYPE_BAD_TYPE"),
        ("options.0", {"type": 3, "name": "rule"}, "0.options.0.description", "BASE_TYPE_REQUIRED"),
        (
            "options",
            [{"type": 5, "name": f"o{n}", "description": "d"} for n in range(26)],
            "0.options",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            "options.0.choices",
            [{"name": str(n), "value": str(n)} for n in range(26)],
            "0.options.0.choices",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            "options.0.choices.0.value",
            "v" * 101,  # the description allows 6,000; Discord's documentation 100
            "0.options.0.choices.0.value",
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            "options",
            [{"type": 3, "name": "x", "description": "d"}] * 2,
            "0.options.1.name",
            "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
        ),
    ],
)
@pytest.mark.discord_refuses
async def test_a_command_discord_refuses_is_refused_naming_the_field(
    fake_discord: FakeDiscord,
    http: aiohttp.ClientSession,
    path: str,
    value: Any,
    field: str,
    code: str,
) -> None:
    url = f"{fake_discord.api_url}/applications/{fake_discord.application_id}/commands"
    async with http.put(url, json=[changed(COMMAND, path, value)]) as resp:
        refused_at(resp.status, await resp.json(), field, code)
    assert fake_discord.commands_for(None) == []
    async with http.put(url, json=[COMMAND]) as resp:
        assert resp.status == 200


@pytest.mark.discord_refuses
async def test_a_command_of_more_than_4000_characters_is_refused(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """Each text counts as its longest translation: 20 options of a 32-character name and a
    100-character description, in English and Swedish, with 10 choices of 100 + 100."""
    url = f"{fake_discord.api_url}/applications/{fake_discord.application_id}/guilds/{GUILD_ID}"
    options = [
        {
            "type": 3,
            "name": f"{n:02}" + "o" * 30,
            "description": "d" * 99,
            "description_localizations": {"sv-SE": "b" * 100},
            "choices": [{"name": f"{c}" + "c" * 99, "value": "v" * 100} for c in range(10)],
        }
        for n in range(2)
    ]
    command = {**COMMAND, "options": options}  # 4 + 11 + 2 * (32 + 100 + 10 * 200) = 4,279
    async with http.put(f"{url}/commands", json=[command]) as resp:
        refused_at(resp.status, await resp.json(), "0", "APPLICATION_COMMAND_TOO_LARGE")
    assert "4279 characters" in fake_discord.refusals[0].detail
    options[1]["choices"] = options[1]["choices"][:8]  # 4,279 - 400 = 3,879
    async with http.put(f"{url}/commands", json=[command]) as resp:
        assert resp.status == 200


async def test_the_lowercase_rule_allows_scripts_without_case(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """Discord's pattern takes letters and numbers of any script, Devanagari and Thai whole
    (their vowel signs are marks), lowercase where a letter has a case."""
    url = f"{fake_discord.api_url}/applications/{fake_discord.application_id}/commands"
    names = {"hi": "हाथ", "th": "ไพ่", "ja": "手札", "sv-SE": "hög_hand", "el": "χέρι"}
    async with http.put(url, json=[{**COMMAND, "name_localizations": names}]) as resp:
        assert resp.status == 200, await resp.json()


async def test_the_route_picks_the_literal_template_and_builds_each_validator_once() -> None:
    original = described.operation_for("PATCH", "/webhooks/1/abc/messages/@original")
    by_id = described.operation_for("PATCH", "/webhooks/1/abc/messages/2")
    assert original is not None and by_id is not None
    assert original.template.endswith("/messages/@original")
    assert by_id.template.endswith("/messages/{message_id}")
    guild = described.operation_for("PUT", "/applications/1/guilds/2/commands")
    assert (
        guild is not None
        and guild.template == "/applications/{application_id}/guilds/{guild_id}/commands"
    )
    callback = described.operation_for("POST", "/interactions/1/token/callback")
    assert callback is not None
    validator = described.validator_for(callback, "application/json")
    assert described.validator_for(callback, "application/json") is validator
    assert described.operation_for("POST", "/no/such/route") is None


def test_the_quick_validator_takes_what_jsonschema_takes_and_refuses_what_it_refuses() -> None:
    """``jsonschema_rs`` answers first (the module doc): on every body this file sends, good
    or changed at one place, it must agree with ``jsonschema``, whose errors are worded."""
    message = described.operation_for("POST", "/channels/1/messages")
    command = described.operation_for("PUT", "/applications/1/commands")
    assert message is not None and command is not None
    bodies = [(message, MESSAGE), (command, [COMMAND])]
    bodies += [(message, changed(MESSAGE, path, value)) for path, value, *_ in REFUSED_MESSAGES]
    bodies += [(command, [changed(COMMAND, "name", "Deal")]), (message, {"flags": "x"})]
    bodies += [(message, changed(MESSAGE, "components.1.components.0.custom_id", 7))]
    # a component's type as JSON's 2.0 (an integer to JSON Schema), and an attachment id
    # as discord.py sends it (an integer: LENIENCIES), beyond what a snowflake holds
    bodies += [(message, changed(MESSAGE, "components.1.components.0.type", 2.0))]
    bodies += [(message, changed(MESSAGE, "components.1.type", 1.5))]
    bodies += [
        (message, {**MESSAGE, "attachments": [{"id": n, "filename": "a.png"}]}) for n in (0, 2**64)
    ]
    verdicts = [
        (
            described.validator_for(op, "application/json").is_valid(body),
            described.fast_validator_for(op, "application/json").is_valid(body),
        )
        for op, body in bodies
    ]
    assert [slow for slow, _ in verdicts] == [fast for _, fast in verdicts]
    assert {slow for slow, _ in verdicts} == {True, False}  # both verdicts were tried


class Silent(discord.Client):
    """A client that never answers an interaction, so the test can answer it by hand."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)


@pytest.mark.discord_refuses
async def test_a_second_answer_is_refused_with_40060_and_kept(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    async with running_client(fake_discord, Silent()):
        interaction = await fake_discord.send_command("deal")
        url = f"{fake_discord.api_url}/interactions/{interaction.id}/{interaction.token}/callback"
        answer = {"type": 4, "data": {"content": "Your hand"}}
        async with http.post(url, json=answer) as resp:
            assert resp.status == 204
        async with http.post(url, json=answer) as resp:
            assert resp.status == 400
            assert await resp.json() == {
                "code": 40060,
                "message": "Interaction has already been acknowledged.",
            }
    [refusal] = fake_discord.refusals
    assert refusal.code == 40060 and "<token>" in refusal.path


async def test_an_answer_after_3_seconds_gets_10062(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """Discord counts its 3 seconds from the interaction's creation (its id); late is a
    matter of time, not a wrong request, so it is counted, not kept as a refusal."""
    async with running_client(fake_discord, Silent()):
        interaction = await fake_discord.send_command("deal", age=3.05)
        url = f"{fake_discord.api_url}/interactions/{interaction.id}/{interaction.token}/callback"
        async with http.post(url, json={"type": 5}) as resp:
            assert resp.status == 404
            assert await resp.json() == {"code": 10062, "message": "Unknown interaction"}
    assert interaction.late_callbacks == 1 and interaction.callback is None
    assert fake_discord.refusals == []


@pytest.mark.discord_refuses
async def test_a_callback_body_is_checked_by_its_type(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    """A union told apart by ``type``: the error names the field of the branch meant."""
    async with running_client(fake_discord, Silent()):
        interaction = await fake_discord.send_command("deal")
        url = f"{fake_discord.api_url}/interactions/{interaction.id}/{interaction.token}/callback"
        embed = {"title": "t", "fields": [{"name": "n", "value": "v"}] * 26}
        async with http.post(url, json={"type": 4, "data": {"embeds": [embed]}}) as resp:
            refused_at(
                resp.status, await resp.json(), "data.embeds.0.fields", "BASE_TYPE_MAX_LENGTH"
            )
        async with http.post(url, json={"type": 3}) as resp:
            refused_at(resp.status, await resp.json(), "type", "BASE_TYPE_CHOICES")
        async with http.post(url, json={"type": 4, "data": {"content": "ok"}}) as resp:
            assert resp.status == 204  # refused requests do not count as the answer


@pytest.mark.discord_refuses
async def test_discord_py_sees_the_refusal_as_discord_would_give_it(
    fake_discord: FakeDiscord,
) -> None:
    async with running_client(fake_discord, Silent()) as client:
        channel = await client.fetch_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        embed = discord.Embed(title="t", description="d" * 4096)  # 4,097
        embed.set_author(name="a" * 256)  # 4,353
        embed.set_footer(text="f" * 624)  # 4,977
        embed.add_field(name="n", value="v" * 1023)  # 6,001
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(embed=embed)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "In embeds: Embed size exceeds maximum size of 6000" in str(refused.value)


async def test_a_refusal_fails_the_test_unless_it_is_marked(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession, request: pytest.FixtureRequest
) -> None:
    """The fixtures' teardown: refusals fail an unmarked test, listing each one."""
    await post_message(fake_discord, http, changed(MESSAGE, "content", "c" * 2001))
    with pytest.raises(pytest.fail.Exception, match="content: Must be 2000 or fewer"):
        check_clean(fake_discord, request)
    request.applymarker(pytest.mark.discord_refuses)
    check_clean(fake_discord, request)


def test_the_vendored_description_is_the_one_its_note_names() -> None:
    """``SOURCE.md`` names the file's commit and digest; the copy is Discord's, unmodified."""
    note = described.DESCRIPTION.with_name("SOURCE.md").read_text(encoding="utf-8")
    digest = hashlib.sha256(described.DESCRIPTION.read_bytes()).hexdigest()
    assert f"sha256: `{digest}`" in note
    document = json.loads(described.DESCRIPTION.read_text(encoding="utf-8"))
    assert (
        document["openapi"].startswith("3.1") and document["info"]["license"]["identifier"] == "MIT"
    )
    assert "MIT License" in described.DESCRIPTION.with_name("LICENSE").read_text(encoding="utf-8")
