"""Long replies as pages that fit a phone: an embed whose texts pass ``PAGE_BUDGET``
characters is cut between its blocks (paragraphs) into pages, each with the title, and
the page's number in the footer. Discord refuses a message over 6,000 characters of
embeds; long before that a reply is a scroll of several phone screens (#29), so no reply
the bot sends passes ``PHONE_LIMIT`` (a test drives every long reply through the stand-in
to hold it there).
"""

from __future__ import annotations

from typing import Final

import discord

from houseway.language import Lang

from .i18n import text

#: A page's characters of embed text, counted as Discord counts them (``embed_size``):
#: about two phone screens, with room left under PHONE_LIMIT for longer wording.
PAGE_BUDGET: Final = 3500
#: No reply's embeds have more characters than this (Discord's own limit is 6,000).
PHONE_LIMIT: Final = 4000
#: Room kept in a page for its footer's page number ("Sida 12 av 12").
_NUMBER_ROOM: Final = 40


def embed_size(embed: discord.Embed) -> int:
    """The characters Discord counts towards an embed's 6,000: title, description, every
    field's name and value, the footer's text and the author's name."""
    sizes = [len(embed.title or ""), len(embed.description or "")]
    sizes += [len(field.name or "") + len(field.value or "") for field in embed.fields]
    sizes += [len(embed.footer.text or ""), len(embed.author.name or "")]
    return sum(sizes)


def _blocks(description: str, room: int) -> list[str]:
    """The description's paragraphs; one longer than ``room`` cut between its lines (and a
    line longer still, at ``room``), so that every block fits a page."""
    blocks: list[str] = []
    for paragraph in description.split("\n\n"):
        if len(paragraph) <= room:
            blocks.append(paragraph)
            continue
        current = ""
        for line in paragraph.split("\n"):
            while len(line) > room:
                blocks.extend([current] if current else [])
                blocks.append(line[:room])
                current, line = "", line[room:]
            candidate = f"{current}\n{line}" if current else line
            if len(candidate) > room:
                blocks.append(current)
                candidate = line
            current = candidate
        blocks.extend([current] if current else [])
    return blocks


def _packed(blocks: list[str], room: int, fields: int) -> list[str]:
    """The blocks, in order, as descriptions of at most ``room`` characters; the last
    leaves room for ``fields`` characters of fields (or an empty page holds them)."""
    descriptions: list[str] = []
    for block in blocks:
        candidate = f"{descriptions[-1]}\n\n{block}" if descriptions else block
        if descriptions and len(candidate) <= room:
            descriptions[-1] = candidate
        else:
            descriptions.append(block)
    if descriptions and len(descriptions[-1]) + fields > room:
        descriptions.append("")  # the fields on a page of their own
    return descriptions


def pages_of(embed: discord.Embed, lang: Lang, budget: int = PAGE_BUDGET) -> list[discord.Embed]:
    """``embed`` as one page when it fits ``budget``, else as pages: its description cut
    between paragraphs, the title and colour on every page, the fields on the last, the
    footer on every page with "Sida 1 av 3" / "Page 1 of 3" after it."""
    if embed_size(embed) <= budget:
        return [embed]
    footer = embed.footer.text or ""
    fields = sum(len(field.name or "") + len(field.value or "") for field in embed.fields)
    room = budget - len(embed.title or "") - len(footer) - _NUMBER_ROOM
    blocks = _blocks(embed.description or "", room)
    descriptions = _packed(blocks, room, fields)
    even = -(-sum(len(block) + 2 for block in blocks) // len(descriptions))
    for width in range(min(even, room), room, 50):  # as few pages, as even as they go
        balanced = _packed(blocks, width, fields)
        if len(balanced) == len(descriptions):
            descriptions = balanced
            break
    pages = []
    for number, description in enumerate(descriptions, 1):
        page = discord.Embed(title=embed.title, description=description or None)
        page.colour = embed.colour
        said = text("pages.number", lang, page=number, pages=len(descriptions))
        page.set_footer(text=f"{footer} · {said}" if footer else said)
        pages.append(page)
    for field in embed.fields:
        pages[-1].add_field(name=field.name, value=field.value, inline=field.inline)
    if embed.image.url:
        pages[0].set_image(url=embed.image.url)
    return pages
