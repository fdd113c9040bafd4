"""Named tie-break lists (presets) for common kinds of event: ``-t preset:NAME``.

C.07 (2024) 4.1 leaves the list to the Chief Organiser ("chosen ... among those listed in
Article 5, or self-defined in the specific regulations"): FIDE publishes no default list in
C.07 itself. These presets are the lists this library uses when neither the user nor the
file names one (docs/tiebreaks.md), each made of C.07's own tie-breaks; a federation's
regulations add theirs through the same hook (docs/plugins.md).
"""

from __future__ import annotations

from fide_tiebreaks import hookimpl
from fide_tiebreaks.tiebreak import Preset

_WHY = "C.07 (2024) 4.1: the organiser's choice; fide-tiebreaks' default for this kind of event"


@hookimpl
def fide_tiebreaks_presets() -> list[Preset]:
    return [
        Preset(
            name="fide-swiss",
            tiebreaks="BH/C1,BH,SB",
            description="individual Swiss: Buchholz Cut 1 (8.1, 14.1), Buchholz, "
            "Sonneborn-Berger (9.1)",
            citation=_WHY,
        ),
        Preset(
            name="fide-round-robin",
            tiebreaks="SB,DE,WIN",
            description="individual round robin: Sonneborn-Berger (9.1), Direct "
            "Encounter (6), number of wins (7.1)",
            citation=_WHY,
        ),
        Preset(
            name="fide-team-swiss",
            tiebreaks="MPvGP,EMGSB/C1,BH:MP/C1",
            description="team Swiss: the other score (13.1), extended Sonneborn-Berger "
            "Cut 1 (13.2), match-point Buchholz Cut 1 (8.1)",
            citation=_WHY,
        ),
        Preset(
            name="fide-team-round-robin",
            tiebreaks="MPvGP,EDE,EMGSB",
            description="team round robin: the other score (13.1), extended Direct "
            "Encounter (13.3), extended Sonneborn-Berger (13.2)",
            citation=_WHY,
        ),
    ]
