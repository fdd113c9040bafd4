"""Generated events as standings files (``fide-tiebreaks generate``, the endorsement's RTG):
the event of :mod:`.generate`, its tie-break list (given, or drawn from MTB26 per event),
the dates of its rules edition, and the final ranks and 212 record our engine computes, so
that a standings checker can verify each file.

TRF-2026 (C.02.03 Annexure A) writes ``142`` rounds, ``192`` the encoded type and ``202``
the list; TRF16 keeps JaVaFo's ``XXR`` and only adds ``212``. Both carry the ranks in
columns 86-89 (teams: ``310`` columns 69-71).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import field
from pathlib import Path

from ..codes import CodeError
from ..data_classes import dataclass
from ..formats.trf.model_writer import write_tournament_trf
from ..formats.trf.reader import parse_trf
from ..formats.trf.writer import with_ranks
from ..host import PluginError
from ..standings import Standings, compute_standings
from .generate import Event, Profile, event_seed, generate, to_trf

FORMS = ("trf26", "trf16")
# An event of each edition is dated inside its period (the edition in force on the end date).
EDITION_DATES = {
    "fide-2023": ("2024/03/01", "2024/03/09"),
    "fide-2024": ("2025/05/01", "2025/05/09"),
    "fide-2026": ("2026/05/01", "2026/05/09"),
}
# The mandatory tie-breaks (MTB26, Annexure B of C.02.03) a generated list is drawn from,
# with their usual cuts; STD, TPN and RTNG exist from the 2026 edition only.
MTB26_INDIVIDUAL = (
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "SB",
    "SB/C1",
    "PS",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "KS",
    "AOB",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
)
MTB26_2026 = ("STD", "TPN", "RTNG")
MTB26_TEAM = (
    "MPvGP",
    "BH:MP",
    "BH:GP",
    "BH:MP/C1",
    "EMMSB",
    "EMGSB",
    "EGGSB",
    "EMGSB/C1",
    "BC",
    "SSSC",
    "FB:MP",
    "PS:MP",
    "WIN",
)
TYPE_CODES = {"swiss": "FIDE_DUTCH_2025", "round-robin": "BERGER_ROUNDROBIN"}


@dataclass(frozen=True)
class Options:
    """What ``generate`` writes: the events' profile, the list (empty: drawn per event from
    MTB26), the editions drawn from, and the form."""

    profile: Profile = field(default_factory=Profile)
    tiebreaks: tuple[str, ...] = ()
    editions: tuple[str, ...] = ("fide-2024", "fide-2026")
    form: str = "trf26"


@dataclass(frozen=True)
class Made:
    """One generated standings file."""

    index: int
    event: Event
    edition: str
    codes: tuple[str, ...]  # the list in the file's 202 record
    data: bytes


def draw_list(rng: random.Random, event: Event, edition: str) -> list[str]:
    """Two to six codes of MTB26 in random order (teams: the team codes)."""
    if event.kind == "team-swiss":
        pool = list(MTB26_TEAM)
    else:
        pool = list(MTB26_INDIVIDUAL) + (list(MTB26_2026) if edition == "fide-2026" else [])
    return rng.sample(pool, rng.randint(2, 6))


def _header(event: Event, edition: str, codes: list[str], form: str) -> str:
    """The event's TRF with the edition's dates, and for TRF-2026 the 142, 192 and 202
    records in place of JaVaFo's XXR."""
    start, end = EDITION_DATES[edition]
    out = []
    for line in to_trf(event).splitlines():
        head = line[:3]
        if head == "042":
            line = f"042 {start}"
        elif head == "052":
            line = f"052 {end}"
        elif head == "XXR" and form == "trf26":
            out.append(f"142 {event.round_count}")
            line = f"192 {TYPE_CODES[event.kind]}"
        elif head == "092" and form == "trf26" and codes and event.kind == "team-swiss":
            out.append(line)
            line = "202 " + ",".join(codes)
        out.append(line)
        if head == "XXR" and form == "trf26" and codes:
            out.append("202 " + ",".join(codes))
    return "\n".join(out) + "\n"


def _ranked(event: Event, edition: str, codes: list[str], form: str) -> tuple[bytes, Standings]:
    """The standings file: an individual event's TRF-2026 written from the model with our
    standings (ranks, points, 212); TRF16, and a team event's TRF-2026 team records, as
    certify writes them, with the ranks and 212 filled in. (The model writer writes the
    boards of a forfeited match as absences, where the generator writes ``-`` and ``+``;
    gacrux then refuses the file: "has only 0 games".)"""
    text = _header(event, edition, codes, form).encode()
    t = parse_trf(text).tournament
    s = compute_standings(t, codes, edition)
    if form == "trf26" and t.team is None:
        return write_tournament_trf(t, form="trf26", standings=s).encode(), s
    ranks = {row.participant.id: row.rank for row in s.rows}
    assert t.source is not None  # a file read by parse_trf keeps its lines
    return with_ranks(t.source, ranks, s.codes, teams=t.team is not None), s


def make(seed: int, index: int, options: Options) -> Made:
    """Standings file number *index* of the run seeded *seed*. A drawn code this event
    cannot use (the Buchholz family in a 2026 round robin, C.07 (2026) 15.2) is drawn out."""
    event = generate(seed, index, options.profile)
    rng = random.Random(event_seed(seed, index) ^ 0x5EED)  # the event's draw stays as certify's
    edition = rng.choice(options.editions)
    codes = list(options.tiebreaks) or draw_list(rng, event, edition)
    for _ in range(len(codes) + 1):
        try:
            data, _ = _ranked(event, edition, codes, options.form)
            return Made(index=index, event=event, edition=edition, codes=tuple(codes), data=data)
        except (CodeError, PluginError) as e:
            bad = [c for c in codes if f"'{c}'" in str(e)]
            if options.tiebreaks or not bad:
                raise
            codes = [c for c in codes if c not in bad]
    raise CodeError(f"no usable list for event {index}")


def file_name(index: int) -> str:
    return f"event-{index:06d}.trf"


def _make_batch(job: tuple[int, range, Options]) -> list[tuple[int, bytes]]:
    seed, indices, options = job
    return [(i, make(seed, i, options).data) for i in indices]


def make_many(
    folder: Path,
    seed: int,
    indices: range,
    options: Options,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Write the standings files of *indices* into *folder* (atomically, each a regular file
    created or replaced), on *jobs* processes (0: every core). Returns how many; *progress*
    is told how many are written after each batch (``audit.progress``: a terminal's line)."""
    show = progress or (lambda done: None)
    from ..atomic import OutputError, write_atomic
    from ..audit import default_jobs

    def write(i: int, data: bytes) -> None:
        path = folder / file_name(i)
        if path.is_symlink():  # a link would send the file out of the folder
            raise OutputError(
                f"cannot write {path}: it is a symbolic link; generate replaces "
                "only regular files in its folder"
            )
        write_atomic(path, data)

    jobs = min(jobs or default_jobs(), default_jobs(), max(1, len(indices)))
    size = 50
    batches = [(seed, indices[s : s + size], options) for s in range(0, len(indices), size)]
    written = 0
    if jobs <= 1:
        done: Iterable[list[tuple[int, bytes]]] = map(_make_batch, batches)
        for batch in done:
            for i, data in batch:
                write(i, data)
                written += 1
            show(written)
        return written
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in pool.map(_make_batch, batches):
            for i, data in batch:
                write(i, data)
                written += 1
            show(written)
    return written
