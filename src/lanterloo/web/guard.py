"""The HTTP API's guards against bad input and careless clients (docs/protocol.md, "HTTP"): a cap on the body's
size, read before the body is whole; JSON bodies only; every refusal one ``{"error": "<sentence>"}``, FastAPI's
own ``{"detail": ...}`` answers included; and a per-address token bucket on creating tables and taking seats.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

#: The largest request body the API reads: a table's settings or a name fit in a few hundred bytes.
MAX_BODY = 64 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class ApiError(Exception):
    """A refusal: its HTTP status and its one sentence; ``headers`` (``Retry-After``) go with it."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers


async def _refuse(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class BodyGuard:
    """ASGI middleware: a POST (or PUT, PATCH) to the API must be JSON and at most ``limit`` bytes. A declared
    ``Content-Length`` over the limit is refused before anything is read; a body sent without one (chunked) is
    counted as it streams in and refused at the first byte past the limit, so a 50 MB body is never held."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        too_big = f"The request's body is larger than the {self.limit // 1024} KiB allowed."
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await _refuse(send, 400, "The request's Content-Length header is not a number.")
                return
            if int(length) > self.limit:
                await _refuse(send, 413, too_big)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            msg = await receive()
            if msg["type"] != "http.request":
                return  # the client went away
            chunk = bytes(msg.get("body", b""))
            size += len(chunk)
            if size > self.limit:
                await _refuse(send, 413, too_big)
                return
            chunks.append(chunk)
            if not msg.get("more_body", False):
                break
        kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if (
            size
            and scope.get("path", "").startswith("/api/")
            and not (kind == "application/json" or kind.endswith("+json"))
        ):
            shown = f"{kind[:40]!r}" if kind else "none"
            await _refuse(
                send, 415, f"The request's body must be JSON, sent with Content-Type: application/json (not {shown})."
            )
            return
        body = b"".join(chunks)
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


_WHAT = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "dict_type": "must be a JSON object",
    "model_type": "must be a JSON object",
    "missing": "is missing",
    "string_too_long": "is too long",
}


def sentence(errors: list[Any]) -> str:
    """The first of pydantic's errors as one plain sentence that names the field."""
    if not errors:
        return "The request is not valid."
    first = errors[0]
    kind = first.get("type", "")
    if kind == "json_invalid":  # its location is a character offset, not a field
        return "The request's body is not valid JSON."
    loc = [str(x) for x in first.get("loc", ())]
    where, path = (loc[0], loc[1:]) if loc else ("body", [])
    if kind == "extra_forbidden":
        return f'There is no field "{".".join(path)[:40]}" in this request: leave it out.'
    if where == "body" and not path:
        return "The request's body is missing." if kind == "missing" else "The request's body must be a JSON object."
    ctx = first.get("ctx") or {}
    if kind == "greater_than_equal" and "ge" in ctx:
        what = f"must be at least {ctx['ge']}"
    elif kind == "less_than_equal" and "le" in ctx:
        what = f"must be at most {ctx['le']}"
    else:
        what = _WHAT.get(kind, "is not valid")
    name = ".".join(path)[:40]
    if where == "path":
        return f"The {name} in the address {what}."
    if where == "query":
        return f'The query parameter "{name}" {what}.'
    return f'The field "{name}" {what}.'


_STATUS_WORDS = {
    404: "There is no such page or endpoint",
    405: "That method is not allowed here",
}


def _unreadable(cause: BaseException | None) -> str:
    """Why a body that looked like JSON could not be loaded (FastAPI keeps the reason as the error's cause)."""
    if isinstance(cause, UnicodeDecodeError):
        return "The request's body is not valid UTF-8 text."
    if isinstance(cause, RecursionError):
        return "The request's body is nested too deeply to be read."
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "A number in the request's body has too many digits to be read."
    return "The request's body could not be read as JSON."


def install(app: FastAPI) -> None:
    """The guards and the one error shape, on ``app``."""
    app.add_middleware(BodyGuard)

    @app.exception_handler(ApiError)
    async def api_error(_r: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=e.status, headers=e.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_r: Request, e: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": sentence(list(e.errors()))}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(r: Request, e: HTTPException) -> JSONResponse:
        detail = e.detail if isinstance(e.detail, str) else ""
        if e.status_code == 400 and "parsing the body" in detail:  # FastAPI's words for JSON it could not load
            text = _unreadable(e.__cause__)
        elif e.status_code in _STATUS_WORDS and detail in ("Not Found", "Method Not Allowed"):
            text = f"{_STATUS_WORDS[e.status_code]}: {r.method} {r.url.path[:60]}."
        else:
            text = detail if detail.endswith(".") else f"{detail or 'The request was refused'}."
        return JSONResponse({"error": text}, status_code=e.status_code, headers=e.headers)


class AddressLimit:
    """A token bucket per client address: ``per_minute`` requests a minute, in bursts of up to ``burst``.
    ``per_minute`` 0 turns it off. Buckets full again are forgotten, so the map holds only recent clients."""

    def __init__(self, per_minute: float, burst: float | None = None, what: str = "requests") -> None:
        self.rate = per_minute / 60.0
        self.burst = burst if burst is not None else max(1.0, per_minute)
        self.what = what
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def check(self, address: str) -> None:
        """Take one token for ``address``, or refuse with 429 and ``Retry-After``."""
        if self.rate <= 0:
            return
        now = time.monotonic()
        tokens, when = self.buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        if tokens < 1:
            wait = math.ceil((1 - tokens) / self.rate)
            self.buckets[address] = (tokens, now)
            raise ApiError(
                429,
                f"Too many {self.what} from your address: try again in {wait} second{'s' if wait != 1 else ''}.",
                {"Retry-After": str(wait)},
            )
        self.buckets[address] = (tokens - 1, now)
        if len(self.buckets) > 10_000:
            full = [a for a, (t, w) in self.buckets.items() if t + (now - w) * self.rate >= self.burst]
            for a in full:
                del self.buckets[a]

    def refund(self, address: str) -> None:
        """Give back the token a refused request took: a mistake in a form does not count as a table made."""
        if self.rate <= 0 or address not in self.buckets:
            return
        tokens, when = self.buckets[address]
        self.buckets[address] = (min(self.burst, tokens + 1), when)


def address(request: Request) -> str:
    """The client's address (uvicorn puts a trusted proxy's X-Forwarded-For there)."""
    return request.client.host if request.client is not None else "unknown"
