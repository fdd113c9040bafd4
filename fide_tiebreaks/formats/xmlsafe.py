"""The one way this project parses XML: a hardened lxml parser for untrusted input.

No entity resolution, no network, no DTD loading, libxml2's default size limits (no
``huge_tree``), a cap on the input size, and any document with a DOCTYPE is refused (nothing
here needs one, and it is where entity attacks live). Errors come back as located
diagnostics, never as tracebacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from lxml import etree

from ..diagnostics import Diagnostic, InputError, Severity
from .base import not_text, wide_text

MAX_XML_BYTES = 16 * 1024 * 1024


def safe_parser(schema: etree.XMLSchema | None = None) -> etree.XMLParser:
    """A new parser (parsers are not shared between threads)."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_pis=True,
        remove_comments=True,
        schema=schema,
    )


@cache
def schema(path: str) -> etree.XMLSchema:
    """A schema shipped with the package (trusted), parsed once."""
    with open(path, "rb") as f:
        return etree.XMLSchema(etree.parse(f, safe_parser()))


def parse(data: bytes, name: str, xsd: Path | None = None) -> etree._Element:
    """Parse and (with *xsd*) validate untrusted XML; raise InputError with located messages."""
    if len(data) > MAX_XML_BYTES:
        raise InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR,
                    message=f"{len(data)} bytes; the limit for XML is {MAX_XML_BYTES}",
                    path=name,
                )
            ]
        )
    if b"<!DOCTYPE" in data[:4096].upper() or b"<!ENTITY" in data.upper():
        line = data[: data.upper().find(b"<!")].count(b"\n") + 1
        raise InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR,
                    message="a DOCTYPE or entity declaration is not allowed in these files",
                    path=name,
                    line=line,
                    column=1,
                )
            ]
        )
    if b"\x00" in data and not wide_text(data):  # UTF-16 XML is text; NULs are binary data
        raise not_text(name, data, "an XML document")
    try:
        root = etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as e:
        line, column = e.position if e.position else (0, 0)
        raise InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR,
                    message=f"not well-formed XML: {e.msg}",
                    path=name,
                    line=line,
                    column=column + 1,
                )
            ]
        ) from None
    if root.getroottree().docinfo.internalDTD is not None:
        raise InputError(
            [
                Diagnostic(
                    severity=Severity.ERROR,
                    message="a DOCTYPE is not allowed",
                    path=name,
                    line=1,
                    column=1,
                )
            ]
        )
    if xsd is not None:
        checker = schema(str(xsd))
        if not checker.validate(root):
            raise InputError(
                [
                    Diagnostic(
                        severity=Severity.ERROR,
                        message=message,
                        path=name,
                        line=err.line,
                        column=err.column + 1,
                    )
                    for err, message in _schema_messages(checker.error_log)
                ]
            )
    return root


# libxml2 follows an invalid value under an xs:unique with "Warning: No precomputed value
# available, the value was either invalid or something strange happened": the value's own
# error says what is wrong, so this one is dropped (or, alone, said plainly).
_NO_VALUE = "Warning: No precomputed value available"


def _schema_messages(log: Iterable[Any]) -> list[tuple[Any, str]]:
    """The schema's errors, each with the message a user reads."""
    errors = list(log)
    out = []
    for err in errors:
        message = err.message
        if _NO_VALUE in message:
            where = message.split(_NO_VALUE, 1)[0].rstrip(": ")
            if any(o.line == err.line and _NO_VALUE not in o.message for o in errors):
                continue  # the value's own error, on the same line, says what is wrong
            message = f"{where}: this value is not valid here"
        out.append((err, message))
    return out
