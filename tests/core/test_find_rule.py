"""A rule found by what a member types: its id or its name in either language."""

import pytest

from houseway.language import Lang
from houseway.rules import RULES, find_rule, rule_name


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_is_found_by_its_id_and_both_names(rule_id: str) -> None:
    for typed in (rule_id, rule_name(rule_id, Lang.SV), rule_name(rule_id, Lang.EN)):
        assert find_rule(typed) == rule_id
        assert find_rule(f"  {typed.upper()}  ") == rule_id


def test_dashes_and_spaces_as_people_type_them() -> None:
    assert find_rule("fyrtal i 7-10") == "four-of-a-kind.7-10"  # typed with a hyphen
    assert find_rule("two   pairs  split") == "two-pairs.split"


def test_no_rule_is_made_up() -> None:
    assert find_rule("fyrtal i damer") is None
    assert find_rule("") is None
