"""The one way this project parses XML: a hardened lxml parser for untrusted input.

No entity resolution, no network, no DTD loading, libxml2's default size limits (no
``huge_tree``), a cap on the input size, and any document with a DOCTYPE is refused (nothing
here needs one, and it is where entity attacks live). Errors come back as located
diagnostics, never as tracebacks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from lxml import etree

from ..diagnostics import Diagnostic, InputError, Severity
from ..source_text import lf_ends
from .base import not_text, wide_codec

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
    _refuse_unsafe_bytes(data, name)
    root = _well_formed(_lf_ends(data), name)
    _refuse_internal_dtd(root, name)
    if xsd is not None:
        _validate(root, name, xsd)
    return root


def _error(name: str, message: str, line: int = 0, column: int = 0) -> Diagnostic:
    return Diagnostic(severity=Severity.ERROR, message=message, path=name, line=line, column=column)


def _refuse_unsafe_bytes(data: bytes, name: str) -> None:
    """Before parsing: refuse input over the size cap, any DOCTYPE or entity declaration
    (where entity attacks live) at the line where it starts, and binary data."""
    if len(data) > MAX_XML_BYTES:
        message = f"{len(data)} bytes; the limit for XML is {MAX_XML_BYTES}"
        raise InputError([_error(name, message)])
    codec = wide_codec(data)  # UTF-16 or UTF-32 XML is looked at as its characters
    view = data.decode(codec, errors="replace").encode("utf-8") if codec else data
    if b"<!DOCTYPE" in view[:4096].upper() or b"<!ENTITY" in view.upper():
        line = lf_ends(view[: view.upper().find(b"<!")]).count(b"\n") + 1
        message = "a DOCTYPE or entity declaration is not allowed in these files"
        raise InputError([_error(name, message, line=line, column=1)])
    if b"\x00" in data and not codec:  # UTF-16 XML is text; NULs are binary data
        raise not_text(name, data, "an XML document")


def _lf_ends(data: bytes) -> bytes:
    """*data* with its line ends made LF, as the parser reads them (XML 1.0, 2.11), so that
    the lines libxml2 counts (by LF only) are the lines of the file whatever its ends: CR
    LF, or CR alone. UTF-16 and UTF-32 are decoded to do it (a CR byte there may be half of
    another character) and given back in the same encoding, with a byte-order mark."""
    codec = wide_codec(data)
    if not codec:
        return lf_ends(data)
    try:
        text = data.decode(codec).lstrip("\ufeff")
    except UnicodeDecodeError:
        return data  # the parser says where it is not UTF-16
    if "\r" not in text:
        return data
    return _CR.sub("\n", text).encode(codec[:6])  # "utf-16" writes the mark


_CR = re.compile(r"\r\n?")


def _well_formed(data: bytes, name: str) -> etree._Element:
    """The document's root, or the parser's complaint located in the file."""
    try:
        return etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as e:
        line, column = e.position if e.position else (0, 0)
        message = f"not well-formed XML: {e.msg}"
        raise InputError([_error(name, message, line=line, column=column + 1)]) from None


def _refuse_internal_dtd(root: etree._Element, name: str) -> None:
    """A DOCTYPE the byte check did not see (past its first 4 KiB) is refused after parsing."""
    if root.getroottree().docinfo.internalDTD is not None:
        raise InputError([_error(name, "a DOCTYPE is not allowed", line=1, column=1)])


def _validate(root: etree._Element, name: str, xsd: Path) -> None:
    """Every schema violation, each at its line and column."""
    checker = schema(str(xsd))
    if not checker.validate(root):
        raise InputError(
            [
                _error(name, message, line=err.line, column=err.column + 1)
                for err, message in _schema_messages(checker.error_log)
            ]
        )


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
