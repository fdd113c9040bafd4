"""Programs under test for certify, with bugs planted on purpose (imported by the tests)."""

# One planted bug: BH is half a point too high for anyone who took a zero-point bye.
# Everything else is our own values.
BROKEN = """
from fractions import Fraction
from fide_tiebreaks.certify.adapters import Answer, builtin

def program(request):
    good = builtin(request)
    rows = [line for line in request.trf.splitlines() if line.startswith("001")]
    values = {}
    for pid, row in good.values.items():
        row = dict(row)
        if " - Z" in rows[pid - 1] and row.get("BH") is not None:
            row["BH"] = str(Fraction(row["BH"]) + Fraction(1, 2))
        values[pid] = row
    return Answer(values, good.ranks)
"""
