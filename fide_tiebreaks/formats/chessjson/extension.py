"""What the model holds that neither Chess-JSON nor a TRF record can say, carried in the
tournament's ``other`` object (our namespace; other readers ignore it) and read back: the
rules edition an organiser chose, points outside the scoring system with more precision than
TRF-2026 ``299``'s four columns (``1/3``), and the model's grid (docs/formats.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...errors import FideTiebreaksError
from ...model import Acceleration, Participant, Tournament
from ...numbers import exact_str, from_units, grid_scale, parse_exact

# The key in "other" holding the points; the reader applies them after the TRF reader.
POINTS = "points"
# The key holding the virtual points of an accelerated pairing (Tournament.acceleration) of
# an event that has no XXA or 250 record to carry them (one the builder made).
ACCELERATION = "acceleration"


def extras(t: Tournament) -> dict[str, Any]:
    """The ``other`` entries for *t*: ``edition`` and ``points`` (individual events)."""
    out: dict[str, Any] = {}
    if t.edition is not None:
        out["edition"] = t.edition
    carried = any(sl.text[:3] in ("XXA", "250") for sl in (t.source.lines if t.source else ()))
    if t.acceleration and not carried:  # a source's XXA / 250 lines travel in other.trf
        out[ACCELERATION] = [
            {"cid": a.participant, "round": a.round, "points": exact_str(a.points)}
            for a in t.acceleration
        ]
    if t.team is not None:
        return out  # a team file's 299 records travel as records (other.trf)
    adjusted = [
        {"cid": p.id, "points": exact_str(from_units(p.adjustment_units, t.scale))}
        for p in t.participants
        if p.adjustment_units
    ]
    results = [
        {"cid": p.id, "round": g.round, "points": exact_str(g.points)}
        for p in t.participants
        for g in p.results
        if g.points != t.scoring.points(g.kind, g.colour)
    ]
    if adjusted or results or t.scale != grid_scale(t.scoring.values()):
        out[POINTS] = {"scale": t.scale, "adjustments": adjusted, "results": results}
    return out


class ExtensionError(FideTiebreaksError, ValueError):
    """A value in ``other`` that cannot be read back (the message says which)."""


def apply(t: Tournament, other: Mapping[str, Any]) -> Tournament:
    """*t* as the TRF reader made it, with the edition and the points of *other*."""
    edition = other.get("edition")
    if edition is not None:
        if not isinstance(edition, str) or not edition.strip():
            raise ExtensionError(f'"other.edition" {edition!r} must be a name such as fide-2024')
        team = t.team
        if team is not None:  # the players' view carries the edition as the builder's does
            team = dataclasses.replace(
                team, players=dataclasses.replace(team.players, edition=edition)
            )
        t = dataclasses.replace(t, edition=edition, team=team)
    if other.get(ACCELERATION) is not None:
        t = dataclasses.replace(t, acceleration=_acceleration(t, other[ACCELERATION]))
    spec = other.get(POINTS)
    if spec is None or t.team is not None:
        return t
    if not isinstance(spec, dict):
        raise ExtensionError('"other.points" must be an object')
    return _points(t, spec)


def _exact(value: object, what: str) -> Fraction:
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return parse_exact(value, what)
        except ValueError:
            pass
    raise ExtensionError(f"{what} {str(value)[:40]!r} is not an exact number")


def _cid(entry: object, what: str, t: Tournament) -> tuple[Participant, Mapping[str, Any]]:
    if (
        not isinstance(entry, dict)
        or type(entry.get("cid")) is not int
        or (entry["cid"] not in t.index)
    ):
        raise ExtensionError(f"{what} names no competitor of the event")
    return t.participant(entry["cid"]), entry


def _points(t: Tournament, spec: Mapping[str, Any]) -> Tournament:
    """Points outside the scoring system: each listed round's points replace the scoring
    system's, each listed adjustment is the participant's whole bonus (absolute, so that a
    ``299`` record also carried in ``other.trf`` is not counted twice)."""
    games: dict[tuple[int, int], Fraction] = {}
    for i, item in enumerate(_list(spec.get("results"), "results")):
        p, entry = _cid(item, f'"other.points.results[{i}]"', t)
        rnd = entry.get("round")
        if not isinstance(rnd, int) or not 1 <= rnd <= len(p.results):
            raise ExtensionError(f'"other.points.results[{i}]": round {rnd!r} is not played')
        games[p.id, rnd] = _exact(entry.get("points"), f'"other.points.results[{i}].points"')
    bonus: dict[int, Fraction] = {}
    for i, item in enumerate(_list(spec.get("adjustments"), "adjustments")):
        p, entry = _cid(item, f'"other.points.adjustments[{i}]"', t)
        bonus[p.id] = _exact(entry.get("points"), f'"other.points.adjustments[{i}].points"')
    # Without a scale (a file written by hand), the finest grid the values need.
    scale = spec.get("scale", grid_scale([*games.values(), *bonus.values(), Fraction(1, t.scale)]))
    if isinstance(scale, bool) or not isinstance(scale, int) or not 1 <= scale <= 10**9:
        raise ExtensionError(f'"other.points.scale" {scale!r} must be a whole number 1..10^9')
    for v in [*games.values(), *bonus.values(), *t.scoring.values()]:
        if (scale * v).denominator != 1:
            raise ExtensionError(f'"other.points.scale" {scale} does not hold {exact_str(v)}')
    people = tuple(_rescored(p, games, bonus.get(p.id, Fraction(0)), scale) for p in t.participants)
    return dataclasses.replace(t, participants=people, scale=scale)


def _acceleration(t: Tournament, items: object) -> tuple[Acceleration, ...]:
    """``other.acceleration``: one participant's virtual points for one round each, for a
    round of the event (C.04.7; brackets only, never the score)."""
    if not isinstance(items, list):
        raise ExtensionError('"other.acceleration" must be a list')
    kept: dict[tuple[int, int], Acceleration] = {}
    last = max(t.planned_rounds or 0, t.rounds)
    for i, item in enumerate(items):
        what = f'"other.acceleration[{i}]"'
        p, entry = _cid(item, what, t)
        rnd = entry.get("round")
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= last:
            raise ExtensionError(f"{what}: round {rnd!r} is not a round of the event")
        points = _exact(entry.get("points"), f"{what}.points")
        if points < 0:
            raise ExtensionError(f"{what}.points {exact_str(points)} must not be negative")
        kept[p.id, rnd] = Acceleration(participant=p.id, round=rnd, points=points)
    return tuple(kept[k] for k in sorted(kept))


def _list(value: object, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ExtensionError(f'"other.points.{what}" must be a list')
    return value


def _rescored(
    p: Participant, games: Mapping[tuple[int, int], Fraction], bonus: Fraction, scale: int
) -> Participant:
    results = tuple(
        g._replace(
            points=games.get((p.id, g.round), g.points),
            units=int(games.get((p.id, g.round), g.points) * scale),
        )
        for g in p.results
    )
    adjustment = int(bonus * scale)
    units = sum(g.units for g in results) + adjustment
    return dataclasses.replace(
        p,
        results=results,
        units=units,
        points=from_units(units, scale),
        adjustment_units=adjustment,
    )
