"""/houseway, /deal and /rules: the house way of a hand, a random deal, the rule texts."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import Decision, HandError, house_way, parse_hand
from houseway.cards import deal
from houseway.census import load_rule_counts
from houseway.cost import rule_cost
from houseway.rules import RULES

from ..alt_text import decision_description, picture_file
from ..cards_image import Deck, render_split, warm_up
from ..embeds import (
    EMBED_TOTAL_LIMIT,
    IMAGE_NAME,
    decision_embed,
    error_embed,
    rule_embed,
    rules_overview,
    safe_token,
)
from ..i18n import language, text
from ..interactions import age, component, component_id, refuse_invalid_component

if TYPE_CHECKING:
    from ..client import HousewayBot

log = logging.getLogger(__name__)

#: Wait for the picture (rendered in a worker thread) until the interaction is this many
#: seconds old, counted from its creation (its id), then defer: Discord refuses a first
#: answer 3 s after the creation, and under load a handler may start when its interaction
#: is already old. One that is older than this when its handler starts is deferred at once.
DEFER_AT_AGE: Final = 1.0
#: Pictures one member may have in the works (painted and uploaded) at once; the member's
#: others are deferred at once and wait their turn, so a burst queues behind itself.
PICTURES_PER_MEMBER: Final = 1
#: Every custom id of this cog's components starts with this; the one button is persistent.
ID_PREFIX: Final = "houseway:"
DEAL_AGAIN_ID: Final = f"{ID_PREFIX}deal-again"
DEAL_AGAIN_NAME: Final = "deal again"
#: Deals must not be predictable from earlier ones: the operating system's randomness.
_RANDOM = secrets.SystemRandom()


class DealAgainView(discord.ui.View):
    """The 'deal again' button; persistent (fixed custom_id, no timeout) across restarts."""

    def __init__(self, cog: HousewayCog, lang: str = "en") -> None:
        super().__init__(timeout=None)
        self.cog = cog
        button: discord.ui.Button[DealAgainView] = discord.ui.Button(
            label=text("button.deal_again", lang),
            style=discord.ButtonStyle.primary,
            custom_id=DEAL_AGAIN_ID,
            emoji="🃏",
        )
        button.callback = self.deal_again  # type: ignore[method-assign]
        self.add_item(button)

    async def deal_again(self, interaction: discord.Interaction) -> None:
        async with component(interaction, DEAL_AGAIN_NAME):
            await self.cog.deal_and_send(interaction)


class MemberLanes:
    """At most ``per_member`` jobs at a time for each member; the others wait in order.

    One member's burst then costs the others nothing but its cheap acknowledgements:
    its pictures and uploads go one lane at a time, everyone else's in their own lanes.
    """

    def __init__(self, per_member: int) -> None:
        self.per_member = per_member
        self._lanes: dict[int, asyncio.Semaphore] = {}
        self._holders: dict[int, int] = {}

    def __len__(self) -> int:
        """Members with a job in the works or waiting."""
        return len(self._lanes)

    def busy(self, member: int) -> bool:
        """Whether a job for ``member`` would have to wait for a lane."""
        lane = self._lanes.get(member)
        return lane is not None and lane.locked()

    @contextlib.asynccontextmanager
    async def lane(self, member: int) -> AsyncIterator[None]:
        lane = self._lanes.setdefault(member, asyncio.Semaphore(self.per_member))
        self._holders[member] = self._holders.get(member, 0) + 1
        try:
            async with lane:
                yield
        finally:
            self._holders[member] -= 1
            if not self._holders[member]:
                del self._holders[member], self._lanes[member]


class HousewayCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        census = load_rule_counts()
        self.rule_counts: dict[str, int] = dict(census["rules"])  # type: ignore[call-overload]
        self.total_hands = int(census["total"])  # type: ignore[call-overload]
        self.lanes = MemberLanes(PICTURES_PER_MEMBER)
        self.warming: asyncio.Future[None] | None = None

    async def cog_load(self) -> None:
        self.bot.add_view(DealAgainView(self))
        # Draw every card face now (~1 s, in a thread), not in the first user's request;
        # the four-colour deck's (another second) while the bot already answers.
        await asyncio.to_thread(warm_up, Deck.TWO)
        self.warming = asyncio.ensure_future(asyncio.to_thread(warm_up, Deck.FOUR))

    async def cog_unload(self) -> None:
        if self.warming is not None:
            self.warming.cancel()  # the thread finishes its face; nobody waits for the rest

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A "houseway:" custom id other than the deal-again button's: the bot never made it
        (the persistent button needs no message to be found; anything else would be dropped
        by discord.py without a word)."""
        custom_id = component_id(interaction)
        if custom_id is None or not custom_id.startswith(ID_PREFIX) or custom_id == DEAL_AGAIN_ID:
            return
        await refuse_invalid_component(interaction, DEAL_AGAIN_NAME, "component.invalid.deal")

    async def send_decision(
        self,
        interaction: discord.Interaction,
        decision: Decision,
        title_key: str,
        ephemeral: bool,
        with_button: bool,
    ) -> None:
        """Answer with the embed and the picture (in the member's deck), one picture at a
        time per member.

        Defer first (a cheap acknowledgement) when the interaction is already old, when the
        member's earlier pictures are still in the works, or when the picture is not ready
        by the time the interaction is DEFER_AT_AGE old.
        """
        lang = language(interaction.locale)
        member = interaction.user.id
        deck = await self.bot.decks.deck_for(member)  # from memory, or at most 0.25 s
        if age(interaction) >= DEFER_AT_AGE or self.lanes.busy(member):
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        async with self.lanes.lane(member):
            picture = asyncio.ensure_future(
                asyncio.to_thread(render_split, decision.five, decision.two, deck)
            )
            if not interaction.response.is_done():
                wait = min(DEFER_AT_AGE, DEFER_AT_AGE - age(interaction))  # clock behind: at most
                done, _pending = await asyncio.wait({picture}, timeout=max(0.0, wait))
                if not done:
                    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            png = await picture
            embed = decision_embed(decision, lang, self.rule_counts, self.total_hands, title_key)
            file = picture_file(png, IMAGE_NAME, decision_description(decision, lang))
            view = DealAgainView(self, lang) if with_button else discord.utils.MISSING
            if interaction.response.is_done():
                await interaction.followup.send(
                    embed=embed, file=file, view=view, ephemeral=ephemeral
                )
            else:
                await interaction.response.send_message(
                    embed=embed, file=file, view=view, ephemeral=ephemeral
                )

    @app_commands.command(
        name=_("houseway"),
        description=_("The dealer's split of a seven-card hand, by the Swedish House Way"),
    )
    @app_commands.rename(hand=_("hand"), private=_("private"))
    @app_commands.describe(
        hand=_("Seven cards, e.g. As Kd Th 9c 7s 4d JK"), private=_("Only you see the answer")
    )
    async def houseway(
        self, interaction: discord.Interaction, hand: str, private: bool = False
    ) -> None:
        try:
            decision = house_way(parse_hand(hand))
        except HandError as error:
            interaction.extras["outcome"] = "bad_input"
            await interaction.response.send_message(
                embed=error_embed(error, language(interaction.locale)), ephemeral=True
            )
            return
        await self.send_decision(interaction, decision, "title.houseway", private, False)

    @app_commands.command(
        name=_("deal"), description=_("Deal a random hand and show the house way")
    )
    async def deal(self, interaction: discord.Interaction) -> None:
        await self.deal_and_send(interaction)

    async def deal_and_send(self, interaction: discord.Interaction) -> None:
        """A fresh random hand and its house way, with the deal-again button."""
        await self.send_decision(interaction, house_way(deal(_RANDOM)), "title.deal", False, True)

    @app_commands.command(
        name=_("rules"), description=_("The House Way rules, in Swedish with translation")
    )
    @app_commands.rename(rule=_("rule"))
    @app_commands.describe(rule=_("One rule (leave empty for all)"))
    async def rules(self, interaction: discord.Interaction, rule: str | None = None) -> None:
        lang = language(interaction.locale)
        if rule is not None:
            rule_id = rule.strip().lower()
            if rule_id not in RULES:
                await interaction.response.send_message(
                    text("rules.unknown", lang, rule=safe_token(rule)),
                    ephemeral=True,
                )
                return
            await interaction.response.send_message(
                embed=rule_embed(
                    rule_id, lang, self.rule_counts, self.total_hands, rule_cost(rule_id)
                )
            )
            return
        messages = _pack(rules_overview(lang))
        await interaction.response.send_message(embeds=messages[0])
        for embeds in messages[1:]:
            await interaction.followup.send(embeds=embeds)

    @rules.autocomplete("rule")
    async def rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        choices = []
        for rule_id, rule in RULES.items():
            if (
                needle in rule_id
                or needle in rule.swedish.lower()
                or needle in rule.english.lower()
            ):
                label = f"{rule_id} – {rule.swedish}"
                choices.append(
                    app_commands.Choice(
                        name=label[:97] + "…" if len(label) > 100 else label, value=rule_id
                    )
                )
        return choices[:25]


def _pack(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Group embeds into messages that stay under Discord's 6000-character total."""
    messages: list[list[discord.Embed]] = [[]]
    size = 0
    for embed in embeds:
        length = len(embed)
        if messages[-1] and size + length > EMBED_TOTAL_LIMIT - 100:
            messages.append([])
            size = 0
        messages[-1].append(embed)
        size += length
    return messages


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(HousewayCog(bot))
