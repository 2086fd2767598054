"""The language a text is said in: one type for the core and the bot."""

from __future__ import annotations

from enum import StrEnum


class Lang(StrEnum):
    """Swedish (the rule text's own language) or English: the one way a language travels.

    Every function that says something takes ``lang: Lang`` (English where it has a
    default), in the core and in the bot alike, never a true-or-false flag for Swedish.
    The values are the bot catalogue's keys and the command line's ``--lang`` choices;
    a Lang is a ``str``, so a stored or typed ``"sv"`` reads back as ``Lang("sv")``.

    Where a text lives: the core's own words stay in the core beside what they name (the
    rule texts quoted verbatim, the rules' short names, hands, cards, the explanations),
    because the command line speaks both languages without the bot; the bot's words live
    in its catalogue (``bot/texts/i18n``). A fixed name in both languages is a mapping by
    Lang, the catalogue's own shape (``{Lang.SV: "Stege", Lang.EN: "Straight"}``); a
    record that is said in both at once (a rule, an explanation's step, a mistake) keeps
    both texts and gives one for a Lang.
    """

    SV = "sv"
    EN = "en"
