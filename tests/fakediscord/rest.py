"""REST plumbing: routing requests to the parts' handlers, reading bodies, fault
injection, the attachment CDN."""

from __future__ import annotations

import asyncio
import fnmatch
import functools
import json
import logging
import math
import re
import time
from collections.abc import Mapping
from typing import Any, Final

from aiohttp import web

from . import openapi
from .models import Fault, Refusal, RequestLog, SentFile
from .state import ServerState
from .wire import (
    FILE_FIELD,
    HTTPError,
    Route,
    RouteSpec,
    bot_token,
    invalid_form,
    json_response,
    redact,
)

_log = logging.getLogger("tests.fakediscord")
#: Where a request keeps its body once read.
_BODY: Final = web.RequestKey("fakediscord.body", tuple[Any, list[SentFile]])

try:  # aiohttp keeps BodyPartReader in aiohttp.multipart
    from aiohttp import BodyPartReader as _BodyPart
except ImportError:  # pragma: no cover - very old aiohttp
    from aiohttp.multipart import BodyPartReader as _BodyPart


class RestMixin(ServerState):
    """Routes ``/api/v10`` requests through :meth:`_route_table` and applies injected faults."""

    #: Check each request's body against Discord's OpenAPI description. Tests always do;
    #: ``bench_game.py tables --light-stand-in`` turns it off, as it is a third of the
    #: stand-in's CPU and Discord's side of the work, not the bot's.
    check_bodies: bool = True

    # ------------------------------------------------------------------ faults

    def inject(
        self,
        route: str,
        *,
        status: int | None = None,
        count: int | None = 1,
        delay: float = 0.0,
        gate: asyncio.Event | None = None,
        retry_after: float = 1.0,
        is_global: bool = False,
        via: bool = True,
        body: dict[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Fault:
        """Add a fault for the next ``count`` requests matching ``route``.

        ``route`` is ``"METHOD /glob"`` or ``"/glob"``, the glob matching the path below
        ``/api/v10`` (``*`` also spans ``/``), e.g. ``"POST /interactions/*/callback"``.
        """
        method, _, path = route.partition(" ") if " " in route else ("", "", route)
        fault = Fault(
            method=method.upper() or None,
            path=path,
            status=status,
            retry_after=retry_after,
            is_global=is_global,
            via=via,
            delay=delay,
            gate=gate,
            count=count,
            body=body,
            headers=dict(headers or {}),
        )
        self.faults.append(fault)
        return fault

    def rate_limit(
        self,
        route: str,
        retry_after: float = 0.5,
        *,
        count: int | None = 1,
        is_global: bool = False,
        via: bool = True,
    ) -> Fault:
        """429 with ``retry_after`` and the ``Via`` header discord.py takes as "real Discord"
        (without it, discord.py assumes a Cloudflare ban and raises instead of waiting)."""
        return self.inject(
            route, status=429, count=count, retry_after=retry_after, is_global=is_global, via=via
        )

    def server_error(self, route: str, status: int = 500, *, count: int | None = 1) -> Fault:
        return self.inject(route, status=status, count=count)

    def delay(self, route: str, seconds: float, *, count: int | None = 1) -> Fault:
        """Hold matching requests for ``seconds`` and then handle them normally."""
        return self.inject(route, delay=seconds, count=count)

    def hold(self, route: str, until: asyncio.Event, *, count: int | None = None) -> Fault:
        """Hold matching requests until ``until`` is set, then handle them normally: what
        reached Discord meanwhile is in ``requests`` (logged as it arrives), so a test can
        count what was sent while they were held, by order rather than by time."""
        return self.inject(route, gate=until, count=count)

    def clear_faults(self) -> None:
        self.faults.clear()

    def _take_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.exhausted:
                continue
            if fault.method is not None and fault.method != method:
                continue
            if not fnmatch.fnmatchcase(path, fault.path):
                continue
            fault.hits += 1
            return fault
        return None

    @staticmethod
    def _fault_response(fault: Fault) -> web.Response:
        assert fault.status is not None
        headers = dict(fault.headers)
        if fault.status == 429:
            body = fault.body or {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": fault.is_global,
                "code": 0,
            }
            headers.setdefault("Retry-After", str(math.ceil(fault.retry_after)))
            headers.setdefault("X-RateLimit-Scope", "global" if fault.is_global else "user")
            if fault.is_global:
                headers.setdefault("X-RateLimit-Global", "true")
            if fault.via:
                headers.setdefault("Via", "1.1 google")
        else:
            body = fault.body or {"message": f"{fault.status}: injected fault", "code": 0}
        return json_response(body, status=fault.status, headers=headers)

    # ------------------------------------------------------------------ routing

    def _route_table(self) -> list[RouteSpec]:
        """Every REST route: (method, path pattern, handler, needs the bot token)."""
        raise NotImplementedError  # listed by FakeDiscord, whose parts hold the handlers

    @functools.cached_property
    def _routes(self) -> list[Route]:
        return [
            Route(method, re.compile(pattern + r"/?\Z"), handler, auth)
            for method, pattern, handler, auth in self._route_table()
        ]

    async def _handle_rest(self, request: web.Request) -> web.StreamResponse:
        arrived = time.monotonic()
        method = request.method
        path = "/" + request.match_info["tail"]
        entry = RequestLog(method, path, dict(request.query), arrived)
        self.requests.append(entry)
        response: web.StreamResponse
        try:
            fault = self._take_fault(method, path)
            if fault is not None:
                entry.fault = fault
                if fault.delay:
                    # Models a slow network: the request "arrives" after the delay.
                    await asyncio.sleep(fault.delay)
                    arrived = time.monotonic()
                if fault.gate is not None:
                    await fault.gate.wait()
                    arrived = time.monotonic()
            if fault is not None and fault.status is not None:
                response = self._fault_response(fault)
            else:
                response = await self._route(request, method, path, entry, arrived)
        except HTTPError as exc:
            response = exc.response()
            if exc.refusal:
                refusal = Refusal(method, redact(path), exc.status, exc.code, exc.detail)
                _log.warning("fake Discord refused %s", refusal)
                self.refusals.append(refusal)
        except Exception as exc:
            # A bug in the stand-in, not in the bot: answer 400 (discord.py would retry a 5xx
            # for ~16 s) and remember it so the fixture can fail the test loudly.
            _log.exception("fake Discord failed on %s %s", method, redact(path))
            self.internal_errors.append(f"{method} {redact(path)}: {exc!r}")
            response = json_response(
                {"message": f"fake Discord internal error: {exc!r}", "code": 0}, status=400
            )
        entry.status = response.status
        self._notify()
        return response

    async def _route(
        self, request: web.Request, method: str, path: str, entry: RequestLog, arrived: float
    ) -> web.StreamResponse:
        path_matched = False
        for route in self._routes:
            match = route.pattern.match(path)
            if match is None:
                continue
            path_matched = True
            if route.method != method:
                continue
            if route.auth and not self._token_ok(bot_token(request)):
                raise HTTPError(401, 0, "401: Unauthorized")
            # An optional part of the path that is absent (a command's guild) is left out.
            params = {k: v for k, v in match.groupdict().items() if v is not None}
            if request.can_read_body:
                body, _ = await self._read_body(request)
                if self.check_bodies:
                    openapi.check_request(method, path, body, request.content_type)
            return await route.handler(request, params, arrived)
        _log.warning("fake Discord: unhandled route %s %s", method, redact(path))
        self.unknown_requests.append(entry)
        if path_matched:
            raise HTTPError(405, 0, "405: Method Not Allowed")
        raise HTTPError(404, 0, "404: Not Found")

    async def _handle_stray(self, request: web.Request) -> web.StreamResponse:
        entry = RequestLog(request.method, request.path, dict(request.query), time.monotonic())
        entry.status = 404
        self.requests.append(entry)
        self.unknown_requests.append(entry)
        _log.warning("fake Discord: request outside /api/v10: %s %s", request.method, request.path)
        self._notify()
        return HTTPError(404, 0, "404: Not Found").response()

    async def _handle_blob(self, request: web.Request) -> web.StreamResponse:
        """Serve uploaded files at the attachment URLs given back to the bot (a tiny CDN)."""
        try:
            blob = self._blobs[int(request.match_info["attachment"])]
        except (KeyError, ValueError):
            return web.Response(status=404)
        ctype = blob.content_type or "application/octet-stream"
        return web.Response(body=blob.data, headers={"Content-Type": ctype})

    async def _read_body(self, request: web.Request) -> tuple[Any, list[SentFile]]:
        """JSON body, or multipart ``payload_json`` plus ``files[n]`` parts (raw bytes);
        read once, when the request is checked against Discord's description."""
        read = request.get(_BODY)
        if read is None:
            read = request[_BODY] = await self._read_new_body(request)
        return read

    async def _read_new_body(self, request: web.Request) -> tuple[Any, list[SentFile]]:
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            payload: Any = None
            files: list[SentFile] = []
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, _BodyPart):
                    raise invalid_form("multipart", "nested multipart is not supported")
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                elif part.filename is not None or FILE_FIELD.match(part.name or ""):
                    data = bytes(await part.read(decode=False))
                    files.append(
                        SentFile(
                            field=part.name or "",
                            filename=part.filename,
                            content_type=part.headers.get("Content-Type"),
                            data=data,
                        )
                    )
                else:
                    raise invalid_form(part.name or "multipart", "unexpected form field")
            if payload is None:
                raise invalid_form("payload_json", "multipart request without payload_json")
            for f in files:
                if len(f.data) > self.attachment_size_limit:
                    raise HTTPError(413, 40005, "Request entity too large")
            return payload, files
        raw = await request.read()
        if not raw:
            return {}, []
        if request.content_type != "application/json":
            raise invalid_form("body", f"unsupported Content-Type {request.content_type!r}")
        try:
            return json.loads(raw), []
        except ValueError:
            raise HTTPError(400, 50109, "The request body contains invalid JSON.") from None
