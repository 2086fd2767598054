"""Each server's game settings, as its moderators set them: where tables may be opened,
the countdown, the stakes, the foul rule, the skill board's minimum, and the bonus bet's
pay table and stakes. A server that set nothing has no row and plays by
``GameSettings()``'s defaults.

A new server offers the bonus, on Fortune Pai Gow (spec §10's default), 1 to 100 chips: a
member who does not want it bets none, and a member who knows the game from a casino looks
for it first. Up to 100 chips keeps the top prize (8,000 to 1) at 800,000 play chips, so
one lucky hand does not own the chips board for good. A moderator who wants none sets
``bonus_max`` to 0 (/table config)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from houseway.bonus import DEFAULT_TABLE, PAY_TABLES
from houseway.round import FoulRule, Rules

from . import Database

#: What a server may do with a fouled split: the core's ``FoulRule``, as stored.
FOUL_RULES: Final = tuple(rule.value for rule in FoulRule)
#: The largest bet and stakes a server may set.
MAX_STAKE: Final = 1_000_000


@dataclass(frozen=True)
class GameSettings:
    """A server's game settings; a server that set none plays by these defaults."""

    #: Channels that may hold tables; empty: any channel.
    channels: tuple[int, ...] = ()
    countdown_seconds: int = 60
    min_bet: int = 1
    max_bet: int = 1000
    #: 'repick': a fouled split is refused and the member picks again; 'stand': it loses.
    foul_rule: str = "repick"
    #: Hands a member needs on the skill board.
    min_hands: int = 20
    #: The bonus bet's pay table (``houseway.bonus.PAY_TABLES``) and stakes; 0 as the
    #: maximum: no bonus offered.
    bonus_table: str = DEFAULT_TABLE
    bonus_min: int = 1
    bonus_max: int = 100

    @property
    def bonus_offered(self) -> bool:
        return self.bonus_max > 0

    @property
    def rules(self) -> Rules:
        """The round's rules this server plays by (its foul rule, its bonus pay table): what
        /play and a table each deal with."""
        return Rules(foul=FoulRule(self.foul_rule), bonus_table=self.bonus_table)

    def wager_refused(self, bet: int, bonus: int) -> str | None:
        """Which of a seat's wagers the server's stakes refuse: ``"bet"`` outside the
        minimum and maximum, ``"bonus_off"`` a bonus where none is offered, ``"bonus"`` one
        outside its stakes; None when both stand. The one check of the stakes, for /play
        and a table's Bet dialog alike (each says it in its own words)."""
        if not self.min_bet <= bet <= self.max_bet:
            return "bet"
        if bonus and not self.bonus_offered:
            return "bonus_off"
        if bonus and not self.bonus_min <= bonus <= self.bonus_max:
            return "bonus"
        return None

    def allows(self, channel_id: int) -> bool:
        """Whether a table may be opened in the channel."""
        return not self.channels or channel_id in self.channels

    def check(self) -> None:
        """Raise ValueError, saying which and why, for a setting out of its range."""
        if not 15 <= self.countdown_seconds <= 300:
            raise ValueError("the countdown must be 15 to 300 seconds")
        if not 1 <= self.min_bet <= self.max_bet <= MAX_STAKE:
            raise ValueError(
                f"the bets must be 1 ≤ minimum ≤ maximum ≤ {MAX_STAKE:,}"
                f" (got {self.min_bet} and {self.max_bet})"
            )
        if self.foul_rule not in FOUL_RULES:
            raise ValueError(f"the foul rule must be one of {', '.join(FOUL_RULES)}")
        if not 1 <= self.min_hands <= 1000:
            raise ValueError("the skill board's minimum must be 1 to 1000 hands")
        if any(not isinstance(c, int) or c <= 0 for c in self.channels):
            raise ValueError("channels are positive channel ids")
        if self.bonus_table not in PAY_TABLES:
            raise ValueError(f"the bonus pay table must be one of {', '.join(PAY_TABLES)}")
        if self.bonus_max and not 1 <= self.bonus_min <= self.bonus_max <= MAX_STAKE:
            raise ValueError(
                f"the bonus bets must be 1 ≤ minimum ≤ maximum ≤ {MAX_STAKE:,}, or 0 for none"
                f" (got {self.bonus_min} and {self.bonus_max})"
            )
        if self.bonus_max < 0:
            raise ValueError("the bonus maximum is 0 (none) or more")


async def game_settings(db: Database, guild_id: int) -> GameSettings:
    """The server's game settings, or the defaults if its moderators set none."""
    row = await db.fetchrow(
        "SELECT channels, countdown_seconds, min_bet, max_bet, foul_rule, min_hands,"
        " bonus_table, bonus_min, bonus_max FROM game_settings WHERE guild_id = $1",
        guild_id,
    )
    if row is None:
        return GameSettings()
    return GameSettings(
        channels=tuple(int(c) for c in str(row["channels"]).split()),
        countdown_seconds=int(row["countdown_seconds"]),
        min_bet=int(row["min_bet"]),
        max_bet=int(row["max_bet"]),
        foul_rule=str(row["foul_rule"]),
        min_hands=int(row["min_hands"]),
        bonus_table=str(row["bonus_table"]),
        bonus_min=int(row["bonus_min"]),
        bonus_max=int(row["bonus_max"]),
    )


async def save_game_settings(db: Database, guild_id: int, settings: GameSettings) -> None:
    """Store the server's settings, all of them at once.

    Raises:
        ValueError: a setting out of its range (``GameSettings.check``).
    """
    settings.check()
    await db.execute(
        "INSERT INTO game_settings (guild_id, channels, countdown_seconds, min_bet, max_bet,"
        " foul_rule, min_hands, bonus_table, bonus_min, bonus_max)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (guild_id)"
        " DO UPDATE SET channels = excluded.channels,"
        " countdown_seconds = excluded.countdown_seconds, min_bet = excluded.min_bet,"
        " max_bet = excluded.max_bet, foul_rule = excluded.foul_rule,"
        " min_hands = excluded.min_hands, bonus_table = excluded.bonus_table,"
        " bonus_min = excluded.bonus_min, bonus_max = excluded.bonus_max",
        guild_id,
        " ".join(str(c) for c in sorted(set(settings.channels))),
        settings.countdown_seconds,
        settings.min_bet,
        settings.max_bet,
        settings.foul_rule,
        settings.min_hands,
        settings.bonus_table,
        settings.bonus_min,
        settings.bonus_max,
    )
