"""An event built in memory, round by round: the door for pairing programs.

A pairing program records each round as it is played and ranks after it::

    ev = EventBuilder(rounds=9, edition="fide-2024")
    ev.add_player(1, "Carlsen, Magnus", rating=2830, federation="NOR", fide_id=1503014)
    ...
    ev.record_round(1, games=[(1, 5, "1-0"), (2, 6, "1/2-1/2")], byes={9: "U"})
    standings = compute_standings(ev.tournament(), "BH/C1,BH,SB")

Result and bye codes are the TRF's (C.04 Annex 2) and mean exactly what the TRF reader makes
of them: the builder reads them with the reader's own tables. :meth:`EventBuilder.tournament`
returns the same immutable :class:`~fide_tiebreaks.model.Tournament` that the reader gives
for the event's TRF (provenance fields such as source lines are not compared; see
docs/builder.md). Bad data raises :class:`BuilderError`, which names the round and the
participant; the builder is left as it was.

Each round costs time linear in the players; a snapshot costs time linear in players x
rounds (copying each player's games into a tuple), never a re-read of earlier rounds.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from .diagnostics import Collector, Severity
from .formats.trf.players import BYES, MIRROR, WITH_OPPONENT
from .model import (
    Colour,
    Game,
    Participant,
    ResultKind,
    Scoring,
    Team,
    Tournament,
    TournamentType,
)
from .numbers import from_units, grid_scale
from .teams import TeamRecords, build_team_event

__all__ = ["BuilderError", "EventBuilder", "game_kinds"]


class BuilderError(ValueError):
    """Data the builder refuses. ``round`` and ``participant`` say where (None: not tied
    to one); the message names them too."""

    def __init__(self, message: str, round: int | None = None, participant: int | None = None):
        text = message if participant is None else f"player {participant} {message}"
        super().__init__(text if round is None else f"round {round}: {text}")
        self.round = round
        self.participant = participant


# Spellings of a game result beyond two TRF codes ("1-0", "+-", "W-L" are read code by code).
_SPELLINGS = {
    "1/2-1/2": "==",
    "½-½": "==",
    "0.5-0.5": "==",
    "1/2": "==",
    "½": "==",
    "+/-": "+-",
    "-/+": "-+",
}
_NEW = tuple.__new__  # skips the named tuple's Python-level __new__ (one per game)


def game_kinds(result: str) -> tuple[ResultKind, ResultKind]:
    """White's and black's :class:`ResultKind` for a game result: ``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"`` (or ``"½-½"``, ``"=-="``), forfeits ``"+-"``, ``"-+"``, the double
    forfeit ``"--"``, and games of less than one move ``"W-L"``, ``"L-W"``, ``"D-D"``: any
    two TRF result codes, with or without a ``-`` between them, whose results mirror.
    Raises :class:`ValueError` for anything else."""
    if not isinstance(result, str):
        raise ValueError(f"result {result!r} is not a string such as '1-0'")
    text = result.strip().upper()
    text = _SPELLINGS.get(text, text)
    if len(text) == 3 and text[1] in "-:":
        text = text[0] + text[2]
    if len(text) != 2 or text[0] not in WITH_OPPONENT or text[1] not in WITH_OPPONENT:
        raise ValueError(
            f"result '{result}' not understood: use 1-0, 0-1, 1/2-1/2, +-, -+, --, W-L, L-W, D-D"
        )
    white, black = WITH_OPPONENT[text[0]], WITH_OPPONENT[text[1]]
    if white is ResultKind.FORFEIT_LOSS and black is ResultKind.FORFEIT_LOSS:
        return ResultKind.DOUBLE_FORFEIT, ResultKind.DOUBLE_FORFEIT
    if MIRROR[white] is not black:
        raise ValueError(f"result '{result}': '{text[0]}' and '{text[1]}' do not mirror")
    return white, black


def _bye_kind(code: object, team_event: bool) -> ResultKind:
    if isinstance(code, ResultKind) and code.value in BYES and code.value != " ":
        return code
    text = code.strip().upper() if isinstance(code, str) else ""
    if text in BYES and text:
        return BYES[text]
    if text == "+" and team_event:
        return ResultKind.FORFEIT_WIN  # a board won by forfeit against an empty board
    raise ValueError(f"bye code {code!r} not understood: use U (pairing-allocated), F, H or Z")


def _when(value: object, what: str) -> date | None:
    if value is None or (isinstance(value, date) and not isinstance(value, datetime)):
        return value
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise BuilderError(f"{what} {value!r} is not a date (datetime.date or 'YYYY-MM-DD')")


def _whole(value: object, what: str, low: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BuilderError(f"{what} {value!r} must be a whole number from {low}")
    return value


NEVER = 10**9  # "withdraws" in no round


@dataclass
class _Entry:
    """A participant as added: every field of its Participant but the scores."""

    fields: dict[str, Any]
    entered: int  # first round the participant can play (late entries: later than 1)
    until: int = NEVER  # first round it no longer plays (withdrawal)


_KINDS: dict[object, tuple[ResultKind, ResultKind]] = {}  # result text -> kinds, when valid


def _participant(fields: dict[str, Any], points: Fraction, results: tuple[Game, ...],
                 units: int) -> Participant:  # fmt: skip
    """A Participant from a complete dict of its fields: what the dataclass's __init__
    does, without its per-field frozen-attribute calls (one participant per player and
    round; the equality tests against the reader check the result)."""
    p = object.__new__(Participant)
    d = fields.copy()
    d["points"], d["results"], d["units"] = points, results, units
    object.__setattr__(p, "__dict__", d)
    return p


@dataclass
class _TeamRound:
    forfeits: list[tuple[str, int, int]]  # code, white team, black team (TRF-2026 330)
    byes: dict[int, ResultKind]  # team -> U, F, H or Z
    lineups: dict[int, tuple[int | None, ...]]  # team -> players by board (300)


class EventBuilder:
    """A tournament recorded round by round in memory (see the module docstring).

    *rounds* is the number of rounds planned (TRF 142); *edition* the rules edition by name
    (``"fide-2024"``), else *end_date* picks the one in force; one of them is required before
    :meth:`tournament`. *type* is ``"swiss"`` (the default) or ``"round-robin"``; *scoring* a
    :class:`Scoring` (default 1 / ½ / 0); *tiebreaks* the event's own list (TRF 202), used
    when :func:`compute_standings` is given none. Team events: *boards* (TRF 352), the
    *match_points* for a won, drawn and lost match (362), the *primary* score ``"MP"`` or
    ``"GP"`` and the match and game points of a team's pairing-allocated bye, *team_pab*.
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
    ) -> None:
        self.planned = None if rounds is None else _whole(rounds, "rounds")
        if edition is not None and (not isinstance(edition, str) or not edition.strip()):
            raise BuilderError(f"edition {edition!r} must be a name such as 'fide-2024'")
        self.edition = edition
        self.end_date = _when(end_date, "end_date")
        self.start_date = _when(start_date, "start_date")
        try:
            self.type = TournamentType(type)
        except ValueError:
            raise BuilderError(f"type {type!r} must be 'swiss' or 'round-robin'") from None
        self.type_source = "default" if type == TournamentType.SWISS else "user"
        if scoring is not None and not isinstance(scoring, Scoring):
            raise BuilderError("scoring must be a fide_tiebreaks.Scoring")
        self.scoring = scoring or Scoring()
        self.name = str(name)
        codes = tiebreaks.split(",") if isinstance(tiebreaks, str) else list(tiebreaks)
        self.tiebreaks = tuple(c.strip() for c in codes if c.strip())
        self.boards = None if boards is None else _whole(boards, "boards")
        if primary not in ("MP", "GP"):
            raise BuilderError(f"primary {primary!r} must be 'MP' or 'GP'")
        self.primary = primary
        win, draw, loss = (Fraction(v) for v in match_points)
        self.match_points = {"TW": win, "TD": draw, "TL": loss}
        self.team_pab = None if team_pab is None else (Fraction(team_pab[0]), Fraction(team_pab[1]))
        self.scale = grid_scale(self.scoring.values())
        self._points = {
            (kind, colour): (pts, int(pts * self.scale))
            for kind in ResultKind
            for colour in Colour
            for pts in (self.scoring.points(kind, colour),)
        }
        self._entries: dict[int, _Entry] = {}
        self._ids: list[int] = []  # sorted
        self._games: dict[int, list[Game]] = {}
        self._units: dict[int, int] = {}
        self._teams: dict[int, Team] = {}
        self._team_rounds: list[_TeamRound] = []
        self.rounds = 0  # rounds recorded
        self._built: Tournament | None = None

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
        pid = _whole(pid, "player id")
        if pid in self._entries:
            raise BuilderError("is already in the event", participant=pid)
        if rating is not None and (isinstance(rating, bool) or not isinstance(rating, int)):
            raise BuilderError(f"rating {rating!r} must be a whole number", participant=pid)
        # Rounds already recorded hold the player as not paired; replace=True can pair it
        # in those from *from_round* on.
        first = self.rounds + 1 if from_round is None else _whole(from_round, "from_round")
        template = Participant(
            id=pid,
            name=str(name),
            points=Fraction(0),
            results=(),
            rating=rating or None,  # as the TRF reader: 0 is unrated
            federation=str(federation),
            fide_id="" if fide_id is None else str(fide_id),
            title=str(title),
            sex=str(sex),
            birth_date=str(birth_date),
        )
        self._entries[pid] = _Entry(dict(template.__dict__), first)
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
        from_round = _whole(from_round, "from_round")
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
        tid = _whole(tid, "team id")
        if tid in self._teams:
            raise BuilderError(f"team {tid} is already in the event")
        roster = tuple(_whole(p, f"team {tid}: player id") for p in players)
        for other in self._teams.values():
            both = set(roster) & set(other.players)
            if both:
                raise BuilderError(
                    f"is in team {other.id} and in team {tid}", participant=min(both)
                )
        self._teams[tid] = Team(tid, str(name), roster, nickname=str(nickname))
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
        n = _whole(n, "round")
        if n > self.rounds + 1:
            raise BuilderError(f"round {self.rounds + 1} must be recorded first", n)
        if n <= self.rounds and not replace:
            raise BuilderError(
                "already recorded; pass replace=True to record it again, or use correct_result",
                n,
            )
        if self.planned is not None and n > self.planned:
            raise BuilderError(f"the event has {self.planned} rounds", n)
        team_event = bool(self._teams)
        new: dict[int, Game] = {}
        points = self._points
        entries = self._entries
        white_points = {k: points[k, Colour.WHITE] for k in ResultKind}
        black_points = {k: points[k, Colour.BLACK] for k in ResultKind}
        for item in games:
            try:
                white, black, result = item
            except (TypeError, ValueError):
                raise BuilderError(f"game {item!r} is not (white, black, result)", n) from None
            # The common case in a few dictionary lookups; anything odd goes the slow way,
            # which says what is wrong.
            ew = entries.get(white) if type(white) is int else None
            eb = entries.get(black) if type(black) is int else None
            if (
                ew is None
                or eb is None
                or white in new
                or black in new
                or white == black
                or not ew.entered <= n < ew.until
                or not eb.entered <= n < eb.until
            ):
                self._refuse(n, new, (white, f"white against {black}"),
                             (black, f"black against {white}"))  # fmt: skip
            kinds = _KINDS.get(result) if type(result) is str else None
            if kinds is None:
                try:
                    kinds = game_kinds(result)
                except ValueError as e:
                    raise BuilderError(f"in game {white}-{black}: {e}", n, white) from None
                if len(_KINDS) < 256:
                    _KINDS[result] = kinds
            kw, kb = kinds
            new[white] = _NEW(Game, (n, kw, black, Colour.WHITE, *white_points[kw]))
            new[black] = _NEW(Game, (n, kb, white, Colour.BLACK, *black_points[kb]))
        for pid, code in (byes or {}).items():
            entry = entries.get(pid) if type(pid) is int else None
            if entry is None or pid in new or not entry.entered <= n < entry.until:
                self._refuse(n, new, (pid, f"bye '{code}'"))
            try:
                kind = _bye_kind(code, team_event)
            except ValueError as e:
                raise BuilderError(f"has an unreadable bye: {e}", n, pid) from None
            new[pid] = _NEW(Game, (n, kind, None, Colour.NONE, *points[kind, Colour.NONE]))
        team_round = self._team_round(n, team_forfeits, team_byes, lineups)
        if not new and not team_round.forfeits and not team_round.byes:
            raise BuilderError("no games and no byes", n)
        # Checked: now change.
        absent = points[ResultKind.NOT_PAIRED, Colour.NONE]
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
        n = _whole(n, "round")
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
        n = _whole(n, "round")
        if n > self.rounds:
            raise BuilderError("not recorded yet", n)
        self._entry(pid, n)
        g = self._games[pid][n - 1]
        if g.opponent is not None or g.kind is ResultKind.NOT_PAIRED:
            raise BuilderError("has no bye to correct", n, pid)
        try:
            kind = _bye_kind(code, bool(self._teams))
        except ValueError as e:
            raise BuilderError(f"has an unreadable bye: {e}", n, pid) from None
        self._set(pid, _NEW(Game, (n, kind, None, Colour.NONE, *self._points[kind, Colour.NONE])))

    # -- the model ----------------------------------------------------------------------
    def tournament(self) -> Tournament:
        """The event as recorded so far: an immutable :class:`Tournament`, unaffected by
        later calls. Raises :class:`BuilderError` when no rules edition can be known
        (neither *edition* nor *end_date*) or when the team data do not hold together."""
        if self._built is not None:
            return self._built
        if self.edition is None and self.end_date is None:
            raise BuilderError(
                "no rules edition: give EventBuilder(edition='fide-2024') or "
                "end_date=date(...); tie-breaks differ between editions, so none is guessed"
            )
        if not self.rounds:
            raise BuilderError("no round is recorded yet")
        scale = self.scale
        units, games, entries = self._units, self._games, self._entries
        people = tuple(
            [
                _participant(entries[pid].fields, from_units(units[pid], scale),
                             tuple(games[pid]), units[pid])
                for pid in self._ids
            ]
        )  # fmt: skip
        t = Tournament(
            name=self.name,
            participants=people,
            rounds=self.rounds,
            scoring=self.scoring,
            type=self.type,
            type_source=self.type_source,
            scale=scale,
            start_date=self.start_date,
            end_date=self.end_date,
            planned_rounds=self.planned,
            declared_tiebreaks=self.tiebreaks,
            edition=self.edition,
        )
        if self._teams:
            t = self._team_event(t)
        self._built = t
        return t

    # -- helpers --------------------------------------------------------------------------
    def _entry(self, pid: object, n: int | None) -> _Entry:
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise BuilderError(f"player id {pid!r} is not a whole number", n)
        if pid not in self._entries:
            raise BuilderError("is unknown (add_player first)", n, pid)
        return self._entries[pid]

    def _refuse(self, n: int, new: Mapping[int, Game], *placed: tuple[object, str]) -> None:
        """Raise the error that keeps *placed* (participant, what it was given) out of round
        *n*, where *new* holds the games accepted so far."""
        for pid, what in placed:
            entry = self._entry(pid, n)
            assert isinstance(pid, int)
            if len(placed) == 2 and placed[0][0] == placed[1][0]:
                raise BuilderError("is paired with itself", n, pid)
            if pid in new:
                g = new[pid]
                before = (
                    f"{g.colour.name.lower()} against {g.opponent}"
                    if g.opponent is not None
                    else f"bye '{g.kind.value}'"
                )
                raise BuilderError(f"is paired twice ({before}, and {what})", n, pid)
            if n < entry.entered:
                raise BuilderError(f"enters the event in round {entry.entered} ({what})", n, pid)
            if n >= entry.until:
                raise BuilderError(f"withdrew from round {entry.until} ({what})", n, pid)
        raise AssertionError("nothing to refuse")  # pragma: no cover

    def _set(self, pid: int, g: Game) -> None:
        row = self._games[pid]
        self._units[pid] += g.units - row[g.round - 1].units
        row[g.round - 1] = g
        self._built = None

    def _team_round(
        self,
        n: int,
        forfeits: Iterable[tuple[int, int, str]],
        byes: Mapping[int, str] | None,
        lineups: Mapping[int, Sequence[int | None]] | None,
    ) -> _TeamRound:
        out = _TeamRound([], {}, {})
        given = list(forfeits) or byes or lineups
        if given and not self._teams:
            raise BuilderError("team_forfeits, team_byes and lineups need teams (add_team)", n)
        placed: dict[int, str] = {}

        def team(tid: object, what: str) -> int:
            if isinstance(tid, bool) or not isinstance(tid, int) or tid not in self._teams:
                raise BuilderError(f"unknown team {tid!r} ({what})", n)
            if tid in placed:
                raise BuilderError(f"team {tid} is paired twice ({placed[tid]}, and {what})", n)
            placed[tid] = what
            return tid

        for item in forfeits:
            try:
                white, black, code = item
            except (TypeError, ValueError):
                raise BuilderError(
                    f"team forfeit {item!r} is not (white, black, code)", n
                ) from None
            if code not in ("+-", "-+", "--"):
                raise BuilderError(f"team forfeit '{code}' must be +-, -+ or --", n)
            out.forfeits.append((code, team(white, f"forfeit {code}"), team(black, "forfeit")))
        for tid, code in (byes or {}).items():
            text = code.strip().upper() if isinstance(code, str) else ""
            if text not in ("U", "F", "H", "Z"):
                raise BuilderError(f"team bye {code!r} must be U, F, H or Z", n)
            out.byes[team(tid, f"bye {text}")] = BYES[text]
        for tid, board_list in (lineups or {}).items():
            if tid not in self._teams:
                raise BuilderError(f"unknown team {tid!r} (lineup)", n)
            for p in board_list:
                if p is not None:
                    self._entry(p, n)
            out.lineups[tid] = tuple(board_list)
        return out

    def _team_event(self, ind: Tournament) -> Tournament:
        recs = TeamRecords(
            teams=list(self._teams.values()),
            boards=self.boards,
            match_points=dict(self.match_points),
            primary=self.primary,
            pab_override=self.team_pab,
        )
        team_of = {p: t.id for t in self._teams.values() for p in t.players}
        for r, tr in enumerate(self._team_rounds, start=1):
            for code, white, black in tr.forfeits:
                recs.forfeits.append((0, code, r, white, black))
            for kind in {k for k in tr.byes.values()}:
                recs.byes.append((0, kind, r, [t for t, k in tr.byes.items() if k is kind]))
            for tid, seats in tr.lineups.items():
                opponents = [
                    team_of.get(self._games[p][r - 1].opponent or 0) for p in seats if p is not None
                ]
                opp = next((o for o in opponents if o), 0)
                recs.lineups.append((0, r, tid, opp, [p or 0 for p in seats]))
        out = Collector("<EventBuilder>")
        t = build_team_event(ind, recs, out)
        problems = [d.message for d in out.items if d.severity >= Severity.WARNING]
        if problems:
            raise BuilderError("; ".join(problems))
        return t
