"""The pairer of a generated Swiss: the request for one round, its answer, and the protocol
that both pairers follow (score groups in ``generate.py``, the FIDE Dutch engine in
``dutch.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from typing import Protocol

from ..data_classes import NamedTuple, dataclass


@dataclass
class SwissState:
    """What the rounds so far leave for the next pairing, per participant id. The generator
    updates it after each round; a pairer reads it and may keep its own memory in
    *floats*."""

    score: dict[int, int]  # half points
    colours: dict[int, list[str]]  # "w" / "b" per game played
    met: dict[int, set[int]]
    had_pab: set[int]
    # The Dutch engine's float history ("up", "down", "none" per round it paired)
    floats: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def start(cls, ids: Sequence[int]) -> SwissState:
        """Before round 1: no points, colours, opponents or PABs."""
        return cls(
            score=dict.fromkeys(ids, 0),
            colours={i: [] for i in ids},
            met={i: set() for i in ids},
            had_pab=set(),
        )


class PairingRequest(NamedTuple):
    """Pair *pool* (the participants present) for round *round* of *rounds*."""

    round: int
    rounds: int
    pool: list[int]
    ratings: Sequence[int]  # ratings[id - 1], 0 when unrated
    state: SwissState


class Pair(NamedTuple):
    white: int
    black: int


class Pairing(NamedTuple):
    """A round's pairing: the participant given the pairing-allocated bye (0: none) and the
    games."""

    pab: int
    pairs: list[Pair]


class Pairer(Protocol):
    """Pairs one round of a generated Swiss."""

    def __call__(self, request: PairingRequest, /) -> Pairing: ...
