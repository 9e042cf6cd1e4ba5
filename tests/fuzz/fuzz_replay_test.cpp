// The fuzz targets in the ordinary test suite: every kept input (seeds and
// regressions found by fuzzing, tests/fuzz/), the real MALLET fixtures, and a
// fixed-seed storm of mutations of them must end in a clear error or success,
// never a crash or another exception. (Under sanitizers, CI runs this too.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "fuzz/fuzz_targets.hpp"
#include "support/fixtures.hpp"

namespace topiceval::fuzz {
namespace {

std::vector<uint8_t> readBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::vector<uint8_t>> keptInputs(const std::string& target) {
  std::vector<std::vector<uint8_t>> inputs;
  for (const char* kind : {"seeds", "regressions"}) {
    const std::filesystem::path dir = std::filesystem::path(TOPICEVAL_FUZZ_DIR) / kind / target;
    if (!std::filesystem::exists(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) inputs.push_back(readBytes(entry.path()));
  }
  return inputs;
}

// The real files each binary target starts from.
std::vector<std::string> fixtureSeeds(const std::string& target) {
  const std::string set = "stackexchange-oov";
  if (target == "evaluator") return {testing::fixtureFile(set, "evaluator.mallet")};
  if (target == "inferencer") return {testing::fixtureFile(set, "inferencer.mallet")};
  if (target == "instance-list") return {testing::fixtureFile(set, "test.mallet")};
  if (target == "topic-state-gzip") return {testing::fixtureFile(set, "state.gz")};
  if (target == "object-stream" || target == "model-file" || target == "model-validator")
    return {testing::fixtureFile(set, "evaluator.mallet"), testing::fixtureFile(set, "model.mallet"),
            testing::fixtureFile(set, "state.gz")};
  return {};
}

class EveryTarget : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryTarget, SurvivesKeptInputsAndMutations) {
  const Target* target = findTarget(GetParam());
  ASSERT_NE(target, nullptr);
  std::vector<std::vector<uint8_t>> inputs = keptInputs(GetParam());
  for (const std::string& path : fixtureSeeds(GetParam())) inputs.push_back(readBytes(path));
  ASSERT_FALSE(inputs.empty()) << "no inputs for " << GetParam();
  std::mt19937 generator(20261122);
  std::size_t runs = 0;
  for (const auto& input : inputs) {
    target->run(input);
    ++runs;
    if (input.empty()) continue;
    // Byte flips, overwrites with interesting values, truncations and chunk duplications.
    std::uniform_int_distribution<std::size_t> position(0, input.size() - 1);
    const uint8_t interesting[] = {0x00, 0xFF, 0x7F, 0x80, 0x70, 0x71, 0x73, 0x75, 0x77, 0x7A, 0x7C};
    for (int mutant = 0; mutant < 300; ++mutant) {
      std::vector<uint8_t> bytes = input;
      position = std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1);
      const int edits = 1 + mutant % 4;
      for (int e = 0; e < edits; ++e) {
        const std::size_t at = position(generator);
        switch ((mutant + e) % 4) {
          case 0: bytes[at] ^= static_cast<uint8_t>(1u << (generator() % 8)); break;
          case 1: bytes[at] = interesting[generator() % sizeof interesting]; break;
          case 2: bytes.resize(at); break;
          default: {
            if (at >= bytes.size()) break;
            const std::size_t length = std::min<std::size_t>(bytes.size() - at, 64);
            const std::vector<uint8_t> chunk(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                                             bytes.begin() + static_cast<std::ptrdiff_t>(at + length));
            bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), chunk.begin(), chunk.end());
          }
        }
        if (bytes.empty()) break;
        position = std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1);
      }
      target->run(bytes);
      ++runs;
    }
  }
  EXPECT_GT(runs, inputs.size());
}

// The build's one list of targets (tests/fuzz/targets.txt, through CMake).
std::vector<std::string> listedTargets() {
  std::vector<std::string> names;
  std::stringstream list(TOPICEVAL_FUZZ_TARGETS);
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  return names;
}

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

TEST(FuzzTargets, TheListedTargetsAreTheRegisteredOnes) {
  std::vector<std::string> registered;
  for (const Target& target : targets()) registered.push_back(target.name);
  EXPECT_EQ(sorted(listedTargets()), sorted(registered));
}

// The long runs (scripts/fuzz.sh, and the test command's smoke run) fuzz
// every target the build has, not a list of the script's own.
TEST(FuzzTargets, TheFuzzScriptRunsEveryListedTarget) {
  const std::string command = std::string("bash '") + TOPICEVAL_FUZZ_SCRIPT + "' --list";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
  ASSERT_EQ(::pclose(pipe), 0) << output;
  std::vector<std::string> run;
  std::stringstream lines(output);
  for (std::string line; std::getline(lines, line);) run.push_back(line);
  EXPECT_EQ(sorted(run), sorted(listedTargets()));
}

INSTANTIATE_TEST_SUITE_P(Fuzz, EveryTarget, ::testing::ValuesIn(listedTargets()),
                         [](const ::testing::TestParamInfo<std::string>& parameter) {
                           std::string name = parameter.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace topiceval::fuzz
