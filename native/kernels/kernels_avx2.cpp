// SPDX-License-Identifier: Apache-2.0
// The vector kernels compiled for the avx2 instruction set (flags in CMakeLists.txt).
#define TOPICEVAL_NATIVE_LANES 4
#define TOPICEVAL_FOR_ISA(name) name##Avx2
#include "native/kernels/vector_lanes.inc"
#include "native/kernels/mallet_left_to_right_kernel.inc"
#include "native/kernels/left_to_right_kernel.inc"
