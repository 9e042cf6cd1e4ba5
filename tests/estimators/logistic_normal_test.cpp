// SPDX-License-Identifier: Apache-2.0
// Logistic-normal (correlated) topic models: the E-steps against brute-force
// optimisation, the held-out estimator against quadrature (K = 2 and 3, where
// p(w) is an integral over 1 or 2 dimensions), the bound below the exact
// likelihood, and training on documents simulated from a known model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <numbers>
#include <sstream>

#include "formats/format_error.hpp"
#include "formats/logistic_normal_files.hpp"
#include "native/estimators/estimator.hpp"
#include "native/estimators/estimator_registry.hpp"
#include "native/logistic_normal/gamma_posterior.hpp"
#include "native/logistic_normal/logistic_normal_training.hpp"
#include "native/model/positive_definite.hpp"
#include "native/model/scoring_model.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval {
namespace {

// A model with K topics over V types: topics drawn around distinct words,
// mean and a correlated covariance fixed.
LogisticNormalModel smallModel(int K, std::size_t V, uint64_t seed) {
  LogisticNormalModel model;
  model.numTopics = K;
  model.numTypes = V;
  const auto d = static_cast<std::size_t>(K - 1);
  RandomStream random(seed, {1});
  for (std::size_t i = 0; i < d; ++i) model.mean.push_back(0.3 * static_cast<double>(i) - 0.2);
  model.covariance.assign(d * d, 0.0);
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) model.covariance[i * d + j] = (i == j ? 1.5 : 0.9) * (i == j ? 1.0 : 0.8);
  }
  model.logTopicWord.resize(static_cast<std::size_t>(K) * V);
  for (int k = 0; k < K; ++k) {
    double total = 0.0;
    std::vector<double> row(V);
    for (std::size_t w = 0; w < V; ++w)
      total += row[w] =
          random.gamma(0.5) + (w % static_cast<std::size_t>(K) == static_cast<std::size_t>(k) ? 1.0 : 0.0);
    for (std::size_t w = 0; w < V; ++w)
      model.logTopicWord[static_cast<std::size_t>(k) * V + w] = std::log(row[w] / total);
  }
  return model;
}

// log of the integral of N(gamma; mu, Sigma) p(w | gamma), by the trapezoid
// rule in u = L^-1 (gamma - mu) on [-10, 10]^d (d = 1 or 2): the integrand is
// smooth and decays like a Gaussian, so the rule converges spectrally.
double quadratureLogLikelihood(const LogisticNormalModel& model, const WordCounts& words) {
  const GammaPosteriorInference inference(model);
  const auto d = static_cast<std::size_t>(model.dimensions());
  Cholesky factor;
  EXPECT_TRUE(factor.factor(model.covariance, d));
  const int points = d == 1 ? 4001 : 801;
  const double h = 20.0 / (points - 1);
  std::vector<double> u(d), gamma(d);
  std::vector<double> logTerms;
  const auto add = [&] {
    factor.multiplyLower(u, gamma);
    double length = 0.0;
    for (std::size_t i = 0; i < d; ++i) {
      gamma[i] += model.mean[i];
      length += u[i] * u[i];
    }
    logTerms.push_back(-0.5 * length - 0.5 * static_cast<double>(d) * std::log(2.0 * std::numbers::pi) +
                       static_cast<double>(d) * std::log(h) + inference.logLikelihood(words, gamma));
  };
  for (int a = 0; a < points; ++a) {
    u[0] = -10.0 + h * a;
    if (d == 1) {
      add();
      continue;
    }
    for (int b = 0; b < points; ++b) {
      u[1] = -10.0 + h * b;
      add();
    }
  }
  double largest = -INFINITY;
  for (const double t : logTerms) largest = std::max(largest, t);
  double sum = 0.0;
  for (const double t : logTerms) sum += std::exp(t - largest);
  return largest + std::log(sum);
}

// The maximum of f over [low, high] by golden-section search (f unimodal there).
double goldenMaximum(const std::function<double(double)>& f, double low, double high, double* argmax = nullptr) {
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double a = low, b = high;
  double c = b - ratio * (b - a), e = a + ratio * (b - a);
  double fc = f(c), fe = f(e);
  for (int i = 0; i < 200 && b - a > 1e-12; ++i) {
    if (fc > fe) {
      b = e, e = c, fe = fc, c = b - ratio * (b - a), fc = f(c);
    } else {
      a = c, c = e, fc = fe, e = a + ratio * (b - a), fe = f(e);
    }
  }
  if (argmax != nullptr) *argmax = 0.5 * (a + b);
  return f(0.5 * (a + b));
}

WordCounts document(const LogisticNormalModel& model, std::vector<int32_t> tokens) {
  return WordCounts::of(tokens, model);
}

// The factor, solves and inverse at a size whose rows end off the blocks of
// four the dot products take, against the matrix itself.
TEST(PositiveDefinite, FactorSolveAndInverseReproduceTheMatrix) {
  const std::size_t n = 37;
  RandomStream random(7, {0});
  std::vector<double> a(n * n), matrix(n * n, 0.0);
  for (double& value : a) value = random.uniform() - 0.5;
  for (std::size_t i = 0; i < n; ++i) {  // A A^T + n I
    for (std::size_t j = 0; j < n; ++j) {
      for (std::size_t k = 0; k < n; ++k) matrix[i * n + j] += a[i * n + k] * a[j * n + k];
    }
    matrix[i * n + i] += static_cast<double>(n);
  }
  Cholesky factor;
  ASSERT_TRUE(factor.factor(matrix, n));
  std::vector<double> x(n), b(n, 0.0), y(n);
  for (double& value : x) value = random.uniform();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) b[i] += matrix[i * n + j] * x[j];
  }
  factor.solve(b);
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(b[i], x[i], 1e-12) << i;
  const std::vector<double> inverse = factor.inverse();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      double product = 0.0;
      for (std::size_t k = 0; k < n; ++k) product += matrix[i * n + k] * inverse[k * n + j];
      EXPECT_NEAR(product, i == j ? 1.0 : 0.0, 1e-12) << i << ", " << j;
      EXPECT_EQ(inverse[i * n + j], inverse[j * n + i]);
    }
  }
  // L L^T = A through multiplyLower, one column of L^T at a time.
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<double> column(n, 0.0);
    for (std::size_t k = 0; k <= j; ++k) column[k] = factor.lower()[j * n + k];
    factor.multiplyLower(column, y);
    for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(y[i], matrix[i * n + j], 1e-12);
  }
}

TEST(LogisticNormalEStep, TaylorFixedPointIsTheModeOfThePosteriorOverGamma) {
  // The paper's update is a Newton step on log N(gamma) + log p(w | gamma):
  // its fixed point is that function's maximum, found here by brute force.
  for (const int K : {2, 3}) {
    const LogisticNormalModel model = smallModel(K, 6, 10 + K);
    const GammaPosteriorInference inference(model);
    const WordCounts words = document(model, {0, 1, 1, 2, 3, 5, 5, 5, 4});
    const GammaPosterior posterior = inference.fit(words, PosteriorMethod::Taylor);
    ASSERT_TRUE(posterior.converged);
    const auto objective = [&](std::vector<double> gamma) {
      return inference.logPrior(gamma) + inference.logLikelihood(words, gamma);
    };
    std::vector<double> best(K - 1);
    if (K == 2) {
      goldenMaximum([&](double g) { return objective({g}); }, -20, 20, &best[0]);
    } else {
      const auto inner = [&](double g0, double* g1) {
        return goldenMaximum([&](double g) { return objective({g0, g}); }, -20, 20, g1);
      };
      goldenMaximum([&](double g0) { return inner(g0, nullptr); }, -20, 20, &best[0]);
      inner(best[0], &best[1]);
    }
    for (int i = 0; i < K - 1; ++i) EXPECT_NEAR(posterior.mean[i], best[i], 1e-5) << "K = " << K << ", i = " << i;
  }
}

TEST(LogisticNormalEStep, BleiLaffertyFixedPointMaximisesItsBound) {
  // K = 2: the bound is a function of (lambda, log nu^2); its maximum by
  // nested golden-section search matches the E-step's coordinate ascent.
  const LogisticNormalModel model = smallModel(2, 6, 21);
  const GammaPosteriorInference inference(model);
  const WordCounts words = document(model, {0, 0, 1, 2, 2, 3, 4, 5, 5});
  const GammaPosterior posterior = inference.fit(words, PosteriorMethod::BleiLafferty);
  ASSERT_TRUE(posterior.converged);
  const auto bound = [&](double lambda, double logVariance) {
    const std::vector<double> mean{lambda}, covariance{std::exp(logVariance)};
    return inference.bound(words, mean, covariance);
  };
  const auto inner = [&](double lambda, double* logVariance) {
    return goldenMaximum([&](double t) { return bound(lambda, t); }, -15, 5, logVariance);
  };
  double lambda = 0.0, logVariance = 0.0;
  const double best = goldenMaximum([&](double l) { return inner(l, nullptr); }, -20, 20, &lambda);
  inner(lambda, &logVariance);
  EXPECT_NEAR(posterior.bound, best, 1e-9);
  EXPECT_GE(posterior.bound, best - 1e-10);
  EXPECT_NEAR(posterior.mean[0], lambda, 1e-4);
  EXPECT_NEAR(std::log(posterior.covariance[0]), logVariance, 1e-4);
}

TEST(LogisticNormalEStep, BothBoundsLieBelowTheExactLikelihood) {
  for (const int K : {2, 3}) {
    const LogisticNormalModel model = smallModel(K, 7, 30 + K);
    const GammaPosteriorInference inference(model);
    const WordCounts words = document(model, {0, 1, 2, 2, 3, 6, 6, 4});
    const double exact = quadratureLogLikelihood(model, words);
    for (const PosteriorMethod method : {PosteriorMethod::Taylor, PosteriorMethod::BleiLafferty}) {
      const GammaPosterior posterior = inference.fit(words, method);
      EXPECT_LT(posterior.bound, exact) << describe(method) << ", K = " << K;
      EXPECT_GT(posterior.bound, exact - 2.0) << describe(method) << ", K = " << K;  // and not far below
    }
  }
}

// Mean over `runs` runs of p-hat / p for each document, and its standard error.
struct RatioMean {
  double mean;
  double error;
};
std::vector<RatioMean> ratioMeans(const LogisticNormalModel& model, const DocumentCollection& documents,
                                  const std::string& eStep, const std::string& degrees, int runs) {
  std::vector<double> phi(model.logTopicWord.size());
  for (std::size_t i = 0; i < phi.size(); ++i) phi[i] = std::exp(model.logTopicWord[i]);
  const ScoringModel scoring = ScoringModel::fromTopicWordProbabilities(
      phi, model.numTypes, std::vector<double>(static_cast<std::size_t>(model.numTopics), 1.0), documents);
  EstimatorChoice settings;
  settings.estimator = "posterior-importance";
  settings.values = {{"e-step", eStep}, {"proposal-degrees", degrees}, {"samples", "3"}};
  auto estimator = makeEstimator(settings, model);
  EvaluationOptions options;
  options.runs = runs;
  options.seed = 5;
  const EvaluationResult result = evaluateDocuments(*estimator, scoring, documents, options);
  std::vector<RatioMean> means;
  for (std::size_t doc = 0; doc < documents.size(); ++doc) {
    const double exact = quadratureLogLikelihood(model, WordCounts::of(documents.document(doc), model));
    double sum = 0.0, squares = 0.0;
    for (const double value : result.documents[doc].runLogLikelihoods) {
      const double ratio = std::exp(value - exact);
      sum += ratio;
      squares += ratio * ratio;
    }
    const double mean = sum / runs;
    means.push_back({mean, std::sqrt((squares / runs - mean * mean) / (runs - 1.0))});
    std::printf("K = %d %-13s degrees %s document %zu: mean p-hat / p %.4f +- %.4f\n", model.numTopics, eStep.c_str(),
                degrees.c_str(), doc, mean, means.back().error);
  }
  return means;
}

DocumentCollection quadratureDocuments() {
  DocumentCollection documents;
  for (const auto& text :
       std::vector<std::vector<int32_t>>{{0, 1, 2, 2, 3, 6, 6, 4}, {5, 5, 5, 1}, {0, 3, 4, 4, 2, 2, 6, 1, 0, 5}})
    documents.add(text);
  return documents;
}

TEST(PosteriorImportance, MeanOfPMatchesQuadratureWithTheDefaultTProposal) {
  // Unbiased: the mean over many runs of p-hat / p is 1 within 4 standard
  // errors, with either E-step's posterior as the t proposal's location and scale.
  for (const int K : {2, 3}) {
    const LogisticNormalModel model = smallModel(K, 7, 40 + K);
    for (const std::string eStep : {"taylor", "blei-lafferty"}) {
      for (const RatioMean& ratio : ratioMeans(model, quadratureDocuments(), eStep, "4", 3000)) {
        EXPECT_NEAR(ratio.mean, 1.0, 4.0 * ratio.error) << "K = " << K << ", " << eStep;
        EXPECT_LT(ratio.error, 0.03) << "K = " << K << ", " << eStep;  // (the test has power)
      }
    }
  }
}

TEST(PosteriorImportance, GaussianProposalsAreHeavyTailedWhereTheTIsNot) {
  // Why the t is the default: a variational posterior is narrower than the
  // true one (Blei-Lafferty's diagonal S ignores the correlation of Sigma),
  // so Gaussian weights have a heavy right tail: their runs spread several
  // times wider, and a finite sample of them tends to fall short of p.
  const LogisticNormalModel model = smallModel(3, 7, 43);
  const auto gaussian = ratioMeans(model, quadratureDocuments(), "blei-lafferty", "0", 3000);
  const auto t = ratioMeans(model, quadratureDocuments(), "blei-lafferty", "4", 3000);
  double gaussianSpread = 0.0, tSpread = 0.0;
  for (std::size_t doc = 0; doc < t.size(); ++doc) {
    gaussianSpread += gaussian[doc].error;
    tSpread += t[doc].error;
  }
  EXPECT_GT(gaussianSpread, 3.0 * tSpread);
}

TEST(PosteriorImportance, RefusesTheOtherFamily) {
  const LogisticNormalModel model = smallModel(3, 7, 50);
  EstimatorChoice settings;
  settings.estimator = "left-to-right";
  try {
    makeEstimator(settings, model);
    FAIL() << "left-to-right accepted a logistic-normal model";
  } catch (const SettingError& error) {
    EXPECT_NE(std::string(error.what()).find("posterior-importance"), std::string::npos) << error.what();
  }
}

TEST(LogisticNormalFiles, RoundTripAndRefusals) {
  LogisticNormalModel model = smallModel(3, 5, 60);
  model.alphabet = std::make_shared<const Alphabet>(std::vector<std::string>{"a", "b", "c d", "e", "f"});
  std::ostringstream text;
  formats::writeLogisticNormalModel(text, model);
  const std::string written = text.str();
  const auto bytes = std::span(reinterpret_cast<const uint8_t*>(written.data()), written.size());
  const LogisticNormalModel read = formats::readLogisticNormalModel(bytes, "m.txt");
  EXPECT_EQ(read.numTopics, 3);
  EXPECT_EQ(read.mean, model.mean);
  EXPECT_EQ(read.covariance, model.covariance);
  for (std::size_t i = 0; i < model.logTopicWord.size(); ++i)
    EXPECT_NEAR(read.logTopicWord[i], model.logTopicWord[i], 1e-15);
  EXPECT_EQ(read.alphabet->word(2), "c d");
  const auto refuse = [](std::string content, const std::string& expected) {
    const auto span = std::span(reinterpret_cast<const uint8_t*>(content.data()), content.size());
    try {
      formats::readLogisticNormalModel(span, "bad.txt");
      ADD_FAILURE() << "accepted: " << expected;
    } catch (const formats::FormatError& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).rfind("bad.txt: ", 0), 0u) << error.what();
    }
  };
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string copy = written;
    copy.replace(copy.find(from), from.size(), to);
    return copy;
  };
  refuse(written.substr(0, written.size() / 2), "truncated");
  refuse(replaced("topics 3", "topics 3000000"), "more than this file can hold");
  refuse(replaced("types 5", "types 4000000"), "more than this file can hold");
  refuse(replaced("types 5", "types 50"), "'vocabulary' is not a finite number");
  refuse(replaced("covariance\n", "covariance\nnan "), "not a finite number");
  refuse(replaced("topics 3", "topics 1"), "at least 2 topics");
  std::ostringstream asymmetric;
  LogisticNormalModel bad = model;
  bad.covariance[1] += 0.5;
  formats::writeLogisticNormalModel(asymmetric, bad);
  refuse(asymmetric.str(), "not symmetric");
  bad = model;
  bad.covariance = {1.0, 2.0, 2.0, 1.0};
  std::ostringstream indefinite;
  formats::writeLogisticNormalModel(indefinite, bad);
  refuse(indefinite.str(), "not positive definite");
  bad = model;
  bad.covariance = {1e36, 0.6, 0.6, 0.8};  // (a fuzzer's find: accepted, it broke the E-step)
  std::ostringstream huge;
  formats::writeLogisticNormalModel(huge, bad);
  refuse(huge.str(), "a covariance entry is beyond 1e8");
  bad = model;
  bad.covariance = {1.0, 1.0 - 1e-14, 1.0 - 1e-14, 1.0};
  std::ostringstream singular;
  formats::writeLogisticNormalModel(singular, bad);
  refuse(singular.str(), "numerically singular");
  bad = model;
  bad.logTopicWord[0] += 1.0;
  std::ostringstream unnormalised;
  formats::writeLogisticNormalModel(unnormalised, bad);
  refuse(unnormalised.str(), "sum to");
}

TEST(LogisticNormalFiles, ReadsCtmCOutputWithItsVocabulary) {
  // Blei & Lafferty's ctm-c writes final-param.txt, final-mu.dat,
  // final-cov.dat and final-log-beta.dat, one number per line (%5.10f).
  const LogisticNormalModel model = smallModel(3, 4, 61);
  const auto directory = std::filesystem::temp_directory_path() / "topiceval-ctm-c-test";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  const auto write = [&](const std::string& name, const std::vector<double>& values) {
    std::ofstream out(directory / name);
    char line[64];
    for (const double value : values) {
      std::snprintf(line, sizeof line, "%5.10f\n", value);
      out << line;
    }
  };
  std::ofstream(directory / "final-param.txt") << "num_topics 3\nnum_terms 4\n";
  write("final-mu.dat", model.mean);
  write("final-cov.dat", model.covariance);
  write("final-log-beta.dat", model.logTopicWord);
  std::ofstream(directory / "vocab.txt") << "red\ngreen\nblue\nyellow\n";
  ASSERT_TRUE(formats::namesCtmModel(directory.string()));
  const formats::AnyLoadedModel loaded = formats::readAnyModelFile(directory.string());
  EXPECT_EQ(loaded.kind, formats::ModelFileKind::CtmC);
  ASSERT_TRUE(loaded.logisticNormal.has_value());
  EXPECT_EQ(loaded.numTopics(), 3);
  ASSERT_NE(loaded.alphabet(), nullptr);
  EXPECT_EQ(loaded.alphabet()->word(3), "yellow");
  for (std::size_t i = 0; i < model.covariance.size(); ++i)
    EXPECT_NEAR(loaded.logisticNormal->covariance[i], model.covariance[i], 1e-10);
  // The -param.txt file names the same model.
  EXPECT_EQ(formats::readAnyModelFile((directory / "final-param.txt").string()).numTopics(), 3);
  // With only the inverse covariance (ctm-c writes both), the covariance is its inverse.
  {
    Cholesky factor;
    ASSERT_TRUE(factor.factor(model.covariance, 2));
    std::filesystem::remove(directory / "final-cov.dat");
    write("final-inv-cov.dat", factor.inverse());
    const formats::AnyLoadedModel inverted = formats::readAnyModelFile(directory.string());
    for (std::size_t i = 0; i < model.covariance.size(); ++i)
      EXPECT_NEAR(inverted.logisticNormal->covariance[i], model.covariance[i], 1e-8);
  }
  // Hostile: a count that disagrees with -param.txt, a missing file, a short vocabulary.
  const auto refused = [&](const std::string& expected) {
    try {
      formats::readAnyModelFile(directory.string());
      ADD_FAILURE() << "accepted: " << expected;
    } catch (const formats::FormatError& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
  };
  std::ofstream(directory / "vocab.txt") << "red\ngreen\n";
  refused("vocab.txt: must hold one word per line for each of the model's 4 terms");
  std::filesystem::remove(directory / "vocab.txt");
  write("final-mu.dat", {0.1, 0.2, 0.3});
  refused("final-mu.dat: line 3: more numbers than 1 x 2");
  std::filesystem::remove(directory / "final-mu.dat");
  refused("final-mu.dat");
  std::filesystem::remove_all(directory);
}

// Documents drawn from `model`: gamma ~ N(mu, Sigma), theta = softmax, then words.
struct Simulated {
  DocumentCollection documents;
  std::vector<std::vector<double>> theta;
};
Simulated simulate(const LogisticNormalModel& model, std::size_t count, std::size_t length, uint64_t seed) {
  Simulated simulated;
  const auto d = static_cast<std::size_t>(model.dimensions());
  Cholesky factor;
  factor.factor(model.covariance, d);
  RandomStream random(seed, {2});
  std::vector<double> z(d), gamma(d);
  for (std::size_t doc = 0; doc < count; ++doc) {
    for (double& value : z) value = random.standardNormal();
    factor.multiplyLower(z, gamma);
    std::vector<double> theta(d + 1, 1.0);
    double total = 1.0;
    for (std::size_t i = 0; i < d; ++i) total += theta[i] = std::exp(gamma[i] + model.mean[i]);
    for (double& value : theta) value /= total;
    std::vector<int32_t> tokens;
    for (std::size_t n = 0; n < length; ++n) {
      double u = random.uniform();
      std::size_t k = 0;
      while (k + 1 <= d && (u -= theta[k]) > 0.0) ++k;
      double v = random.uniform();
      std::size_t w = 0;
      while (w + 1 < model.numTypes && (v -= std::exp(model.logBeta(static_cast<int>(k), w))) > 0.0) ++w;
      tokens.push_back(static_cast<int32_t>(w));
    }
    simulated.documents.add(tokens);
    simulated.theta.push_back(std::move(theta));
  }
  return simulated;
}

// A model whose topics overlap little and whose log-odds are strongly correlated.
LogisticNormalModel simulationModel(int K, std::size_t V) {
  LogisticNormalModel model = smallModel(K, V, 70);
  const auto d = static_cast<std::size_t>(K - 1);
  // Topic k: 90% of its mass spread over its own block of V / K words.
  const std::size_t block = V / static_cast<std::size_t>(K);
  for (int k = 0; k < K; ++k) {
    for (std::size_t w = 0; w < V; ++w) {
      const bool own = w / block == static_cast<std::size_t>(k);
      model.logTopicWord[static_cast<std::size_t>(k) * V + w] =
          std::log(own ? 0.9 / static_cast<double>(block) : 0.1 / static_cast<double>(V - block));
    }
  }
  for (std::size_t i = 0; i < d; ++i) {
    model.mean[i] = 0.5 - 0.25 * static_cast<double>(i);
    for (std::size_t j = 0; j < d; ++j) model.covariance[i * d + j] = i == j ? 2.0 : ((i + j) % 2 == 0 ? 1.2 : -0.6);
  }
  return model;
}

// Mean L1 distance between each document's true theta and softmax(a, 0), a
// the E-step's posterior mean under `trained` (whose topics are in the true
// order: training starts from the true topics, see below). With `blind`, a
// is the trained prior mean for every document: what the words add is the
// difference.
double thetaRecoveryError(const LogisticNormalModel& trained, const Simulated& simulated, PosteriorMethod method,
                          bool blind = false) {
  const auto K = static_cast<std::size_t>(trained.numTopics);
  const GammaPosteriorInference inference(trained);
  double total = 0.0;
  for (std::size_t doc = 0; doc < simulated.documents.size(); ++doc) {
    const std::vector<double> mean =
        blind ? trained.mean : inference.fit(WordCounts::of(simulated.documents.document(doc), trained), method).mean;
    std::vector<double> theta(K, 1.0);
    double sum = 1.0;
    for (std::size_t k = 0; k + 1 < K; ++k) sum += theta[k] = std::exp(mean[k]);
    for (std::size_t k = 0; k < K; ++k) total += std::abs(simulated.theta[doc][k] - theta[k] / sum);
  }
  return total / static_cast<double>(simulated.documents.size());
}

TEST(LogisticNormalTraining, TaylorRecoversTopicProportionsAsWellAsBleiLafferty) {
  // Ahmed & Xing's figure 4 relation, measured on documents simulated from a
  // known correlated model (400 documents of 40 words, block topics). EM from
  // a random start reaches different local optima (on this data both E-steps
  // did, for K = 20), which says nothing about the E-steps, so both start
  // from the true topics blurred halfway to uniform, mu = 0, Sigma = I, and
  // learn mu, Sigma and the topics. Measured: mean L1 error of theta, Taylor
  // against Blei-Lafferty, 0.231 / 0.237 (K = 5), 0.308 / 0.308 (K = 10)
  // after 40 iterations; with the true parameters (E-steps alone) Blei-
  // Lafferty was 0.3% to 1% better for K = 5, 10, 20 and 10 or 40 words. The
  // paper's clear advantage for Taylor did not reproduce; what holds, and is
  // asserted, is that Taylor is at most 5% worse, and that both learn what
  // the words say (half the error of a document-blind guess or less).
  for (const int K : {5, 10}) {
    const LogisticNormalModel truth = simulationModel(K, 100);
    const Simulated simulated = simulate(truth, 400, 40, 3);
    LogisticNormalModel start = truth;
    const auto d = static_cast<std::size_t>(K - 1);
    start.mean.assign(d, 0.0);
    for (std::size_t i = 0; i < d * d; ++i) start.covariance[i] = i % (d + 1) == 0 ? 1.0 : 0.0;
    for (double& value : start.logTopicWord)
      value = std::log(0.5 * std::exp(value) + 0.5 / static_cast<double>(truth.numTypes));
    TrainingOptions options;
    options.numTopics = K;
    options.maxIterations = 40;
    options.threads = 2;
    double errors[2], blind[2];
    for (const PosteriorMethod method : {PosteriorMethod::Taylor, PosteriorMethod::BleiLafferty}) {
      options.method = method;
      const TrainingResult trained = trainLogisticNormal(simulated.documents, truth.numTypes, nullptr, options, &start);
      const int m = method == PosteriorMethod::Taylor ? 0 : 1;
      errors[m] = thetaRecoveryError(trained.model, simulated, method);
      blind[m] = thetaRecoveryError(trained.model, simulated, method, true);
      std::printf("K = %d %-13s: %zu EM iterations, mean L1 error of theta %.4f (document-blind %.4f)\n", K,
                  describe(method), trained.iterations.size(), errors[m], blind[m]);
      EXPECT_LT(errors[m], 0.5 * blind[m]) << "K = " << K << ", " << describe(method);
    }
    EXPECT_LT(errors[0], 1.05 * errors[1]) << "K = " << K;
  }
}

TEST(LogisticNormalTraining, SameBitsOnAnyNumberOfThreads) {
  const LogisticNormalModel truth = simulationModel(4, 30);
  const Simulated simulated = simulate(truth, 150, 30, 4);
  TrainingOptions options;
  options.numTopics = 4;
  options.maxIterations = 5;
  options.threads = 1;
  const TrainingResult one = trainLogisticNormal(simulated.documents, truth.numTypes, nullptr, options);
  options.threads = 3;
  const TrainingResult three = trainLogisticNormal(simulated.documents, truth.numTypes, nullptr, options);
  EXPECT_EQ(one.model.mean, three.model.mean);
  EXPECT_EQ(one.model.covariance, three.model.covariance);
  EXPECT_EQ(one.model.logTopicWord, three.model.logTopicWord);
  ASSERT_EQ(one.iterations.size(), 5u);
  // The total bound rises from the first iteration to the last.
  EXPECT_GT(one.iterations.back().bound, one.iterations.front().bound);
}

}  // namespace
}  // namespace topiceval
