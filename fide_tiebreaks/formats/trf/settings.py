"""TRF settings records: rounds (142, XXR), the scoring system (TRF-2026 162, JaVaFo XXS,
bbpPairings BB?), tie-break lists (202, 212), byes (240), abnormal points (299), absences
(XXZ), dates and the tournament type."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

from ...data_classes import NamedTuple
from ...dates import DATE_FORM, ROUND_DATE_FORM, read_date, read_round_date
from ...model import ResultKind, Scoring, Tournament, TournamentType, infer_type
from ...numbers import NumberError, clip, parse_decimal, parse_int, read_decimal
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
            points = read_decimal(value, f"XXS {key}")
        except NumberError as e:
            st.out.warning(number, 5 + m.start(), f"{e}; ignored")
            continue
        if points < 0:  # as the model holds points (TRF-2026 162 has no sign)
            st.out.warning(
                number,
                5 + m.start(),
                f"XXS {key} '{value}' is negative (points are from 0); ignored",
            )
            continue
        settings[names[key.upper()]] = points
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
    if value < 0:
        shown = line[4:8].strip()
        st.out.warning(
            number, 5, f"'{line[:3]}' points '{shown}' are negative (points are from 0); ignored"
        )
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
        PlayerAbnormal(
            line=number,
            letter=letter.strip(),
            points=points,
            round=rnd,
            ids=ids,
            mp=parse_decimal(line[7:11]),  # in team files: the match points
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


class EventDates(NamedTuple):
    """The event's start and end dates (the end: 052, else the last 132 round date)."""

    start: date | None
    end: date | None


_DATE_NAMES = {"042": "start date", "052": "end date"}


def event_dates(st: ParserState) -> EventDates:
    """The start and end dates, each a calendar date or an error where it stands; an end
    before the start is an impossible event (an error, a warning when lenient), so that no
    edition is picked from a range no event can have."""
    start, end = header_date(st, "042"), header_date(st, "052")
    last = round_dates(st, start, end)
    if end is None and last is not None:
        end, (line, column, text) = last.day, last.where
        what = f"the last round date, {text},"
    else:
        line, column, text = st.header_lines.get("052", 0), 5, st.info.get("052", "")
        what = f"the end date, {clip(text)},"
    if start is not None and end is not None and end < start:
        st.out.impossible(
            line, column, f"{what} is before the start date, {clip(st.info.get('042', ''))}"
        )
    return EventDates(start, end)


def header_date(st: ParserState, code: str) -> date | None:
    text = st.info.get(code, "")
    if not text:
        return None
    read = read_date(text)
    if read.day is None:
        line, what = st.header_lines.get(code, 0), _DATE_NAMES[code]
        if read.understood:
            st.out.error(line, 5, f"{what} '{clip(text)}' is not a calendar date ({read.problem})")
        else:
            why = read.problem or f"expected {DATE_FORM}"
            st.out.warning(line, 5, f"{what} '{clip(text)}' not understood ({why})")
    return read.day


class RoundDate(NamedTuple):
    day: date
    where: tuple[int, int, str]  # line, column, the date as written
    what: str = "round date"  # "round 3 date"


def round_dates(st: ParserState, start: date | None, end: date | None) -> RoundDate | None:
    """The last of the 132 round dates. Each one off the calendar is an error where it
    stands (round 1 at columns 92-99, round 2 at 102-109...); its century is the start
    date's, else the end date's (dates.read_round_date). A round dated before the start,
    after the end, or before an earlier round is a warning naming the round and the dates."""
    line = st.header_lines.get("132", 0)
    if not line:
        return None
    text = st.source.lines[line - 1].text
    near = start or end
    last: RoundDate | None = None
    for m in re.finditer(r"\S+", text[3:]):
        column = 4 + m.start()
        rnd = (column - 92) // 10 + 1 if column >= 92 else 0
        read = read_round_date(m.group(), near)
        what = f"round {rnd} date" if rnd else "round date"
        written = f"{what} '{clip(m.group())}'"
        if read.day is None and read.understood:
            st.out.error(line, column, f"{written} is not a calendar date ({read.problem})")
            continue
        if read.day is None:
            expected = f"expected {ROUND_DATE_FORM}"
            st.out.warning(line, column, f"{written} not understood ({expected})")
            continue
        shown = f"{written} ({read.day.isoformat()})"
        if start is not None and read.day < start:
            st.out.warning(
                line, column, f"{shown} is before the start date, {clip(st.info['042'])}"
            )
        if end is not None and read.day > end:
            st.out.warning(line, column, f"{shown} is after the end date, {clip(st.info['052'])}")
        if last is not None and read.day < last.day:
            before = last.where[2]
            st.out.warning(line, column, f"{shown} is before the {last.what}, '{before}'")
        if last is None or read.day >= last.day:
            last = RoundDate(read.day, (line, column, m.group()), what)
    two_digit = re.search(r"(?<!\d)\d{2}[/.-]\d{2}[/.-]\d{2}(?!\d)", text)
    if last is not None and near is None and two_digit is not None:
        # A warning, not a note: the year read picks the rules edition (the end date is the
        # last round's), so a 1999 file read as 2099 would be ranked by the newest rules.
        st.out.warning(
            line,
            two_digit.start() + 1,
            "the round dates have two-digit years and no start or end date (042, 052) gives "
            "the century: read as 20YY, which decides the rules edition; give the start "
            "date (042) or the edition (--edition)",
        )
    return last


# The words of a tournament type in an event's name (092), lower case, as substrings.
_ROUND_ROBIN_WORDS = (
    *("roundrobin", "round-robin", "round robin", "berger", "rundenturnier", "scheveningen"),
    *("all-play-all", "all-play all", "all play-all", "all play all"),
)
_SWISS_WORDS = ("swiss", "schweizer", "suisse", "suizo", "svizzero")


def tournament_type(st: ParserState, t: Tournament) -> tuple[TournamentType, str]:
    code = st.info.get("192", "").upper()
    if "ROUNDROBIN" in code or "SCHEVENINGEN" in code:
        return TournamentType.ROUND_ROBIN, "file"
    if code and "TEAM" not in code and not code.startswith("CUSTOM"):
        return TournamentType.SWISS, "file"
    text = st.info.get("092", "").lower()
    if any(word in text for word in _ROUND_ROBIN_WORDS):
        return TournamentType.ROUND_ROBIN, "file"
    if any(word in text for word in _SWISS_WORDS):
        return TournamentType.SWISS, "file"
    return infer_type(t), "inferred"
