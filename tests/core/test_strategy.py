"""The player's way: its catalogue, that it is the house way wherever no rule of it applies,
that each rule gains by exact analysis on hands it changes, and ``houseway strategy``."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from houseway.analysis.analyze import analyze
from houseway.cards import DECK, JOKER, parse_hand
from houseway.hands import five_value, is_legal, two_value
from houseway.language import Lang
from houseway.player_rules import LONGEST_SENTENCE, WHOLE_WAY, find_player_rule
from houseway.rules import RULES
from houseway.strategy import (
    ADVICE_MARKER,
    PLAYER_RULE_IDS,
    PLAYER_RULE_NAMES,
    PLAYER_RULES,
    player_rule,
    player_split,
    player_way,
)
from houseway.way import house_way
from tests.conftest import run_cli

#: Hands each rule changes, picked by hand: typical of the rule, not its best cases.
CHANGED = {
    "pw.two-pairs.ace-together": ("Ad 8s 6s 6d 4h 4c 2c", "As 9c 9d 3h 3s 7d 5c"),
    "pw.two-pairs.ace-split": ("Ks Kd Qh Qc As Jd 4c", "Jh Jd 9s 9c Ah Qd 3s"),
    "pw.two-pairs.king-together": ("6h 6d 3s 3c Kd 9h 4c", "5h 5s 2d 2c Ks Ts 8d"),
    "pw.straight.pair": ("Ad Kc Qh Js Td Th 4c", "Ah Kc Qh Js Td Jd 4c"),
    "pw.straight-flush.better-low": ("Ks Qs Js Ts 9s 8d Ah", "Qh Jh Th 9h 8h Ac 3h"),
    "pw.three-of-a-kind.kings": ("Ks Kd Kc 9h 7d 4s 2c", "Kh Kd Kc Jh 8d 5s 3c"),
    "pw.high-card.ace": ("As Qd 8c 7h 5s 4d 2c", "Ad Kc 9h 6s 5d 4c 2h"),
}
#: Hands of refined house-way rules that no rule of the player's way changes.
KEPT = (
    "Qs Qd 8h 8c As 9d 4c",  # two pairs and an ace, but queens with eights: split
    "9s 9d 5h 5c Qs 7d 4c",  # two pairs with a queen: the house way
    "Ks Kd Kc Ah 7d 4s 2c",  # three kings beside an ace
    "Kd Qc Jh Ts 9d 9c 2h",  # K-Q beside a king-high straight and a pair of nines
    "As Kd Qc Jh 9s 7d 3h",  # ace high, the third card a queen
)


def test_at_most_fifteen_rules_each_with_both_texts_refining_a_house_rule() -> None:
    assert 1 <= len(PLAYER_RULES) <= 15
    assert len(set(PLAYER_RULE_IDS)) == len(PLAYER_RULE_IDS)
    for rule in PLAYER_RULES:
        assert rule.id.startswith("pw.") and rule.id not in RULES
        assert rule.refines in RULES
        assert rule.swedish.strip() and rule.english.strip() and rule.swedish != rule.english
        assert player_rule(rule.id) is rule
    assert player_rule("two-pairs.split") is None
    assert "inte kasinots" in ADVICE_MARKER[Lang.SV] and "not the casino" in ADVICE_MARKER[Lang.EN]
    assert set(CHANGED) == set(PLAYER_RULE_IDS)


@pytest.mark.parametrize(("rule", "hand"), [(r, h) for r, hs in CHANGED.items() for h in hs])
def test_each_rule_changes_its_hands_and_gains_by_exact_analysis(rule: str, hand: str) -> None:
    mine = player_way(hand)
    assert mine.rule == rule and mine.changed
    catalogued = player_rule(rule)
    assert catalogued is not None and mine.house.rule == catalogued.refines
    evs = {(s.five_value, s.two_value): s.ev for s in analyze(hand).splits}
    house = evs[(mine.house.five_value, mine.house.two_value)]
    assert evs[(mine.five_value, mine.two_value)] > house


@pytest.mark.parametrize("hand", KEPT)
def test_refined_rules_outside_the_player_rules_keep_the_house_way(hand: str) -> None:
    mine, house = player_way(hand), house_way(hand)
    assert (mine.five, mine.two, mine.rule) == (house.five, house.two, house.rule)
    assert not mine.changed


def test_random_hands_the_house_way_where_no_rule_applies_and_always_legal() -> None:
    rng = random.Random(23)
    refined = {rule.refines for rule in PLAYER_RULES}
    seen: set[str] = set()
    for _ in range(20_000):
        hand = tuple(rng.sample(DECK, 7))
        mine, house = player_way(hand), house_way(hand)
        assert sorted((*mine.five, *mine.two)) == sorted(hand)
        assert (mine.five_value, mine.two_value) == (five_value(mine.five), two_value(mine.two))
        assert is_legal(mine.five_value, mine.two_value)
        assert player_split(hand) == (mine.five_value, mine.two_value, mine.rule)
        if house.rule not in refined or not mine.changed:
            assert (mine.five, mine.two, mine.rule) == (house.five, house.two, house.rule)
        else:
            assert mine.rule in PLAYER_RULE_IDS
            seen.add(mine.rule)
    assert seen >= {"pw.two-pairs.ace-together", "pw.high-card.ace", "pw.straight.pair"}


def test_the_split_values_depend_only_on_the_suit_class() -> None:
    """What lets the whole-game solve evaluate one hand per suit class."""
    rng = random.Random(8)
    for _ in range(3_000):
        hand = rng.sample(DECK, 7)
        suits = rng.sample(range(4), 4)
        renamed = [c if c == JOKER else c - c % 4 + suits[c % 4] for c in hand]
        assert player_split(renamed) == player_split(hand)


def test_the_readme_holds_every_rule_in_both_languages_as_the_catalogue_does() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text("utf-8")
    for rule in PLAYER_RULES:
        assert rule.swedish in readme and rule.english in readme


def test_cli_json_gives_the_split_rule_and_the_house_way_as_houseway_json() -> None:
    hand = "Ad 8s 6s 6d 4h 4c 2c"
    done = run_cli("strategy", "--json", hand)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    house = json.loads(run_cli("--json", hand).stdout)
    assert answer["rule"] == "pw.two-pairs.ace-together"
    assert answer["advice"] is True and answer["differs"] is True
    assert answer["five"] == ["6s", "6d", "4h", "4c", "2c"] and answer["two"] == ["Ad", "8s"]
    assert {k: answer[k] for k in ("input", "hand", "canonical")} == {
        k: house[k] for k in ("input", "hand", "canonical")
    }
    assert answer["house"] == {"five": house["five"], "two": house["two"], "rule": house["rule"]}


def test_cli_stream_answers_each_line_with_bad_lines_as_houseway_does() -> None:
    lines = ["Ks Kd Kc 9h 7d 4s 2c", "bad", "", "As Kd Qc Jh 9s 7d JK", "As As Kd Qc Jh 9s 7d"]
    stdin = "\n".join(lines) + "\n"
    done = run_cli("strategy", "--json", "-", stdin=stdin)
    assert done.returncode == 1
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    house = [json.loads(line) for line in run_cli("--json", "-", stdin=stdin).stdout.splitlines()]
    assert len(answers) == len(lines)
    for mine, theirs in zip(answers, house, strict=True):
        if "error" in theirs:
            assert mine == theirs
    kings, plain = answers[0], answers[3]
    assert kings["rule"] == "pw.three-of-a-kind.kings" and kings["two"] == ["Kc", "9h"]
    assert plain["rule"] == house[3]["rule"] == "flush-straight.keep"
    assert plain["differs"] is False and plain["advice"] is False
    assert (plain["five"], plain["two"]) == (house[3]["five"], house[3]["two"])


def test_cli_text_marks_the_advice_and_shows_both_texts() -> None:
    done = run_cli("strategy", "Ks", "Kd", "Kc", "9h", "7d", "4s", "2c")
    assert done.returncode == 0, done.stderr
    rule = player_rule("pw.three-of-a-kind.kings")
    assert rule is not None
    assert ADVICE_MARKER[Lang.SV] in done.stdout and ADVICE_MARKER[Lang.EN] in done.stdout
    assert rule.swedish in done.stdout and rule.english in done.stdout
    assert "Two-card:   Kc 9h\n" in done.stdout
    assert "Rule:       pw.three-of-a-kind.kings (changes three-of-a-kind" in done.stdout
    plain = run_cli("strategy", "As Kd Qc Jh 9s 7d JK")
    assert "Rule:       flush-straight.keep (as the house way)" in plain.stdout
    assert ADVICE_MARKER[Lang.EN] not in plain.stdout


def test_cli_measure_prints_the_shares_and_every_rule() -> None:
    done = run_cli("strategy", "--measure", "--hands", "26", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["hands"] == 26
    assert [r["rule"] for r in result["rules"]] == list(PLAYER_RULE_IDS)
    share, low, high = result["overall"]["share"]
    assert low <= share <= high
    assert result["overall"]["gives_up"] >= 0
    assert run_cli("strategy", "--measure", "--hands", "3").returncode == 2


@pytest.mark.parametrize(
    ("hand", "applies", "rule"),
    [
        # "… and no flush": a straight and a flush in one hand is the house way's.
        ("Ah JK Ks Qs Ts 8c 6s", False, "pw.straight.pair"),
        ("Ac JK Kd Jc Tc 4s 2c", False, "pw.straight.pair"),
        # "the joker counts as an ace, even where it fills the straight".
        ("JK Qd Js 9s 9d 8c 2h", True, "pw.straight.pair"),
        ("As JK Kd Jc Tc 4s 2h", True, "pw.straight.pair"),
        # "(not a straight flush)": a royal flush with a pair is rule 5's or the house's.
        ("Ah Kh Qh Jh Th Ts 2c", False, "pw.straight.pair"),
        # "Three kings, no flush …".
        ("Ks Kh Kd Jh Th 4h 2h", False, "pw.three-of-a-kind.kings"),
        ("Ks Kd Kc 9h 7d 4s 2c", True, "pw.three-of-a-kind.kings"),
    ],
)
def test_the_rules_texts_conditions_are_the_codes(hand: str, applies: bool, rule: str) -> None:
    """The words a player follows ("no flush", "the joker counts as an ace") are what the
    code does at their edges, so the exact value measured is the value of the texts."""
    assert (player_way(parse_hand(hand)).rule == rule) == applies
    text = next(r for r in PLAYER_RULES if r.id == rule)
    assert "ingen färg" in text.swedish and "no flush" in text.english


def sentences(text: str) -> list[str]:
    """A text's sentences: split after a full stop, a question or an exclamation mark."""
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def test_every_sentence_of_a_rule_is_short_enough_to_read_in_one_breath() -> None:
    """No sentence over 250 characters (rule 4 was one of about 390), in either language;
    names short enough to say aloud."""
    assert max(len(s) for s in sentences(PLAYER_RULES[3].swedish)) < 200  # it was 386
    for rule in PLAYER_RULES:
        for said in (rule.swedish, rule.english):
            assert len(sentences(said)) >= 1
            assert all(len(s) <= LONGEST_SENTENCE for s in sentences(said)), said
        names = PLAYER_RULE_NAMES[rule.id]
        assert all(len(name) <= 50 and "." not in name for name in names.values())
    for lang in Lang:
        assert len({names[lang] for names in PLAYER_RULE_NAMES.values()}) == len(PLAYER_RULES)


@pytest.mark.parametrize(("rule", "hand"), [(r, h) for r, hs in CHANGED.items() for h in hs])
def test_the_rule_that_changes_a_split_records_what_it_read(rule: str, hand: str) -> None:
    mine = player_way(hand)
    assert mine.step is not None and mine.step.rule == rule
    assert mine.step.low == mine.two
    if rule.startswith("pw.two-pairs."):
        assert [len(group) for group in mine.step.groups] == [2, 2]
        assert len(mine.step.singles) == 3


@pytest.mark.parametrize("hand", KEPT)
def test_no_record_where_the_house_way_stands(hand: str) -> None:
    assert player_way(hand).step is None


def test_a_rule_found_by_its_name_in_either_language_or_its_id() -> None:
    for rule in PLAYER_RULES:
        for said in (rule.id, *PLAYER_RULE_NAMES[rule.id].values()):
            assert find_player_rule(said.upper()) == rule.id
    assert find_player_rule("Spelarens  sätt") == WHOLE_WAY == find_player_rule("pw")
    assert find_player_rule("two pairs split") is None  # a house-way rule's name
