// SPDX-License-Identifier: Apache-2.0
#include "native/logistic_normal/gamma_posterior.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <unordered_map>

#include "native/model/log_sum_exp.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/setting_error.hpp"

namespace topiceval {

namespace {

constexpr double kNegativeInfinity = -std::numeric_limits<double>::infinity();

// log(exp(reference) + sum_i exp(values_i)): the log-partition with the
// reference topic's log-odds (0) included.
double logPartition(std::span<const double> values, double reference = 0.0) {
  return logSumExp(values.size() + 1, [&](std::size_t i) { return i == 0 ? reference : values[i - 1]; });
}

// log sum_k exp(eta_k + row_k) with eta = (x, 0), row a type's log beta by
// topic: log p(w | theta) plus the log-partition of eta.
double logTopicMixture(const double* row, std::span<const double> x, std::size_t d) {
  return logSumExp(d + 1, [&](std::size_t i) { return i == 0 ? row[d] : x[i - 1] + row[i - 1]; });
}

}  // namespace

const char* describe(PosteriorMethod method) { return spellingOf(method).data(); }

PosteriorMethod parsePosteriorMethod(const std::string& text, const std::string& settingName) {
  if (const auto method = choiceFromSpelling<PosteriorMethod>(text)) return *method;
  throw SettingError(settingName, "takes taylor or blei-lafferty, not '" + text + "'");
}

WordCounts WordCounts::of(std::span<const int32_t> tokens, const LogisticNormalModel& model) {
  WordCounts words;
  std::unordered_map<int32_t, std::size_t> slot;
  for (const int32_t type : tokens) {
    bool scorable = type >= 0 && static_cast<std::size_t>(type) < model.numTypes;
    if (scorable) {
      scorable = false;
      for (int k = 0; k < model.numTopics && !scorable; ++k)
        scorable = model.logBeta(k, static_cast<std::size_t>(type)) > kNegativeInfinity;
    }
    if (!scorable) {
      ++words.skipped;
      continue;
    }
    const auto [found, added] = slot.try_emplace(type, words.types.size());
    if (added) {
      words.types.push_back(type);
      words.counts.push_back(0.0);
    }
    words.counts[found->second] += 1.0;
    words.total += 1.0;
  }
  return words;
}

GammaPosteriorInference::GammaPosteriorInference(const LogisticNormalModel& model)
    : model_(model), dimensions_(model.dimensions()) {
  const auto d = static_cast<std::size_t>(dimensions_);
  Cholesky prior;
  if (!prior.factor(model.covariance, d)) throw std::invalid_argument("the covariance is not positive definite");
  precision_ = prior.inverse();
  logDeterminant_ = prior.logDeterminant();
  const auto K = static_cast<std::size_t>(model.numTopics);
  logBetaByType_.resize(model.numTypes * K);
  for (std::size_t k = 0; k < K; ++k) {
    for (std::size_t w = 0; w < model.numTypes; ++w)
      logBetaByType_[w * K + k] = model.logTopicWord[k * model.numTypes + w];
  }
}

double GammaPosteriorInference::logPrior(std::span<const double> gamma) const {
  const auto d = static_cast<std::size_t>(dimensions_);
  std::vector<double> centered(d);
  for (std::size_t i = 0; i < d; ++i) centered[i] = gamma[i] - model_.mean[i];
  // The precision is symmetric: each off-diagonal pair once, doubled.
  double quadratic = 0.0;
  for (std::size_t i = 0; i < d; ++i)
    quadratic +=
        centered[i] * (precision_[i * d + i] * centered[i] + 2.0 * dot(precision_.data() + i * d, centered.data(), i));
  return -0.5 * static_cast<double>(d) * std::log(2.0 * std::numbers::pi) - 0.5 * logDeterminant_ - 0.5 * quadratic;
}

double GammaPosteriorInference::logLikelihood(const WordCounts& words, std::span<const double> gamma) const {
  const auto K = static_cast<std::size_t>(model_.numTopics);
  const auto d = K - 1;
  double total = 0.0;
  for (std::size_t j = 0; j < words.types.size(); ++j) {
    const double* row = logBetaByType_.data() + static_cast<std::size_t>(words.types[j]) * K;
    total += words.counts[j] * logTopicMixture(row, gamma, d);
  }
  return total - words.total * logPartition(gamma.first(d));
}

double GammaPosteriorInference::profiled(const WordCounts& words, std::span<const double> shift,
                                         std::span<const double> x, std::span<double> gradient,
                                         std::span<double> normalizer, std::span<double> spread) const {
  const auto K = static_cast<std::size_t>(model_.numTopics);
  const auto d = K - 1;
  const bool withGradient = !gradient.empty();
  if (!spread.empty()) std::fill(spread.begin(), spread.end(), 0.0);
  double value = 0.0;
  // -1/2 (x - mu)^T Sigma^-1 (x - mu); the gradient starts as -Sigma^-1 (x - mu).
  for (std::size_t i = 0; i < d; ++i) {
    double row = 0.0;
    for (std::size_t j = 0; j < d; ++j) row += precision_[i * d + j] * (x[j] - model_.mean[j]);
    value -= 0.5 * (x[i] - model_.mean[i]) * row;
    if (withGradient) gradient[i] = -row;
  }
  for (std::size_t j = 0; j < words.types.size(); ++j) {
    const double* row = logBetaByType_.data() + static_cast<std::size_t>(words.types[j]) * K;
    const double logSum = logTopicMixture(row, x, d);
    value += words.counts[j] * logSum;
    // The responsibilities phi_(j, k) = exp(x_k + log beta - logSum): m = sum_j c_j phi_j.
    if (withGradient) {
      double* responsibility = normalizer.data();  // (scratch until the normalizer is computed below)
      for (std::size_t k = 0; k < d; ++k) {
        responsibility[k] = std::exp(x[k] + row[k] - logSum);
        gradient[k] += words.counts[j] * responsibility[k];
      }
      // c_j (diag(r_j) - r_j r_j^T): the curvature the word's mixture adds.
      if (!spread.empty()) {
        for (std::size_t a = 0; a < d; ++a) {
          const double scaled = words.counts[j] * responsibility[a];
          for (std::size_t b = 0; b < d; ++b) spread[a * d + b] -= scaled * responsibility[b];
          spread[a * d + a] += scaled;
        }
      }
    }
  }
  const double partition = logSumExp(d + 1, [&](std::size_t i) { return i == 0 ? 0.0 : x[i - 1] + shift[i - 1]; });
  value -= words.total * partition;
  if (withGradient) {
    for (std::size_t i = 0; i < d; ++i) {
      normalizer[i] = std::exp(x[i] + shift[i] - partition);
      gradient[i] -= words.total * normalizer[i];
    }
  }
  return value;
}

int GammaPosteriorInference::maximizeProfiled(const WordCounts& words, std::span<const double> shift,
                                              std::vector<double>& x, std::vector<double>& hessian,
                                              bool& converged) const {
  const auto d = static_cast<std::size_t>(dimensions_);
  std::vector<double> gradient(d), normalizer(d), step(d), trial(d), spread(d * d), exact(d * d);
  hessian.assign(d * d, 0.0);
  Cholesky factor;
  const auto buildHessian = [&] {
    for (std::size_t i = 0; i < d; ++i) {
      for (std::size_t j = 0; j < d; ++j)
        hessian[i * d + j] = precision_[i * d + j] - words.total * normalizer[i] * normalizer[j];
      hessian[i * d + i] += words.total * normalizer[i];
    }
  };
  double value = profiled(words, shift, x, gradient, normalizer, spread);
  converged = false;
  int steps = 0;
  while (steps < kPosteriorMaxIterations) {
    buildHessian();
    // F's exact curvature, the paper's minus the responsibilities' spread,
    // where F is concave at x (then Newton converges quadratically); the
    // paper's (always positive definite) elsewhere. Same fixed point.
    for (std::size_t i = 0; i < d * d; ++i) exact[i] = hessian[i] - spread[i];
    if (!factor.factor(exact, d) && !factor.factor(hessian, d)) break;  // (positive definite in exact arithmetic)
    step = gradient;
    factor.solve(step);
    double scale = 1.0;
    double trialValue = value;
    bool accepted = false;
    for (int halving = 0; halving < 60; ++halving, scale *= 0.5) {
      for (std::size_t i = 0; i < d; ++i) trial[i] = x[i] + scale * step[i];
      trialValue = profiled(words, shift, trial, {}, {}, {});
      if (trialValue >= value) {
        accepted = true;
        break;
      }
    }
    if (!accepted) {  // no step gains: x is the maximum to rounding
      converged = true;
      break;
    }
    // Stop on the step's size: the paper's update converges only linearly,
    // like EM, so a small gain in F does not mean x is close.
    double moved = 0.0;
    for (std::size_t i = 0; i < d; ++i) moved = std::max(moved, std::abs(trial[i] - x[i]));
    x = trial;
    ++steps;
    value = profiled(words, shift, x, gradient, normalizer, spread);
    if (moved <= kPosteriorStepTolerance) {
      converged = true;
      break;
    }
  }
  buildHessian();
  return steps;
}

GammaPosterior GammaPosteriorInference::fit(const WordCounts& words, PosteriorMethod method,
                                            std::span<const double> start) const {
  const auto d = static_cast<std::size_t>(dimensions_);
  GammaPosterior posterior;
  std::vector<double> x = start.size() == d ? std::vector<double>(start.begin(), start.end()) : model_.mean;
  std::vector<double> hessian;
  if (method == PosteriorMethod::Taylor) {
    const std::vector<double> noShift(d, 0.0);
    posterior.iterations = maximizeProfiled(words, noShift, x, hessian, posterior.converged);
    Cholesky factor;
    if (!factor.factor(hessian, d)) throw std::runtime_error("the Taylor E-step's precision is not positive definite");
    posterior.covariance = factor.inverse();
  } else {
    std::vector<double> variance(d, 1.0), shift(d);
    double previous = kNegativeInfinity;
    posterior.covariance.assign(d * d, 0.0);
    for (int round = 0; round < kPosteriorMaxIterations; ++round) {
      for (std::size_t i = 0; i < d; ++i) shift[i] = 0.5 * variance[i];
      bool innerConverged = false;
      maximizeProfiled(words, shift, x, hessian, innerConverged);
      // Each nu_i^2 maximises -1/2 P_ii nu^2 - N log(rest + exp(x_i + nu^2 / 2)) + 1/2 log nu^2
      // (zeta at its optimum): the root in t = log nu^2 of the decreasing
      // h(t) = e^-t - P_ii - N s(t), s = exp(x_i + e^t / 2) / (rest + exp(x_i + e^t / 2)).
      for (std::size_t i = 0; i < d; ++i) {
        double rest = 1.0;
        for (std::size_t k = 0; k < d; ++k) {
          if (k != i) rest += std::exp(x[k] + 0.5 * variance[k]);
        }
        const double precision = precision_[i * d + i];
        const auto h = [&](double t) {
          const double share = 1.0 / (1.0 + rest * std::exp(-(x[i] + 0.5 * std::exp(t))));
          return std::exp(-t) - precision - words.total * share;
        };
        double low = -std::log(precision + words.total) - 1.0, high = -std::log(precision) + 1.0;
        for (int bisection = 0; bisection < 100; ++bisection) {
          const double middle = 0.5 * (low + high);
          (h(middle) > 0.0 ? low : high) = middle;
        }
        variance[i] = std::exp(0.5 * (low + high));
      }
      for (std::size_t i = 0; i < d; ++i) posterior.covariance[i * d + i] = variance[i];
      const double current = bound(words, x, posterior.covariance);
      ++posterior.iterations;
      if (current - previous <= kPosteriorTolerance * (1.0 + std::abs(current))) {
        posterior.converged = true;
        break;
      }
      previous = current;
    }
  }
  posterior.mean = std::move(x);
  posterior.bound = bound(words, posterior.mean, posterior.covariance);
  posterior.objective = method == PosteriorMethod::Taylor ? taylorObjective(words, posterior.mean, posterior.covariance)
                                                          : posterior.bound;
  return posterior;
}

double GammaPosteriorInference::bound(const WordCounts& words, std::span<const double> mean,
                                      std::span<const double> covariance) const {
  return objective(words, mean, covariance, false);
}

double GammaPosteriorInference::taylorObjective(const WordCounts& words, std::span<const double> mean,
                                                std::span<const double> covariance) const {
  return objective(words, mean, covariance, true);
}

double GammaPosteriorInference::objective(const WordCounts& words, std::span<const double> mean,
                                          std::span<const double> covariance, bool taylor) const {
  const auto d = static_cast<std::size_t>(dimensions_);
  Cholesky factor;
  if (!factor.factor(covariance, d)) return kNegativeInfinity;
  double trace = 0.0, quadratic = 0.0;
  std::vector<double> shifted(d);
  for (std::size_t i = 0; i < d; ++i) {
    double row = 0.0;
    for (std::size_t j = 0; j < d; ++j) {
      trace += precision_[i * d + j] * covariance[j * d + i];
      row += precision_[i * d + j] * (mean[j] - model_.mean[j]);
    }
    quadratic += (mean[i] - model_.mean[i]) * row;
    shifted[i] = mean[i] + 0.5 * covariance[i * d + i];
  }
  double words_ = 0.0;
  const auto K = static_cast<std::size_t>(model_.numTopics);
  for (std::size_t j = 0; j < words.types.size(); ++j) {
    const double* row = logBetaByType_.data() + static_cast<std::size_t>(words.types[j]) * K;
    words_ += words.counts[j] * logTopicMixture(row, mean, d);
  }
  // E_q log(1 + sum_i exp gamma_i): bounded by log E_q (...) (Jensen), or
  // approximated by its Taylor expansion at the mean, C(a) + 1/2 tr(H(a) S).
  double partition = 0.0;
  if (taylor) {
    const double logNormalizer = logPartition(mean.first(d));
    std::vector<double> share(d);
    for (std::size_t i = 0; i < d; ++i) share[i] = std::exp(mean[i] - logNormalizer);
    double curvature = 0.0;
    for (std::size_t i = 0; i < d; ++i) {
      curvature += share[i] * covariance[i * d + i];
      for (std::size_t j = 0; j < d; ++j) curvature -= share[i] * covariance[i * d + j] * share[j];
    }
    partition = logNormalizer + 0.5 * curvature;
  } else {
    partition = logPartition(shifted);
  }
  return -0.5 * logDeterminant_ + 0.5 * factor.logDeterminant() + 0.5 * static_cast<double>(d) - 0.5 * trace -
         0.5 * quadratic + words_ - words.total * partition;
}

void GammaPosteriorInference::addExpectedCounts(const WordCounts& words, std::span<const double> mean,
                                                std::span<double> topicWord) const {
  const auto K = static_cast<std::size_t>(model_.numTopics);
  const auto d = K - 1;
  for (std::size_t j = 0; j < words.types.size(); ++j) {
    const double* row = logBetaByType_.data() + static_cast<std::size_t>(words.types[j]) * K;
    const double logSum = logTopicMixture(row, mean, d);
    const auto type = static_cast<std::size_t>(words.types[j]);
    for (std::size_t k = 0; k < K; ++k) {
      const double eta = k < d ? mean[k] : 0.0;
      topicWord[k * model_.numTypes + type] += words.counts[j] * std::exp(eta + row[k] - logSum);
    }
  }
}

double totalBound(const GammaPosteriorInference& inference, const DocumentCollection& documents, PosteriorMethod method,
                  int threads) {
  std::vector<double> bounds(documents.size(), 0.0);
  runInParallel(documents.size(), threads, [&](std::size_t doc, int) {
    const WordCounts words = WordCounts::of(documents.document(doc), inference.model());
    if (words.total > 0.0) bounds[doc] = inference.fit(words, method).bound;
  });
  double total = 0.0;
  for (const double bound : bounds) total += bound;
  return total;
}

}  // namespace topiceval
