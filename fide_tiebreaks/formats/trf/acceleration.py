"""TRF acceleration records: JaVaFo ``XXA`` (virtual points per player and round) and
TRF-2026 ``250`` (virtual points for a range of rounds and players). Columns are 1-based, as
in file-formats.md: ``XXA`` has the player's start rank in columns 5-8, then ``pp.p`` for
round *r* from column 10 + 5(r - 1); ``250`` has the fictitious match points (teams) in
5-8, the fictitious points in 10-13, the first and last round in 15-17 and 19-21, the first
and last player in 23-26 and 28-31."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...model import Acceleration
from ...numbers import NumberError, parse_int, read_decimal
from .state import MAX_PLAYERS, MAX_ROUNDS, Accelerated, ParserState, PlayerLine


def accel_xxa(st: ParserState, number: int, line: str) -> None:
    """JaVaFo XXA: the player's virtual points, round by round."""
    try:
        pid = parse_int(line[4:8].strip(), "XXA start rank", 1, MAX_PLAYERS)
    except NumberError as e:
        st.out.warning(number, 5, f"{e}; the XXA line is ignored")
        return
    for m in re.finditer(r"\S+", line[8:]):
        column = 9 + m.start()
        rnd = (column - 10) // 5 + 1  # the block the value starts in
        if rnd < 1 or rnd > MAX_ROUNDS:
            st.out.warning(number, column, "XXA value outside the round columns; ignored")
            continue
        try:
            points = read_decimal(m.group(), f"XXA points for round {rnd}")
        except NumberError as e:
            st.out.warning(number, column, f"{e}; ignored")
            continue
        _accelerate(st, number, column, Acceleration(pid, rnd, points), ranged=False)


def accel_250(st: ParserState, number: int, line: str) -> None:
    """TRF-2026 250: virtual points for a range of rounds and of players."""
    st.info.setdefault("250", line[4:].strip())  # a header record, kept as the others
    fields = (
        ("points", 9, 13),
        ("first round", 14, 17),
        ("last round", 18, 21),
        ("first player", 22, 26),
        ("last player", 27, 31),
    )
    values: dict[str, str] = {name: line[a:b].strip() for name, a, b in fields}
    match_points = line[4:8].strip()
    try:
        if not values["points"] and match_points:  # a team event's: match points only
            read_decimal(match_points, "250 fictitious match points")
            values["points"] = "0"  # no game points: nothing for the players' scores
        points = read_decimal(values["points"], "250 fictitious points")
        first, last = (
            parse_int(values[k], f"250 {k}", 1, MAX_ROUNDS) for k in ("first round", "last round")
        )
        low, high = (
            parse_int(values[k], f"250 {k}", 1, MAX_PLAYERS)
            for k in ("first player", "last player")
        )
    except NumberError as e:
        st.out.warning(number, 5, f"{e}; the 250 line is ignored")
        return
    if first > last or low > high:
        st.out.warning(number, 15, "250: a range ends before it starts; ignored")
        return
    for pid in range(low, high + 1):
        for rnd in range(first, last + 1):
            _accelerate(st, number, 10, Acceleration(pid, rnd, points), ranged=True)


def _accelerate(
    st: ParserState, number: int, column: int, a: Acceleration, *, ranged: bool
) -> None:
    if a.points < 0:
        st.out.warning(number, column, f"virtual points {a.points} are negative; ignored")
        return
    st.accelerations.append(Accelerated(number, ranged, a))


def settle_acceleration(
    st: ParserState, players: Mapping[int, PlayerLine]
) -> tuple[Acceleration, ...]:
    """The virtual points of players that exist; one value per player and round (a later
    line replaces an earlier one, as for XXS). A 250 range may name start ranks that are
    not in the file (a range is a range); a single XXA line may not."""
    kept: dict[tuple[int, int], Acceleration] = {}
    for number, ranged, a in st.accelerations:
        if a.participant not in players:
            if not ranged:
                st.out.warning(
                    number, 5, f"XXA: no player with start rank {a.participant}; ignored"
                )
            continue
        if a.points:
            kept[a.participant, a.round] = a
        else:
            kept.pop((a.participant, a.round), None)
    return tuple(kept[k] for k in sorted(kept))
