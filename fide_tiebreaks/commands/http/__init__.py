"""``fide-tiebreaks serve --http``: the commands over HTTP, for web platforms and programs in
other languages (docs/serve.md, "Over HTTP").

An ASGI application (Starlette) served by uvicorn, both of the optional ``http`` extra; nothing
here is imported unless ``serve --http`` runs. Each endpoint runs the command it is named for,
in the same process, on the request body and the query parameters (named like the command's
long options), so the answer is what the command prints; limits and problem documents are
:mod:`.limits` and :mod:`.problems`.
"""
