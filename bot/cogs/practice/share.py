"""The day's answer and its result (``DailyAnswering``, the answer path's daily mode), and
the result to share, Wordle-style: ✅ or ❌, the streak and the hand behind a spoiler, never
the split nor the rule, so that a share gives nobody the answer.

The Share button's id is ``daily:share:<day>:<tag>``, sealed (``sealing``) for the member
whose result carries it, and it shares the presser's own stored answer: a changed day, or
an id pressed by another member, is refused. Where the bot may post, the result is posted
in the channel for everyone; in the bot's own DM (nobody else would see it) or where it
may not post, the member gets the text in a code block to copy and paste themselves —
also when Discord refuses the post after all (403, 404). Where Discord refuses that private
answer too (the channel deleted meanwhile, every answer there refused), the text comes by
DM, the one way left to reach the member; where even that is refused, one warning line. A
member shares a day once per channel (``Shares``, kept in memory: after a restart one more
share is possible); a press after that gets the text to copy instead.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from houseway.cards import Card, pretty_cards, sort_key
from houseway.language import Lang
from houseway.learning.answers import Answer, judge

from ...app.dynamic import DynamicView
from ...app.interactions import (
    UNKNOWN_CHANNEL,
    UNKNOWN_INTERACTION,
    Refusal,
    answer_privately,
    bot_of,
    component,
    refused_by_discord,
)
from ...storage import practice as practice_store
from ...texts.i18n import language, plural_text, text
from .answering import Answering, Feedback, Judged
from .daily_result import daily_picture, daily_result
from .embeds import day_text
from .views import SHARE_ID

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ...app.sealing import Seal, Seals
    from ...pictures.cards_image import Deck
    from ...storage import Bounded
    from .cog import PracticeCog
    from .daily import DailyHands, Standing
    from .prepared import Prepared


class Shares:
    """Who has shared which day where: a day is posted once per member and channel. A
    place is taken before the post is tried and given back if it fails, so two presses at
    once post once; only today's and yesterday's shares are kept (a day's hand closes)."""

    def __init__(self) -> None:
        self._taken: set[tuple[str, int, int]] = set()

    def take(self, day: str, user_id: int, channel_id: int) -> bool:
        """Take the place; False when it is already taken."""
        key = (day, user_id, channel_id)
        if key in self._taken:
            return False
        self._taken = {k for k in self._taken if k[0] >= _day_before(day)}
        self._taken.add(key)
        return True

    def give_back(self, day: str, user_id: int, channel_id: int) -> None:
        self._taken.discard((day, user_id, channel_id))


def _day_before(day: str) -> str:
    return (date.fromisoformat(day) - timedelta(days=1)).isoformat()


class Sharing(Protocol):
    """What sharing needs of the practice cog (reached through the bot, as in ``views``)."""

    seals: Seals
    days: DailyHands
    shares: Shares

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...


async def answered_standing(
    cog: Sharing, db: Bounded, day: str, user_id: int, correct: bool
) -> Standing:
    """The standing once the member has answered ``day``: a wrong answer ends the streak
    (``streaks`` counts a day not yet answered right as still open)."""
    standing = await cog.days.standing(db, day, user_id)
    return standing if correct else standing._replace(current=0)


def share_text(day: str, hand: Sequence[Card], correct: bool, current: int, lang: Lang) -> str:
    """ "Huset väljer – dagens hand 1 december: ✅ · 5 dagar i rad" and the seven cards
    behind a spoiler: what a member may show without giving the answer away."""
    shown = {
        "day": day_text(day, lang),
        "mark": "✅" if correct else "❌",
        "cards": pretty_cards(sorted(hand, key=sort_key)),
    }
    if not current:  # a day missed: "❌", never "❌ · 0 dagar i rad"
        return text("daily.share.missed", lang, **shown)
    streak = plural_text("daily.share.streak", lang, current)
    return text("daily.share.text", lang, streak=streak, **shown)


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


def share_view(day: str, seal: Seal, lang: Lang) -> discord.ui.View:
    view = DynamicView()
    custom_id = seal.custom_id(ShareButton.state_for(day))
    view.add_item(ShareButton(custom_id, text("daily.share.button", lang)))
    return view


async def share(interaction: discord.Interaction, button: ShareButton) -> str:
    """Post the member's result in the channel, or hand them the text to copy."""
    bot = bot_of(interaction)
    cog = cast("Sharing | None", bot.get_cog("PracticeCog"))
    assert cog is not None, "the practice extension is loaded before its buttons are"
    db = cog.bounded(interaction)
    lang, day, user_id = language(interaction.locale), button.day, interaction.user.id
    await cog.seals.require(db, button.state, user_id, button.tag, "component.invalid.daily_share")
    given = await db.run(practice_store.daily_answer_of, day, user_id)
    hand = await db.run(practice_store.stored_daily_hand, day)
    if given is None or hand is None:  # forgotten (/stats forget) since it was answered
        raise Refusal("daily.share.unanswered", outcome="unanswered", day=day_text(day, lang))
    correct = bool(given["correct"])
    standing = await answered_standing(cog, db, day, user_id, correct)
    shared = share_text(day, hand, correct, standing.current, lang)
    if interaction.context.dm_channel:
        return await hand_over(interaction, "daily.share.copy.dm", shared, lang, "copy_dm")
    if not interaction.app_permissions.send_messages:
        key = "daily.share.copy.forbidden"
        return await hand_over(interaction, key, shared, lang, "copy_forbidden")
    channel_id = interaction.channel_id or 0
    if not cog.shares.take(day, user_id, channel_id):
        return await hand_over(interaction, "daily.share.copy.again", shared, lang, "copy_again")
    who = text("daily.share.by", lang, who=interaction.user.mention)
    try:
        await interaction.response.send_message(f"{who}\n{shared}")
    except (discord.Forbidden, discord.NotFound) as refused:
        cog.shares.give_back(day, user_id, channel_id)
        if not for_good(refused):
            raise
        # Discord refused the post (no right to post, the channel gone): the text to copy.
        log.info(
            "daily share refused by Discord (%s %s): the text to copy", refused.status, refused.code
        )
        gone = refused.code == UNKNOWN_CHANNEL
        key = "daily.share.copy.gone" if gone else "daily.share.copy.forbidden"
        return await hand_over(interaction, key, shared, lang, "copy_refused")
    return "shared"


def for_good(refused: discord.HTTPException) -> bool:
    """Whether Discord refused for good (``refused_by_discord``), so the text to copy goes
    around it; an answer too late (10062) is the error handler's, as any other error."""
    return refused_by_discord(refused) and refused.code != UNKNOWN_INTERACTION


async def hand_over(
    interaction: discord.Interaction, key: str, shared: str, lang: Lang, outcome: str
) -> str:
    """The text to copy, privately under the button, ``key`` saying why: ``outcome``.
    Where Discord refuses that too, by DM (``copy_by_dm``); where it refuses the DM as
    well, nobody is told (``unreachable``) and one warning line says so."""
    try:
        await answer_privately(interaction, text(key, lang, share=shared))
    except (discord.Forbidden, discord.NotFound) as refused:
        if not for_good(refused):
            raise
        return await by_dm(interaction, refused, shared, lang)
    return outcome


async def by_dm(
    interaction: discord.Interaction, refused: discord.HTTPException, shared: str, lang: Lang
) -> str:
    """The text to copy in the member's DM with the bot: the channel's replies are refused
    (the channel gone, or closed to the bot), the DM is not that channel."""
    gone = refused.code == UNKNOWN_CHANNEL
    key = "daily.share.copy.gone" if gone else "daily.share.copy.refused"
    try:
        await interaction.user.send(text(key, lang, share=shared))
    except discord.HTTPException as closed:
        log.warning(
            "daily share: Discord refused every answer in the channel (%s, code %s) and the"
            " DM (%s, code %s): the member was not told",
            refused.status,
            refused.code,
            closed.status,
            closed.code,
        )
        return "unreachable"
    return "copy_by_dm"


class DailyAnswering(Answering[Judged]):
    """The hand of the day: one answer a member, judged against the house way and not
    timed; its result has the day's tally, the member's streak and a Share button."""

    forgotten = "daily.forgotten"
    already = "daily.already"

    def __init__(
        self,
        cog: PracticeCog,
        interaction: discord.Interaction,
        day: str,
        shown_ms: int | None = None,
    ) -> None:
        super().__init__(cog, interaction)
        self.day, self.shown_ms = day, shown_ms

    async def again(self, db: Bounded, prepared: Prepared, stored: str) -> None:
        """/daily once the day is answered: the result again, in a message of its own."""
        judgement = judge(Answer.from_stored("set", stored), prepared.decision)
        await self.show(db, Judged(prepared, judgement), in_place=False)

    async def hand(self, db: Bounded) -> tuple[Card, ...]:
        if self.day != practice_store.utc_day(self.now):
            raise Refusal("daily.closed", outcome="closed", day=day_text(self.day, self.lang))
        return await self.cog.days.hand(db, self.day)

    async def judge(self, hand: tuple[Card, ...], given: Answer) -> Judged:
        prepared = self.cog.preparer.prepare(hand, member=self.user_id)
        return Judged(prepared, judge(given, prepared.decision))

    async def record(self, db: Bounded, judged: Judged) -> Judged | None:
        # A menu from before ids carried the time it was shown: as if shown at midnight.
        day, shown_ms = self.day, self.shown_ms
        shown_at = practice_store.day_start(day) if shown_ms is None else shown_ms / 1000
        answer, correct = judged.judgement.answer.stored(), judged.judgement.correct
        taken = await db.run(
            practice_store.record_daily, day, self.user_id, answer, correct, self.now, shown_at
        )
        return judged if taken else None

    async def feedback(self, db: Bounded, judged: Judged) -> Feedback:
        """The house way beside the member's answer, the day's tally, their streak and
        when the next hand comes."""
        correct = judged.judgement.correct
        standing = await answered_standing(self.cog, db, self.day, self.user_id, correct)
        two = list(judged.judgement.answer.two)
        embed, late = daily_result(judged.prepared, two, self.day, standing, self.lang)
        return Feedback(embed, (judged.prepared, two) if late else None)

    async def picture(self, judged: Judged, deck: Deck) -> discord.File:
        return await daily_picture(judged.prepared, judged.judgement, deck, self.lang)

    def view(self, judged: Judged, seal: Seal) -> discord.ui.View:
        return share_view(self.day, seal, self.lang)

    def outcome(self, judged: Judged, late: bool) -> str:
        return "right" if judged.judgement.correct else "wrong"
