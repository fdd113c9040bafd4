"""Run by tests/test_startup_imports.py in a child interpreter: one ``fide-tiebreaks`` run as
the console script makes it (``cli.main()`` on ``sys.argv``), then the modules the run added
to ``sys.modules``, one a line, on standard output after a marker line.

    python -X importtime -c "$(cat tests/startup_probe.py)" standings FILE ...   # from the root
"""

import sys

before = set(sys.modules)
sys.argv = ["fide-tiebreaks", *sys.argv[1:]]
from fide_tiebreaks.cli import main  # noqa: E402  (after the snapshot of sys.modules)

status = main()
added = sorted(set(sys.modules) - before)
sys.stdout.write("\n--- modules added by the run ---\n" + "\n".join(added) + "\n")
sys.stdout.flush()
sys.exit(status)
