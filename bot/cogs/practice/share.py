"""The day's result, and the result to share, Wordle-style: ✅ or ❌, the streak and the
hand behind a spoiler, never the split nor the rule, so that a share gives nobody the answer.

The Share button's id is ``daily:share:<day>:<tag>``, sealed (``sealing``) for the member
whose result carries it, and it shares the presser's own stored answer: a changed day, or
an id pressed by another member, is refused. Where the bot may post, the result is posted
in the channel for everyone; in the bot's own DM (nobody else would see it) or where it
may not post, the member gets the text in a code block to copy and paste themselves.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from houseway.cards import Card, pretty_cards, sort_key

from ...app.interactions import Refusal, bot_of, component
from ...storage import practice as practice_store
from ...texts.embeds import path_footer
from ...texts.i18n import language, plural_text, text
from .embeds import daily_result_fields, daily_title, day_text
from .feedback import set_feedback
from .views import SHARE_ID

if TYPE_CHECKING:
    from ...storage import Bounded
    from .daily import DailyHands, Standing
    from .prepared import Prepared
    from .sealing import Seal, Seals


class Sharing(Protocol):
    """What sharing needs of the practice cog (reached through the bot, as in ``views``)."""

    seals: Seals
    days: DailyHands

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...


async def answered_standing(
    cog: Sharing, db: Bounded, day: str, user_id: int, correct: bool
) -> Standing:
    """The standing once the member has answered ``day``: a wrong answer ends the streak
    (``streaks`` counts a day not yet answered right as still open)."""
    standing = await cog.days.standing(db, day, user_id)
    return standing if correct else standing._replace(current=0)


def share_text(day: str, hand: Sequence[Card], correct: bool, current: int, lang: str) -> str:
    """ "Huset väljer – dagens hand 1 december: ✅ · 5 dagar i rad" and the seven cards
    behind a spoiler: what a member may show without giving the answer away."""
    streak = plural_text("daily.share.streak", lang, current)
    return text(
        "daily.share.text",
        lang,
        day=day_text(day, lang),
        mark="✅" if correct else "❌",
        streak=streak,
        cards=pretty_cards(sorted(hand, key=sort_key)),
    )


class ShareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SHARE_ID):
    """Shares the presser's result of the day in its id; for the member it was made for."""

    def __init__(self, custom_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Share",
                custom_id=custom_id,
                style=discord.ButtonStyle.secondary,
                emoji="📣",
            )
        )
        match = SHARE_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.day, self.state, self.tag = match["day"], match["state"], match["tag"]

    @staticmethod
    def state_for(day: str) -> str:
        return f"daily:share:{day}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShareButton:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "daily share") as handled:
            handled.outcome = await share(interaction, self)


def share_view(day: str, seal: Seal, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    custom_id = seal.custom_id(ShareButton.state_for(day))
    view.add_item(ShareButton(custom_id, text("daily.share.button", lang)))
    return view


async def share(interaction: discord.Interaction, button: ShareButton) -> str:
    """Post the member's result in the channel, or hand them the text to copy."""
    bot = bot_of(interaction)
    cog = cast("Sharing | None", bot.get_cog("PracticeCog"))
    assert cog is not None, "the practice extension is loaded before its buttons are"
    db = cog.bounded(interaction)
    sealer = await cog.seals.sealer(db)
    if not sealer.holds(button.state, interaction.user.id, button.tag):
        raise Refusal("component.invalid.daily_share", outcome="invalid_component")
    lang, day, user_id = language(interaction.locale), button.day, interaction.user.id
    given = await db.run(practice_store.daily_answer_of, day, user_id)
    hand = await db.run(practice_store.stored_daily_hand, day)
    if given is None or hand is None:  # forgotten (/stats forget) since it was answered
        raise Refusal("daily.share.unanswered", outcome="unanswered", day=day_text(day, lang))
    correct = bool(given["correct"])
    standing = await answered_standing(cog, db, day, user_id, correct)
    shared = share_text(day, hand, correct, standing.current, lang)
    if interaction.context.dm_channel:
        await interaction.response.send_message(
            text("daily.share.copy.dm", lang, share=shared), ephemeral=True
        )
        return "copy_dm"
    if not interaction.app_permissions.send_messages:
        await interaction.response.send_message(
            text("daily.share.copy.forbidden", lang, share=shared), ephemeral=True
        )
        return "copy_forbidden"
    who = text("daily.share.by", lang, who=interaction.user.mention)
    await interaction.response.send_message(f"{who}\n{shared}")
    return "shared"


async def daily_result(
    cog: Sharing,
    db: Bounded,
    prepared: Prepared,
    day: str,
    two: list[Card],
    correct: bool,
    lang: str,
    user_id: int,
) -> tuple[discord.Embed, bool, discord.ui.View]:
    """The house way beside the member's answer, the day's tally, their streak and when the
    next hand comes; whether its figures are still to come; and its Share button."""
    standing = await answered_standing(cog, db, day, user_id, correct)
    footer = path_footer(prepared.decision, lang)
    embed, late = set_feedback(prepared, two, 0.0, lang, footer)
    embed.title = daily_title(day, lang, correct)
    embed.remove_field(len(embed.fields) - 1)  # no time: the day's hand is not timed
    daily_result_fields(embed, day, *standing, lang)
    seal = (await cog.seals.sealer(db)).for_member(user_id)
    return embed, late, share_view(day, seal, lang)
