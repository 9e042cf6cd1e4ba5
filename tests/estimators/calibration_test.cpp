// SPDX-License-Identifier: Apache-2.0
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
  // Mean over documents and seeds of (estimate - exact), in nats: the log of a
  // mean of runs sits low; and of the delta-method correction's (estimate +
  // standard error^2 / 2, see logMeanExp).
  double meanBias = 0.0, meanCorrectedBias = 0.0;
  double meanSquaredError = 0.0;  // of the reported standard errors
  double meanBiasError = 0.0;     // the standard error of meanBias
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
  double ratioSum = 0.0, ratioSquares = 0.0, biasSum = 0.0, correctedSum = 0.0, squaredErrorSum = 0.0, biasSquares = 0.0;
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
      biasSum += document.logLikelihood - exact[d];
      biasSquares += (document.logLikelihood - exact[d]) * (document.logLikelihood - exact[d]);
      correctedSum += document.logLikelihood + 0.5 * document.standardError * document.standardError - exact[d];
      errors.push_back(document.standardError);
      squaredErrorSum += document.standardError * document.standardError;
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
  c.meanBias = biasSum / cases;
  c.meanCorrectedBias = correctedSum / cases;
  c.meanSquaredError = squaredErrorSum / cases;
  c.meanBiasError = std::sqrt(std::max(0.0, biasSquares / cases - c.meanBias * c.meanBias) / (cases - 1));
  std::printf("%s: %.1f%% of z-scores within +-2; mean p-hat/p %.4f +- %.4f; median error %.4f nats; mean bias "
              "%+.4f nats (%.2f x mean squared error), corrected %+.4f\n",
              estimator->description().c_str(), 100 * c.insideTwo, c.meanRatio, c.meanRatioError,
              c.medianStandardError, c.meanBias, c.meanBias / c.meanSquaredError, c.meanCorrectedBias);
  return c;
}

void expectCalibrated(const Calibration& c) {
  EXPECT_GE(c.insideTwo, 0.90);
  EXPECT_LE(c.insideTwo, 0.99);
  EXPECT_LT(std::fabs(c.meanRatio - 1.0), 4.0 * c.meanRatioError) << "mean p-hat / p " << c.meanRatio;
  // What the summary says of the log of a mean: it sits low, by at most half
  // the squared standard error (measured: 0.07 to 0.35 of it).
  EXPECT_LT(c.meanBias, 4.0 * c.meanBiasError);
  EXPECT_GT(c.meanBias, -0.5 * c.meanSquaredError - 4.0 * c.meanBiasError);
}

TEST(Calibration, ResampleMoveInOneLockstepGroup) {
  expectCalibrated(calibrate("resample-move", {{"particles", "4"}}));
}

TEST(Calibration, ResampleMoveAcrossLockstepGroups) {
  expectCalibrated(calibrate("resample-move", {{"particles", "20"}}));
}

// Bounded rejuvenation (4 sites on documents of 8..24 tokens): most positions
// are left out of each rejuvenation, and the errors must stay calibrated.
TEST(Calibration, ResampleMoveWithBoundedRejuvenation) {
  expectCalibrated(calibrate("resample-move", {{"particles", "4"}, {"sweep-sites", "4"}}));
}

// Adaptive selection: the particles carry weights until the effective ones
// fall below half; with bounded rejuvenation too.
TEST(Calibration, ResampleMoveWithAdaptiveSelection) {
  expectCalibrated(calibrate("resample-move", {{"particles", "4"}, {"resample-below", "50"}}));
  expectCalibrated(calibrate("resample-move", {{"particles", "20"}, {"resample-below", "50"}, {"sweep-sites", "4"}}));
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
