// Whether the errors topiceval prints can be believed: on tiny models whose
// exact likelihood is known, every unbiased estimator is run with 10 runs per
// document under 200 seeds, and the z-scores (estimate - exact) / standard
// error must lie within +-2 in 90%..99% of cases (a normal error would give
// 95%; ten runs give a t-like spread, about 92%). Too few inside means the
// errors are too small (the old relative error, capped near 1 nat, failed
// here); too many means they are inflated.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/model/scoring_model.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

using testing::exactLogLikelihood;
using testing::tinyDocuments;
using testing::tinyModel;

constexpr int kSeeds = 200;
constexpr int kRuns = 10;

struct Calibration {
  double insideTwo = 0.0;  // fraction of |z| <= 2
  double meanRatio = 0.0;  // mean over every run of p-hat / p
  double meanRatioError = 0.0;
  double medianStandardError = 0.0;
};

// Runs estimator `name` with `values` on 6 documents of 8..24 tokens of a
// 4-topic model, under seeds 1..kSeeds.
Calibration calibrate(const std::string& name, const std::map<std::string, std::string>& values) {
  const TopicModel model = tinyModel(4, 20, 4);
  const DocumentCollection documents = tinyDocuments(20, 6, 8, 24, 404);
  const ScoringModel scoring(model, UnseenWords::Skip, documents);
  std::vector<double> exact;
  for (std::size_t d = 0; d < documents.size(); ++d)
    exact.push_back(exactLogLikelihood(
        documents.document(d), scoring.alpha(), [&](int32_t type, int k) { return scoring.phi(type, k); },
        [&](int32_t type) { return scoring.scored(type); }));
  auto estimator = makeEstimator({name, values}, scoring);
  int inside = 0, cases = 0;
  double ratioSum = 0.0, ratioSquares = 0.0;
  std::vector<double> errors;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    EvaluationOptions options;
    options.runs = kRuns;
    options.seed = static_cast<uint64_t>(seed);
    options.threads = 2;
    const EvaluationResult result = evaluateDocuments(*estimator, scoring, documents, options);
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const DocumentResult& document = result.documents[d];
      const double z = (document.logLikelihood - exact[d]) / document.standardError;
      inside += std::fabs(z) <= 2.0;
      ++cases;
      errors.push_back(document.standardError);
      for (const double run : document.runLogLikelihoods) {
        const double ratio = std::exp(run - exact[d]);
        ratioSum += ratio;
        ratioSquares += ratio * ratio;
      }
    }
  }
  Calibration c;
  c.insideTwo = static_cast<double>(inside) / cases;
  const double n = static_cast<double>(kSeeds) * kRuns * static_cast<double>(documents.size());
  c.meanRatio = ratioSum / n;
  c.meanRatioError = std::sqrt(std::max(0.0, ratioSquares / n - c.meanRatio * c.meanRatio) / (n - 1));
  std::nth_element(errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(errors.size() / 2), errors.end());
  c.medianStandardError = errors[errors.size() / 2];
  std::printf("%s: %.1f%% of z-scores within +-2; mean p-hat/p %.4f +- %.4f; median error %.4f nats\n",
              estimator->description().c_str(), 100 * c.insideTwo, c.meanRatio, c.meanRatioError,
              c.medianStandardError);
  return c;
}

void expectCalibrated(const Calibration& c) {
  EXPECT_GE(c.insideTwo, 0.90);
  EXPECT_LE(c.insideTwo, 0.99);
  EXPECT_LT(std::fabs(c.meanRatio - 1.0), 4.0 * c.meanRatioError) << "mean p-hat / p " << c.meanRatio;
}

TEST(Calibration, ResampleMoveInOneLockstepGroup) {
  expectCalibrated(calibrate("resample-move", {{"particles", "4"}}));
}

TEST(Calibration, ResampleMoveAcrossLockstepGroups) {
  expectCalibrated(calibrate("resample-move", {{"particles", "20"}}));
}

TEST(Calibration, ResampleMoveWithOneParticle) { expectCalibrated(calibrate("resample-move", {{"particles", "1"}})); }

TEST(Calibration, LeftToRightWithOneParticle) {
  expectCalibrated(calibrate("left-to-right", {{"particles", "1"}, {"resampling", "false"}}));
}

TEST(Calibration, ParticleLearning) { expectCalibrated(calibrate("particle-learning", {{"particles", "5"}})); }

TEST(Calibration, AnnealedImportanceSampling) {
  expectCalibrated(calibrate("ais", {{"temperatures", "30"}, {"samples", "1"}}));
}

}  // namespace
}  // namespace topiceval
