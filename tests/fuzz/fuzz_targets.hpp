#pragma once
// The fuzz targets: each feeds arbitrary bytes to one reader or parser. A clear
// error (FormatError, or std::invalid_argument from an option) is the expected
// outcome for bad input; any other exception escapes, and libFuzzer reports it
// as a crash, as it does crashes, hangs and huge allocations.
//
// The same functions replay the kept inputs in the ordinary test suite
// (fuzz_replay_test.cpp), and libfuzzer_main.cpp turns each into a libFuzzer binary.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace topiceval::fuzz {

struct Target {
  const char* name;
  void (*run)(std::span<const uint8_t> data);
};

// Every target, by name: object-stream, evaluator, inferencer, model-file,
// instance-list, topic-state-text, topic-state-gzip, text-documents, command-line,
// model-validator, logistic-normal-model, reference-index.
const std::vector<Target>& targets();
const Target* findTarget(const std::string& name);

}  // namespace topiceval::fuzz
