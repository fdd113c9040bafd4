"""Swiss rounds paired by a real FIDE Dutch engine: ``caissify-pairings`` (the optional
``certify-dutch`` extra), called once per round with the scores, colour and float
histories and previous pairings so far. It is imported only when ``--pairing dutch`` is
asked for."""

from __future__ import annotations

from .pairer import Pair, Pairing, PairingRequest


def dutch(request: PairingRequest) -> Pairing:
    """One round of C.04.3 (Dutch) pairings of the request's pool; the float history the
    engine asks for is kept in the state's *floats*."""
    import warnings

    from caissify_pairings import generate_pairings

    state, pool = request.state, request.pool
    floats = state.floats
    players = [
        {
            "id": i,
            "name": f"Player {i}",
            "score": state.score[i] / 2,
            "rating": request.ratings[i - 1],
            "starting_number": i,
            "color_hist": ["white" if c == "w" else "black" for c in state.colours[i]],
            "float_history": floats.get(i, ["none"] * len(state.colours[i])),
            "bye_count": int(i in state.had_pab),
        }
        for i in pool
    ]
    previous = {(a, b) for a in pool for b in state.met[a] if b in pool}
    with warnings.catch_warnings():  # the engine warns when no one has floated yet
        warnings.simplefilter("ignore")
        pairings = generate_pairings("dutch", players, previous, request.round, request.rounds)
    pab = 0
    pairs = []
    for p in pairings:
        if p.get("black_id") is None:
            pab = int(p["white_id"])
            continue
        pairs.append(Pair(int(p["white_id"]), int(p["black_id"])))
    _record_floats(state.score, state.colours, floats, pairs)
    return Pairing(pab, pairs)


def _record_floats(
    score: dict[int, int],
    colours: dict[int, list[str]],
    floats: dict[int, list[str]],
    pairs: list[Pair],
) -> None:
    """Each paired participant's float this round: down for the higher score of a pair of
    different scores, up for the lower, none for equal scores."""
    for white, black in pairs:
        high, low = (white, black) if score[white] >= score[black] else (black, white)
        differ = score[white] != score[black]
        floats.setdefault(high, ["none"] * (len(colours[high]))).append(
            "down" if differ else "none"
        )
        floats.setdefault(low, ["none"] * (len(colours[low]))).append("up" if differ else "none")
