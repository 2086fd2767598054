"""The suits' inks as colour-blind members see them: read back from the pictures, every two
inks of a deck stay apart under simulated protan, deutan and tritan vision (and normal
vision), and every ink reads against the card's face.

Distances are CAM02-UCS ΔE (colorspacious' ``deltaE``; 1 is about a just-noticeable
difference); the simulation is Machado et al. 2009 at full severity, as colorspacious
implements it. The Accessibility section of docs/members.md has the figures these tests hold.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from bot.pictures import cards_image as ci
from houseway.cards import card_from_name
from tests.imaging import Colour, open_png

#: Simulated vision: None is normal vision.
VISIONS = (None, "protanomaly", "deuteranomaly", "tritanomaly")
#: The least distance between two inks of the four-colour deck, under every vision.
MIN_DELTA_E = 20.0
#: The two-colour deck has one pair to keep apart, so it is held to more: its red must
#: not turn into a second black for protanopes.
MIN_RED_BLACK_DELTA_E = 40.0
#: WCAG's contrast for normal text.
MIN_CONTRAST = 4.5
#: A card of each suit, s h d c.
ACES = ("As", "Ah", "Ad", "Ac")


def seen(colour: Colour, vision: str | None) -> np.ndarray:
    """``colour`` as sRGB in [0, 1], as a viewer with ``vision`` sees it."""
    rgb = np.array(colour, dtype=float) / 255
    if vision is None:
        return rgb
    cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
    return np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0, 1)


def distance(a: Colour, b: Colour, vision: str | None) -> float:
    return float(deltaE(seen(a, vision), seen(b, vision), input_space="sRGB1"))


def luminance(colour: Colour) -> float:
    """WCAG's relative luminance."""
    rgb = np.array(colour, dtype=float) / 255
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    return float(linear @ (0.2126, 0.7152, 0.0722))


def contrast(a: Colour, b: Colour) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def face_and_inks(deck: ci.Deck) -> tuple[Colour, list[Colour]]:
    """The card face and the ink of each suit's rank, read from a picture of four aces: in
    a card's index the face is the commonest colour and the ink the next."""
    image = open_png(ci.render_hand([card_from_name(name) for name in ACES], deck))
    faces, inks = set(), []
    for left, top, right, bottom in ci.hand_layout(len(ACES)).boxes():
        index = (left, top, left + (right - left) // 2, top + (bottom - top) // 3)
        colours = image.crop(index).getcolors(maxcolors=1 << 16)
        assert colours is not None
        (face, _), (ink, _) = Counter({c: n for n, c in colours}).most_common(2)
        faces.add(face)
        inks.append(ink)
    [face] = faces
    return face, inks


@pytest.mark.parametrize("vision", VISIONS)
def test_four_colour_inks_stay_apart_under_colour_blindness(vision: str | None) -> None:
    _, inks = face_and_inks(ci.Deck.FOUR)
    assert len(set(inks)) == 4
    for (i, a), (j, b) in itertools.combinations(enumerate(inks), 2):
        assert distance(a, b, vision) >= MIN_DELTA_E, (ACES[i], ACES[j], vision, a, b)


@pytest.mark.parametrize("vision", VISIONS)
def test_two_colour_red_stays_apart_from_black(vision: str | None) -> None:
    _, (spades, hearts, diamonds, clubs) = face_and_inks(ci.Deck.TWO)
    assert spades == clubs != hearts == diamonds
    assert distance(hearts, spades, vision) >= MIN_RED_BLACK_DELTA_E, (vision, hearts)


@pytest.mark.parametrize("deck", list(ci.Deck))
def test_every_ink_reads_against_the_face(deck: ci.Deck) -> None:
    face, inks = face_and_inks(deck)
    assert min(face) >= 250  # a white face (254: the palette's nearest to 255)
    for name, ink in zip(ACES, inks, strict=True):
        assert contrast(ink, face) >= MIN_CONTRAST, (name, ink)


def test_the_inks_read_back_are_the_decks_inks() -> None:
    """What the tests above measure is what cards_image means to draw, give or take the
    palette's rounding, so the figures in docs/members.md (of the inks as drawn) hold for both."""
    for deck in ci.Deck:
        for drawn, meant in zip(face_and_inks(deck)[1], ci.SUIT_INKS[deck], strict=True):
            assert max(abs(a - b) for a, b in zip(drawn, meant, strict=True)) <= 3
