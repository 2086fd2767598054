"""One member's flood, another member's wait (issue #30 item 7), through the Discord
stand-in: the analyses of play to win are taken in turn by member, and refusals go to
Discord a few at a time in their member's turn. Each test decides by order (which analysis
started, which requests reached Discord while others were held), never by the clock."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import bot.cogs.practice.prepared as prepared_module
from bot.app.interactions import REFUSALS_SENDING
from bot.service.timing import PracticeTiming
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card
from tests.bot.fixtures import BotRunner, metrics_show
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
def held() -> Iterator[HeldAnalyses]:
    """The held analyses; a test patches them in once its bot runs (``hold``)."""
    analyses = HeldAnalyses()
    try:
        yield analyses
    finally:
        analyses.first.set()  # no thread is left waiting, whatever the test did


def hold(monkeypatch: pytest.MonkeyPatch, analyses: HeldAnalyses) -> None:
    """Patch the analyses into the module the running bot uses: discord.py loads an
    extension as a fresh module object once an earlier bot of this process unloaded it,
    so the module this file imported may not be the one in use."""
    monkeypatch.setattr(sys.modules[prepared_module.__name__], "analyse_and_draw", analyses)


def dealt_hand(fake: FakeDiscord, interaction: FakeInteraction) -> tuple[Card, ...]:
    return tuple(sorted(hand_of(fake.messages[interaction.original_message_id])))


async def test_another_members_verdict_waits_for_none_of_one_members_queued_analyses(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    held: HeldAnalyses,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Member A has a dozen play-to-win analyses queued behind one held in the pool; then
    member B deals and answers. Once the pool is free, B's analysis is the next to start,
    and B has the verdict. Before, analyses ran first come, first served (in a thread each,
    here): A's all started before B's."""
    fake = fake_discord
    async with run_bot(fake, practice_timing=MANY_COMMANDS):
        hold(monkeypatch, held)
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
        assert verdict["title"] == "✅ The best split – it costs you nothing"


def callbacks_of(fake: FakeDiscord, interactions: list[FakeInteraction]) -> int:
    """How many of these interactions' initial callbacks reached the stand-in."""
    paths = {f"/interactions/{i.id}/{i.token}/callback" for i in interactions}
    return sum(1 for request in fake.requests if request.path in paths)


async def test_a_flood_of_refusals_does_not_hold_up_another_members_answer(
    fake_discord: FakeDiscord, run_bot: BotRunner
) -> None:
    """Past their cooldown, one member sends 100 /practice; every answer to Discord is held
    on its way; then another member sends one. That member's hand reaches Discord while the
    flood's refusals are held, and no more than REFUSALS_SENDING of them went before it.
    Before, each refusal took one of the bot's 64 connections and the other member's answer
    queued behind them all (here, until the held ones were let go)."""
    fake = fake_discord
    async with run_bot(fake) as bot:
        flooder, other = fake.make_user("flooder"), fake.make_user("other")
        for _ in range(bot.settings.practice_timing.command_rate):  # the cooldown, used up
            await practise(fake, flooder)
        gate = asyncio.Event()
        fake.hold("POST /interactions/*/callback", gate)
        try:
            flood = [
                await fake.send_command("practice", {"mode": "set"}, user=flooder)
                for _ in range(100)
            ]
            theirs = await fake.send_command("practice", {"mode": "set"}, user=other)
            await fake.wait_until(
                lambda: callbacks_of(fake, [theirs]) == 1, 20, "the other member's answer sent"
            )
            assert callbacks_of(fake, flood) <= REFUSALS_SENDING
        finally:
            gate.set()
        answer = await fake.wait_response(theirs)
        assert answer.embeds[0]["title"] == "Practice – set the hand"
        await fake.wait_until(lambda: not bot.refusals.held, 20, "every refusal sent or not")


async def test_a_refusal_whose_turn_comes_too_late_is_not_sent(
    fake_discord: FakeDiscord, run_bot: BotRunner
) -> None:
    """Refusals held on their way take every place; three more, already 2.6 s old, wait
    their turn. When it comes they are past what Discord would take (3 s from creation,
    less the way there): none is sent, each is counted ``unanswered``."""
    fake = fake_discord
    async with run_bot(fake) as bot:
        flooder = fake.make_user("flooder")
        for _ in range(bot.settings.practice_timing.command_rate):
            await practise(fake, flooder)
        gate = asyncio.Event()
        fake.hold("POST /interactions/*/callback", gate)
        try:
            sending = [
                await fake.send_command("practice", {"mode": "set"}, user=flooder)
                for _ in range(REFUSALS_SENDING)
            ]
            await fake.wait_until(
                lambda: callbacks_of(fake, sending) == REFUSALS_SENDING, 20, "places taken"
            )
            old = [
                await fake.send_command("practice", {"mode": "set"}, user=flooder, age=2.6)
                for _ in range(3)
            ]
            await fake.wait_until(lambda: bot.refusals.waiting() == 3, 20, "the old ones wait")
        finally:
            gate.set()
        for interaction in sending:
            refused = await fake.wait_response(interaction)
            assert refused.ephemeral and "<t:" in (refused.content or "")
        await fake.wait_until(lambda: not bot.refusals.held, 20, "every refusal sent or not")
        await metrics_show(
            bot, ['houseway_interactions_total{command="practice",outcome="unanswered"} 3.0']
        )
        assert callbacks_of(fake, old) == 0
        assert all(i.callback is None and i.late_callbacks == 0 for i in old)


async def test_refusals_are_counted_and_logged_only_at_debug(
    fake_discord: FakeDiscord, run_bot: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """A flood writes no line per refusal at INFO (the production level): the metrics
    count them by outcome, and DEBUG has the line."""
    fake = fake_discord
    caplog.set_level(logging.DEBUG, logger="bot.app.interactions")
    async with run_bot(fake) as bot:
        flooder = fake.make_user("flooder")
        for _ in range(bot.settings.practice_timing.command_rate):
            await practise(fake, flooder)
        flood = [
            await fake.send_command("practice", {"mode": "set"}, user=flooder) for _ in range(10)
        ]
        for interaction in flood:
            assert "<t:" in ((await fake.wait_response(interaction)).content or "")
        await metrics_show(
            bot, ['houseway_interactions_total{command="practice",outcome="cooldown"} 10.0']
        )
    lines = [r for r in caplog.records if r.getMessage().startswith("interaction /practice")]
    assert [r.levelno for r in lines if "cooldown" in r.getMessage()] == [logging.DEBUG] * 10
    assert [r.levelno for r in lines if " ok " in r.getMessage()] == [logging.INFO] * 5
