"""/houseway, /deal and /rules: the house way of a hand, a random deal, the rule texts."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway.analysis.census import load_rule_counts
from houseway.analysis.figures import rule_cost
from houseway.bonus import DEFAULT_TABLE
from houseway.cards import deal
from houseway.language import Lang
from houseway.learning.explain import Explanation, explain
from houseway.rules import RULE_IDS, RULES, find_rule, rule_name, rule_summary, rules_like
from houseway.strategy import like_player_way, names_player_way

from ..app.checks import bounded_db
from ..app.dynamic import DynamicView
from ..app.interactions import (
    Refusal,
    age,
    bot_of,
    component,
    component_id,
    cooldown_refusal,
    everywhere,
    hand_or_refuse,
    on_its_message,
    refuse_invalid_component,
)
from ..pictures.cards_image import Deck, render_split, warm_up
from ..storage import DatabaseError
from ..storage.table_settings import game_settings
from ..texts.alt_text import decision_description, picture_file
from ..texts.embeds import (
    IMAGE_NAME,
    decision_embed,
    rule_embed,
    rules_overview,
    unknown_rule_text,
)
from ..texts.i18n import language, text
from ..texts.pages import pages_of
from ..texts.pay_tables import (
    BONUS_CHOICE,
    GAME_CHOICE,
    bonus_rules_text,
    game_rules_text,
    names_bonus,
    names_game,
)
from ..texts.player_way import CHOICE_VALUE, player_way_choice_name, player_way_embed
from .pages import BOOKS, PAGE_ID, PageButton, first_page
from .pages import ID_PREFIX as PAGES_PREFIX
from .pages import NAME as PAGES_NAME

if TYPE_CHECKING:
    from ..app.client import HousewayBot

log = logging.getLogger(__name__)

#: Wait for the picture (rendered in a worker thread) until the interaction is this many
#: seconds old, counted from its creation (its id), then defer: Discord refuses a first
#: answer 3 s after the creation, and under load a handler may start when its interaction
#: is already old. One that is older than this when its handler starts is deferred at once.
DEFER_AT_AGE: Final = 1.0
#: Pictures one member may have in the works (painted and uploaded) at once; the member's
#: others are deferred at once and wait their turn, so a burst queues behind itself.
PICTURES_PER_MEMBER: Final = 1
#: Pictures one member may have waiting behind those; more are refused at once (cheaply,
#: privately), so that one member's flood cannot grow the bot's memory without bound.
WAITING_PER_MEMBER: Final = 10
#: Every custom id of this cog's components starts with this.
ID_PREFIX: Final = "houseway:"
#: The Deal again button's custom id names the member whose deal it is. Buttons of
#: messages from before that have no name: the message's own interaction tells.
DEAL_AGAIN_ID: Final = f"{ID_PREFIX}deal-again"
DEAL_AGAIN: Final = re.compile(DEAL_AGAIN_ID + r"(?::(?P<dealer>[0-9]{1,20}))?")
DEAL_AGAIN_NAME: Final = "deal again"
#: Presses of Deal again per member: a person reads a deal in a few seconds; more is a
#: burst that would only make the message flicker and cost a picture each.
DEAL_AGAIN_RATE: Final = 5
DEAL_AGAIN_SECONDS: Final = 15.0
#: Deals must not be predictable from earlier ones: the operating system's randomness.
_RANDOM = secrets.SystemRandom()
#: The long replies of /rules, as pages that fit a phone (bot.cogs.pages turns them).
RULES_BOOK: Final = "rules"
PLAYER_WAY_BOOK: Final = "pw"
BOOKS[RULES_BOOK] = lambda lang: pages_of(rules_overview(lang), lang)
BOOKS[PLAYER_WAY_BOOK] = lambda lang: pages_of(player_way_embed(lang), lang)


class DealAgain(discord.ui.DynamicItem[discord.ui.Button[Any]], template=DEAL_AGAIN):
    """'Deal again': the dealer's press deals again in the same message, anyone else's
    gets a deal of their own that only they see. Its custom id carries the dealer, so
    it works after a restart."""

    def __init__(self, dealer: int | None, lang: Lang = Lang.EN) -> None:
        custom_id = DEAL_AGAIN_ID + (f":{dealer}" if dealer is not None else "")
        super().__init__(
            discord.ui.Button(
                label=text("button.deal_again", lang),
                style=discord.ButtonStyle.primary,
                custom_id=custom_id,
                emoji="🃏",
            )
        )
        self.dealer = dealer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealAgain:
        dealer = match["dealer"]
        return cls(int(dealer) if dealer is not None else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, DEAL_AGAIN_NAME):
            cog = bot_of(interaction).get_cog("HousewayCog")
            assert isinstance(cog, HousewayCog)
            dealer = self.dealer
            metadata = interaction.message.interaction_metadata if interaction.message else None
            if dealer is None and metadata is not None:
                dealer = metadata.user.id
            await cog.deal_again(interaction, dealer)


@dataclass(frozen=True)
class Place:
    """A job's place in its member's queue: the member's lane, and whether the member had
    jobs in the works or waiting when it came (then it waits: defer at once, before the
    first await, whichever handler reaches the lane first)."""

    lane: asyncio.Semaphore
    queued: bool


class MemberLanes:
    """At most ``per_member`` jobs at a time for each member; the others wait in order.

    One member's burst then costs the others nothing but its cheap acknowledgements:
    its pictures and uploads go one lane at a time, everyone else's in their own lanes.
    """

    def __init__(self, per_member: int, waiting: int) -> None:
        self.per_member = per_member
        self.waiting = waiting
        self._lanes: dict[int, asyncio.Semaphore] = {}
        self._holders: dict[int, int] = {}

    def __len__(self) -> int:
        """Members with a job in the works or waiting."""
        return len(self._lanes)

    def full(self, member: int) -> bool:
        """Whether ``member`` already has as many jobs queued as a member may."""
        return self._holders.get(member, 0) >= self.per_member + self.waiting

    @contextlib.asynccontextmanager
    async def place(self, member: int) -> AsyncIterator[Place | None]:
        """A place in the member's queue, taken at once (before anything is awaited, so a
        burst cannot slip past the bound), held until the job is done; None when full.
        The job waits its turn with ``async with`` on the lane it gets."""
        if self.full(member):
            yield None
            return
        lane = self._lanes.setdefault(member, asyncio.Semaphore(self.per_member))
        earlier = self._holders.get(member, 0)
        self._holders[member] = earlier + 1
        try:
            yield Place(lane, queued=earlier >= self.per_member)
        finally:
            self._holders[member] -= 1
            if not self._holders[member]:
                del self._holders[member], self._lanes[member]


class HousewayCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot
        census = load_rule_counts()
        self.rule_counts: dict[str, int] = dict(census["rules"])
        self.total_hands = int(census["total"])
        self.lanes = MemberLanes(PICTURES_PER_MEMBER, WAITING_PER_MEMBER)
        self.warming: asyncio.Future[None] | None = None
        #: discord.py's own per-key cooldown buckets, keyed by the presser.
        self.deal_again_cooldown: commands.CooldownMapping[discord.Interaction] = (
            commands.CooldownMapping(
                app_commands.Cooldown(DEAL_AGAIN_RATE, DEAL_AGAIN_SECONDS),
                lambda interaction: interaction.user.id,
            )
        )

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(DealAgain, PageButton)
        # Draw every card face now (in a thread: it takes a while), not in the first user's
        # request; the four-colour deck's while the bot already answers. Both are read
        # from the cache directory where an earlier start left them.
        cache = self.bot.settings.cache_dir
        await asyncio.to_thread(warm_up, Deck.TWO, cache)
        self.warming = asyncio.ensure_future(asyncio.to_thread(warm_up, Deck.FOUR, cache))

    async def cog_unload(self) -> None:
        if self.warming is not None:
            self.warming.cancel()  # the thread finishes its face; nobody waits for the rest

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A "houseway:" custom id that is not a Deal again button on its own message: the
        bot never made it, or made it for another message (a forged click could otherwise
        name another dealer). discord.py would drop it without a word."""
        custom_id = component_id(interaction)
        if custom_id is not None and custom_id.startswith(PAGES_PREFIX):
            if not (PAGE_ID.fullmatch(custom_id) and on_its_message(interaction, custom_id)):
                await refuse_invalid_component(interaction, PAGES_NAME, "component.invalid.pages")
            return
        if custom_id is None or not custom_id.startswith(ID_PREFIX):
            return
        if DEAL_AGAIN.fullmatch(custom_id) and on_its_message(interaction, custom_id):
            return  # DealAgain's
        await refuse_invalid_component(interaction, DEAL_AGAIN_NAME, "component.invalid.deal")

    async def send_decision(
        self,
        interaction: discord.Interaction,
        explanation: Explanation,
        title_key: str,
        ephemeral: bool,
        dealer: int | None = None,
        edit: bool = False,
    ) -> None:
        """Answer with the embed and the picture (in the member's deck), one picture at a
        time per member.

        ``dealer``: the member whose deal it is, for a Deal again button; ``edit``: replace
        the message the pressed button is on instead of sending one. Defer first (a cheap
        acknowledgement) when the interaction is already old, when the member's earlier
        pictures are still in the works, or when the picture is not ready by the time the
        interaction is DEFER_AT_AGE old.
        """
        lang = language(interaction.locale)
        member = interaction.user.id
        decision = explanation.decision
        async with self.lanes.place(member) as place:
            if place is None:
                raise Refusal("houseway.busy", outcome="busy", count=WAITING_PER_MEMBER)
            # From memory, or after at most decks.LOOKUP_SECONDS.
            deck = await self.bot.decks.deck_for(member)
            # Queued: decided on arrival; the lane may not be taken yet by the job ahead of
            # this one (its deck lookup, above, awaits too).
            if age(interaction) >= DEFER_AT_AGE or place.queued or place.lane.locked():
                await _defer(interaction, ephemeral, edit)
            async with place.lane:
                picture = asyncio.ensure_future(
                    asyncio.to_thread(render_split, decision.five, decision.two, deck, lang=lang)
                )
                if not interaction.response.is_done():
                    # A clock behind Discord's waits at most DEFER_AT_AGE.
                    wait = min(DEFER_AT_AGE, DEFER_AT_AGE - age(interaction))
                    done, _pending = await asyncio.wait({picture}, timeout=max(0.0, wait))
                    if not done:
                        await _defer(interaction, ephemeral, edit)
                png = await picture
                embed = decision_embed(
                    explanation, lang, self.rule_counts, self.total_hands, title_key
                )
                file = picture_file(png, IMAGE_NAME, decision_description(decision, lang))
                view: Any = discord.utils.MISSING
                if dealer is not None:
                    view = DynamicView()
                    view.add_item(DealAgain(dealer, lang))
                if edit and interaction.response.is_done():
                    await interaction.edit_original_response(
                        embed=embed, attachments=[file], view=view
                    )
                elif edit:
                    await interaction.response.edit_message(
                        embed=embed, attachments=[file], view=view
                    )
                elif interaction.response.is_done():
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
        extras={"help": "help.houseway"},
    )
    @app_commands.rename(hand=_("hand"), private=_("private"))
    @app_commands.describe(
        hand=_("Seven cards, e.g. As Kd Th 9c 7s 4d JK"), private=_("Only you see the answer")
    )
    @everywhere()
    async def houseway(
        self, interaction: discord.Interaction, hand: str, private: bool = False
    ) -> None:
        cards = await hand_or_refuse(interaction, hand, "houseway")
        if cards is not None:
            await self.send_decision(interaction, explain(cards), "title.houseway", private)

    @app_commands.command(
        name=_("deal"),
        description=_("Deal a random hand and show the house way"),
        extras={"help": "help.deal"},
    )
    @app_commands.rename(private=_("private"))
    @app_commands.describe(private=_("Only you see the answer"))
    @everywhere()
    async def deal(self, interaction: discord.Interaction, private: bool = False) -> None:
        explained = explain(deal(_RANDOM))
        await self.send_decision(interaction, explained, "title.deal", private, interaction.user.id)

    async def deal_again(self, interaction: discord.Interaction, dealer: int | None) -> None:
        """A new deal in the dealer's message, or a private one for anyone else."""
        bucket = self.deal_again_cooldown.get_bucket(interaction)
        if bucket is not None and (wait := bucket.update_rate_limit()):
            raise cooldown_refusal(
                app_commands.CommandOnCooldown(bucket, wait), "deal.cooldown", "count.deals"
            )
        explained = explain(deal(_RANDOM))
        presser = interaction.user.id
        if presser == dealer:
            await self.send_decision(interaction, explained, "title.deal", False, dealer, edit=True)
        else:
            await self.send_decision(interaction, explained, "title.deal", True, presser)

    @app_commands.command(
        name=_("rules"),
        description=_("The House Way rules, in Swedish with translation"),
        extras={"help": "help.rules"},
    )
    @app_commands.rename(rule=_("rule"))
    @app_commands.describe(rule=_("One rule (leave empty for all)"))
    @everywhere()
    async def rules(self, interaction: discord.Interaction, rule: str | None = None) -> None:
        lang = language(interaction.locale)
        if rule is not None and (rule == BONUS_CHOICE or names_bonus(rule)):
            await interaction.response.send_message(
                bonus_rules_text(await self.pay_table_of(interaction), lang, self.bot.mentions)
            )
            return
        if rule is not None and names_player_way(rule):  # or one of its rules
            embed, view = first_page(PLAYER_WAY_BOOK, interaction.user.id, lang)
            await interaction.response.send_message(embed=embed, view=view)
            return
        if rule == GAME_CHOICE or (rule and find_rule(rule) is None and names_game(rule)):
            await interaction.response.send_message(game_rules_text(lang, self.bot.mentions))
            return
        if rule is not None:
            rule_id = find_rule(rule)  # a name in either language, or an id
            if rule_id is None:
                await interaction.response.send_message(
                    unknown_rule_text(rule, lang), ephemeral=True
                )
                return
            await interaction.response.send_message(
                embed=rule_embed(
                    rule_id, lang, self.rule_counts, self.total_hands, rule_cost(rule_id)
                )
            )
            return
        embed, view = first_page(RULES_BOOK, interaction.user.id, lang)  # pages fit a phone
        await interaction.response.send_message(embed=embed, view=view)

    @rules.autocomplete("rule")
    async def rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = language(interaction.locale)
        named = rules_like(current) if current.strip() else RULE_IDS
        needle = current.strip().casefold()
        quoted = [  # then the rules whose sentence has the words
            rule_id
            for rule_id, rule in RULES.items()
            if rule_id not in named
            and (needle in rule.swedish.casefold() or needle in rule.english.casefold())
        ]
        choices = []
        for rule_id in (*named, *quoted):
            label = f"{rule_name(rule_id, lang)} – {rule_summary(rule_id, lang)}"
            choices.append(
                app_commands.Choice(
                    name=label[:99] + "…" if len(label) > 100 else label, value=rule_id
                )
            )
        if not current.strip() or like_player_way(current):  # its own page, after the rules
            way = app_commands.Choice(name=player_way_choice_name(lang)[:100], value=CHOICE_VALUE)
            choices.insert(min(len(named), 24), way)
        if not current.strip() or names_bonus(current):  # and the bonus's
            bonus = app_commands.Choice(name=text("pays.choice", lang)[:100], value=BONUS_CHOICE)
            choices.insert(min(len(named) + 1, 24), bonus)
        if not current.strip() or names_game(current):  # and how a round is played, first
            game = app_commands.Choice(name=text("help.game.title", lang)[:100], value=GAME_CHOICE)
            choices.insert(0, game)
        return choices[:25]

    async def pay_table_of(self, interaction: discord.Interaction) -> str:
        """The pay table the server pays bonuses by (Fortune, §10's default, elsewhere or
        when the database does not answer)."""
        if interaction.guild_id is None:
            return DEFAULT_TABLE
        try:
            settings = await bounded_db(interaction).run(game_settings, interaction.guild_id)
        except DatabaseError:
            return DEFAULT_TABLE
        return settings.bonus_table


async def _defer(interaction: discord.Interaction, ephemeral: bool, edit: bool) -> None:
    """Acknowledge now, answer later: "thinking…" for a new message; for an edit, nothing
    shown (the message stays as it is until it is replaced)."""
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(HousewayCog(bot))
