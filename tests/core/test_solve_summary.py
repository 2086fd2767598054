"""The shipped summary of the whole-game solve is checked before its figures are called
exact: a damaged file falls back to the sampled figures and says what is wrong, once
(issue 30, item 2)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from houseway.analysis.figures import (
    house_edges,
    load_solve_summary,
    rule_cost,
    sampled_rule_cost,
    shipped_solve,
    solve_file,
)

SHIPPED: dict[str, Any] = json.loads(solve_file().read_text("utf-8"))


def test_the_shipped_summary_checks_out_and_is_used() -> None:
    shipped = shipped_solve()
    assert shipped.problem is None and shipped.summary is not None
    assert rule_cost("one-pair") is not None and rule_cost("one-pair").exact  # type: ignore[union-attr]


def edited(change: Callable[[dict[str, Any]], object]) -> bytes:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return json.dumps(data).encode()


def first_rule(data: dict[str, Any]) -> dict[str, Any]:
    return data["rules"][next(iter(data["rules"]))]  # type: ignore[no-any-return]


def first_path(data: dict[str, Any]) -> dict[str, Any]:
    return data["paths"][next(iter(data["paths"]))]  # type: ignore[no-any-return]


DAMAGED: dict[str, bytes] = {
    "cut short": json.dumps(SHIPPED).encode()[:500],
    "empty": b"",
    "not UTF-8": b'{"partial": false, "hands": \xff}',
    "a list": b"[1, 2, 3]",
    "a number": b"7",
    "no rules": edited(lambda d: d.pop("rules")),
    "rules empty": edited(lambda d: d.update(rules={})),
    "hands 0": edited(lambda d: d.update(hands=0)),
    "hands as text": edited(lambda d: d.update(hands=str(d["hands"]))),
    "fifty classes": edited(lambda d: d.update(classes=50)),
    "a rule without hands": edited(lambda d: first_rule(d).pop("hands")),
    "a path's hands off by one": edited(
        lambda d: first_path(d).update(hands=1 + first_path(d)["hands"])
    ),
    "a path's classes off by one": edited(
        lambda d: first_path(d).update(classes=1 + first_path(d)["classes"])
    ),
    "no paths": edited(lambda d: d.pop("paths")),
    "a rule counting more hands than there are": edited(
        lambda d: first_rule(d).update(hands=10**12)
    ),
    "a share above one": edited(lambda d: first_rule(d).update(not_best_share=1.5)),
    "a negative give-up": edited(lambda d: first_rule(d).update(give_up=-0.1)),
    "NaN figures": json.dumps(SHIPPED).replace('"give_up": 0.0', '"give_up": NaN', 1).encode(),
    "no figures for all hands": edited(lambda d: d.pop("all")),
    "won_back not a number": edited(lambda d: d["player_way"].update(won_back="a lot")),
    "two pairs' won_back missing": edited(lambda d: d["player_way"]["two_pairs"].pop("won_back")),
    "partial neither true nor false": edited(lambda d: d.update(partial="no")),
    "the house way's edge missing": edited(lambda d: d["house_way"].pop("house_edge")),
    "an edge above one": edited(lambda d: d["best_split"].update(house_edge=1.5)),
    "the best split's edge above the house way's": edited(
        lambda d: d["best_split"].update(house_edge=d["house_way"]["house_edge"] + 0.001)
    ),
    "the player's way's edge as text": edited(
        lambda d: d["player_way"]["player_way"].update(house_edge="2.28 %")
    ),
    "the player's way's edge above the house way's": edited(
        lambda d: d["player_way"]["player_way"].update(house_edge=0.03)
    ),
    "the player's way's edge below the best split's": edited(
        lambda d: d["player_way"]["player_way"].update(house_edge=0.02)
    ),
}


def test_the_damages_are_damages_of_the_shipped_file() -> None:
    """Each edit changes the file (so a check that passes it has missed something)."""
    whole = json.dumps(SHIPPED).encode()
    assert all(content != whole for content in DAMAGED.values())
    assert b'"give_up": NaN' in DAMAGED["NaN figures"]


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_summary_is_not_used_and_says_why(tmp_path: Path, damage: str) -> None:
    file = tmp_path / "solve.json"
    file.write_bytes(DAMAGED[damage])
    summary, problem = load_solve_summary(file)
    assert summary is None
    assert problem, damage
    assert "Traceback" not in problem


def test_a_directory_in_its_place_says_so(tmp_path: Path) -> None:
    (tmp_path / "solve.json").mkdir()
    summary, problem = load_solve_summary(tmp_path / "solve.json")
    assert summary is None and problem is not None and "cannot be read" in problem


def test_no_file_or_a_partial_run_falls_back_without_a_word(tmp_path: Path) -> None:
    assert load_solve_summary(tmp_path / "solve.json") == (None, None)
    (tmp_path / "solve.json").write_text(json.dumps({**SHIPPED, "partial": True}))
    assert load_solve_summary(tmp_path / "solve.json") == (None, None)


def test_a_copy_of_the_shipped_file_is_used(tmp_path: Path) -> None:
    (tmp_path / "solve.json").write_text(json.dumps(SHIPPED))
    summary, problem = load_solve_summary(tmp_path / "solve.json")
    assert problem is None and summary == SHIPPED


def test_a_damaged_file_leaves_the_sampled_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule pages' figures come from the sampled run once the shipped file is damaged."""
    file = tmp_path / "solve.json"
    file.write_bytes(DAMAGED["NaN figures"])
    monkeypatch.setattr("houseway.analysis.figures.solve_file", lambda: file)
    shipped_solve.cache_clear()
    try:
        cost = rule_cost("two-pairs.split")
        assert cost is not None and not cost.exact
        assert cost == sampled_rule_cost("two-pairs.split")
        assert shipped_solve().problem is not None
    finally:
        monkeypatch.undo()
        shipped_solve.cache_clear()


def test_the_house_edges_are_read_from_the_shipped_summary() -> None:
    """The player's way's page reads its three edges from the summary: the house way's,
    the player's way's and the best split's, in that order of size (2.72 %, 2.28 %, 2.20 %
    when the game was solved)."""
    edges = house_edges()
    assert edges is not None
    assert edges.house_way == SHIPPED["house_way"]["house_edge"]
    assert edges.player_way == SHIPPED["player_way"]["player_way"]["house_edge"]
    assert edges.best_split == SHIPPED["best_split"]["house_edge"]
    assert edges.best_split < edges.player_way < edges.house_way
    assert (round(100 * edges.house_way, 2), round(100 * edges.player_way, 2)) == (2.72, 2.28)


def test_no_edges_without_a_whole_solve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "solve.json"
    file.write_bytes(DAMAGED["the player's way's edge below the best split's"])
    monkeypatch.setattr("houseway.analysis.figures.solve_file", lambda: file)
    shipped_solve.cache_clear()
    try:
        assert house_edges() is None
        assert shipped_solve().problem == (
            "its player's way's house edge is not between the best split's and the house way's"
        )
    finally:
        monkeypatch.undo()
        shipped_solve.cache_clear()
