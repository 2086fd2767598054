"""The rule catalogue: every rule id with its Swedish text (verbatim), English text and flags.

One source of truth for the texts: the decision procedure names these ids, and
the bot, the quiz, the CLI and the statistics all look the texts up here.
The Swedish sentences are quoted exactly as the casino wrote them, typos
included ("spitta", "tvåkorthanden"); supplements are marked as such.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from houseway.language import Lang

INTRODUCTION_SV: Final = (
    "Givaren kommer alltid att placera sina kort enligt de kriterier som redogörs för i "
    "'Huset väljer'. Spelare kan också dra fördel av detta alternativ och få sina händer "
    "valda åt dem efter samma kriterier. Du bör dock alltid komma ihåg att strategin i "
    "'Huset väljer' inte är en strategi för att vinna båda händerna utan för att hålla "
    "nere förlusterna!"
)
INTRODUCTION_EN: Final = (
    "The dealer always sets his cards by the criteria in 'House Way'. Players may use this "
    "option too and have their hands set for them by the same criteria. Always remember, "
    "though, that the House Way is not a strategy for winning both hands but for keeping "
    "losses down!"
)
SUPPLEMENT_MARKER_SV: Final = "Tillägg – ingår inte i originalreglerna"
SUPPLEMENT_MARKER_EN: Final = "Supplement – not part of the original rules"


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of 'Huset väljer'.

    ``shown_with`` names a rule whose sentence is shown together with this one:
    the flush/straight rules only say "as for a straight flush above".
    """

    id: str
    swedish: str
    english: str
    supplement: bool = False
    shown_with: str | None = None

    def sentences(self) -> tuple[Rule, ...]:
        """This rule followed by the rule it is shown with, if any."""
        if self.shown_with is None:
            return (self,)
        return (self, RULES[self.shown_with])


_FLUSH_STRAIGHT_SV: Final = (
    "Färg och stege: Dessa händer följer samma regler som gäller för en straight flush ovan."
)
_FLUSH_STRAIGHT_EN: Final = "Flushes and straights follow the straight-flush rules above."
_TRIPS_SV: Final = (
    "Triss: Trissen kommer att behållas i femkortshanden såvida den inte består av tre ess, "
    "i dessa fall kommer ett par i ess behållas så att tvåkorthanden utgörs av ett ess och "
    "ett annat kort."
)
_TRIPS_EN: Final = (
    "The three of a kind stays in the five-card hand unless it is three aces: then a pair of "
    "aces stays and the two-card hand is an ace and another card."
)
_TWO_PAIRS_SV: Final = (
    "Två par: Givaren kommer spela det låga paret i tvåkortshanden och behålla det höga paret "
    "i femkortshanden – såvida han inte har åtminstone ess och knekt att spela i "
    "tvåkortshanden, i sådana fall behåller han båda paren i femkortshanden."
)
_TWO_PAIRS_EN: Final = (
    "The low pair goes to the two-card hand, the high pair stays — unless at least ace-jack "
    "can be played in the two-card hand; then both pairs stay."
)

_CATALOGUE: Final = (
    Rule(
        "five-aces",
        "Fem ess: Om givaren har fem ess kommer han spela tre stycken i femkortshanden och "
        "två i tvåkortshanden.",
        "Five aces: three go in the five-card hand and two in the two-card hand.",
    ),
    Rule(
        "straight-flush.two-pairs",
        "Straight flush: Om det finns två par kommer givaren att ignorera sin straight flush "
        "och spela enligt regeln för två par nedan.",
        "With two pairs the dealer ignores the straight flush and plays the two-pair rule below.",
    ),
    Rule(
        "straight-flush.pair-moved",
        "Med bara ett par kommer givaren bara att flytta fram paret om det låter honom behålla "
        "en stege eller en färg i sin femkortshand.",
        "With only one pair the dealer moves the pair to the two-card hand only if that keeps "
        "a straight or a flush in the five-card hand.",
    ),
    Rule(
        "straight-flush.keep",
        "I alla andra situationer kommer givaren att behålla sin straight flush och placera de "
        "återstående två korten i tvåkortshanden.",
        "In every other case the straight flush stays and the remaining two cards go to the "
        "two-card hand.",
    ),
    Rule(
        "four-of-a-kind.extra-pair",
        "Fyrtal: Givaren spelar ett par i varje hand – såvida det inte finns ytterligare ett "
        "par, i sådana fall kommer han att behålla fyrtalet.",
        "A pair goes in each hand, unless there is another pair: then the four of a kind stays "
        "together.",
    ),
    Rule(
        "four-of-a-kind.2-6",
        "Om fyrtalet består av kort från 2:or till 6:or kommer givaren att behålla fyrtalet och "
        "spela de två högsta korten därefter i tvåkortshanden.",
        "Fours of 2s to 6s stay together; the two highest remaining cards go to the two-card hand.",
    ),
    Rule(
        "four-of-a-kind.7-10",
        "Om det består av kort från 7:or till 10:or kommer givaren att splitta upp fyrtalet, "
        "såvida han inte kan spela minst en kung i tvåkortshanden.",
        "Fours of 7s to 10s are split unless at least a king can be played in the two-card hand.",
    ),
    Rule(
        "four-of-a-kind.j-k",
        "Om det består av kort från knektar till kungar kommer givaren alltid att splitta, "
        "såvida inte ett ess kan spelas i tvåkortshanden.",
        "Fours of jacks to kings are always split unless an ace can be played in the two-card "
        "hand.",
    ),
    Rule(
        "four-of-a-kind.aces",
        "Med fyra ess kommer givaren alltid att spitta fyrtalet till två par med ess.",
        "Four aces are always split into two pairs of aces.",
    ),
    Rule(
        "full-house",
        "Kåk: Givaren kommer alltid att behålla sin triss och placera paret i tvåkortshanden.",
        "Full house: the three of a kind stays, the pair goes to the two-card hand.",
    ),
    Rule(
        "flush-straight.two-pairs",
        _FLUSH_STRAIGHT_SV,
        _FLUSH_STRAIGHT_EN,
        shown_with="straight-flush.two-pairs",
    ),
    Rule(
        "flush-straight.pair-moved",
        _FLUSH_STRAIGHT_SV,
        _FLUSH_STRAIGHT_EN,
        shown_with="straight-flush.pair-moved",
    ),
    Rule(
        "flush-straight.keep",
        _FLUSH_STRAIGHT_SV,
        _FLUSH_STRAIGHT_EN,
        shown_with="straight-flush.keep",
    ),
    Rule("three-of-a-kind", _TRIPS_SV, _TRIPS_EN),
    Rule("three-of-a-kind.aces", _TRIPS_SV, _TRIPS_EN),
    Rule("two-pairs.split", _TWO_PAIRS_SV, _TWO_PAIRS_EN),
    Rule("two-pairs.ace-jack", _TWO_PAIRS_SV, _TWO_PAIRS_EN),
    Rule(
        "one-pair",
        "Ett par: Givaren kommer att behålla paret i femkortshanden och placera de två högsta "
        "korten i tvåkortshanden.",
        "The pair stays; the two highest other cards go to the two-card hand.",
    ),
    Rule(
        "high-card",
        "Högt kort: Givaren kommer att behålla det högsta kortet i femkortshanden och placera "
        "de två näst högsta korten i tvåkortshanden.",
        "The highest card stays; the next two highest go to the two-card hand.",
    ),
    Rule(
        "three-pairs",
        "Tre par: Givaren placerar det högsta paret i tvåkortshanden och behåller de två andra "
        "paren i femkortshanden.",
        "Three pairs: the highest pair goes to the two-card hand.",
        supplement=True,
    ),
    Rule(
        "full-house.two-pairs",
        "Kåk med två par: Givaren behåller trissen och det lägre paret i femkortshanden och "
        "placerar det högre paret i tvåkortshanden.",
        "Three of a kind and two pairs: the higher pair goes to the two-card hand.",
        supplement=True,
    ),
    Rule(
        "full-house.two-trips",
        "Två triss: Givaren delar den högre trissen och placerar ett par av den i tvåkortshanden.",
        "Two threes of a kind: a pair from the higher one goes to the two-card hand.",
        supplement=True,
    ),
)

#: Every rule by id, in the order of the Swedish text (supplements last).
RULES: Final[dict[str, Rule]] = {rule.id: rule for rule in _CATALOGUE}
RULE_IDS: Final[tuple[str, ...]] = tuple(RULES)


def sentences_for(path: Iterable[str]) -> tuple[Rule, ...]:
    """The rule sentences to quote for a decision path, each once, in order.

    Rules that share one sentence (two-pairs.split / .ace-jack) are quoted once.
    """
    shown: list[Rule] = []
    seen_texts: set[str] = set()
    for rule_id in path:
        for rule in RULES[rule_id].sentences():
            if rule.swedish not in seen_texts:
                seen_texts.add(rule.swedish)
                shown.append(rule)
    return tuple(shown)


# --- short names and summaries ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleName:
    """A rule's short name and one-line summary in both languages, for menus, charts and
    statistics where the quoted sentence is too long (Discord: 100 characters an option).

    Summaries paraphrase; the quoted Swedish sentence stays the rule's authority.
    """

    name_sv: str
    name_en: str
    summary_sv: str
    summary_en: str

    def name(self, lang: Lang = Lang.EN) -> str:
        return self.name_sv if lang == Lang.SV else self.name_en

    def summary(self, lang: Lang = Lang.EN) -> str:
        return self.summary_sv if lang == Lang.SV else self.summary_en


_PAIR_MOVED_SV: Final = (
    "Med ett par går paret till tvåkortshanden om en stege eller färg blir kvar."
)
_PAIR_MOVED_EN: Final = (
    "With one pair, the pair goes to the two-card hand if a straight or flush stays."
)

#: Every rule id's short name and summary (at most 100 characters each).
NAMES: Final[dict[str, RuleName]] = {
    "five-aces": RuleName(
        "Fem ess",
        "Five aces",
        "Tre ess stannar i femkortshanden, två går till tvåkortshanden.",
        "Three aces stay in the five-card hand, two go to the two-card hand.",
    ),
    "straight-flush.two-pairs": RuleName(
        "Färgstege med två par",
        "Straight flush with two pairs",
        "Färgstegen ignoreras; regeln för två par avgör.",
        "The straight flush is ignored; the two-pair rule decides.",
    ),
    "straight-flush.pair-moved": RuleName(
        "Färgstege: paret flyttas",
        "Straight flush: the pair moves",
        _PAIR_MOVED_SV,
        _PAIR_MOVED_EN,
    ),
    "straight-flush.keep": RuleName(
        "Färgstegen behålls",
        "Straight flush kept",
        "Färgstegen stannar; de två övriga korten går till tvåkortshanden.",
        "The straight flush stays; the other two cards go to the two-card hand.",
    ),
    "four-of-a-kind.extra-pair": RuleName(
        "Fyrtal och ett par till",
        "Four of a kind and another pair",
        "Fyrtalet hålls ihop; det andra paret går till tvåkortshanden.",
        "The four of a kind stays together; the other pair goes to the two-card hand.",
    ),
    "four-of-a-kind.2-6": RuleName(
        "Fyrtal i 2–6",
        "Four of a kind, 2s to 6s",
        "Fyrtalet hålls ihop; de två högsta övriga korten går till tvåkortshanden.",
        "Kept together; the two highest other cards go to the two-card hand.",
    ),
    "four-of-a-kind.7-10": RuleName(
        "Fyrtal i 7–10",
        "Four of a kind, 7s to 10s",
        "Delas i två par, såvida inte minst en kung kan spelas i tvåkortshanden.",
        "Split into two pairs unless a king or an ace can go to the two-card hand.",
    ),
    "four-of-a-kind.j-k": RuleName(
        "Fyrtal i knekt–kung",
        "Four of a kind, jacks to kings",
        "Delas i två par, såvida inte ett ess kan spelas i tvåkortshanden.",
        "Split into two pairs unless an ace can go to the two-card hand.",
    ),
    "four-of-a-kind.aces": RuleName(
        "Fyra ess",
        "Four aces",
        "Delas alltid: ett par ess i varje hand.",
        "Always split: a pair of aces in each hand.",
    ),
    "full-house": RuleName(
        "Kåk",
        "Full house",
        "Trissen stannar; paret går till tvåkortshanden.",
        "The three of a kind stays; the pair goes to the two-card hand.",
    ),
    "flush-straight.two-pairs": RuleName(
        "Färg eller stege med två par",
        "Flush or straight with two pairs",
        "Färgen eller stegen ignoreras; regeln för två par avgör.",
        "The flush or straight is ignored; the two-pair rule decides.",
    ),
    "flush-straight.pair-moved": RuleName(
        "Färg eller stege: paret flyttas",
        "Flush or straight: the pair moves",
        _PAIR_MOVED_SV,
        _PAIR_MOVED_EN,
    ),
    "flush-straight.keep": RuleName(
        "Färg eller stege behålls",
        "Flush or straight kept",
        "Färgen eller stegen stannar; av resten läggs bästa möjliga tvåkortshand.",
        "The flush or straight stays; the best two-card hand is made from the rest.",
    ),
    "three-of-a-kind": RuleName(
        "Triss",
        "Three of a kind",
        "Trissen stannar; de två högsta övriga korten går till tvåkortshanden.",
        "The three of a kind stays; the two highest other cards go to the two-card hand.",
    ),
    "three-of-a-kind.aces": RuleName(
        "Tre ess",
        "Three aces",
        "Ett par ess stannar; ett ess och det högsta övriga kortet går till tvåkortshanden.",
        "A pair of aces stays; an ace and the highest other card go to the two-card hand.",
    ),
    "two-pairs.split": RuleName(
        "Två par delas",
        "Two pairs split",
        "Det lägre paret går till tvåkortshanden, det högre stannar.",
        "The lower pair goes to the two-card hand, the higher pair stays.",
    ),
    "two-pairs.ace-jack": RuleName(
        "Två par och ess–knekt",
        "Two pairs and ace-jack",
        "Båda paren stannar när minst ess och knekt kan spelas i tvåkortshanden.",
        "Both pairs stay when ace-jack or better can go to the two-card hand.",
    ),
    "one-pair": RuleName(
        "Ett par",
        "One pair",
        "Paret stannar; de två högsta övriga korten går till tvåkortshanden.",
        "The pair stays; the two highest other cards go to the two-card hand.",
    ),
    "high-card": RuleName(
        "Högt kort",
        "High card",
        "Det högsta kortet stannar; det näst högsta och det tredje högsta går till tvåkortshanden.",
        "The highest card stays; the second and third highest go to the two-card hand.",
    ),
    "three-pairs": RuleName(
        "Tre par (tillägg)",
        "Three pairs (supplement)",
        "Det högsta paret går till tvåkortshanden.",
        "The highest pair goes to the two-card hand.",
    ),
    "full-house.two-pairs": RuleName(
        "Kåk med två par (tillägg)",
        "Full house with two pairs (supplement)",
        "Trissen och det lägre paret stannar; det högre paret går till tvåkortshanden.",
        "The three of a kind and the lower pair stay; the higher pair goes to the two-card hand.",
    ),
    "full-house.two-trips": RuleName(
        "Två triss (tillägg)",
        "Two threes of a kind (supplement)",
        "Ett par ur den högre trissen går till tvåkortshanden.",
        "A pair from the higher three of a kind goes to the two-card hand.",
    ),
}


def rule_name(rule_id: str, lang: Lang = Lang.EN) -> str:
    """The rule's short name: 'Fyrtal i 7–10' / 'Four of a kind, 7s to 10s'."""
    return NAMES[rule_id].name(lang)


def rule_summary(rule_id: str, lang: Lang = Lang.EN) -> str:
    """The rule in one short line, in the member's language (a paraphrase, not the quote)."""
    return NAMES[rule_id].summary(lang)


# --- a rule as a member names it --------------------------------------------------------------

#: Hyphens and dashes a member may type for the en dash of "Fyrtal i 7–10".
_DASHES: Final = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"))


def _folded(words: str) -> str:
    """Case, runs of spaces and the kind of dash do not matter: 'fyrtal i 7-10'."""
    return " ".join(words.translate(_DASHES).casefold().split())


#: The same folding for other catalogues of names (the player's way's, houseway.strategy).
folded: Final = _folded


def _keys(rule_id: str) -> tuple[str, ...]:
    """What names a rule, folded: its id, its names, those without "(tillägg)"."""
    names = (NAMES[rule_id].name_sv, NAMES[rule_id].name_en)
    return tuple(_folded(key) for key in (rule_id, *names, *(n.split(" (")[0] for n in names)))


#: Every id and every name in either language, folded, to its rule id.
_BY_NAME: Final[dict[str, str]] = {key: rule_id for rule_id in NAMES for key in _keys(rule_id)}


def find_rule(words: str) -> str | None:
    """The rule a member means by its name (Swedish or English) or its id, or None."""
    return _BY_NAME.get(_folded(words))


def rules_like(words: str) -> tuple[str, ...]:
    """The rules whose id or name in either language contains ``words``: what a member
    may have meant by "två par" (catalogue order)."""
    needle = _folded(words)
    return tuple(
        rule_id for rule_id in NAMES if needle and any(needle in k for k in _keys(rule_id))
    )


def heading_of(rule_id: str) -> str:
    """The procedure's step a rule belongs to: ``two-pairs`` for ``two-pairs.split``;
    three pairs are part of the two-pairs step. One definition for the explanations and
    the practice schedule, which both group rules by step."""
    family = rule_id.partition(".")[0]
    return "two-pairs" if family == "three-pairs" else family
