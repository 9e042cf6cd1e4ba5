"""The Python package topiceval, built through CMake: the extension topiceval._native links the library's
static archives (it stands alone in the wheel), and the pure-Python layer comes from python/topiceval/.

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
VERSION = re.search(r"project\(topiceval VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(os.environ.get("TOPICEVAL_PYTHON_BUILD_DIR", ROOT / "build-python"))
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        "-DTOPICEVAL_PYTHON_ONLY=ON", f"-DPython_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "topiceval_python", "-j",
                        str(os.cpu_count() or 1)], check=True)
        built = next((build / "python" / "topiceval").glob("_native*.so"))
        destination = pathlib.Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, destination)


setup(
    name="topiceval",
    version=VERSION,
    description="Held-out likelihood and topic quality for topic models; MALLET's files read natively",
    long_description=(ROOT / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    license="see the project",
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
    zip_safe=False,
)
