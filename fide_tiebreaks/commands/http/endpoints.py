"""The commands the service runs, one route each, and the formats each writes."""

from __future__ import annotations

from ...data_classes import NamedTuple


class Endpoint(NamedTuple):
    """A command over HTTP: the formats it writes and the one it writes by default."""

    command: str
    formats: tuple[str, ...]
    default: str
    format_option: str = "format"


ENDPOINTS = {
    "/standings": Endpoint(
        "standings", ("json", "csv", "html", "trf", "xml", "table", "chess-json"), "json"
    ),
    "/explain": Endpoint("explain", ("json", "text"), "json"),
    "/pairing-index": Endpoint("pairing-index", ("json", "table"), "json"),
    "/convert": Endpoint(
        command="convert",
        formats=("chess-json", "trf", "trf16", "trf26"),
        default="chess-json",
        format_option="to",
    ),
}
