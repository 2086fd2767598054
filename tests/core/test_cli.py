"""The command line, run as a real subprocess."""

import json
import subprocess
import sys

from houseway.rules import RULES


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "houseway", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_text_output_names_hands_and_quotes_rules() -> None:
    done = run("As Kd Qc Jh 9s 7d JK")
    assert done.returncode == 0, done.stderr
    assert "Straight (Stege)" in done.stdout
    assert "As 7d" in done.stdout
    assert "flush-straight.keep" in done.stdout
    assert RULES["straight-flush.keep"].swedish in done.stdout
    assert RULES["flush-straight.keep"].english in done.stdout


def test_supplement_is_marked() -> None:
    done = run("9s", "9h", "5d", "5c", "2h", "2d", "Ac")
    assert "Tillägg – ingår inte i originalreglerna" in done.stdout
    assert RULES["three-pairs"].swedish in done.stdout


def test_json_one_hand() -> None:
    done = run("--json", "2h 5h 8h Jh Kh As Ad")
    data = json.loads(done.stdout)
    assert data["hand"] == ["2h", "5h", "8h", "Jh", "Kh", "As", "Ad"]
    assert sorted(data["two"]) == ["Ad", "As"]
    assert sorted(data["five"]) == sorted(["2h", "5h", "8h", "Jh", "Kh"])
    assert data["rule"] == "flush-straight.pair-moved"
    assert data["path"] == ["flush-straight.pair-moved"]
    assert data["five_name"] == "Flush"
    assert data["two_name"] == "Pair"


def test_json_stdin_keeps_going_after_a_bad_line() -> None:
    done = run(
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
        [sys.executable, "-m", "houseway", "--json", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
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
    done = run("--json", "-", stdin="As Ah Ad Ac JK 7s 2d\n")
    assert done.returncode == 0


def test_bad_hand_in_text_mode() -> None:
    done = run("As Kd Qc Jh 9s 7d Zz")
    assert done.returncode == 1
    assert "'Zz' is not a card" in done.stderr
