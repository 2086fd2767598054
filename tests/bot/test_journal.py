"""The answer journal on its own: durable lines, rewrites, and what it reads back from disk
(input like any other: cut lines, lines the database could not store, a FIFO, a huge
file), and journals of other shard slices taken over unless a live process holds them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import journal as journal_module
from bot.storage.journal import AnswerJournal, journal_path
from bot.storage.quiz import AnswerIn

#: A time an answer can have been given.
T = 1_750_000_000.0
ROOT = Path(__file__).resolve().parents[2]


def write_lines(path: Path, lines: list[object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as raw:
        for line in lines:
            raw.write((line if isinstance(line, bytes) else json.dumps(line).encode()) + b"\n")


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def test_appended_answers_are_read_back_and_a_cut_line_is_skipped(tmp_path: Path) -> None:
    journal = AnswerJournal(tmp_path / "data" / "answers.jsonl")
    first, second = AnswerIn(1, 10, "As Kd", T + 0.5), AnswerIn(1, 11, "rule-x", T + 1.25)
    await journal.append(first)
    await journal.append(second)
    with journal.path.open("ab") as raw:
        raw.write(b'[1,12,"Qs')  # a crash in the middle of a write
    assert journal.load() == [first, second]


async def test_keep_only_rewrites_and_an_empty_journal_goes(tmp_path: Path) -> None:
    journal = AnswerJournal(tmp_path / "answers.jsonl")
    kept = [AnswerIn(2, 20, "2c 3d", T), AnswerIn(3, 21, "4h 5s", T + 1)]
    for answer in kept:
        await journal.append(answer)
    await journal.keep_only(lambda: kept[1:])
    assert journal.load() == kept[1:]
    await journal.keep_only(list)
    assert not journal.path.exists()
    assert journal.load() == []


def test_each_shard_slice_has_its_own_journal(tmp_path: Path) -> None:
    paths = {journal_path(tmp_path, ids) for ids in (None, (0, 1), (2, 3))}
    assert len(paths) == 3


def test_lines_the_database_could_not_store_are_skipped_in_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A time that is a string or infinite, an id past 64 bits, wrong types, not a list:
    skipped, named by file and line in one warning, and the good lines are read."""
    path = tmp_path / "answers-journal.jsonl"
    good = [AnswerIn(5, 8501, "As Kd", T), AnswerIn(5, 8504, "2c 3d", T + 2)]
    write_lines(
        path,
        [
            [5, 8501, "As Kd", T],
            [5, 8502, "As Kd", "soon"],
            b'[5, 8503, "As Kd", 1e400]',
            b'[1e400, 8503, "As Kd", 1750000000]',
            [5, 2**64, "As Kd", T],
            [5, 0, "As Kd", T],
            [True, 8503, "As Kd", T],
            [5, 8503, ["As", "Kd"], T],
            [5, 8503, "As\u0000Kd", T],
            [5, 8503, "x" * 1000, T],
            [5, 8503, "As Kd", float("nan")],
            [5, 8503, "As Kd", 5.0],
            {"round": 5},
            "abcd",
            b"[" * 2000 + b"]" * 2000,
            [5, 8504, "2c 3d", int(T) + 2],
        ],
    )
    with caplog.at_level(logging.INFO):
        assert AnswerJournal(path).load() == good
    [warning] = warnings_of(caplog)
    assert warning.startswith(f"{path}: 14 line(s) skipped (line 2: its time is not")
    assert "line 3: its time" in warning and "line 4: its round_id" in warning
    assert "line 6: its user_id" in warning and "and 9 more" in warning


def test_a_million_unreadable_lines_cost_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Counted, the first few named: not one warning each (100,000 lines here)."""
    path = tmp_path / "answers-journal.jsonl"
    path.write_bytes(b"not an answer\n" * 100_000 + json.dumps([5, 7, "As Kd", T]).encode())
    with caplog.at_level(logging.INFO):
        assert AnswerJournal(path).load() == [AnswerIn(5, 7, "As Kd", T)]
    [warning] = warnings_of(caplog)
    assert "100000 line(s) skipped (line 1: not [round, member, answer, time]" in warning
    assert "line 5: not [round, member, answer, time]; and 99995 more)" in warning


async def test_a_fifo_at_the_journal_path_is_refused_without_waiting(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Reading or appending to a FIFO would wait for a writer or a reader forever."""
    path = tmp_path / "answers-journal.jsonl"
    os.mkfifo(path)
    journal = AnswerJournal(path)
    try:
        with caplog.at_level(logging.INFO):
            assert await asyncio.wait_for(asyncio.to_thread(journal.load), 10) == []
            with pytest.raises(OSError):
                await asyncio.wait_for(journal.append(AnswerIn(5, 7, "As Kd", T)), 10)
            with pytest.raises(OSError):  # nor replaced, nor removed
                await asyncio.wait_for(journal.keep_only(list), 10)
    finally:
        release_fifo(path)
    assert [r.getMessage() for r in caplog.records] == [
        f"the answer journal {path} is not read: {path} is not a regular file"
    ]
    assert path.is_fifo()


def release_fifo(path: Path) -> None:
    """Open the FIFO's other end once, so that a thread blocked on it (in the old code)
    returns and the test can end."""
    for flags in (os.O_WRONLY | os.O_NONBLOCK, os.O_RDONLY | os.O_NONBLOCK):
        with contextlib.suppress(OSError):
            os.close(os.open(path, flags))


def test_a_huge_line_and_a_huge_journal_are_read_only_so_far(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line longer than any answer is skipped without being held; past MAX_READ the rest
    of the file is not read at all (one warning)."""
    path = tmp_path / "answers-journal.jsonl"
    answers = [AnswerIn(5, user, "As Kd", T) for user in range(10, 100)]  # lines of a length
    write_lines(
        path,
        [
            b"[" + b"9" * 5_000_000 + b"]",
            *([a.round_id, a.user_id, a.answer, a.answered_at] for a in answers),
        ],
    )
    line = len(json.dumps([5, 10, "As Kd", T]).encode()) + 1
    cap = 5_000_003 + 10 * line - 1  # the huge line and nine answers, then one more line
    monkeypatch.setattr(journal_module, "MAX_READ", cap)
    with caplog.at_level(logging.INFO):
        assert AnswerJournal(path).load() == answers[:10]
    skipped, cut = warnings_of(caplog)
    assert skipped == f"{path}: 1 line(s) skipped (line 1: longer than 4096 bytes)"
    assert cut == f"{path} is longer than {cap} bytes: read up to line 11, the rest skipped"


def test_a_journal_left_under_other_shard_settings_is_taken_over(tmp_path: Path) -> None:
    """Started without SHARD_* after a sharded run, or the other way round: the other
    journal's answers are taken back, merged into this one, and the other file goes."""
    for mine, theirs in ((None, (0,)), ((0,), None)):
        data = tmp_path / str(mine)
        left = AnswerIn(5, 7, "As Kd", T)
        write_lines(journal_path(data, theirs), [[5, 7, "As Kd", T], b'[5,8,"cut'])
        own = AnswerJournal(journal_path(data, mine))
        assert own.take_back() == [left]
        assert not journal_path(data, theirs).exists()
        assert own.load() == [left]  # on disk here now, for a crash before it is written
        own.close()


def test_a_claim_left_by_a_crash_is_taken_back_at_the_next_start(tmp_path: Path) -> None:
    """A journal renamed to this process's claim, then the process died before merging."""
    claim = tmp_path / "answers-journal.taken-0123.jsonl"
    write_lines(claim, [[5, 7, "As Kd", T]])
    journal = AnswerJournal(journal_path(tmp_path, None))
    assert journal.take_back() == [AnswerIn(5, 7, "As Kd", T)]
    assert not claim.exists()
    journal.close()


HOLDER = """
import sys
from pathlib import Path
from bot.storage.journal import AnswerJournal
journal = AnswerJournal(Path(sys.argv[1]))
journal.take_back()
print("holding", flush=True)
sys.stdin.read()
"""


def test_a_live_process_journal_is_left_to_it(tmp_path: Path) -> None:
    """Two processes with different shard slices on one disk: neither takes the other's
    journal while it runs; once it has stopped, its journal is taken over."""
    theirs = journal_path(tmp_path, (1,))
    write_lines(theirs, [[5, 7, "As Kd", T]])
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(theirs)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        journal = AnswerJournal(journal_path(tmp_path, (0,)))
        assert journal.take_back() == []
        assert AnswerJournal(theirs).load() == [AnswerIn(5, 7, "As Kd", T)]
        journal.close()
    finally:
        holder.communicate("", timeout=30)  # it exits: its lock goes with it
    journal = AnswerJournal(journal_path(tmp_path, (0,)))
    assert journal.take_back() == [AnswerIn(5, 7, "As Kd", T)]
    assert not theirs.exists()
    journal.close()
