"""EventBuilder: the tournament a pairing program records round by round (see the
package docstring)."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping, Sequence
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..formats.trf.state import MAX_ROUNDS
from ..model import (
    Acceleration,
    Colour,
    Game,
    Participant,
    ResultKind,
    Scoring,
    Team,
    Tournament,
    TournamentType,
)
from ..numbers import from_units, grid_scale
from .arbiter import ArbiterRecords
from .report import report_info
from .results import (
    BuilderError,
    as_date,
    birth_text,
    born_by,
    bye_kind,
    check_edition,
    checked_scoring,
    exact,
    fide_id_text,
    game_kinds,
    listed,
    make_participant,
    mapping,
    match_point_values,
    team_pab_values,
    text,
    tiebreak_codes,
    whole,
)
from .rounds import PlayerEntry, check_byes, check_games, entry_of
from .teams import TeamRound, TeamSettings, check_team_round, team_event

if TYPE_CHECKING:
    from ..pairing import BursteinIndex, DubovIndex

# What a file can hold, so that the builder accepts nothing a reader would refuse
# (docs/reliability.md, "Limits"): TRF's columns for ratings, teams (310) and boards.
MAX_RATING = 9999
MAX_TEAMS = 999
# Start ranks: the model's own limit, not TRF's four columns (9,999): an event of 20,000
# players ranks in memory; writing it as TRF is refused with that reason (JSON standings hold it).
MAX_PLAYERS = 1_000_000
MAX_BOARDS = 99

_NEW = tuple.__new__  # skips the named tuple's Python-level __new__ (one per game)


def _tournament_type(value: TournamentType | str) -> TournamentType:
    try:
        return TournamentType(value)
    except ValueError:
        raise BuilderError(f"type {value!r} must be 'swiss' or 'round-robin'") from None


def _primary_score(primary: str) -> str:
    """A team event's primary score: match points or game points."""
    if primary not in ("MP", "GP"):
        raise BuilderError(f"primary {primary!r} must be 'MP' or 'GP'")
    return primary


class EventBuilder(ArbiterRecords):
    """A tournament recorded round by round in memory (see the package docstring).

    *rounds* is the number of rounds planned (TRF 142); *edition* the rules edition by name
    (``"fide-2024"``), else *end_date* picks the one in force; one of them is required before
    :meth:`tournament`. *type* is ``"swiss"`` (the default) or ``"round-robin"``; *scoring* a
    :class:`Scoring` (default 1 / ½ / 0); *tiebreaks* the event's own list (TRF 202), used
    when :func:`compute_standings` is given none. Team events: *boards* (TRF 352), the
    *match_points* for a won, drawn and lost match (362), the *primary* score ``"MP"`` or
    ``"GP"`` and the match and game points of a team's pairing-allocated bye, *team_pab*.
    The rating report (``write_tournament_trf``): *city* (022), *federation* (032),
    *round_dates* (132), *chief_arbiter* (102), *deputy_arbiters* (112, one each), the
    *time_control* as TRF-2026 222 (``"40/6000+30:900+30"``), the *pairing_system* as 192
    (``"FIDE_DUTCH_2025"``); checked by ``builder.report.report_info``.
    """

    def __init__(
        self,
        rounds: int | None = None,
        *,
        edition: str | None = None,
        end_date: date | str | None = None,
        start_date: date | str | None = None,
        type: TournamentType | str = TournamentType.SWISS,
        scoring: Scoring | None = None,
        name: str = "",
        tiebreaks: str | Sequence[str] = (),
        boards: int | None = None,
        match_points: tuple[Fraction | int, Fraction | int, Fraction | int] = (2, 1, 0),
        primary: str = "MP",
        team_pab: tuple[Fraction | int, Fraction | int] | None = None,
        city: str = "",
        federation: str = "",
        round_dates: Sequence[date | str] = (),
        chief_arbiter: str = "",
        deputy_arbiters: Sequence[str] = (),
        time_control: str = "",
        pairing_system: str = "",
    ) -> None:
        self.planned = None if rounds is None else whole(rounds, "rounds", 1, MAX_ROUNDS)
        # Settable later too (checked again, and the snapshot made again, by tournament()).
        self.edition, self.end_date, self.start_date = edition, end_date, start_date
        self._dates()
        self.type = _tournament_type(type)
        self.type_source = "default" if type == TournamentType.SWISS else "user"
        self.scoring = checked_scoring(scoring)
        self.name = text(name, "name")
        self.tiebreaks = tiebreak_codes(tiebreaks)
        self.boards = None if boards is None else whole(boards, "boards", 1, MAX_BOARDS)
        self.primary = _primary_score(primary)
        self.match_points = match_point_values(match_points)
        self.team_pab = team_pab_values(team_pab)
        # What a rating report needs (docs/builder.md, "The report"), by TRF record code.
        self.report = report_info(
            city=city,
            federation=federation,
            round_dates=round_dates,
            chief_arbiter=chief_arbiter,
            deputy_arbiters=deputy_arbiters,
            time_control=time_control,
            pairing_system=pairing_system,
            type=self.type,
            primary=primary,
            rounds=self.planned,
        )
        self._points_grid()
        self._records_init()
        self._arbiter_init()

    def _points_grid(self) -> None:
        """Each result's points and their units on the grid the scoring needs: a game's
        units are looked up, never computed, as rounds are recorded."""
        self.scale = grid_scale(self.scoring.values())
        self._points = {
            (kind, colour): (pts, int(pts * self.scale))
            for kind in ResultKind
            for colour in Colour
            for pts in (self.scoring.points(kind, colour),)
        }

    def _records_init(self) -> None:
        """Nothing recorded yet: no participants, rounds or teams."""
        self._entries: dict[int, PlayerEntry] = {}
        self._ids: list[int] = []  # sorted
        self._games: dict[int, list[Game]] = {}
        self._units: dict[int, int] = {}  # the games' units (on self.scale)
        self._extra: dict[int, int] = {}  # bonus or penalty units outside the rounds (299)
        self._teams: dict[int, Team] = {}
        self._team_rounds: list[TeamRound] = []
        self._virtual: dict[tuple[int, int], Fraction] = {}  # (player, round) -> points
        self.rounds = 0  # rounds recorded
        self._built: Tournament | None = None
        self._built_settings: tuple[object, ...] = ()

    # -- participants -------------------------------------------------------------------
    def add_player(
        self,
        pid: int,
        name: str,
        *,
        rating: int | None = None,
        federation: str = "",
        fide_id: int | str | None = None,
        title: str = "",
        sex: str = "",
        birth_date: str = "",
        from_round: int | None = None,
    ) -> None:
        """Add a player; *pid* is the start rank (pairing number). A player added after
        rounds were recorded is a late entry: not paired in those rounds. *from_round* names
        the first round explicitly (a later one for an entry announced in advance)."""
        pid = whole(pid, "player id", 1, MAX_PLAYERS)
        if pid in self._entries:
            raise BuilderError("is already in the event", participant=pid)
        if rating is not None and (
            isinstance(rating, bool) or not isinstance(rating, int) or not 0 <= rating <= MAX_RATING
        ):
            small = not isinstance(rating, int) or abs(rating) < 10**12
            shown = repr(rating) if small else "(huge)"
            raise BuilderError(
                f"rating {shown} must be a whole number from 0 to {MAX_RATING} (0: unrated)",
                participant=pid,
            )
        # Rounds already recorded hold the player as not paired; replace=True can pair it
        # in those from *from_round* on.
        first = self.rounds + 1 if from_round is None else whole(from_round, "from_round")
        template = Participant(
            id=pid,
            name=text(name, "name", pid, required=True),
            points=Fraction(0),
            results=(),
            rating=rating or None,  # as the TRF reader: 0 is unrated
            federation=text(federation, "federation", pid),
            fide_id=fide_id_text(fide_id, pid),
            title=text(title, "title", pid),
            sex=text(sex, "sex", pid),
            birth_date=birth_text(birth_date, pid),
        )
        born_by(template.birth_date, as_date(self.end_date, "end_date"), pid)
        self._entries[pid] = PlayerEntry(dict(template.__dict__), first)
        bisect.insort(self._ids, pid)
        absent = self._points[ResultKind.NOT_PAIRED, Colour.NONE]
        self._games[pid] = [
            _NEW(Game, (r, ResultKind.NOT_PAIRED, None, Colour.NONE, *absent))
            for r in range(1, self.rounds + 1)
        ]
        self._units[pid] = absent[1] * self.rounds
        self._built = None

    def withdraw(self, pid: int, from_round: int) -> None:
        """The player plays no round from *from_round* on (not paired; TRF: empty blocks).
        Calling it again moves the date; ``from_round`` past the event undoes it."""
        entry = self._entry(pid, None)
        from_round = whole(from_round, "from_round")
        for g in self._games[pid][from_round - 1 :]:
            if g.kind is not ResultKind.NOT_PAIRED:
                raise BuilderError(
                    f"has a result ('{g.kind.description}') but withdraws from round "
                    f"{from_round}; correct that round first",
                    g.round,
                    pid,
                )
        entry.until = from_round
        self._built = None

    def add_team(self, tid: int, name: str, players: Sequence[int], *, nickname: str = "") -> None:
        """Add a team: *players* are its members' ids in board order (the roster). Adding
        a team makes the event a team event (participants are then the teams)."""
        tid = whole(tid, "team id", 1, MAX_TEAMS)
        self._no_points_outside_scoring(tid)
        if tid in self._teams:
            raise BuilderError(f"team {tid} is already in the event")
        members = listed(players, "players")
        roster = tuple(whole(p, f"team {tid}: player id", 1, MAX_PLAYERS) for p in members)
        if not roster:  # it could field nobody: every match it plays would be lost by forfeit
            raise BuilderError(f"team {tid} has no players; give its members in board order")
        if len(set(roster)) != len(roster):
            raise BuilderError(f"team {tid} lists a player twice: {list(roster)}")
        for other in self._teams.values():
            both = set(roster) & set(other.players)
            if both:
                raise BuilderError(
                    f"is in team {other.id} and in team {tid}", participant=min(both)
                )
        name, nickname = text(name, "name", required=True), text(nickname, "nickname")
        self._teams[tid] = Team(tid, name, roster, nickname=nickname)
        self._built = None

    # -- rounds -------------------------------------------------------------------------
    def record_round(
        self,
        n: int,
        games: Iterable[tuple[int, int, str]] = (),
        byes: Mapping[int, str | ResultKind] | None = None,
        *,
        replace: bool = False,
        team_forfeits: Iterable[tuple[int, int, str]] = (),
        team_byes: Mapping[int, str] | None = None,
        lineups: Mapping[int, Sequence[int | None]] | None = None,
    ) -> None:
        """Record round *n*: *games* as ``(white, black, result)``, *byes* as
        ``{player: "U" | "F" | "H" | "Z"}``; a player in neither is not paired (absent).
        Rounds come in order; ``replace=True`` records an earlier round again (a correction).

        Team events: *team_forfeits* as ``(white team, black team, "+-" | "-+" | "--")``
        (TRF-2026 330), *team_byes* ``{team: "U" | "F" | "H" | "Z"}``, *lineups*
        ``{team: [player or None by board]}`` (300; default: roster order). In a team event
        a player's bye ``"+"`` is a board won by forfeit against an empty board.

        The whole round is checked before anything changes: on :class:`BuilderError` the
        builder is as it was."""
        n = self._round_to_record(n, replace)
        games = listed(games, "games", n)
        byes = mapping(byes, "byes", n)
        new: dict[int, Game] = {}  # the round's games and byes, by participant, once checked
        check_games(n, games, self._entries, self._points, new)
        check_byes(n, byes, self._entries, self._points, bool(self._teams), new)
        team_round = check_team_round(
            n, self._teams, self._entry, team_forfeits, team_byes, lineups
        )
        if not new and not team_round.forfeits and not team_round.byes:
            raise BuilderError("no games and no byes", n)
        self._commit_round(n, new, team_round)  # everything is checked: now change

    def _round_to_record(self, n: object, replace: bool) -> int:
        """*n* when it is the next round, or an earlier one with *replace*."""
        n = whole(n, "round", 1, MAX_ROUNDS)
        if n > self.rounds + 1:
            raise BuilderError(f"round {self.rounds + 1} must be recorded first", n)
        if n <= self.rounds and not replace:
            raise BuilderError(
                "already recorded; pass replace=True to record it again, or use correct_result",
                n,
            )
        if self.planned is not None and n > self.planned:
            raise BuilderError(f"the event has {self.planned} rounds", n)
        return n

    def _commit_round(self, n: int, new: Mapping[int, Game], team_round: TeamRound) -> None:
        """Round *n* as checked: *new* for the players in it, not paired for the others."""
        absent = self._points[ResultKind.NOT_PAIRED, Colour.NONE]
        units = self._units
        for pid, row in self._games.items():
            g = new.get(pid) or _NEW(Game, (n, ResultKind.NOT_PAIRED, None, Colour.NONE, *absent))
            if n > len(row):
                row.append(g)
                units[pid] += g.units
            else:
                units[pid] += g.units - row[n - 1].units
                row[n - 1] = g
        if n > len(self._team_rounds):
            self._team_rounds.append(team_round)
        else:
            self._team_rounds[n - 1] = team_round
        self.rounds = max(self.rounds, n)
        self._built = None

    def correct_result(self, n: int, white: int, black: int, result: str) -> None:
        """Correct the result of the game *white*-*black* of round *n* (already recorded)."""
        n = whole(n, "round")
        if n > self.rounds:
            raise BuilderError("not recorded yet", n)
        self._entry(white, n)
        self._entry(black, n)
        g = self._games[white][n - 1]
        if g.opponent != black or g.colour is not Colour.WHITE:
            had = (
                "no game" if g.opponent is None else f"{g.colour.name.lower()} against {g.opponent}"
            )
            raise BuilderError(f"has {had}, not white against {black}", n, white)
        try:
            kw, kb = game_kinds(result)
        except ValueError as e:
            raise BuilderError(f"in game {white}-{black}: {e}", n, white) from None
        self._set(white, _NEW(Game, (n, kw, black, Colour.WHITE, *self._points[kw, Colour.WHITE])))
        self._set(black, _NEW(Game, (n, kb, white, Colour.BLACK, *self._points[kb, Colour.BLACK])))

    def correct_bye(self, n: int, pid: int, code: str) -> None:
        """Change the bye of *pid* in round *n* (already recorded) to *code* (U, F, H, Z)."""
        n = whole(n, "round")
        if n > self.rounds:
            raise BuilderError("not recorded yet", n)
        self._entry(pid, n)
        g = self._games[pid][n - 1]
        if g.opponent is not None or g.kind is ResultKind.NOT_PAIRED:
            raise BuilderError("has no bye to correct", n, pid)
        try:
            kind = bye_kind(code, bool(self._teams))
        except ValueError as e:
            raise BuilderError(f"has an unreadable bye: {e}", n, pid) from None
        self._set(pid, _NEW(Game, (n, kind, None, Colour.NONE, *self._points[kind, Colour.NONE])))

    # -- points outside the scoring system (TRF-2026 299) ------------------------------------
    def adjust_points(self, pid: int, points: int | Fraction | str) -> None:
        """A bonus (negative: a penalty) on *pid*'s total outside the rounds, as TRF-2026
        ``299`` without a result letter; opponents' tie-breaks see the total it makes."""
        self._entry(pid, None)
        value = self._exact_points(points)
        self._extra[pid] = self._extra.get(pid, 0) + int(value * self.scale)
        self._built = None

    def set_points(self, n: int, pid: int, points: int | Fraction | str) -> None:
        """Points other than the scoring system's for *pid*'s result of round *n*, as
        TRF-2026 ``299`` with a result letter and a round. Correcting that result later
        gives it the scoring system's points again."""
        n = whole(n, "round")
        if n > self.rounds:
            raise BuilderError("not recorded yet", n)
        self._entry(pid, n)
        value = self._exact_points(points)
        g = self._games[pid][n - 1]
        self._set(pid, g._replace(points=value, units=int(value * self.scale)))

    def _no_points_outside_scoring(self, tid: int) -> None:
        """Team events take no points outside the scoring system (adjust_points,
        set_points): refused whichever comes first, so that none is dropped silently."""
        adjusted = [pid for pid in self._ids if self._extra.get(pid)] + [
            pid
            for pid, row in self._games.items()
            if any(g.points != self._points[g.kind, g.colour][0] for g in row)
        ]
        if adjusted:
            raise BuilderError(
                f"team {tid}: player {min(adjusted)} has points outside the "
                "scoring system (adjust_points or set_points), which are for "
                "individual events only"
            )

    def _exact_points(self, points: object) -> Fraction:
        """*points* exact, with the grid made fine enough for them (the TRF reader's grid
        takes every 299 value too)."""
        if self._teams:
            raise BuilderError("points outside the scoring system are for individual events")
        value = exact(points, "points")
        scale = math.lcm(self.scale, value.denominator)
        if scale != self.scale:
            k = scale // self.scale
            self.scale = scale
            self._points = {key: (pts, units * k) for key, (pts, units) in self._points.items()}
            for pid, row in self._games.items():
                row[:] = [g._replace(units=g.units * k) for g in row]
                self._units[pid] *= k
            self._extra = {pid: units * k for pid, units in self._extra.items()}
        return value

    # -- the model ----------------------------------------------------------------------
    def tournament(self) -> Tournament:
        """The event as recorded so far: an immutable :class:`Tournament`, unaffected by
        later calls. Raises :class:`BuilderError` when no rules edition can be known
        (neither *edition* nor *end_date*) or when the team data do not hold together."""
        if self.edition is None and self.end_date is None:
            self._dates()  # a bad date is reported first, as before
            raise BuilderError(
                "no rules edition: give EventBuilder(edition='fide-2024') or "
                "end_date=date(...); tie-breaks differ between editions, so none is guessed"
            )
        return self._snapshot()

    def pairing_index(
        self, system: str, after_round: int | None = None, **options: Any
    ) -> BursteinIndex | DubovIndex:
        """The Burstein index or the Dubov ARO of every player after *after_round* (default:
        the last round recorded), as :func:`fide_tiebreaks.pairing_index` computes it with
        *options*; a pairing program calls it after :meth:`record_round`. No rules edition is
        needed: these are the pairing systems' rules, not C.07's."""
        from ..pairing import pairing_index

        return pairing_index(self._snapshot(), system, after_round, **options)

    def accelerate(self, pid: int, rounds: Iterable[int], points: int | Fraction | str) -> None:
        """Virtual points for *pid* in each of *rounds* (an accelerated system, C.04.7; TRF
        XXA / 250): they form the brackets of those rounds, never a score. 0 removes them."""
        self._entry(pid, None)
        value = exact(points, "virtual points")
        if value < 0:
            raise BuilderError(f"virtual points {value} must not be negative", participant=pid)
        for rnd in listed(rounds, "rounds"):
            n = whole(rnd, "round", 1, MAX_ROUNDS)
            self._virtual.pop((pid, n), None)
            if value:
                self._virtual[pid, n] = value
        self._built = None

    def _snapshot(self) -> Tournament:
        """The event as recorded so far, with or without a rules edition."""
        settings = (*self._dates(), self.name)
        if self._built is not None and self._built_settings == settings:
            return self._built
        for pid, entry in self._entries.items():  # end_date may have been set since
            born_by(entry.fields.get("birth_date", ""), settings[1], pid)
        if not self.rounds:
            raise BuilderError("no round is recorded yet")
        scale = self.scale
        units, games, entries, extra = self._units, self._games, self._entries, self._extra
        people = []
        for pid in self._ids:
            bonus = extra.get(pid, 0)
            total = units[pid] + bonus
            people.append(
                make_participant(
                    entries[pid].fields, from_units(total, scale), tuple(games[pid]), total, bonus
                )
            )
        t = Tournament(
            name=self.name,
            participants=tuple(people),
            rounds=self.rounds,
            scoring=self.scoring,
            type=self.type,
            type_source=self.type_source,
            scale=scale,
            start_date=settings[2],
            end_date=settings[1],
            planned_rounds=self.planned,
            declared_tiebreaks=self.tiebreaks,
            edition=self.edition,
            info=dict(self.report),
            acceleration=tuple(
                Acceleration(pid, n, v) for (pid, n), v in sorted(self._virtual.items())
            ),
        )
        t = self._with_ratings(t)
        if self._teams:
            settings_of_teams = TeamSettings(
                boards=self.boards,
                match_points=self.match_points,
                primary=self.primary,
                team_pab=self.team_pab,
            )
            t = team_event(t, self._teams, self._team_rounds, settings_of_teams)
        t = self._with_decisions(t)
        self._built, self._built_settings = t, settings
        return t

    # -- helpers --------------------------------------------------------------------------
    def _dates(self) -> tuple[str | None, date | None, date | None]:
        """The edition and the dates, checked."""
        edition = self.edition
        check_edition(edition)
        end, start = as_date(self.end_date, "end_date"), as_date(self.start_date, "start_date")
        if end is not None and start is not None and end < start:
            # No event ends before it starts; the readers refuse such a file (unless lenient).
            raise BuilderError(f"end_date {end} is before start_date {start}")
        return edition, end, start

    def _known(self, pid: object) -> int:
        """*pid* when it is a participant (a player, or a team of a team event)."""
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise BuilderError(f"participant id {pid!r} is not a whole number")
        if pid not in self._entries and pid not in self._teams:
            raise BuilderError("is unknown (add_player or add_team first)", participant=pid)
        return pid

    def _entry(self, pid: object, n: int | None) -> PlayerEntry:
        return entry_of(self._entries, pid, n)

    def _set(self, pid: int, g: Game) -> None:
        row = self._games[pid]
        self._units[pid] += g.units - row[g.round - 1].units
        row[g.round - 1] = g
        self._built = None
