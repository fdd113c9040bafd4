"""Standings as XML, in the vocabulary of the tournament form (fide-tiebreaks.xsd): a writer,
kept apart from the reader in ``xml.py``, which knows nothing of ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from ..diagnostics import printable
from ..numbers import exact_str

if TYPE_CHECKING:
    from ..standings import Standings


def standings_xml(s: Standings) -> bytes:
    """Standings in the same vocabulary: <standings> with one <participant> per row."""
    t = s.tournament
    root = etree.Element(
        "standings",
        name=printable(t.name or ""),
        kind=t.kind,
        edition=s.edition.name,
        rounds=str(t.rounds),
        tiebreaks=",".join(s.codes),
    )
    for row in s.rows:
        p = row.participant
        item = etree.SubElement(
            root,
            "participant",
            id=str(p.id),
            rank=str(row.rank),
            name=printable(p.name),
            points=exact_str(p.points),
        )
        for code, value in zip(s.codes, row.values, strict=True):
            if value is not None:
                etree.SubElement(item, "value", code=code).text = exact_str(value)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
