"""The shipped figures the bot's rule pages read, with the standard library only: the
sampled ones (``houseway cost``'s run, ``data/cost.json``) and the exact ones of the
whole-game solve (``data/solve.json``), checked before they are called exact."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

from houseway.analysis.census import CLASSES, TOTAL_HANDS
from houseway.analysis.cost import GAP_MAX, Estimate, RuleCost

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

COST_RESOURCE: Final = "data/cost.json"
#: The whole-game solve's summary (``houseway solve --summarise``), when it has run.
SOLVE_RESOURCE: Final = "data/solve.json"


@cache
def _shipped() -> dict[str, RuleCost]:
    text = resources.files("houseway").joinpath(COST_RESOURCE).read_text("utf-8")
    data = json.loads(text)
    return {entry["rule"]: RuleCost.from_json(entry) for entry in data["rules"]}


def solve_file() -> Traversable:
    """Where the shipped summary of the whole-game solve is (``houseway/data/solve.json``)."""
    return resources.files("houseway").joinpath(SOLVE_RESOURCE)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _share(value: object, high: float = 1.0) -> bool:
    """A finite number in [0, high] (NaN and infinities are not figures)."""
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= high
    )


def _entry_problem(name: str, entry: object) -> str | None:
    if not isinstance(entry, dict):
        return f"{name} is not an object"
    if not _count(entry.get("hands")):
        return f"{name} has no count of hands"
    if not _share(entry.get("not_best_share")):
        return f"{name}'s not_best_share is not a share between 0 and 1"
    if not _share(entry.get("give_up"), GAP_MAX):
        return f"{name}'s give_up is not a figure between 0 and {GAP_MAX}"
    return None


def solve_summary_problem(data: object) -> str | None:
    """What is wrong with a finished solve's summary, or None when its figures can be
    called exact: every hand and class counted once (the house-way paths, which partition
    the hands, add up to all of them), every rule's figures in range, and the player's
    way's figures, when there, shares."""
    if not isinstance(data, dict):
        return "it is not a JSON object"
    if data.get("hands") != TOTAL_HANDS or data.get("classes") != CLASSES:
        return f"it does not count all {TOTAL_HANDS:,} hands in {CLASSES:,} classes"
    rules, paths = data.get("rules"), data.get("paths")
    if not isinstance(rules, dict) or not rules or not isinstance(paths, dict) or not paths:
        return "it has no rules or no paths"
    named = [*rules.items(), *paths.items(), ("all", data.get("all"))]
    for name, entry in named:
        problem = _entry_problem(name, entry)
        if problem is not None:
            return problem
        if entry["hands"] > TOTAL_HANDS:
            return f"{name} counts more hands than there are"
    if not all(_count(entry.get("classes")) for entry in paths.values()):
        return "a path has no count of classes"
    if (
        sum(entry["hands"] for entry in paths.values()) != TOTAL_HANDS
        or sum(entry["classes"] for entry in paths.values()) != CLASSES
    ):
        return "its paths' hands and classes do not add up to all of them"
    if data["all"]["hands"] != TOTAL_HANDS:
        return "its figures for all hands do not count all hands"
    house, best = _edge(data.get("house_way")), _edge(data.get("best_split"))
    if house is None or best is None:
        return "its house edges (house way, best split) are not shares"
    if best > house:
        return "its best split's house edge is above the house way's"
    way = data.get("player_way")
    if way is not None:
        pairs = way.get("two_pairs") if isinstance(way, dict) else None
        if (
            not isinstance(pairs, dict)
            or way.get("hands") != TOTAL_HANDS
            or not _share(way.get("won_back"))
            or not _share(pairs.get("won_back"))
        ):
            return "its player's way figures are not shares of all hands"
        player = _edge(way.get("player_way"))
        if player is None or not best <= player <= house:
            return (
                "its player's way's house edge is not between the best split's and the house way's"
            )
    return None


def _edge(entry: object) -> float | None:
    """An entry's house edge when it is a share (what a player loses per unit bet)."""
    edge: object = entry.get("house_edge") if isinstance(entry, dict) else None
    return float(edge) if isinstance(edge, int | float) and _share(edge) else None


def load_solve_summary(file: Traversable) -> tuple[dict[str, Any] | None, str | None]:
    """(the summary, None) for a finished solve whose figures check out; (None, None) when
    there is none or it covers part of the game (the sampled figures serve, as they should);
    (None, what is wrong) for a file that is damaged, so that a caller can say so once."""
    try:
        data = json.loads(file.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        return None, f"it cannot be read as JSON ({type(error).__name__})"
    if isinstance(data, dict) and data.get("partial", True) is True:
        return None, None
    if not isinstance(data, dict) or data.get("partial") is not False:
        return None, "it says neither that it is partial nor that it is whole"
    problem = solve_summary_problem(data)
    return (None, problem) if problem is not None else (data, None)


@dataclass(frozen=True)
class ShippedSolve:
    """The shipped summary as the rule pages read it: the summary and its exact figures
    per rule when it checks out; what is wrong with it when it is damaged."""

    summary: dict[str, Any] | None
    problem: str | None
    costs: dict[str, RuleCost] | None


@cache
def shipped_solve() -> ShippedSolve:
    """The shipped summary, read and checked once (see :func:`load_solve_summary`)."""
    summary, problem = load_solve_summary(solve_file())
    return ShippedSolve(summary, problem, None if summary is None else _exact_costs(summary))


def solve_summary() -> dict[str, Any] | None:
    """The shipped summary of a finished whole-game solve, or None when none is shipped,
    it covers only part of the game, or it is damaged (then the sampled figures serve)."""
    return shipped_solve().summary


@dataclass(frozen=True)
class HouseEdges:
    """The house edge against a dealer who sets by the house way, exact over every hand:
    when the player sets as the house does, by the player's way, and by the best split of
    each hand (what no strategy can beat). Shares: 0.0272 is 2.72 %."""

    house_way: float
    player_way: float
    best_split: float


def house_edges() -> HouseEdges | None:
    """The shipped solve's house edges (checked: shares, best ≤ player's way ≤ house way),
    or None when no whole solve with the player's way is shipped."""
    summary = solve_summary()
    way = None if summary is None else summary.get("player_way")
    if summary is None or not isinstance(way, dict):
        return None
    return HouseEdges(
        float(summary["house_way"]["house_edge"]),
        float(way["player_way"]["house_edge"]),
        float(summary["best_split"]["house_edge"]),
    )


def _exact_costs(summary: dict[str, Any]) -> dict[str, RuleCost]:
    def exact(rule: str, entry: dict[str, Any]) -> RuleCost:
        not_best, give_up = float(entry["not_best_share"]), float(entry["give_up"])
        return RuleCost(
            rule,
            entry["hands"] / summary["hands"],
            int(entry["hands"]),
            Estimate(not_best, not_best, not_best),
            Estimate(give_up, give_up, give_up),
            exact=True,
        )

    costs = {rule: exact(rule, entry) for rule, entry in summary["rules"].items()}
    return {**costs, "all": exact("all", summary["all"])}


def rule_cost(rule: str) -> RuleCost | None:
    """The shipped figures for a rule id (``"all"`` for all hands), or None if unknown:
    the whole-game solve's exact ones where it has run (``houseway/data/solve.json``), else
    the sampled ones of ``houseway/data/cost.json`` (see docs/contributors.md). Stdlib
    only, cheap after the first call: for the bot's rule pages.
    """
    solved = shipped_solve().costs
    return solved.get(rule) if solved is not None else _shipped().get(rule)


def sampled_rule_cost(rule: str) -> RuleCost | None:
    """The sampled figures (``houseway cost``'s shipped run) for a rule id, exact or not."""
    return _shipped().get(rule)
