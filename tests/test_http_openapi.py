"""``GET /openapi.json`` describes the service, and every endpoint in it answers as described:
a walk over the document sends each operation a real request (its required parameters
filled in) and a bad one, and checks the status and media type against the document's
responses; each command's parameters are its long options."""

from __future__ import annotations

import json

import pytest
from conftest import TEC
from http_service import running

TRF = (TEC / "tournament.trf").read_bytes()
# A real request for each operation: the parameters its required ones need, and a body.
REAL = {
    ("post", "/standings"): ("tiebreaks=BH/C1,BH", TRF),
    ("post", "/explain"): ("participant=4", TRF),
    ("post", "/pairing-index"): ("system=burstein", TRF),
    ("post", "/convert"): ("to=trf26", TRF),
    ("post", "/check"): ("", None),  # a ranked file: made from /standings below
    ("post", "/tiebreak"): ("", None),  # a tiebreak request: made below
    ("get", "/openapi.json"): ("", None),
    ("get", "/"): ("", None),
}


@pytest.fixture(scope="module")
def server():
    with running() as s:
        yield s


@pytest.fixture(scope="module")
def document(server):
    reply = server.request("GET", "/openapi.json")
    assert reply.status == 200 and reply.media == "application/json"
    return reply.json()


def _body(server, method: str, path: str) -> bytes | None:
    if path == "/check":
        return server.post("/standings?format=trf&tiebreaks=BH/C1,BH,SB", TRF).body
    if path == "/tiebreak":
        import base64

        data = base64.encodebytes(TRF).decode().splitlines()
        return json.dumps({"options": {"data": data, "tiebreak": ["PTS", "BH"]}}).encode()
    return REAL[(method, path)][1]


def _answers_as_described(operation: dict, reply) -> None:
    described = operation["responses"].get(str(reply.status))
    assert described is not None, (reply.status, reply.body[:300])
    media = list(described.get("content", {}))
    assert reply.media in media, (reply.media, media)
    schema = described.get("content", {}).get(reply.media, {}).get("schema", {})
    if schema.get("type") == "object":
        doc = reply.json()
        assert isinstance(doc, dict) and set(schema.get("required", [])) <= set(doc)


def test_every_operation_answers_a_real_request_as_described(server, document):
    operations = {(m, p): op for p, item in document["paths"].items() for m, op in item.items()}
    assert set(operations) == set(REAL), "a real request for every operation of the document"
    for (method, path), operation in operations.items():
        query = REAL[(method, path)][0]
        names = dict(pair.split("=", 1) for pair in query.split("&") if pair)
        required = {p["name"] for p in operation.get("parameters", []) if p["required"]}
        assert required <= set(names), (path, required)
        reply = server.request(method.upper(), f"{path}?{query}", _body(server, method, path))
        assert reply.status == 200, (path, reply.body[:300])
        _answers_as_described(operation, reply)


def test_every_post_answers_a_bad_request_as_described(server, document):
    for path, item in document["paths"].items():
        if "post" not in item:
            continue
        for query, body in (("", b"\xff not a file"), ("nonsense=1", TRF)):
            reply = server.request("POST", f"{path}?{query}", body)
            assert reply.status in (400, 422), (path, query, reply.status)
            _answers_as_described(item["post"], reply)


def test_the_parameters_are_the_commands_long_options(document):
    standings = {p["name"]: p for p in document["paths"]["/standings"]["post"]["parameters"]}
    for name in (
        "tiebreaks",
        "edition",
        "after-round",
        "lots",
        "decided",
        "category",
        "categories",
        "ratings",
        "unrated-rating",
        "national-ratings",
        "preset",
        "format",
    ):
        assert name in standings, name
    assert "output" not in standings and "file" not in standings  # nothing on the server's disk
    assert standings["decided"]["schema"]["type"] == "array"  # given again for each
    assert standings["strict"]["schema"] == {"type": "boolean"}
    assert "swiss" in standings["type"]["schema"]["enum"]
    pairing = {p["name"]: p for p in document["paths"]["/pairing-index"]["post"]["parameters"]}
    assert pairing["system"]["required"] and pairing["system"]["schema"]["enum"] == [
        "burstein",
        "dubov",
    ]
