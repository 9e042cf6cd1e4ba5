// SPDX-License-Identifier: Apache-2.0
// LDAvis's figures (native/quality/ldavis.hpp) against their definitions
// computed the direct way over the whole K x V matrix (as R's createJSON
// computes them), on count models and dense ones; the eigen-solver against
// Jacobi; and the bound on the terms a page holds, met exactly, and exceeded by
// the union over every lambda in [0, 1].
#include "native/quality/ldavis.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>

#include "native/quality/symmetric_eigen.hpp"

namespace topiceval::quality {
namespace {

struct Matrix {
  std::size_t topics = 0, types = 0;
  std::vector<double> phi;  // K x V
  std::vector<double> frequency;
  double at(std::size_t k, std::size_t w) const { return phi[k * types + w]; }
};

// A count model as the api builds it: phi = (n + beta) / (n_k + V beta), with
// words in every topic (the divergence's dense path), in a few and in none,
// and pairs of words with the same counts everywhere (exact ties).
Matrix countModel(std::size_t topics, std::size_t types, unsigned seed, FloorAndRises& split) {
  std::mt19937 random(seed);
  std::vector<int> counts(topics * types, 0);
  for (std::size_t w = 0; w < types; ++w) {
    const int kind = static_cast<int>(w % 5);
    for (std::size_t k = 0; k < topics; ++k) {
      const bool present = kind == 0 || (kind == 1 && random() % 3 == 0) || (kind == 2 && random() % 7 == 0);
      if (present) counts[k * types + w] = 1 + static_cast<int>(random() % 40);
    }
  }
  for (std::size_t w = 10; w + 1 < types; w += 23) {  // twins
    for (std::size_t k = 0; k < topics; ++k) counts[k * types + w + 1] = counts[k * types + w];
  }
  const double beta = 0.01;
  Matrix m{topics, types, std::vector<double>(topics * types), std::vector<double>(topics, 0.0)};
  std::vector<double> floor(topics);
  std::vector<std::size_t> wordStart{0};
  std::vector<int> topic;
  std::vector<double> value;
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t w = 0; w < types; ++w) m.frequency[k] += counts[k * types + w];
    floor[k] = beta / (m.frequency[k] + static_cast<double>(types) * beta);
  }
  for (std::size_t w = 0; w < types; ++w) {
    for (std::size_t k = 0; k < topics; ++k) {
      const double phi = (counts[k * types + w] + beta) / (m.frequency[k] + static_cast<double>(types) * beta);
      m.phi[k * types + w] = phi;
      if (counts[k * types + w] > 0) {
        topic.push_back(static_cast<int>(k));
        value.push_back(phi);
      }
    }
    wordStart.push_back(topic.size());
  }
  split = floorAndRisesOfColumns(floor, wordStart, topic, value);
  return m;
}

Matrix denseModel(std::size_t topics, std::size_t types, unsigned seed) {
  std::mt19937 random(seed);
  std::gamma_distribution<double> gamma(0.3, 1.0);
  Matrix m{topics, types, std::vector<double>(topics * types), {}};
  for (std::size_t k = 0; k < topics; ++k) {
    double sum = 0.0;
    for (std::size_t w = 0; w < types; ++w) sum += m.phi[k * types + w] = gamma(random) + 1e-300;
    for (std::size_t w = 0; w < types; ++w) m.phi[k * types + w] /= sum;
    m.frequency.push_back(100.0 + static_cast<double>(random() % 1000));
  }
  return m;
}

// R's jensenShannon, over the whole rows.
double directDivergence(const Matrix& m, std::size_t i, std::size_t j) {
  double lhs = 0.0, rhs = 0.0;
  for (std::size_t w = 0; w < m.types; ++w) {
    const double x = m.at(i, w), y = m.at(j, w), mid = 0.5 * (x + y);
    lhs += x == 0 ? 0.0 : x * (std::log(x) - std::log(mid));
    rhs += y == 0 ? 0.0 : y * (std::log(y) - std::log(mid));
  }
  return 0.5 * lhs + 0.5 * rhs;
}

struct Direct {
  std::vector<double> frequency, proportion, saliency;
};

Direct directMarginals(const Matrix& m) {
  const std::vector<double> share = topicProportions(m.frequency);
  Direct d{std::vector<double>(m.types, 0.0), {}, std::vector<double>(m.types, 0.0)};
  for (std::size_t w = 0; w < m.types; ++w) {
    for (std::size_t k = 0; k < m.topics; ++k) d.frequency[w] += m.at(k, w) * m.frequency[k];
  }
  const double total = std::accumulate(d.frequency.begin(), d.frequency.end(), 0.0);
  for (std::size_t w = 0; w < m.types; ++w) {
    d.proportion.push_back(d.frequency[w] / total);
    double column = 0.0, distinctiveness = 0.0;
    for (std::size_t k = 0; k < m.topics; ++k) column += m.at(k, w);
    for (std::size_t k = 0; k < m.topics; ++k) {
      const double given = m.at(k, w) / column;
      distinctiveness += given * std::log(given / share[k]);
    }
    d.saliency[w] = d.proportion.back() * distinctiveness;
  }
  return d;
}

// Every word ranked by relevance at lambda the direct way: R's order(decreasing = TRUE).
std::vector<int32_t> directRanking(const Matrix& m, const Direct& d, std::size_t k, double lambda, std::size_t r) {
  std::vector<int32_t> words(m.types);
  std::iota(words.begin(), words.end(), 0);
  std::vector<double> relevance(m.types);
  for (std::size_t w = 0; w < m.types; ++w)
    relevance[w] = lambda * std::log(m.at(k, w)) + (1 - lambda) * std::log(m.at(k, w) / d.proportion[w]);
  std::stable_sort(words.begin(), words.end(), [&](int32_t a, int32_t b) { return relevance[a] > relevance[b]; });
  words.resize(std::min(r, words.size()));
  return words;
}

void expectNear(double actual, double expected, double relative, const std::string& what) {
  EXPECT_NEAR(actual, expected, relative * std::max(1.0, std::fabs(expected))) << what;
}

void checkAgainstDirect(const Matrix& m, const FloorAndRises& split, std::size_t r) {
  const std::vector<double> share = topicProportions(m.frequency);
  const std::vector<double> js = jensenShannonMatrix(split, 2);
  for (std::size_t i = 0; i < m.topics; ++i) {
    EXPECT_EQ(js[i * m.topics + i], 0.0);
    for (std::size_t j = 0; j < m.topics; ++j)
      expectNear(js[i * m.topics + j], directDivergence(m, i, j), 1e-12, "JS " + std::to_string(i) + "," + std::to_string(j));
  }
  const TermMarginals marginals = termMarginals(split, m.frequency, share, 2);
  const Direct d = directMarginals(m);
  for (std::size_t w = 0; w < m.types; ++w) {
    expectNear(marginals.frequency[w], d.frequency[w], 1e-12, "n_w " + std::to_string(w));
    expectNear(marginals.saliency[w], d.saliency[w], 1e-10, "saliency " + std::to_string(w));
  }
  for (std::size_t k = 0; k < m.topics; ++k) {
    for (const double lambda : {0.0, 0.3, 0.6, 1.0}) {
      const std::vector<RelevantTerm> ranked = mostRelevant(split, marginals, k, lambda, r);
      std::vector<int32_t> words;
      for (const RelevantTerm& term : ranked) words.push_back(term.word);
      EXPECT_EQ(words, directRanking(m, d, k, lambda, r)) << "topic " << k << " lambda " << lambda;
    }
    // The union over the grid is the direct rankings' union.
    const std::vector<double> grid = lambdaGrid(0.05);
    std::set<int32_t> expected;
    for (const double lambda : grid) {
      for (const int32_t w : directRanking(m, d, k, lambda, r)) expected.insert(w);
    }
    std::set<int32_t> found;
    for (const RelevantTerm& term : relevanceUnion(split, marginals, k, grid, r)) found.insert(term.word);
    EXPECT_EQ(found, expected) << "topic " << k;
    EXPECT_LE(found.size(), r * grid.size());
  }
  // LDAvis's token table: round(phi f) / n_w where phi f >= 1/2.
  for (const int32_t w : {0, 1, 3, 7}) {
    std::vector<Membership> expected;
    for (std::size_t k = 0; k < m.topics; ++k) {
      const double tokens = m.at(k, static_cast<std::size_t>(w)) * m.frequency[k];
      if (tokens >= 0.5)
        expected.push_back({static_cast<int32_t>(k), std::nearbyint(tokens),
                            std::nearbyint(tokens) / d.frequency[static_cast<std::size_t>(w)]});
    }
    const std::vector<Membership> found = termMemberships(split, m.frequency, marginals, w);
    ASSERT_EQ(found.size(), expected.size()) << "word " << w;
    for (std::size_t i = 0; i < found.size(); ++i) {
      EXPECT_EQ(found[i].topic, expected[i].topic);
      EXPECT_EQ(found[i].tokens, expected[i].tokens);
      expectNear(found[i].share, expected[i].share, 1e-12, "membership");
    }
  }
}

TEST(Ldavis, ACountModelsFiguresAreTheDirectComputationsOverTheWholeMatrix) {
  for (const std::size_t topics : {2u, 3u, 7u}) {
    FloorAndRises split;
    const Matrix m = countModel(topics, 240, 11 + static_cast<unsigned>(topics), split);
    checkAgainstDirect(m, split, 10);
  }
}

TEST(Ldavis, ADenseModelsFiguresAreTheDirectComputationsOverTheWholeMatrix) {
  const Matrix m = denseModel(5, 150, 3);
  checkAgainstDirect(m, floorAndRises(TopicWordMatrix{m.phi, m.topics, m.types}, true), 12);
}

TEST(Ldavis, TheCountModelsColumnsAndItsDenseMatrixGiveTheSameFigures) {
  FloorAndRises split;
  const Matrix m = countModel(6, 200, 5, split);
  const FloorAndRises dense = floorAndRises(TopicWordMatrix{m.phi, m.topics, m.types}, true);
  const std::vector<double> a = jensenShannonMatrix(split, 1), b = jensenShannonMatrix(dense, 3);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-13);
}

TEST(Ldavis, TheDivergencesAreTheSameBitsOnAnyNumberOfThreads) {
  FloorAndRises split;
  countModel(9, 300, 8, split);
  EXPECT_EQ(jensenShannonMatrix(split, 1), jensenShannonMatrix(split, 4));
}

TEST(Ldavis, WordsWithTheSameColumnTieAndRankByTheLowerIndex) {
  FloorAndRises split;
  const Matrix m = countModel(4, 120, 2, split);
  const std::vector<double> share = topicProportions(m.frequency);
  const TermMarginals marginals = termMarginals(split, m.frequency, share, 1);
  EXPECT_EQ(marginals.proportion[10], marginals.proportion[11]);
  EXPECT_EQ(marginals.saliency[10], marginals.saliency[11]);
  for (std::size_t k = 0; k < m.topics; ++k) {
    const auto ranked = mostRelevant(split, marginals, k, 0.6, m.types);
    const auto at = [&](int32_t w) {
      return std::find_if(ranked.begin(), ranked.end(), [w](const RelevantTerm& t) { return t.word == w; }) - ranked.begin();
    };
    EXPECT_EQ(at(11), at(10) + 1) << "topic " << k;
  }
}

TEST(Ldavis, TopicsAreOrderedByDecreasingProportionTiesByTheLowerIndex) {
  EXPECT_EQ(topicOrder(topicProportions({5, 9, 5, 1, 9})), (std::vector<std::size_t>{1, 4, 0, 2, 3}));
}

TEST(Ldavis, LanczosFindsJacobisLargestEigenpairs) {
  const std::size_t n = 260;  // beyond the dense solver
  std::mt19937 random(4);
  std::normal_distribution<double> normal;
  std::vector<double> a(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j <= i; ++j) a[i * n + j] = a[j * n + i] = normal(random);
  }
  std::vector<double> all = symmetricEigenvalues(a, n);
  std::sort(all.begin(), all.end(), std::greater<>());
  const Eigenpairs pairs = largestEigenpairs(a, n, 2);
  ASSERT_EQ(pairs.values.size(), 2u);
  EXPECT_LT(pairs.steps, n);  // converged before the exact end
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_NEAR(pairs.values[i], all[i], 1e-9 * std::fabs(all[0]));
    // A v = lambda v.
    double residual = 0.0;
    for (std::size_t r = 0; r < n; ++r) {
      double row = 0.0;
      for (std::size_t c = 0; c < n; ++c) row += a[r * n + c] * pairs.vectors[i][c];
      residual = std::max(residual, std::fabs(row - pairs.values[i] * pairs.vectors[i][r]));
    }
    EXPECT_LT(residual, 1e-8 * std::fabs(all[0]));
  }
}

// Points in the plane, their distances, and the two coordinates back: the same distances.
TEST(Ldavis, PrincipalCoordinatesOfPlaneDistancesGiveThePointsBackUpToRotation) {
  for (const std::size_t n : {12u, 240u}) {
    std::mt19937 random(static_cast<unsigned>(n));
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::vector<double> px(n), py(n), d(n * n);
    for (std::size_t i = 0; i < n; ++i) px[i] = 3 * uniform(random), py[i] = uniform(random);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) d[i * n + j] = std::hypot(px[i] - px[j], py[i] - py[j]);
    }
    const PrincipalCoordinates map = principalCoordinates(d, n);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j)
        EXPECT_NEAR(std::hypot(map.x[i] - map.x[j], map.y[i] - map.y[j]), d[i * n + j], 1e-9) << n;
    }
  }
}

// Two topics; topic 0's special words have (log phi, log lift) on a quarter
// circle, each the most relevant for the direction (lambda, 1 - lambda) of its
// angle: one for each lambda of the grid and, with `between`, one for each
// midpoint too. Filler words stay below every special one at lambda 0 and 1.
Matrix quarterCircle(const std::vector<double>& lambdas) {
  const double share0 = 0.2, share1 = 0.8, radius = 1.0, b0 = 0.5;
  std::vector<double> a, b;
  double sumExp = 0.0;
  for (const double lambda : lambdas) {
    const double angle = std::atan2(1.0 - lambda, lambda);
    a.push_back(radius * std::cos(angle));
    b.push_back(b0 + radius * std::sin(angle));
    sumExp += std::exp(a.back());
  }
  const double shift = std::log(0.9 / sumExp);  // the special words hold 0.9 of topic 0
  std::vector<double> phi0, proportion;
  for (std::size_t i = 0; i < a.size(); ++i) {
    phi0.push_back(std::exp(a[i] + shift));
    proportion.push_back(phi0.back() / std::exp(b[i]));
  }
  const std::size_t fillers = 100;
  for (std::size_t i = 0; i < fillers; ++i) {  // lift 1, phi below every special word's
    phi0.push_back((0.1 - 1e-9) / static_cast<double>(fillers));
    proportion.push_back(phi0.back());
  }
  double used = 0.0;
  for (const double p : proportion) used += p;
  phi0.push_back(1e-9);  // the rest of the corpus, in topic 1
  proportion.push_back(1.0 - used);
  Matrix m{2, phi0.size(), std::vector<double>(2 * phi0.size()), {share0 * 1000, share1 * 1000}};
  for (std::size_t w = 0; w < phi0.size(); ++w) {
    m.phi[w] = phi0[w];
    m.phi[m.types + w] = (proportion[w] - share0 * phi0[w]) / share1;
    EXPECT_GE(m.phi[m.types + w], 0.0);
  }
  return m;
}

TEST(Ldavis, TheTermsOfTheGridReachTheirBoundAndEveryLambdaGoesBeyondIt) {
  const double step = 0.05;
  const std::vector<double> grid = lambdaGrid(step);
  ASSERT_EQ(grid.size(), 21u);
  std::vector<double> withMidpoints;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    withMidpoints.push_back(grid[i]);
    if (i + 1 < grid.size()) withMidpoints.push_back(grid[i] + step / 2);
  }
  const Matrix m = quarterCircle(withMidpoints);
  const FloorAndRises split = floorAndRises(TopicWordMatrix{m.phi, m.topics, m.types}, true);
  const TermMarginals marginals = termMarginals(split, m.frequency, topicProportions(m.frequency), 1);
  // R = 1: the grid's union holds R x G terms, the bound, exactly.
  const std::vector<RelevantTerm> shown = relevanceUnion(split, marginals, 0, grid, 1);
  EXPECT_EQ(shown.size(), 1 * grid.size());
  // Every lambda in [0, 1]: the midpoints add a term each, beyond R x G.
  std::set<int32_t> everyLambda;
  for (const double lambda : withMidpoints) everyLambda.insert(mostRelevant(split, marginals, 0, lambda, 1).front().word);
  EXPECT_EQ(everyLambda.size(), withMidpoints.size());
  EXPECT_GT(everyLambda.size(), 1 * grid.size());
  // R = 2: still within R x G.
  EXPECT_LE(relevanceUnion(split, marginals, 0, grid, 2).size(), 2 * grid.size());
}

TEST(Ldavis, TheGridIsRsSeqFromZeroToOne) {
  const std::vector<double> grid = lambdaGrid(0.01);
  ASSERT_EQ(grid.size(), 101u);
  EXPECT_EQ(grid[7], 7 * 0.01);
  EXPECT_EQ(grid.back(), 1.0);
  EXPECT_EQ(lambdaGrid(0.3).back(), 0.3 * 3);
}

}  // namespace
}  // namespace topiceval::quality
