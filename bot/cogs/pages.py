"""Turning the pages of a long reply (``bot.texts.pages``): the Previous and Next buttons.

A page is a pure function of its book, its number and a language, so the buttons' custom
ids carry all there is (``pages:<book>:<page>:<prev|next>:<owner>``) and work after a
restart. The member whose reply it is turns its pages in place; anyone else who presses
gets the page privately, in their own language, with buttons of their own: a public
reply never changes under the others reading it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import discord

from houseway.language import Lang

from ..app.dynamic import DynamicView
from ..app.interactions import Refusal, component
from ..texts.i18n import language, text

#: A book: its pages in a language (a few, each within bot.texts.pages.PAGE_BUDGET).
Book = Callable[[Lang], list[discord.Embed]]
ID_PREFIX: Final = "pages:"
PAGE_ID: Final = re.compile(
    r"pages:(?P<book>[a-z]{1,12}):(?P<page>[0-9]{1,2}):(?P<way>prev|next):(?P<owner>[0-9]{1,20})"
)
NAME: Final = "pages"
#: The books the buttons may open, by name (filled by the cogs whose replies they are).
BOOKS: Final[dict[str, Book]] = {}


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_ID):
    """Previous or Next under a page of ``book``: for the page before or after ``page``."""

    def __init__(self, book: str, page: int, way: str, owner: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or way,
                emoji="◀️" if way == "prev" else "▶️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{ID_PREFIX}{book}:{page}:{way}:{owner}",
            )
        )
        self.book, self.page, self.way, self.owner = book, page, way, owner

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["book"], int(match["page"]), match["way"], int(match["owner"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, NAME):
            lang = language(interaction.locale)
            book = BOOKS.get(self.book)
            if book is None:  # a click not on its message is refused by the dealer's listener
                raise Refusal("component.invalid.pages", outcome="invalid_component")
            pages = book(lang)
            target = self.page + (1 if self.way == "next" else -1)
            if not 0 <= target < len(pages):
                raise Refusal("component.invalid.pages", outcome="invalid_component")
            presser = interaction.user.id
            view = page_view(self.book, target, len(pages), presser, lang)
            if presser == self.owner:
                await interaction.response.edit_message(embed=pages[target], view=view)
            else:
                await interaction.response.send_message(
                    embed=pages[target], view=view, ephemeral=True
                )


def page_view(book: str, page: int, count: int, owner: int, lang: Lang) -> discord.ui.View:
    """Previous and Next under page ``page`` (0-based) of ``count``, each disabled at its
    end; no buttons for a book of one page."""
    view = DynamicView()
    if count < 2:
        return view
    for way, key, end in (("prev", "pages.previous", 0), ("next", "pages.next", count - 1)):
        button = PageButton(book, page, way, owner, text(key, lang))
        button.item.disabled = page == end
        view.add_item(button)
    return view


def first_page(book: str, owner: int, lang: Lang) -> tuple[discord.Embed, discord.ui.View]:
    """The book's first page with its buttons, for the reply that opens it."""
    pages = BOOKS[book](lang)
    return pages[0], page_view(book, 0, len(pages), owner, lang)
