// The left-to-right group kernel compiled for the avx2 instruction set (flags in CMakeLists.txt).
#define TOPICEVAL_KERNEL_SELECTOR groupKernelAvx2
#define TOPICEVAL_NATIVE_LANES 4
#include "native/mallet_left_to_right_kernel.inc"
