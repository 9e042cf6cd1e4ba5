# SPDX-License-Identifier: Apache-2.0
"""The Python package topiceval, built through CMake: the extension topiceval._native links the library's
static archives, Boost's and the C++ runtime (TOPICEVAL_STANDALONE_PYTHON: it stands alone in the wheel, on a
machine without Boost), and the pure-Python layer comes from python/topiceval/.

    pip install --no-build-isolation .             # into the current environment (a venv made with
                                                   # python3 -m venv --system-site-packages, for numpy)
    python3 -P -m build --wheel --no-isolation     # a wheel (-P: the checkout's build/ must not shadow `build`)

Every build of this checkout shares one CMake build directory (build-python/), so a wheel and an install
after it compile once. The version is the CMake project's.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).parent.resolve()
# The version and the license as the CMake project declares them (CMakeLists.txt), for the package's metadata.
CMAKE_PROJECT = (ROOT / "CMakeLists.txt").read_text()
VERSION = re.search(r"project\(topiceval VERSION ([0-9.]+)", CMAKE_PROJECT).group(1)
LICENSE = re.search(r"set\(TOPICEVAL_LICENSE ([^ )]+)\)", CMAKE_PROJECT).group(1)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


def jobs():
    """The compile jobs: CMAKE_BUILD_PARALLEL_LEVEL when set, else the cores this process may run on."""
    if os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "").isdigit():
        return int(os.environ["CMAKE_BUILD_PARALLEL_LEVEL"])
    if hasattr(os, "sched_getaffinity"):  # a container's or taskset's share, not the machine's count
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def say(message):
    # pip shows a build's output only with -v (the spinner turns at each line); on a terminal of our own,
    # or under -v, these lines say what the minutes of compiling are.
    print(f"topiceval: {message}", file=sys.stderr, flush=True)


def build_directory():
    return pathlib.Path(os.environ.get("TOPICEVAL_PYTHON_BUILD_DIR", ROOT / "build-python"))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = build_directory()
        cache = shutil.which("ccache")  # CMakeLists.txt uses it as the compiler launcher when found
        say(f"configuring the CMake build in {build}")
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DTOPICEVAL_PYTHON_ONLY=ON", "-DTOPICEVAL_STANDALONE_PYTHON=ON",
                        f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        say(f"compiling the library and the extension with {jobs()} jobs, "
            + (f"through ccache ({cache})" if cache else "without ccache (none installed)")
            + "; a first build takes minutes (pip install -v . shows each file)")
        # CMake's own lines ([ 42%] Building CXX object ...) go to standard error with ours, so that they
        # reach a terminal even where a frontend keeps standard output for itself.
        try:
            progress = sys.stderr.fileno()
        except (AttributeError, OSError, ValueError):  # a standard error without a file behind it
            progress = None
        # Paths under the checkout hashed relative to it, so that ccache serves the objects scripts/build.sh
        # compiled in build/ (their absolute paths differ from build-python/'s).
        environment = dict(os.environ)
        environment.setdefault("CCACHE_BASEDIR", str(ROOT))
        subprocess.run(["cmake", "--build", str(build), "--target", "topiceval_python", "-j", str(jobs())],
                       check=True, stdout=progress, env=environment)
        built = next((build / "python" / "topiceval").glob("_native*.so"))
        destination = pathlib.Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, destination)
        say(f"built {built.name}")


setup(
    name="topiceval",
    version=VERSION,
    description="Held-out likelihood and topic quality for topic models; MALLET's files read natively",
    long_description=(ROOT / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    license=LICENSE,
    # LICENSE and NOTICE go into the wheel's .dist-info (NOTICE carries pybind11's notice, which the extension needs).
    license_files=["LICENSE", "NOTICE"],
    classifiers=[
        "License :: OSI Approved :: Apache Software License",
        "Programming Language :: C++",
        "Programming Language :: Python :: 3",
        "Operating System :: POSIX :: Linux",
        "Topic :: Scientific/Engineering",
    ],
    python_requires=">=3.9",
    install_requires=["numpy"],
    # to_pandas() needs pandas: `pip install .[pandas]`.
    extras_require={"pandas": ["pandas"]},
    # The command line, run by the extension itself (topiceval.main): no second build of the executable.
    entry_points={"console_scripts": ["topiceval = topiceval:main"]},
    packages=["topiceval"],
    package_dir={"topiceval": "python/topiceval"},
    package_data={"topiceval": ["__init__.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("topiceval._native")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own staging (build/lib.*, build/bdist.*) beside CMake's, not inside the checkout's build/,
    # which is the CMake build of scripts/build.sh.
    options={"build": {"build_base": str(build_directory() / "setuptools")}},
    zip_safe=False,
)
