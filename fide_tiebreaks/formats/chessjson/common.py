"""What the Chess-JSON reader and writer share: the title codes, the TRF records that have a
Chess-JSON field, and TRF's way of writing points."""

from __future__ import annotations

from fractions import Fraction

from ...numbers import exact_str

# TRF 001 titles (columns 11-13) and the Chess-JSON fideTitle strings.
TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
TITLE_CODES = {v: k for k, v in TITLES.items()}

# Records that have a Chess-JSON field; every other TRF record goes to other.trf verbatim.
MODELLED = {
    "001",
    "012",
    "022",
    "032",
    "042",
    "052",
    "092",
    "142",
    "XXR",
    "162",
    "XXS",
    "192",
    "212",
    "310",
    "013",
    "352",
    "362",
}


def trf_points(points: Fraction | None) -> str:
    """Points as TRF writes them: one decimal at least (``4.0``, ``3.5``, ``2.25``)."""
    if points is None:
        return ""
    return f"{points.numerator}.0" if points.denominator == 1 else exact_str(points)
