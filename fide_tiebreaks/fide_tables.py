"""FIDE Rating Regulations (FIDE Handbook B.02), table 8.1, as the rating-based tie-breaks of
C.07 Art. 10 use them: 8.1(a) for the Tournament Performance Rating (10.2) and 8.1(b) for the
Perfect Tournament Performance (10.3). Values in hundredths, as the Handbook prints them.
"""

from __future__ import annotations

# 8.1(a): fractional score p (0.00 .. 1.00, by hundredths) -> rating difference dp.
DP_BY_HUNDREDTHS = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip

# 8.1(b): rating difference D -> scoring probability PD of the higher-rated player, printed
# as ranges; here the upper end of each range and its PD. Above 735: 1.00. The full scale is
# used, without the 400-point rule of the rating calculation (C.07 10.3).
PD_RANGES = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66),
    (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
    (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82),
    (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90),
    (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98),
    (735, 99),
)  # fmt: skip

_PD = [100] * 736
_low = 0
for _high, _pd in PD_RANGES:
    for _d in range(_low, _high + 1):
        _PD[_d] = _pd
    _low = _high + 1


def expected_hundredths(diff: int) -> int:
    """Expected score, in hundredths, of a player rated *diff* points above the opponent
    (negative when below), from table 8.1(b)."""
    if diff >= 0:
        return _PD[diff] if diff <= 735 else 100
    return 100 - (_PD[-diff] if -diff <= 735 else 100)
