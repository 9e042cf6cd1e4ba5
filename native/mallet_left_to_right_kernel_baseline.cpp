// The left-to-right group kernel compiled for the baseline instruction set (flags in CMakeLists.txt).
#define TOPICEVAL_KERNEL_SELECTOR groupKernelBaseline
#define TOPICEVAL_NATIVE_LANES 2
#include "native/mallet_left_to_right_kernel.inc"
