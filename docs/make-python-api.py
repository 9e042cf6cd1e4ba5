#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the guide's Python API page (docs/python-api.md) from the docstrings of the built package.

    PYTHONPATH=build/python docs/make-python-api.py docs/python-api.md          # rewrite it
    PYTHONPATH=build/python docs/make-python-api.py docs/python-api.md --check  # exit 1 if it differs

The functions' docstrings list their keywords from the option declarations, as `topiceval COMMAND --help`
does, so the page is regenerated, never edited; the ctest python_api_page_current runs --check.
"""
import inspect
import pathlib
import re
import sys

import topiceval


def markdown_of(docstring: str) -> str:
    """A docstring's reStructuredText roles as Markdown code; its text kept as written, in a text block."""
    text = inspect.cleandoc(docstring or "(no docstring)")
    text = re.sub(r":(?:func|meth):`~?([^`]+)`", r"\1()", text)
    text = re.sub(r":(?:class|attr|data|exc|mod):`~?([^`]+)`", r"\1", text)
    text = text.replace("``", "")
    return "```text\n" + text + "\n```\n"


def page() -> str:
    out = ["# Python API\n",
           "Generated from the docstrings of the `topiceval` package (`docs/make-python-api.py`); the keywords of "
           "each function are the declarations of its command's options, as on the command's "
           "[reference page](reference/commands.md). `help(topiceval.NAME)` shows the same text.\n"]
    functions = [name for name in topiceval.__all__ if inspect.isfunction(getattr(topiceval, name))]
    classes = [name for name in topiceval.__all__ if inspect.isclass(getattr(topiceval, name))]
    out.append("## Functions\n")
    for name in functions:
        function = getattr(topiceval, name)
        out.append(f"### `topiceval.{name}`\n")
        out.append(f"```python\ntopiceval.{name}{inspect.signature(function)}\n```\n")
        out.append(markdown_of(function.__doc__))
    out.append("## Classes\n")
    for name in classes:
        out.append(f"### `topiceval.{name}`\n")
        out.append(markdown_of(getattr(topiceval, name).__doc__))
    return "\n".join(out)


def main() -> int:
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--check"):
        print("usage: make-python-api.py PAGE [--check]", file=sys.stderr)
        return 2
    target = pathlib.Path(sys.argv[1])
    text = page()
    if len(sys.argv) == 3:
        if not target.exists() or target.read_text() != text:
            print(f"{target} differs from the package's docstrings: rerun "
                  f"PYTHONPATH=build/python docs/make-python-api.py {target}", file=sys.stderr)
            return 1
        print(f"{target} is current")
        return 0
    target.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
