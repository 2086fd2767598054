"""The colours the charts draw on the felt (``cards_image.FELT``), in one place so that the
/analyze chart and the /stats picture stay alike; contrasts are WCAG 2's on the felt."""

from __future__ import annotations

from typing import Final

#: Text: 7.0:1.
TEXT: Final = (240, 240, 236)
#: Figures, dimmed text and frames: 5.3:1.
SECONDARY: Final = (196, 214, 202)
#: The joker's gold, for a highlighted bar or a weak one: 4.4:1.
GOLD: Final = (245, 182, 28)
#: Headings and highlighted text: 5.8:1.
GOLD_TEXT: Final = (255, 214, 102)
#: The dealer's heading in a reveal, apart from every seat's result: 5.6:1.
DEALER_TEXT: Final = (180, 220, 255)
#: A handful of flat colours and their anti-aliased text edges: 64 look lossless, and one
#: byte per pixel encodes as fast as RGB would but gives a much smaller file.
PALETTE_COLOURS: Final = 64
