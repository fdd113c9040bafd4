"""The ASGI application: one route per command, each running the command itself on the
request body (:mod:`.runner`), with the query parameters as its options (:mod:`.params`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from . import problems
from .answers import NotAcceptable, chosen, json_parts, problem_parts, response_parts
from .endpoints import ENDPOINTS, Endpoint
from .limits import Busy, Limits, TooLarge, TooSlow, Workers, declared_length, read_body
from .params import ParameterError, arguments
from .runner import install_proxies, run_command

Parts = tuple[int, bytes, str, dict[str, str]]


class SlowBody(Exception):
    """The body did not arrive within the time limit."""


def _respond(parts: Parts) -> Response:
    status, body, media, headers = parts
    # A browser shows what is sent as its media type says, never as it guesses from it.
    headers = {**headers, "X-Content-Type-Options": "nosniff"}
    return Response(body, status_code=status, media_type=media, headers=headers)


async def _body(request: Request, limits: Limits) -> bytes:
    """The body within the size limit, and within the time limit (a client sending a byte
    a minute holds no more than its connection)."""
    import asyncio

    declared_length(request.headers.get("content-length"), limits.max_body)
    try:
        return await asyncio.wait_for(read_body(request.stream(), limits.max_body), limits.seconds)
    except TimeoutError:
        raise SlowBody from None


def _guarded(handler: Callable[[Request, bytes], Any], workers: Workers) -> Any:
    """*handler* with the body read within the limits and every limit's refusal a problem."""

    async def endpoint(request: Request) -> Response:
        limits = workers.limits
        try:
            body = await _body(request, limits)
            parts: Parts = await handler(request, body)
        except TooLarge:
            return _respond(problem_parts(problems.too_large(limits.max_body)))
        except Busy:
            response = _respond(problem_parts(problems.busy(limits.workers + limits.backlog)))
            response.headers["Retry-After"] = "1"
            return response
        except TooSlow:
            return _respond(problem_parts(problems.too_slow(limits.seconds)))
        except SlowBody:
            return _respond(problem_parts(problems.slow_body(limits.seconds)))
        except (ParameterError, NotAcceptable) as e:
            status = 406 if isinstance(e, NotAcceptable) else 400
            return _respond(problem_parts(problems.bad_parameter(str(e), status)))
        return _respond(parts)

    return endpoint


def command_handler(endpoint: Endpoint, workers: Workers) -> Any:
    """The handler of a command's route: the parameters as its arguments, the body as its
    standard input, its output as the answer."""

    async def handle(request: Request, body: bytes) -> Parts:
        query = list(request.query_params.multi_items())
        if endpoint.command == "standings":
            from .jsonrequest import as_serve_request, serve_answer

            if as_serve_request(body) is not None:
                if query:
                    raise ParameterError(
                        "a JSON request carries its options itself; give no query parameters"
                    )
                return await workers.run(lambda: serve_answer(body))
        given = dict(query).get(endpoint.format_option)
        fmt = chosen(given, request.headers.get("accept"), endpoint.formats, endpoint.default)
        if given is None:
            query.append((endpoint.format_option, fmt))
        argv = arguments(endpoint.command, query)
        done = await workers.run(lambda: run_command(endpoint.command, argv, body))
        return response_parts(done, fmt)

    return handle


def check_handler(workers: Workers) -> Any:
    """``POST /check``: the standings checker (``check --standings``) on the body."""

    async def handle(request: Request, body: bytes) -> Parts:
        from .checking import checked

        query = list(request.query_params.multi_items())
        if query:
            raise ParameterError(
                f"/check takes no parameters (the file's own list is checked), not "
                f"{', '.join(sorted({k for k, _ in query}))}"
            )
        return await workers.run(lambda: checked(body))

    return handle


def tiebreak_handler(workers: Workers) -> Any:
    """``POST /tiebreak``: a gacrux ``tiebreak request``."""

    async def handle(request: Request, body: bytes) -> Parts:
        from .gacrux import answer

        if request.query_params:
            raise ParameterError("a tiebreak request carries its options in its JSON")
        return await workers.run(lambda: answer(body))

    return handle


async def _openapi(request: Request) -> Response:
    from .openapi import document

    return _respond(json_parts(document()))


async def _page(request: Request) -> Response:
    from .page import page

    return _respond((200, page().encode("utf-8"), "text/html; charset=utf-8", {}))


async def _http_problem(request: Request, exc: Exception) -> Response:
    """404, 405 and the like as problem documents too."""
    assert isinstance(exc, HTTPException)
    kind = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http")
    p = problems.Problem(
        status=exc.status_code,
        kind=kind,
        title=str(exc.detail),
        detail=f"{request.method} {request.url.path}",
    )
    response = _respond(problem_parts(p))
    if exc.headers:
        response.headers.update(exc.headers)
    return response


def create_app(limits: Limits | None = None) -> Starlette:
    """The application, with *limits* (the defaults of :class:`Limits` when not given)."""
    install_proxies()
    workers = Workers(limits or Limits())
    routes = [
        Route(path, _guarded(command_handler(e, workers), workers), methods=["POST"])
        for path, e in ENDPOINTS.items()
    ]
    routes += [
        Route("/check", _guarded(check_handler(workers), workers), methods=["POST"]),
        Route("/tiebreak", _guarded(tiebreak_handler(workers), workers), methods=["POST"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        Route("/", _page, methods=["GET"]),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_problem})
