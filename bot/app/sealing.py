"""Practice custom ids that show when they were changed, and for whom they were made.

A practice menu or button carries its whole state in its custom id, and a custom id is
whatever the client sends: anyone can edit it. So each id ends in a tag, a short HMAC
of its state and of the member it was made for::

    practice:set:AsKdTh9c7s4dJK:1712345678901:3-4:q1Zr0-8xY_A
    └────────────── state ─────────────────────┘ └── tag ──┘
    tag = base64url(HMAC-SHA256(key, "<user id>:<state>")[:8])   11 characters, 64 bits

A changed hand, time or score, or another member pressing the id, no longer matches its
tag. The member's id is in the tag, not in the custom id. The key is random, made once
and kept in the database (``meta``), so every process and every restart uses the same.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Final, NamedTuple

from ..storage import Database
from .interactions import Refusal

if TYPE_CHECKING:
    from ..storage import Bounded

#: Where the key is kept in the ``meta`` table.
KEY_NAME: Final = "practice.custom_id_key"
#: Bytes of the HMAC kept: 64 bits, guessed by nobody one Discord click at a time.
TAG_BYTES: Final = 8
#: The tag as it ends a custom id (unpadded base64url of TAG_BYTES).
TAG: Final = r"[A-Za-z0-9_-]{11}"


def new_key() -> str:
    """A fresh key, as it is stored (256 random bits, base64url)."""
    return secrets.token_urlsafe(32)


class Sealer:
    """Makes and checks the tags of one key."""

    def __init__(self, key: str) -> None:
        self._key = key.encode()

    def tag(self, state: str, user_id: int) -> str:
        digest = hmac.new(self._key, f"{user_id}:{state}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:TAG_BYTES]).rstrip(b"=").decode()

    def holds(self, state: str, user_id: int, tag: str) -> bool:
        """Whether ``tag`` was made for this state and this member (in constant time)."""
        return hmac.compare_digest(self.tag(state, user_id), tag)

    def for_member(self, user_id: int) -> Seal:
        return Seal(self, user_id)


def _read(reading: asyncio.Future[str]) -> bool:
    """Whether a finished read of the key gave it."""
    return not reading.cancelled() and reading.exception() is None


class Seal(NamedTuple):
    """Seals the custom ids of one member's menus and buttons."""

    sealer: Sealer
    user_id: int

    def custom_id(self, state: str) -> str:
        return f"{state}:{self.sealer.tag(state, self.user_id)}"


class Seals:
    """The key, read from the database at the first hand (made there by the first process
    ever to ask), then kept for the life of the process.

    One read, however many presses wait for it: each waits within its own deadline, and a
    failed read is tried again by the next press. At 200 tables every member pressed
    *Your hand* at the first deal, each reading the key, and the pool's queue refused 241
    of them (issue 40)."""

    def __init__(self) -> None:
        self._sealer: Sealer | None = None
        self._reading: asyncio.Future[str] | None = None

    def read_soon(self, database: Database) -> None:
        """Begin reading the key now, as the cog loads, so that the first hands wait for
        no read: at the first deal of 200 tables the read queued behind every table's
        deal for the pool's connections, and 35 *Your hand* were refused (issue 40). A
        failure is left to the first press, which reads again."""
        if self._sealer is None and self._reading is None:
            self._reading = asyncio.ensure_future(database.meta_once(KEY_NAME, new_key()))
            self._reading.add_done_callback(_read)  # a failure retrieved: no news yet

    async def sealer(self, db: Bounded) -> Sealer:
        if self._sealer is not None:
            return self._sealer
        reading = self._reading
        if reading is None or (reading.done() and not _read(reading)):
            reading = self._reading = db.start(Database.meta_once, KEY_NAME, new_key())
        key = await db.wait(reading)
        if self._sealer is None:
            self._sealer = Sealer(key)
        return self._sealer

    async def require(self, db: Bounded, state: str, user_id: int, tag: str, refusal: str) -> None:
        """Refuse (``Refusal(refusal)``, an invalid component) a state the bot did not make
        for the member pressing it: every sealed id's one check."""
        if not (await self.sealer(db)).holds(state, user_id, tag):
            raise Refusal(refusal, outcome="invalid_component")
