"""/chips as a member sees it: pure builders of the stack with the last hands and ledger
entries, and of the server's boards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from houseway.cards import pretty_cards
from houseway.game import own_split
from houseway.language import Lang

from ...storage.chips import MAIN, RESULT, STARTING_STACK, Entry, NextChips, wager_of
from ...storage.game import PlayedHand
from ...texts.embeds import COLOUR, decimal, fit_field, number
from ...texts.i18n import Counted, plural_text, text
from ...texts.mentions import CommandMentions
from ..game.review import UNITS_PER_HUNDRED
from ..game.words import chips, net_text, outcome_text, with_play_money

#: The boards /chips top shows.
BOARDS: Final = ("chips", "skill")
#: Places a board shows.
BOARD_SIZE: Final = 10


def _when(moment: float) -> str:
    """A Discord timestamp: each member's client shows it in their language and zone."""
    return f"<t:{int(moment)}:R>"


def hand_line(played: PlayedHand, lang: Lang) -> str:
    """A settled hand: when, the member's split, the outcome and the net."""
    seat = played.seat
    assert seat.two is not None  # settled
    split = own_split(seat.hand, seat.two)
    five, two = pretty_cards(split.five), pretty_cards(split.two)
    return text(
        "chips.hand",
        lang,
        when=_when(played.settled_at),
        five=five,
        two=two,
        outcome=outcome_text(seat.outcome or "void", lang),
        net=net_text(seat.net or 0, lang),
    )


def entry_line(entry: Entry, lang: Lang) -> str:
    """A ledger entry: when, the amount with its sign, and why, the bonus's said as the
    bonus's; a wager lost (its result pays 0) is said lost, not paid 0."""
    wager = wager_of(entry.key)
    side = "" if wager == MAIN else f".{wager}"
    if entry.kind == RESULT and entry.amount == 0:
        reason = text(f"chips.reason.lost{side}", lang)
        return text("chips.entry.lost", lang, when=_when(entry.created_at), reason=reason)
    return text(
        "chips.entry",
        lang,
        when=_when(entry.created_at),
        amount=net_text(entry.amount, lang),
        reason=text(f"chips.reason.{entry.kind}{side}", lang),
    )


def next_line(coming: NextChips, now: float, min_bet: int, lang: Lang) -> str:
    """What the member's next hand brings (``coming``, at once or from a later UTC day): a
    refill up to what it tops the stack up to, else the start or top-up. Said, not
    granted, since only playing grants."""
    later = coming.at > now
    when = f"<t:{int(coming.at)}:f>"
    if coming.refill and later:
        return text("chips.next.refill.day", lang, when=when, stack=chips(coming.stack))
    if coming.refill:
        return text("chips.next.refill.now", lang, least=chips(min_bet), stack=chips(coming.stack))
    if later:
        return text("chips.next.day", lang, topup=chips(coming.topup), when=when)
    return text("chips.next.now", lang, topup=chips(coming.topup))


def stack_embed(
    member: str,
    stack: int | None,
    hands: Sequence[PlayedHand],
    entries: Sequence[Entry],
    notes: Sequence[str],
    lang: Lang,
    mentions: CommandMentions,
    *,
    yours: bool = False,
    coming: str | None = None,
) -> discord.Embed:
    """The member's stack (None: never played here, and for ``yours`` how to start), what
    their next hand brings if given (``next_line``), the last hands and entries."""
    if stack is None and yours:
        start = chips(STARTING_STACK)
        description = text("chips.none.yours", lang, start=start, cmd=mentions)
    elif stack is None:
        description = text("chips.none", lang, member=member, cmd=mentions)
    else:
        description = text("chips.stack", lang, member=member, stack=chips(stack))
    lines = [*notes, description, *([coming] if coming else [])]
    embed = discord.Embed(
        title=text("play.field.chips", lang),
        description="\n".join(lines),
        colour=COLOUR,
    )
    if hands:
        embed.add_field(
            name=text("chips.field.hands", lang),
            value=fit_field("\n".join(hand_line(hand, lang) for hand in hands)),
            inline=False,
        )
    if entries:
        embed.add_field(
            name=text("chips.field.ledger", lang),
            value=fit_field("\n".join(entry_line(entry, lang) for entry in entries)),
            inline=False,
        )
    return with_play_money(embed, lang)


def per_hand(lost: int, hands: int, lang: Lang) -> str:
    """Given up per hand, as chips per 100 bet, to two decimals."""
    return decimal(lost / hands / UNITS_PER_HUNDRED, lang, 2)


def board_line(place: int, entry: str, lang: Lang) -> str:
    return text("chips.board.line", lang, place=number(place, lang), entry=entry)


def chips_board_embed(
    rows: Sequence[tuple[int, int]],
    you: int,
    your_stack: int | None,
    lang: Lang,
    mentions: CommandMentions,
) -> discord.Embed:
    """Most chips first; the asking member's own stack below, by mention, if they are not
    on it (the board is posted for everybody: it says whose stack it is, not "yours")."""

    def entry(user_id: int, stack: int) -> str:
        return text("chips.board.entry.chips", lang, member=f"<@{user_id}>", stack=chips(stack))

    lines = [board_line(place, entry(*row), lang) for place, row in enumerate(rows, 1)]
    if your_stack is not None and all(user_id != you for user_id, _ in rows):
        lines += ["", text("chips.board.off", lang, entry=entry(you, your_stack))]
    embed = discord.Embed(
        title=text("chips.board.chips", lang),
        description="\n".join(lines) or text("chips.board.empty", lang, cmd=mentions),
        colour=COLOUR,
    )
    return with_play_money(embed, lang)


def skill_board_embed(
    rows: Sequence[tuple[int, int, int]],
    you: int,
    yours: tuple[int, int],
    min_hands: int,
    lang: Lang,
    mentions: CommandMentions,
) -> discord.Embed:
    """Least given up per 100 bet first, over at least ``min_hands`` analysed hands; the
    asking member, by mention (the board is public), below it if they are not on it, or
    how many more hands they need."""

    def entry(user_id: int, hands: int, lost: int) -> str:
        return text(
            "chips.board.entry.skill",
            lang,
            member=f"<@{user_id}>",
            lost=per_hand(lost, hands, lang),
            hands=Counted("count.analysed_hands", hands),
        )

    lines = [board_line(place, entry(*row), lang) for place, row in enumerate(rows, 1)]
    body = "\n".join(lines) or text("chips.board.empty", lang, cmd=mentions)
    hands, lost = yours
    if hands < min_hands:
        more = plural_text(
            "chips.board.skill.more",
            lang,
            min_hands - hands,
            member=f"<@{you}>",
            hands=Counted("count.analysed_hands", hands),
        )
        body += f"\n\n{more}"
    elif all(user_id != you for user_id, _, _ in rows):
        body += "\n\n" + text("chips.board.off", lang, entry=entry(you, hands, lost))
    embed = discord.Embed(
        title=text("chips.board.skill", lang),
        description=body + "\n\n-# " + plural_text("chips.board.skill.about", lang, min_hands),
        colour=COLOUR,
    )
    return with_play_money(embed, lang)
