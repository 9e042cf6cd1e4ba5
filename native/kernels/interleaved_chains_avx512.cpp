// The interleaved-chains kernel compiled for the avx512 instruction set (flags in
// CMakeLists.txt). A translation unit of its own: beside the lockstep kernels it
// shifted their code and cost them 5% on one thread.
#define TOPICEVAL_NATIVE_LANES 8
#define TOPICEVAL_FOR_ISA(name) name##Avx512
#include "native/kernels/vector_lanes.inc"
#include "native/kernels/mallet_interleaved_chains.inc"
