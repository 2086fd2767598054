"""``houseway solve`` on a damaged run directory: one line that names the file and what to
do (exit 2), never a traceback or a hang; ``--resume`` solves a bad chunk again; a summary
is whole only when its chunks hold every class (issue 30, items 3 and 4)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import numpy as np
import pytest

from houseway.analysis.census import CLASSES
from houseway.solve.files import RunError, chunk_path, done_chunks, run_solve, summarise
from tests.conftest import run_cli

SIZE = 6


@pytest.fixture
def run(tmp_path: Path) -> Path:
    """A run of two chunks of six classes."""
    out = tmp_path / "run"
    run_solve(out, workers=1, chunk_size=SIZE, limit=2)
    return out


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


RUN_FILES = {
    "an empty object": "{}",
    "a list": "[]",
    "chunk size 0": json.dumps({"classes": CLASSES, "chunk_size": 0}),
    "chunk size as text": json.dumps({"classes": CLASSES, "chunk_size": "50"}),
    "fifty classes": json.dumps({"classes": 50, "chunk_size": SIZE}),
    "not JSON": "{classes",
}


@pytest.mark.parametrize("content", RUN_FILES)
def test_a_damaged_run_file_is_one_line_for_summarise_and_resume(run: Path, content: str) -> None:
    (run / "run.json").write_text(RUN_FILES[content])
    for args in (["--summarise", str(run)], ["--resume", "--out", str(run), "--workers", "1"]):
        done = run_cli("solve", *args)
        assert done.returncode == 2, (args, done.stdout)
        line = one_line(done.stderr)
        assert line.startswith("houseway solve: ") and "run.json" in line, line
        assert '"partial": false' not in done.stdout


def test_a_run_whose_file_says_fifty_classes_is_never_called_whole(run: Path) -> None:
    """The attack's case: one chunk, run.json saying 50 classes. Refused; and a true run
    of part of the classes is partial, counted by what its chunks hold."""
    assert summarise(run)["partial"] is True
    (run / "run.json").write_text(json.dumps({"classes": 50, "chunk_size": 50}))
    with pytest.raises(RunError, match="not a run over all 6,972,147 classes"):
        summarise(run)


def test_out_naming_a_file_is_one_line(tmp_path: Path) -> None:
    file = tmp_path / "a-file"
    file.write_text("not a directory")
    for args in (
        ["--out", str(file)],
        ["--resume", "--out", str(file)],
        ["--summarise", str(file)],
    ):
        done = run_cli("solve", *args, "--workers", "1", "--limit", "1")
        assert done.returncode == 2
        assert str(file) in one_line(done.stderr)


def write_fields(chunk: Path, drop: str | None = None, **changed: object) -> None:
    """Rewrite a chunk with one field dropped or changed."""
    with np.load(chunk) as data:
        fields = {name: data[name] for name in data.files if name != drop}
    fields.update(changed)  # type: ignore[arg-type]
    with chunk.open("wb") as stream:
        np.savez(stream, **fields)


def damage_cut_short(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:200])


def damage_empty(path: Path) -> None:
    path.write_bytes(b"")


def damage_field_missing(path: Path) -> None:
    write_fields(path, drop="wins")


def damage_path_out_of_range(path: Path) -> None:
    write_fields(path, path=np.full(SIZE, 250, np.uint8))


def damage_house_out_of_range(path: Path) -> None:
    write_fields(path, house=np.full(SIZE, 30, np.uint8))


def damage_fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


DAMAGES = [
    damage_cut_short,
    damage_empty,
    damage_field_missing,
    damage_path_out_of_range,
    damage_house_out_of_range,
    damage_fifo,
]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__.removeprefix("damage_"))
def test_a_bad_chunk_is_named_by_summarise_and_solved_again_by_resume(
    run: Path, tmp_path: Path, damage: object
) -> None:
    whole = summarise(run)
    bad = chunk_path(run, 1)
    damage(bad)  # type: ignore[operator]
    done = run_cli("solve", "--summarise", str(run), timeout=60)
    assert done.returncode == 2
    line = one_line(done.stderr)
    assert str(bad) in line and "--resume" in line, line
    warned: list[str] = []
    assert run_solve(run, workers=1, resume=True, limit=2, warn=warned.append) == [1]
    assert len(warned) == 1 and str(bad) in warned[0] and "solving it again" in warned[0]
    assert done_chunks(run) == [0, 1]
    assert summarise(run) == whole


def test_the_command_says_the_bad_chunk_it_solves_again(run: Path) -> None:
    damage_cut_short(chunk_path(run, 0))
    done = run_cli("solve", "--resume", "--out", str(run), "--workers", "1", "--limit", "2")
    assert done.returncode == 0, done.stderr
    assert f"houseway solve: {chunk_path(run, 0)}: it is cut short" in done.stderr
    assert json.load(io.StringIO(done.stdout))["chunks"] == 2


def test_a_chunk_outside_the_run_is_named(run: Path) -> None:
    outside = chunk_path(run, 99_999_999)
    chunk_path(run, 0).replace(outside)
    for args in (["--summarise", str(run)], ["--resume", "--out", str(run), "--workers", "1"]):
        done = run_cli("solve", *args)
        assert done.returncode == 2
        line = one_line(done.stderr)
        assert str(outside) in line and "not one of them" in line, line
