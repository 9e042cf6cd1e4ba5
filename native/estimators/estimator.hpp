#pragma once
// The interface every held-out likelihood estimator of topiceval's own
// implements (left-to-right, filtering, particle learning, AIS), and the
// parallel driver that runs one over a document collection.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/runtime/progress.hpp"
#include "native/model/scoring_model.hpp"

namespace topiceval {

// Identifies one independent estimate: every random stream an estimator draws
// from is derived from these (and its own particle or sample indices), so a
// result does not depend on which thread computed it.
struct EstimateKey {
  uint64_t seed;
  uint64_t document;
  uint64_t run;
};

class DocumentEstimator {
 public:
  virtual ~DocumentEstimator() = default;

  // A short name and the options, for reports ("left-to-right, 10 particles, resampling").
  virtual std::string description() const = 0;
  // Deterministic estimators give one value per document whatever the run.
  virtual bool stochastic() const = 0;
  // Allocates working memory for `workers` threads; call before estimating.
  virtual void prepare(int workers) = 0;
  // The natural log of one estimate of p(w | model) over the scored tokens of
  // `document`, computed on thread `worker`. 0 for a document with nothing scored.
  virtual double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const = 0;
};

struct EvaluationOptions {
  uint64_t seed = 1;
  int runs = 1;                  // independent estimates per document (stochastic estimators)
  int threads = 0;               // 0: every hardware thread
  Progress* progress = nullptr;  // advanced by one per (document, run)
};

struct DocumentResult {
  // log of the mean over runs of the estimates of p(w) (log-sum-exp).
  double logLikelihood = 0.0;
  // Standard error of that mean of p divided by the mean (0 with one run or a
  // deterministic estimator): a relative error, so log-scale +- is about this.
  double relativeStandardError = 0.0;
  std::vector<double> runLogLikelihoods;
  uint64_t scoredTokens = 0;
  uint64_t skippedTokens = 0;
};

struct EvaluationResult {
  std::vector<DocumentResult> documents;
  double totalLogLikelihood = 0.0;  // sum over documents
  uint64_t scoredTokens = 0;
  uint64_t skippedTokens = 0;
  double perTokenLogLikelihood() const {
    return scoredTokens == 0 ? 0.0 : totalLogLikelihood / static_cast<double>(scoredTokens);
  }
  double perplexity() const;
};

// Runs `estimator` on every document `runs` times (once if deterministic), in
// parallel over (document, run) units. The same inputs give the same bits on
// any number of threads.
EvaluationResult evaluateDocuments(DocumentEstimator& estimator, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options);

// log(mean(exp(values))) and the standard error of that mean over the mean,
// computed without overflow.
struct LogMean {
  double logMean;
  double relativeStandardError;
};
LogMean logMeanExp(std::span<const double> logValues);

}  // namespace topiceval
