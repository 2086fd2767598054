"""Drilling one rule: `/practice rule:` (names in the member's language, Swedish or
English names and ids accepted) and the "More like this" button, which deal only hands
the house way sets with that rule, or, for the player's way (one of its rules or the whole
way), only hands it sets otherwise than the house way. A drill rides in the custom ids as
its place in ``DRILLS`` (two digits), so an id stays within Discord's 100 characters."""

from __future__ import annotations

import random
import re
from typing import Final

from discord import app_commands

from houseway.cards import Card
from houseway.language import Lang
from houseway.learning.answers import mode_of
from houseway.learning.player_drill import is_player_drill, player_hand_for
from houseway.learning.practice import Draw, eligible_rules, hand_for
from houseway.player_rules import (
    PLAYER_RULE_IDS,
    WHOLE_WAY,
    find_player_rule,
    player_rule_name,
    player_rules_like,
)
from houseway.rules import RULE_IDS, find_rule, rule_name, rules_like

from ...app.interactions import Refusal
from ...texts.embeds import safe_token
from ...texts.i18n import text

#: What can be drilled, by its place in a custom id: the house way's rules (their places
#: unchanged, so older ids still read), then the player's way's rules and the whole way.
DRILLS: Final = (*RULE_IDS, *PLAYER_RULE_IDS, WHOLE_WAY)
#: The optional drill part of a practice custom id's state: ``:d`` and the drill's place.
DRILL: Final = r"(?::d(?P<drill>[0-9]{1,2}))?"
#: Autocomplete lists at most this many (Discord's limit).
CHOICES: Final = 25


def drill_part(rule_id: str | None) -> str:
    return "" if rule_id is None else f":d{DRILLS.index(rule_id)}"


def drill_of(match: re.Match[str]) -> str | None:
    """The drill of a matched custom id (None: the member's own schedule)."""
    place = match["drill"]
    if place is None or int(place) >= len(DRILLS):
        return None
    return DRILLS[int(place)]


def drill_rule(typed: str, mode: str | None) -> str:
    """The rule to drill (or the player's way, ``WHOLE_WAY``), from what the member typed
    or picked, or a refusal that says what to do instead. The player's way is drilled in
    Play to win only: in the other modes the house way is the answer."""
    rule_id = find_rule(typed)
    if rule_id is None:
        player = find_player_rule(typed)
        if player is None:
            raise Refusal("practice.drill.unknown", outcome="bad_input", rule=safe_token(typed))
        if mode not in (None, "win"):
            raise Refusal("practice.drill.player_win", outcome="bad_input")
        return player
    if rule_id not in eligible_rules(mode_of(mode or "set")):
        raise Refusal("practice.drill.not_named", outcome="bad_input", rule=rule_name(rule_id))
    return rule_id


def drill_mode(mode: str | None, drill: str | None) -> str:
    """The mode a /practice deals in: the one chosen; with none, Play to win for the player's
    way's drill (where it is graded against the best split), else Set the hand."""
    if mode is None:
        return "win" if is_player_drill(drill) else "set"
    return "win" if mode == "win" else mode_of(mode)


def drill_hand(drill: str, mode: str, draw: Draw, rng: random.Random) -> tuple[Card, ...]:
    """A hand of the drill: one the house way sets with the rule, or, for the player's way,
    one it sets otherwise than the house way (by the rule drilled)."""
    if is_player_drill(drill):
        return player_hand_for(drill, draw, rng)
    return hand_for(drill, mode, draw, rng)


def _player_choice(value: str, lang: Lang) -> app_commands.Choice[str]:
    if value == WHOLE_WAY:
        return app_commands.Choice(name=text("practice.drill.whole_way", lang), value=value)
    named = text("practice.drill.player_rule", lang, name=player_rule_name(value, lang))
    return app_commands.Choice(name=named, value=value)


def rule_choices(current: str, lang: Lang, mode: str | None) -> list[app_commands.Choice[str]]:
    """Rules whose name in either language (or id) holds what is typed (all of them while
    nothing is), named in the member's language, in the catalogue's order; in Play to win
    (or no mode yet) the player's way and its rules too, first in Play to win."""
    like = set(rules_like(current)) if current.strip() else None
    house = [
        app_commands.Choice(name=rule_name(rule_id, lang), value=rule_id)
        for rule_id in eligible_rules(mode_of(mode or "set"))
        if like is None or rule_id in like
    ]
    if mode not in (None, "win"):
        return house[:CHOICES]
    player = [_player_choice(value, lang) for value in player_rules_like(current)]
    return (player + house if mode == "win" else house + player)[:CHOICES]
