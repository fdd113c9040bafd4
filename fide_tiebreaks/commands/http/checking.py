"""``POST /check``: the standings checker (``check --standings``, the endorsement's PTC) on
the body, with the object ``check --standings`` prints for a file."""

from __future__ import annotations

from ...checker import check_bytes, to_json
from .answers import json_parts, problem_parts
from .problems import Problem, bad_request


def checked(body: bytes) -> tuple[int, bytes, str, dict[str, str]]:
    """The check of the file in *body*: 200 with the check, whatever it found (the
    ``status`` says: conforms, violations, incomplete, unchecked), or 400 when it cannot be
    read, and 422 when it declares no ranks, so nothing was compared (a check that compared
    nothing fails)."""
    c = check_bytes("<body>", body)
    if c.status == "unreadable":
        detail = c.messages[0] if c.messages else "the file cannot be read"
        return problem_parts(bad_request(detail, c.messages))
    doc = to_json(c)
    if not c.pairs and c.status != "violations":
        p = Problem(
            status=422,
            kind="nothing-compared",
            title="Nothing was compared",
            detail="the file declares no ranks (TRF columns 86-89, or 310 for teams), so the "
            "check compared nothing",
            diagnostics=c.messages,
            exit_code=1,
        )
        return problem_parts(p)
    return json_parts(doc)
