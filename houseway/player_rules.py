"""The player's way's catalogue: its rules' ids, texts and names, the mark on all of them,
and finding them by what a member types. The procedure that applies them is
:mod:`houseway.strategy`; the texts are the project's advice, not the casino's.

Each text is said in sentences a member can read in one breath (at most 250 characters,
tested), and each name is one a player can say aloud at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from houseway.language import Lang
from houseway.rules import folded

#: Marks every text of the player's way: advice of this project, not the casino's rule.
ADVICE_MARKER: Final[dict[Lang, str]] = {
    Lang.SV: "Projektets eget råd – inte kasinots regel",
    Lang.EN: "The project's own advice – not the casino's rule",
}
#: The longest sentence a text of the player's way may have (its page, its rules).
LONGEST_SENTENCE: Final = 250


@dataclass(frozen=True, slots=True)
class PlayerRule:
    """One rule of the player's way: its id, the house-way rule it changes, both texts."""

    id: str
    refines: str
    swedish: str
    english: str

    def text(self, lang: Lang = Lang.EN) -> str:
        return self.swedish if lang == Lang.SV else self.english


PLAYER_RULES: Final[tuple[PlayerRule, ...]] = (
    PlayerRule(
        "pw.two-pairs.ace-together",
        "two-pairs.split",
        "Två par och ett ess: behåll båda paren i femkortshanden och lägg esset med det högsta "
        "andra kortet i tvåkortshanden. Det gäller när det höga paret är nior eller lägre, "
        "tior med femmor eller lägre, knektar med fyror eller lägre, eller damer med treor "
        "eller tvåor.",
        "Two pairs and an ace: keep both pairs in the five-card hand and put the ace with the "
        "highest other card in the two-card hand. That holds when the high pair is nines or "
        "lower, tens with fives or lower, jacks with fours or lower, or queens with threes or "
        "twos.",
    ),
    PlayerRule(
        "pw.two-pairs.ace-split",
        "two-pairs.ace-jack",
        "Två par och ett ess, med högre par än så: dela paren (det låga paret i "
        "tvåkortshanden), även när ess och knekt kunde spelas i tvåkortshanden.",
        "Two pairs and an ace, with higher pairs than that: split them (the low pair in the "
        "two-card hand), even when ace-jack could go in the two-card hand.",
    ),
    PlayerRule(
        "pw.two-pairs.king-together",
        "two-pairs.split",
        "Två par, båda sexor eller lägre, med en kung men inget ess: behåll båda paren i "
        "femkortshanden och lägg kungen med det högsta andra kortet i tvåkortshanden.",
        "Two pairs, both sixes or lower, with a king and no ace: keep both pairs in the "
        "five-card hand and put the king with the highest other card in the two-card hand.",
    ),
    PlayerRule(
        "pw.straight.pair",
        "flush-straight.keep",
        "Stege (inte färgstege) med ett par som inte kan flyttas, och ingen färg: se på de två "
        "högsta korten utanför paret. Är de ess-kung, ess-dam, ess-knekt, kung-knekt eller "
        "(med ett par ess) kung-dam, och lämnar stegen inget över en tia till tvåkortshanden, "
        "släpp stegen. Paret stannar då i femkortshanden och de två korten går till "
        "tvåkortshanden. Med ess-kung släpps stegen även när den lämnar en knekt eller dam. "
        "Jokern räknas som ess, även när den fyller ut stegen.",
        "A straight (not a straight flush) with a pair that cannot move, and no flush: look at "
        "the two highest cards apart from the pair. If they are A-K, A-Q, A-J, K-J or (with a "
        "pair of aces) K-Q, and the straight leaves nothing above a ten for the two-card hand, "
        "drop the straight. The pair then stays in the five-card hand and those two go to the "
        "two-card hand. With A-K, drop it also when the straight leaves a jack or a queen. The "
        "joker counts as an ace, even where it fills the straight.",
    ),
    PlayerRule(
        "pw.straight-flush.better-low",
        "straight-flush.keep",
        "Färgstege: spela den som en färg eller stege. Ger en vanlig färg eller stege en bättre "
        "tvåkortshand, släpp färgstegen och lägg den bästa tvåkortshanden som lämnar minst en "
        "stege i femkortshanden.",
        "Straight flush: play it like a flush or straight. If a plain flush or straight leaves "
        "a better two-card hand, drop the straight flush and play the best two-card hand that "
        "leaves at least a straight in the five-card hand.",
    ),
    PlayerRule(
        "pw.three-of-a-kind.kings",
        "three-of-a-kind",
        "Tre kungar, ingen färg och inget annat kort över knekt: behåll ett par kungar i "
        "femkortshanden och lägg den tredje kungen med det högsta andra kortet i tvåkortshanden.",
        "Three kings, no flush and no other card above a jack: keep a pair of kings in the "
        "five-card hand and put the third king with the highest other card in the two-card hand.",
    ),
    PlayerRule(
        "pw.high-card.ace",
        "high-card",
        "Högt kort med ett ess, där det tredje högsta kortet är en nia eller lägre: lägg det "
        "näst högsta kortet med det lägsta kortet i tvåkortshanden.",
        "High card with an ace, the third-highest card a nine or lower: put the second-highest "
        "card with the lowest card in the two-card hand.",
    ),
)
PLAYER_RULE_IDS: Final[tuple[str, ...]] = tuple(rule.id for rule in PLAYER_RULES)
_BY_ID: Final = {rule.id: rule for rule in PLAYER_RULES}


def player_rule(rule_id: str | None) -> PlayerRule | None:
    """The player's-way rule of this id, or None (a house-way rule id, or unknown)."""
    return None if rule_id is None else _BY_ID.get(rule_id)


#: The player's way as a member names it, and each rule's name: short, said aloud at the
#: table (what /analyze, /rules and Play to win show).
WAY_NAME: Final[dict[Lang, str]] = {Lang.SV: "Spelarens sätt", Lang.EN: "The player's way"}
PLAYER_RULE_NAMES: Final[dict[str, dict[Lang, str]]] = {
    "pw.two-pairs.ace-together": {
        Lang.SV: "Håll ihop låga par med ess",
        Lang.EN: "Keep low pairs together with an ace",
    },
    "pw.two-pairs.ace-split": {
        Lang.SV: "Dela höga par trots ess",
        Lang.EN: "Split high pairs despite an ace",
    },
    "pw.two-pairs.king-together": {
        Lang.SV: "Håll ihop små par med kung",
        Lang.EN: "Keep small pairs together with a king",
    },
    "pw.straight.pair": {
        Lang.SV: "Släpp stegen för höga kort",
        Lang.EN: "Drop the straight for high cards",
    },
    "pw.straight-flush.better-low": {
        Lang.SV: "Släpp färgstegen för bättre tvåkortshand",
        Lang.EN: "Drop the straight flush for a better two-card hand",
    },
    "pw.three-of-a-kind.kings": {
        Lang.SV: "Dela tre kungar",
        Lang.EN: "Split three kings",
    },
    "pw.high-card.ace": {
        Lang.SV: "Ess högt: näst högsta med lägsta",
        Lang.EN: "Ace high: second-highest with the lowest",
    },
}


def player_rule_name(rule_id: str, lang: Lang = Lang.EN) -> str:
    """A player's-way rule's name: 'Dela tre kungar'."""
    return PLAYER_RULE_NAMES[rule_id][lang]


#: A drill of the whole player's way (every rule of it), beside its rules' ids.
WHOLE_WAY: Final = "pw"

#: What names the player's way as a whole, folded: its names, "player's way", "pw".
_WAY_KEYS: Final = frozenset(
    folded(key) for key in (*WAY_NAME.values(), "player's way", "players way", WHOLE_WAY)
)
#: What names one of its rules, folded: the id and the names in either language.
_RULE_KEYS: Final = {
    folded(key): rule_id
    for rule_id in PLAYER_RULE_IDS
    for key in (rule_id, *PLAYER_RULE_NAMES[rule_id].values())
}


def find_player_rule(words: str) -> str | None:
    """The player's-way rule a member means (id or name, either language), ``WHOLE_WAY``
    for the way itself, or None."""
    key = folded(words)
    return WHOLE_WAY if key in _WAY_KEYS else _RULE_KEYS.get(key)


def names_player_way(words: str) -> bool:
    """Whether a member's words name the player's way or one of its rules (id or name)."""
    return find_player_rule(words) is not None


def like_player_way(words: str) -> bool:
    """Whether the words are part of a name of the player's way or of one of its rules."""
    needle = folded(words)
    return bool(needle) and any(needle in key for key in (*_WAY_KEYS, *_RULE_KEYS))


def player_rules_like(words: str) -> tuple[str, ...]:
    """``WHOLE_WAY`` and the rule ids whose name in either language (or id) holds what is
    typed (all of them while nothing is), in the catalogue's order."""
    needle = folded(words)
    found = [WHOLE_WAY] if any(needle in key for key in _WAY_KEYS) else []
    return (
        *found,
        *(
            rule_id
            for rule_id in PLAYER_RULE_IDS
            if any(needle in folded(key) for key in (rule_id, *PLAYER_RULE_NAMES[rule_id].values()))
        ),
    )
