#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""What a release states about itself, checked against its one source in the build tree and the checkout
(cheap: nothing is built or installed here; scripts/check-install.sh and scripts/release.sh check the built
packages themselves).

    release_metadata_test.py version ...   every version the project states is the CMake project's
    release_metadata_test.py license ...   every package's metadata names the project's license

The version is declared once, in CMakeLists.txt's project(): the executable (--version and the JSON
outputs), the shared library (its file name and libraryVersion()), the man pages, the Python package
(__version__ and setup.py's metadata), the jar's manifest, the Debian package, the pkg-config file and the
CMake package take it from there, and the R package's DESCRIPTION, CHANGELOG.md and r/NEWS.md must say the
same. The license is TOPICEVAL_LICENSE beside it.
"""

import argparse
import ctypes
import json
import os
import pathlib
import re
import subprocess
import sys
import zipfile

failures = []


def expect(what, found, expected):
    if found != expected:
        failures.append(f"{what}: {found!r}, not {expected!r}")
    else:
        print(f"{what}: {found}")


def one(pattern, text, what):
    match = re.search(pattern, text, re.MULTILINE)
    if not match:
        failures.append(f"{what}: nothing matches {pattern!r}")
        return None
    return match.group(1)


def run(command, **keywords):
    return subprocess.run(command, capture_output=True, text=True, check=True, **keywords).stdout


def cmake_project(source):
    text = (source / "CMakeLists.txt").read_text()
    version = re.search(r"^project\(topiceval VERSION ([0-9]+\.[0-9]+\.[0-9]+)", text, re.MULTILINE).group(1)
    license_ = re.search(r"^set\(TOPICEVAL_LICENSE ([^ )]+)\)", text, re.MULTILINE).group(1)
    return version, license_


def manifest(jar):
    with zipfile.ZipFile(jar) as archive:
        lines = archive.read("META-INF/MANIFEST.MF").decode().splitlines()
        bundled = {name: archive.read(name) for name in ("META-INF/LICENSE", "META-INF/NOTICE")
                   if name in archive.namelist()}
    fields = dict(line.split(": ", 1) for line in lines if ": " in line)
    return fields, bundled


def setup_py(source, option):
    # setup.py's own answer (what the wheel's metadata will say), without building anything.
    return run([sys.executable, str(source / "setup.py"), "-q", option], cwd=source).strip()


def check_version(arguments):
    source, build = arguments.source, arguments.build
    version, _ = cmake_project(source)
    print(f"CMakeLists.txt project(): {version}")
    expect("topiceval --version", run([arguments.binary, "--version"]).split()[1], version)
    info = json.loads(run([arguments.binary, "info", "--format", "json",
                           str(source / "examples" / "stackexchange" / "evaluator.mallet")]))
    expect("topiceval info --format json: \"version\"", info["version"], version)
    library = pathlib.Path(arguments.library)
    expect("libtopiceval's file", library.resolve().name, f"libtopiceval.so.{version}")
    dynamic = run(["readelf", "-d", str(library)])
    expect("libtopiceval's SONAME (the major version)", one(r"Library soname: \[(.*)\]", dynamic, "readelf -d"),
           f"libtopiceval.so.{version.split('.')[0]}")
    loaded = ctypes.CDLL(str(library))
    library_version = loaded._ZN9topiceval14libraryVersionEv  # topiceval::libraryVersion()
    library_version.restype = ctypes.c_char_p
    expect("topiceval::libraryVersion()", library_version().decode(), version)
    page = (pathlib.Path(arguments.man) / "topiceval.1").read_text()
    expect("topiceval(1)'s .TH", one(r'^\.TH \S+ 1 "[^"]*" "topiceval ([^"]+)"', page, "topiceval(1)"), version)
    python = run([sys.executable, "-c", "import topiceval; print(topiceval.__version__)"],
                 env=dict(os.environ, PYTHONPATH=arguments.python_path)).strip()
    expect("topiceval.__version__", python, version)
    expect("setup.py --version (the wheel's)", setup_py(source, "--version"), version)
    description = (source / "r" / "DESCRIPTION").read_text()
    expect("r/DESCRIPTION Version", one(r"^Version: (.+)$", description, "r/DESCRIPTION"), version)
    if arguments.jar:
        fields, _ = manifest(arguments.jar)
        expect("the jar's Implementation-Version", fields.get("Implementation-Version"), version)
    cpack = (build / "CPackConfig.cmake").read_text()
    expect("the Debian package's (CPack)", one(r'^set\(CPACK_PACKAGE_VERSION "([^"]+)"\)', cpack, "CPack"), version)
    pc = (build / "library" / "topiceval.pc").read_text()
    expect("topiceval.pc Version", one(r"^Version: (.+)$", pc, "topiceval.pc"), version)
    config = (build / "library" / "topicevalConfigVersion.cmake").read_text()
    expect("topicevalConfigVersion.cmake", one(r'^set\(PACKAGE_VERSION "([^"]+)"\)', config, "config"), version)
    # The changelogs' newest release is this one.
    changelog = (source / "CHANGELOG.md").read_text()
    expect("CHANGELOG.md's newest release", one(r"^## \[([0-9][^\]]*)\]", changelog, "CHANGELOG.md"), version)
    news = (source / "r" / "NEWS.md").read_text()
    expect("r/NEWS.md's newest release", one(r"^# topiceval ([0-9]\S*)", news, "r/NEWS.md"), version)


def check_license(arguments):
    source, build = arguments.source, arguments.build
    _, license_ = cmake_project(source)
    print(f"CMakeLists.txt TOPICEVAL_LICENSE: {license_}")
    expect("TOPICEVAL_LICENSE", license_, "Apache-2.0")
    text = (source / "LICENSE").read_text()
    expect("LICENSE is the Apache License 2.0",
           [marker in text for marker in ("Apache License\n                           Version 2.0, January 2004",
                                          "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
                                          "END OF TERMS AND CONDITIONS")], [True, True, True])
    expect("NOTICE's first lines", (source / "NOTICE").read_text().splitlines()[:2],
           ["topiceval", "Copyright 2025-2026 The topiceval authors"])
    expect("setup.py --license (the wheel's License)", setup_py(source, "--license"), license_)
    expect("setup.py's license classifier",
           "License :: OSI Approved :: Apache Software License" in setup_py(source, "--classifiers").splitlines(),
           True)
    description = (source / "r" / "DESCRIPTION").read_text()
    expect("r/DESCRIPTION License", one(r"^License: (.+)$", description, "r/DESCRIPTION"), "Apache License (== 2.0)")
    expect("r/LICENSE (R names a standard license without a file)", (source / "r" / "LICENSE").exists(), False)
    copyright_ = (source / "packaging" / "copyright").read_text()
    paragraphs = [dict(re.findall(r"^([A-Za-z-]+): ?(.*)$", paragraph, re.MULTILINE))
                  for paragraph in copyright_.split("\n\n")]
    expect("packaging/copyright's format (DEP-5)", paragraphs[0].get("Format"),
           "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
    every_file = [paragraph for paragraph in paragraphs if paragraph.get("Files") == "*"]
    expect("packaging/copyright's Files: * license", [paragraph.get("License") for paragraph in every_file],
           [license_])
    expect("packaging/copyright's Files: * copyright", [paragraph.get("Copyright") for paragraph in every_file],
           ["2025-2026 The topiceval authors"])
    expect("packaging/copyright's stand-alone License paragraph",
           any(paragraph.get("License") == license_ and "Files" not in paragraph for paragraph in paragraphs[1:]),
           True)
    if arguments.jar:
        fields, bundled = manifest(arguments.jar)
        expect("the jar's Bundle-License", fields.get("Bundle-License"), license_)
        expect("the jar's META-INF/LICENSE and NOTICE",
               [bundled.get("META-INF/LICENSE") == (source / "LICENSE").read_bytes(),
                bundled.get("META-INF/NOTICE") == (source / "NOTICE").read_bytes()], [True, True])
    pc = (build / "library" / "topiceval.pc").read_text()
    expect("topiceval.pc License", one(r"^License: (.+)$", pc, "topiceval.pc"), license_)
    config = (build / "library" / "topicevalConfig.cmake").read_text()
    expect("topicevalConfig.cmake's topiceval_LICENSE", one(r'^set\(topiceval_LICENSE "([^"]+)"\)', config,
                                                              "topicevalConfig.cmake"), license_)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["version", "license"])
    parser.add_argument("--source", type=pathlib.Path, required=True)
    parser.add_argument("--build", type=pathlib.Path, required=True)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--man", required=True)
    parser.add_argument("--python-path", required=True)
    parser.add_argument("--jar", help="the Java bridge's jar, where it is built")
    arguments = parser.parse_args()
    {"version": check_version, "license": check_license}[arguments.what](arguments)
    for failure in failures:
        print(f"DISAGREES: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
