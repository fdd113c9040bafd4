"""Any tournament written as TRF16 or TRF-2026, from the model (not from source lines).

``write_tournament_trf`` writes what the model holds: the players' ``001`` lines with their
round blocks, the header records, the scoring system (TRF-2026 ``162``; in TRF16 JaVaFo's
``XXS``), the planned rounds (``142``; JaVaFo ``XXR``), the tie-break lists (``202``,
``212``), points outside the scoring system (``299``) and, for a team event, the team records
(``310`` or TRF16 ``013``, ``352``, ``362``, ``320``, ``330``, ``240``, ``300``). The
standings' ranks and points fill columns 81-89 of ``001`` and 55-71 of ``310``. Records the
model does not hold (``102``, ``132``, ``222``, engine extensions, comments...) are copied
from the source as read. What the chosen form cannot hold is refused with
:class:`TrfFormError`, never dropped (unless the caller names the record in *drop*).

The reader reads what this writes to the same tournament and the same standings
(tests/test_trf_model_writer.py). For an unchanged file read from TRF, ``writer.encode``
gives the source bytes back instead.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterator
from datetime import date
from fractions import Fraction

from ...model import (
    Colour,
    Participant,
    ResultKind,
    Scoring,
    Tournament,
    TournamentType,
    infer_type,
)
from .extras import model_records
from .forms import (
    FORM_NAMES,
    HEADER_ORDER,
    MAX_ID,
    REGENERATED,
    TRF26_ONLY,
    Form,
    Output,
    Standings,
    TrfFormError,
    fit,
    points_field,
)
from .players import code_letter

__all__ = ["TrfFormError", "write_tournament_trf"]

_WITH_OPPONENT = {
    ResultKind.WIN: "1",
    ResultKind.DRAW: "=",
    ResultKind.LOSS: "0",
    ResultKind.UNRATED_WIN: "W",
    ResultKind.UNRATED_DRAW: "D",
    ResultKind.UNRATED_LOSS: "L",
    ResultKind.FORFEIT_WIN: "+",
    ResultKind.FORFEIT_LOSS: "-",
    ResultKind.DOUBLE_FORFEIT: "-",
}
_BYE = {
    ResultKind.PAB: "U",
    ResultKind.FULL_BYE: "F",
    ResultKind.HALF_BYE: "H",
    ResultKind.ZERO_BYE: "Z",
    ResultKind.NOT_PAIRED: " ",
}
_NRS = re.compile(r"^[A-Z]{3} [ \d]{3}\d")  # TRF-2026 national rating line


def write_tournament_trf(
    tournament: Tournament,
    *,
    form: Form = "trf26",
    standings: Standings | None = None,
    drop: Collection[str] = (),
) -> str:
    """*tournament* as TRF16 or TRF-2026 text (line ends as the source's, else LF).

    With *standings*, the event they ranked (``standings.tournament``, cut to the round they
    were computed after) with their ranks and points, and ``212 PTS,<codes>``. Without, the
    ranks and points the source declared (computed points where it declared none).

    Raises :class:`TrfFormError` naming everything the form cannot hold: a start rank over
    9,999, a name longer than 33 columns, points no decimal writes, and in TRF16 every
    TRF-2026 record the event needs (``299``, ``192``, ``202``, team byes and forfeits...).
    Record codes in *drop* are left out instead of refused (``drop={"202", "192"}``): the
    caller's choice, never ours."""
    if form not in FORM_NAMES:
        raise ValueError(f"form {form!r} must be 'trf16' or 'trf26'")
    t = standings.tournament if standings is not None else tournament
    if not t.participants:  # what we write we read back: a TRF holds at least one 001 line
        raise TrfFormError(form, ["the event has no participant yet (TRF needs a player record)"])
    ind = t
    if t.team is not None:
        ind = t.team.players
        if ind.rounds > t.rounds:  # standings after round N: the players' rounds too
            ind = ind.after_round(t.rounds)
    out = Output(t=t, ind=ind, form=form, drop=frozenset(c.upper() for c in drop))
    if standings is not None:
        out.ranks = {row.participant.id: row.rank for row in standings.rows}
        out.codes = tuple(standings.codes)
    carried = list(_carried(out))
    head = [*_header(out, carried), *_player_lines(out)]
    tail = [text for code, text in carried if code not in HEADER_ORDER]
    eol = _eol(t)

    def joined(lines: list[str]) -> str:
        return eol.join(line.rstrip() for line in lines) + eol

    head += _acceleration(out)
    if t.team is None:
        text = joined([*head, *_abnormal_points(out), *tail])
        if out.problems:
            raise TrfFormError(form, out.problems)
        return text
    from .team_writer import lineups_to_state, team_records, verify_trf16

    text = joined([*head, *team_records(out), *tail])
    if out.problems:
        raise TrfFormError(form, out.problems)
    if form == "trf16":
        verify_trf16(out, text)
        return text
    needed = lineups_to_state(out, text)  # the board orders the reader's default misses
    if needed:
        text = joined([*head, *team_records(out, needed), *tail])
    return text


def _eol(t: Tournament) -> str:
    if t.source is None:
        return "\n"
    ends = Counter(sl.eol for sl in t.source.lines[:200] if sl.eol)
    return ends.most_common(1)[0][0] if ends else "\n"


# -- records copied from the source (or, for a built event, from Tournament.info) ---------


def _carried(out: Output) -> Iterator[tuple[str, str]]:
    """(code, text) of each record the model does not hold, as the source has it; in TRF16
    a TRF-2026 record is refused, or written as the record or engine extension that holds
    it (142 as XXR, 152 as XXC white1/black1, 222 as the free text of 122)."""
    lines = _gathered(out)
    has_122 = any(text[:3] == "122" for text in lines)
    for text in lines:
        code = _code_of(text)
        if not _carried_over(code, text, out.t.rounds):
            continue
        if out.form == "trf16":
            converted = _trf16_form(code, text, has_122)
            if converted is not None:
                yield converted  # written in TRF16's own way, whatever is dropped
                continue
            if code in TRF26_ONLY or code == "NRS":
                what = "national rating lines" if code == "NRS" else f"record '{text[:20].strip()}'"
                out.refuse(code, f"{what} (TRF-2026 only)")
                continue
        if code not in out.drop:
            yield code, text


def _gathered(out: Output) -> list[str]:
    """The lines to carry: the source's non-blank lines, or for a built event its info
    records, the model's own records and the national rating lines."""
    t = out.t
    if t.source is not None:  # the source's own lines carry the model records too
        return [sl.text for sl in t.source.lines if sl.text.strip()]
    lines = [
        f"{code} {value}"
        for code, values in sorted(t.info.items())
        for value in values.split("\n")
        if value.strip()
    ]
    return lines + model_records(t, out.ind) + _national_lines(out)


def _code_of(text: str) -> str:
    """A line's record code: its first three characters, ``###`` for a comment and NRS for
    a national rating line."""
    code = "###" if text.startswith("###") else text[:3].upper()
    return "NRS" if _NRS.match(text) and code != "001" else code


def _carried_over(code: str, text: str, rounds: int) -> bool:
    """Whether a line is carried, rather than written again from the model."""
    if code in REGENERATED or code in ("092", "192"):
        return False  # 092 and 192 are written with the type (_type_records)
    # a bye of a played round is in the round block (or in team 240s)
    return code != "240" or _future_bye(text, rounds)


def _trf16_form(code: str, text: str, has_122: bool) -> tuple[str, str] | None:
    """A TRF-2026 line as the TRF16 record or engine extension that holds it; None when
    TRF16 has no other form for it."""
    if code == "152":
        colour = text[4:].strip().upper()[:1]
        if colour in ("W", "B"):
            return "XXC", "XXC " + ("white1" if colour == "W" else "black1")
    if code == "222" and not has_122:
        return "122", "122 " + text[4:].strip()  # TRF16's time control is free text
    return None


def _national_lines(out: Output) -> list[str]:
    """TRF-2026 national rating lines for the players the model gives a national rating
    (the federation in columns 1-3, the start rank in 5-8 and the rating in 49-52, as the
    reader reads them); TRF16 has no such line."""
    rated = [p for p in out.ind.participants if p.national_rating is not None]
    if not rated or not out.only_trf26("NRS", "national ratings"):
        return []
    lines = []
    for p in rated:
        if not re.fullmatch(r"[A-Z]{3}", p.federation):
            out.refuse("NRS", f"the national rating of {p.id}: no federation names its list")
            continue
        lines.append(f"{p.federation} {p.id:4d}      {p.name[:33]:<33} {p.national_rating:4d}")
    return lines


def _future_bye(text: str, rounds: int) -> bool:
    rnd = text[6:9].strip()
    return rnd.isdigit() and int(rnd) > rounds


# -- the header ---------------------------------------------------------------------------


def _header(out: Output, carried: list[tuple[str, str]]) -> list[str]:
    t, ind = out.t, out.ind
    problems = out.problems
    made: dict[str, list[str]] = {code: [] for code in HEADER_ORDER}
    for code, text in carried:
        if code in made:
            made[code].append(text)
    made["012"] = ["012 " + fit(t.name, 200, "the name (012)", problems)]
    for code, day in (("042", t.start_date), ("052", t.end_date)):
        if day is not None:
            made[code] = [f"{code} {_date(day)}"]
    made["062"] = [f"062 {len(ind.participants)}"]
    made["072"] = [f"072 {sum(1 for p in ind.participants if p.rating)}"]
    if t.team is not None:
        made["082"] = [f"082 {len(t.team.teams)}"]
    if t.planned_rounds is not None:
        code = "142" if out.form == "trf26" else "XXR"
        made[code] = [f"{code} {t.planned_rounds}"]
    made.update(_type_records(out))
    made.update(_scoring_records(out, ind.scoring))
    made.update(_tiebreak_records(out))
    return [text for code in HEADER_ORDER for text in made[code]]


def _date(day: date) -> str:
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"  # TRF-2026: YYYY/MM/DD


_RR_WORDS = re.compile(r"round[- ]?robin|berger|rundenturnier|scheveningen|all[- ]play[- ]all")
_SWISS_WORDS = re.compile(r"swiss|schweizer|suisse|suizo|svizzero")


def type_said(code_192: str, text_092: str) -> TournamentType | None:
    """The type a reader takes from 192 and 092 (reader settings._type), None: inferred."""
    code = code_192.upper()
    if "ROUNDROBIN" in code or "SCHEVENINGEN" in code:
        return TournamentType.ROUND_ROBIN
    if code and "TEAM" not in code and not code.startswith("CUSTOM"):
        return TournamentType.SWISS
    text = text_092.lower()
    if _RR_WORDS.search(text):
        return TournamentType.ROUND_ROBIN
    if _SWISS_WORDS.search(text):
        return TournamentType.SWISS
    return None


def _type_records(out: Output) -> dict[str, list[str]]:
    """092 and 192 as the source (or the builder) gives them, with 092 saying the type when
    they would not let the reader find the model's (a --type, or a built round robin)."""
    t = out.t
    info = t.info
    code_192 = info.get("192", "")
    if code_192 and not out.only_trf26("192", f"the pairing system '{code_192[:30]}'"):
        code_192 = ""
    text_092 = info.get("092", "")
    said = type_said(code_192, text_092)
    if said is not t.type and not (said is None and infer_type(t) is t.type):
        if type_said(code_192, "") not in (None, t.type):
            out.problems.append(f"the type {t.type.value} contradicts 192 '{code_192}'")
        words = "Round robin" if t.type is TournamentType.ROUND_ROBIN else "Swiss system"
        text_092 = f"{'Team' if t.team is not None else 'Individual'}: {words}"
    made = {"092": [f"092 {text_092}"] if text_092 else []}
    made["192"] = [f"192 {code_192}"] if code_192 else []
    return made


def _scoring_records(out: Output, s: Scoring) -> dict[str, list[str]]:
    """TRF-2026 162 (W D L A P) or, in TRF16, JaVaFo XXS; nothing for the default."""
    if s == Scoring():
        return {}
    if out.form == "trf16":
        xxs = {
            "win_white": "WW",
            "win_black": "BW",
            "draw_white": "WD",
            "draw_black": "BD",
            "loss_white": "WL",
            "loss_black": "BL",
            "zero_bye": "ZPB",
            "half_bye": "HPB",
            "full_bye": "FPB",
            "pab": "PAB",
            "forfeit_win": "FW",
            "forfeit_loss": "FL",
        }
        parts = []
        for name, key in xxs.items():
            text = _points(out, getattr(s, name), f"the scoring system's {key}")
            parts.append(f"{key}={text}")
        return {"XXS": ["XXS " + " ".join(parts), *_bbp_records(out, s)]}
    groups = {
        "W": ("win_white", "win_black", "forfeit_win", "full_bye"),
        "D": ("draw_white", "draw_black", "half_bye"),
        "L": ("loss_white", "loss_black"),
        "A": ("forfeit_loss", "zero_bye"),
        "P": ("pab",),
    }
    parts = []
    for symbol, names in groups.items():
        values = {getattr(s, name) for name in names}
        if len(values) > 1:
            shown = ", ".join(f"{n} {getattr(s, n)}" for n in names)
            out.problems.append(
                f"a scoring system whose '{symbol}' values differ ({shown}): "
                "TRF-2026 162 gives one value per symbol (TRF16 XXS holds it)"
            )
            continue
        parts.append(symbol + _points(out, values.pop(), f"162 '{symbol}'").rjust(4))
    return {"162": ["162 " + "".join(f" {p:<8}" for p in parts).rstrip()]}


def _bbp_records(out: Output, s: Scoring) -> list[str]:
    """bbpPairings' own lines (it does not read XXS), where its six values say the scoring:
    BBW win, BBD draw, BBL loss, BBZ zero-point bye, BBF forfeit loss, BBU the PAB."""
    if (
        len({s.win_white, s.win_black, s.forfeit_win, s.full_bye}) > 1
        or len({s.draw_white, s.draw_black, s.half_bye}) > 1
        or s.loss_white != s.loss_black
    ):
        return []  # only XXS holds it; the reader takes XXS over BB? anyway
    values = {
        "BBW": s.win,
        "BBD": s.draw,
        "BBL": s.loss,
        "BBZ": s.zero_bye,
        "BBF": s.forfeit_loss,
        "BBU": s.pab,
    }
    defaults = {"BBW": 1, "BBD": Fraction(1, 2), "BBL": 0, "BBZ": 0, "BBF": 0, "BBU": s.win}
    return [
        f"{code} {_points(out, v, code):>4}" for code, v in values.items() if v != defaults[code]
    ]


def _points(out: Output, value: Fraction, what: str) -> str:
    return points_field(value, 4, what, out.problems).strip() or "0.0"


def _tiebreak_records(out: Output) -> dict[str, list[str]]:
    t = out.t
    made: dict[str, list[str]] = {"202": [], "212": []}
    if t.declared_tiebreaks and out.only_trf26(
        "202", f"the tie-break list '{','.join(t.declared_tiebreaks)[:40]}'"
    ):
        made["202"] = ["202 " + ",".join(t.declared_tiebreaks)]
    standing = ("PTS", *out.codes) if out.codes is not None else t.declared_standings
    if standing and out.only_trf26("212", f"the standings list '{','.join(standing)[:40]}'"):
        made["212"] = ["212 " + ",".join(standing)]
    return made


# -- players ------------------------------------------------------------------------------


def _player_lines(out: Output) -> list[str]:
    ind = out.ind
    individual = out.t.team is None
    lines = []
    for p in ind.participants:
        if p.id > MAX_ID or p.id < 1:
            out.problems.append(
                f"start rank {p.id}: TRF's columns 5-8 hold start ranks "
                f"1-{MAX_ID} (this event has {len(ind.participants)} "
                "players); JSON standings hold it"
            )
            if len(out.problems) > 20:
                break
            continue
        rank = out.ranks.get(p.id) if individual and out.ranks else p.declared_rank
        points = p.points if out.ranks or p.declared_points is None else p.declared_points
        lines.append(_player_line(out, p, points, rank) + _blocks(out, p))
    return lines


def _player_line(out: Output, p: Participant, points: Fraction, rank: int | None) -> str:
    problems = out.problems
    who = f"player {p.id}:"
    rating = p.rating or 0
    if rating > 9999:
        problems.append(f"{who} rating {rating} does not fit columns 49-52")
    rank_text = "" if rank is None else str(rank)
    if len(rank_text) > 4:
        problems.append(f"{who} rank {rank} does not fit columns 86-89")
    return (
        f"001 {p.id:4d} {fit(p.sex, 1, f'{who} sex', problems):1}"
        f"{fit(p.title, 3, f'{who} title', problems):>3} "
        f"{fit(p.name, 33, f'{who} name', problems):<33} "
        f"{rating or '':>4} {fit(p.federation, 3, f'{who} federation', problems):<3} "
        f"{fit(p.fide_id, 11, f'{who} FIDE id', problems):>11} "
        f"{fit(p.birth_date, 10, f'{who} birth date', problems):<10} "
        f"{points_field(points, 4, f'{who} points', problems)} {rank_text[:4]:>4}"
    )


def _blocks(out: Output, p: Participant) -> str:
    """The round blocks, columns 92 on, 10 columns a round (C.04 Annex 2)."""
    team_event = out.t.team is not None
    parts = []
    for g in p.results[: out.ind.rounds]:
        if g.opponent is not None and g.kind in _WITH_OPPONENT:
            parts.append(f"  {g.opponent:4d} {g.colour.value} {_WITH_OPPONENT[g.kind]}")
        elif team_event and g.kind is ResultKind.NOT_PAIRED:
            parts.append("  0000 - -")  # a player who did not sit at a board (team files)
        elif g.kind in _BYE:
            parts.append(f"  0000 - {_BYE[g.kind]}")
        elif team_event and g.kind is ResultKind.FORFEIT_WIN:
            parts.append(f"  0000 {g.colour.value} +")  # a board won against an empty board
        else:
            out.problems.append(
                f"player {p.id}, round {g.round}: a {g.kind.description} without an opponent"
            )
            parts.append("  0000 -  ")
    return "".join(parts)


def _abnormal_points(out: Output) -> list[str]:
    """TRF-2026 299: a result scored outside the scoring system (a letter and a round) and a
    bonus or penalty on the total (no letter, every round). TRF16 has neither."""
    ind = out.ind
    scoring = ind.scoring
    groups: dict[tuple[str, Fraction, int], list[int]] = {}
    for p in ind.participants:
        for g in p.results[: ind.rounds]:
            colour = g.colour if g.opponent is not None else Colour.NONE
            if g.points != scoring.points(g.kind, colour):
                groups.setdefault((code_letter(g.kind), g.points, g.round), []).append(p.id)
        if p.adjustment_units:
            bonus = Fraction(p.adjustment_units, ind.scale)
            groups.setdefault(("", bonus, 0), []).append(p.id)
    lines = []
    for (letter, points, rnd), ids in groups.items():
        what = (
            f"points {points} for '{letter}' in round {rnd}"
            if letter
            else f"a bonus or penalty of {points}"
        )
        if not out.only_trf26(
            "299", f"{what} outside the scoring system (players {', '.join(map(str, ids[:5]))})"
        ):
            continue
        value = points_field(points, 4, f"299 {what}", out.problems)
        round_text = f"{rnd:3d}" if rnd else "   "
        for at in range(0, len(ids), 20):
            players = " ".join(f"{pid:4d}" for pid in ids[at : at + 20])
            lines.append(f"299 {letter or ' '}  {'':4}  {value}  {round_text} {players}")
    return lines


def _acceleration(out: Output) -> list[str]:
    """Virtual points for the pairing (C.04.7): TRF-2026 250, one record per participant
    and round (columns 10-13 points, 15-21 the rounds, 23-31 the participants); in TRF16
    JaVaFo XXA, a participant's points for round r at column 10 + 5(r - 1)."""
    entries = out.t.acceleration
    lines = []
    if out.form == "trf26":
        for a in entries:
            value = points_field(a.points, 4, f"250: player {a.participant}'s points", out.problems)
            lines.append(
                f"250 {'':4} {value} {a.round:3d} {a.round:3d} "
                f"{a.participant:4d} {a.participant:4d}"
            )
        return lines
    rows: dict[int, dict[int, Fraction]] = {}
    for a in entries:
        rows.setdefault(a.participant, {})[a.round] = a.points
    for pid, by_round in rows.items():
        last = max(by_round)
        cells = [
            points_field(by_round[r], 4, f"XXA: player {pid}'s points", out.problems)
            if r in by_round
            else "    "
            for r in range(1, last + 1)
        ]
        lines.append(f"XXA {pid:4d}" + "".join(f" {c}" for c in cells))
    return lines
