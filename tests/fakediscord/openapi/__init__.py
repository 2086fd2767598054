"""Every request body held to Discord's own OpenAPI 3.1 description of its HTTP API.

``discord-openapi.json`` beside this module is Discord's description, vendored unmodified
(``SOURCE.md``, ``LICENSE``). :func:`check_request` finds the operation for a request's
method and path (``/channels/123/messages`` is ``/channels/{channel_id}/messages``) and
validates its JSON body, or a multipart request's ``payload_json``, against the
operation's ``requestBody`` schema with ``jsonschema`` (Draft 2020-12), the description's
``$ref``s resolved through ``referencing``. A body the description refuses raises
Discord's 400 ``Invalid Form Body`` (50035) naming the field.

A body is first checked by ``jsonschema_rs`` (a Rust validator, about 65 times quicker:
0.4 ms a body was most of the stand-in's time at 200 tables, issue 40) against the same
description with the same leniencies; only a body it refuses, and one body in
``CROSS_CHECK`` besides (and every operation's first), is validated by ``jsonschema``,
whose errors name the field as Discord would, and whose verdict stands where the two
differ. Its validators are built once per process and operation, on first use, from a
compiled copy of the schema that means the same and validates quicker: ``$ref``s inlined (resolved
once), ``oneOf`` lists of constants turned into an ``enum``, and unions of objects told
apart by their ``type`` (components, interaction callbacks, command options) dispatched
on that ``type`` instead of trying every branch, so that an error names the branch the
body meant, not the first branch it failed.

Where Discord accepts more than its description says, and discord.py relies on it, the
difference is named in :data:`LENIENCIES`, each with its reason; nothing else is relaxed.
"""

from __future__ import annotations

import copy
import functools
import json
import logging
import re
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote

import jsonschema_rs
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..wire import invalid_form

_log = logging.getLogger(__name__)
DESCRIPTION: Final = Path(__file__).with_name("discord-openapi.json")
_URI: Final = "urn:discord:openapi"
#: Keywords that only annotate; the compiled copy leaves them out.
_ANNOTATIONS: Final = frozenset(
    {"title", "description", "format", "contentEncoding", "x-discord-union", "deprecated"}
)
_SCHEMA_MAPS: Final = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_ONE: Final = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
)
_SCHEMA_LISTS: Final = ("allOf", "anyOf", "oneOf", "prefixItems")
_BY_TYPE: Final = "x-union-by-type"

#: Where Discord takes more than its description allows: a component schema, why, and
#: what it takes besides (the check accepts either).
LENIENCIES: Final[Mapping[str, tuple[str, dict[str, Any]]]] = {
    "SnowflakeType": (
        "a snowflake may be a JSON integer as well as a string: discord.py sends an "
        "attachment's id as its index (0, 1, ...), which Discord accepts",
        {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
    ),
}


@dataclass(frozen=True)
class Operation:
    """One method on one path template of the description."""

    method: str
    template: str
    pointer: str  # JSON pointer to the operation object
    body_types: frozenset[str]  # the content types its requestBody takes (empty: none)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


@functools.cache
def _document() -> dict[str, Any]:
    with DESCRIPTION.open(encoding="utf-8") as f:
        document: dict[str, Any] = json.load(f)
    return document


@functools.cache
def _operations() -> dict[tuple[str, int], list[tuple[re.Pattern[str], Operation]]]:
    """(method, number of segments) -> the templates of that shape, literal ones first, so
    that ``/messages/@original`` wins over ``/messages/{message_id}``."""
    table: dict[tuple[str, int], list[tuple[int, re.Pattern[str], Operation]]] = {}
    for template, item in _document()["paths"].items():
        segments = template.strip("/").split("/")
        literal = sum(1 for s in segments if not s.startswith("{"))
        pattern = re.compile(
            "/"
            + "/".join("[^/]+" if s.startswith("{") else re.escape(s) for s in segments)
            + r"/?\Z"
        )
        for method, operation in item.items():
            if method == "parameters" or not isinstance(operation, dict):
                continue
            body = operation.get("requestBody") or {}
            op = Operation(
                method.upper(),
                template,
                f"/paths/{_escape(template)}/{method}",
                frozenset(body.get("content") or ()),
            )
            table.setdefault((op.method, len(segments)), []).append((literal, pattern, op))
    return {
        key: [(pattern, op) for _, pattern, op in sorted(ops, key=lambda t: -t[0])]
        for key, ops in table.items()
    }


def operation_for(method: str, path: str) -> Operation | None:
    """The description's operation for ``METHOD /path`` (below ``/api/v10``), if any."""
    for pattern, op in _operations().get((method, path.strip("/").count("/") + 1), ()):
        if pattern.match(path):
            return op
    return None


# ---------------------------------------------------------------------------- compiling


class _Compiler:
    """A copy of a schema that validates the same bodies, built for speed (module doc)."""

    def __init__(self) -> None:
        self.registry: Registry[Any] = Registry().with_resource(
            _URI, Resource.from_contents(_document(), default_specification=DRAFT202012)
        )
        self.resolver = self.registry.resolver(base_uri=_URI)
        self.done: dict[str, Any] = {}
        self.open: set[str] = set()

    def ref(self, ref: str) -> Any:
        if ref in self.done:
            return self.done[ref]
        if ref in self.open:  # a cycle: left for the registry to resolve as it validates
            return {"$ref": ref}
        self.open.add(ref)
        contents = self.resolver.lookup(ref).contents
        name = ref.rsplit("/", 1)[-1] if ref.startswith("#/components/schemas/") else ""
        if name in LENIENCIES:
            contents = {"anyOf": [contents, LENIENCIES[name][1]]}
        compiled = self.schema(contents)
        self.open.discard(ref)
        self.done[ref] = compiled
        return compiled

    def schema(self, node: Any) -> Any:
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = self.ref(node["$ref"])
            rest = {k: v for k, v in node.items() if k != "$ref" and k not in _ANNOTATIONS}
            return {"allOf": [target], **self.schema(rest)} if rest else target
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in _ANNOTATIONS:
                continue
            if key in _SCHEMA_MAPS:
                out[key] = {name: self.schema(sub) for name, sub in value.items()}
            elif key in _SCHEMA_ONE:
                out[key] = self.schema(value)
            elif key in _SCHEMA_LISTS:
                out[key] = [self.schema(sub) for sub in value]
            else:
                out[key] = value
        for key in ("oneOf", "anyOf"):
            if key in out:
                self._simplify_union(out, key)
        if "allOf" in out:
            out["allOf"] = [sub for sub in out["allOf"] if not _implied(out, sub)]
            if not out["allOf"]:
                del out["allOf"]
        return out

    @staticmethod
    def _simplify_union(out: dict[str, Any], key: str) -> None:
        branches = out[key]
        if all(isinstance(b, dict) and set(b) == {"const"} for b in branches):
            values = [b["const"] for b in branches]
            if len(set(map(repr, values))) == len(values):  # oneOf: each must be distinct
                del out[key]
                if "enum" in out:
                    values = [v for v in out["enum"] if v in values]
                out["enum"] = values
            return
        by_type: dict[int, Any] = {}
        for branch in branches:
            tags = _type_tags(branch)
            if tags is None or any(t in by_type for t in tags):
                return
            by_type.update(dict.fromkeys(tags, branch))
        del out[key]
        out[_BY_TYPE] = by_type


def _type_tags(branch: Any) -> list[int] | None:
    """The ``type`` values an object schema is for, if it requires ``type`` and names them."""
    if not isinstance(branch, dict) or "type" not in branch.get("required", ()):
        return None
    tag = (branch.get("properties") or {}).get("type")
    if not isinstance(tag, dict):
        return None
    values = tag.get("enum", [tag["const"]] if "const" in tag else None)
    if not values or not all(type(v) is int for v in values):
        return None
    return list(values)


def _implied(schema: dict[str, Any], sub: Any) -> bool:
    """``sub`` says nothing ``schema`` does not (an enum's wider type list, in ``allOf``)."""
    return (
        isinstance(sub, dict)
        and set(sub) <= {"type", "enum"}
        and sub.get("type", schema.get("type")) == schema.get("type")
        and "enum" in schema
        and all(v in sub.get("enum", schema["enum"]) for v in schema["enum"])
    )


def _union_by_type(
    validator: Validator, branches: dict[int, Any], instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """Validate an object against the one branch of its union that its ``type`` names."""
    if not isinstance(instance, dict):
        yield ValidationError(f"{instance!r} is not of type 'object'", validator="type")
        return
    if "type" not in instance:
        yield ValidationError(
            "'type' is a required property", validator="required", validator_value=["type"]
        )
        return
    tag = instance["type"]
    if type(tag) is float and tag.is_integer():
        tag = int(tag)  # an integer to JSON Schema, so the description's union takes it
    branch = branches.get(tag) if type(tag) is int else None
    if branch is None:
        yield ValidationError(
            f"{tag!r} is not one of {sorted(branches)}",
            validator="enum",
            validator_value=sorted(branches),
            instance=tag,
            path=deque(["type"]),
        )
        return
    yield from validator.descend(instance, branch, schema_path=tag)


_DiscordValidator = validators.extend(Draft202012Validator, {_BY_TYPE: _union_by_type})


@functools.cache
def _compiler() -> _Compiler:
    return _Compiler()


@functools.cache
def validator_for(op: Operation, content_type: str) -> Validator:
    """The validator of ``op``'s request body as ``content_type`` (built once)."""
    compiler = _compiler()
    ref = f"#{op.pointer}/requestBody/content/{_escape(content_type)}/schema"
    validator: Validator = _DiscordValidator(compiler.ref(ref), registry=compiler.registry)
    return validator


# ---------------------------------------------------------------------------- errors


def _field(error: ValidationError) -> str:
    path = [str(p) for p in error.absolute_path]
    if error.validator == "required":
        missing = [p for p in error.validator_value if p not in error.instance]
        path.append(str(missing[0]) if missing else "?")
    return ".".join(path) or "_"


def _discord_error(error: ValidationError) -> tuple[str, str]:
    """(code, message) as Discord words them, where we know it; else the validator's."""
    kind, limit = error.validator, error.validator_value
    if kind == "required":
        return "BASE_TYPE_REQUIRED", "This field is required"
    if kind in ("maxLength", "maxItems", "maxProperties"):
        return "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."
    if kind in ("minLength", "minItems"):
        return "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length."
    if kind in ("enum", "const"):
        allowed = limit if kind == "enum" else [limit]
        return "BASE_TYPE_CHOICES", f"Value must be one of {allowed}."
    if kind == "maximum":
        return "NUMBER_TYPE_MAX", f"Value should be less than or equal to {limit}."
    if kind == "minimum":
        return "NUMBER_TYPE_MIN", f"Value should be greater than or equal to {limit}."
    if kind == "pattern":
        return "STRING_TYPE_REGEX", "String value did not match validation regex."
    if kind == "type":
        return "BASE_TYPE_BAD_TYPE", f"Value {error.instance!r} is not {limit}."
    return "BASE_TYPE_INVALID", error.message


#: One body in this many that ``jsonschema_rs`` takes is validated by ``jsonschema`` too.
CROSS_CHECK: Final = 32
#: Bodies ``jsonschema_rs`` took, by operation and content type.
_TAKEN: dict[tuple[Operation, str], int] = {}


@functools.cache
def _fast_registry() -> jsonschema_rs.Registry:
    """The description for ``jsonschema_rs``, its components widened by the leniencies."""
    document = copy.deepcopy(_document())
    schemas = document["components"]["schemas"]
    for name, (_, also) in LENIENCIES.items():
        schemas[name] = {"anyOf": [schemas[name], also]}
    return jsonschema_rs.Registry([(_URI, document)])


@functools.cache
def fast_validator_for(op: Operation, content_type: str) -> jsonschema_rs.Draft202012Validator:
    """``jsonschema_rs``'s validator of ``op``'s request body as ``content_type``."""
    pointer = f"{op.pointer}/requestBody/content/{_escape(content_type)}/schema"
    ref = f"{_URI}#{quote(pointer, safe='/~')}"  # a template's braces are no URI's
    return jsonschema_rs.Draft202012Validator({"$ref": ref}, registry=_fast_registry())


def _taken_quickly(op: Operation, content_type: str, body: Any) -> bool:
    """Whether ``jsonschema_rs`` takes the body and it need not be validated again."""
    try:
        valid = fast_validator_for(op, content_type).is_valid(body)
    except (ValueError, TypeError, OverflowError):  # a value it cannot hold: the other says
        return False
    key = (op, content_type)
    taken = _TAKEN[key] = _TAKEN.get(key, -1) + 1
    return valid and taken % CROSS_CHECK != 0


def check_request(method: str, path: str, body: Any, content_type: str) -> None:
    """Raise Discord's 50035 if ``body`` is not what the description lets ``METHOD path``
    take as ``content_type`` (a multipart request's ``payload_json`` counts as its body)."""
    op = operation_for(method, path)
    if op is None or content_type not in op.body_types or _taken_quickly(op, content_type, body):
        return
    error = best_match(validator_for(op, content_type).iter_errors(body))
    if error is None:
        if not fast_validator_for(op, content_type).is_valid(body):
            _log.warning("jsonschema_rs refused a %s %s body jsonschema takes", method, op.template)
        return
    while error.context:  # a body no branch of a union takes: say what the nearest lacks
        error = best_match(error.context)
    code, message = _discord_error(error)
    raise invalid_form(_field(error), message, code)


__all__ = [
    "DESCRIPTION",
    "LENIENCIES",
    "Operation",
    "check_request",
    "fast_validator_for",
    "operation_for",
    "validator_for",
]
