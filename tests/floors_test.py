#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The floors' arrows run one way: every #include "..." of every source under
native/, formats/ and the front ends (python/, java-bridge/, r/src/) names a header of
its own floor or of a lower one, never of a higher one.

The floors are those of native/CMakeLists.txt's opening comment (java, runtime
-> model -> kernels, logistic_normal -> estimators -> mallet -> api -> output
-> commands -> the executable (native/cli); quality beside the estimators;
formats beside the model, above it since it builds models). The public headers (include/topiceval/) are the api floor,
except the vocabulary ones (no functions: errors, warnings, progress counters,
model families and defaults, choices), which every floor may read. The front
ends sit on top beside the executable: they may read the library's headers of
any floor (the commands too, to run a command by its words), never native/cli/,
the executable's own; the R package, built against the installed library,
only its public headers. The commands call the API through its public headers,
never native/api/'s internal ones.

Usage: floors_test.py [PROJECT_DIR]  (exit 1 and one line per arrow back up)
"""

import os
import re
import sys

# A folder's floor (the public headers are the api's).
FLOORS = {
    "vocabulary": -1,
    "native/java": 0,
    "native/runtime": 0,
    "native/settings": 0,
    "native/model": 1,
    "formats": 2,
    "native/kernels": 2,
    "native/logistic_normal": 2,
    "native/estimators": 3,
    "native/quality": 3,
    "native/mallet": 4,
    "native/api": 5,
    "include/topiceval": 5,
    "native/output": 6,
    "native/commands": 7,
    "native/cli": 8,
    "python": 8,
    "java-bridge": 8,
    "r": 8,
}
# Public headers of plain vocabulary (types and constants, no library function
# behind them), readable from every floor.
VOCABULARY = {"export.hpp", "errors.hpp", "warning.hpp", "progress.hpp", "vocabulary.hpp", "choices.hpp"}
# Public headers that are the face of a lower floor: a setting's declaration
# and its rules (parseTruth, listOfChoices) are the settings floor's.
PUBLIC_FACES = {"setting_spec.hpp": "native/settings"}
# Arrows still to remove, each with what removes it: listed, not failed. A new
# arrow back up fails; removing one of these means deleting its line here.
PENDING = {
}
SOURCE_DIRS = ["native", "formats", "python", "java-bridge/native", "java-bridge/generate_options.cpp", "r/src"]
SUFFIXES = (".hpp", ".cpp", ".h", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def floor_of(path):
    """The floor name of a project path (a source, or an include as written)."""
    if path.startswith("topiceval/"):
        path = "include/" + path
    if path.startswith("include/topiceval/"):
        name = os.path.basename(path)
        if name in PUBLIC_FACES:
            return PUBLIC_FACES[name]
        return "vocabulary" if name in VOCABULARY else "include/topiceval"
    if path.startswith("java-bridge/"):
        return "java-bridge"
    if path.startswith("python/"):
        return "python"
    if path.startswith("r/"):
        return "r"
    parts = path.split("/")
    if parts[0] == "native" and len(parts) > 2:
        return "native/" + parts[1]
    return parts[0] if parts[0] in FLOORS else None


def sources(root):
    for entry in SOURCE_DIRS:
        top = os.path.join(root, entry)
        if os.path.isfile(top):
            yield entry
            continue
        for directory, _, files in os.walk(top):
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.relpath(os.path.join(directory, name), root)


def arrows_back_up(root):
    found = []
    for source in sources(root):
        here = floor_of(source)
        with open(os.path.join(root, source), encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        for included in INCLUDE.findall(text):
            there = floor_of(included)
            if there is None or there == here:
                continue
            up = FLOORS[there] > FLOORS[here]
            # The front ends stand beside the command line: no binding reads it.
            if here in ("python", "java-bridge") and there == "native/cli":
                up = True
            elif here in ("python", "java-bridge") and there in ("python", "java-bridge"):
                up = False
            # The R package builds against the installed library: its public headers only.
            if here == "r":
                up = not included.startswith(("topiceval/", "include/topiceval/"))
            # A command is a function of the API: it reads the public headers, not the API's insides.
            if here in ("native/commands", "native/cli") and there == "native/api":
                up = True
            if up:
                found.append((source, included, here, there))
    return found


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    found = arrows_back_up(root)
    failing = [arrow for arrow in found if (arrow[0], arrow[1]) not in PENDING]
    for source, included, here, there in found:
        reason = PENDING.get((source, included))
        note = f" (pending: {reason})" if reason else ""
        print(f"{source} ({here}) includes {included} ({there}){note}")
    print(f"{len(failing)} arrows back up, {len(found) - len(failing)} pending")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
