"""The whole game's groundwork: player-hand classes up to suit symmetry, each class's
exact counts against ``analyze``, and ``houseway solve``'s chunks, resume and summary."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
from itertools import permutations
from math import comb
from pathlib import Path

import pytest

from houseway.analysis.analyze import SplitResult, analyze
from houseway.analysis.census import CLASSES, DEALER_HANDS, load_rule_counts
from houseway.analysis.classes import (
    JOKER_CLASSES,
    PLAIN_CLASSES,
    burnside_count,
    canonical,
    player_classes,
)
from houseway.cards import DECK, JOKER, format_cards, parse_hand
from houseway.solve.compute import path_names, solve_classes
from houseway.solve.files import done_chunks, run_solve, summarise
from houseway.solve.player_way import player_way_figures
from houseway.strategy import player_way
from tests.conftest import HOUSEWAY_CLI, run_cli
from tests.core.test_strategy import CHANGED


def _permuted(hand: tuple[int, ...], perm: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(c if c == JOKER else (c >> 2) * 4 + perm[c & 3] for c in hand)


def test_burnside_gives_the_issues_class_counts() -> None:
    assert burnside_count(7) == PLAIN_CLASSES == 6_009_159
    assert burnside_count(6) == JOKER_CLASSES == 962_988


def test_the_enumeration_has_every_class_once_with_weights_summing_to_all_hands() -> None:
    table = player_classes()
    assert len(table) == CLASSES == PLAIN_CLASSES + JOKER_CLASSES
    assert int((table.cards[:, -1] == JOKER).sum()) == JOKER_CLASSES
    assert int(table.weight.sum(dtype="int64")) == comb(53, 7)
    assert int(table.weight[table.cards[:, -1] == JOKER].sum(dtype="int64")) == comb(52, 6)


def test_a_hands_canonical_form_is_that_of_its_suit_permuted_copies() -> None:
    table = player_classes()
    rng = random.Random(23)
    for _ in range(200):
        hand = tuple(rng.sample(DECK, 7))
        forms = {canonical(_permuted(hand, perm)) for perm in permutations(range(4))}
        assert len(forms) == 1
        (form,) = forms
        assert sorted(form) == sorted(_permuted(hand, _suit_map(hand, form)))
        assert table.hand(table.index_of(hand)) == form


def _suit_map(hand: tuple[int, ...], form: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation taking the hand to its form (the form must be an image of it)."""
    for perm in permutations(range(4)):
        if sorted(_permuted(hand, perm)) == sorted(form):
            return perm
    raise AssertionError(f"{form} is no suit permutation of {hand}")


def test_a_class_weight_is_the_number_of_its_distinct_suit_permuted_copies() -> None:
    table = player_classes()
    rng = random.Random(7)
    for index in [0, len(table) - 1, *rng.sample(range(len(table)), 300)]:
        hand = table.hand(index)
        copies = {tuple(sorted(_permuted(hand, p))) for p in permutations(range(4))}
        assert int(table.weight[index]) == len(copies)
        assert canonical(hand) == hand


def _spread_classes() -> list[int | tuple[int, ...]]:
    """A handful of classes: the first, the last, random ones, and some with the joker,
    with a flush and with two pairs; the last four as random hands, whose classes the
    test finds (collection, in every worker, does not build the table of classes)."""
    rng = random.Random(2026)
    picks: list[int | tuple[int, ...]] = [0, CLASSES - 1, PLAIN_CLASSES]
    picks += rng.sample(range(CLASSES), 8)
    picks += [tuple(rng.sample(DECK, 7)) for _ in range(4)]
    return picks


@pytest.mark.parametrize(
    "pick",
    _spread_classes(),
    ids=lambda pick: str(pick) if isinstance(pick, int) else format_cards(pick),
)
def test_a_classes_counts_are_the_exact_analysis_of_its_representative(
    pick: int | tuple[int, ...],
) -> None:
    index = pick if isinstance(pick, int) else player_classes().index_of(pick)
    hand = player_classes().hand(index)
    solved = solve_classes(range(index, index + 1))
    n = int(solved.splits[0])
    mine = {
        (int(solved.five[0, i]), int(solved.two[0, i])): (
            int(solved.wins[0, i]),
            int(solved.losses[0, i]),
        )
        for i in range(n)
    }
    analysis = analyze(hand)
    assert len(mine) == n == len(analysis.splits)
    for split in analysis.splits:
        wins, losses = mine[(split.five_value, split.two_value)]
        assert (wins, DEALER_HANDS - wins - losses, losses) == (
            split.wins,
            split.pushes,
            split.losses,
        )
        assert (95 * wins - 100 * losses) / (100 * DEALER_HANDS) == pytest.approx(split.ev)
    house = int(solved.house[0])
    assert (int(solved.five[0, house]), int(solved.two[0, house])) == (
        analysis.house.five_value,
        analysis.house.two_value,
    )
    assert path_names()[int(solved.path[0])] == ",".join(analysis.house_path)


def test_the_summary_is_the_weighted_sum_of_each_classes_analysis(tmp_path: Path) -> None:
    run_solve(tmp_path, workers=1, chunk_size=12, limit=1)
    summary = summarise(tmp_path)
    table = player_classes()
    wins = pushes = losses = hands = 0
    for index in range(12):
        analysis = analyze(table.hand(index))
        weight = int(table.weight[index])
        hands += weight
        wins += weight * analysis.house.wins
        pushes += weight * analysis.house.pushes
        losses += weight * analysis.house.losses
    assert summary["partial"] is True
    assert (summary["classes"], summary["hands"], summary["chunks"]) == (12, hands, 1)
    house = summary["house_way"]
    assert isinstance(house, dict)
    assert (house["wins"], house["pushes"], house["losses"]) == (wins, pushes, losses)
    assert house["edge_cents"] == 100 * losses - 95 * wins
    paths = summary["paths"]
    assert isinstance(paths, dict)
    assert sum(entry["hands"] for entry in paths.values()) == hands
    assert set(paths) <= set(load_rule_counts()["paths"])
    everything = summary["all"]
    assert isinstance(everything, dict)
    assert everything["hands"] == hands
    gaps = [
        int(table.weight[i]) * round(analysis.give_up * 100 * DEALER_HANDS)
        for i, analysis in enumerate(analyze(table.hand(i)) for i in range(12))
    ]
    assert everything["gap_cents"] == sum(gaps)
    assert everything["not_best"] == sum(
        int(table.weight[i]) for i, gap in enumerate(gaps) if gap > 0
    )


def test_the_summary_is_the_same_for_one_or_two_workers(tmp_path: Path) -> None:
    run_solve(tmp_path / "one", workers=1, chunk_size=15, limit=4)
    run_solve(tmp_path / "two", workers=2, chunk_size=15, limit=4)
    one, two = summarise(tmp_path / "one"), summarise(tmp_path / "two")
    assert one == two
    assert one["classes"] == 60


def test_a_stopped_run_resumes_to_the_same_summary(tmp_path: Path) -> None:
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    run_solve(whole, workers=1, chunk_size=10, limit=4)
    run_solve(stopped, workers=1, chunk_size=10, limit=2)
    assert done_chunks(stopped) == [0, 1]
    (stopped / "chunk-00000.npz").unlink()  # as if that chunk had not been finished
    assert run_solve(stopped, workers=1, resume=True, limit=4) == [0, 2, 3]
    assert summarise(stopped) == summarise(whole)
    assert sorted(p.name for p in stopped.iterdir()) == [
        "chunk-00000.npz",
        "chunk-00001.npz",
        "chunk-00002.npz",
        "chunk-00003.npz",
        "run.json",
    ]


def test_a_resumed_run_drops_a_half_written_chunk_and_a_summary_checks_its_chunks(
    tmp_path: Path,
) -> None:
    run_solve(tmp_path, workers=1, chunk_size=6, limit=2)
    stale = tmp_path / ".chunk-00002.npz.123.tmp"
    stale.write_bytes(b"half a chunk")
    assert summarise(tmp_path)["chunks"] == 2  # the temporary file is no chunk
    run_solve(tmp_path, workers=1, resume=True, limit=3)
    assert not stale.exists()
    assert done_chunks(tmp_path) == [0, 1, 2]
    (tmp_path / "chunk-00001.npz").replace(tmp_path / "chunk-00000.npz")
    with pytest.raises(ValueError, match="is not chunk 0"):
        summarise(tmp_path)


def test_the_command_refuses_to_overwrite_a_run_and_summarises_one(tmp_path: Path) -> None:
    out = str(tmp_path / "run")
    first = run_cli("solve", "--out", out, "--workers", "1", "--limit", "1", "--chunk-size", "8")
    assert first.returncode == 0, first.stderr
    assert "solve: 8/8 classes" in first.stderr
    again = run_cli("solve", "--out", out, "--workers", "1", "--limit", "1")
    assert again.returncode == 2
    assert "--resume" in again.stderr
    summary = run_cli("solve", "--summarise", out)
    assert summary.returncode == 0, summary.stderr
    assert json.loads(summary.stdout) == json.loads(first.stdout)
    assert json.loads(summary.stdout)["classes"] == 8
    nothing = run_cli("solve", "--summarise", str(tmp_path / "nowhere"))
    assert nothing.returncode == 2
    assert nothing.stderr.startswith("houseway solve: cannot summarise:")
    assert "Traceback" not in nothing.stderr


def test_a_killed_run_finishes_its_chunks_under_way_and_resumes(tmp_path: Path) -> None:
    """SIGTERM (as ``kill`` sends) once a chunk is done: the run stops with status 130 and
    a line saying how to go on, leaves only whole chunks, and resumes to the same summary
    as a run straight through."""
    out = tmp_path / "run"
    args = ["solve", "--out", str(out), "--workers", "2", "--chunk-size", "5", "--limit", "2000"]
    process = subprocess.Popen(
        [*HOUSEWAY_CLI, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    seen = b""
    while not re.search(rb"solve: [1-9][\d,]*/", seen):
        piece = os.read(process.stderr.fileno(), 4096)
        assert piece, seen  # the run ended before any chunk was done
        seen += piece
    process.send_signal(signal.SIGTERM)
    _, rest = process.communicate(timeout=300)
    assert process.returncode == 130, seen + rest
    assert b"stopped; the finished chunks are in" in rest
    assert b"--resume" in rest
    assert not list(out.glob(".*.tmp"))
    written = done_chunks(out)
    assert 0 < len(written) < 2000
    limit = max(written) + 2
    run_solve(out, workers=1, resume=True, limit=limit)
    run_solve(tmp_path / "straight", workers=1, chunk_size=5, limit=limit)
    assert summarise(out) == summarise(tmp_path / "straight")


def test_the_player_ways_exact_figures_are_the_counts_of_its_splits() -> None:
    """A class of each player's-way rule (two each), solved, against ``analyze`` of its
    representative and ``player_way``'s split of it, added up by hand."""
    table = player_classes()
    hands = [parse_hand(hand) for pair in CHANGED.values() for hand in pair]
    indices = sorted(
        {table.index_of(hand) for hand in [*hands, parse_hand("As Kd Qc Jh 9s 7d JK")]}
    )
    figures = player_way_figures(solve_classes(range(i, i + 1)) for i in indices)
    counts, total, gap, gain = [0, 0, 0], 0, 0, 0
    rules = {rule: [0, 0] for rule in CHANGED}
    for index in indices:
        hand, weight = table.hand(index), int(table.weight[index])
        analysis, played = analyze(hand), player_way(hand)
        (mine,) = [
            s
            for s in analysis.splits
            if (s.five_value, s.two_value) == (played.five_value, played.two_value)
        ]

        def cents(split: SplitResult) -> int:
            return 95 * split.wins - 100 * split.losses

        best = max(cents(s) for s in analysis.splits)
        for i, count in enumerate((mine.wins, mine.pushes, mine.losses)):
            counts[i] += weight * count
        total += weight
        gap += weight * (best - cents(analysis.house))
        gain += weight * (cents(mine) - cents(analysis.house))
        if played.rule in rules:
            rules[played.rule][0] += weight
            rules[played.rule][1] += weight * (cents(mine) - cents(analysis.house))
    assert figures["hands"] == total
    way = figures["player_way"]
    assert isinstance(way, dict)
    assert [way["wins"], way["pushes"], way["losses"]] == counts
    assert (figures["gap_cents"], figures["gain_cents"]) == (gap, gain)
    assert gain > 0  # the hand-picked hands are ones the player's way wins on
    per_rule = figures["rules"]
    assert isinstance(per_rule, dict)
    assert {r: [v["changed"], v["gain_cents"]] for r, v in per_rule.items()} == rules
    assert all(changed > 0 for changed, _ in rules.values())


def test_the_readme_gives_the_shipped_solves_figures() -> None:
    """The README's figures of the whole game are the shipped summary's, rounded as shown."""
    root = Path(__file__).resolve().parents[2]
    summary = json.loads((root / "houseway" / "data" / "solve.json").read_text("utf-8"))
    readme = (root / "README.md").read_text("utf-8")
    way = summary["player_way"]
    pairs = summary["pairs"]
    for play in (summary["house_way"], way["player_way"], summary["best_split"]):
        shares = [f"{100 * play[k] / pairs:.3f}%" for k in ("wins", "pushes", "losses")]
        row = " | ".join([*shares, f"**{100 * play['house_edge']:.4f}%**"])
        assert row in readme, row
    assert f"**{100 * way['won_back']:.1f}%**" in readme
    assert f"**{100 * way['two_pairs']['won_back']:.1f}%**" in readme
    assert f"**{100 * summary['all']['not_best_share']:.3f}%**" in readme
    assert f"**{summary['all']['give_up']:.6f}**" in readme
    swedish = f"**{100 * way['won_back']:.1f}".replace(".", ",") + " %**"
    assert swedish in readme
