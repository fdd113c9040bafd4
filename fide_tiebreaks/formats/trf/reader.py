"""TRF reader: TRF16 and TRF-2026 individual files plus the JaVaFo and bbpPairings extensions.

Sources: FIDE C.04 Annex 2 (TRF16), TRF-2026 (FIDE Council 12/05/2025), JaVaFo Advanced
User Manual (``XX?`` records), bbpPairings README (``BB?`` records); column numbers below are
1-based as in those documents (see docs/formats.md).

Nothing is dropped: every line is kept verbatim in ``Tournament.source`` so the writer can give
the same bytes back, and every record the reader cannot use is reported with its location.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from fractions import Fraction
from operator import attrgetter
from typing import TYPE_CHECKING

from ...diagnostics import Collector, InputError, Severity
from ...model import (
    Acceleration,
    Colour,
    Participant,
    ResultKind,
    Tournament,
    infer_type,
)
from ...numbers import grid_scale
from ...patterns import LazyPattern
from ...source_text import SourceFile, SourceLines, line_and_column
from ..base import MAX_BYTES, ReadResult, ReadSettings, fatal, not_text, settled
from . import players as players_module
from . import settings
from .players import BYES, COLOURS, WITH_OPPONENT
from .state import PREFIX, BlockResult, ParserState, PlayerLine, record_value

if TYPE_CHECKING:
    from .extras import ExtraRecords

_UNITS = attrgetter("units")  # of a Game: summed in C

HEADER_NAMES = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start date",
    "052": "end date",
    "062": "number of players",
    "072": "number of rated players",
    "082": "number of teams",
    "092": "type of tournament",
    "102": "chief arbiter",
    "112": "deputy chief arbiter",
    "122": "time control",
    "132": "round dates",
    "142": "number of rounds",
    "152": "initial colour",
    "162": "scoring system",
    "172": "starting-rank method",
    "182": "pairing controller",
    "192": "encoded tournament type",
    "202": "tie-breaks",
    "212": "standings tie-breaks",
    "222": "encoded time control",
    "240": "byes",
    "250": "accelerated rounds",
    "260": "prohibited pairings",
    "299": "abnormal points",
}
_TEAM_INFO = {"801", "802"}  # human-readable team round lines: kept, not used
_KEPT_EXTENSIONS = {"XXC", "XXP", "260", "172", "182", "222", "152"}
# Private records of other programs that we know of but do not use (file-formats.md 3.3).
_KNOWN_PRIVATE = {"DAT", "ACC", "TSE", "PAB", "FPB", "HPB", "ZPB", "MFO", "DFM"}
_BB_RECORDS = {"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
# Lines that are not blank (comments included): a TRF of 9,999 players, 99 rounds and 999
# teams has about 110,000 even with a line-up record per team and round. Each record costs
# a few microseconds and up to a few hundred bytes: this bounds both.
MAX_RECORDS = 250_000
_NRS = LazyPattern(r"^[A-Z]{3} [ \d]{3}\d")  # national rating support line (TRF-2026)


def parse_trf(
    data: bytes | str,
    path: str = "<input>",
    *,
    settings: ReadSettings | None = None,
    team_pab: tuple[Fraction, Fraction] | None = None,
    lenient: bool = False,
) -> ReadResult:
    """Parse TRF bytes, or TRF text already decoded (a ``str``, as a pairing program or a
    JSON request holds it; kept as UTF-8 for writing back). See :func:`read_trf`;
    *team_pab* and *lenient* are the short forms of ``settings=ReadSettings(...)``."""
    settings = settled(settings, team_pab, lenient=lenient)
    out = Collector(path, lenient=settings.lenient)
    if isinstance(data, str):
        if len(data) > MAX_BYTES:
            raise InputError(
                [fatal(path, f"input is {len(data)} characters; the limit is {MAX_BYTES}")]
            )
        text, encoding, bom = _text(data, path)
    elif isinstance(data, bytes | bytearray | memoryview):
        data = bytes(data)
        if len(data) > MAX_BYTES:
            raise InputError([fatal(path, f"input is {len(data)} bytes; the limit is {MAX_BYTES}")])
        text, encoding, bom = _decode(data, out)
    else:
        raise TypeError(f"parse_trf takes bytes or str, not {type(data).__name__}")
    if "\x00" in text:
        if isinstance(data, bytes) and data[:4] == b"\x93\xff\x89\x44":
            from ..swiss_manager import not_trf  # a Swiss-Manager file given as TRF

            raise not_trf(path)
        raise not_text(
            path, text.encode("utf-8") if isinstance(data, str) else data, "a TRF text file"
        )
    source = SourceFile(path=path, lines=SourceLines(text), encoding=encoding, bom=bom)
    return Parser(source, out, settings.team_pab).parse()


def _text(data: str, path: str) -> tuple[str, str, bool]:
    """Text given as a str: a leading U+FEFF is the byte-order mark; it must be writable
    back as UTF-8 (a lone surrogate, which a JSON string can hold, is not)."""
    bom = data.startswith("\ufeff")
    text = data[1:] if bom else data
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        line, column = line_and_column(text, e.start)
        bad = f"U+{ord(text[e.start]):04X}"
        raise InputError(
            [fatal(path, f"{bad} (a lone surrogate) is not a character", line, column)]
        ) from None
    return text, "utf-8", bom


def _decode(data: bytes, out: Collector) -> tuple[str, str, bool]:
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        return body.decode("utf-8"), "utf-8", bom
    except UnicodeDecodeError as e:
        # latin-1 gives each byte one character, so the index and the line ends stay put
        line, column = line_and_column(body[: e.start + 1].decode("latin-1"), e.start)
        for codec in ("cp1252", "latin-1"):
            try:
                text = body.decode(codec)
            except UnicodeDecodeError:
                continue
            out.warning(
                line, column, f"not valid UTF-8 (byte 0x{body[e.start]:02X}); read as {codec}"
            )
            return text, codec, bom
    raise AssertionError("latin-1 decodes every byte")  # pragma: no cover


def _team_record(st: ParserState, number: int, line: str) -> None:
    """A team record, read by team_records.py, which loads with the first one: an individual
    file never needs it nor the team records' classes."""
    from .team_records import HANDLERS

    HANDLERS[line[:3].upper()](st, number, line)


def _acceleration_record(st: ParserState, number: int, line: str) -> None:
    """An XXA or 250 record (accelerated pairings), read by acceleration.py, which loads
    with the first one: most files have none."""
    from . import acceleration

    read = acceleration.accel_xxa if line[:3].upper() == "XXA" else acceleration.accel_250
    read(st, number, line)


_HANDLERS: dict[str, Callable[[ParserState, int, str], None]] = {
    "001": lambda st, number, line: st.player_lines.append((number, line)),
    "142": settings.rounds_record,
    "XXR": settings.rounds_record,
    "162": settings.scoring_162,
    "XXS": settings.scoring_xxs,
    "202": settings.tiebreak_list,
    "212": settings.tiebreak_list,
    "240": settings.byes_240,
    "299": settings.abnormal_299,
    "XXZ": settings.id_list,
    "XXA": _acceleration_record,
    "250": _acceleration_record,
    **dict.fromkeys(("013", "310", "320", "330", "300", "352", "362"), _team_record),
}


def _settled_acceleration(
    st: ParserState, players: Mapping[int, PlayerLine]
) -> tuple[Acceleration, ...]:
    """The file's accelerations (acceleration.settle_acceleration), none without a record."""
    if not st.accelerations:
        return ()
    from . import acceleration

    return acceleration.settle_acceleration(st, players)


class Parser:
    """Reads the records line by line into a :class:`ParserState` (each family's handlers
    live in its own module), then builds the model."""

    def __init__(
        self, source: SourceFile, out: Collector, pab_override: tuple[Fraction, Fraction] | None
    ):
        self.st = ParserState(source, out, pab_override)
        self._extras: ExtraRecords | None = None  # made by extras()

    def extras(self) -> ExtraRecords:
        """The national rating lines and our ### records read so far: made, and extras.py
        loaded, with the first such line, since most files have none."""
        if self._extras is None:
            from .extras import ExtraRecords

            self._extras = ExtraRecords(self.st.source, self.st.out)
        return self._extras

    def parse(self) -> ReadResult:
        st = self.st
        unknown = 0  # lines that are no record we know: all of them means not a TRF file
        lines = st.source.lines
        records = (
            lines.records()
            if isinstance(lines, SourceLines)
            else ((n, sl.text) for n, sl in enumerate(lines, start=1) if sl.text)
        )
        for seen, (number, line) in enumerate(records, start=1):
            if seen > MAX_RECORDS:  # time and memory per record are bounded; their number too
                raise InputError(
                    [
                        *st.out.items,
                        fatal(
                            st.source.path,
                            f"more than {MAX_RECORDS} records; the limit is "
                            f"{MAX_RECORDS} (a 9,999-player event has 10,000)",
                            number,
                            1,
                        ),
                    ]
                )
            if not line.isspace() and not line.startswith("###"):  # never empty here
                unknown += self._record(number, line)
            elif line.startswith(PREFIX):
                self.extras().comment(number, line)
        if not st.player_lines:
            self._not_a_tournament(unknown)
        return self._build()

    def _record(self, number: int, line: str) -> int:
        """Read one record; 1 when it is no record we know."""
        st = self.st
        code = line[:3].upper()
        handler = _HANDLERS.get(code)
        if handler is not None:
            handler(st, number, line)
        elif code in HEADER_NAMES:
            st.info.setdefault(code, record_value(line))
            st.header_lines.setdefault(code, number)
        elif code in _BB_RECORDS:
            settings.scoring_bb(st, number, line)
        elif code in _KNOWN_PRIVATE:
            st.out.note(number, 1, f"'{code}' is another program's private record; kept, not used")
        elif _NRS.match(line) and code not in _KEPT_EXTENSIONS and code not in _TEAM_INFO:
            self.extras().national_line(number, line)  # TRF-2026 national rating support
        elif code not in _KEPT_EXTENSIONS and code not in _TEAM_INFO:
            st.out.warning(number, 1, f"unknown record '{line[:3]}'; kept, not used")
            return 1
        return 0

    def _not_a_tournament(self, unknown: int) -> None:
        """One clear message for an empty file, or a text file in which no line is a TRF
        record (a README, a CSV export...), instead of a warning for every line."""
        path = self.st.source.path
        known = (
            " (the first three characters of each line name its record: 001 for a "
            "player, 012 for the tournament's name...); give a TRF16 or TRF-2026 file, "
            "the XML tournament form, Chess-JSON or a PGN (its games' tag pairs)"
        )
        lines = self.st.source.lines
        found = (
            lines.records()
            if isinstance(lines, SourceLines)
            else ((n, sl.text) for n, sl in enumerate(lines, start=1))
        )
        content = [text for _, text in found if text.strip()]  # blank lines skipped in C
        if not content:
            what = "contains only blank lines" if lines else "is empty"
            raise InputError(
                [
                    fatal(
                        path,
                        f"the file {what}: there is no tournament to "
                        "read; give a TRF, XML, Chess-JSON or PGN file",
                    )
                ]
            )
        if unknown == len([t for t in content if not t.startswith("###")]):
            raise InputError(
                [
                    fatal(
                        path,
                        f"this is not a tournament file: none of its "
                        f"{len(content)} lines is a TRF record{known}",
                    )
                ]
            )

    def _settle_scoring(self) -> None:
        """The scoring, its grid, and the fast table of the common round blocks."""
        st = self.st
        st.scoring = scoring = settings.settle_scoring(st)
        st.scale = scale = grid_scale(scoring.values() + [a.points for a in st.abnormal])
        for kind in ResultKind:
            for colour in Colour:
                pts = scoring.points(kind, colour)
                st.points[kind, colour] = (pts, int(pts * scale))
        # " colour result" (e.g. " w 1") -> kind, colour, points, units: the common blocks
        for code, kind in WITH_OPPONENT.items():
            for char, colour in COLOURS.items():
                for c in {code, code.lower()}:
                    st.fast.with_opponent[f" {char} {c}"] = BlockResult(
                        kind, colour, *st.points[kind, colour]
                    )
        for code, kind in BYES.items():
            for char in " -":
                for c in {code, code.lower()}:
                    st.fast.without[f" {char} {c}"] = BlockResult(
                        kind, Colour.NONE, *st.points[kind, Colour.NONE]
                    )

    def _player_lines(self) -> dict[int, PlayerLine]:
        """The 001 lines read, by start rank (a start rank used twice is an error)."""
        st, out = self.st, self.st.out
        for number, line in st.player_lines:
            players_module.player_line(st, number, line)
        if not st.players:
            if not any(d.severity is Severity.ERROR for d in out.items):
                out.error(0, 0, "no player records ('001' lines): is this a TRF file?")
            raise InputError(out.items)
        players: dict[int, PlayerLine] = {}
        for p in st.players:
            if p.id in players:
                out.error(
                    p.line, 5, f"start rank {p.id} used again (first on line {players[p.id].line})"
                )
            else:
                players[p.id] = p
        return players

    def _build(self) -> ReadResult:
        st = self.st
        if st.legacy_teams:  # 013 beside any 310: the teams read once
            from .team_records import settle_legacy_teams

            settle_legacy_teams(st)
        self._settle_scoring()
        scoring, scale = st.scoring, st.scale
        players = self._player_lines()
        rounds = players_module.settle_rounds(st, players)
        team_file = st.team_file
        if not team_file:
            players_module.apply_byes(st, players, rounds)  # in team files 240 names teams
        players_module.cross_check(st, players)
        if not team_file:  # a team's PAB gives each of its boards a U
            players_module.one_pab_per_round(st, players)
        bonus = {} if team_file else players_module.abnormal_points(st, players)
        dates = settings.event_dates(st)
        people: list[Participant] = []
        for pid in sorted(players):
            p = players[pid]
            adjustment = int(bonus.get(pid, 0) * scale)
            total = sum(map(_UNITS, p.games)) + adjustment
            people.append(
                players_module.participant(
                    st, p, tuple(p.games), total, scale, adjustment, ended=dates.end
                )
            )
        # A line with an unreadable round block has its error; its points cannot be checked.
        whole = [q for q in people if players[q.id].read_whole]
        players_module.check_points(st, whole, scale, scoring)
        tournament = Tournament(
            name=st.info.get("012", ""),
            participants=tuple(people),
            rounds=rounds,
            scoring=scoring,
            scale=scale,
            start_date=dates.start,
            end_date=dates.end,
            planned_rounds=st.rounds_declared[-1].rounds if st.rounds_declared else None,
            declared_tiebreaks=st.tiebreaks,
            declared_standings=st.standings,
            info=dict(st.info),
            source=st.source,
            acceleration=() if team_file else _settled_acceleration(st, players),
        )
        extras = self._extras
        if extras is not None:
            tournament = extras.apply_ratings(tournament)
        tournament_type, how = settings.tournament_type(st, tournament)
        tournament = tournament.with_type(tournament_type, how)
        if team_file:
            tournament = self._team_event(tournament, how, players.keys(), rounds)
        if extras is not None:
            tournament = extras.apply_decisions(tournament)
        return ReadResult(tournament, tuple(st.out.items))

    def _team_event(
        self, tournament: Tournament, how: str, players: Collection[int], rounds: int
    ) -> Tournament:
        from . import team_records  # team files only

        st = self.st
        team_records.byes_and_points(st)
        team_records.check_references(st, players, rounds)
        st.teams.primary = "GP" if "_GP_MP" in st.info.get("192", "").upper() else "MP"
        st.teams.pab_override = st.pab_override
        from ...teams.build import build_team_event  # team events only

        event = build_team_event(tournament, st.teams)
        team_records.report_team_findings(event.findings, st.out)
        tournament = event.tournament
        if how == "inferred":
            tournament = tournament.with_type(infer_type(tournament), how)
        return tournament
