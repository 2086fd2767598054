"""Answers told "saved" before the database took them, kept on local disk.

When the database is slow or down, a quiz answer is acknowledged only after its line
is written here and fsync'd; the database gets it later (before the round is scored),
and at the next start whatever is still here is taken back in. So a crash, even a
SIGKILL, while the database hangs loses no answer a member was told was saved.

One JSON object per line; a line cut short by a crash is skipped when read. The file
is rewritten (to a temporary file, fsync'd, renamed) whenever answers leave it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from .quiz import AnswerIn

log = logging.getLogger(__name__)


def journal_path(data_dir: Path, shard_ids: tuple[int, ...] | None) -> Path:
    """One journal per process: processes with different shard slices may share a disk."""
    suffix = "" if shard_ids is None else "-shards-" + "-".join(map(str, shard_ids))
    return data_dir / f"answers-journal{suffix}.jsonl"


def _line(answer: AnswerIn) -> bytes:
    fields = [answer.round_id, answer.user_id, answer.answer, answer.answered_at]
    return json.dumps(fields, separators=(",", ":")).encode() + b"\n"


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class AnswerJournal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = asyncio.Lock()

    def load(self) -> list[AnswerIn]:
        """What the journal holds (a line cut short by a crash is skipped)."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as error:  # answers cannot be kept on disk: members are told so
            log.error("cannot read the answer journal %s: %s", self.path, error)
            return []
        answers = []
        for number, line in enumerate(raw.splitlines(), 1):
            try:
                round_id, user_id, answer, answered_at = json.loads(line)
                answers.append(AnswerIn(int(round_id), int(user_id), str(answer), answered_at))
            except (ValueError, TypeError):
                log.warning(
                    "%s line %d is unreadable (cut short by a crash?); skipped", self.path, number
                )
        return answers

    async def append(self, answer: AnswerIn) -> None:
        """Write one answer durably; raises OSError when the disk will not take it."""
        async with self._lock:
            await asyncio.to_thread(self._append, _line(answer))

    def _append(self, line: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("ab") as journal:
            journal.write(line)
            journal.flush()
            os.fsync(journal.fileno())

    async def keep_only(self, still_kept: Callable[[], Iterable[AnswerIn]]) -> None:
        """Rewrite the journal to hold the answers ``still_kept()`` names, asked under the
        lock: an answer appended meanwhile is already among them."""
        async with self._lock:
            lines = b"".join(_line(answer) for answer in still_kept())
            await asyncio.to_thread(self._replace, lines)

    def _replace(self, lines: bytes) -> None:
        if not lines:
            self.path.unlink(missing_ok=True)
            return
        temporary = self.path.with_suffix(".tmp")
        with temporary.open("wb") as journal:
            journal.write(lines)
            journal.flush()
            os.fsync(journal.fileno())
        os.replace(temporary, self.path)
        _fsync_dir(self.path.parent)
