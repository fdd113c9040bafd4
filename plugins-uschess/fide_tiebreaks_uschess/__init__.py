"""US Chess tie-breaks for fide-tiebreaks: the tiebreak systems of US Chess's Official Rules
of Chess, 7th edition, rule 34, as a plugin distribution (plugin name ``uschess``).

It registers only through the public hooks (``fide_tiebreaks.hookspecs``): the codes
(``fide_tiebreaks_register``), the rules edition ``uschess-7`` every code is computed under
(``fide_tiebreaks_editions``, named by each code's ``Tiebreak.edition``), the presets
``uschess-swiss`` and ``uschess-team`` (``fide_tiebreaks_presets``) and its own conformance
cases (``fide_tiebreaks_add_fixture_dirs``). docs/interpretations.md in this distribution
says where each article's text was read and what was decided where it is silent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from fide_tiebreaks import Context, Option, Tiebreak, hookimpl
from fide_tiebreaks.editions import Edition
from fide_tiebreaks.tiebreak import Preset

from . import games, opposition, progress, team
from .edition import CITATION, NAME, USCHESS_7

__version__ = "0.1.0"


def _code(
    code: str,
    name: str,
    article: str,
    description: str,
    *,
    compute: Callable[[Context], Mapping[int, Fraction]],
    explain: Callable[[Context, int], Sequence[object]],
    group: bool = False,
    check: Callable[[Context], None] | None = None,
) -> Tiebreak:
    """A US Chess code, always computed under the ``uschess-7`` edition."""
    return Tiebreak(
        code=code,
        name=name,
        compute=compute,
        article=f"{CITATION} {article}",
        description=description,
        group=group,
        alone=0 if group else None,  # 34E5: one not tied with anybody has no result to count
        check=check,
        explain=explain,
        edition=NAME,
    )


# Rule 34E in the rulebook's order, then the team system of 34G2.
CODES = (
    _code(
        "MM",
        "Modified Median",
        "34E1",
        "Opponents' adjusted scores; plus: lowest dropped, even: highest and lowest, "
        "minus: highest (two each way from 9 rounds).",
        compute=opposition.modified_median,
        explain=opposition.explain_modified_median,
    ),
    _code(
        "MED",
        "Median (Harkness)",
        "34E4",
        "Opponents' adjusted scores, highest and lowest dropped (two each way from 9 rounds).",
        compute=opposition.median,
        explain=opposition.explain_median,
    ),
    _code(
        "SOLK",
        "Solkoff",
        "34E2",
        "Sum of the opponents' adjusted scores.",
        compute=opposition.solkoff,
        explain=opposition.explain_solkoff,
    ),
    _code(
        "CUM",
        "Cumulative",
        "34E3",
        "Sum of the running scores, less the points of unplayed wins and byes.",
        compute=progress.cumulative,
        explain=progress.explain_cumulative,
    ),
    _code(
        "OCUM",
        "Cumulative of opposition",
        "34E9",
        "Sum of the opponents' Cumulative tie-breaks.",
        compute=progress.cumulative_of_opposition,
        explain=progress.explain_cumulative_of_opposition,
    ),
    _code(
        "USDE",
        "Result between tied players",
        "34E5",
        "Wins less losses in the games among the players still tied.",
        compute=games.result_between_tied,
        explain=games.explain_result_between_tied,
        group=True,
    ),
    _code(
        "MBLK",
        "Most blacks",
        "34E6",
        "Games played with Black.",
        compute=games.most_blacks,
        explain=games.explain_most_blacks,
    ),
    _code(
        "KASH",
        "Kashdan",
        "34E7",
        "4 per win, 2 per draw, 1 per loss, 0 per unplayed game.",
        compute=games.kashdan,
        explain=games.explain_kashdan,
    ),
    _code(
        "USSB",
        "Sonneborn-Berger (US Chess)",
        "34E8",
        "Adjusted scores of the opponents beaten plus half those of the opponents drawn.",
        compute=opposition.sonneborn_berger,
        explain=opposition.explain_sonneborn_berger,
    ),
    _code(
        "USARO",
        "Average rating of opposition",
        "34E11",
        "Mean rating of the rated opponents played.",
        compute=games.average_rating_of_opposition,
        explain=games.explain_average_rating,
    ),
    _code(
        "USAT",
        "US Amateur Team system",
        "34G2",
        "Per match: game points scored x the opponent team's final match points, added up.",
        compute=team.us_amateur_team,
        explain=team.explain_us_amateur_team,
        check=team.check_team,
    ),
)


@hookimpl
def fide_tiebreaks_register() -> list[Tiebreak]:
    return list(CODES)


@hookimpl
def fide_tiebreaks_options() -> list[Option]:
    return [
        Option(
            name=opposition.MINUS_OPTION,
            type="choice",
            choices=("highest", "lowest"),
            default="highest",
            help="MM (US Chess 34E1): what a minus score discards: the highest, as the 7th "
            "edition says, or the lowest, as some TD pages state it",
        )
    ]


@hookimpl
def fide_tiebreaks_editions() -> list[Edition]:
    return [USCHESS_7]


@hookimpl
def fide_tiebreaks_presets() -> list[Preset]:
    return [
        Preset(
            name="uschess-swiss",
            tiebreaks="MM,SOLK,CUM,OCUM",
            description="individual Swiss under US Chess rules: Modified Median, Solkoff, "
            "Cumulative, Cumulative of opposition",
            citation=f"{CITATION} 34E: the order players expect unless another is posted",
            edition=NAME,
        ),
        Preset(
            name="uschess-team",
            tiebreaks="USAT",
            description="team event of team-against-team matches under US Chess rules: "
            "the US Amateur Team system",
            citation=f"{CITATION} 34G2",
            edition=NAME,
        ),
    ]


@hookimpl
def fide_tiebreaks_add_fixture_dirs() -> list[str]:
    # pathlib only here: a standings run loads this module and never needs it (start-up)
    from pathlib import Path

    return [str(Path(__file__).parent / "cases")]
