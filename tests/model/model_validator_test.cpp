// SPDX-License-Identifier: Apache-2.0
// The validator of a model's invariants (native/model/model_validator.hpp):
// each broken invariant named, the first one found.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "native/model/model_validator.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

TEST(ModelValidator, NamesEachBrokenInvariant) {
  const TopicModel model = testing::tinyModel(4, 12, 3);
  const int bits = model.topicBits;
  // Topic 1 listed twice in type 0's row (the kernels keep one slot per topic).
  EXPECT_EQ(findModelProblem(testing::withRow(model, 0, {(5 << bits) | 1, (3 << bits) | 1})),
            "type 0 lists topic 1 more than once in its counts");
  // The problem found in a copy of `model` changed by `change`, if it starts with `expected`.
  auto startsWith = [&](const std::function<void(TopicModel&)>& change, const std::string& expected) {
    TopicModel changed = model;
    change(changed);
    const std::string problem = findModelProblem(changed);
    return problem.rfind(expected, 0) == 0 ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << problem;
  };
  EXPECT_TRUE(startsWith([](TopicModel& m) { std::fill(m.tokensPerTopic.begin(), m.tokensPerTopic.end(), 0); },
                         "tokensPerTopic[0] is 0 but the type-topic counts give topic 0 "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.alphaSum = 50.0; }, "alphaSum is 50 but the alpha values sum to "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.betaSum *= 3; },
                         "betaSum is 3.6000000000000005 but beta times the 12 types is 1.2000000000000002"));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.smoothingOnlyMass = 1e308; },
                         "smoothingOnlyMass is 1e+308 but alpha and beta give "));
  EXPECT_TRUE(startsWith([](TopicModel& m) { m.cachedCoefficients[2] *= 2; }, "cachedCoefficients[2] is "));
  TopicModel empty = TopicModel::fromDenseCounts(3, {0.1, 0.1, 0.1}, 0.01, std::vector<int32_t>(6, 0), 2);
  EXPECT_EQ(findModelProblem(empty), "the model holds 0 training tokens for 3 topics: too few to be a trained model");
}

}  // namespace
}  // namespace topiceval
