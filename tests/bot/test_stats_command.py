"""/stats through the Discord stand-in: the picture received (read back from its pixels) and
its alt text, for a learner with nothing right (English) and one with no answers (Swedish)."""

from __future__ import annotations

import re

from bot.app.client import HousewayBot
from houseway.language import Lang
from houseway.learning.practice import introduction_order
from houseway.rules import RULE_IDS, rule_name
from tests.bot.pictures import description_of
from tests.bot.test_practice import answer, hand_of, next_hand, other_two, practise
from tests.contrast import DISPLAY_WIDTH, bars, read
from tests.fakediscord import FakeDiscord


async def test_a_learner_with_nothing_right_is_told_which_rule_to_practise(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    olle = fake_discord.make_user("olle")
    session = await practise(fake_discord, olle)
    for number in range(3):
        hand = hand_of(fake_discord.messages[session.original_message_id])
        await answer(fake_discord, session, olle, other_two(hand))
        if number < 2:
            await next_hand(fake_discord, session, olle)
    view = await fake_discord.send_command("stats view", user=olle)
    sent = await fake_discord.wait_response(view)
    png = sent.file("stats.png").data
    image, _background, bands = read(png)
    assert image.width == 2 * DISPLAY_WIDTH and any(band.graphic for band in bands)
    said = description_of(sent, "stats.png")
    assert said.startswith("Picture: practice statistics. Rules you have met, weakest first: ")
    rows = re.findall(r"([^:;]+), (\d+) of (\d+) right \((\d+)%\)", said)
    assert rows and all(right == "0" and share == "0" for _, right, _, share in rows)
    answered = [int(n) for _, _, n, _ in rows]
    assert answered == sorted(answered)  # all at 0 %: the fewest answers first
    assert bars(png) == [0] * min(len(rows), 6)  # every bar drawn, and empty
    weakest = rows[0][0].strip()
    assert "Nothing right yet. Read the rule with /rules, then practise it. " in said
    assert f"Practise next: {weakest} (/practice rule)." in said
    assert f"{len(RULE_IDS) - len(rows)} rules you have not met yet." in said
    assert said.endswith(": 0 of 3 (0%).")  # one practice day, three hands, none right
    # Its day as every reply writes a day: the day first ("2 Dec", never "Dec 2").
    assert re.search(r"[0-9]{1,2} [A-Z][a-z]{2}: 0 of 3 \(0%\)\.$", said), said
    # No day of the hand of the day yet: said in words, not "0 days answered · right 0".
    daily = next(f["value"] for f in sent.embeds[0]["fields"] if f["name"] == "Hand of the day")
    assert daily.startswith("No days yet. Try ") and "0" not in daily.split("Try")[0]


async def test_a_member_with_no_answers_is_shown_where_to_start(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    stina = fake_discord.make_user("stina")
    view = await fake_discord.send_command("stats view", user=stina, locale="sv-SE")
    sent = await fake_discord.wait_response(view)
    png = sent.file("stats.png").data
    image, _background, bands = read(png)
    assert image.width == 800 and bands and not any(band.graphic for band in bands)
    first = rule_name(introduction_order()[0], Lang.SV)
    daily = next(f["value"] for f in sent.embeds[0]["fields"] if f["name"] == "Dagens hand")
    assert daily.startswith("Inga dagar än. Prova ")
    assert description_of(sent, "stats.png") == (
        f"Bild: träningsstatistik. {len(RULE_IDS)} regler har du inte mött än. "
        "Börja med /träna: varje hand tränar en regel, den vanligaste först. "
        f"Näst på tur: {first} – nästa hand (ny för dig); "
        f"{rule_name(introduction_order()[1], Lang.SV)} – efter 1 hand till (ny för dig); "
        f"{rule_name(introduction_order()[2], Lang.SV)} – efter 2 händer till (ny för dig)."
    )
