// SPDX-License-Identifier: Apache-2.0
// evaluate-topics --exact false: the same estimator as MALLET's with
// topiceval's own sampler. Its per-document results must have the same
// distribution as the MALLET-identical path's (compared over independent seeds),
// and must not depend on the thread count.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "formats/instance_list_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/mallet/mallet_evaluation.hpp"
#include "support/fixtures.hpp"

namespace topiceval {
namespace {

struct Moments {
  std::vector<double> mean;
  std::vector<double> standardError;
};

// Per-document mean and standard error of the log likelihood over `seeds` runs.
Moments perDocumentMoments(const TopicModel& model, const DocumentCollection& documents,
                           MalletEvaluationOptions options, int seeds, int firstSeed) {
  const std::size_t n = documents.size();
  std::vector<double> sum(n, 0.0), squares(n, 0.0);
  for (int s = 0; s < seeds; ++s) {
    options.seed = firstSeed + s;
    const auto result = evaluateLikeMallet(model, documents, options);
    for (std::size_t d = 0; d < n; ++d) {
      sum[d] += result.documentLogLikelihoods[d];
      squares[d] += result.documentLogLikelihoods[d] * result.documentLogLikelihoods[d];
    }
  }
  Moments moments;
  for (std::size_t d = 0; d < n; ++d) {
    const double mean = sum[d] / seeds;
    const double variance = std::max(0.0, (squares[d] - seeds * mean * mean) / (seeds - 1));
    moments.mean.push_back(mean);
    moments.standardError.push_back(std::sqrt(variance / seeds));
  }
  return moments;
}

void expectSameDistribution(const std::string& set, int particles, bool resampling, int seeds) {
  const TopicModel model = formats::readEvaluatorFile(testing::fixtureFile(set, "evaluator.mallet"));
  const DocumentCollection documents = formats::readInstanceListFile(testing::fixtureFile(set, "test.mallet"));
  MalletEvaluationOptions options;
  options.particles = particles;
  options.resampling = resampling;
  options.exact = true;
  const Moments exact = perDocumentMoments(model, documents, options, seeds, 1000);
  options.exact = false;
  const Moments fast = perDocumentMoments(model, documents, options, seeds, 5000);

  int farApart = 0;
  int compared = 0;
  double zSum = 0.0;
  for (std::size_t d = 0; d < documents.size(); ++d) {
    const double spread = std::hypot(exact.standardError[d], fast.standardError[d]);
    if (spread == 0.0) {  // nothing random: a document with at most one scored word and no choice
      EXPECT_DOUBLE_EQ(exact.mean[d], fast.mean[d]) << "document " << d;
      continue;
    }
    const double z = (fast.mean[d] - exact.mean[d]) / spread;
    zSum += z;
    ++compared;
    if (std::fabs(z) > 3.5) ++farApart;
  }
  ASSERT_GT(compared, 100);
  // Under equal distributions |z| > 3.5 has probability 0.0005 per document.
  EXPECT_LE(farApart, 2) << set << ": documents whose means differ by more than 3.5 standard errors";
  // No systematic shift: the mean z of independent documents has standard error 1/sqrt(n).
  EXPECT_LT(std::fabs(zSum / compared), 4.0 / std::sqrt(compared)) << set << ": mean z " << zSum / compared;
}

TEST(FastMode, MatchesMalletsDistributionWithoutResampling) { expectSameDistribution("stackexchange", 10, false, 40); }

TEST(FastMode, MatchesMalletsDistributionWithResampling) { expectSameDistribution("stackexchange-oov", 2, true, 40); }

TEST(FastMode, MatchesMalletsDistributionOnDebian) { expectSameDistribution("debian-k100", 1, false, 40); }

TEST(FastMode, GivesTheSameBitsOnAnyNumberOfThreads) {
  const TopicModel model = formats::readEvaluatorFile(testing::fixtureFile("stackexchange", "evaluator.mallet"));
  const DocumentCollection documents =
      formats::readInstanceListFile(testing::fixtureFile("stackexchange", "test.mallet"));
  MalletEvaluationOptions options;
  options.exact = false;
  options.resampling = true;
  options.particles = 20;  // two groups of ten
  options.seed = 9;
  options.threads = 1;
  const auto one = evaluateLikeMallet(model, documents, options);
  for (const int threads : {2, 7}) {
    options.threads = threads;
    const auto many = evaluateLikeMallet(model, documents, options);
    EXPECT_EQ(many.documentLogLikelihoods, one.documentLogLikelihoods) << threads << " threads";
  }
  // Every compiled copy of the vector code gives the same bits too.
  for (const InstructionSet set : {InstructionSet::Baseline, InstructionSet::Avx2, InstructionSet::Avx512}) {
    options.instructionSet = set;
    EXPECT_EQ(evaluateLikeMallet(model, documents, options).documentLogLikelihoods, one.documentLogLikelihoods)
        << describe(set);
  }
}

TEST(FastMode, GivesTheSameBitsToAListReadInBatches) {
  // Each document's draws are keyed by its place in the whole list.
  const std::string path = testing::fixtureFile("stackexchange", "test.mallet");
  const TopicModel model = formats::readEvaluatorFile(testing::fixtureFile("stackexchange", "evaluator.mallet"));
  MalletEvaluationOptions options;
  options.exact = false;
  options.particles = 10;
  options.seed = 3;
  options.threads = 2;
  const auto whole = evaluateLikeMallet(model, formats::readInstanceListFile(path), options);
  MalletEvaluationInBatches evaluation(model, options);
  ASSERT_TRUE(formats::readInstanceListInBatches(path, {9, 1u << 30},
                                                 [&](DocumentCollection part, std::size_t) { evaluation.add(part); }));
  const auto batched = evaluation.finish();
  EXPECT_EQ(batched.documentLogLikelihoods, whole.documentLogLikelihoods);
  EXPECT_EQ(std::bit_cast<uint64_t>(batched.totalLogLikelihood), std::bit_cast<uint64_t>(whole.totalLogLikelihood));
}

}  // namespace
}  // namespace topiceval
