"""Drilling one rule: `/practice rule:` (names in the member's language, Swedish or
English names and ids accepted) and the "More like this" button, which deal only hands
the house way sets with that rule. A drill's rule rides in the custom ids as its place
in the rule catalogue (two digits), so an id stays within Discord's 100 characters."""

from __future__ import annotations

import re
from typing import Final

from discord import app_commands

from houseway.language import Lang
from houseway.learning.practice import eligible_rules
from houseway.rules import RULE_IDS, find_rule, rule_name, rules_like

from ...app.interactions import Refusal
from ...texts.embeds import safe_token

#: The optional drill part of a practice custom id's state: ``:d`` and the rule's place.
DRILL: Final = r"(?::d(?P<drill>[0-9]{1,2}))?"
#: Autocomplete lists at most this many (Discord's limit).
CHOICES: Final = 25


def drill_part(rule_id: str | None) -> str:
    return "" if rule_id is None else f":d{RULE_IDS.index(rule_id)}"


def drill_of(match: re.Match[str]) -> str | None:
    """The drilled rule of a matched custom id (None: the member's own schedule)."""
    place = match["drill"]
    if place is None or int(place) >= len(RULE_IDS):
        return None
    return RULE_IDS[int(place)]


def drill_rule(typed: str, mode: str) -> str:
    """The rule to drill, from what the member typed or picked, or a refusal that says
    what to do instead."""
    rule_id = find_rule(typed)
    if rule_id is None:
        raise Refusal("practice.drill.unknown", outcome="bad_input", rule=safe_token(typed))
    if rule_id not in eligible_rules(mode):
        raise Refusal("practice.drill.not_named", outcome="bad_input", rule=rule_name(rule_id))
    return rule_id


def rule_choices(current: str, lang: Lang, mode: str) -> list[app_commands.Choice[str]]:
    """Rules whose name in either language (or id) holds what is typed (all of them while
    nothing is), named in the member's language, in the catalogue's order."""
    like = set(rules_like(current)) if current.strip() else None
    return [
        app_commands.Choice(name=rule_name(rule_id, lang), value=rule_id)
        for rule_id in eligible_rules(mode)
        if like is None or rule_id in like
    ][:CHOICES]
