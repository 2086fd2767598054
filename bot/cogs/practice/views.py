"""Practice components: dynamic items whose custom ids carry their whole state (the hand,
when it was shown, the session's score), so every menu and button keeps working after a
restart without any session kept in memory or in the database. A hand's menu and its
Next hand button end in a tag for their member (``sealing``), so that state cannot be
changed or used by another member. Each template sits beside the id it builds."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

import discord

from houseway.cards import (
    HAND_SIZE,
    NAME_PATTERN,
    NAMES,
    Card,
    HandError,
    card_from_name,
    card_words,
    check_hand,
    pretty_card,
)
from houseway.language import Lang
from houseway.rules import rule_name, rule_summary

from ...app.dynamic import DynamicView
from ...app.interactions import (
    Refusal,
    bot_of,
    component,
    component_id,
    on_its_message,
    refuse_invalid_component,
)
from ...app.sealing import TAG, Seal
from ...storage.practice import utc_day
from ...texts.i18n import text
from .drill import DRILL, drill_of, drill_part

if TYPE_CHECKING:
    from ...app.pace import Pace
    from ...app.sealing import Seals
    from ...storage import Bounded

#: Seven cards in canonical notation, run together: ``AsKdTh9c7s4dJK``.
HAND: Final = rf"{NAME_PATTERN}{{{HAND_SIZE}}}"
#: The session's score; in "Play to win" also what it gave up so far, in ten-billionths.
SCORE: Final = r"(?P<right>[0-9]{1,6})-(?P<total>[0-9]{1,6})(?:-(?P<lost>[0-9]{1,15}))?"
#: Every practice and daily component's custom id starts with one of these.
ID_PREFIXES: Final = ("practice:", "daily:")
#: The templates, ``state`` being what a tag covers.
ANSWER_ID: Final = re.compile(
    rf"(?P<state>practice:(?P<mode>set|rule|win):(?P<hand>{HAND}):(?P<shown>[0-9]{{1,15}}):{SCORE}"
    rf"{DRILL}):(?P<tag>{TAG})"
)
NEXT_ID: Final = re.compile(
    rf"(?P<state>practice:next:(?P<mode>set|rule|win):{SCORE}{DRILL}):(?P<tag>{TAG})"
)
FORGET_ID: Final = re.compile(
    r"practice:forget:(?P<user>[0-9]{1,20}):(?P<until>[0-9]{1,15}):(?P<choice>yes|no)"
)
DAILY_ID: Final = re.compile(
    r"daily:set:(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})(?::(?P<shown>[0-9]{1,15}))?"
)
#: The day's Share button: sealed for the member, whose own stored answer it shares.
SHARE_ID: Final = re.compile(
    r"(?P<state>daily:share:(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})):(?P<tag>" + TAG + ")"
)
#: For an id that is not one of ours: (how it starts, the component's name, the message).
INVALID: Final = (
    ("practice:set:", "practice set", "component.invalid.practice"),
    ("practice:rule:", "practice rule", "component.invalid.practice"),
    ("practice:win:", "practice win", "component.invalid.practice"),
    ("practice:next:", "practice next", "component.invalid.practice"),
    ("practice:forget:", "stats forget confirm", "component.invalid.forget"),
    ("daily:share:", "daily share", "component.invalid.daily_share"),
    ("daily:", "daily answer", "component.invalid.daily"),
    ("", "practice component", "component.invalid.practice"),
)


class Practice(Protocol):
    """What these menus and buttons need of the practice cog: reached through the bot
    (``_cog``) rather than by importing the cog, which imports these views."""

    seals: Seals
    pace: Pace

    def bounded(self, interaction: discord.Interaction) -> Bounded: ...

    async def answer(
        self, interaction: discord.Interaction, menu: AnswerMenu, values: list[str]
    ) -> str: ...

    async def deal(
        self,
        interaction: discord.Interaction,
        mode: str,
        right: int,
        total: int,
        update: bool,
        drill: str | None = None,
        lost: int = 0,
    ) -> None: ...

    async def forget(self, interaction: discord.Interaction, button: ForgetButton) -> str: ...

    async def daily_answer(
        self, interaction: discord.Interaction, menu: DailyMenu, values: list[str]
    ) -> str: ...


def _cog(interaction: discord.Interaction) -> Practice:
    cog = bot_of(interaction).get_cog("PracticeCog")
    assert cog is not None, "the practice extension is loaded before its menus are"
    return cast("Practice", cog)


def hand_code(hand: Sequence[Card]) -> str:
    return "".join(NAMES[card] for card in hand)


def hand_of_code(code: str) -> tuple[Card, ...]:
    """The cards of a custom id's hand (seven different cards, or HandError)."""
    return check_hand([card_from_name(code[i : i + 2]) for i in range(0, len(code), 2)])


def score_part(mode: str, right: int, total: int, lost: int) -> str:
    """A state's score: right-total, and in "Play to win" what was given up (-lost)."""
    return f"{right}-{total}-{lost}" if mode == "win" else f"{right}-{total}"


def _lost(match: re.Match[str]) -> int:
    return int(match["lost"] or 0)


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values", [])
    return [str(v) for v in values] if isinstance(values, list) else []


def is_ours(custom_id: str) -> bool:
    """Whether a practice or daily custom id has the form of one the bot makes."""
    return any(
        template.fullmatch(custom_id)
        for template in (ANSWER_ID, NEXT_ID, FORGET_ID, DAILY_ID, SHARE_ID)
    )


def invalid_refusal(custom_id: str) -> tuple[str, str]:
    """The component name and the message for a practice or daily id that is not ours."""
    return next((name, key) for start, name, key in INVALID if custom_id.startswith(start))


async def refuse_stale_component(interaction: discord.Interaction) -> None:
    """A "practice:" or "daily:" custom id of no form the bot makes (an id from before the
    ids had tags, say), or not on the message clicked: discord.py would drop it without a
    word. Ids of our form on their message go to the items, which check their tags."""
    custom_id = component_id(interaction)
    if custom_id is None or not custom_id.startswith(ID_PREFIXES):
        return
    if is_ours(custom_id) and on_its_message(interaction, custom_id):
        return
    await refuse_invalid_component(interaction, *invalid_refusal(custom_id))


async def _require_seal(interaction: discord.Interaction, state: str, tag: str) -> None:
    """Refuse a state the bot did not make for the member pressing it."""
    cog = _cog(interaction)
    await cog.seals.require(
        cog.bounded(interaction), state, interaction.user.id, tag, "component.invalid.practice"
    )


class AnswerMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ANSWER_ID):
    """A practice hand's answer menu: two cards, or a rule; for its member only."""

    def __init__(
        self,
        mode: str,
        hand: tuple[Card, ...],
        shown_ms: int,
        right: int,
        total: int,
        select: discord.ui.Select[Any],
    ) -> None:
        super().__init__(select)
        self.mode, self.hand, self.shown_ms = mode, hand, shown_ms
        self.right, self.total = right, total
        match = ANSWER_ID.fullmatch(select.custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]
        #: "Play to win": what the session gave up before this hand (ten-billionths).
        self.lost = _lost(match)
        #: The rule being drilled (None: the member's own schedule).
        self.drill = drill_of(match)

    @staticmethod
    def state_for(
        mode: str,
        hand: Sequence[Card],
        shown_ms: int,
        right: int,
        total: int,
        drill: str | None = None,
        lost: int = 0,
    ) -> str:
        score = score_part(mode, right, total, lost)
        return f"practice:{mode}:{hand_code(hand)}:{shown_ms}:{score}{drill_part(drill)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerMenu:
        try:
            hand = hand_of_code(match["hand"])
        except HandError:  # not a menu the bot made (a card twice): refused in callback
            hand = ()
        select = item if isinstance(item, discord.ui.Select) else None  # keeps its custom id
        return cls(
            match["mode"],
            hand,
            int(match["shown"]),
            int(match["right"]),
            int(match["total"]),
            select or discord.ui.Select(custom_id=match.string),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        async with component(interaction, f"practice {self.mode}") as handled:
            await _require_seal(interaction, self.state, self.tag)
            if not self.hand:  # a card twice: the bot never seals one, nor is it ever judged
                raise Refusal("component.invalid.practice", outcome="invalid_component")
            cog = _cog(interaction)
            with cog.pace.place(interaction):
                handled.outcome = await cog.answer(interaction, self, values)


class NextHand(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEXT_ID):
    """Deals the session's next hand in place of the feedback; for its member only."""

    def __init__(self, mode: str, right: int, total: int, custom_id: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "→",
                custom_id=custom_id,
                style=discord.ButtonStyle.primary,
                emoji="🃏",
            )
        )
        self.mode, self.right, self.total = mode, right, total
        match = NEXT_ID.fullmatch(custom_id)
        assert match is not None  # DynamicItem checked it
        self.state, self.tag = match["state"], match["tag"]
        self.lost = _lost(match)
        #: "More like this": the rule to deal again (None: the member's own schedule).
        self.drill = drill_of(match)

    @staticmethod
    def state_for(
        mode: str, right: int, total: int, drill: str | None = None, lost: int = 0
    ) -> str:
        return f"practice:next:{mode}:{score_part(mode, right, total, lost)}{drill_part(drill)}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NextHand:
        return cls(match["mode"], int(match["right"]), int(match["total"]), match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "practice next"):
            await _require_seal(interaction, self.state, self.tag)
            cog = _cog(interaction)
            with cog.pace.place(interaction):
                await cog.deal(
                    interaction,
                    self.mode,
                    self.right,
                    self.total,
                    update=True,
                    drill=self.drill,
                    lost=self.lost,
                )


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=FORGET_ID):
    """/stats forget's yes or no: for the member who asked, until the time in its id.

    The time and the member are in the custom id, so a button from before a restart
    still answers, and after its time it says so instead of deleting.
    """

    def __init__(self, user_id: int, until_ms: int, choice: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or choice,
                custom_id=f"practice:forget:{user_id}:{until_ms}:{choice}",
                style=discord.ButtonStyle.danger
                if choice == "yes"
                else discord.ButtonStyle.secondary,
            )
        )
        self.user_id, self.until_ms, self.choice = user_id, until_ms, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(int(match["user"]), int(match["until"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, "stats forget confirm") as handled:
            handled.outcome = await _cog(interaction).forget(interaction, self)


class DailyMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=DAILY_ID):
    """The day's answer menu; the day and when it was shown are in the id, the hand in the
    database. A menu from before the shown time was added has none (``shown_ms`` None)."""

    def __init__(
        self, day: str, shown_ms: int | None, select: discord.ui.Select[Any] | None = None
    ) -> None:
        super().__init__(select or discord.ui.Select(custom_id=self.custom_id_for(day, shown_ms)))
        self.day, self.shown_ms = day, shown_ms

    @staticmethod
    def custom_id_for(day: str, shown_ms: int | None) -> str:
        return f"daily:set:{day}" if shown_ms is None else f"daily:set:{day}:{shown_ms}"

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DailyMenu:
        shown = match["shown"]
        return cls(match["day"], None if shown is None else int(shown))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = _values(interaction)
        async with component(interaction, "daily answer") as handled:
            if not _is_date(self.day) or self.day > utc_day(time.time()):  # never made
                raise Refusal("component.invalid.daily", outcome="invalid_component")
            cog = _cog(interaction)
            with cog.pace.place(interaction):
                handled.outcome = await cog.daily_answer(interaction, self, values)


def _is_date(day: str) -> bool:
    try:
        date.fromisoformat(day)
    except ValueError:
        return False
    return True


# --- views ---


def _card_select(
    custom_id: str, hand: Sequence[Card], placeholder: str, lang: Lang
) -> discord.ui.Select[Any]:
    """Pick two of the hand's cards, each shown as "A♥" and named in words in ``lang``
    ("hjärter ess"), for those who cannot read the symbol or the 🃏."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=custom_id, placeholder=placeholder, min_values=2, max_values=2
    )
    for card in hand:
        select.add_option(
            label=pretty_card(card), value=NAMES[card], description=card_words(card, lang)
        )
    return select


def answer_view(
    mode: str,
    hand: Sequence[Card],
    shown_ms: int,
    right: int,
    total: int,
    options: Sequence[str],
    lang: Lang,
    seal: Seal,
    drill: str | None = None,
    lost: int = 0,
) -> discord.ui.View:
    """Pick two cards (``set``, ``win``), or pick the rule among ``options`` (``rule``),
    named and summed up in the member's language; sealed for the member it is dealt to."""
    state = AnswerMenu.state_for(mode, hand, shown_ms, right, total, drill, lost)
    custom_id = seal.custom_id(state)
    placeholder = text(f"quiz.placeholder.{'rule' if mode == 'rule' else 'set'}", lang)
    if mode == "rule":
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id, placeholder=placeholder
        )
        for rule_id in options:
            select.add_option(
                label=rule_name(rule_id, lang),
                value=rule_id,
                description=rule_summary(rule_id, lang),
            )
    else:
        select = _card_select(custom_id, hand, placeholder, lang)
    view = DynamicView()
    view.add_item(AnswerMenu(mode, tuple(hand), shown_ms, right, total, select))
    return view


def next_view(
    mode: str,
    right: int,
    total: int,
    lang: Lang,
    seal: Seal,
    more: str | None = None,
    lost: int = 0,
) -> discord.ui.View:
    """ "Next hand" by the member's schedule and, with ``more``, "More like this": another
    hand of that rule (the one being drilled, or the one just missed)."""
    view = DynamicView()
    custom_id = seal.custom_id(NextHand.state_for(mode, right, total, lost=lost))
    view.add_item(NextHand(mode, right, total, custom_id, text("practice.button.next", lang)))
    if more is not None:
        again = seal.custom_id(NextHand.state_for(mode, right, total, more, lost))
        view.add_item(NextHand(mode, right, total, again, text("practice.button.more", lang)))
    return view


def forget_view(user_id: int, until_ms: int, lang: Lang) -> discord.ui.View:
    view = DynamicView()
    view.add_item(ForgetButton(user_id, until_ms, "yes", text("stats.forget.yes", lang)))
    view.add_item(ForgetButton(user_id, until_ms, "no", text("stats.forget.no", lang)))
    return view


def daily_view(day: str, shown_ms: int, hand: Sequence[Card], lang: Lang) -> discord.ui.View:
    view = DynamicView()
    custom_id = DailyMenu.custom_id_for(day, shown_ms)
    select = _card_select(custom_id, hand, text("daily.placeholder", lang), lang)
    view.add_item(DailyMenu(day, shown_ms, select))
    return view
