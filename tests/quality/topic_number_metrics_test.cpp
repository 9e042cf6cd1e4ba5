// SPDX-License-Identifier: Apache-2.0
// ldatuning's CaoJuan2009, Arun2010, Deveaud2014 and stm's semanticCoherence,
// exclusivity and checkResiduals against the values the R functions computed
// (tests/data/topic-number: r_oracle.R made each .expected from its .counts;
// counts_from_state.py made stackexchange.counts from MALLET's fixture state).
// tiny-ties has ties in every topic's top words (R's order puts the lower
// index first, rank() averages) and a document without tokens.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "native/quality/exclusivity.hpp"
#include "native/quality/topic_number_metrics.hpp"
#include "support/fixtures.hpp"

namespace topiceval::quality {
namespace {

const std::string kData = testing::testDataPath("topic-number") + "/";

// A MALLET model's matrices as r_oracle.R makes them from the same counts.
struct CountModel {
  std::size_t topics = 0, types = 0, documents = 0;
  std::vector<double> alpha;
  double beta = 0.0;
  std::vector<int> typeTopic, docTopic, tokensPerTopic;
  std::vector<double> phi, theta, lengths;
  ReferenceCorpus corpus;

  explicit CountModel(const std::string& name) {
    std::ifstream in(kData + name + ".counts");
    EXPECT_TRUE(in) << name;
    std::string line;
    std::getline(in, line);
    std::istringstream(line) >> topics >> types >> documents;
    std::getline(in, line);
    std::istringstream alphas(line);
    for (double a; alphas >> a;) alpha.push_back(a);
    std::getline(in, line);
    beta = std::stod(line);
    typeTopic.assign(topics * types, 0);
    docTopic.assign(documents * topics, 0);
    tokensPerTopic.assign(topics, 0);
    for (std::size_t d = 0; d < documents; ++d) {
      std::getline(in, line);
      std::istringstream tokens(line);
      for (std::string token; tokens >> token;) {
        const int type = std::stoi(token.substr(0, token.find(':')));
        const int topic = std::stoi(token.substr(token.find(':') + 1));
        ++typeTopic[static_cast<std::size_t>(topic) * types + static_cast<std::size_t>(type)];
        ++docTopic[d * topics + static_cast<std::size_t>(topic)];
        ++tokensPerTopic[static_cast<std::size_t>(topic)];
        corpus.tokens.push_back(type);
      }
      corpus.offsets.push_back(corpus.tokens.size());
    }
    double alphaSum = 0.0;
    for (const double a : alpha) alphaSum += a;
    phi.resize(topics * types);
    for (std::size_t k = 0; k < topics; ++k) {
      for (std::size_t w = 0; w < types; ++w)
        phi[k * types + w] = (typeTopic[k * types + w] + beta) / (tokensPerTopic[k] + static_cast<double>(types) * beta);
    }
    theta.resize(documents * topics);
    for (std::size_t d = 0; d < documents; ++d) {
      const double length = static_cast<double>(corpus.offsets[d + 1] - corpus.offsets[d]);
      lengths.push_back(length);
      for (std::size_t k = 0; k < topics; ++k) theta[d * topics + k] = (docTopic[d * topics + k] + alpha[k]) / (length + alphaSum);
    }
  }
  TopicWordMatrix matrix() const { return {phi, topics, types}; }
};

std::map<std::string, std::vector<double>> expectedValues(const std::string& name) {
  std::ifstream in(kData + name + ".expected");
  EXPECT_TRUE(in) << name;
  std::map<std::string, std::vector<double>> values;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string key, field;
    fields >> key;
    if (key == "pchisq") {  // pchisq x df value
      std::string x, df;
      fields >> x >> df;
      key += " " + x + " " + df;
    }
    while (fields >> field) values[key].push_back(field == "NaN" ? std::nan("") : std::stod(field));
  }
  return values;
}

// Relative to R's value: sums taken in another order (R's BLAS, pairs of logs
// as one difference of logs) move the last few bits only.
void expectClose(const std::vector<double>& actual, const std::vector<double>& expected, double relative,
                 const std::string& what) {
  ASSERT_EQ(actual.size(), expected.size()) << what;
  for (std::size_t i = 0; i < actual.size(); ++i) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(actual[i])) << what << "[" << i << "] = " << actual[i] << ", R gave NaN";
      continue;
    }
    EXPECT_NEAR(actual[i], expected[i], relative * std::fabs(expected[i])) << what << "[" << i << "]";
  }
}

class TopicNumberMetrics : public ::testing::TestWithParam<std::string> {};

TEST_P(TopicNumberMetrics, LdatuningsFiguresAreTheRFunctions) {
  const CountModel model(GetParam());
  auto expected = expectedValues(GetParam());
  expectClose({caoJuan2009(model.matrix())}, expected["CaoJuan2009"], 1e-13, "CaoJuan2009");
  expectClose(singularValues(model.matrix()), expected["singular_values"], 1e-12, "singular values");
  expectClose({arun2010(model.matrix(), model.theta, model.lengths)}, expected["Arun2010"], 1e-12, "Arun2010");
  expectClose({deveaud2014(model.matrix())}, expected["Deveaud2014"], 1e-12, "Deveaud2014");
}

TEST_P(TopicNumberMetrics, StmsFiguresAreTheRFunctions) {
  const CountModel model(GetParam());
  auto expected = expectedValues(GetParam());
  expectClose(stmSemanticCoherence(model.matrix(), model.corpus, 10), expected["semanticCoherence"], 1e-13,
              "semanticCoherence");
  const std::vector<std::vector<int>> top = topWordsInROrder(model.matrix(), 10);
  expectClose(frex(matrixRows(model.phi, model.types), model.topics, model.types, top, 0.7), expected["exclusivity"],
              1e-13, "exclusivity");
  // select's path for a count model: the same numbers without the matrix.
  std::vector<std::vector<std::pair<int, int>>> nonzero(model.topics);
  for (std::size_t k = 0; k < model.topics; ++k) {
    for (std::size_t w = 0; w < model.types; ++w) {
      if (model.typeTopic[k * model.types + w] > 0)
        nonzero[k].emplace_back(static_cast<int>(w), model.typeTopic[k * model.types + w]);
    }
  }
  expectClose(frexOfCounts(nonzero, model.tokensPerTopic, model.beta, static_cast<double>(model.types) * model.beta,
                           model.types, 10),
              expected["exclusivity"], 1e-13, "exclusivity of counts");
  const ResidualDispersion residuals = stmResidualDispersion(model.matrix(), model.theta, model.corpus, 0.01);
  expectClose({residuals.degreesOfFreedom}, expected["df"], 0.0, "df");
  expectClose({residuals.dispersion}, expected["dispersion"], 1e-12, "dispersion");
  expectClose({residuals.pValue}, expected["pvalue"], 1e-12, "pvalue");
}

INSTANTIATE_TEST_SUITE_P(RComputed, TopicNumberMetrics, ::testing::Values("stackexchange", "tiny-ties"),
                         [](const auto& param) {
                           std::string name = param.param;
                           for (char& c : name) c = c == '-' ? '_' : c;
                           return name;
                         });

// The figures split each row into its floor and what rises above it (a count
// model's phi is sparse above the smoothing). Matrices without a floor shared
// by many words (gensim's, scikit-learn's: every entry its own) or with zeros
// must give the direct sums over every word and pair, as ldatuning and stm
// write them.
struct DirectFigures {
  double caoJuan = 0.0, deveaud = 0.0, squares = 0.0, residualStatistic = 0.0;
};

DirectFigures directFigures(const std::vector<double>& phi, std::size_t k, std::size_t v,
                            const std::vector<double>& theta, const ReferenceCorpus& corpus) {
  DirectFigures direct;
  const bool anyZero = std::find(phi.begin(), phi.end(), 0.0) != phi.end();
  double cosines = 0.0, divergences = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = i + 1; j < k; ++j) {
      double xy = 0.0, xx = 0.0, yy = 0.0, pair = 0.0;
      for (std::size_t w = 0; w < v; ++w) {
        const double x = phi[i * v + w], y = phi[j * v + w];
        xy += x * y;
        xx += x * x;
        yy += y * y;
        const double a = anyZero ? x + DBL_MIN : x, b = anyZero ? y + DBL_MIN : y;
        pair += 0.5 * a * std::log(a / b) + 0.5 * b * std::log(b / a);
      }
      cosines += xy / std::sqrt(xx * yy);
      divergences += pair;
    }
  }
  direct.caoJuan = cosines / (static_cast<double>(k * (k - 1)) / 2.0);
  direct.deveaud = divergences / static_cast<double>(k * (k - 1));
  for (const double x : phi) direct.squares += x * x;
  std::vector<double> count(v);
  for (std::size_t d = 0; d < corpus.numDocuments(); ++d) {
    const std::size_t begin = corpus.offsets[d], end = corpus.offsets[d + 1];
    if (begin == end) continue;
    std::fill(count.begin(), count.end(), 0.0);
    for (std::size_t i = begin; i < end; ++i) count[static_cast<std::size_t>(corpus.tokens[i])] += 1.0;
    const double m = static_cast<double>(end - begin);
    for (std::size_t w = 0; w < v; ++w) {
      double q = 0.0;
      for (std::size_t t = 0; t < k; ++t) q += theta[d * k + t] * phi[t * v + w];
      const double x = count[w];
      direct.residualStatistic += (x * x - 2.0 * x * q * m) / (m * q * (1.0 - q)) + m * q / (1.0 - q);
    }
  }
  return direct;
}

void expectDirectSums(const CountModel& model, const std::vector<double>& phi, bool residuals) {
  const DirectFigures direct = directFigures(phi, model.topics, model.types, model.theta, model.corpus);
  const TopicWordMatrix matrix{phi, model.topics, model.types};
  expectClose({caoJuan2009(matrix)}, {direct.caoJuan}, 1e-13, "CaoJuan2009");
  expectClose({deveaud2014(matrix)}, {direct.deveaud}, 1e-12, "Deveaud2014");
  double squares = 0.0;
  for (const double value : singularValues(matrix)) squares += value * value;
  expectClose({squares}, {direct.squares}, 1e-12, "sum of squared singular values");
  if (residuals)
    expectClose({stmResidualDispersion(matrix, model.theta, model.corpus, 0.01).statistic},
                {direct.residualStatistic}, 1e-12, "residual statistic");
}

TEST(TopicNumberMetricsOfAnyMatrix, DenseRowsGiveTheDirectSums) {
  const CountModel model("stackexchange");
  std::vector<double> dense = model.phi;
  for (std::size_t k = 0; k < model.topics; ++k) {
    double sum = 0.0;
    for (std::size_t w = 0; w < model.types; ++w) {
      dense[k * model.types + w] *= 1.0 + 0.37 * static_cast<double>((k * 7 + w * 13) % 101) / 101.0;
      sum += dense[k * model.types + w];
    }
    for (std::size_t w = 0; w < model.types; ++w) dense[k * model.types + w] /= sum;
  }
  expectDirectSums(model, dense, true);
}

TEST(TopicNumberMetricsOfAnyMatrix, CountRowsAndZerosGiveTheDirectSums) {
  const CountModel model("stackexchange");
  expectDirectSums(model, model.phi, true);
  std::vector<double> unsmoothed(model.phi.size());  // zeros: Deveaud2014 raises every entry by DBL_MIN
  for (std::size_t k = 0; k < model.topics; ++k) {
    for (std::size_t w = 0; w < model.types; ++w)
      unsmoothed[k * model.types + w] = static_cast<double>(model.typeTopic[k * model.types + w]) /
                                        static_cast<double>(model.tokensPerTopic[k]);
  }
  expectDirectSums(model, unsmoothed, false);
}

// Words a and b have the same probabilities in other topics' order: in double
// (0.3 + 0.1) + 0.2 != (0.3 + 0.2) + 0.1, in R's rowSums (long double) they are
// equal, so their exclusivities in topic 0 tie and share rank 3.5 of 4. stm's
// exclusivity(M = 2) in R gives 1.75 for every topic here.
TEST(StmExclusivity, TotalsAWordsProbabilitiesAsRsRowSums) {
  const std::vector<double> phi{0.3, 0.3, 0.2, 0.2, 0.1, 0.2, 0.3, 0.4, 0.2, 0.1, 0.3, 0.4};
  const TopicWordMatrix matrix{phi, 3, 4};
  expectClose(frex(matrixRows(phi, 4), 3, 4, topWordsInROrder(matrix, 2), 0.7), {1.75, 1.75, 1.75}, 1e-15,
              "exclusivity");
}

TEST(ChiSquaredUpperTail, IsRsPchisq) {
  for (const auto& [key, value] : expectedValues("tiny-ties")) {
    if (key.rfind("pchisq ", 0) != 0) continue;
    std::istringstream fields(key.substr(7));
    double x = 0.0, df = 0.0;
    fields >> x >> df;
    // Far in a tail the relative error grows with the size of the exponent.
    expectClose({chiSquaredUpperTail(x, df)}, value, 1e-10, key);
  }
  EXPECT_TRUE(std::isnan(chiSquaredUpperTail(3.0, -1.0)));
  EXPECT_EQ(chiSquaredUpperTail(3.0, 0.0), 0.0);
  EXPECT_EQ(chiSquaredUpperTail(0.0, 4.0), 1.0);
}

// The tie rule itself: equal probabilities go lower index first.
TEST(TopWordsInROrder, BreakTiesByTheLowerIndex) {
  const std::vector<double> phi{0.1, 0.3, 0.1, 0.3, 0.2};
  const auto top = topWordsInROrder({phi, 1, 5}, 4);
  EXPECT_EQ(top[0], (std::vector<int>{1, 3, 4, 0}));
}

}  // namespace
}  // namespace topiceval::quality
