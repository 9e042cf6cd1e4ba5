// SPDX-License-Identifier: Apache-2.0
// The corpus interval against exact likelihoods on tiny models built to be
// heavy-tailed: a small alpha and peaked topics make a short document's
// posterior sit in separated modes, and 4 runs of resample-move often all
// miss one. The release before 1.0 grew each document's budget from a bias
// bound read from its 4 runs, which cannot see a mode none of them sampled;
// the default now spends the budget uniformly (128 particles) and combines a
// document's runs lognormally where they agree (estimator.hpp,
// RunCombination). Replicates are seeds, each giving the headline interval
// [T - z se, T + z se + bound] of 40 documents.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/model/scoring_model.hpp"
#include "support/exact_scoring.hpp"
#include "support/tiny_models.hpp"

namespace topiceval {
namespace {

using testing::exactFor;
using testing::PortableDraws;

constexpr double kZ = 1.959963984540054;  // the headline interval's (topiceval/interval.hpp)

// Gamma(shape) by Marsaglia & Tsang (2000), shape < 1 boosted by u^(1/shape),
// on PortableDraws, so that the models are the same on every platform.
double gammaDraw(PortableDraws& draws, double shape) {
  if (shape < 1.0) return gammaDraw(draws, shape + 1.0) * std::pow(draws.canonical(), 1.0 / shape);
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      // Box-Muller from two uniforms in (0, 1].
      const double u1 = 1.0 - draws.canonical(), u2 = draws.canonical();
      x = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    const double u = 1.0 - draws.canonical();
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v)) return d * v;
  }
}

std::vector<double> dirichletDraw(PortableDraws& draws, std::size_t size, double concentration) {
  std::vector<double> values(size);
  double sum = 0.0;
  for (double& value : values) sum += value = gammaDraw(draws, concentration);
  for (double& value : values) value /= sum;
  return values;
}

int categorical(PortableDraws& draws, const std::vector<double>& p) {
  double u = draws.canonical();
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    if ((u -= p[i]) < 0.0) return static_cast<int>(i);
  }
  return static_cast<int>(p.size()) - 1;
}

// A model whose short documents are heavy-tailed for a particle filter: a
// small alpha and topics drawn from Dir(0.2) over few words, so a document's
// posterior has separated modes; documents drawn from it (theta ~ Dir(0.5)).
// Phi enters as counts of a million per topic with beta 1e-6.
struct HeavyTailed {
  TopicModel model;
  DocumentCollection documents;
};

HeavyTailed heavyTailed(int topics, int types, double alphaScale, unsigned seed) {
  PortableDraws draws(seed);
  std::vector<double> alpha(static_cast<std::size_t>(topics));
  for (double& a : alpha) a = draws.uniform(0.5, 1.5) * alphaScale;
  std::vector<std::vector<double>> phi;
  std::vector<int32_t> counts(static_cast<std::size_t>(topics * types), 0);
  for (int k = 0; k < topics; ++k) {
    phi.push_back(dirichletDraw(draws, static_cast<std::size_t>(types), 0.2));
    for (int w = 0; w < types; ++w)
      counts[static_cast<std::size_t>(w * topics + k)] = static_cast<int32_t>(std::floor(phi.back()[w] * 1e6));
  }
  DocumentCollection documents;
  for (int d = 0; d < 40; ++d) {
    const std::vector<double> theta = dirichletDraw(draws, static_cast<std::size_t>(topics), 0.5);
    std::vector<int32_t> tokens(static_cast<std::size_t>(draws.uniformInt(8, 13)));
    for (int32_t& token : tokens) token = categorical(draws, phi[static_cast<std::size_t>(categorical(draws, theta))]);
    documents.add(tokens);
  }
  return {TopicModel::fromDenseCounts(topics, alpha, 1e-6, counts, static_cast<std::size_t>(types)), std::move(documents)};
}

// The budget policy of the release before 1.0 (bias-bound), as its guide
// described it: every document at 64 particles and 4 runs, then the
// heavy-tailed ones and, while the corpus's log-mean bias bound (half the
// sum of squared errors) exceeds its standard error, the documents whose
// bound is above their share of that error by tokens, again at twice the
// budget, up to 4 times; each document's runs combined by the log of their
// mean, the interval widened by the bound.
struct Headline {
  double total = 0.0, error = 0.0, bias = 0.0;
};

Headline oldBiasBoundPolicy(const ScoringModel& scoring, const DocumentCollection& documents, uint64_t seed) {
  std::vector<int> budget(documents.size(), 64);
  std::vector<LogMean> means(documents.size());
  std::vector<bool> heavy(documents.size());
  std::vector<std::size_t> chosen(documents.size());
  for (std::size_t d = 0; d < documents.size(); ++d) chosen[d] = d;
  double tokens = 0.0;
  for (std::size_t d = 0; d < documents.size(); ++d) tokens += static_cast<double>(documents.document(d).size());
  for (int round = 0; round < 3 && !chosen.empty(); ++round) {
    for (const int particles : {64, 128, 256}) {
      DocumentCollection subset;
      std::vector<std::size_t> which;
      for (const std::size_t d : chosen) {
        if (budget[d] != particles) continue;
        const auto tokensOf = documents.document(d);
        subset.add(std::vector<int32_t>(tokensOf.begin(), tokensOf.end()));
        which.push_back(d);
      }
      if (which.empty()) continue;
      const auto estimator = makeEstimator({"resample-move", {{"particles", std::to_string(particles)}}}, scoring);
      EvaluationOptions options;
      options.runs = 4;
      options.seed = seed * 16 + static_cast<uint64_t>(round);
      options.threads = 2;
      const EvaluationResult result = evaluateDocuments(*estimator, scoring, subset, options);
      for (std::size_t i = 0; i < which.size(); ++i) {
        means[which[i]] = logMeanExp(result.documents[i].runLogLikelihoods);
        heavy[which[i]] = result.documents[i].heavyTailed();
      }
    }
    double variance = 0.0;
    for (const LogMean& mean : means) variance += mean.standardError * mean.standardError;
    const double error = std::sqrt(variance), bias = variance / 2.0;
    chosen.clear();
    for (std::size_t d = 0; d < documents.size(); ++d) {
      const double bound = means[d].standardError * means[d].standardError / 2.0;
      const double share = error * static_cast<double>(documents.document(d).size()) / tokens;
      if (budget[d] < 256 && (heavy[d] || (bias > error && bound > share))) {
        budget[d] *= 2;
        chosen.push_back(d);
      }
    }
  }
  Headline headline;
  double variance = 0.0;
  for (const LogMean& mean : means) {
    headline.total += mean.logMean;
    variance += mean.standardError * mean.standardError;
  }
  headline.error = std::sqrt(variance);
  headline.bias = variance / 2.0;
  return headline;
}

// Measured over 100 seeds on six such models (K = 8 over 20 words and K = 5
// over 12, alpha 0.02, model seeds 1-6): the default held 96, 96, 99, 97, 100
// and 96 exact totals, the old policy 98, 98, 89, 97, 94 and 96. On models 3
// and 5 the old policy's per-document bounds, read from 4 runs, stop growing
// the documents whose runs all missed a mode, and its interval misses.
TEST(HeavyTailCoverage, TheDefaultCoversExactTotalsWhereTheOldPerDocumentBoundDoesNot) {
  int covered = 0, oldCovered = 0, replicates = 0;
  for (const unsigned seed : {3u, 5u}) {
    const HeavyTailed built = heavyTailed(8, 20, 0.02, seed);
    const ScoringModel scoring(built.model, UnseenWords::Skip, built.documents);
    double exact = 0.0;
    for (std::size_t d = 0; d < built.documents.size(); ++d) exact += exactFor(scoring, built.documents.document(d));
    const auto estimator = makeEstimator({"resample-move", {}}, scoring);  // the default budget
    for (uint64_t r = 1000; r < 1100; ++r, ++replicates) {
      EvaluationOptions options;
      options.runs = 4;
      options.seed = r;
      options.threads = 2;
      const EvaluationResult result = evaluateDocuments(*estimator, scoring, built.documents, options);
      const double total = result.totalLogLikelihood, error = result.totalStandardError;
      covered += total - kZ * error <= exact && exact <= total + kZ * error + result.logMeanBias;
      const Headline old = oldBiasBoundPolicy(scoring, built.documents, r);
      oldCovered += old.total - kZ * old.error <= exact && exact <= old.total + kZ * old.error + old.bias;
    }
  }
  // A 95% interval holds at least 95% of 200 totals here; the old policy's
  // does not.
  EXPECT_GE(covered, 190) << "the default held " << covered << " of " << replicates;
  EXPECT_LT(oldCovered, 190) << "the old policy held " << oldCovered << " of " << replicates;
}

}  // namespace
}  // namespace topiceval
