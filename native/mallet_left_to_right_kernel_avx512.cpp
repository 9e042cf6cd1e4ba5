// The left-to-right group kernel compiled for the avx512 instruction set (flags in CMakeLists.txt).
#define TOPICEVAL_KERNEL_SELECTOR groupKernelAvx512
#define TOPICEVAL_NATIVE_LANES 8
#include "native/mallet_left_to_right_kernel.inc"
