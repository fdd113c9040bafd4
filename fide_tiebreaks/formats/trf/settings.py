"""TRF settings records: rounds (142, XXR), the scoring system (TRF-2026 162, JaVaFo XXS,
bbpPairings BB?), tie-break lists (202, 212), byes (240), abnormal points (299), absences
(XXZ), dates and the tournament type."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from ...model import ResultKind, Scoring, Tournament, TournamentType, infer_type
from ...numbers import NumberError, clip, parse_decimal, parse_int, read_decimal
from ...teams import AbnormalPoints, TeamBye
from .state import (
    MAX_ROUNDS,
    ParserState,
    PlayerAbnormal,
    PlayerBye,
    RoundsDeclared,
    ScoringSetting,
    digits,
    record_value,
)


def rounds_record(st: ParserState, number: int, line: str) -> None:
    try:
        value = parse_int(record_value(line), "number of rounds", 1, MAX_ROUNDS)
    except NumberError as e:
        st.out.warning(number, 5, f"{e}; ignored")
        return
    st.rounds_declared.append(RoundsDeclared(number, value, line[:3]))


def scoring_162(st: ParserState, number: int, line: str) -> None:
    # TRF-2026: symbol, then points; W D L A P X (bbpPairings also writes Z for A).
    names = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "Z": "absence", "P": "pab"}
    settings: dict[str, Fraction] = {}
    rest = line[4:]
    for m in re.finditer(r"(\S)\s*([0-9]+(?:[.,][0-9]+)?)?", rest):
        symbol, value = m.group(1).upper(), m.group(2)
        column = 5 + m.start()
        if value is None:
            st.out.warning(number, column, f"scoring symbol '{symbol}' has no points; ignored")
        elif symbol == "X":
            continue  # unknown result (adjourned): never reaches a final standing
        elif symbol in names:
            try:
                settings[names[symbol]] = read_decimal(value, f"points for '{symbol}'")
            except NumberError as e:
                st.out.warning(number, column, f"{e}; ignored")
        else:
            st.out.warning(number, column, f"unknown scoring symbol '{symbol}'; ignored")
    st.scoring_settings.append(ScoringSetting(3, "162", settings))


def scoring_xxs(st: ParserState, number: int, line: str) -> None:
    # JaVaFo XXS: CODE=VALUE; W and D are shortcuts (W = WW BW FW FPB; D = WD BD HPB).
    names = {
        "WW": "win_white",
        "BW": "win_black",
        "WD": "draw_white",
        "BD": "draw_black",
        "WL": "loss_white",
        "BL": "loss_black",
        "ZPB": "zero_bye",
        "HPB": "half_bye",
        "FPB": "full_bye",
        "PAB": "pab",
        "FW": "forfeit_win",
        "FL": "forfeit_loss",
        "W": "win",
        "D": "draw",
    }
    settings: dict[str, Fraction] = {}
    for m in re.finditer(r"\S+", line[4:]):
        token = m.group()
        key, _, value = token.partition("=")
        if key.upper() not in names:
            st.out.warning(
                number, 5 + m.start(), f"XXS entry '{clip(token)}' not understood; ignored"
            )
            continue
        try:
            settings[names[key.upper()]] = read_decimal(value, f"XXS {key}")
        except NumberError as e:
            st.out.warning(number, 5 + m.start(), f"{e}; ignored")
    st.scoring_settings.append(ScoringSetting(2, "XXS", settings))


def scoring_bb(st: ParserState, number: int, line: str) -> None:
    names = {
        "BBW": "win",
        "BBD": "draw",
        "BBL": "loss",
        "BBZ": "zero_bye",
        "BBF": "forfeit_loss",
        "BBU": "pab",
    }
    value = parse_decimal(line[4:8])
    if value is None:
        st.out.warning(number, 5, f"'{line[:3]}' needs points in columns 5-8; ignored")
        return
    code = line[:3].upper()
    st.scoring_settings.append(ScoringSetting(1, code, {names[code]: value}))


def tiebreak_list(st: ParserState, number: int, line: str) -> None:
    codes = tuple(c.strip() for c in record_value(line).split(",") if c.strip())
    if line.startswith("202"):
        st.tiebreaks = codes
    else:
        st.standings = codes
    st.info.setdefault(line[:3], record_value(line))


def id_list(st: ParserState, number: int, line: str) -> None:
    st.ids(number, line[3:], 3)  # validated only: absences for the round to be paired


def byes_240(st: ParserState, number: int, line: str) -> None:
    kind = {"F": ResultKind.FULL_BYE, "H": ResultKind.HALF_BYE, "Z": ResultKind.ZERO_BYE}
    letter = line[4:5].upper()
    round_text = line[6:9].strip()
    if letter not in kind or not digits(round_text):
        st.out.warning(
            number,
            5,
            "240 needs a bye type (F, H or Z) in column 5 and a round in columns 7-9; ignored",
        )
        return
    ids = st.ids(number, line[10:], 10)
    st.byes.append(PlayerBye(line=number, kind=kind[letter], round=int(round_text), ids=ids))
    st.teams.byes.append(TeamBye(line=number, kind=kind[letter], round=int(round_text), teams=ids))


def abnormal_299(st: ParserState, number: int, line: str) -> None:
    letter = line[4:5].upper()
    points = parse_decimal(line[13:17])
    round_text = line[19:22].strip()
    if points is None or (round_text and not digits(round_text)):
        st.out.warning(
            number,
            14,
            "299 needs points in columns 14-17 and a round in columns 20-22; ignored",
        )
        return
    rnd = int(round_text) if round_text and int(round_text) else None
    ids = st.ids(number, line[23:], 23)
    st.abnormal.append(
        PlayerAbnormal(line=number, letter=letter.strip(), points=points, round=rnd, ids=ids)
    )
    # In team files the ids are team numbers and columns 8-11 give match points.
    st.teams.abnormal.append(
        AbnormalPoints(
            line=number,
            letter=letter.strip(),
            mp=parse_decimal(line[7:11]),
            gp=points,
            round=rnd,
            teams=ids,
        )
    )


def settle_scoring(st: ParserState) -> Scoring:
    fields: dict[str, Fraction] = {}
    # Generic names fan out; precedence: bbpPairings < XXS < TRF-2026 162.
    fan = {
        "win": ("win_white", "win_black", "forfeit_win", "full_bye", "pab"),
        "draw": ("draw_white", "draw_black", "half_bye"),
        "loss": ("loss_white", "loss_black"),
        "absence": ("forfeit_loss", "zero_bye"),
    }
    sources = sorted(st.scoring_settings, key=lambda s: s.precedence)
    explicit_pab = any("pab" in s.values for s in sources)
    for source in sources:
        for key, value in source.values.items():
            for name in fan.get(key, (key,)):
                if name == "pab" and key == "win" and explicit_pab:
                    continue
                fields[name] = value
    if len({s.source for s in sources if s.source in ("162", "XXS")}) > 1:
        st.out.note(0, 0, "both 162 and XXS give a scoring system; 162 takes precedence")
    return Scoring(**fields)


def header_date(st: ParserState, code: str) -> date | None:
    text = st.info.get(code, "")
    if not text:
        return None
    parsed = parse_date(text)
    if parsed is None:
        line = next((i for i, sl in enumerate(st.source.lines, 1) if sl.text[:3] == code), 0)
        st.out.warning(line, 5, f"date '{clip(text)}' not understood (expected YYYY/MM/DD)")
    return parsed


def last_round_date(st: ParserState) -> date | None:
    text = st.info.get("132", "")
    dates = [parse_date(t) for t in text.split()]
    return max((d for d in dates if d), default=None)


def tournament_type(st: ParserState, t: Tournament) -> tuple[TournamentType, str]:
    code = st.info.get("192", "").upper()
    if "ROUNDROBIN" in code or "SCHEVENINGEN" in code:
        return TournamentType.ROUND_ROBIN, "file"
    if code and "TEAM" not in code and not code.startswith("CUSTOM"):
        return TournamentType.SWISS, "file"
    text = st.info.get("092", "").lower()
    if re.search(r"round[- ]?robin|berger|rundenturnier|scheveningen|all[- ]play[- ]all", text):
        return TournamentType.ROUND_ROBIN, "file"
    if re.search(r"swiss|schweizer|suisse|suizo|svizzero", text):
        return TournamentType.SWISS, "file"
    return infer_type(t), "inferred"


_DATE_PATTERNS = (
    (re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$"), "ymd"),
    (re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$"), "dmy"),
    (re.compile(r"^(\d{2})[/.-](\d{2})[/.-](\d{2})$"), "yy"),  # TRF 132 form YY/MM/DD
)


def parse_date(text: str) -> date | None:
    """Dates as real TRF files write them: ``2024/11/23``, ``24/09/2010``, ``24.09.2010``,
    ``2024-11-23`` and the TRF16 round-date form ``24/11/23`` (YY/MM/DD)."""
    text = text.strip()
    for pattern, order in _DATE_PATTERNS:
        m = pattern.match(text)
        if not m:
            continue
        a, b, c = (int(g) for g in m.groups())
        y, mo, d = {"ymd": (a, b, c), "dmy": (c, b, a), "yy": (2000 + a, b, c)}[order]
        if order == "dmy" and b > 12 and a <= 12:
            mo, d = a, b  # month first (US order) when the middle number cannot be a month
        try:
            return date(y, mo, d)
        except ValueError:
            return None
    return None
