"""The lock files agree with pyproject.toml, and CI installs from them as the README says.

A dependency added to pyproject.toml without refreshing the locks, a hand edit that drops
a hash, or a lower bound moved back to a release with a known vulnerability fails here
rather than in an image build or a security scan.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
TEST_LOCK = ROOT / "requirements" / "test.lock"
RUNTIME_LOCK = ROOT / "requirements" / "runtime.lock"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

#: The newest release of each package that a published advisory says is vulnerable
#: (the advisory named; fixed in the next release). The ranges must exclude them.
KNOWN_VULNERABLE = {
    "aiohttp": ("3.14.2", "CVE-2026-69244"),
    "pillow": ("12.2.0", "CVE-2026-54058 and eight more fixed in 12.3.0"),
    "python-dotenv": ("1.2.1", "CVE-2026-28684"),
    "pytest": ("9.0.2", "CVE-2025-71176"),
}


@dataclass(frozen=True)
class Pin:
    version: str
    hashes: frozenset[str]


def read_lock(text: str) -> dict[str, Pin]:
    """``name==version`` with its ``--hash=sha256:…`` lines, as pip-compile writes them.

    Anything else that is not a comment (an unpinned name, an option, a URL) is refused:
    pip's hash-checking mode would reject it, or it would escape the lock.
    """
    pins: dict[str, Pin] = {}
    for entry in re.sub(r"\\\n", " ", text).splitlines():
        entry = entry.strip()
        if not entry or entry.startswith("#"):
            continue
        words = entry.split()
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!-]+)", words[0])
        assert match, f"not pinned: {entry!r}"
        hashes = set()
        for word in words[1:]:
            hashed = re.fullmatch(r"--hash=sha256:([0-9a-f]{64})", word)
            assert hashed, f"{words[0]}: unexpected {word!r}"
            hashes.add(hashed.group(1))
        assert hashes, f"{words[0]} has no hash"
        name = canonicalize_name(match.group(1))
        assert name not in pins, f"{name} twice"
        pins[name] = Pin(match.group(2), frozenset(hashes))
    return pins


@pytest.fixture(scope="module")
def test_lock() -> dict[str, Pin]:
    return read_lock(TEST_LOCK.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def runtime_lock() -> dict[str, Pin]:
    return read_lock(RUNTIME_LOCK.read_text(encoding="utf-8"))


def runtime_requirements() -> list[Requirement]:
    return [Requirement(r) for r in PYPROJECT["project"]["dependencies"]]


def extra_requirements() -> list[Requirement]:
    return [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["test"]]


def build_requirements() -> list[Requirement]:
    return [Requirement(r) for r in PYPROJECT["build-system"]["requires"]]


def assert_satisfied(requirements: list[Requirement], lock: dict[str, Pin]) -> None:
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        assert name in lock, f"{requirement} is not in the lock: run requirements/refresh.sh"
        assert requirement.specifier.contains(lock[name].version, prereleases=True), (
            f"the lock has {name}=={lock[name].version}, outside {requirement}: "
            "run requirements/refresh.sh"
        )


def test_lock_reader_refuses_what_pip_would() -> None:
    good = "a-b==1.0 \\\n    --hash=sha256:" + "0" * 64 + "\n    # via x\n"
    assert read_lock(good) == {"a-b": Pin("1.0", frozenset({"0" * 64}))}
    for bad in (
        "a-b>=1.0 \\\n --hash=sha256:" + "0" * 64,
        "a-b==1.0\n",
        "-e .\n",
        "a==1 \\\n --hash=md5:00\n",
    ):
        with pytest.raises(AssertionError):
            read_lock(bad)


def test_test_lock_covers_everything_ci_installs(test_lock: dict[str, Pin]) -> None:
    """CI installs the package with --no-deps --no-build-isolation: its dependencies, the
    test extras and what builds it must all come from the lock."""
    assert_satisfied(
        runtime_requirements() + extra_requirements() + build_requirements(), test_lock
    )


def test_runtime_lock_covers_the_image(runtime_lock: dict[str, Pin]) -> None:
    assert_satisfied(runtime_requirements() + build_requirements(), runtime_lock)
    tested_only = {canonicalize_name(r.name) for r in extra_requirements()}
    assert not tested_only & set(runtime_lock), "test tools do not belong in the image"


def test_the_image_runs_what_ci_tested(
    runtime_lock: dict[str, Pin], test_lock: dict[str, Pin]
) -> None:
    for name, pin in runtime_lock.items():
        assert name in test_lock, name
        assert pin == test_lock[name], (
            f"{name}: runtime {pin.version}, test {test_lock[name].version}"
        )


@pytest.mark.parametrize("package", sorted(KNOWN_VULNERABLE))
def test_no_release_with_a_known_vulnerability(
    package: str, runtime_lock: dict[str, Pin], test_lock: dict[str, Pin]
) -> None:
    vulnerable, advisory = KNOWN_VULNERABLE[package]
    (requirement,) = [
        r
        for r in runtime_requirements() + extra_requirements()
        if canonicalize_name(r.name) == package
    ]
    assert not requirement.specifier.contains(vulnerable), f"{requirement} allows {advisory}"
    assert Version(test_lock[package].version) > Version(vulnerable)
    if package in runtime_lock:
        assert Version(runtime_lock[package].version) > Version(vulnerable)


# --- CI runs the README's test command, which installs from the lock --------------------
def readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    after = readme.split("Install and run the tests", 1)[1]
    block = re.search(r"```sh\n(.*?)\n```", after, re.S)
    assert block, "no sh block after 'Install and run the tests'"
    (line,) = block.group(1).splitlines()
    return line


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    command = readme_test_command()
    assert command in ci, "the README's test command is not a line of .ci/run"
    assert ci.index(command) == len(ci) - 1, "the test command is .ci/run's last line"


def test_the_test_command_installs_from_the_lock() -> None:
    steps = [shlex.split(step) for step in readme_test_command().split("&&")]
    installs = [step for step in steps if "install" in step]
    assert installs[0][-3:] == ["--require-hashes", "-r", "requirements/test.lock"]
    package = installs[1]
    assert {"--no-deps", "--no-build-isolation"} <= set(package), package
    assert package[-2:] == ["-e", "."]
    assert len(installs) == 2
