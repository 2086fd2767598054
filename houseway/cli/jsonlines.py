"""Reading lines without trusting them: every command that reads standard input line by
line (hands, ``settle --json -``, ``bonus --json -``) holds at most a bounded piece of a
line, answers each line in order, and goes on after a line it cannot take."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, Final, TextIO

#: Bytes kept of one JSON line: far above any line the commands take (two hands, a bet),
#: far below what would cost memory. A longer line is refused whole.
JSON_LINE_BYTES: Final = 64 * 1024
#: Piece size for skipping the rest of an over-long line.
_SKIP_CHUNK: Final = 1 << 16


def read_lines(stream: BinaryIO, limit: int) -> Iterator[tuple[bytes, bool]]:
    """Each line's bytes without its ending, and whether the line was cut at ``limit``.

    Never holds more than ``limit`` bytes of a line: the rest of an over-long line is read
    in bounded pieces and dropped, so a 100 MB line costs no more memory than a short one.
    """
    while line := stream.readline(limit + 1):
        if line.endswith(b"\n") or len(line) <= limit:
            yield line.rstrip(b"\r\n"), False
            continue
        rest = line
        while rest and not rest.endswith(b"\n"):
            rest = stream.readline(_SKIP_CHUNK)
        yield line, True


class LineError(ValueError):
    """A line that cannot be answered, with the machine-readable code its error line
    carries. The message names the field and says what is expected."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)

    def to_json(self) -> dict[str, object]:
        return {"error": {"code": self.code, "message": str(self)}}


def decode(raw: bytes, cut: bool) -> object:
    """One line as the JSON value it holds, or :class:`LineError` saying why not."""
    if cut:
        raise LineError(
            "too_long", f"the line is longer than {JSON_LINE_BYTES:,} bytes: one object a line"
        )
    try:
        return json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LineError(
            "not_json", f"not a JSON object ({error}): expected one object a line"
        ) from error
    except RecursionError:
        raise LineError("not_json", "the JSON is nested too deeply to read") from None
    except ValueError as error:  # an integer past Python's digit limit (4,300 digits)
        raise LineError(
            "not_json", f"a number in the line is too long to read ({error})"
        ) from error


def json_lines(stream: BinaryIO) -> Iterator[tuple[bytes, bool]]:
    """Standard input's lines, each cut at :data:`JSON_LINE_BYTES`."""
    return read_lines(stream, JSON_LINE_BYTES)


def run_json_lines(
    lines: Iterable[tuple[bytes, bool]],
    answer: Callable[[object], dict[str, object]],
    out: TextIO,
) -> int:
    """Answer each line (its bytes, and whether it was cut) in order, flushed as it is
    written; exit 1 if any was refused."""
    status = 0
    for raw, cut in lines:
        try:
            said = answer(decode(raw, cut))
        except LineError as error:
            status = 1
            said = error.to_json()
        out.write(json.dumps(said, ensure_ascii=False) + "\n")
        out.flush()
    return status
