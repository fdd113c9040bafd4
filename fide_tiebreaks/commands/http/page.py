"""``GET /``: a form for an arbiter: choose a file (or paste its text), the edition and the
tie-breaks, and see the HTML report ``standings --format html`` writes.

The page sends the file to ``POST /standings?format=html`` and shows the answer in a frame
without scripts; a problem document is shown as its detail and located messages. The form's
fields can be given in the page's address (``/?edition=fide-2024&tiebreaks=BH/C1,BH&text=...
&submit=1``), which a link can carry and a browser test uses.
"""

from __future__ import annotations

import html

SCRIPT = """
const form = document.getElementById("ask");
const shown = document.getElementById("report");
const said = document.getElementById("problem");
async function submitForm(event) {
  if (event) event.preventDefault();
  const file = document.getElementById("file").files[0];
  const text = document.getElementById("text").value;
  const query = new URLSearchParams({format: "html"});
  for (const name of ["edition", "tiebreaks"]) {
    const value = document.getElementById(name).value.trim();
    if (value) query.set(name, value);
  }
  said.textContent = "";
  shown.removeAttribute("srcdoc");
  const answer = await fetch("/standings?" + query, {method: "POST", body: file || text});
  const body = await answer.text();
  if (answer.ok) {
    shown.setAttribute("srcdoc", body);
    document.body.dataset.state = "report";
    return;
  }
  let lines = [answer.status + " " + answer.statusText];
  try {
    const problem = JSON.parse(body);
    lines = [problem.title + ": " + problem.detail, ...(problem.diagnostics || [])];
  } catch (e) {}
  said.textContent = lines.join("\\n");
  document.body.dataset.state = "problem";
}
form.addEventListener("submit", submitForm);
const given = new URLSearchParams(location.search);
for (const name of ["edition", "tiebreaks", "text"]) {
  if (given.has(name)) document.getElementById(name).value = given.get(name);
}
if (given.get("submit") === "1") submitForm(null);
"""

STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
fieldset { border: 1px solid #aaa; margin-bottom: 1em; }
label { display: block; margin: 0.4em 0; }
textarea { width: 100%; height: 6em; font-family: monospace; }
iframe { width: 100%; height: 70vh; border: 1px solid #aaa; }
#problem { color: #a00; white-space: pre-wrap; }
"""


def page() -> str:
    """The page, with the installed editions to choose from."""
    from ...host import builtin_editions

    editions = "".join(
        f'<option value="{html.escape(e.name)}">{html.escape(e.name)}</option>'
        for e in builtin_editions()
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>fide-tiebreaks: standings</title>
<style>{STYLE}</style></head>
<body data-state="form">
<h1>Standings and tie-breaks</h1>
<form id="ask">
<fieldset><legend>The tournament</legend>
<label>File (TRF16, TRF-2026, Chess-JSON, XML or PGN):
<input type="file" id="file" name="file"></label>
<label>or its text: <textarea id="text" name="text"></textarea></label></fieldset>
<fieldset><legend>Rules</legend>
<label>Edition: <select id="edition" name="edition">
<option value="">the one in force on the end date</option>{editions}</select></label>
<label>Tie-breaks: <input id="tiebreaks" name="tiebreaks" size="40"
placeholder="the file's list, else the default (e.g. BH/C1,BH,SB)"></label></fieldset>
<button type="submit">Show the standings</button>
</form>
<pre id="problem"></pre>
<iframe id="report" title="standings report" sandbox></iframe>
<script>{SCRIPT}</script>
</body></html>
"""
