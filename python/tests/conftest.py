# SPDX-License-Identifier: Apache-2.0
"""Where the tests find their data and the topiceval executable.

The data are tests/data (where each file came from: tests/data/README.md), unpacked by the build into its
test-data folder (cmake/test_data.cmake), which CTest passes as TOPICEVAL_TEST_DATA. A missing data file fails
its test with one line naming it.
"""

import os
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEST_DATA = pathlib.Path(os.environ.get("TOPICEVAL_TEST_DATA", ROOT / "build" / "test-data"))
FIXTURES = TEST_DATA / "mallet-2.1.1"
CORPORA = TEST_DATA / "corpora"
BINARY = pathlib.Path(os.environ.get("TOPICEVAL_BINARY", ROOT / "build" / "topiceval"))


def missing_test_data(path) -> str:
    return (f"missing test data: {path} (the build unpacks tests/data into {TEST_DATA}; "
            "tests/data/README.md lists every file)")


def _folder(path):
    if not path.is_dir():
        pytest.fail(missing_test_data(path), pytrace=False)
    return path


@pytest.fixture(scope="session")
def fixtures():
    """MALLET 2.1.1's fixture sets (stackexchange, stackexchange-oov, debian-k100, sgu-k100)."""
    return _folder(FIXTURES)


@pytest.fixture(scope="session")
def fixtures_208():
    """MALLET 2.0.8's fixture sets and the upgrade's proof by MALLET 2.1.1."""
    return _folder(TEST_DATA / "mallet-2.0.8")


@pytest.fixture(scope="session")
def ldavis_oracle():
    """LDAvis's own numbers for three of the MALLET 2.1.1 sets (tests/data/ldavis-oracle/make_oracle.py)."""
    return _folder(TEST_DATA / "ldavis-oracle")


@pytest.fixture(scope="session")
def corpora():
    return _folder(CORPORA)


@pytest.fixture(scope="session")
def fixture_set():
    """A MALLET fixture set's folder by name: "stackexchange" is MALLET 2.1.1's; a name starting "mallet-" names
    its version's folder ("mallet-2.0.8/debian-k20-t1")."""
    def folder(name):
        return _folder(TEST_DATA / name if name.startswith("mallet-") else FIXTURES / name)
    return folder


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that failed on a data file that is not there says so in one line instead of a traceback."""
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is None or report.passed:
        return
    for match in re.finditer(re.escape(str(TEST_DATA)) + r"[^\s'\":]*", str(call.excinfo.value)):
        if not pathlib.Path(match.group(0)).exists():
            report.longrepr = missing_test_data(match.group(0))
            return
