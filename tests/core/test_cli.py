"""The command line, run as a real subprocess."""

import contextlib
import json
import os
import subprocess
import threading
from pathlib import Path
from typing import IO, Any

import pytest

from houseway.rules import RULES
from tests.conftest import HOUSEWAY_CLI, run_cli


def test_text_output_names_hands_and_quotes_rules() -> None:
    done = run_cli("As Kd Qc Jh 9s 7d JK")
    assert done.returncode == 0, done.stderr
    assert "Straight (Stege)" in done.stdout
    assert "As 7d" in done.stdout
    assert "flush-straight.keep" in done.stdout
    assert RULES["straight-flush.keep"].swedish in done.stdout
    assert RULES["flush-straight.keep"].english in done.stdout


def test_supplement_is_marked() -> None:
    done = run_cli("9s", "9h", "5d", "5c", "2h", "2d", "Ac")
    assert "Tillägg – ingår inte i originalreglerna" in done.stdout
    assert RULES["three-pairs"].swedish in done.stdout


def test_json_one_hand() -> None:
    done = run_cli("--json", "2h 5h 8h Jh Kh As Ad")
    data = json.loads(done.stdout)
    assert data["hand"] == ["2h", "5h", "8h", "Jh", "Kh", "As", "Ad"]
    assert sorted(data["two"]) == ["Ad", "As"]
    assert sorted(data["five"]) == sorted(["2h", "5h", "8h", "Jh", "Kh"])
    assert data["rule"] == "flush-straight.pair-moved"
    assert data["path"] == ["flush-straight.pair-moved"]
    assert data["five_name"] == "Flush"
    assert data["two_name"] == "Pair"


def test_json_stdin_keeps_going_after_a_bad_line() -> None:
    done = run_cli(
        "--json", "-", stdin="As Ah Ad Ac JK 7s 2d\nAs Ah\nspader ess, 2c\n9h Th Jh Qh Kh 9s 4c\n"
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert [line.get("rule") for line in lines] == ["five-aces", None, None, "straight-flush.keep"]
    assert lines[1] == {
        "input": "As Ah",
        "error": {"code": "wrong_count", "message": "Expected 7 cards, got 2.", "token": None},
    }
    assert lines[2]["error"]["code"] == "wrong_count"


def test_json_stdin_answers_line_for_line_as_they_come() -> None:
    """Answer n belongs to line n (a blank line too), and each comes before the next line."""
    process = subprocess.Popen(
        [*HOUSEWAY_CLI, "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("As Ah Ad Ac JK 7s 2d\r\n")
        process.stdin.flush()
        first = json.loads(process.stdout.readline())  # before any more input: streamed
        assert first["input"] == "As Ah Ad Ac JK 7s 2d" and first["rule"] == "five-aces"
        process.stdin.write("\n9h Th Jh Qh Kh 9s 4c\n")
        process.stdin.close()
        rest = [json.loads(line) for line in process.stdout]
        assert process.wait(timeout=30) == 1  # the blank line was bad
    finally:
        if process.poll() is None:
            process.kill()
    assert rest[0]["input"] == "" and rest[0]["error"]["code"] == "empty"
    assert rest[1]["rule"] == "straight-flush.keep"


def test_all_good_lines_exit_zero() -> None:
    done = run_cli("--json", "-", stdin="As Ah Ad Ac JK 7s 2d\n")
    assert done.returncode == 0


def test_bad_hand_in_text_mode() -> None:
    done = run_cli("As Kd Qc Jh 9s 7d Zz")
    assert done.returncode == 1
    assert "'Zz' is not a card" in done.stderr


# --- standard input as bytes: any input, any locale ------------------------------------

GOOD = "As Ah Ad Ac JK 7s 2d"
SWEDISH = "hjärter ess, spader 10, klöver kung, ruter dam, ruter knekt, 2c, 3d"


def clean_env(**settings: str) -> dict[str, str]:
    """The environment without locale or I/O-encoding settings, then ``settings``."""
    drop = ("LANG", "LANGUAGE", "PYTHONIOENCODING", "PYTHONUTF8")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("LC_")}
    return {**env, **settings}


def answers(stdout: bytes) -> list[dict[str, Any]]:
    """One JSON object per line; the bytes must be UTF-8 (strict), as JSON requires."""
    return [json.loads(line) for line in stdout.decode("utf-8").splitlines()]


LOCALES = [
    pytest.param({"LC_ALL": "C"}, id="C"),
    pytest.param({"LC_ALL": "C.UTF-8"}, id="C.UTF-8"),
    # A UTF-8 locale with strict standard streams, as en_US.UTF-8 gives (not installed here).
    pytest.param({"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}, id="strict"),
    # A locale whose encoding is not UTF-8 (Latin-1; not installed here).
    pytest.param({"LC_ALL": "C", "PYTHONIOENCODING": "latin-1"}, id="latin-1"),
]


@pytest.mark.parametrize("settings", LOCALES)
def test_json_stdin_answers_a_line_that_is_not_utf8_and_goes_on(settings: dict[str, str]) -> None:
    """A Latin-1 line between two good ones: three answers, the middle one ``encoding``."""
    stdin = (
        GOOD.encode() + b"\n" + SWEDISH.encode("latin-1") + b"\n" + SWEDISH.encode("utf-8") + b"\n"
    )
    done = run_cli("--json", "-", stdin=stdin, env=clean_env(**settings), text=False)
    assert done.stderr == b""
    first, bad, last = answers(done.stdout)
    assert first["rule"] == "five-aces"
    assert bad["error"]["code"] == "encoding"
    assert bad["error"]["token"] == "\\xe4"
    assert "not valid UTF-8" in bad["error"]["message"]
    assert bad["input"] == SWEDISH.replace("ä", "\\xe4").replace("ö", "\\xf6")
    assert last["input"] == SWEDISH and last["canonical"] == "Ah Kc Qd Jd Ts 3d 2c"
    assert done.returncode == 1


@pytest.mark.parametrize("settings", LOCALES)
def test_hand_argument_that_is_not_utf8(settings: dict[str, str]) -> None:
    done = run_cli("--json", SWEDISH.encode("latin-1"), env=clean_env(**settings), text=False)
    assert done.stderr == b""
    [answer] = answers(done.stdout)
    assert answer["error"]["code"] == "encoding" and answer["error"]["token"] == "\\xe4"
    assert done.returncode == 1


def test_line_limit_counts_characters_not_bytes() -> None:
    """200 four-byte jokers fit (and are refused for the jokers); 201 are too long."""
    stdin = ("🃏" * 200 + "\r\n" + "🃏" * 201 + "\n" + "x" * 300 + "\n").encode()
    done = run_cli("--json", "-", stdin=stdin, env=clean_env(LC_ALL="C.UTF-8"), text=False)
    fits, emoji, letters = answers(done.stdout)
    assert fits["error"]["code"] == "two_jokers"
    assert emoji["error"]["code"] == "too_long" and emoji["input"] == "🃏" * 64 + "…"
    assert letters["error"]["code"] == "too_long" and letters["input"] == "x" * 64 + "…"


def peak_rss_mb(pid: int) -> float:
    """The process's own peak resident memory (VmHWM), read while it runs.

    Not the rusage of the reaped child: Linux counts there the memory of the parent it
    was forked from (here pytest's, about 67 MB).
    """
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    raise AssertionError("no VmHWM in /proc")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_json_stdin_refuses_a_100_mb_line_in_flat_memory() -> None:
    """The line is streamed in 1 MiB pieces and never held whole, by the test or the CLI."""
    process = subprocess.Popen(
        [*HOUSEWAY_CLI, "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=clean_env(LC_ALL="C.UTF-8"),
    )
    assert process.stdin is not None and process.stdout is not None

    def feed(stdin: IO[bytes]) -> None:
        with contextlib.suppress(BrokenPipeError):
            stdin.write(GOOD.encode() + b"\n")
            piece = b"x" * (1 << 20)
            for _ in range(100):
                stdin.write(piece)
            stdin.write(b"\n" + GOOD.encode() + b"\n")
            stdin.flush()

    feeder = threading.Thread(target=feed, args=(process.stdin,))
    feeder.start()
    try:
        stdout = b"".join(process.stdout.readline() for _ in range(3))
        feeder.join()
        peak = peak_rss_mb(process.pid)  # still running: waiting for more input
        process.stdin.close()
        rest = process.stdout.read()
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
        feeder.join()
    # Python with houseway loaded peaks near 23 MB; reading the line whole cost 433 MB.
    assert peak < 60, f"peak RSS {peak:.0f} MB"
    assert len(stdout) < 10_000
    first, long_line, last = answers(stdout)
    assert first["rule"] == last["rule"] == "five-aces"
    assert long_line["error"]["code"] == "too_long"
    assert long_line["input"] == "x" * 64 + "…"
    assert rest == b"" and status == 1


def test_closed_pipe_ends_quietly() -> None:
    """``houseway --json - | head -1``: no traceback, exit 1 as Python's docs suggest."""
    houseway = subprocess.Popen(
        [*HOUSEWAY_CLI, "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert houseway.stdin is not None and houseway.stdout is not None
    assert houseway.stderr is not None
    head = subprocess.Popen(["head", "-1"], stdin=houseway.stdout, stdout=subprocess.PIPE)
    houseway.stdout.close()  # head holds the only read end now
    try:
        # 2,000 answers (about 2 MB) cannot all fit in the pipe before head exits.
        with contextlib.suppress(BrokenPipeError), houseway.stdin:
            houseway.stdin.write((GOOD + "\n").encode() * 2000)
        stderr = houseway.stderr.read()
        status = houseway.wait(timeout=60)
        first, _ = head.communicate(timeout=60)
    finally:
        for process in (houseway, head):
            if process.poll() is None:
                process.kill()
    assert answers(first)[0]["rule"] == "five-aces"
    assert stderr == b""
    assert status == 1


def _with_shell_redirect(redirect: str, *args: str, stdin: bytes = b"") -> tuple[int, str]:
    """``houseway ARGS REDIRECT`` through sh (``>&-`` closes a descriptor, which
    subprocess cannot): the status and what reached standard error."""
    command = " ".join(["exec", *HOUSEWAY_CLI, *(f"'{arg}'" for arg in args), redirect])
    done = subprocess.run(
        ["sh", "-c", command], input=stdin, capture_output=True, timeout=120, check=False
    )
    return done.returncode, done.stderr.decode()


@pytest.mark.parametrize(
    ("redirect", "args", "says"),
    [
        (">/dev/full", ("--json", "-"), "cannot write to standard output"),
        (">/dev/full", (GOOD,), "cannot write to standard output"),
        (">&-", ("--json", "-"), "standard output is closed"),
        ("<&-", ("--json", "-"), "standard input is closed"),
    ],
)
def test_a_full_or_closed_stream_is_one_line_and_a_failure(
    redirect: str, args: tuple[str, ...], says: str
) -> None:
    if redirect == ">/dev/full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    status, stderr = _with_shell_redirect(redirect, *args, stdin=(GOOD + "\n").encode() * 3)
    assert status != 0
    assert stderr.startswith("houseway: ") and says in stderr
    assert stderr.count("\n") == 1, stderr  # one line: no traceback, no second complaint
