"""National rating lines (TRF-2026) and fide-tiebreaks' own comment records.

Our records are TRF comments (``###``), which every TRF reader skips, so a file that carries
them stays a valid TRF for other programs (docs/decisions.md)::

    ### fide-tiebreaks lots: SEED
    ### fide-tiebreaks decided: play-off:5>3>7 blitz, 2 games
    ### fide-tiebreaks drawn: place 3: 7>2>5
    ### fide-tiebreaks round-ratings: 5 2100 2100 2150 - 2150

``drawn`` shows the order the lots gave (the seed re-derives it; it is not read).
``round-ratings`` gives participant 5's rating in force in each round (``-``: the initial
rating). The national rating line (``IND    5 ...`` with the columns of ``001`` and the
federation in columns 1-3) gives the national rating in columns 49-52.
"""

from __future__ import annotations

from dataclasses import replace

from ...decisions import DecisionError, check_seed, decided_text, parse_decided
from ...diagnostics import Collector
from ...model import Decision, Participant, Tournament
from ...source_text import SourceFile
from .state import MAX_PLAYERS, PREFIX, digits, not_a_rating

LOTS, DECIDED, DRAWN, ROUND_RATINGS = "lots:", "decided:", "drawn:", "round-ratings:"
MAX_RATING = 9999  # four columns, as in 001


class ExtraRecords:
    """National rating lines and our comment records, applied to the model at the end."""

    def __init__(self, source: SourceFile, out: Collector) -> None:
        self.source = source
        self.out = out
        self.national: dict[int, tuple[int, int]] = {}  # id -> (rating, line)
        self.decided: list[tuple[int, Decision]] = []
        self.lots_seed: str | None = None
        self.round_ratings: dict[int, tuple[int, tuple[int | None, ...]]] = {}

    def national_line(self, number: int, line: str) -> None:
        """TRF-2026 national rating support: columns 5-8 the start rank, 49-52 the rating."""
        pid_text, rating_text = line[4:8].strip(), line[48:52].strip()
        if not digits(pid_text) or not 1 <= int(pid_text) <= MAX_PLAYERS:
            self.out.warning(
                number, 5, f"national rating line: start rank '{pid_text}' is not a number; ignored"
            )
            return
        if not rating_text:
            return
        if not digits(rating_text):
            self.out.warning(number, 49, f"{not_a_rating(rating_text, 'national rating')}; ignored")
            return
        if int(rating_text):
            self.national.setdefault(int(pid_text), (int(rating_text), number))

    def comment(self, number: int, line: str) -> None:
        """A ``### fide-tiebreaks`` record; other comments are skipped."""
        body = line[len(PREFIX) :].strip()
        column = len(PREFIX) + 1
        if body.startswith(LOTS):
            try:
                seed = check_seed(body[len(LOTS) :].strip())
            except ValueError as e:
                self.out.error(number, column, str(e))
                return
            if self.lots_seed is not None and seed != self.lots_seed:
                self.out.error(number, column, "a second lots seed; the file gives one only")
            self.lots_seed = seed
        elif body.startswith(DECIDED):
            where = f"{self.source.path}:{number}"
            try:
                d = parse_decided(body[len(DECIDED) :], where)
            except DecisionError as e:
                self.out.error(number, column, str(e).removeprefix(where + ": "))
                return
            self.decided.append((number, d))
        elif body.startswith(DRAWN):
            pass  # the drawn order, for a reader's eyes: the seed re-derives it
        elif body.startswith(ROUND_RATINGS):
            self._round_ratings(number, body[len(ROUND_RATINGS) :], column)
        else:
            self.out.warning(
                number,
                column,
                f"unknown fide-tiebreaks record '{body[:30]}'; "
                "known: lots:, decided:, round-ratings:",
            )

    def _round_ratings(self, number: int, text: str, column: int) -> None:
        items = text.split()
        if not items or not digits(items[0]):
            self.out.error(
                number,
                column,
                "round-ratings: give the start rank, then a rating (or '-') per round",
            )
            return
        ratings: list[int | None] = []
        for item in items[1:]:
            if item == "-":
                ratings.append(None)
            elif digits(item) and 0 < int(item) <= MAX_RATING:
                ratings.append(int(item))
            else:
                self.out.error(
                    number,
                    column,
                    f"round-ratings: '{item}' is not a rating (1-{MAX_RATING}) or '-'",
                )
                return
        pid = int(items[0])
        if pid in self.round_ratings:
            self.out.error(
                number,
                column,
                f"round-ratings of {pid} given again (first on line {self.round_ratings[pid][0]})",
            )
            return
        self.round_ratings[pid] = (number, tuple(ratings))

    def apply_ratings(self, t: Tournament) -> Tournament:
        """The players with their national and per-round ratings; every participant named
        is checked here, where it is read."""
        known = {p.id for p in t.participants}
        for pid, (_, n) in self.national.items():
            if pid not in known:
                self.out.warning(n, 5, f"national rating line for {pid}: no such player")
        for pid, (n, ratings) in self.round_ratings.items():
            if pid not in known:
                self.out.error(n, 1, f"round-ratings: no participant {pid}")
            elif len(ratings) > t.rounds:
                self.out.error(
                    n, 1, f"round-ratings of {pid}: {len(ratings)} ratings for {t.rounds} rounds"
                )
        if self.national or self.round_ratings:
            people = tuple(self._with_ratings(p, t.rounds) for p in t.participants)
            t = replace(t, participants=people)
        return t

    def apply_decisions(self, t: Tournament) -> Tournament:
        """The model with the decisions and the lots seed (of the participants ranked: the
        teams of a team event)."""
        known = {p.id for p in t.participants}
        decisions = []
        for n, d in self.decided:
            missing = [pid for pid in d.order if pid not in known]
            if missing:
                self.out.error(n, 1, f"decided: no participant {missing[0]}")
            else:
                decisions.append(d)
        if not decisions and self.lots_seed is None:
            return t
        return replace(t, decisions=tuple(decisions), lots_seed=self.lots_seed)

    def _with_ratings(self, p: Participant, rounds: int) -> Participant:
        national = self.national.get(p.id)
        per_round = self.round_ratings.get(p.id)
        if national is None and per_round is None:
            return p
        ratings = per_round[1][:rounds] if per_round else ()
        return replace(p, national_rating=national[0] if national else None, round_ratings=ratings)


def model_records(t: Tournament, players: Tournament) -> list[str]:
    """Our comment records for what the model holds after the tie-break list (the lots
    seed, the decisions) and the players' per-round ratings, as :class:`ExtraRecords` reads
    them back: for an event with no TRF source to copy them from (built in memory)."""
    lines = [f"{PREFIX}{LOTS} {t.lots_seed}"] if t.lots_seed is not None else []
    lines += [f"{PREFIX}{DECIDED} {decided_text(d)}" for d in t.decisions]
    for p in players.participants:
        if p.round_ratings:
            shown = " ".join("-" if r is None else str(r) for r in p.round_ratings)
            lines.append(f"{PREFIX}{ROUND_RATINGS} {p.id} {shown}")
    return lines
