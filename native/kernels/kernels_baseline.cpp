// SPDX-License-Identifier: Apache-2.0
// The vector kernels compiled for the baseline instruction set (flags in CMakeLists.txt).
#define TOPICEVAL_NATIVE_LANES 2
#define TOPICEVAL_FOR_ISA(name) name##Baseline
#include "native/kernels/vector_lanes.inc"
#include "native/kernels/mallet_left_to_right_kernel.inc"
#include "native/kernels/left_to_right_kernel.inc"
