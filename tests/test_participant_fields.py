"""The TRF reader makes each Participant from a dictionary of its fields
(model.participant_from): that dictionary holds every field, in field order, and the
participant equals one made by the class's constructor."""

from __future__ import annotations

from dataclasses import fields, replace

from conftest import TEC

from fide_tiebreaks import parse_trf
from fide_tiebreaks.model import Participant


def test_the_reader_fills_every_field_of_a_participant_in_order():
    t = parse_trf((TEC / "tournament.trf").read_bytes()).tournament
    names = [f.name for f in fields(Participant)]
    for p in t.participants:
        assert list(vars(p)) == names
        made = Participant(**{name: getattr(p, name) for name in names})
        assert made == p and repr(made) == repr(p) and hash(made) == hash(p)
        assert replace(p, name="x").name == "x"
