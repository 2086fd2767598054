"""Answers told "saved" before the database took them, kept on local disk.

When the database is slow or down, a quiz answer is acknowledged only after its line
is written here and fsync'd; the database gets it later (before the round is scored),
and at the next start whatever is still here is taken back in. So a crash, even a
SIGKILL, while the database hangs loses no answer a member was told was saved.

One JSON array ``[round, member, answer, time]`` per line. The file is rewritten (to a
temporary file, fsync'd, renamed) whenever answers leave it. What is read back is input
from disk like any other: a line that is not an answer the database can store (cut
short by a crash, or written by anything else) is skipped and counted, the file is read
line by line up to ``MAX_READ`` bytes, and only a regular file is opened at all.

Each process (shard slice) has its own journal and holds its lock (``.lock`` beside
it, an flock that dies with the process). At start a process also takes over every
other journal in the directory whose lock is free, so a journal left under other shard
settings is taken back too, while a live process's journal is left to it. Taking over
is an atomic rename to a name of the taker's own (``<own>.taken-<id>.jsonl``), so two
processes never both take one, and a crash halfway leaves it to the taker's next start.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import stat
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final

from .answers import AnswerIn, unstorable

try:
    import fcntl
except ImportError:  # no flock (Windows): other journals are left alone
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

PREFIX: Final = "answers-journal"
#: Longest line read: an answer's line is under 200 bytes; a longer one is unreadable.
MAX_LINE: Final = 4096
#: How much of a journal is read: about 900,000 answers, more than memory would keep.
MAX_READ: Final = 64 * 1024 * 1024
#: Unreadable lines named one by one in the log; the rest are only counted.
NAMED_LINES: Final = 5
#: What reads a line (raw_decode: half the time of json.loads, for a line already stripped).
_DECODER: Final = json.JSONDecoder()


def journal_path(data_dir: Path, shard_ids: tuple[int, ...] | None) -> Path:
    """One journal per process: processes with different shard slices may share a disk."""
    suffix = "" if shard_ids is None else "-shards-" + "-".join(map(str, shard_ids))
    return data_dir / f"{PREFIX}{suffix}.jsonl"


def owner_lock(journal: Path) -> Path:
    """The lock of the process a journal file belongs to: the part of its name before the
    first dot names the process's journal (``<journal>.taken-<id>.jsonl`` is its too)."""
    return journal.with_name(journal.name.split(".", 1)[0] + ".lock")


def _line(answer: AnswerIn) -> bytes:
    fields = [answer.round_id, answer.user_id, answer.answer, answer.answered_at]
    return json.dumps(fields, separators=(",", ":")).encode() + b"\n"


def parse_line(line: bytes) -> AnswerIn | str:
    """The answer a journal line holds, or why it holds none (the brackets are looked at
    first: a million lines of anything else cost a second, not a failed parse each)."""
    text = line.strip()
    if not text.startswith(b"["):
        return "not [round, member, answer, time]"
    if not text.endswith(b"]"):
        return "cut short (by a crash?)"
    try:
        decoded = text.decode()
        fields, end = _DECODER.raw_decode(decoded)
    except (ValueError, RecursionError):
        return "not JSON"
    if end != len(decoded):
        return "not JSON"
    if type(fields) is not list or len(fields) != 4:
        return "not [round, member, answer, time]"
    answer = AnswerIn(*fields)
    problem = unstorable(answer)
    if problem is not None:
        return problem
    if type(answer.answered_at) is float:
        return answer
    return AnswerIn(answer.round_id, answer.user_id, answer.answer, float(answer.answered_at))


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


def _open_regular(path: Path, flags: int) -> int:
    """Open ``path`` without ever waiting (a FIFO would block an open or a read forever);
    OSError unless it is a regular file."""
    fd = os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _try_lock(path: Path) -> int | None:
    """An flock on ``path`` held through the returned descriptor, or None if another
    process holds it (or locks cannot be taken here)."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o666)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def read_journal(path: Path) -> tuple[list[AnswerIn], bool]:
    """The answers in one journal file, and whether it was read to its end (or there is
    none) rather than refused (not a regular file) or cut off by an I/O error, each in
    one log line. Whole lines are read until ``MAX_READ`` bytes have been: the rest is
    skipped, with a warning."""
    try:
        fd = _open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return [], True
    except OSError as error:
        log.error("the answer journal %s is not read: %s", path, error)
        return [], False
    answers: list[AnswerIn] = []
    skipped: list[tuple[int, str]] = []
    count = number = read = 0
    complete, beyond = True, False
    try:
        with os.fdopen(fd, "rb") as journal:
            while True:
                if read >= MAX_READ:  # whole lines up to the cap
                    beyond = bool(journal.read(1))
                    break
                line = journal.readline(MAX_LINE + 1)
                if not line:
                    break
                number += 1
                read += len(line)
                if len(line) > MAX_LINE:  # skip the rest of it, a piece at a time
                    while not line.endswith(b"\n") and read < MAX_READ:
                        line = journal.readline(1 << 16)
                        read += len(line)
                        if not line:
                            break
                    parsed: AnswerIn | str = f"longer than {MAX_LINE} bytes"
                else:
                    parsed = parse_line(line)
                if isinstance(parsed, AnswerIn):
                    answers.append(parsed)
                    continue
                count += 1
                if len(skipped) < NAMED_LINES:
                    skipped.append((number, parsed))
    except OSError as error:
        complete = False
        log.error("the answer journal %s could not be read past line %d: %s", path, number, error)
    if count:
        named = "; ".join(f"line {n}: {why}" for n, why in skipped)
        more = f"; and {count - len(skipped)} more" if count > len(skipped) else ""
        log.warning("%s: %d line(s) skipped (%s%s)", path, count, named, more)
    if beyond:
        log.warning(
            "%s is longer than %d bytes: read up to line %d, the rest skipped",
            path,
            MAX_READ,
            number,
        )
    return answers, complete


class AnswerJournal:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = asyncio.Lock()
        #: The flock that marks this journal as a live process's.
        self._held: int | None = None
        self._told_shared = False

    def load(self) -> list[AnswerIn]:
        """What the journal holds (lines that hold no storable answer are skipped)."""
        return read_journal(self.path)[0]

    def take_back(self) -> list[AnswerIn]:
        """At start: lock this journal, take over the others no live process holds, and
        return every answer found; the files taken over are merged into this one."""
        if not self.path.parent.is_dir():
            return []  # nothing to take back (and _append locks once it makes the directory)
        self._lock_own()
        answers = self.load()
        mine = owner_lock(self.path)
        taken = [path for path in self._journals() if owner_lock(path) == mine]
        if self._held is not None:  # else another process may be using this name too
            taken += self._take_over()
        done = []
        for path in taken:
            found, complete = read_journal(path)
            log.info("took over the answer journal %s: %d answer(s)", path, len(found))
            answers += found
            if complete:  # else left where it is, for the next start
                done.append(path)
        if done:
            try:  # on disk here before they leave there
                self._replace(b"".join(map(_line, answers)))
            except OSError as error:
                log.error("cannot merge the answer journals into %s: %s", self.path, error)
                return answers
            for path in done:
                try:
                    path.unlink(missing_ok=True)
                except OSError as error:  # taken back again at the next start: no harm
                    log.error("cannot remove %s, merged into %s: %s", path, self.path, error)
            _fsync_dir(self.path.parent)
        return answers

    def _lock_own(self) -> None:
        """Mark this journal as a live process's (once the lock is to be had)."""
        if self._held is None:
            self._held = _try_lock(owner_lock(self.path))
            if self._held is None and fcntl is not None and not self._told_shared:
                self._told_shared = True
                log.warning(
                    "another process holds the lock of %s (the same SHARD_IDS twice on one"
                    " DATA_DIR?): the journal is shared with it",
                    self.path,
                )

    def _journals(self) -> list[Path]:
        """Every journal file in the directory, this one aside (regular files only)."""
        found = []
        try:
            names = sorted(self.path.parent.glob(f"{PREFIX}*.jsonl"))
        except OSError as error:
            log.error("cannot list the answer journals in %s: %s", self.path.parent, error)
            return []
        for path in names:
            if path == self.path:
                continue
            try:
                regular = stat.S_ISREG(os.stat(path).st_mode)
            except OSError:
                continue
            if regular:
                found.append(path)
            else:
                log.error("%s is not a regular file: not taken back", path)
        return found

    def _take_over(self) -> list[Path]:
        """Rename every other process's journal whose lock is free to a name of ours."""
        taken = []
        for path in self._journals():
            lock = owner_lock(path)
            if lock == owner_lock(self.path):
                continue
            held = _try_lock(lock)
            if held is None:
                log.info("%s belongs to a live process: left to it", path)
                continue
            claim = self.path.with_name(f"{self.path.stem}.taken-{uuid.uuid4().hex}.jsonl")
            try:
                os.rename(path, claim)
            except FileNotFoundError:  # another process took it first
                continue
            except OSError as error:
                log.error("cannot take over the answer journal %s: %s", path, error)
                continue
            finally:
                os.close(held)
            taken.append(claim)
        return taken

    def close(self) -> None:
        """Let the lock go (the process is stopping): a later start may take this over."""
        if self._held is not None:
            os.close(self._held)
            self._held = None

    async def append(self, answer: AnswerIn) -> None:
        """Write one answer durably; raises OSError when the disk will not take it."""
        async with self._lock:
            await asyncio.to_thread(self._append, _line(answer))

    def _append(self, line: bytes) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock_own()
        fd = _open_regular(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        with os.fdopen(fd, "ab") as journal:
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
        """Write the journal anew; nothing but a regular file at its name is replaced."""
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                raise OSError(f"{self.path} is not a regular file")
        except FileNotFoundError:
            pass
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
