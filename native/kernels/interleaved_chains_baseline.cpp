// The interleaved-chains kernel compiled for the baseline instruction set (flags in
// CMakeLists.txt). A translation unit of its own: beside the lockstep kernels it
// shifted their code and cost them 5% on one thread.
#define TOPICEVAL_NATIVE_LANES 2
#define TOPICEVAL_FOR_ISA(name) name##Baseline
#include "native/kernels/vector_lanes.inc"
#include "native/kernels/mallet_interleaved_chains.inc"
