"""The documentation holds together: every relative link in README.md, docs/*.md and
deploy/README.md reaches a file that exists, every `#anchor` a heading (or an explicit
`<a id>`) of its target, as GitHub makes them, and the README links every page of docs/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = [README, *sorted(DOCS.glob("*.md")), ROOT / "deploy" / "README.md"]

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
EXPLICIT_ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"", re.I)
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.S)


def prose(text: str) -> str:
    """The text with fenced code blocks blanked (lines kept, so numbers stay)."""
    lines, fence = [], ""
    for line in text.splitlines():
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
            lines.append("")
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            lines.append("")
        else:
            lines.append(line)
    return "\n".join(lines)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text as shown, lowercase, punctuation other than
    '-' and '_' dropped, each space a '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link shows its text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML shows nothing of its tags
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = prose(page.read_text(encoding="utf-8"))
    found: set[str] = set(EXPLICIT_ANCHOR.findall(text))
    seen: dict[str, int] = {}
    for line in text.splitlines():
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    text = INLINE_CODE.sub(lambda m: " " * len(m.group(0)), prose(page.read_text(encoding="utf-8")))
    return [
        target for target in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", target, re.I)
    ]


def test_slugs_follow_githubs_rules() -> None:
    assert slug("Moderator's guide: quiz rounds") == "moderators-guide-quiz-rounds"
    assert slug("/analyze") == "analyze"
    assert slug("Large bots: sharding") == "large-bots-sharding"
    assert slug("Design notes (decisions where the spec is silent)") == (
        "design-notes-decisions-where-the-spec-is-silent"
    )
    assert slug("`houseway explain` and [JSON](x.md)") == "houseway-explain-and-json"
    assert slug("Locks, CI and checkers") == "locks-ci-and-checkers"


def test_links_are_found_across_lines_and_not_in_code(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "See [who sees\n  what](#who-sees-what) and ![a picture](images/x.png).\n"
        "Not `[code](nowhere.md)`, nor a [site](https://example.com).\n"
        "```\n[fenced](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert links(page) == ["#who-sees-what", "images/x.png"]


def test_the_pages_are_there() -> None:
    names = {page.name for page in DOCS.glob("*.md")}
    assert {
        "members.md",
        "moderators.md",
        "operators.md",
        "contributors.md",
        "command-line.md",
    } <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_relative_links_reach_a_file_and_a_heading(page: Path) -> None:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {path}")
            continue
        if ROOT not in file.parents and file != ROOT:
            broken.append(f"{target}: outside the repository")
            continue
        if anchor:
            if file.suffix != ".md":
                broken.append(f"{target}: an anchor into a file that is not Markdown")
            elif anchor not in anchors(file):
                broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, "\n".join(broken)


def test_the_readme_links_every_page_of_docs() -> None:
    targets = {target.partition("#")[0] for target in links(README)}
    missing = [
        page.name for page in sorted(DOCS.glob("*.md")) if f"docs/{page.name}" not in targets
    ]
    assert not missing, missing


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda page: page.name)
def test_each_page_says_who_it_is_for_and_links_back(page: Path) -> None:
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# "), "a page starts with its title"
    opening = next(line for line in lines[1:] if line.strip())
    assert "../README.md" in opening, (
        "the line under the title says who it is for and links to the README"
    )
