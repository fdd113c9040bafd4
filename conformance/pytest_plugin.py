"""pytest door to the conformance suite (entry point ``pytest11``; inert unless asked).

    pytest --tiebreak-conformance [--tiebreak-provider NAME] [--tiebreak-fixtures DIR ...]
           [--tiebreak-xfails FILE] [--tiebreak-allow-empty]

Each case becomes one test item named by its id. Cases for codes the provider does not offer
are skipped; ids listed in the expected-failures file (one per line, ``#`` comments) are
expected to fail, strictly. As with the command, an unknown provider is a usage error and a
session in which no case compared anything fails (unless --tiebreak-allow-empty).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fide_tiebreaks.errors import FideTiebreaksError


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fide-tiebreaks", "fide-tiebreaks conformance suite")
    group.addoption(
        "--tiebreak-conformance",
        action="store_true",
        help="run the fide-tiebreaks conformance cases",
    )
    group.addoption(
        "--tiebreak-provider",
        metavar="NAME",
        help="the plugin whose tie-breaks are judged (default: the installed ones)",
    )
    group.addoption(
        "--tiebreak-fixtures",
        action="append",
        default=[],
        metavar="DIR",
        help="case folders or files (default: the bundled corpus and plugins' own)",
    )
    group.addoption(
        "--tiebreak-xfails", metavar="FILE", help="case ids expected to fail, one per line"
    )
    group.addoption(
        "--tiebreak-allow-empty",
        action="store_true",
        help="pass even when no case compared anything",
    )


COMPARED = pytest.StashKey[int]()  # values, ranks and diagnostics the cases compared


class CaseItem(pytest.Item):
    def __init__(self, *, path_: Path, provider: str | None, **kw: Any) -> None:
        super().__init__(**kw)
        self.case_path = path_
        self.provider = provider

    def runtest(self) -> None:
        from fide_tiebreaks.diagnostics import InputError

        from .case_file import load_case
        from .runner import run_case

        try:
            case = load_case(self.case_path)
        except InputError as e:
            raise CaseFailure([str(d) for d in e.diagnostics]) from None
        outcome = run_case(case, self.provider)
        if outcome.status in ("passed", "failed"):
            self.config.stash[COMPARED] = self.config.stash.get(COMPARED, 0) + outcome.checks
        if outcome.status == "skipped":
            pytest.skip("; ".join(outcome.messages))
        if outcome.status != "passed":
            raise CaseFailure(list(outcome.messages))

    def repr_failure(self, excinfo: Any, style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailure):
            return "\n".join(excinfo.value.args[0])
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.case_path, 0, f"conformance case {self.name}"


class CaseFailure(FideTiebreaksError):
    pass


class Corpus(pytest.Collector):
    def __init__(self, *, cases: list[Path], provider: str | None, **kw: Any) -> None:
        super().__init__(**kw)
        self.cases = cases
        self.provider = provider

    def collect(self) -> Iterator[CaseItem]:
        for path in self.cases:
            yield CaseItem.from_parent(self, name=path.stem, path_=path, provider=self.provider)


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.getoption("tiebreak_conformance"):
        return
    from .runner import case_files, check_provider, fixture_dirs

    try:
        check_provider(config.getoption("tiebreak_provider"))
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None
    config.stash[COMPARED] = 0
    dirs = [Path(p) for p in config.getoption("tiebreak_fixtures")] or fixture_dirs()
    xfails: set[str] = set()
    listed = config.getoption("tiebreak_xfails")
    if listed:
        lines = Path(listed).read_text().splitlines()
        xfails = {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}
    corpus = Corpus.from_parent(
        session,
        name="fide-tiebreaks-conformance",
        cases=case_files(dirs),
        provider=config.getoption("tiebreak_provider"),
    )
    for item in corpus.collect():
        if item.name in xfails:
            item.add_marker(pytest.mark.xfail(strict=True, reason="listed as expected failure"))
        items.append(item)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A conformance session that compared nothing (every case skipped) fails."""
    config = session.config
    if (
        not config.getoption("tiebreak_conformance", False)
        or config.getoption("tiebreak_allow_empty", False)
        or COMPARED not in config.stash
        or config.stash[COMPARED]
        or exitstatus != pytest.ExitCode.OK
    ):
        return
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(
            "fide-tiebreaks conformance: nothing was compared (every case was "
            "skipped); --tiebreak-allow-empty accepts that",
            red=True,
        )
