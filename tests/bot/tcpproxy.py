"""A loopback TCP proxy in front of PostgreSQL that a test can pause, cut and restore."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit, urlunsplit


class TcpProxy:
    """Forwards 127.0.0.1:``port`` to ``host:port``; ``pause`` holds every byte."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        self.flowing = asyncio.Event()
        self.flowing.set()
        #: Bytes that, once a client sends them, pause the proxy before they pass.
        self._pause_at: bytes | None = None
        #: Set when ``pause_at``'s bytes came and are being held.
        self.held = asyncio.Event()
        #: Bytes that, once a client sends them, hold that client's connection alone.
        self._hold_at: bytes | None = None
        #: Cleared while ``hold_at``'s connection is held.
        self.holding = asyncio.Event()
        self.holding.set()

    @classmethod
    def to(cls, url: str) -> TcpProxy:
        """A proxy for the server of a ``postgresql://`` URL."""
        parts = urlsplit(url)
        return cls(parts.hostname or "127.0.0.1", parts.port or 5432)

    def url(self, url: str) -> str:
        """``url`` pointed at this proxy instead of the server."""
        parts = urlsplit(url)
        user = f"{parts.username}@" if parts.username else ""
        return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{self.port}"))

    def pause(self) -> None:
        """The database is there but does not answer: connections stay open, silent."""
        self.flowing.clear()

    def pause_at(self, marker: bytes) -> asyncio.Event:
        """Pause the moment a client sends ``marker`` (a statement's text, ``b"COMMIT"``):
        it and everything after it are held. The event returned is set once it is."""
        self._pause_at = marker
        self.held.clear()
        return self.held

    def hold_at(self, marker: bytes) -> asyncio.Event:
        """``pause_at`` for one connection: the one that sends ``marker`` is held (it and
        everything after it), every other keeps flowing, until ``resume``."""
        self._hold_at = marker
        self.held.clear()
        return self.held

    def resume(self) -> None:
        self.flowing.set()
        self.holding.set()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        """Refuse new connections and drop the open ones."""
        assert self.server is not None
        self.server.close()
        for writer in list(self.writers):
            writer.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.writers.update((writer, up_writer))

        async def pipe(
            src: asyncio.StreamReader, dst: asyncio.StreamWriter, upstream: bool
        ) -> None:
            held_here = False
            with contextlib.suppress(OSError, asyncio.CancelledError):
                while data := await src.read(65536):
                    if upstream and self._hold_at is not None and self._hold_at in data:
                        self._hold_at = None
                        self.holding.clear()
                        held_here = True
                        self.held.set()
                    if held_here:
                        await self.holding.wait()
                    if upstream and self._pause_at is not None and self._pause_at in data:
                        self._pause_at = None
                        self.pause()
                        self.held.set()
                    await self.flowing.wait()
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer, True), pipe(up_reader, writer, False))
        self.writers.difference_update((writer, up_writer))
