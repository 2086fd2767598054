"""Practice logic: the Leitner schedule, hands for a rule, plausible options, the verdict."""

from __future__ import annotations

import random

import pytest

from houseway import house_way, parse_hand
from houseway.analysis.exact import PathSampler
from houseway.cards import NAMES as NAMES_OF
from houseway.language import Lang
from houseway.learning.practice import (
    FOUL_EV,
    GAPS,
    RuleRecord,
    Schedule,
    deciding_rules,
    eligible_rules,
    hand_for,
    introduction_order,
    path_counts,
    plausibility,
    rule_options,
    rules_of_answer,
    verdict,
)
from houseway.rules import NAMES, RULE_IDS, RULES, find_rule, rule_name, rule_summary, rules_like


@pytest.fixture(scope="module")
def sampler() -> PathSampler:
    return PathSampler()


def run(schedule: Schedule, hands: int, wrong: set[str], mode: str = "set") -> list[str | None]:
    """The rules a member is dealt who answers every hand right except those of ``wrong``."""
    records: dict[str, RuleRecord] = {}
    dealt: list[str | None] = []
    for step in range(hands):
        rule_id = schedule.next_rule(step, records, eligible_rules(mode))
        dealt.append(rule_id)
        if rule_id is not None:
            records[rule_id] = schedule.after(records.get(rule_id), rule_id not in wrong, step + 1)
    return dealt


def test_a_new_member_meets_the_common_rules_first_and_reviews_them() -> None:
    dealt = run(Schedule(), 9, wrong=set())
    assert dealt == [
        "one-pair", "two-pairs.split", "high-card",  # new rules while nothing is due
        "one-pair", "two-pairs.split", "high-card",  # box 1: due two hands later
        "flush-straight.keep", "three-of-a-kind",  # nothing due: two more new rules
        "one-pair",  # box 2: due four hands after its second answer
    ]  # fmt: skip


def test_a_rule_missed_again_and_again_comes_back_every_other_hand() -> None:
    missed = run(Schedule(), 30, wrong={"two-pairs.split"})
    known = run(Schedule(), 30, wrong=set())
    places_missed = [i for i, rule_id in enumerate(missed) if rule_id == "two-pairs.split"]
    places_known = [i for i, rule_id in enumerate(known) if rule_id == "two-pairs.split"]
    # Wrong: box 0, due one hand later, so it is dealt every other hand once it is the
    # most overdue rule; right: box 1, 2, 3 ... with gaps 2, 4, 8.
    assert places_known == [1, 4, 10, 20]
    assert places_missed[:4] == [1, 3, 5, 7]
    assert len(places_missed) > 2 * len(places_known)


def test_after_moves_a_rule_between_boxes() -> None:
    schedule = Schedule()
    first = schedule.after(None, True, step=1)
    assert first == RuleRecord(box=1, due=1 + GAPS[1], answered=1, right=1)
    up = schedule.after(first, True, step=5)
    assert (up.box, up.due, up.answered, up.right) == (2, 5 + GAPS[2], 2, 2)
    down = schedule.after(up, False, step=6)
    assert (down.box, down.due, down.answered, down.right) == (0, 6 + GAPS[0], 3, 2)
    top = RuleRecord(box=len(GAPS) - 1, due=0)
    assert schedule.after(top, True, step=100).box == len(GAPS) - 1


def test_nothing_due_and_everything_met_means_a_plain_deal() -> None:
    records = {rule_id: RuleRecord(box=5, due=100) for rule_id in RULES}
    assert Schedule().next_rule(10, records, eligible_rules("set")) is None
    records["five-aces"] = RuleRecord(box=5, due=10)
    assert Schedule().next_rule(10, records, eligible_rules("set")) == "five-aces"


def test_the_most_overdue_rule_comes_first_then_the_lower_box() -> None:
    records = {
        "one-pair": RuleRecord(box=0, due=5),
        "high-card": RuleRecord(box=3, due=4),
        "full-house": RuleRecord(box=1, due=4),
    }
    assert Schedule().next_rule(6, records, RULES) == "full-house"


def test_gaps_are_passed_in() -> None:
    schedule = Schedule(gaps=(3, 30))
    assert schedule.after(None, False, step=1).due == 4
    assert schedule.after(None, True, step=1).due == 31


def test_naming_the_rule_practises_only_rules_that_decide() -> None:
    assert "flush-straight.two-pairs" not in deciding_rules()
    assert "straight-flush.two-pairs" not in deciding_rules()
    assert set(deciding_rules()) | {"flush-straight.two-pairs", "straight-flush.two-pairs"} == set(
        RULES
    )
    assert set(run(Schedule(), 200, set(), mode="rule")) - {None} == set(deciding_rules())
    assert rules_of_answer("rule", ("flush-straight.two-pairs", "two-pairs.split")) == (
        "two-pairs.split",
    )
    assert rules_of_answer("set", ("flush-straight.two-pairs", "two-pairs.split")) == (
        "flush-straight.two-pairs",
        "two-pairs.split",
    )


def test_a_member_who_answers_right_meets_every_rule_within_120_hands() -> None:
    dealt = run(Schedule(), 120, wrong=set())
    assert set(dealt) - {None} == set(RULES)
    assert introduction_order()[0] == "one-pair" and introduction_order()[-1] == "five-aces"


@pytest.mark.parametrize("mode", ["set", "rule"])
def test_a_hand_for_a_rule_is_set_by_that_rule(sampler: PathSampler, mode: str) -> None:
    rng = random.Random(7)
    for rule_id in eligible_rules(mode):
        for _ in range(20):
            decision = house_way(hand_for(rule_id, mode, sampler.draw, rng))
            if mode == "rule":
                assert decision.rule == rule_id
            else:
                assert rule_id in decision.path


@pytest.mark.parametrize("mode", ["set", "rule", "win"])
def test_more_like_this_deals_for_every_rule_in_every_mode(sampler: PathSampler, mode: str) -> None:
    """ "More like this" carries any rule a hand was set by: one that never decides
    (straight-flush.two-pairs hands over to the two-pairs rules) deals hands it is on."""
    rng = random.Random(11)
    for rule_id in RULE_IDS:
        decision = house_way(hand_for(rule_id, mode, sampler.draw, rng))
        assert rule_id in decision.path, (rule_id, mode)


def test_paths_are_chosen_by_their_share(sampler: PathSampler) -> None:
    rng = random.Random(3)
    paths = [
        house_way(hand_for("two-pairs.split", "set", sampler.draw, rng)).path for _ in range(2000)
    ]
    plain = sum(path == ("two-pairs.split",) for path in paths) / len(paths)
    counts = path_counts()
    expected = counts["two-pairs.split"] / sum(
        count for path, count in counts.items() if "two-pairs.split" in path.split(",")
    )
    assert abs(plain - expected) < 0.03  # about 0.95; the flush/straight hand-overs are the rest


def test_options_hold_the_answer_and_three_others_never_on_the_path() -> None:
    rng = random.Random(1)
    for hand in ("2h 5h 8h Jh Kh As Ad", "Ks Kh 7d 7c Ad Tc 3h", "JK Kd Qs 9c 7h 5d 3s"):
        decision = house_way(parse_hand(hand))
        for _ in range(20):
            options = rule_options(decision, rng)
            assert len(options) == len(set(options)) == 4
            assert decision.rule in options
            assert not set(options) & (set(decision.path) - {decision.rule})
            assert set(options) <= set(deciding_rules())


@pytest.mark.parametrize("lang", list(Lang))
def test_no_two_options_are_described_alike(lang: Lang) -> None:
    """#29 §4: "Färgstege: paret flyttas" and "Färg eller stege: paret flyttas" were offered
    together, both described "Med ett par går paret till tvåkortshanden om en stege eller
    färg blir kvar.": a member could not tell them apart by the menu."""
    alike = {
        summary: [r for r in deciding_rules() if rule_summary(r, lang) == summary]
        for summary in {rule_summary(r, lang) for r in deciding_rules()}
    }
    assert ["straight-flush.pair-moved", "flush-straight.pair-moved"] in alike.values()
    rng = random.Random(29)
    for hand in ("4c 5h 6h 7h 8h 9h 9c", "2h 5h 8h Jh Kh As Ad", "Ks Kh 7d 7c Ad Tc 3h"):
        decision = house_way(parse_hand(hand))
        for _ in range(200):
            options = rule_options(decision, rng)
            described = [rule_summary(rule_id, lang) for rule_id in options]
            assert len(set(described)) == len(options) == 4, options
            assert decision.rule in options


def test_a_four_of_a_kind_is_asked_among_the_four_of_a_kind_bands() -> None:
    decision = house_way(parse_hand("8s 8h 8d 8c Kd 5c 2h"))
    assert decision.rule == "four-of-a-kind.7-10"
    for seed in range(10):
        options = rule_options(decision, random.Random(seed))
        assert all(option.startswith("four-of-a-kind.") for option in options)


def test_two_pairs_are_asked_among_the_two_pair_rules_and_what_the_hand_also_is() -> None:
    decision = house_way(parse_hand("Ks Kh 7d 7c Ad Tc 3h"))  # two-pairs.split
    for seed in range(10):
        options = set(rule_options(decision, random.Random(seed)))
        assert {"two-pairs.ace-jack", "three-pairs"} <= options
    assert plausibility("one-pair", decision) == 2  # the hand has a pair too
    assert plausibility("five-aces", decision) == 0


def test_a_flush_with_a_pair_offers_the_parallel_straight_flush_branch() -> None:
    decision = house_way(parse_hand("2h 5h 8h Jh Kh As Ad"))  # flush-straight.pair-moved
    assert plausibility("flush-straight.keep", decision) == 3
    assert plausibility("straight-flush.pair-moved", decision) == 2
    assert plausibility("straight-flush.keep", decision) == 0
    assert plausibility("one-pair", decision) == 2


def test_verdict_right_wrong_and_foul_with_what_each_gives_up() -> None:
    decision = house_way(parse_hand("Ks Kh 7d 7c Ad Tc 3h"))
    by_name = {NAMES_OF[card]: card for card in decision.hand}
    # EVs of three splits from spec section 8 (the house way is the best there).
    house_key = (decision.five_value, decision.two_value)
    evs = {house_key: 0.558920}
    ad_tc = verdict(decision, [by_name["Ad"], by_name["Tc"]])
    evs[(ad_tc.five_value, ad_tc.two_value)] = 0.342321
    right = verdict(decision, [by_name["7d"], by_name["7c"]], evs)
    assert right.correct and not right.foul
    assert right.behind_house == 0 and right.behind_best == 0
    wrong = verdict(decision, [by_name["Ad"], by_name["Tc"]], evs)
    assert not wrong.correct and not wrong.foul
    assert wrong.behind_house == pytest.approx(0.216599)
    assert wrong.two == (by_name["Ad"], by_name["Tc"])
    foul = verdict(decision, [by_name["Ks"], by_name["Kh"]], evs)  # a pair of kings low
    assert foul.foul and not foul.correct and foul.member_ev == FOUL_EV
    assert foul.behind_best == pytest.approx(0.558920 + 1)
    unknown = verdict(decision, [by_name["Ad"], by_name["Tc"]])
    assert unknown.member_ev is None and unknown.behind_house is None
    with pytest.raises(ValueError):
        verdict(decision, [by_name["Ad"], by_name["Ad"]])


def test_every_rule_has_short_names_and_summaries_within_discords_limits() -> None:
    assert set(NAMES) == set(RULES)
    for lang in Lang:
        names = [rule_name(rule_id, lang) for rule_id in RULES]
        assert len(set(names)) == len(names)
        for rule_id in RULES:
            assert 0 < len(rule_name(rule_id, lang)) <= 100
            assert 0 < len(rule_summary(rule_id, lang)) <= 100
    assert rule_name("four-of-a-kind.7-10", Lang.SV) == "Fyrtal i 7–10"


def test_upcoming_plays_the_schedule_forward() -> None:
    from houseway.learning.practice import RuleRecord, Schedule, introduction_order

    order = introduction_order()
    records = {
        "high-card": RuleRecord(box=0, due=9),  # overdue
        "two-pairs.split": RuleRecord(box=1, due=10),  # due now
        "one-pair": RuleRecord(box=0, due=11),  # due after one more hand
    }
    schedule = Schedule()
    upcoming = schedule.upcoming(10, records, order, count=4)
    first_new = next(r for r in order if r not in records)
    assert upcoming == [
        ("high-card", 0, False),
        ("two-pairs.split", 1, False),
        ("one-pair", 2, False),
        (first_new, 4, True),  # after high-card again: box 1, due two hands later
    ]
    # the same as dealing hand after hand and answering each right
    ahead, dealt = dict(records), []
    for step in range(10, 15):
        rule_id = schedule.next_rule(step, ahead, order)
        assert rule_id is not None
        dealt.append(rule_id)
        ahead[rule_id] = schedule.after(ahead.get(rule_id), True, step + 1)
    assert dealt == ["high-card", "two-pairs.split", "one-pair", "high-card", first_new]


def test_swedish_names_say_fargstege_not_straight_flush() -> None:
    """The Swedish word for a straight flush in names and summaries (the quoted sentences
    keep the casino's "straight flush")."""
    assert rule_name("straight-flush.keep", Lang.SV) == "Färgstegen behålls"
    assert rule_name("straight-flush.two-pairs", Lang.SV) == "Färgstege med två par"
    assert rule_name("straight-flush.pair-moved", Lang.SV) == "Färgstege: paret flyttas"
    for rule_id in RULES:
        shown = rule_name(rule_id, Lang.SV) + rule_summary(rule_id, Lang.SV)
        assert "straight" not in shown.lower(), rule_id
    assert "straight flush" in RULES["straight-flush.keep"].swedish


def test_every_rule_is_found_by_its_id_and_its_names_in_either_language() -> None:
    for rule_id in RULES:
        for words in (rule_id, rule_name(rule_id, Lang.SV), rule_name(rule_id).upper()):
            assert find_rule(f"  {words} ") == rule_id
    assert find_rule("fyrtal i 7-10") == "four-of-a-kind.7-10"  # a hyphen for the en dash
    assert find_rule("två par") is None
    assert rules_like("två par") == (
        "straight-flush.two-pairs",
        "flush-straight.two-pairs",
        "two-pairs.split",
        "two-pairs.ace-jack",
        "full-house.two-pairs",
    )
    assert rules_like("  ") == ()
