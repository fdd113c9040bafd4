"""Refusals of the new doors (PGN input, convert, generate, check, pairing-index) name
what is wrong and what would work; none points the user at an option that fails too."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli


def game(rnd: str, white: str, black: str, result: str) -> str:
    return (
        f'[Event "Test"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n\n{result}\n\n'
    )


def test_an_unfinished_first_round_game_suggests_no_after_round_0(tmp_path: Path):
    # Round 1 is the first round: there are no standings "before it", so the old hint
    # "--after-round 0 gives the standings before it" sent the user into another refusal.
    pgn = tmp_path / "t.pgn"
    pgn.write_text(game("1.1", "A", "B", "*") + game("2.1", "B", "A", "1-0"))
    r = run_cli("standings", str(pgn))
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1] == (
        f'{pgn}:5:1: error: round 1: A - B is unfinished (Result "*"): '
        "final standings need every result"
    )


def test_after_round_0_on_pgn_names_the_files_real_round_count(tmp_path: Path):
    # Three rounds of games (1.1, 2.1, 3.1); --after-round 0 used to be applied while
    # reading, leaving an empty event, so the refusal claimed "the file has 0 rounds".
    pgn = tmp_path / "t.pgn"
    pgn.write_text(
        game("1.1", "A", "B", "1-0") + game("2.1", "B", "A", "1-0") + game("3.1", "A", "B", "1-0")
    )
    for bad in ("0", "-1"):
        r = run_cli("standings", str(pgn), "--after-round", bad)
        assert r.returncode == 2
        assert r.stderr.strip().splitlines()[-1] == (
            "fide-tiebreaks: error: --after-round must be between 1 and 3 "
            f"(the file has 3 rounds), not {bad}"
        )


def test_pairing_index_refuses_rounds_in_the_options_the_user_typed(tmp_path: Path):
    # Three rounds recorded (1.1, 2.1, 3.1). The CLI used to echo the API's keyword
    # names ("after_round 99 must be a whole number from 0 to 3"), not the options typed.
    pgn = tmp_path / "t.pgn"
    pgn.write_text(
        game("1.1", "A", "B", "1-0") + game("2.1", "B", "A", "1-0") + game("3.1", "A", "B", "1-0")
    )
    cases = {
        ("--after-round", "99"): "--after-round must be between 0 and 3 "
        "(the file has 3 rounds), not 99",
        ("--rounds", "2"): "--rounds must be between 3 and 99 (the file records 3 rounds), not 2",
        ("--rounds", "100"): "--rounds must be between 3 and 99 "
        "(the file records 3 rounds), not 100",
    }
    for option, message in cases.items():
        r = run_cli("pairing-index", "-s", "dubov", str(pgn), *option)
        assert r.returncode == 2
        assert r.stderr.strip().splitlines()[-1] == f"fide-tiebreaks: error: {message}"
    assert (
        run_cli("pairing-index", "-s", "burstein", str(pgn), "--after-round", "0").returncode == 0
    )


def test_a_category_on_a_field_the_file_does_not_carry_is_refused_not_empty(tmp_path: Path):
    # PGN carries no birth dates and no sex: "U18:age<18" used to print an empty U18
    # section and exit 0, telling a prize-giver that no junior played.
    pgn = tmp_path / "t.pgn"
    pgn.write_text(
        game("1.1", "A", "B", "1-0") + game("2.1", "B", "A", "1-0") + game("3.1", "A", "B", "1-0")
    )
    for category, what, field in (
        ("U18:age@2026-01-01<18", "a birth date", "age"),
        ("W:sex=w", "a sex", "sex"),
    ):
        r = run_cli("standings", str(pgn), "--category", category)
        assert r.returncode == 2
        assert r.stderr.strip().splitlines()[-1] == (
            f"fide-tiebreaks: error: category '{category}': no participant in the file "
            f"has {what}, so '{field}' cannot decide who belongs to it"
        )
    # A rating condition is decided for everyone (unrated is a value): still accepted.
    assert run_cli("standings", str(pgn), "--category", "R:rating>2000").returncode == 0


def test_certify_events_from_names_each_file_it_could_not_compare(tmp_path: Path):
    # One readable event and one binary file: the summary said only "files not compared: 1",
    # so a federation checking its corpus could not tell which file was left out, or why.
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    made = run_cli("generate", str(corpus), "--events", "1", "--seed", "5", "--jobs", "1")
    assert made.returncode == 0, made.stderr
    (corpus / "b.trf").write_bytes(b"\x00\x01binary")
    r = run_cli("certify", "--adapter", "builtin", "--events-from", str(corpus), "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "files not compared: 1" in r.stdout
    assert (
        f"fide-tiebreaks: warning: {corpus / 'b.trf'}: not compared: "
        "binary data (NUL bytes): this is not a TRF text file"
    ) in r.stderr.splitlines()


def test_builder_decide_refuses_a_string_instead_of_reading_its_digits():
    # decide("13") was read character by character as players 1 and 3 (or refused with
    # "participant id '1' is not a whole number", naming no mistake the caller made).
    import pytest

    from fide_tiebreaks.builder import BuilderError, EventBuilder

    b = EventBuilder(3, end_date="2026-05-01", tiebreaks="BH,SB")
    for pid in range(1, 5):
        b.add_player(pid, f"P{pid}", rating=1500 + pid)
    with pytest.raises(BuilderError) as e:
        b.decide("13")  # type: ignore[arg-type]
    assert str(e.value) == "decision '13' must be a list of participant ids, best first"


def test_a_malformed_pgn_tag_pair_is_refused_where_it_is(tmp_path: Path):
    # python-chess drops '[Black "B"' (no closing bracket) without a word; the old message
    # was "Black names no player", which hid the typo on line 4.
    pgn = tmp_path / "t.pgn"
    pgn.write_text(game("1.1", "A", "B", "1-0").replace('[Black "B"]', '[Black "B"'))
    r = run_cli("standings", str(pgn))
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1] == (
        f'{pgn}:4:1: error: malformed tag pair \'[Black "B"\': write [Name "value"]'
    )
