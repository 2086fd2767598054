"""``houseway solve``'s files: a run cut into numbered chunks, each written once and
atomically, and the summary of whatever chunks are there.

A run directory holds ``run.json`` (the chunk size and class count, so that a resumed run
cuts the same chunks) and ``chunk-NNNNN.npz`` per finished chunk (:class:`ChunkResult`'s
arrays; a chunk is written to a temporary name and renamed, so a stopped run leaves
whole chunks or none). ``--resume`` solves the chunks that are missing. The summary is
integer sums over the chunks, so it is the same whatever the number of workers or the
order the chunks were finished in.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Final

import numpy as np

from houseway.analysis.census import CLASSES, DEALER_HANDS
from houseway.analysis.classes import TOTAL_HANDS, player_classes
from houseway.solve.compute import ChunkResult, path_names, solve_classes

#: Classes per chunk by default: about 350 chunks, each a few tens of seconds.
CHUNK_SIZE: Final = 20_000
RUN_FILE: Final = "run.json"
#: Payoffs in hundredths of a unit: a win pays 95 (5% commission), a loss costs 100.
WIN_CENTS: Final = 95
LOSS_CENTS: Final = 100
_FIELDS: Final = (
    "five",
    "two",
    "wins",
    "losses",
    "splits",
    "house",
    "path",
    "weight",
    "cards",
)


def chunk_path(out: Path, number: int) -> Path:
    return out / f"chunk-{number:05d}.npz"


def done_chunks(out: Path) -> list[int]:
    """The numbers of the chunks written (whole ones: the temporary names do not count)."""
    return sorted(int(p.stem.split("-")[1]) for p in out.glob("chunk-*.npz"))


def write_chunk(out: Path, number: int, result: ChunkResult) -> None:
    """Write a chunk atomically: to a temporary file, then renamed over its name."""
    final = chunk_path(out, number)
    temporary = out / f".{final.name}.{os.getpid()}.tmp"
    with temporary.open("wb") as stream:
        np.savez(stream, **{name: getattr(result, name) for name in _FIELDS})
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, final)


def read_chunk(out: Path, number: int) -> ChunkResult:
    with np.load(chunk_path(out, number)) as data:
        return ChunkResult(**{name: data[name] for name in _FIELDS})


def _solve_chunk(job: tuple[str, int, int]) -> int:
    out, number, size = job
    indices = player_classes().chunk(number, size)
    write_chunk(Path(out), number, solve_classes(indices))
    return len(indices)


def prepare_run(out: Path, chunk_size: int, resume: bool) -> int:
    """Create (or, resuming, check) the run directory; its chunk size."""
    out.mkdir(parents=True, exist_ok=True)
    run_file = out / RUN_FILE
    for stale in out.glob(".chunk-*.tmp"):  # a chunk being written when the run stopped
        stale.unlink()
    if run_file.exists():
        run = json.loads(run_file.read_text("utf-8"))
        if not resume:
            raise ValueError(f"{out} already holds a run: give --resume to continue it")
        if run["classes"] != CLASSES:
            raise ValueError(f"{out} holds a run over {run['classes']} classes, not {CLASSES}")
        return int(run["chunk_size"])
    if done_chunks(out):
        raise ValueError(f"{out} holds chunks but no {RUN_FILE}")
    run_file.write_text(json.dumps({"classes": CLASSES, "chunk_size": chunk_size}) + "\n")
    return chunk_size


def run_solve(
    out: Path,
    workers: int,
    chunk_size: int = CHUNK_SIZE,
    resume: bool = False,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[int]:
    """Solve the chunks not yet written (the first ``limit`` chunks only, if given), in
    ``workers`` processes; the chunk numbers solved now."""
    size = prepare_run(out, chunk_size, resume)
    chunks = player_classes().chunks(size)
    wanted = range(min(chunks, limit) if limit is not None else chunks)
    have = set(done_chunks(out))
    todo = [n for n in wanted if n not in have]
    total = sum(len(player_classes().chunk(n, size)) for n in todo)
    jobs = [(str(out), n, size) for n in todo]
    done = 0
    if progress:
        progress(0, total)
    if workers <= 1:
        for one in jobs:
            done += _solve_chunk(one)
            if progress:
                progress(done, total)
        return todo
    with ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts) as pool:
        # At most two jobs queued per worker: a stopped run loses little work in flight.
        pending: set[Any] = set()
        queue = iter(jobs)
        try:
            while True:
                while len(pending) < 2 * workers and (job := next(queue, None)) is not None:
                    pending.add(pool.submit(_solve_chunk, job))
                if not pending:
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    done += future.result()
                    if progress:
                        progress(done, total)
        except KeyboardInterrupt:
            # Stopped: the chunks under way are finished and written, the rest dropped.
            for future in pending:
                future.cancel()
            raise
    return todo


def _leave_interrupts() -> None:
    """In a worker: an interrupt (Ctrl-C reaches the whole process group) is the parent's
    to handle, so that the chunk under way is finished rather than lost."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def summarise(out: Path) -> dict[str, object]:
    """Integer totals over every (player hand, dealer hand) pair of the chunks written,
    each class counted by its weight; ``partial`` when some chunks are missing."""
    run = json.loads((out / RUN_FILE).read_text("utf-8"))
    numbers = done_chunks(out)
    names = path_names()
    house = [0, 0, 0]  # wins, pushes, losses
    best = [0, 0, 0]
    paths = {name: [0, 0, 0, 0] for name in names}  # classes, hands, not best, gap (cents)
    classes = hands = 0
    table = player_classes()
    for number in numbers:
        chunk = read_chunk(out, number)
        indices = table.chunk(number, run["chunk_size"])
        if not np.array_equal(chunk.cards, table.cards[indices.start : indices.stop]):
            raise ValueError(f"{chunk_path(out, number)} is not chunk {number} of this order")
        weight = chunk.weight.astype(np.int64)
        wins = chunk.wins.astype(np.int64)
        losses = chunk.losses.astype(np.int64)
        rows = np.arange(len(weight))
        used = np.arange(wins.shape[1])[None, :] < chunk.splits[:, None]
        payoff = np.where(used, WIN_CENTS * wins - LOSS_CENTS * losses, np.iinfo(np.int64).min)
        top = payoff.max(axis=1)
        # The best split as analyze ranks it: highest EV, then two-card, then five-card value.
        tie = np.where(
            payoff == top[:, None],
            (chunk.two.astype(np.int64) << 32) | chunk.five.astype(np.int64),
            -1,
        )
        chosen = tie.argmax(axis=1)
        at_house = chunk.house.astype(np.intp)
        for totals, slot in ((house, at_house), (best, chosen)):
            w, lo = wins[rows, slot], losses[rows, slot]
            counts = (weight @ w, weight @ (DEALER_HANDS - w - lo), weight @ lo)
            for i, count in enumerate(counts):
                totals[i] += int(count)
        gap = top - payoff[rows, at_house]
        for index in np.unique(chunk.path).tolist():
            mine = chunk.path == index
            entry = paths[names[index]]
            entry[0] += int(mine.sum())
            entry[1] += int(weight[mine].sum())
            entry[2] += int(weight[mine & (gap > 0)].sum())
            entry[3] += int(weight[mine] @ gap[mine])
        classes += len(weight)
        hands += int(weight.sum())
    return _figures(run, numbers, classes, hands, house, best, paths)


def edge(counts: list[int]) -> dict[str, object]:
    """Counts and the exact house edge from them (what the player loses per unit)."""
    wins, pushes, losses = counts
    pairs = wins + pushes + losses
    cents = LOSS_CENTS * losses - WIN_CENTS * wins
    return {
        "wins": wins,
        "pushes": pushes,
        "losses": losses,
        "edge_cents": cents,
        "house_edge": cents / (100 * pairs) if pairs else None,
    }


def _figures(
    run: dict[str, Any],
    numbers: list[int],
    classes: int,
    hands: int,
    house: list[int],
    best: list[int],
    paths: dict[str, list[int]],
) -> dict[str, object]:
    chunks = -(-run["classes"] // run["chunk_size"])
    per_path = {}
    rules: dict[str, list[int]] = {}
    for name, (n_classes, n_hands, not_best, gap) in sorted(paths.items()):
        if not n_classes:
            continue
        per_path[name] = _cost(n_classes, n_hands, not_best, gap)
        for rule in name.split(","):
            entry = rules.setdefault(rule, [0, 0, 0, 0])
            for i, value in enumerate((n_classes, n_hands, not_best, gap)):
                entry[i] += value
    everything = [sum(entry[i] for entry in paths.values()) for i in range(4)]
    return {
        "partial": len(numbers) < chunks,
        "chunks": len(numbers),
        "chunks_in_all": chunks,
        "classes": classes,
        "classes_in_all": run["classes"],
        "hands": hands,
        "hands_in_all": TOTAL_HANDS,
        "dealer_hands": DEALER_HANDS,
        "pairs": hands * DEALER_HANDS,
        "house_way": edge(house),
        "best_split": edge(best),
        "paths": per_path,
        "rules": {rule: _cost(*entry) for rule, entry in sorted(rules.items())},
        "all": _cost(*everything) if everything[0] else None,
    }


def _cost(classes: int, hands: int, not_best: int, gap: int) -> dict[str, object]:
    return {
        "classes": classes,
        "hands": hands,
        "not_best": not_best,
        "gap_cents": gap,
        "not_best_share": not_best / hands,
        "give_up": gap / (100 * DEALER_HANDS * hands),
    }
