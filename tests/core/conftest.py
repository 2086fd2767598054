"""The house way over every class, once for the whole run.

The census's checks (tests/core/test_census.py) and the class table's
(tests/core/test_exact.py) are one pass of the house way over the 292,253 classes
(``run_census(rows=True)``): it was two, 35 s and 28 s of CPU. The first worker to ask
makes the pass and leaves its result in the run's directory (tests/runwide.py); any other
reads it.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from houseway.analysis.census import CensusResult, run_census
from houseway.analysis.exact import table_arrays
from tests.runwide import once


@dataclass(frozen=True)
class EveryClass:
    """The census (its rows left out) and the class table that the same pass gave."""

    census: CensusResult
    table: dict[str, npt.NDArray[np.generic]]


def _fill(folder: Path) -> None:
    census = run_census(workers=os.cpu_count() or 1, rows=True)
    np.savez(folder / "table.npz", allow_pickle=False, **table_arrays(census.rows))
    fields = {
        "categories": dict(census.categories),
        "paths": dict(census.paths),
        "hands": census.hands,
        "classes": census.classes,
        "problems": census.problems,
    }
    (folder / "census.json").write_text(json.dumps(fields), encoding="utf-8")


@pytest.fixture(scope="session")
def every_class() -> EveryClass:
    folder = once("every-class", _fill)
    fields = json.loads((folder / "census.json").read_text(encoding="utf-8"))
    census = CensusResult(
        categories=Counter(fields["categories"]),
        paths=Counter(fields["paths"]),
        hands=fields["hands"],
        classes=fields["classes"],
        problems=fields["problems"],
    )
    with np.load(folder / "table.npz", allow_pickle=False) as stored:
        table = {key: stored[key] for key in stored.files}
    return EveryClass(census, table)
