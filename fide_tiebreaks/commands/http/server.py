"""Start uvicorn on the application, on the address ``serve --http`` gives."""

from __future__ import annotations

import ipaddress

from ...data_classes import NamedTuple
from ..common import CommandError, err
from .limits import Limits

DEFAULT_ADDRESS = "127.0.0.1:8080"  # as serve.DEFAULT_HTTP


class Address(NamedTuple):
    host: str
    port: int


def parse_address(text: str) -> Address:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6); CommandError for anything else."""
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isascii() or not port.isdigit() or int(port) > 65535:
        raise CommandError(f"--http takes HOST:PORT, e.g. {DEFAULT_ADDRESS}, not '{text}'")
    return Address(host, int(port))


def serve_http(address: Address, limits: Limits) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM)."""
    try:
        import uvicorn

        from .app import create_app
    except ImportError as e:
        raise CommandError(
            f"serve --http needs the http extra ({e.name} is not installed): "
            "from a checkout: pip install '.[http]'"
        ) from None
    if not _loopback(address.host):
        err(
            f"warning: listening on {address.host}, not only this machine: the service has "
            "no authentication; anyone who can reach the port can use it (docs/serve.md)"
        )
    uvicorn.run(
        create_app(limits),
        host=address.host,
        port=address.port,
        log_level="warning",
        server_header=False,
        # Connections a client holds open without a request are closed; the work itself
        # is bounded by the workers and the time limit.
        timeout_keep_alive=5,
    )


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
