"""What a picture of cards pastes, drawn once: each deck's paletted card tiles,
backgrounds and labels and the palette they share, kept in memory for the process and in
a file for the next start.

Drawing them takes about a second of CPU a deck (``bot.pictures.cards_image`` draws), and
gives the same pixels at every start: so :func:`save` writes a deck to one file in the
cache directory (``CACHE_DIR``) and :func:`load` reads it back in a few hundredths of a
second. The file is named by everything that decides the drawing (this package's code,
the card texts' module, Pillow's version, the font file), so a change to any of them draws
anew and the file of another version is never read. It holds a JSON index and the raw
pixels, compressed: only data, no pickle. One that cannot be read or does not match is
drawn over, and a directory that cannot be written only costs the drawing: never an
error, the cache only ever saves time. It is written to a temporary file and renamed, so
processes that start together never read a half-written one.

The caches are keyed by the deck's value (``Deck`` is a ``StrEnum``: ``Deck.TWO`` and
``"two"`` are one key), so this module needs nothing of the drawing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import PIL
from PIL import Image

from houseway.cards import Card

from ..texts import split_labels
from .card_layout import Layout, hand_layout, split_layout
from .fonts import text_font

log = logging.getLogger(__name__)

K = TypeVar("K")
V = TypeVar("V")

#: Held while a cache is filled (renders run in thread pools).
lock = threading.RLock()
#: Each deck's palette (a paletted picture; a quantize reads only its palette).
palettes: dict[str, Image.Image] = {}
#: A face on the felt of its slot: (card, card size, deck).
tiles: dict[tuple[Card, tuple[int, int], str], Image.Image] = {}
#: A layout's felt and shadows: (layout, deck).
backgrounds: dict[tuple[Layout, str], Image.Image] = {}
#: Labels by their words: (words, size, deck); a few dozen texts in each language.
word_tiles: dict[tuple[str, tuple[int, int], str], Image.Image] = {}
#: The decks whose every card and label is here (drawn or read), so a warm-up is done:
#: tests start many bots in one process, and each start warms up.
complete: set[str] = set()

FORMAT: Final = 1
MAGIC: Final = b"houseway-cards\n"


def cached(cache: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """Return ``cache[key]``, creating it once under the lock (safe from thread pools)."""
    value = cache.get(key)
    if value is None:
        with lock:
            value = cache.get(key)
            if value is None:
                value = make()
                cache[key] = value
    return value


def clear() -> None:
    """Forget every deck's tiles, backgrounds, labels and palette (not their files)."""
    with lock:
        palettes.clear()
        tiles.clear()
        backgrounds.clear()
        word_tiles.clear()
        complete.clear()


def drawn_file(deck: str, directory: Path) -> Path:
    """The file in ``directory`` that holds ``deck`` as this code and font draw it."""
    digest = hashlib.sha256(f"{FORMAT} {PIL.__version__} {deck}".encode())
    for source in (*sorted(Path(__file__).parent.glob("*.py")), Path(split_labels.__file__ or "")):
        digest.update(source.read_bytes())
    font = text_font()
    path = getattr(font, "path", None)
    if isinstance(path, str):  # a font file: its name, size and time
        stat = os.stat(path)
        digest.update(f"{path} {stat.st_size} {stat.st_mtime_ns}".encode())
    else:
        digest.update(type(font).__name__.encode())
    return directory / f"cards-{deck}-{digest.hexdigest()[:20]}.bin"


def _entries(deck: str) -> list[tuple[list[object], Image.Image]]:
    """Every cached picture of ``deck``, each with a key JSON can write."""
    layouts = (split_layout(), hand_layout())
    with lock:
        palette = Image.new("P", (1, 1))  # the palette is all a quantize needs of it
        palette.putpalette(palettes[deck].getpalette() or [])
        entries: list[tuple[list[object], Image.Image]] = [(["palette"], palette)]
        entries += [(["tile", c, *size], i) for (c, size, d), i in tiles.items() if d == deck]
        entries += [
            (["background", layouts.index(layout)], image)
            for (layout, of), image in backgrounds.items()
            if of == deck and layout in layouts
        ]
        entries += [(["words", w, *size], i) for (w, size, d), i in word_tiles.items() if d == deck]
    return entries


def save(deck: str, directory: Path) -> None:
    """Write what is drawn of ``deck`` to its file in ``directory``; where that cannot be
    done (a read-only disk), say so at DEBUG and go on."""
    try:
        target = drawn_file(deck, directory)
        index: list[dict[str, object]] = []
        blobs: list[bytes] = []
        for key, image in _entries(deck):
            pixels = image.tobytes()
            index.append(
                {
                    "key": key,
                    "size": image.size,
                    "length": len(pixels),
                    "palette": image.getpalette(),
                }
            )
            blobs.append(pixels)
        header = json.dumps(index).encode()
        data = zlib.compress(len(header).to_bytes(4, "big") + header + b"".join(blobs), 1)
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".cards-", delete=False) as file:
            file.write(MAGIC + data)
        os.replace(file.name, target)
    except (OSError, KeyError, ValueError) as error:
        log.debug("the %s deck's drawn cards were not saved: %r", deck, error)


def load(deck: str, directory: Path) -> bool:
    """Read ``deck``'s drawn cards from its file in ``directory`` into the caches; False
    (and nothing read) where there is no such file or it does not hold them whole."""
    try:
        raw = drawn_file(deck, directory).read_bytes()
    except OSError:
        return False
    try:
        if not raw.startswith(MAGIC):
            raise ValueError("not a drawn-cards file")
        data = zlib.decompress(raw[len(MAGIC) :])
        length = int.from_bytes(data[:4], "big")
        offset = 4 + length
        layouts = (split_layout(), hand_layout())
        into: list[tuple[dict[Any, Image.Image], object, Image.Image]] = []
        for entry in json.loads(data[4:offset]):
            width, height = entry["size"]
            image = Image.frombytes("P", (width, height), data[offset : offset + entry["length"]])
            image.putpalette(entry["palette"])
            offset += entry["length"]
            match entry["key"]:  # every key understood before any cache is touched
                case ["palette"]:
                    into.append((palettes, deck, image))
                case ["tile", int(card), int(w), int(h)]:
                    into.append((tiles, (card, (w, h), deck), image))
                case ["background", int(which)]:
                    into.append((backgrounds, (layouts[which], deck), image))
                case ["words", str(words), int(w), int(h)]:
                    into.append((word_tiles, (words, (w, h), deck), image))
                case key:
                    raise ValueError(f"an unknown entry {key!r}")
        if offset != len(data):
            raise ValueError("the pixels do not match the index")
    except (ValueError, KeyError, TypeError, IndexError, zlib.error) as error:
        log.debug("the %s deck's drawn cards could not be read: %r", deck, error)
        return False
    with lock:
        for cache, key, image in into:
            cache[key] = image
    log.debug("the %s deck's drawn cards were read from %s", deck, directory)
    return True
