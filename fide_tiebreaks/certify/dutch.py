"""Swiss rounds paired by a real FIDE Dutch engine: ``caissify-pairings`` (the optional
``certify-dutch`` extra), called once per round with the scores, colour and float
histories and previous pairings so far. It is imported only when ``--pairing dutch`` is
asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def dutch(
    r: int,
    rounds: int,
    pool: list[int],
    ratings: Sequence[int],
    score: dict[int, int],
    colours: dict[int, list[str]],
    met: dict[int, set[int]],
    had_pab: set[int],
    state: dict[str, Any],
) -> tuple[int, list[tuple[int, int]]]:
    """One round of C.04.3 (Dutch) pairings of *pool*: (PAB or 0, [(white, black)])."""
    import warnings

    from caissify_pairings import generate_pairings

    floats: dict[int, list[str]] = state.setdefault("floats", {})
    players = [
        {
            "id": i,
            "name": f"Player {i}",
            "score": score[i] / 2,
            "rating": ratings[i - 1],
            "starting_number": i,
            "color_hist": ["white" if c == "w" else "black" for c in colours[i]],
            "float_history": floats.get(i, ["none"] * len(colours[i])),
            "bye_count": int(i in had_pab),
        }
        for i in pool
    ]
    previous = {(a, b) for a in pool for b in met[a] if b in pool}
    with warnings.catch_warnings():  # the engine warns when no one has floated yet
        warnings.simplefilter("ignore")
        pairings = generate_pairings("dutch", players, previous, r, rounds)
    pab = 0
    pairs = []
    for p in pairings:
        if p.get("black_id") is None:
            pab = int(p["white_id"])
            continue
        pairs.append((int(p["white_id"]), int(p["black_id"])))
    for white, black in pairs:
        high, low = (white, black) if score[white] >= score[black] else (black, white)
        differ = score[white] != score[black]
        floats.setdefault(high, ["none"] * (len(colours[high]))).append(
            "down" if differ else "none"
        )
        floats.setdefault(low, ["none"] * (len(colours[low]))).append("up" if differ else "none")
    return pab, pairs
