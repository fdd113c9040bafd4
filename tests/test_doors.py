"""Every door holds (issue 16, part A): what a command writes replaces only a regular file or
a new path, what it reads is only a regular file of a checked size, and memory stays
proportional to the input. Each door is driven as a user would drive it (a subprocess),
plus property tests of the two mechanisms (atomic.write_atomic, formats.base.read_bytes)."""

from __future__ import annotations

import os
import socket
import stat
import string
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from conftest import ROOT, TEC, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trfbuild import player_line

from fide_tiebreaks import atomic
from fide_tiebreaks.diagnostics import InputError
from fide_tiebreaks.formats import base, parse_any, read_trf
from fide_tiebreaks.formats.trf.reader import parse_trf
from fide_tiebreaks.source_text import SourceLines

T = str(TEC / "tournament.trf")
KINDS = ("fifo", "directory", "socket", "device", "link-to-fifo", "link-to-directory")


def special(tmp_path: Path, kind: str, name: str = "target") -> Path:
    """A path holding something other than a regular file."""
    path = tmp_path / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "socket":
        if len(str(path)) > 100:
            pytest.skip("the temporary folder's path is too long for a socket")
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    elif kind == "device":
        try:  # a private copy of /dev/null: if it were replaced, nothing of the system is
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except PermissionError:
            pytest.skip("making a device node needs root")
    else:
        target = special(tmp_path, kind.removeprefix("link-to-"), name + ".real")
        path.symlink_to(target)
    return path


def fingerprint(path: Path) -> tuple[int, int, int]:
    st_ = os.lstat(path)
    return st_.st_ino, stat.S_IFMT(st_.st_mode), st_.st_rdev


# -- outputs -----------------------------------------------------------------------------

WRITERS = {
    "standings -o": lambda out: ["standings", T, "-o", out],
    "standings -f html -o": lambda out: ["standings", T, "-f", "html", "-o", out],
    "convert -o": lambda out: ["convert", T, "--to", "chess-json", "-o", out],
    "conformance --junit": lambda out: ["conformance", "--junit", out],
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("writer", list(WRITERS))
def test_no_writer_replaces_anything_but_a_regular_file(tmp_path, writer, kind):
    if writer == "conformance --junit" and kind not in ("fifo", "directory"):
        pytest.skip("the corpus run is slow; two kinds show this door uses the mechanism")
    path = special(tmp_path, kind)
    before = fingerprint(path)
    done = run_cli(*WRITERS[writer](str(path)))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert f"cannot write {path}" in done.stderr and "only a regular file" in done.stderr
    assert fingerprint(path) == before  # the very same thing is still there
    assert [p.name for p in tmp_path.iterdir() if atomic.is_temporary(p)] == []


@pytest.mark.parametrize("writer", ["standings -o", "convert -o", "conformance --junit"])
def test_a_missing_folder_is_a_usage_error(tmp_path, writer):
    out = tmp_path / "no" / "such" / "out.txt"
    done = run_cli(*WRITERS[writer](str(out)))
    assert done.returncode == 2 and "does not exist" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="giving a link to another user needs root (CI runs as root)",
)
def test_a_link_of_another_user_is_refused_and_its_target_kept(tmp_path):
    """A link planted in a shared folder must not make a run as root replace any file
    (found by the hostile review: out.csv -> /etc/passwd was written through)."""
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0\n")
    planted = tmp_path / "out.csv"
    planted.symlink_to(victim)
    os.lchown(planted, 65534, 65534)  # nobody's link
    done = run_cli("standings", T, "-f", "csv", "-o", str(planted))
    assert done.returncode == 2, done.stderr
    assert "symbolic link of another user (uid 65534)" in done.stderr
    assert victim.read_text() == "root:x:0:0\n" and planted.is_symlink()
    # A chain whose second link is another user's is refused the same way.
    mine = tmp_path / "mine.csv"
    mine.symlink_to(planted.name)
    assert run_cli("standings", T, "-o", str(mine)).returncode == 2
    assert victim.read_text() == "root:x:0:0\n"


def test_a_loop_of_links_is_refused(tmp_path):
    (tmp_path / "a.csv").symlink_to("b.csv")
    (tmp_path / "b.csv").symlink_to("a.csv")
    done = run_cli("standings", T, "-o", str(tmp_path / "a.csv"))
    assert done.returncode == 2 and "too many levels of symbolic links" in done.stderr


def test_a_link_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "r5.csv"
    real.write_text("old\n")
    link = tmp_path / "latest.csv"
    link.symlink_to(real.name)
    done = run_cli("standings", T, "-f", "csv", "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text().startswith("rank,start_rank,name")  # the CSV header
    dangling = tmp_path / "new.csv"
    dangling.symlink_to("made-by-the-write.csv")  # as the shell's '>' does: created
    assert run_cli("standings", T, "-f", "csv", "-o", str(dangling)).returncode == 0
    assert dangling.is_symlink() and (tmp_path / "made-by-the-write.csv").is_file()


def test_a_249_character_name_works(tmp_path):
    name = "r" * 245 + ".csv"
    done = run_cli("standings", T, "-f", "csv", "-o", str(tmp_path / name))
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_temporary_name_fits_255_bytes_and_is_recognised():
    for base_name in ("x", "é" * 127 + "x", "a" * 255, "名" * 85):
        tmp = atomic.temporary_name(f"/some/folder/{base_name}", "0123456789ab")
        name = os.path.basename(tmp)
        assert len(name) <= 255
        assert atomic.is_temporary(os.fsdecode(name))
        assert not atomic.is_temporary(base_name)


def test_audit_ignores_a_temporary_file_left_by_a_kill(tmp_path):
    (tmp_path / "event.trf").write_bytes((TEC / "tournament.trf").read_bytes())
    left = tmp_path / os.fsdecode(
        os.path.basename(atomic.temporary_name(str(tmp_path / "event.trf"), "0123456789ab"))
    )
    left.write_bytes(b"001    x   half-written")
    assert atomic.is_temporary(left)
    # In a folder it is not found, named explicitly it is not audited either.
    for args in ([str(tmp_path)], [str(tmp_path / "event.trf"), str(left)]):
        done = run_cli("audit", *args, "-j", "1")
        assert "1 file: 1 read" in done.stdout, done.stdout + done.stderr
        assert "half-written" not in done.stdout and str(left) not in done.stdout


names = st.text(string.ascii_letters + "éü名-_. ", min_size=1, max_size=90).filter(
    lambda n: n not in (".", "..") and not atomic.is_temporary(n)
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(("new", "regular", "link", "fifo", "directory", "link-to-fifo")),
    name=names,
    repeat=st.integers(1, 3),
)
def test_write_atomic_replaces_only_regular_files(tmp_path_factory, kind, name, repeat):
    """Whatever is at the path: a regular file (or a new path, or a link to one) ends up
    holding exactly the data; anything else is refused untouched; no temporary file stays;
    the temporary name fits 255 bytes whatever the name."""
    folder = tmp_path_factory.mktemp("w")
    name = (name * repeat)[: 255 // 3]  # up to 255 bytes in UTF-8
    path = folder / name
    if kind == "regular":
        path.write_bytes(b"old")
    elif kind == "link":
        (folder / "real").write_bytes(b"old")
        path.symlink_to("real")
    elif kind in ("fifo", "directory", "link-to-fifo"):
        special(folder, kind, path.name)
    before = fingerprint(path) if kind != "new" else None
    data = os.urandom(64)
    if kind in ("new", "regular", "link"):
        atomic.write_atomic(path, data)
        assert path.read_bytes() == data
        assert path.is_symlink() == (kind == "link")
    else:
        with pytest.raises(atomic.OutputError, match="only a regular file"):
            atomic.write_atomic(path, data)
        assert fingerprint(path) == before
    assert not [p for p in folder.iterdir() if atomic.is_temporary(p)]


# -- inputs ------------------------------------------------------------------------------

READERS = {
    "check": lambda p: ["check", p],
    "standings": lambda p: ["standings", p, "-f", "json"],
    "explain": lambda p: ["explain", p, "1"],
    "convert": lambda p: ["convert", p, "--to", "trf"],
    "conformance --against": lambda p: ["conformance", T, "--against", p],
}


@pytest.mark.parametrize("kind", ["fifo", "directory", "socket", "link-to-fifo"])
@pytest.mark.parametrize("door", list(READERS))
def test_no_door_reads_anything_but_a_regular_file(tmp_path, door, kind):
    """A FIFO would hang the reader, a device fill memory: each is refused before reading,
    with exit 2 and the reason, in well under the timeout."""
    path = special(tmp_path, kind)
    done = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", *READERS[door](str(path))],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "FIDE_TIEBREAKS_LOAD_PLUGINS": ""},
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "only regular files are read" in done.stderr or "is a directory" in done.stderr.lower()


def test_a_device_is_refused_before_it_is_read():
    for door in ("check", "standings", "convert"):
        done = run_cli(*READERS[door]("/dev/zero"))
        assert done.returncode == 2 and "it is a character device" in done.stderr, done.stderr


def test_audit_refuses_special_files_and_oversized_ones(tmp_path, monkeypatch):
    from fide_tiebreaks import audit

    fifo = special(tmp_path, "fifo")
    done = subprocess.run(
        [sys.executable, "-m", "fide_tiebreaks", "audit", str(fifo), T],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "it is a FIFO" in done.stdout and "2 files: 1 read" in done.stdout, done.stdout
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 x\n" + b"\n" * 2000)
    monkeypatch.setattr(base, "MAX_BYTES", 1000)
    a = audit.audit_file(str(big))
    assert a.status == "unreadable" and "the limit is 1000 bytes" in a.messages[0]


def test_audit_never_starts_more_workers_than_files_or_cores(tmp_path, monkeypatch):
    import concurrent.futures

    from fide_tiebreaks import audit

    started = []
    real = concurrent.futures.ProcessPoolExecutor

    def counting(max_workers, **kw):  # type: ignore[no-untyped-def]
        started.append(max_workers)
        return real(max_workers=max_workers, **kw)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting)
    files = []
    for i in range(3):
        (tmp_path / f"e{i}.trf").write_bytes((TEC / "tournament.trf").read_bytes())
        files.append(tmp_path / f"e{i}.trf")
    results = list(audit.run_local(files, 5000))
    assert [r.status for r in results] == ["unchecked"] * 3
    assert started == [] or started[0] <= min(3, audit.default_jobs())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fide_tiebreaks",
            "audit",
            "-j",
            "5000",
            "--allow-empty",
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "3 files: 3 read" in done.stdout, done.stderr
    # Without --allow-empty, an audit of files that declare no ranks compared nothing: it fails.
    empty = run_cli("audit", "-j", "1", *map(str, files))
    assert empty.returncode == 1
    assert "no file declares ranks, so nothing was compared" in empty.stderr


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    kind=st.sampled_from(
        ("regular", "fifo", "directory", "link-to-fifo", "link-to-regular", "missing", "oversized")
    ),
    via=st.sampled_from(("read_trf", "audit", "serve", "read_bytes")),
)
def test_every_reading_door_reads_only_regular_files(tmp_path_factory, kind, via):
    from fide_tiebreaks import audit, serve

    folder = tmp_path_factory.mktemp("r")
    path = folder / "in.trf"
    good = (TEC / "tournament.trf").read_bytes()
    if kind in ("regular", "link-to-regular", "oversized"):
        real = folder / "real.trf"
        real.write_bytes(good + (b"\n" * len(good) if kind == "oversized" else b""))
        path.symlink_to(real) if kind == "link-to-regular" else real.rename(path)
    elif kind in ("fifo", "directory", "link-to-fifo"):
        special(folder, kind, path.name)
    limit = len(good) + 10
    try:
        if via == "read_bytes":
            ok = base.read_bytes(path, limit) == good
        elif via == "read_trf":
            old, base.MAX_BYTES = base.MAX_BYTES, limit
            try:
                ok = len(read_trf(path).tournament.participants) == 16
            finally:
                base.MAX_BYTES = old
        elif via == "audit":
            old, base.MAX_BYTES = base.MAX_BYTES, limit
            try:
                a = audit.audit_file(str(path))
            finally:
                base.MAX_BYTES = old
            ok = a.status != "unreadable"
            if not ok:
                raise InputError([])
        else:
            old, base.MAX_BYTES = base.MAX_BYTES, limit
            try:
                response = serve.answer(f'{{"path": "{path}"}}')
            finally:
                base.MAX_BYTES = old
            ok = "error" not in response
            if not ok:
                raise InputError([])
    except InputError:
        ok = False
    assert ok == (kind in ("regular", "link-to-regular"))


# -- memory per input byte ---------------------------------------------------------------


def peak(fn) -> int:  # type: ignore[no-untyped-def]
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("filler", [b"\n", b"\r\n", b" \n", b"\r", b"### c\n"])
def test_memory_is_proportional_to_the_input_whatever_its_lines(filler):
    """An 8 MB file of blank lines took 845 MB (a tuple of named tuples, ~100 bytes a line).
    The lines are now held as the text: a few bytes a line at most."""
    data = b"012 x\n" + player_line(1, "A", [(None, "-", "H")]).encode() + b"\n"
    data += filler * (400_000 // len(filler))
    used = peak(lambda: parse_trf(data))
    assert used < 12 * len(data), used
    # and the writer still gives the same bytes back
    from fide_tiebreaks.formats.trf.writer import encode

    assert encode(parse_trf(data).tournament.source) == data


def test_problems_are_counted_past_a_thousand_and_reading_stops_past_ten_thousand():
    head = b"012 x\n" + player_line(1, "A", [(None, "-", "H")]).encode() + b"\n"
    result = parse_trf(head + b"ZZZ unknown\n" * 2000)
    shown = [str(d) for d in result.diagnostics]
    assert len(shown) == 1001 and shown[-1].endswith(
        "and 1000 more warnings like those above, not shown"
    )
    with pytest.raises(InputError, match="over 10000 problems; reading stopped") as e:
        parse_trf(head + b"ZZZ unknown\n" * 50_000)
    assert len(e.value.diagnostics) < 1100


def test_records_past_the_limit_are_refused_at_their_line(monkeypatch):
    """Records that are kept without a message (a 300 line-up, a 299, an XXC) each cost time
    and memory: their number is bounded too."""
    from fide_tiebreaks.formats.trf import reader

    monkeypatch.setattr(reader, "MAX_RECORDS", 50)
    head = b"012 x\n" + player_line(1, "A", [(None, "-", "H")]).encode() + b"\n"
    parse_trf(head + b"XXC white1\n\n" * 48)
    with pytest.raises(InputError, match="more than 50 records; the limit is 50") as e:
        parse_trf(head + b"XXC white1\n\n" * 49, "many.trf")
    assert str(e.value.diagnostics[-1]).startswith("many.trf:99:1: error:")  # the 51st record


def test_json_is_refused_before_decoding_past_its_value_limit(monkeypatch):
    monkeypatch.setattr(base, "MAX_JSON_VALUES", 10_000)
    from fide_tiebreaks.formats.chessjson import reader

    monkeypatch.setattr(reader, "MAX_JSON_VALUES", 10_000)
    with pytest.raises(InputError, match="JSON values; the limit is 10000"):
        parse_any(b'{"a": [' + b"{}," * 20_000 + b"{}]}", "many.json")


lines = st.lists(st.text(" ab\t\x0c\x1c\u2028é", max_size=6), max_size=12)


@settings(max_examples=300, deadline=None)
@given(
    lines,
    st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=1, max_size=12),
    st.booleans(),
    st.sampled_from([1, 2, 3, 7, 1 << 20]),
)
def test_source_lines_are_the_lines_as_read(texts, ends, last_ends, chunk):
    """SourceLines (pieces of the text, split on demand) gives the lines and ends a plain
    split gives, in any piece size; records() the non-blank ones with their numbers."""
    import re

    from fide_tiebreaks import source_text

    text = "".join(t + ends[i % len(ends)] for i, t in enumerate(texts))
    if texts and not last_ends:
        text = text[: len(text) - len(ends[(len(texts) - 1) % len(ends)])]
    parts = re.split(r"(\r\n|\r|\n)", text)
    expected = list(zip(parts[0::2], parts[1::2], strict=False))
    if parts[-1]:
        expected.append((parts[-1], ""))
    old = source_text.PIECE_CHARS
    source_text.PIECE_CHARS = chunk
    try:
        got = SourceLines(text)
    finally:
        source_text.PIECE_CHARS = old
    assert [tuple(x) for x in got] == expected
    assert len(got) == len(expected)
    assert [tuple(got[i]) for i in range(len(got))] == expected
    assert list(got.records()) == [(i, t) for i, (t, _) in enumerate(expected, 1) if t.strip()]


# -- inputs read exactly as written ------------------------------------------------------


def test_options_are_checked_in_every_door(tmp_path):
    from fide_tiebreaks import compute_standings

    t = read_trf(TEC / "tournament.trf").tournament
    for options, message in (
        ({"unrated_rating": True}, "not bool True"),
        ({"unrated_rating": 1500.0}, "not float"),
        ({"unrated_rating": 12000}, "outside 0..9999"),
        ({"legacy_pab_unplayed": [True]}, "not list"),
    ):
        with pytest.raises(ValueError, match=message):
            compute_standings(t, "BH", "fide-2024", options=options)
    done = run_cli("standings", T, "-t", "ARO,BH", "--unrated-rating", "99999")
    assert done.returncode == 2 and "unrated_rating 99999 is outside 0..9999" in done.stderr


def test_a_lone_surrogate_in_a_chess_json_file_is_refused_where_it_stands(tmp_path):
    path = tmp_path / "name.json"
    path.write_text(
        '{"event": {"profiles": [{"id": 1,\n "fideName": "A\\ud800"}],\n'
        ' "tournaments": [{"competitors": [{"cid": 1}]}]}}'
    )
    done = run_cli("check", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:2:16: error: the string at event.profiles[0].fideName" in done.stderr
    # a surrogate pair is a character, and is read
    fine = parse_any(
        b'{"event": {"tournaments": [{"name": "\\ud83d\\ude00", "competitors": [{"cid": 1}]}]}}',
        "pair.json",
    )
    assert fine.tournament.name == "\U0001f600"


def test_a_read_only_file_is_not_replaced(tmp_path, monkeypatch):
    """Renaming over a read-only file would succeed where the shell's '>' fails; it is
    refused (as root every file is writable, so the check is simulated there)."""
    target = tmp_path / "locked.csv"
    target.write_text("old\n")
    target.chmod(0o444)
    if os.geteuid() == 0:
        monkeypatch.setattr(atomic.os, "access", lambda path, mode: False)
    with pytest.raises(atomic.OutputError, match="permission denied"):
        atomic.write_atomic(target, b"new\n")
    assert target.read_text() == "old\n"
