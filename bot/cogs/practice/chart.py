"""The /stats picture: one row per rule (its name in the member's language), a bar for the
share answered right (in the warning colour below ``WEAK_BELOW``), the figures on the
right; drawn by the bot's one chart renderer in its ``RULES`` style."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...pictures.chart import RULES, Bar, render_bar_chart

_GOOD: Final = (126, 178, 146)
_WEAK: Final = (245, 182, 28)
#: Below this share right a rule's bar is drawn in the warning colour.
WEAK_BELOW: Final = 0.7


def render_rule_chart(rows: Sequence[tuple[str, float | None, str]]) -> bytes:
    """PNG: per row (name, share right or None when never met, figures)."""
    if not rows:
        raise ValueError("a chart needs at least one row")
    bars = [
        Bar(
            name,
            share or 0.0,
            shown,
            colour=_GOOD if (share or 0.0) >= WEAK_BELOW else _WEAK,
            unmet=share is None,
        )
        for name, share, shown in rows
    ]
    return render_bar_chart(bars, RULES)
