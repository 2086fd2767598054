"""One member's flood, another member's wait (issue #30 item 7), through the Discord
stand-in: the analyses of play to win are taken in turn by member. Each test decides by
order (which analysis started), never by the clock."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

import bot.cogs.practice.prepared as prepared_module
from bot.service.timing import PracticeTiming
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card
from tests.bot.fixtures import BotRunner
from tests.bot.test_practice import hand_of, menu_of, practise
from tests.fakediscord import FakeDiscord, FakeInteraction

#: Analyses in a thread (the pool's one place), and more commands than a person needs, so
#: that one member can queue a dozen analyses through Discord.
MANY_COMMANDS = PracticeTiming(analysis_workers=0, command_rate=50)


class HeldAnalyses:
    """The pool's job, noting the order analyses start in; the first is held until
    ``first`` is set."""

    def __init__(self) -> None:
        self.started: list[tuple[Card, ...]] = []
        self.first = threading.Event()
        self.real = prepared_module.analyse_and_draw

    def __call__(self, hand: tuple[Card, ...]) -> Any:
        self.started.append(hand)
        if len(self.started) == 1:
            self.first.wait(60)
        return self.real(hand)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldAnalyses]:
    analyses = HeldAnalyses()
    monkeypatch.setattr(prepared_module, "analyse_and_draw", analyses)
    try:
        yield analyses
    finally:
        analyses.first.set()  # no thread is left waiting, whatever the test did


def dealt_hand(fake: FakeDiscord, interaction: FakeInteraction) -> tuple[Card, ...]:
    return tuple(sorted(hand_of(fake.messages[interaction.original_message_id])))


async def test_another_members_verdict_waits_for_none_of_one_members_queued_analyses(
    fake_discord: FakeDiscord, run_bot: BotRunner, held: HeldAnalyses
) -> None:
    """Member A has a dozen play-to-win analyses queued behind one held in the pool; then
    member B deals and answers. Once the pool is free, B's analysis is the next to start,
    and B has the verdict. Before, analyses ran first come, first served (in a thread each,
    here): A's all started before B's."""
    fake = fake_discord
    async with run_bot(fake, practice_timing=MANY_COMMANDS):
        flooder, other = fake.make_user("flooder"), fake.make_user("other")
        theirs = [await practise(fake, flooder, mode="win") for _ in range(12)]
        mine = await practise(fake, other, mode="win")
        first, hand = dealt_hand(fake, theirs[0]), dealt_hand(fake, mine)
        await fake.wait_until(lambda: bool(held.started), 20, "the first analysis held")
        assert held.started == [first]  # every other analysis waits for the pool
        best = [NAMES[card] for card in analyze(hand).best.two]
        message = fake.messages[mine.original_message_id]
        click = await fake.click(
            message, menu_of(message, "practice:win:")["custom_id"], values=best, user=other
        )
        await fake.wait_response(click)  # deferred: the verdict waits for the analysis
        held.first.set()
        await fake.wait_until(lambda: bool(click.edits), 30, "the other member's verdict")
        assert held.started[:2] == [first, hand]
        verdict = fake.messages[message.id].embeds[0]
        assert verdict["title"] == "✅ The best split – nothing given up"
