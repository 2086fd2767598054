"""Builders for the ``data`` part of interactions: slash-command options, modal submissions.

They mirror what the Discord client would send, using the commands the bot synced as the
schema when available, so a test that passes an unknown option or an invalid choice fails
right away instead of producing a payload Discord could never send.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .models import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser, member_payload

# Application command option types
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

OptionValues = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


@dataclass
class Resolved:
    """The ``resolved`` object accompanying user/channel/role options."""

    guild: FakeGuild | None
    users: dict[str, Any] = field(default_factory=dict)
    members: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, Any] = field(default_factory=dict)
    channels: dict[str, Any] = field(default_factory=dict)

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("users", "members", "roles", "channels"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out

    def add_user(self, user: FakeUser, member: FakeMember | None) -> str:
        uid = str(user.id)
        self.users[uid] = user.to_payload()
        if self.guild is not None:
            member = member or self.guild.member(user.id) or FakeMember(user=user)
            self.members[uid] = member_payload(
                member, include_user=False, permissions=member.permissions
            )
        return uid

    def add_role(self, role: FakeRole) -> str:
        self.roles[str(role.id)] = role.to_payload()
        return str(role.id)

    def add_channel(self, channel: FakeChannel) -> str:
        payload = channel.to_payload(self.guild.id if self.guild else None)
        payload["permissions"] = str((1 << 53) - 1)
        self.channels[str(channel.id)] = payload
        return str(channel.id)


def infer_option_type(value: Any) -> int:
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, str):
        return STRING
    if isinstance(value, FakeUser | FakeMember):
        return USER
    if isinstance(value, FakeChannel):
        return CHANNEL
    if isinstance(value, FakeRole):
        return ROLE
    raise TypeError(f"cannot infer a Discord option type for {value!r}")


def convert_option(otype: int, name: str, value: Any, resolved: Resolved) -> Any:
    """Render one option value the way Discord sends it (and fill ``resolved``)."""
    if otype == STRING:
        return str(value)
    if otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"option {name!r} is an integer option, got {value!r}")
        return value
    if otype == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"option {name!r} is a number option, got {value!r}")
        return value
    if otype == BOOLEAN:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} is a boolean option, got {value!r}")
        return value
    if otype in (USER, MENTIONABLE) and isinstance(value, FakeMember):
        return resolved.add_user(value.user, value)
    if otype in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        return resolved.add_user(value, None)
    if otype in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        return resolved.add_role(value)
    if otype == CHANNEL and isinstance(value, FakeChannel):
        return resolved.add_channel(value)
    if otype in (USER, ROLE, CHANNEL, MENTIONABLE) and isinstance(value, int):
        guild = resolved.guild
        if guild is not None:
            if otype in (USER, MENTIONABLE) and (member := guild.member(value)):
                return resolved.add_user(member.user, member)
            if otype in (ROLE, MENTIONABLE) and (role := guild.role(value)):
                return resolved.add_role(role)
            if otype == CHANNEL and (channel := guild.channel(value)):
                return resolved.add_channel(channel)
        raise LookupError(
            f"option {name!r}: id {value} is not a known member/role/channel of the guild; "
            "pass a FakeUser/FakeRole/FakeChannel instead"
        )
    if otype == ATTACHMENT:
        raise NotImplementedError("attachment options are not modelled by the stand-in")
    raise TypeError(f"option {name!r} of type {otype} cannot take {value!r}")


def build_options(
    schema: list[dict[str, Any]] | None,
    path: Sequence[str],
    values: OptionValues,
    resolved: Resolved,
    *,
    focused: str | None = None,
) -> list[dict[str, Any]]:
    """Build ``data.options`` for ``/command sub ...`` with ``values`` at the leaf.

    ``schema`` is the synced command's ``options`` (None when the command was never
    synced: types are then inferred from the Python values).
    """
    if path:
        sub, rest = path[0], path[1:]
        sub_schema = None
        if schema is not None:
            sub_schema = next(
                (
                    o
                    for o in schema
                    if o.get("name") == sub and o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub_schema is None:
                known = [o.get("name") for o in schema]
                raise ValueError(f"unknown subcommand {sub!r}; the command has {known}")
        stype = sub_schema["type"] if sub_schema else (SUB_COMMAND_GROUP if rest else SUB_COMMAND)
        inner_schema = (sub_schema.get("options") or []) if sub_schema else None
        inner = build_options(inner_schema, rest, values, resolved, focused=focused)
        return [{"name": sub, "type": stype, "options": inner}]

    if values is None:
        values = {}
    if not isinstance(values, Mapping):
        return [dict(v) for v in values]  # raw option dicts, passed through untouched

    subcommands = (SUB_COMMAND, SUB_COMMAND_GROUP)
    if schema is not None and any(o.get("type") in subcommands for o in schema):
        names = [o.get("name") for o in schema]
        raise ValueError(f"this command needs a subcommand, one of {names} (e.g. 'cmd sub')")

    out: list[dict[str, Any]] = []
    for name, value in values.items():
        opt_schema = None
        if schema is not None:
            opt_schema = next((o for o in schema if o.get("name") == name), None)
            if opt_schema is None:
                known = [o.get("name") for o in schema]
                raise ValueError(f"unknown option {name!r}; the command has {known}")
        if name == focused:
            otype = opt_schema["type"] if opt_schema else STRING
            out.append({"name": name, "type": otype, "value": value, "focused": True})
            continue
        otype = opt_schema["type"] if opt_schema else infer_option_type(value)
        rendered = convert_option(otype, name, value, resolved)
        if opt_schema and opt_schema.get("choices"):
            allowed = [c.get("value") for c in opt_schema["choices"]]
            if rendered not in allowed:
                raise ValueError(f"option {name!r}={rendered!r} is not among choices {allowed}")
        out.append({"name": name, "type": otype, "value": rendered})

    if focused is not None and focused not in values:
        raise ValueError(f"focused option {focused!r} must be among the options")
    if schema is not None and focused is None:
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
        if missing:
            raise ValueError(f"missing required options {missing}")
    return out


def modal_submit_components(
    shown: list[dict[str, Any]] | None, values: Mapping[str, str | Sequence[str]]
) -> list[dict[str, Any]]:
    """Answer a modal: mirror the layout the bot showed, filling in ``values`` by custom_id.

    Without a shown modal (``shown`` None) every value becomes a text input in its own
    action row, the classic layout.
    """
    if shown is None:
        return [
            {"type": 1, "components": [{"type": 4, "custom_id": cid, "value": str(value)}]}
            for cid, value in values.items()
        ]

    used: set[str] = set()

    def answer(comp: dict[str, Any]) -> dict[str, Any] | None:
        ctype = comp.get("type")
        out: dict[str, Any] | None
        if ctype == 1:
            children = [a for c in comp.get("components", []) if (a := answer(c)) is not None]
            out = {"type": 1, "components": children}
        elif ctype == 18:  # label wrapping one interactive component
            inner = answer(comp["component"])
            out = None if inner is None else {"type": 18, "component": inner}
        elif ctype == 4:  # text input
            cid = comp["custom_id"]
            used.add(cid)
            value = values.get(cid, comp.get("value") or "")
            out = {"type": 4, "custom_id": cid, "value": str(value)}
        elif ctype in (3, 5, 6, 7, 8):  # selects
            cid = comp["custom_id"]
            used.add(cid)
            picked = values.get(cid, [])
            out = {
                "type": ctype,
                "custom_id": cid,
                "values": [picked] if isinstance(picked, str) else list(picked),
            }
        else:  # text displays and the like carry no answer
            return None
        if "id" in comp and out is not None:
            out["id"] = comp["id"]
        return out

    answered = [a for c in shown if (a := answer(c)) is not None]
    unknown = set(values) - used
    if unknown:
        raise ValueError(f"the modal has no inputs {sorted(unknown)}")
    return answered


def find_command(
    commands: Callable[[int | None], list[dict[str, Any]]], name: str, guild_id: int | None
) -> dict[str, Any] | None:
    """The synced command named ``name``: guild scope first, then global (like Discord)."""
    if guild_id is not None:
        for cmd in commands(guild_id):
            if cmd.get("name") == name and cmd.get("type", 1) == 1:
                return cmd
    for cmd in commands(None):
        if cmd.get("name") == name and cmd.get("type", 1) == 1:
            return cmd
    return None
