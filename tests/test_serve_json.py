"""serve answers in strict JSON: a number JSON cannot hold is refused, never echoed, and JSON
nested too deeply is a message, not an internal error."""

from __future__ import annotations

import io
import json

from conftest import TEC, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from fide_tiebreaks import (
    serve,
)

T = str(TEC / "tournament.trf")


def strict_json(line: bytes) -> object:
    """JSON as RFC 8259 has it: NaN and Infinity are not values (a Java or JavaScript
    client's parser refuses them)."""

    def refuse(name: str) -> object:
        raise ValueError(f"{name} in a response")

    return json.loads(line, parse_constant=refuse)


def converse(lines: list[bytes]) -> list[object]:
    out = io.BytesIO()
    data = b"".join(line + b"\n" for line in lines)
    serve.serve_stdio(io.BufferedReader(io.BytesIO(data)), out)
    return [strict_json(x) for x in out.getvalue().splitlines()]


def test_serve_refuses_nan_and_infinity_instead_of_echoing_them_as_non_json():
    """`{"id": 1e999, ...}` was answered with `{"id": Infinity, ...}`, and `NaN` (not JSON
    at all) was read and echoed: a strict client cannot parse that response line."""
    good = json.dumps({"id": "last", "path": T, "tiebreaks": "BH", "edition": "fide-2024"})
    replies = converse(
        [
            b'{"id": 1e999, "path": "x"}',
            b'{"id": NaN}',
            b'{"id": -Infinity}',
            b'{"id": 1, "options": {"x": Infinity}}',
            good.encode(),
        ]
    )
    assert len(replies) == 5
    assert "beyond a 64-bit float" in replies[0]["error"]["message"]  # type: ignore[index]
    assert "NaN is not JSON" in replies[1]["error"]["message"]  # type: ignore[index]
    assert "-Infinity is not JSON" in replies[2]["error"]["message"]  # type: ignore[index]
    assert "Infinity is not JSON" in replies[3]["error"]["message"]  # type: ignore[index]
    assert replies[4]["id"] == "last"  # type: ignore[index]


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.floats(), st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])))
def test_every_serve_response_is_strict_json(number):
    """Any number as an id: each response line is RFC 8259 JSON."""
    text = number if isinstance(number, str) else json.dumps(number)
    replies = converse([b'{"id": ' + text.encode() + b', "path": "/nonexistent"}'])
    assert len(replies) == 1


def test_deeply_nested_json_is_a_message_not_an_internal_error(tmp_path):
    """`[[[[...]]]]` 100,000 deep: serve answered 'internal error: RecursionError' and
    `conformance --against deep.json` exited 3."""
    deep = "[" * 100_000 + "]" * 100_000
    objects = '{"a": ' * 100_000 + "1" + "}" * 100_000
    replies = converse(
        [
            ('{"id": 1, "chess_json": ' + deep + "}").encode(),
            ('{"id": 2, "options": ' + objects + "}").encode(),
        ]
    )
    assert len(replies) == 2
    for reply in replies:
        assert reply["error"]["message"] == (  # type: ignore[index]
            "the request is nested too deeply to be a tournament request"
        )
    path = tmp_path / "deep.json"
    path.write_text('{"standings": ' + deep + "}")
    run = run_cli("conformance", T, "--against", str(path))
    assert run.returncode == 2, run.stderr
    assert "deep.json: JSON nested too deeply" in run.stderr
