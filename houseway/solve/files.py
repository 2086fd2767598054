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
import re
import signal
import threading
import zipfile
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np

from houseway.analysis.census import CLASSES, DEALER_HANDS
from houseway.analysis.classes import TOTAL_HANDS, player_classes
from houseway.analysis.pools import process_pool
from houseway.solve.compute import MAX_SPLITS, ChunkResult, path_names, solve_classes

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


#: A chunk's file name; anything else in a run directory is not a chunk.
CHUNK_NAME: Final = re.compile(r"chunk-(\d{5,})\.npz")


class RunError(ValueError):
    """A run directory, or a file in it, that cannot be used: the message names the file
    and says what to do."""


@dataclass(frozen=True)
class Run:
    """A run directory and the chunk size its ``run.json`` fixes."""

    out: Path
    chunk_size: int

    @property
    def chunks(self) -> int:
        return -(-CLASSES // self.chunk_size)


def chunk_path(out: Path, number: int) -> Path:
    return out / f"chunk-{number:05d}.npz"


def done_chunks(out: Path) -> list[int]:
    """The numbers of the chunks written (whole ones: the temporary names do not count)."""
    return sorted(int(match[1]) for p in out.iterdir() if (match := CHUNK_NAME.fullmatch(p.name)))


def read_run(out: Path) -> Run:
    """The run in ``out``, from its ``run.json``, checked: a run over all the classes, cut
    into chunks of a whole, positive size."""
    run_file = out / RUN_FILE
    if not out.is_dir():
        raise RunError(f"{out} is not a directory: name the run directory houseway solve wrote")
    if not run_file.is_file():
        raise RunError(f"{run_file} is missing: {out} holds no run (start one with --out)")
    try:
        data = json.loads(run_file.read_text("utf-8"))
    except (OSError, ValueError) as error:  # UnicodeDecodeError is a ValueError
        raise RunError(
            f"{run_file} cannot be read ({type(error).__name__}): start the run again"
        ) from None
    classes = data.get("classes") if isinstance(data, dict) else None
    size = data.get("chunk_size") if isinstance(data, dict) else None
    if classes != CLASSES or isinstance(classes, bool):
        raise RunError(f"{run_file} is not a run over all {CLASSES:,} classes: start it again")
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= CLASSES:
        raise RunError(
            f"{run_file}: chunk_size must be a whole number from 1 to {CLASSES:,}, not "
            f"{size!r}: start the run again"
        )
    return Run(out, size)


def chunk_problem(run: Run, number: int) -> str | None:
    """What is wrong with chunk ``number`` of ``run`` as written, or None when it is whole:
    a regular file (a FIFO is never opened), every field there with its chunk's shape, its
    classes those of its place in the order, its indices in range."""
    path = chunk_path(run.out, number)
    if number >= run.chunks:
        return f"the run has {run.chunks} chunks; this is not one of them"
    if not path.is_file():
        return "it is not a regular file"
    try:
        with np.load(path) as data:
            fields = {name: data[name] for name in _FIELDS}
    except KeyError as error:
        return f"it has no field {error}"
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        return f"it is cut short or is not a chunk ({type(error).__name__})"
    indices = player_classes().chunk(number, run.chunk_size)
    n = len(indices)
    wide = {"five", "two", "wins", "losses"}
    for name, array in fields.items():
        expected = (n, 7) if name == "cards" else (n, MAX_SPLITS) if name in wide else (n,)
        if array.shape != expected:
            return f"its {name} has the shape {array.shape}, not {expected}"
    if not np.array_equal(fields["cards"], player_classes().cards[indices.start : indices.stop]):
        return f"it is not chunk {number} of this order"
    splits, house = fields["splits"].astype(np.int64), fields["house"].astype(np.int64)
    if (
        (splits < 1).any()
        or (splits > MAX_SPLITS).any()
        or (house >= splits).any()
        or (fields["path"].astype(np.int64) >= len(path_names())).any()
        or (fields["wins"].astype(np.int64) + fields["losses"] > DEALER_HANDS).any()
    ):
        return "its indices or counts are out of range"
    return None


def checked_chunks(run: Run) -> list[int]:
    """The chunks written in ``run``, each checked whole; a RunError naming the first that
    is not, with what to do."""
    numbers = done_chunks(run.out)
    for number in numbers:
        problem = chunk_problem(run, number)
        if problem is not None:
            raise RunError(
                f"{chunk_path(run.out, number)}: {problem}; solve it again with "
                f"houseway solve --resume --out {run.out}"
            )
    return numbers


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


def prepare_run(
    out: Path, chunk_size: int, resume: bool, warn: Callable[[str], None] | None = None
) -> Run:
    """Create (or, resuming, check) the run directory. Resuming, a chunk that is not whole
    (cut short, empty, not a regular file, not its place's classes) is said through
    ``warn``, removed and solved again."""
    if out.exists() and not out.is_dir():
        raise RunError(f"{out} is a file, not a run directory: name a directory with --out")
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob(".chunk-*.tmp"):  # a chunk being written when the run stopped
        stale.unlink()
    if (out / RUN_FILE).exists():
        if not resume:
            raise RunError(f"{out} already holds a run: give --resume to continue it")
        run = read_run(out)
        for number in done_chunks(out):
            problem = chunk_problem(run, number)
            if problem is None:
                continue
            path = chunk_path(out, number)
            if number >= run.chunks or path.is_dir():
                raise RunError(f"{path}: {problem}; remove it, then resume")
            if warn is not None:
                warn(f"{path}: {problem}; solving it again")
            path.unlink()
        return run
    if done_chunks(out):
        raise RunError(f"{out} holds chunks but no {RUN_FILE}")
    if not 1 <= chunk_size <= CLASSES:
        raise RunError(f"the chunk size must be from 1 to {CLASSES:,}, not {chunk_size}")
    (out / RUN_FILE).write_text(json.dumps({"classes": CLASSES, "chunk_size": chunk_size}) + "\n")
    return Run(out, chunk_size)


def run_solve(
    out: Path,
    workers: int,
    chunk_size: int = CHUNK_SIZE,
    resume: bool = False,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[int]:
    """Solve the chunks not yet written (the first ``limit`` chunks only, if given), in
    ``workers`` processes; the chunk numbers solved now."""
    run = prepare_run(out, chunk_size, resume, warn)
    size = run.chunk_size
    chunks = run.chunks
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
    stop = threading.Event()
    previous = _catch_stops(stop)
    try:
        with process_pool(workers, initializer=_leave_interrupts) as pool:
            # At most two jobs queued per worker: a stopped run loses little work in flight.
            pending: set[Any] = set()
            queue = iter(jobs)
            while not stop.is_set():
                while len(pending) < 2 * workers and (job := next(queue, None)) is not None:
                    pending.add(pool.submit(_solve_chunk, job))
                if not pending:
                    break
                finished, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                for future in finished:
                    done += future.result()
                    if progress:
                        progress(done, total)
            # Stopped: the chunks under way are finished and written (leaving the
            # executor waits for them), the rest dropped.
            for future in pending:
                future.cancel()
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if stop.is_set():
        raise KeyboardInterrupt
    return todo


def _catch_stops(stop: threading.Event) -> dict[int, Any]:
    """In the main thread, SIGINT and SIGTERM set ``stop`` for the loop to see, instead of
    raising wherever they land: a KeyboardInterrupt raised inside the executor's own
    locking (a submit, a wait) left a killed run waiting on itself for good (1 run in 16
    of test_solve.py's killed-run test, four at once beside `stress --cpu 2`). The
    handlers before are given back."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    previous: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(signum)
        if handler is not None:
            previous[signum] = handler
            signal.signal(signum, lambda _signum, _frame: stop.set())
    return previous


def _leave_interrupts() -> None:
    """In a worker: an interrupt (Ctrl-C reaches the whole process group) is the parent's
    to handle, so that the chunk under way is finished rather than lost."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def summarise(out: Path) -> dict[str, object]:
    """Integer totals over every (player hand, dealer hand) pair of the chunks written,
    each class counted by its weight; ``partial`` when some chunks are missing."""
    run = read_run(out)
    numbers = checked_chunks(run)
    names = path_names()
    house = [0, 0, 0]  # wins, pushes, losses
    best = [0, 0, 0]
    paths = {name: [0, 0, 0, 0] for name in names}  # classes, hands, not best, gap (cents)
    classes = hands = 0
    for number in numbers:
        chunk = read_chunk(out, number)
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
    run: Run,
    numbers: list[int],
    classes: int,
    hands: int,
    house: list[int],
    best: list[int],
    paths: dict[str, list[int]],
) -> dict[str, object]:
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
        # Whole only when what the chunks hold is every class and every hand, whatever
        # run.json says.
        "partial": len(numbers) < run.chunks or (classes, hands) != (CLASSES, TOTAL_HANDS),
        "chunks": len(numbers),
        "chunks_in_all": run.chunks,
        "classes": classes,
        "classes_in_all": CLASSES,
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
