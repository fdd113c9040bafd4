"""Write the bundled conformance corpus (conformance/cases/*.xml) from its sources.

Every expected value below comes from outside this program: FIDE TEC's exercise tables
(conformance/fixtures), the 2026 Arbiters' Manual annex, the rules note's tables, the origin
document's Sloth number, or a hand computation written into the case's <working>. Run it after
changing a source; review the diff like any other change.

    python tools/build_corpus.py
"""

from __future__ import annotations

import csv
import sys
from fractions import Fraction
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "conformance" / "cases"
sys.path.insert(0, str(ROOT / "tests"))
from trfbuild import against_fixed_scores  # noqa: E402  (tests' independent TRF writer)

TEC = "../fixtures/tec-exercise-2024/tournament.trf"
TEAMS = "../fixtures/team-4x4/tournament.trf"


def num(x: object) -> str:
    f = Fraction(str(x))
    if f.denominator == 1:
        return str(f.numerator)
    dec = float(f)
    return repr(dec) if Fraction(repr(dec)) == f else f"{f.numerator}/{f.denominator}"


def case(
    cid: str,
    *,
    source: str,
    kind: str,
    article: str,
    edition: str,
    codes: str,
    expected: dict[int, dict[str, object]],
    tournament_file: str = "",
    tournament_xml: str = "",
    working: str = "",
    options: dict[str, str] | None = None,
    ranks: dict[int, int] | None = None,
    version: str = "",
    diagnostics: list[tuple[str, str]] | None = None,
) -> None:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<case id="{cid}">',
        f'  <source kind="{kind}"{" version=" + quoteattr(version) if version else ""}>'
        f"{escape(source)}</source>",
        f"  <article>{escape(article)}</article>",
    ]
    if tournament_file:
        lines.append(f"  <tournament-file path={quoteattr(tournament_file)}/>")
    else:
        lines.append(tournament_xml.rstrip())
    lines.append(f"  <edition>{edition}</edition>")
    if options:
        lines.append("  <options>")
        lines += [
            f"    <option name={quoteattr(k)} value={quoteattr(v)}/>" for k, v in options.items()
        ]
        lines.append("  </options>")
    lines.append(f"  <tiebreaks>{escape(codes)}</tiebreaks>")
    lines.append("  <expected>")
    for pid in sorted(expected):
        rank = f' rank="{ranks[pid]}"' if ranks and pid in ranks else ""
        lines.append(f'    <participant id="{pid}"{rank}>')
        lines += [
            f"      <value code={quoteattr(c)}>{num(v)}</value>" for c, v in expected[pid].items()
        ]
        lines.append("    </participant>")
    lines.append("  </expected>")
    if diagnostics:
        lines.append("  <diagnostics>")
        lines += [
            f'    <diagnostic severity="{sev}">{escape(text)}</diagnostic>'
            for sev, text in diagnostics
        ]
        lines.append("  </diagnostics>")
    if working:
        lines.append(f"  <working>{escape(working.strip())}</working>")
    lines.append("</case>")
    (CASES / f"{cid}.xml").write_text("\n".join(lines) + "\n")


def xml_tournament(
    name: str,
    players: dict[int, list],
    *,
    kind: str = "swiss",
    ratings: dict[int, int] | None = None,
    scoring: str = "",
    rounds: int | None = None,
    teams: dict[int, list[int]] | None = None,
) -> str:
    """<tournament> with rounds as (opponent, colour, result) or None; teams as member lists,
    board order first."""
    boards = max((len(m) for m in (teams or {}).values()), default=0)
    out = [
        f'  <tournament name={quoteattr(name)} type="{kind}"'
        f"{f' rounds={chr(34)}{rounds}{chr(34)}' if rounds else ''}"
        f"{f' boards={chr(34)}{boards}{chr(34)}' if boards else ''}>"
    ]
    if scoring:
        out.append(f"    <scoring {scoring}/>")
    for pid in sorted(players):
        rating = f' rating="{ratings[pid]}"' if ratings and pid in ratings else ""
        out.append(f'    <player id="{pid}" name="Player {pid}"{rating}>')
        for n, r in enumerate(players[pid], start=1):
            if r is None:
                continue
            opp, colour, res = r
            attrs = f' opponent="{opp}"' if opp else ""
            out.append(f'      <round n="{n}"{attrs} colour="{colour}" result="{res}"/>')
        out.append("    </player>")
    for tid, members in (teams or {}).items():
        out.append(f'    <team id="{tid}" name="Team {tid}">')
        out += [f'      <member id="{m}"/>' for m in members]
        out.append("    </team>")
    out.append("  </tournament>")
    return "\n".join(out)


def tec() -> None:
    with open(ROOT / "conformance/fixtures/tec-exercise-2024/expected-2024.csv") as f:
        rows = {int(r["start_rank"]): r for r in csv.DictReader(f)}
    codes = [
        "BH",
        "BH/C1",
        "BH/C2",
        "BH/M1",
        "BH/M2",
        "SB",
        "SB/C1",
        "FB",
        "PS",
        "PS/C1",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "REP",
    ]
    for edition in ("fide-2023", "fide-2024"):
        for code in codes:
            slug = code.lower().replace("/", "-")
            case(
                f"tec-{edition[5:]}-{slug}",
                tournament_file=TEC,
                edition=edition,
                codes=code,
                source="FIDE TEC tie-break exercise (C.07-2023 exercises, still valid for "
                "2024): published answers where given, else FIDE TEC's reference program in "
                "its 2024 mode",
                kind="official",
                version="TieBreakServer 1.9.57",
                article="C.07 Art. 7-9, 14, 16",
                expected={p: {code: r[code]} for p, r in rows.items()},
            )
    with open(ROOT / "conformance/fixtures/tec-exercise-2024/expected-2026.csv") as f:
        rows26 = {int(r["start_rank"]): r for r in csv.DictReader(f)}
    for code in ("BH", "BH/C1", "SB", "SB/C1"):
        case(
            f"tec-2026-{code.lower().replace('/', '-')}",
            tournament_file=TEC,
            edition="fide-2026",
            codes=code,
            kind="reference-program",
            version="gacrux 2026 mode",
            source="TEC exercise under the 2026 rules (capped dummy), FIDE TEC's reference program",
            article="C.07 (2026) 16.4.1, 16.4.2",
            expected={p: {code: r[code]} for p, r in rows26.items()},
        )
    legacy = {
        1: (12.5, 11.0, 8.0),
        2: (13.0, 12.0, 9.5),
        3: (14.5, 12.5, 9.75),
        4: (13.5, 12.0, 8.5),
        5: (8.0, 7.0, 3.75),
        6: (11.0, 10.0, 4.5),
        7: (14.0, 12.0, 3.25),
        8: (14.0, 12.5, 6.25),
        9: (8.5, 8.0, 1.25),
        10: (12.5, 11.0, 1.5),
        11: (12.0, 11.0, 4.25),
        12: (13.5, 12.0, 3.5),
        13: (15.0, 12.5, 4.25),
        14: (12.0, 10.5, 4.0),
        15: (12.0, 11.0, 3.5),
        16: (12.0, 10.5, 6.75),
    }
    case(
        "tec-2012-virtual-opponent",
        tournament_file=TEC,
        edition="fide-2012",
        codes="BH,BH/C1,SB",
        kind="secondary",
        source="Rules note 9.3: the TEC crosstable under the pre-2023 virtual-opponent formula "
        "(not official; a PAB counts as unplayed, BH-C1 a plain cut)",
        article="FIDE 2012 virtual opponent (2009 SPP minutes)",
        expected={p: {"BH": v[0], "BH/C1": v[1], "SB": v[2]} for p, v in legacy.items()},
    )
    case(
        "tec-pre2012-draw-against-oneself",
        tournament_file=TEC,
        edition="pre-2012",
        codes="BH,SB",
        kind="hand",
        source="Hand computation",
        article="FIDE rule before 1 July 2012",
        expected={9: {"BH": 9, "SB": 2.25}},
        working="""
Jessica #9: with unplayed games as draws her score is 0 + 0 + 0.5 + 0.5 + 0.5 = 1.5; each of
her three unplayed rounds is a draw against herself (1.5, with a draw's points). Opponents #1
(3.5) and #10 (1.0) have no unplayed games. BH = 3.5 + 1 + 3 x 1.5 = 9; SB = 3 x 1.5 x 0.5
= 2.25.""",
    )


def manual_examples() -> None:
    laxman = against_fixed_scores(
        [
            ("1", 5.0),
            ("1", 5.0),
            ("0", 6.5),
            ("Z", None),
            ("1", 4.5),
            ("=", 6.0),
            ("1", 5.0),
            ("=", 6.5),
            ("1", 5.5),
            ("1", 6.0),
        ],
        rounds=10,
    )
    (CASES / "am2026-laxman.trf").write_text(laxman)
    src = (
        "FIDE Arbiters' Manual 2026, annex to C.07 (2026), unplayed-rounds examples "
        "(Laxman, 1st SOA GM 2024), OLD and NEW columns; opponents reproduced with fresh "
        "fillers so that their final scores are the printed ones"
    )
    for edition, values in (
        ("fide-2024", {"BH": 57, "BH/C1": 50, "SB": 37.25}),
        ("fide-2026", {"BH": 55, "BH/C1": 50, "SB": 37.25}),
    ):
        case(
            f"am2026-laxman-{edition[5:]}",
            tournament_file="am2026-laxman.trf",
            edition=edition,
            codes="BH,BH/C1,SB",
            kind="official",
            source=src,
            article="C.07 16.4 and 16.5",
            expected={1: values},
        )
    others = [7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.5, 7.5, 7.5]
    ex04 = against_fixed_scores(
        [("+", 4.5)] + [("=" if i == 0 else "1", s) for i, s in enumerate(others)], rounds=10
    )
    (CASES / "am2026-example04.trf").write_text(ex04)
    for edition, bh in (("fide-2024", 74), ("fide-2026", 69)):
        case(
            f"am2026-example04-{edition[5:]}",
            tournament_file="am2026-example04.trf",
            edition=edition,
            codes="BH",
            kind="official",
            article="C.07 16.4.1",
            source="FIDE Arbiters' Manual 2026 annex, example 04 (the other nine opponents "
            "sum to 64.5 as printed)",
            expected={1: {"BH": bh}},
        )


def teams() -> None:
    table = {
        1: (9.0, 7, 15.0, 10, 18.0, 23.0, 41.5, 14.0, 6, 21.5, 16.0),
        2: (4.5, 10, 19.5, 2, 11.5, 7.0, 24.75, 9.0, 9, 12.5, 14.5),
        3: (7.0, 8, 17.0, 10, 18.0, 21.5, 38.5, 16.0, 7, 15.5, 15.0),
        4: (3.5, 11, 20.5, 4, 11.0, 7.0, 20.75, 8.0, 9, 10.5, 14.5),
    }
    codes = [
        "MPvGP",
        "BH:MP",
        "BH:GP",
        "EMMSB",
        "EMGSB",
        "EGMSB",
        "EGGSB",
        "EMGSB/C1",
        "BH:MP/C1",
        "BC",
        "SSSC",
    ]
    for edition in ("fide-2024", "fide-2026"):
        case(
            f"team-4x4-{edition[5:]}",
            tournament_file=TEAMS,
            edition=edition,
            codes=",".join(codes),
            kind="hand",
            article="C.07 Art. 12-13",
            source="Rules note 9.2: a 4-team, 4-board, 3-round Swiss worked by hand",
            expected={t: dict(zip(codes, v, strict=True)) for t, v in table.items()},
            ranks={1: 1, 3: 2, 2: 3, 4: 4},
        )
    case(
        "team-4x4-olympiad-sb",
        tournament_file=TEAMS,
        edition="fide-2024",
        codes="OSB",
        kind="hand",
        article="Olympiad regulations (2008-2024)",
        source="Rules note 9.2 (EMGSB/C1 column: the Olympiad SB without the lowest-MP opponent)",
        expected={1: {"OSB": 14}, 2: {"OSB": 9}, 3: {"OSB": 16}, 4: {"OSB": 8}},
    )


# Four 2-board teams, round robin; A (1) and B (2) finish level on MP and GP and drew their
# match, so only the board tie-breaks separate them.
TIED_TEAMS = {
    1: [(3, "w", "1"), (5, "w", "1"), (7, "b", "0")],
    2: [(4, "b", "0"), (6, "b", "="), (8, "w", "1")],
    3: [(1, "b", "0"), (7, "w", "="), (5, "w", "1")],
    4: [(2, "w", "1"), (8, "b", "1"), (6, "b", "0")],
    5: [(7, "w", "1"), (1, "b", "0"), (3, "b", "0")],
    6: [(8, "b", "1"), (2, "w", "="), (4, "w", "1")],
    7: [(5, "b", "0"), (3, "b", "="), (1, "w", "1")],
    8: [(6, "w", "0"), (4, "w", "0"), (2, "b", "0")],
}
TIED_WORKING = """
Teams 1 (players 1, 2), 2 (3, 4), 3 (5, 6), 4 (7, 8); boards in that order; MP 2/1/0.
R1: 1-2 1-1 (boards for 1: 1, 0); 3-4 2-0. R2: 1-3 1.5-0.5 (1: 1, 1/2); 2-4 1.5-0.5
(2: 1/2, 1). R3: 1-4 1-1 (1: 0, 1); 2-3 1-1 (2: 1, 0).
MP 4, 4, 3, 1; GP 3.5, 3.5, 3.5, 1.5. Teams 1 and 2 are tied on both.
By board: 1: 2, 1.5; 2: 1.5, 2; 3: 1, 2.5; 4: 1.5, 0.
BC (12.1) = board 1 + 2 x board 2: 5, 5.5, 6, 1.5 (lower is better).
TBR (12.2) in the tied group {1, 2}: board 1, 2 > 1.5: places 1, 2. BBE (12.3): all boards but
the last = board 1: the same places.
EDE (13.3): the direct encounter was drawn 1-1: MP 1 each, GP 1 each: still tied, shared 1.
EDET, EDEB and EDEBT apply TBR, BBE, or BC then TBR to that match: team 1 won board 1
(BC 1 x 1 = 1 against 2 x 1 = 2): places 1, 2.
OSB26 (Olympiad 2026 TB1): drop the lowest-MP opponent. 1: B 4 x 1 + C 3 x 1.5 = 8.5
(D dropped); 2: A 4 x 1 + C 3 x 1 = 7; 3: A 4 x 0.5 + B 4 x 1 = 6; 4: B 4 x 0.5 + A 4 x 1 = 6
(C, 3 MP, dropped)."""


def tied_teams() -> None:
    tour = xml_tournament(
        "Two teams level on MP and GP",
        TIED_TEAMS,
        kind="round-robin",
        teams={1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8]},
    )
    for cid, codes, edition, values in (
        ("ede", "EDE,TBR", "fide-2024", {"EDE": (1, 1), "TBR": (1, 2)}),
        ("bbe", "BBE", "fide-2024", {"BBE": (1, 2)}),
        ("edet", "EDET", "fide-2026", {"EDET": (1, 2)}),
        ("edeb", "EDEB", "fide-2026", {"EDEB": (1, 2)}),
        ("edebt", "EDEBT", "fide-2026", {"EDEBT": (1, 2)}),
    ):
        case(
            f"team-tied-{cid}",
            tournament_xml=tour,
            edition=edition,
            codes=codes,
            kind="hand",
            source="Hand computation",
            article="C.07 12.2, 12.3, 13.3",
            working=TIED_WORKING,
            expected={t: {c: v[t - 1] for c, v in values.items()} for t in (1, 2)},
            ranks={1: 1, 2: 2},
        )
    case(
        "team-tied-bc-osb26",
        tournament_xml=tour,
        edition="fide-2026",
        codes="BC,OSB26",
        kind="hand",
        source="Hand computation",
        article="C.07 12.1; Olympiad 2026 regulations TB1",
        working=TIED_WORKING,
        expected={
            1: {"BC": 5, "OSB26": 8.5},
            2: {"BC": 5.5, "OSB26": 7},
            3: {"BC": 6, "OSB26": 6},
            4: {"BC": 1.5, "OSB26": 6},
        },
    )


def historical() -> None:
    games = [
        ("=", 11),
        ("=", 10.5),
        ("1", 8.5),
        ("=", 8),
        ("=", 7),
        ("1", 7),
        ("1", 7),
        ("=", 7),
        ("1", 7),
        ("=", 5.5),
        ("1", 5.5),
        ("1", 4.5),
        ("1", 4.5),
        ("1", 1),
    ]
    (CASES / "sloth-1975.trf").write_text(against_fixed_scores(games, rounds=14))
    case(
        "sloth-1975-historical-sb",
        tournament_file="sloth-1975.trf",
        edition="fide-2024",
        codes="SB,NNSB,GELBFUHS",
        kind="hand",
        article="Neustadtl 1882, Sonneborn-Berger 1886-88, Gelbfuhs 1873",
        source="Origin document: Sloth's Neustadtl score 69.5 in "
        "the 1975-80 World Correspondence Championship final (11/14); opponents reproduced "
        "with their printed final scores",
        expected={1: {"SB": 69.5, "NNSB": 190.5, "GELBFUHS": Fraction(447, 28)}},
        working="NNSB = 11^2 + 69.5 = 190.5; GELBFUHS = 11 + 69.5/14 = 447/28.",
    )


UNPLAYED = {
    1: [(2, "w", "+"), (4, "w", "=")],
    2: [(1, "b", "-"), (None, "-", "F")],
    3: [(None, "-", "U"), (None, "-", "Z")],
    4: [(None, "-", "H"), (1, "b", "=")],
}
PLAYED = {
    1: [(2, "w", "1"), (3, "b", "W")],
    2: [(1, "b", "0"), (4, "w", "D")],
    3: [(4, "w", "="), (1, "w", "L")],
    4: [(3, "b", "="), (2, "b", "D")],
}


def minimal() -> None:
    working = """
Two rounds. R1: 1 beats 2 by forfeit; 3 gets the PAB; 4 a half-point bye. R2: 1 draws 4;
2 a full-point bye; 3 a zero-point bye. Points 1.5, 1, 1, 1.
Categories (16.2): 1: R1 16.2.2. 2: R1 16.2.4 (VUR), R2 16.2.1. 3: R1 16.2.1, R2 16.2.5 (VUR,
last round). 4: R1 16.2.3 (VUR, followed by a game).
Adjusted scores (16.3): 1.5, 1, 1.5 (the trailing ZPB counts a draw), 1.
BH 2024 (dummy = own score): 1: 1.5 + 1 = 2.5; 2: 1 + 1 = 2; 3: 1 + 1 = 2; 4: 1 + 1.5 = 2.5.
BH/C1 (16.5.1): 1 cuts the lowest, 1: 1.5; 2, 3 and 4 cut their VUR: 1, 1, 1.5.
SB: 1: 1.5x1 + 1x0.5 = 2; 2: 1x0 + 1x1 = 1; 3: 1x1 + 1x0 = 1; 4: 1x0.5 + 1.5x0.5 = 1.25.
WIN: 1, 1 (FPB), 1 (PAB), 0. REP: 2, 1, 1, 1.
AOB (8.2) averages the BH of opponents met over the board: 1 and 4 played only each other
(1's forfeit win is not a game): 2.5 each (2.25 if the forfeit counted).
2026: 1's forfeit win is capped at 2's adjusted 1 (16.4.1): BH 2; the others are unchanged
(caps at 2's 1.5, and at 0.5 x 2 = 1 for byes)."""
    tour = xml_tournament("Every unplayed-round category", UNPLAYED)
    case(
        "minimal-unplayed-2024",
        tournament_xml=tour,
        edition="fide-2024",
        codes="BH,BH/C1,SB,WIN,REP,AOB",
        kind="hand",
        source="Hand computation",
        article="C.07 (2024) 16.2-16.5, 7.1, 7.6",
        working=working,
        expected={
            1: {"BH": 2.5, "BH/C1": 1.5, "SB": 2, "WIN": 1, "REP": 2, "AOB": 2.5},
            2: {"BH": 2, "BH/C1": 1, "SB": 1, "WIN": 1, "REP": 1},
            3: {"BH": 2, "BH/C1": 1, "SB": 1, "WIN": 1, "REP": 1},
            4: {"BH": 2.5, "BH/C1": 1.5, "SB": 1.25, "WIN": 0, "REP": 1, "AOB": 2.5},
        },
    )
    case(
        "minimal-unplayed-2026",
        tournament_xml=tour,
        edition="fide-2026",
        codes="BH",
        kind="hand",
        source="Hand computation",
        article="C.07 (2026) 16.4.1, 16.4.2",
        working=working,
        expected={1: {"BH": 2}, 2: {"BH": 2}, 3: {"BH": 2}, 4: {"BH": 2.5}},
    )
    case(
        "minimal-played-codes",
        tournament_xml=xml_tournament("Played result codes", PLAYED),
        edition="fide-2024",
        codes="WIN,WON,BPG,BWG,BH,SB",
        kind="hand",
        source="Hand computation",
        article="C.07 7.1-7.4, 8.1, 9.1",
        working="""
R1: 1 beats 2 (1-0), 3 draws 4. R2: 1 beats 3 in less than one move (W/L, played), 2 and 4
draw in less than one move (D). Points 2, 0.5, 0.5, 1.
WIN and WON: 1 has 2. BPG: 1, 1, 0, 2 (3 had White twice, 4 Black twice). BWG: 1 won with
Black in R2: 1.
BH: 1: 0.5 + 0.5 = 1; 2: 2 + 1 = 3; 3: 1 + 2 = 3; 4: 0.5 + 0.5 = 1.
SB: 1: 0.5 + 0.5 = 1; 4: 0.5 x 0.5 + 0.5 x 0.5 = 0.5.""",
        expected={
            1: {"WIN": 2, "WON": 2, "BPG": 1, "BWG": 1, "BH": 1, "SB": 1},
            2: {"WIN": 0, "BPG": 1, "BH": 3},
            3: {"BPG": 0, "BH": 3},
            4: {"BPG": 2, "BH": 1, "SB": 0.5},
        },
    )
    rated = {1: [(2, "w", "1"), (3, "b", "=")], 2: [(1, "b", "0"), None], 3: [None, (1, "w", "=")]}
    case(
        "minimal-ratings",
        edition="fide-2024",
        codes="ARO,ARO/C1,TPR,PTP,APRO,APPO",
        tournament_xml=xml_tournament("Ratings", rated, ratings={1: 2000, 2: 1800, 3: 1901}),
        kind="hand",
        source="Hand computation with FIDE B.02 table 8.1",
        article="C.07 10.1-10.5",
        working="""
Player 1 (2000) beat 1800 and drew 1901. ARO = 1850.5 -> 1851; ARO/C1 drops 1800: 1901.
TPR = 1851 + dp(0.75) = 1851 + 193 = 2044. PTP: 2045 expects 0.80 + 0.69 = 1.49 < 1.5, 2046
expects 0.81 + 0.69 = 1.50: 2046. Player 2 (0 of 1 against 2000): TPR = PTP = 1200.
Player 3 (draw against 2000): TPR 2000, PTP 1997. APRO(1) = (1200 + 2000)/2 = 1600;
APPO(1) = (1200 + 1997)/2 = 1598.5 -> 1599.""",
        expected={
            1: {"ARO": 1851, "ARO/C1": 1901, "TPR": 2044, "PTP": 2046, "APRO": 1600, "APPO": 1599},
            2: {"TPR": 1200, "PTP": 1200},
            3: {"TPR": 2000, "PTP": 1997},
        },
    )
    all_met = {
        1: [(2, "w", "1"), (3, "w", "1"), (4, "b", "=")],
        2: [(1, "b", "0"), (4, "w", "="), (3, "w", "1")],
        3: [(4, "w", "1"), (1, "b", "0"), (2, "b", "0")],
        4: [(3, "b", "0"), (2, "b", "="), (1, "w", "=")],
    }
    case(
        "minimal-round-robin",
        edition="fide-2024",
        codes="DE,KS,KS/L+1,SB",
        tournament_xml=xml_tournament("Four-player round robin", all_met, kind="round-robin"),
        kind="hand",
        source="Hand computation",
        article="C.07 6.2, 9.1, 9.2, 14.5",
        working="""
Points 2.5, 1.5, 1, 1. DE: only 3 and 4 are tied; 3 beat 4: places 1 and 2 (the others are
alone: 1). KS threshold half of 3 = 1.5: 1 and 2 are strong; KS 1, 0, 0, 1. With /L+1 the
threshold is 2: only 1; KS(4) = 0.5. SB: 1: 1.5 + 1 + 0.5 = 3; 4: 0.5 x 2.5 + 0.5 x 1.5 = 2.""",
        expected={
            1: {"DE": 1, "KS": 1, "KS/L+1": 0, "SB": 3},
            2: {"DE": 1, "KS": 0},
            3: {"DE": 1, "KS": 0},
            4: {"DE": 2, "KS": 1, "KS/L+1": 0.5, "SB": 2},
        },
        ranks={1: 1, 2: 2, 3: 3, 4: 4},
    )
    std = {
        1: [(2, "w", "1"), (3, "b", "="), (None, "-", "U")],
        2: [(1, "b", "0"), (None, "-", "H"), (3, "w", "-")],
        3: [None, (1, "w", "="), (2, "b", "-")],
    }
    case(
        "minimal-2026-codes",
        edition="fide-2026",
        codes="STD,TPN,RTNG",
        tournament_xml=xml_tournament(
            "3/1/0 scoring",
            std,
            ratings={1: 1500, 2: 1700, 3: 1600},
            scoring='win="3" draw="1" loss="0" absence="0" pab="3"',
        ),
        kind="hand",
        source="Hand computation",
        article="C.07 (2026) 7.7, 7.8, 10.6",
        working="""
3/1/0 scoring. 1: beats 2 (1), draws 3 (1/2), PAB worth 3 > a draw (1): STD 2.5. 2: loses (0),
half-point bye worth a draw (1/2), double forfeit with 3 (no game: 0 < a draw): 0.5.
3: draws 1 (1/2), double forfeit (0): 0.5. TPN and RTNG give the pairing number and rating.""",
        expected={
            1: {"STD": 2.5, "TPN": 1, "RTNG": 1500},
            2: {"STD": 0.5, "TPN": 2, "RTNG": 1700},
            3: {"STD": 0.5, "TPN": 3, "RTNG": 1600},
        },
    )

    mismatch = {1: [(2, "w", "1")], 2: [(1, "b", "=")]}
    case(
        "minimal-results-do-not-mirror",
        edition="fide-2024",
        codes="WIN",
        tournament_xml=xml_tournament("Asymmetric result", mismatch),
        kind="hand",
        source="Hand computation",
        article="C.07 7.1; the reader's consistency checks",
        working="""
Player 1's line says it beat 2; player 2's line says it drew 1. The reader must report the
mismatch as a warning and read each line as written (nothing guessed away): WIN 1 and 0.""",
        expected={1: {"WIN": 1}, 2: {"WIN": 0}},
        diagnostics=[("warning", "results do not mirror")],
    )


if __name__ == "__main__":
    CASES.mkdir(parents=True, exist_ok=True)
    tec()
    manual_examples()
    teams()
    tied_teams()
    historical()
    minimal()
    print(f"{len(list(CASES.glob('*.xml')))} cases in {CASES}")
