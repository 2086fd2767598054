"""/quiz: rounds where members set hands the house way, scored into a leaderboard.

All quiz state (rounds, deadlines, answers) lives in the database, so a restart
loses nothing: at start-up every running quiz gets its runner back, components
keep working through dynamic items (their custom ids carry the round id), and a
round whose deadline passed while the bot was down is revealed at once. A round
moves open -> scored -> announced; the move to scored is one conditional UPDATE
in the same transaction as the points, so nothing is scored or revealed twice.

The rooms: ``cog`` (/quiz, for moderators; resume), ``leaderboard`` (/leaderboard, for
everybody), ``checks`` (who may run quizzes), ``views``
(menus and buttons), ``embeds`` (pure builders), ``intake`` (answers in),
``runner`` (one task per quiz); how a quiz paces itself is ``bot.service.timing``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...app.client import HousewayBot
    from .cog import QuizCog
    from .views import Answers

    def _answers(cog: QuizCog) -> Answers:
        """The type checker's proof that the answer menu gets what it needs of the cog."""
        return cog


async def setup(bot: HousewayBot) -> None:
    from .cog import QuizCog  # here, so that importing the package stays light
    from .leaderboard import LeaderboardCog

    await bot.add_cog(QuizCog(bot))
    await bot.add_cog(LeaderboardCog(bot))
