"""Where a learner went wrong, said on the learner's own cards.

:func:`why_not` tells a member who named the wrong rule why that rule does not decide
this hand (what it needs and what the hand has, or which heading comes first);
:func:`where_wrong` tells a member whose split is not the house way what their split did
in the terms of the step that decides, and what the house does instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from houseway.cards import ACE, RANK_OF, Card
from houseway.hands import category_of, five_value, is_legal, two_value
from houseway.language import Lang
from houseway.learning.explain.groups import not_ace_jack
from houseway.learning.explain.words import Explanation, a_hand, show
from houseway.record import Cards, Holdings
from houseway.rules import heading_of, rule_name


class Said(NamedTuple):
    """A text in both languages, and the rule id of the step it is about."""

    rule: str
    sv: str
    en: str

    def text(self, lang: Lang = Lang.EN) -> str:
        return self.sv if lang == Lang.SV else self.en


#: The headings of spec section 3 in their order, by the first part of a rule id.
HEADINGS = (
    "five-aces",
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush-straight",
    "three-of-a-kind",
    "two-pairs",
    "one-pair",
    "high-card",
)


def _count(n: int, one_sv: str, many_sv: str, one_en: str, many_en: str) -> tuple[str, str]:
    words_sv = ("inga", "ett", "två", "tre", "fyra", "fem")
    words_en = ("no", "one", "two", "three", "four", "five")
    return (
        f"{words_sv[n]} {one_sv if n == 1 else many_sv}",
        f"{words_en[n]} {one_en if n == 1 else many_en}",
    )


def _listed(groups: Sequence[Cards], lang: Lang) -> str:
    joined = [show(g) for g in groups]
    if len(joined) <= 1:
        return "".join(joined)
    return f"{', '.join(joined[:-1])} {'och' if lang == Lang.SV else 'and'} {joined[-1]}"


def _needs(rule_id: str, facts: Holdings) -> tuple[bool, str, str]:
    """Whether the hand has what the rule's heading (and its branch) asks for, and that
    requirement said with what the hand has."""
    heading = heading_of(rule_id)
    n_pairs = len(facts.pairs)
    pairs_sv, pairs_en = _count(n_pairs, "par", "par", "pair", "pairs")
    listed_sv = f"{pairs_sv}: {_listed(facts.pairs, Lang.SV)}" if n_pairs else pairs_sv
    listed_en = f"{pairs_en}: {_listed(facts.pairs, Lang.EN)}" if n_pairs else pairs_en
    if heading == "five-aces":
        aces_sv, aces_en = _count(len(facts.aces), "ess", "ess", "ace", "aces")
        return (
            len(facts.aces) == 5,
            f"kräver alla fyra ess och jokern; här finns {aces_sv}",
            f"needs all four aces and the joker; this hand has {aces_en}",
        )
    if heading == "straight-flush":
        return (
            facts.straight_flush,
            "kräver en färgstege; här finns ingen",
            "needs a straight flush; this hand has none",
        )
    if heading == "four-of-a-kind":
        if rule_id == "four-of-a-kind.aces":
            has = bool(facts.quads) and RANK_OF[facts.quads[0][0]] == ACE
            return has, "kräver fyra ess", "needs four aces"
        return (
            bool(facts.quads),
            "kräver fyra kort av samma valör; här finns inget fyrtal",
            "needs four cards of one rank; this hand has no four of a kind",
        )
    if heading == "full-house":
        if rule_id == "full-house.two-trips":
            trips_sv, trips_en = _count(
                len(facts.trips), "triss", "triss", "three of a kind", "threes of a kind"
            )
            return (
                len(facts.trips) >= 2,
                f"kräver två triss; här finns {trips_sv}",
                f"needs two threes of a kind; this hand has {trips_en}",
            )
        has = bool(facts.trips) and (len(facts.trips) >= 2 or n_pairs >= 1)
        if rule_id == "full-house.two-pairs":
            return (
                bool(facts.trips) and n_pairs >= 2,
                f"kräver en triss och två par; här finns {listed_sv}"
                + ("" if facts.trips else " och ingen triss"),
                f"needs three of a kind and two pairs; this hand has {listed_en}"
                + ("" if facts.trips else " and no three of a kind"),
            )
        return (
            has,
            "kräver en triss och ett par till"
            + ("; här finns ingen triss" if not facts.trips else "; här finns inget par till"),
            "needs three of a kind and another pair"
            + (
                "; this hand has no three of a kind"
                if not facts.trips
                else "; this hand has no other pair"
            ),
        )
    if heading == "flush-straight":
        return (
            facts.straightish_value >= 0,
            "kräver en färg eller en stege; här finns varken eller",
            "needs a flush or a straight; this hand has neither",
        )
    if heading == "three-of-a-kind":
        if rule_id == "three-of-a-kind.aces":
            has = bool(facts.trips) and RANK_OF[facts.trips[0][0]] == ACE
            return has, "kräver tre ess", "needs three aces"
        return (
            bool(facts.trips),
            "kräver tre kort av samma valör; här finns ingen triss",
            "needs three cards of one rank; this hand has no three of a kind",
        )
    if rule_id == "three-pairs":
        return (
            n_pairs >= 3,
            f"kräver tre par; den här handen har {listed_sv}",
            f"needs three pairs; this hand has {listed_en}",
        )
    if heading == "two-pairs":
        return (
            n_pairs == 2,
            f"kräver två par; den här handen har {listed_sv}",
            f"needs two pairs; this hand has {listed_en}",
        )
    if heading == "one-pair":
        return (
            n_pairs == 1 and not facts.trips and not facts.quads,
            f"gäller en hand med bara ett par; den här handen har {listed_sv}",
            f"is for a hand with just one pair; this hand has {listed_en}",
        )
    has_sv, has_en = "", ""
    if facts.straightish_value >= 0:
        value = facts.straightish_value
        has_sv, has_en = a_hand(value, Lang.SV), a_hand(value, Lang.EN)
    elif facts.quads or facts.trips:
        has_sv, has_en = (
            ("ett fyrtal", "four of a kind") if facts.quads else ("en triss", "three of a kind")
        )
    elif facts.pairs:
        has_sv, has_en = listed_sv, listed_en
    return (
        not has_sv,
        f"gäller bara en hand utan par, stege och färg; den här handen har {has_sv}",
        f"is only for a hand with no pair, straight or flush; this hand has {has_en}",
    )


def why_not(rule_id: str, explanation: Explanation) -> Said:
    """Why ``rule_id``, chosen in "Name the rule", does not decide this hand."""
    decided = explanation.decision.rule
    chosen_sv, chosen_en = rule_name(rule_id, Lang.SV), rule_name(rule_id)
    decided_sv, decided_en = rule_name(decided, Lang.SV), rule_name(decided)
    if rule_id in explanation.path:
        return Said(
            rule_id,
            f"”{chosen_sv}” avgör den här handen. {explanation.text(Lang.SV)}",
            f"“{chosen_en}” does decide this hand. {explanation.text()}",
        )
    facts = explanation.trace.holds
    has, needs_sv, needs_en = _needs(rule_id, facts)
    if not has:
        return Said(rule_id, f"”{chosen_sv}” {needs_sv}.", f"“{chosen_en}” {needs_en}.")
    steps_sv, steps_en = explanation.text(Lang.SV), explanation.text()
    chosen_at, decided_at = HEADINGS.index(heading_of(rule_id)), HEADINGS.index(heading_of(decided))
    if chosen_at > decided_at:
        return Said(
            rule_id,
            f"Handen har det som ”{chosen_sv}” kräver, men ”{decided_sv}” kommer före i "
            f"reglerna. {steps_sv}",
            f"The hand has what “{chosen_en}” needs, but “{decided_en}” comes first in the "
            f"rules. {steps_en}",
        )
    return Said(
        rule_id,
        f"Här avgör ”{decided_sv}”, inte ”{chosen_sv}”. {steps_sv}",
        f"Here “{decided_en}” decides, not “{chosen_en}”. {steps_en}",
    )


def where_wrong(explanation: Explanation, two: Sequence[Card]) -> Said:
    """Where a member's split (given by its two-card hand) leaves the house way, in the
    terms of the step that decides; the house's step follows."""
    decision = explanation.decision
    hand = decision.hand
    low = tuple(two)
    five = [c for c in hand if c not in low]
    mine_five, mine_two = five_value(five), two_value(low)
    decided = next(step for step in reversed(explanation.steps) if step.applies)
    trace = explanation.trace
    house_sv, house_en = explanation.text(Lang.SV), explanation.text()
    if not is_legal(mine_five, mine_two):
        return Said(
            decided.rule,
            f"Din femkortshand är inte bättre än tvåkortshanden, så delningen är fellagd. "
            f"{house_sv}",
            f"Your five-card hand does not beat your two-card hand, so the split fouls. {house_en}",
        )
    facts = trace.holds
    rule = decision.rule
    kept_pairs = [p for p in facts.pairs if not set(p) & set(low)]
    moved = [g for g in (*facts.pairs, *facts.trips, *facts.quads) if set(low) <= set(g)]
    broken = [g for g in (*facts.pairs, *facts.trips, *facts.quads) if len(set(g) & set(low)) == 1]
    if rule == "two-pairs.split" and len(kept_pairs) == 2:
        ace_jack = next(step for step in trace.steps if step.rule == "two-pairs.ace-jack")
        why_sv, why_en = not_ace_jack(ace_jack)
        best = show(ace_jack.singles)
        return Said(
            "two-pairs.ace-jack",
            f"Du behöll båda paren. Huset behåller dem bara med minst ess och knekt bredvid; "
            f"här är de två högsta övriga korten {best} – {why_sv}. {decided.sv}",
            f"You kept both pairs. The house keeps them only with an ace and a jack or better "
            f"beside them; here the best two others are {best} — {why_en}. {decided.en}",
        )
    if rule == "two-pairs.split" and moved and moved[0] == facts.pairs[0]:
        return Said(
            rule,
            f"Du lade det högre paret, {show(moved[0])}, i tvåkortshanden. {house_sv}",
            f"You put the higher pair, {show(moved[0])}, in the two-card hand. {house_en}",
        )
    if rule == "two-pairs.ace-jack" and moved:
        return Said(
            rule,
            f"Du lade paret {show(moved[0])} i tvåkortshanden. {house_sv}",
            f"You put the pair {show(moved[0])} in the two-card hand. {house_en}",
        )
    if rule == "one-pair" and moved:
        return Said(
            rule,
            f"Du lade paret {show(moved[0])} i tvåkortshanden. {house_sv}",
            f"You put the pair {show(moved[0])} in the two-card hand. {house_en}",
        )
    if rule.endswith(".pair-moved") and not moved:
        pair = facts.pairs[0]
        return Said(
            rule,
            f"Du behöll paret {show(pair)} i femkortshanden. {house_sv}",
            f"You kept the pair {show(pair)} in the five-card hand. {house_en}",
        )
    house_kind = category_of(decision.five_value)
    if rule.endswith(".keep") and house_kind != category_of(mine_five):
        return Said(
            rule,
            f"Din femkortshand är inte längre {a_hand(decision.five_value, Lang.SV)}. {house_sv}",
            f"Your five-card hand is no longer {a_hand(decision.five_value, Lang.EN)}. {house_en}",
        )
    if broken:
        group = broken[0]
        card = next(c for c in group if c in low)
        return Said(
            decided.rule,
            f"Du bröt upp {show(group)} och lade {show([card])} i tvåkortshanden. {house_sv}",
            f"You broke up {show(group)} and put {show([card])} in the two-card hand. {house_en}",
        )
    if moved and RANK_OF[moved[0][0]] != RANK_OF[decision.two[0]]:
        group = moved[0]
        return Said(
            decided.rule,
            f"Du lade {show(low)} ur {show(group)} i tvåkortshanden. {house_sv}",
            f"You put {show(low)} from {show(group)} in the two-card hand. {house_en}",
        )
    theirs = show(decision.two)
    if mine_two < decision.two_value:
        why_sv = f"husets {theirs} är en bättre tvåkortshand"
        why_en = f"the house's {theirs} is a better two-card hand"
    elif mine_two > decision.two_value:
        why_sv = f"huset lägger {theirs} där och behåller en bättre femkortshand"
        why_en = f"the house puts {theirs} there and keeps a better five-card hand"
    else:
        why_sv = f"lika bra som husets {theirs}, men din femkortshand blir sämre"
        why_en = f"as good as the house's {theirs}, but your five-card hand is worse"
    return Said(
        decided.rule,
        f"Du lade {show(low)} i tvåkortshanden: {why_sv}. {house_sv}",
        f"You put {show(low)} in the two-card hand: {why_en}. {house_en}",
    )
