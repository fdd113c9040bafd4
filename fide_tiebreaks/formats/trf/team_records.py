"""TRF team records: TRF16 013 (rosters) and TRF-2026 310, 320, 330, 300, 352, 362."""

from __future__ import annotations

import re

from ...model import Team
from ...numbers import clip, parse_decimal
from .state import ParserState, digits, record_value


class TeamRecordReader(ParserState):
    """Team records, kept as read in ``self.teams`` (teams.build_team_event uses them)."""

    def _team_013(self, number: int, line: str) -> None:
        players = self._numbers(number, line[36:], 36)
        if players is None:
            return
        tid = len([t for t in self.teams.teams]) + 1  # TRF16 numbers teams by their order
        self.teams.teams.append(Team(tid, line[4:36].strip(), tuple(p for p in players if p),
                                     line=number))  # fmt: skip

    def _team_310(self, number: int, line: str) -> None:
        tid_text = line[4:7].strip()
        players = self._numbers(number, line[72:], 72)
        if not digits(tid_text) or players is None:
            self.out.warning(number, 5, "310 needs a team number in columns 5-7 and player "
                             "numbers from column 74; ignored")  # fmt: skip
            return
        if line[7:8].isdigit():
            self.out.error(number, 5, f"team number '{line[4:8]}' does not fit columns 5-7: "
                           "TRF holds at most 999 teams")  # fmt: skip
            return
        rank = line[68:71].strip()
        self.teams.teams.append(Team(
            int(tid_text), line[8:40].strip(), tuple(p for p in players if p),
            nickname=line[41:46].strip(), declared_mp=parse_decimal(line[54:60]),
            declared_gp=parse_decimal(line[61:67]),
            declared_rank=int(rank) if digits(rank) else None, line=number,
        ))  # fmt: skip

    def _team_pab(self, number: int, line: str) -> None:
        mp, gp = parse_decimal(line[4:8]), parse_decimal(line[9:13])
        if mp is None or gp is None:
            self.out.warning(number, 5, "320 needs the PAB's match points in columns 5-8 and "
                             "game points in 10-13; ignored")  # fmt: skip
            return
        teams = {}
        for r, start in enumerate(range(14, len(line), 4), start=1):
            text = line[start : start + 3].strip()
            if digits(text) and int(text):
                teams[r] = int(text)
            elif text and not digits(text):
                self.out.warning(number, start + 1, f"320: '{text}' is not a team number")
        self.teams.pab = (number, mp, gp, teams)

    def _team_forfeit(self, number: int, line: str) -> None:
        code = line[4:6]
        values = self._numbers(number, line[6:], 6)
        if code not in ("+-", "-+", "--") or values is None or len(values) != 3:
            self.out.warning(number, 5, "330 needs +-, -+ or -- in columns 5-6, then the round "
                             "and the two teams; ignored")  # fmt: skip
            return
        self.teams.forfeits.append((number, code, *values))  # type: ignore[arg-type]

    def _team_lineup(self, number: int, line: str) -> None:
        values = self._numbers(number, line[4:], 4)
        if values is None or len(values) < 3:
            self.out.warning(number, 5, "300 needs a round, a team, the opponent team and the "
                             "players by board; ignored")  # fmt: skip
            return
        self.teams.lineups.append((number, values[0], values[1], values[2], values[3:]))

    def _team_boards(self, number: int, line: str) -> None:
        colours = record_value(line)
        if colours and set(colours.upper()) <= {"W", "B"}:
            self.teams.boards = len(colours)
        else:
            self.out.warning(
                number, 5, f"352 '{clip(colours)}' is not a sequence of W and B; ignored"
            )

    def _team_points(self, number: int, line: str) -> None:
        for m in re.finditer(r"(T[WDLWF]|\S+)\s+([0-9]+(?:[.,][0-9]+)?)", line[4:]):
            value = parse_decimal(m.group(2))
            if m.group(1).upper() in ("TW", "TD", "TL") and value is not None:
                self.teams.match_points[m.group(1).upper()] = value
            else:
                self.out.warning(number, 5 + m.start(), f"362: '{clip(m.group(1))}' not understood")
