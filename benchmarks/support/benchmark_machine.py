# SPDX-License-Identifier: Apache-2.0
"""One line naming the machine a benchmark ran on: its processor, cores and the instruction sets the kernels
use. The margin against MALLET depends on the machine; a table without this line cannot be compared."""

import os


def describe():
    model = "unknown processor"
    flags = set()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Model") and model == "unknown processor":
                    model = value.strip()
                elif key.strip() in ("flags", "Features") and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    kernels = [flag for flag in ("sse4_2", "avx2", "fma", "avx512f", "asimd", "sve") if flag in flags]
    return f"machine: {model}, {os.cpu_count()} cores, instruction sets {' '.join(kernels) or 'none listed'}"
