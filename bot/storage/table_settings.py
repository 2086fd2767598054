"""Each server's game settings, as its moderators set them: where tables may be opened,
the countdown, the stakes, the foul rule and the skill board's minimum. A server that set
nothing has no row and plays by ``GameSettings()``'s defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from . import Database

FOUL_RULES: Final = ("repick", "stand")
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


async def game_settings(db: Database, guild_id: int) -> GameSettings:
    """The server's game settings, or the defaults if its moderators set none."""
    row = await db.fetchrow(
        "SELECT channels, countdown_seconds, min_bet, max_bet, foul_rule, min_hands"
        " FROM game_settings WHERE guild_id = $1",
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
    )


async def save_game_settings(db: Database, guild_id: int, settings: GameSettings) -> None:
    """Store the server's settings, all of them at once.

    Raises:
        ValueError: a setting out of its range (``GameSettings.check``).
    """
    settings.check()
    await db.execute(
        "INSERT INTO game_settings (guild_id, channels, countdown_seconds, min_bet, max_bet,"
        " foul_rule, min_hands) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id)"
        " DO UPDATE SET channels = excluded.channels,"
        " countdown_seconds = excluded.countdown_seconds, min_bet = excluded.min_bet,"
        " max_bet = excluded.max_bet, foul_rule = excluded.foul_rule,"
        " min_hands = excluded.min_hands",
        guild_id,
        " ".join(str(c) for c in sorted(set(settings.channels))),
        settings.countdown_seconds,
        settings.min_bet,
        settings.max_bet,
        settings.foul_rule,
        settings.min_hands,
    )
