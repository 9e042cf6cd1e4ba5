// SPDX-License-Identifier: Apache-2.0
// The scoring model (native/model/scoring_model.hpp): what a held-out word the
// model lacks costs.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdint>
#include <vector>

#include "native/model/scoring_model.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

long maximumResidentKilobytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(ScoringModel, AHugeTypeIndexCostsNoMemory) {
  const TopicModel model = testing::tinyModel(3, 10, 2);
  DocumentCollection documents;
  const std::vector<int32_t> tokens = {1, 2147483647, 2147483647, 3};
  documents.add(tokens);
  const long before = maximumResidentKilobytes();
  const ScoringModel skip(model, UnseenWords::Skip, documents);
  EXPECT_EQ(skip.skippedTokens(), 2u);
  EXPECT_EQ(skip.skippedTypes(), 1u);
  const ScoringModel smooth(model, UnseenWords::Smooth, documents);
  EXPECT_EQ(smooth.unseenTypesScored(), 1u);
  EXPECT_EQ(smooth.vocabularySize(), 11u);
  EXPECT_TRUE(smooth.scored(2147483647));
  EXPECT_LT(maximumResidentKilobytes() - before, 100 * 1024);  // a table by type index would take 2 GiB
}

}  // namespace
}  // namespace topiceval
