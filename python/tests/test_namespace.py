# SPDX-License-Identifier: Apache-2.0
"""`import topiceval` gives the documented names and nothing else: ``__all__`` (each on the guide's Python API
page, docs/python-api.md) and ``__version__``; the type stub shipped beside the package declares the same names,
and the classes it describes for type checkers only are not in the namespace."""

import ast
import pathlib
import re

import topiceval

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUB = pathlib.Path(topiceval.__file__).with_name("__init__.pyi")


def public(names):
    return sorted(name for name in names if not name.startswith("_"))


def stub_names():
    """The stub's module-level names: (declared as importable, described for type checkers only)."""
    importable, checker_only = [], []
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, ast.ClassDef):
            only = any(isinstance(decorator, ast.Name) and decorator.id == "type_check_only"
                       for decorator in node.decorator_list)
            (checker_only if only else importable).append(node.name)
        elif isinstance(node, ast.FunctionDef):
            importable.append(node.name)
        elif isinstance(node, ast.AnnAssign):
            importable.append(node.target.id)
        elif isinstance(node, ast.Assign):
            importable.extend(target.id for target in node.targets)
    return importable, checker_only


def test_the_namespace_is_all_the_documented_names():
    assert public(dir(topiceval)) == sorted(topiceval.__all__)
    assert len(set(topiceval.__all__)) == len(topiceval.__all__)
    assert isinstance(topiceval.__version__, str) and re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", topiceval.__version__)


def test_the_stub_declares_the_namespace():
    importable, checker_only = stub_names()
    assert public(importable) == sorted(topiceval.__all__)
    assert "__version__" in importable
    assert checker_only, "the stub describes the results' parts"
    assert [name for name in checker_only if hasattr(topiceval, name)] == []


def test_the_python_api_page_documents_every_name():
    page = (ROOT / "docs" / "python-api.md").read_text()
    assert sorted(re.findall(r"^### `topiceval\.(\w+)`$", page, re.MULTILINE)) == sorted(topiceval.__all__)
