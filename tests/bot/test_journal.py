"""The answer journal on its own: durable lines, a line cut short by a crash, rewrites."""

from __future__ import annotations

from pathlib import Path

from bot.storage.journal import AnswerJournal, journal_path
from bot.storage.quiz import AnswerIn


async def test_appended_answers_are_read_back_and_a_cut_line_is_skipped(tmp_path: Path) -> None:
    journal = AnswerJournal(tmp_path / "data" / "answers.jsonl")
    first, second = AnswerIn(1, 10, "As Kd", 100.5), AnswerIn(1, 11, "rule-x", 101.25)
    await journal.append(first)
    await journal.append(second)
    with journal.path.open("ab") as raw:
        raw.write(b'[1,12,"Qs')  # a crash in the middle of a write
    assert journal.load() == [first, second]


async def test_keep_only_rewrites_and_an_empty_journal_goes(tmp_path: Path) -> None:
    journal = AnswerJournal(tmp_path / "answers.jsonl")
    kept = [AnswerIn(2, 20, "2c 3d", 5.0), AnswerIn(3, 21, "4h 5s", 6.0)]
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
