// SPDX-License-Identifier: Apache-2.0
// topiceval's MALLET-compatible left-to-right evaluation against every number
// MALLET printed for its fixture sets (tests/data): 2.1.1 for its own files,
// 2.0.8 for its own, and 2.1.1 for 2.0.8's upgraded by topiceval; the same bits,
// per document and in total, for every configuration, on any number of threads.
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string_view>

#include "formats/instance_list_reader.hpp"
#include "formats/mallet_upgrade.hpp"
#include "formats/model_readers.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "native/mallet/mallet_left_to_right.hpp"
#include "support/fixtures.hpp"

namespace topiceval {
namespace {

using testing::MalletRun;

// The sets whose expected/ folders hold what MALLET printed: MALLET 2.1.1's four, MALLET 2.0.8's two, and
// what MALLET 2.1.1 printed for 2.0.8's files upgraded by topiceval (SET/upgraded: read here as `upgrade`
// writes them).
const std::vector<std::string> kSets = {"stackexchange",
                                        "stackexchange-oov",
                                        "debian-k100",
                                        "sgu-k100",
                                        "mallet-2.0.8/debian-k20-t1",
                                        "mallet-2.0.8/debian-k20-t2",
                                        "mallet-2.0.8/debian-k20-t1/upgraded",
                                        "mallet-2.0.8/debian-k20-t2/upgraded"};
constexpr std::string_view kUpgraded = "/upgraded";

std::vector<MalletRun> allRuns() {
  std::vector<MalletRun> runs;
  const std::regex name("total-p([0-9]+)-r(true|false)-s([0-9]+)\\.txt");
  for (const std::string& set : kSets) {
    for (const std::string& file : testing::testDataFiles(testing::fixtureSetPath(set) + "/expected", name)) {
      std::smatch match;
      std::regex_match(file, match, name);
      runs.push_back({set, std::stoi(match[1]), match[2] == "true", std::stoi(match[3])});
    }
  }
  return runs;
}

struct LoadedSet {
  TopicModel model;
  DocumentCollection documents;
};

// A 2.0.8 file as `upgrade` rewrites it for MALLET 2.1.
std::vector<uint8_t> upgradedBytes(const std::string& path) {
  const std::string original = testing::readText(path);
  std::ostringstream out;
  (void)formats::upgradeMalletStream(std::vector<uint8_t>(original.begin(), original.end()), path, out, "upgraded");
  const std::string bytes = out.str();
  return {bytes.begin(), bytes.end()};
}

const LoadedSet& load(const std::string& set) {
  static std::map<std::string, LoadedSet> cache;
  auto found = cache.find(set);
  if (found == cache.end()) {
    if (set.ends_with(kUpgraded)) {
      const std::string original = set.substr(0, set.size() - kUpgraded.size());
      const std::string evaluator = testing::fixtureFile(original, "evaluator.mallet");
      const std::string documents = testing::fixtureFile(original, "test.mallet");
      LoadedSet loaded{formats::readEvaluator(upgradedBytes(evaluator), evaluator),
                       formats::readInstanceList(upgradedBytes(documents), documents)};
      found = cache.emplace(set, std::move(loaded)).first;
    } else {
      LoadedSet loaded{formats::readEvaluatorFile(testing::fixtureFile(set, "evaluator.mallet")),
                       formats::readInstanceListFile(testing::fixtureFile(set, "test.mallet"))};
      found = cache.emplace(set, std::move(loaded)).first;
    }
  }
  return found->second;
}

double parseJavaDouble(const std::string& text) { return std::stod(text); }

// `batch` documents at a time, the list read in batches (0: the whole list).
void expectSameBits(const MalletRun& run, int threads, InstructionSet instructionSet = InstructionSet::Automatic,
                    std::size_t batch = 0) {
  const LoadedSet& loaded = load(run.set);
  MalletEvaluationOptions options;
  options.instructionSet = instructionSet;
  options.particles = run.particles;
  options.resampling = run.resampling;
  options.seed = run.seed;
  options.threads = threads;
  MalletEvaluationResult result;
  if (batch == 0) {
    result = evaluateLikeMallet(loaded.model, loaded.documents, options);
  } else {
    MalletEvaluationInBatches evaluation(loaded.model, options);
    std::size_t batches = 0;
    ASSERT_TRUE(formats::readInstanceListInBatches(testing::fixtureFile(run.set, "test.mallet"), {batch, 1u << 30},
                                                   [&](DocumentCollection part, std::size_t) {
                                                     evaluation.add(part);
                                                     ++batches;
                                                   }));
    EXPECT_EQ(batches, (loaded.documents.size() + batch - 1) / batch);
    EXPECT_EQ(evaluation.tokens(), loaded.documents.totalTokens());
    result = evaluation.finish();
  }

  const auto expectedDocuments =
      testing::readLines(testing::fixtureFile(run.set, "expected/docprobs-" + run.tag() + ".txt"));
  ASSERT_EQ(expectedDocuments.size(), result.documentLogLikelihoods.size());
  for (std::size_t d = 0; d < expectedDocuments.size(); ++d) {
    ASSERT_EQ(std::bit_cast<uint64_t>(result.documentLogLikelihoods[d]),
              std::bit_cast<uint64_t>(parseJavaDouble(expectedDocuments[d])))
        << run.set << " " << run.tag() << " document " << d << ": MALLET printed " << expectedDocuments[d];
  }
  const std::string expectedTotal =
      testing::readLines(testing::fixtureFile(run.set, "expected/total-" + run.tag() + ".txt")).at(0);
  EXPECT_EQ(std::bit_cast<uint64_t>(result.totalLogLikelihood), std::bit_cast<uint64_t>(parseJavaDouble(expectedTotal)))
      << run.set << " " << run.tag();
  EXPECT_EQ(result.samplingErrors, 0);
}

class EveryMalletRun : public ::testing::TestWithParam<MalletRun> {};

TEST_P(EveryMalletRun, ReproducesMalletBitForBit) { expectSameBits(GetParam(), 0); }

INSTANTIATE_TEST_SUITE_P(Fixtures, EveryMalletRun, ::testing::ValuesIn(allRuns()),
                         [](const ::testing::TestParamInfo<MalletRun>& parameter) {
                           std::string name = parameter.param.set + "_" + parameter.param.tag();
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(MalletExactness, CoversEveryExpectedFile) {
  // 8 configurations for each set but sgu-k100, which has 4; a set's folder missing names it.
  for (const std::string& set : kSets) (void)testing::fixtureDir(set + "/expected");
  EXPECT_EQ(allRuns().size(), 60u);
}

class ThreadCounts : public ::testing::TestWithParam<int> {};

TEST_P(ThreadCounts, GiveMalletsBits) {
  // Jumping the generator to each (document, particle) makes the schedule irrelevant.
  expectSameBits({"debian-k100", 10, true, 42}, GetParam());
  expectSameBits({"stackexchange-oov", 10, false, 1}, GetParam());
  expectSameBits({"sgu-k100", 50, false, 2}, GetParam());
  expectSameBits({"mallet-2.0.8/debian-k20-t2", 10, true, 1}, GetParam());
}

INSTANTIATE_TEST_SUITE_P(OneTwoSeven, ThreadCounts, ::testing::Values(1, 2, 7));

TEST(MalletExactness, ListsReadInBatchesGiveMalletsBits) {
  // Each batch's draws start where the documents before it left MALLET's stream.
  expectSameBits({"debian-k100", 10, true, 42}, 2, InstructionSet::Automatic, 7);
  expectSameBits({"stackexchange-oov", 10, false, 1}, 1, InstructionSet::Automatic, 1);
  expectSameBits({"sgu-k100", 50, false, 2}, 2, InstructionSet::Automatic, 100);
  expectSameBits({"stackexchange", 1, true, 42}, 2, InstructionSet::Automatic, 64);
}

class InstructionSets : public ::testing::TestWithParam<InstructionSet> {};

TEST_P(InstructionSets, GiveMalletsBits) {
  // Each compiled copy of the vector code, for every group width used here
  // (1, 10 and 50 particles: groups of 1, 10, 12 and 13).
  if (resolveInstructionSet(GetParam()) != GetParam()) GTEST_SKIP() << "this processor lacks " << describe(GetParam());
  expectSameBits({"stackexchange", 1, true, 42}, 0, GetParam());
  expectSameBits({"stackexchange-oov", 10, true, 1}, 0, GetParam());
  expectSameBits({"sgu-k100", 50, false, 1}, 0, GetParam());
  expectSameBits({"debian-k100", 10, false, 42}, 0, GetParam());
}

INSTANTIATE_TEST_SUITE_P(EveryCompiledCopy, InstructionSets,
                         ::testing::Values(InstructionSet::Baseline, InstructionSet::Avx2, InstructionSet::Avx512),
                         [](const ::testing::TestParamInfo<InstructionSet>& parameter) {
                           return std::string(describe(parameter.param));
                         });

TEST(MalletExactness, ParticlesConsumeTheDrawsMalletCounts) {
  // Without resampling one uniform per scored token; with it, also one per
  // earlier scored token at every position (skipped words draw nothing).
  const LoadedSet& loaded = load("stackexchange-oov");
  const MalletLeftToRightSampler sampler(loaded.model);
  const std::vector<int32_t> document = {0, 1, 1000000, 2, 3};  // the middle word is outside the model
  EXPECT_FALSE(sampler.inVocabulary(1000000));
  EXPECT_EQ(sampler.uniformsPerParticle(document, false), 4u);
  EXPECT_EQ(sampler.uniformsPerParticle(document, true), 4u + (0 + 1 + 2 + 2 + 3));
}

}  // namespace
}  // namespace topiceval
