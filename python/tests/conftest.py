# SPDX-License-Identifier: Apache-2.0
"""Where the tests find the shared MALLET fixtures and corpora, and the topiceval executable."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("TOPICEVAL_SHARED", ROOT.parent / "shared"))
FIXTURES = SHARED / "fixtures" / "mallet-2.1.1"
CORPORA = SHARED / "corpora"
BINARY = pathlib.Path(os.environ.get("TOPICEVAL_BINARY", ROOT / "build" / "topiceval"))


@pytest.fixture(scope="session")
def fixtures():
    if not FIXTURES.is_dir():
        pytest.skip(f"no shared fixtures at {FIXTURES}")
    return FIXTURES


@pytest.fixture(scope="session")
def corpora():
    if not CORPORA.is_dir():
        pytest.skip(f"no shared corpora at {CORPORA}")
    return CORPORA
