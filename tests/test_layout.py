"""The contributors' guide's layout is true: every path it names exists, and where it
lists a folder's contents it lists all of them (so a new module must be placed in it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "contributors.md"
#: An entry's names start before this column; deeper lines continue a description.
NAME_COLUMN = 20


def layout_lines() -> list[str]:
    """The lines of the first code block under "## Layout"."""
    text = GUIDE.read_text("utf-8")
    section = text[text.index("\n## Layout\n") :]
    block = re.search(r"^```\n(.*?)^```$", section, re.S | re.M)
    assert block is not None, "no code block under ## Layout"
    return block.group(1).splitlines()


def named() -> dict[Path, list[Path]]:
    """Each folder the layout lists entries under, with the paths it names there."""
    listed: dict[Path, list[Path]] = {ROOT: []}
    parents: list[Path] = [ROOT]
    for line in layout_lines():
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or indent >= NAME_COLUMN:
            continue
        assert indent % 2 == 0, line
        depth = indent // 2
        del parents[depth + 1 :]
        column = re.split(r" {2,}", line.strip(), maxsplit=1)[0]
        paths = [parents[depth] / name.strip() for name in column.split(", ")]
        listed.setdefault(parents[depth], []).extend(paths)
        if len(paths) == 1 and column.endswith("/"):
            parents.append(paths[0])
    return listed


def test_the_layout_is_read() -> None:
    """The reader finds entries at every depth (the test cannot pass on nothing)."""
    listed = named()
    assert ROOT / "houseway" / "game.py" in listed[ROOT / "houseway"]
    assert ROOT / "houseway" / "analysis" / "exact.py" in listed[ROOT / "houseway" / "analysis"]
    assert ROOT / "bot" / "app" / "client.py" in listed[ROOT / "bot" / "app"]


def test_every_named_path_exists() -> None:
    missing = [
        str(path.relative_to(ROOT))
        for paths in named().values()
        for path in paths
        if not path.exists()
    ]
    assert missing == []


def test_every_module_of_a_listed_folder_is_named() -> None:
    """Where the layout lists a folder's entries (not a sentence about it), a module or
    a folder of code it leaves out is a module a reader will not find."""
    unnamed = []
    for folder, paths in named().items():
        if folder == ROOT or not paths:
            continue
        for child in sorted(folder.iterdir()):
            code = child.suffix == ".py" or (child / "__init__.py").exists()
            if code and child.name != "__init__.py" and child not in paths:
                unnamed.append(str(child.relative_to(ROOT)))
    assert unnamed == []
