// SPDX-License-Identifier: Apache-2.0
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

// How a document's runs become its estimate (DocumentEstimator::runCombination).
// - LogOfMean: log of the mean of the runs' p-hat. For an estimator unbiased
//   for p(w) it converges as the runs grow, and sits LOW by about
//   var(p-hat) / (2 R p^2) (Jensen), which a heavy tail hides from the runs.
// - Lognormal: the mean of the runs' log p-hat plus half their variance, the
//   log of a lognormal's mean. A particle filter's log p-hat is asymptotically
//   normal in its particles, N(log p - s2 / 2P, s2 / P) (Berard, Del Moral &
//   Doucet 2014, "A lognormal central limit theorem for particle
//   approximations of normalizing constants", theorem 1.1), so this is
//   unbiased to first order whatever the runs, with a bias falling as 1 / P^2
//   rather than 1 / (R P). Outside that regime (few particles, or a long
//   document) log p-hat is skewed and the estimate can sit high or low: a
//   document whose runs' sample variance is above kLognormalRegime is
//   combined by the log of the mean instead, with its bias bound.
enum class RunCombination { LogOfMean, Lognormal };
// The largest sample variance of a document's log p-hat (nats^2: a log-spread
// of 1 nat) at which its runs are combined lognormally. Measured on the exact
// models and the independent references (docs/held-out-likelihood.md): at
// the default budget 1% to 12% of short documents are beyond it, and with 8
// to 32 particles, where most are, the lognormal estimate sat up to 0.2 nats
// per document high; on long documents beyond it, low.
inline constexpr double kLognormalRegime = 1.0;
// The share of the log of the mean's bias bound (se^2 / 2, se the log of the
// mean's error) that a document combined lognormally keeps: the lognormal
// estimate corrects the shortfall the runs' spread shows, not the part of a
// mode that all of them under-sampled. Measured on independent references of
// short documents (Debian descriptions under MALLET and gensim models, 40
// seeds): with no bound 37-38 seeds of 40 held the reference, with half 38-40.
inline constexpr double kLognormalBoundShare = 0.5;
// "log of the mean" or "lognormal", as results name it.
std::string runCombinationName(RunCombination combination);

class DocumentEstimator {
 public:
  virtual ~DocumentEstimator() = default;

  // A short name and the options, for reports ("left-to-right, 10 particles, resampling").
  virtual std::string description() const = 0;
  // Deterministic estimators give one value per document whatever the run.
  virtual bool stochastic() const = 0;
  // Whether the mean over runs of exp(logLikelihood) has expectation p(w):
  // then the standard error over runs covers the whole error (see
  // errorCaveat); otherwise it leaves out the estimator's bias.
  virtual bool unbiased() const = 0;
  // What the reported error is known to miss, in one clause for the summary's
  // error line (empty when the calibration tests find it honest).
  virtual std::string errorCaveat() const { return {}; }
  // How a document's runs become its estimate (see RunCombination): the log
  // of their mean unless the estimator is a particle filter whose particles
  // make log p-hat normal.
  virtual RunCombination runCombination() const { return RunCombination::LogOfMean; }
  // Whether positionLogLikelihoods is available: an estimate of each
  // log p(w_n | w_<n) whose sum is the estimate of log p(w) (left-to-right and
  // resample-move).
  virtual bool scoresTokenByToken() const { return false; }
  // Those terms, by position of `document` (0 where a word is skipped).
  virtual void positionLogLikelihoods(std::span<const int32_t> document, const EstimateKey& key, int worker,
                                      std::vector<double>& terms) const;
  // Document completion (see DocumentSplit): whether completionLogLikelihood
  // is available. By default, for the estimators that score token by token.
  virtual bool completesDocuments() const { return scoresTokenByToken(); }
  // Whether logLikelihood is available (false for a completion-only method).
  virtual bool scoresWholeDocuments() const { return true; }
  // One estimate of log p(w2 | w1) for `document` ordered (w1, w2), w1 its
  // first `observed` positions (scored or not). By default the sum of the
  // position terms after w1.
  virtual double completionLogLikelihood(std::span<const int32_t> document, std::size_t observed,
                                         const EstimateKey& key, int worker) const;
  // The relative cost of one estimate for a document of `length` tokens, by
  // which documents are scheduled (longest first) and dealt to MPI ranks.
  // Linear by default; quadratic for the samplers that revisit every earlier
  // position at each token.
  virtual uint64_t relativeCost(std::size_t length) const { return length; }
  // Allocates working memory for `workers` threads; call before estimating.
  virtual void prepare(int workers) = 0;
  // The natural log of one estimate of p(w | model) over the scored tokens of
  // `document`, computed on thread `worker`. 0 for a document with nothing scored.
  virtual double logLikelihood(std::span<const int32_t> document, const EstimateKey& key, int worker) const = 0;
};

// Document completion (Wallach et al. 2009, section 5): each document is split
// into w1 and w2, and p(w2 | w1) is estimated instead of p(w). FirstHalf: w1 is
// the first floor(L/2) positions; Alternate: w1 is the even positions. The
// tokens are reordered as (w1, w2), which leaves p unchanged (the tokens of a
// document are exchangeable), and the terms log p(w_n | w_<n) of the w2
// positions are summed: p(w2 | w1) = p(w) / p(w1).
// (DocumentSplit and its spellings: topiceval/choices.hpp.)

// Cost in Gibbs site updates, the unit of Wallach et al.'s (2009) table 1:
// one computation of a token's conditional distribution over the topics, to
// draw its topic or to weigh it. An estimator reports its updates with
// countSiteUpdates on the thread that computes the estimate, and
// evaluateDocuments adds them up per document.
void countSiteUpdates(uint64_t updates);

struct EvaluationOptions {
  DocumentSplit completion = DocumentSplit::None;
  uint64_t seed = 1;
  int runs = 1;                  // independent estimates per document (stochastic estimators)
  int threads = 0;               // 0: every hardware thread
  Progress* progress = nullptr;  // advanced by one per (document, run)
  // Only these documents (indices into the collection), or all when null;
  // the others are left with no runs and count nothing in the totals.
  const std::vector<std::size_t>* only = nullptr;
  // The runs are keyed firstRun, firstRun + 1, ...: a later round of
  // estimates of the same documents draws from streams of its own.
  uint64_t firstRun = 0;
  // The collection's first document is document firstDocument of the whole
  // set: a batch of a set read in batches draws from its documents' own
  // streams, so the bits are those of the whole set at once.
  uint64_t firstDocument = 0;
};

struct DocumentResult {
  // The estimate of log p(w) from the runs, as the estimator combines them
  // (RunCombination): the log of their mean, or the lognormal estimate.
  double logLikelihood = 0.0;
  // Its standard error in nats over the runs (see LogMean and
  // LognormalMean); 0 for a deterministic estimator, NaN for a stochastic one
  // run once.
  double standardError = 0.0;
  // How far the estimate may sit below its truth beyond its error: se^2 / 2
  // for the log of a mean (see topiceval/interval.hpp), kLognormalBoundShare
  // of that for the lognormal estimate; NaN without an error.
  double logMeanBias = 0.0;
  // (sum of p-hat)^2 / sum of p-hat^2 over the runs: the runs that count.
  double effectiveRuns = 1.0;
  // Whether its runs were combined lognormally (see RunCombination).
  bool lognormal = false;
  std::vector<double> runLogLikelihoods;
  uint64_t scoredTokens = 0;  // under completion, of w2
  uint64_t skippedTokens = 0;
  uint64_t conditionedTokens = 0;  // under completion, the scored tokens of w1
  uint64_t siteUpdates = 0;        // over all runs (see countSiteUpdates)
  // Whether one or a few runs carry most of the mean (see heavyTailed below).
  bool heavyTailed() const;
};

struct EvaluationResult {
  std::vector<DocumentResult> documents;
  RunCombination combination = RunCombination::LogOfMean;  // how each document's runs were combined
  double totalLogLikelihood = 0.0;  // sum over documents
  // sqrt of the sum of the documents' squared standard errors (their estimates are independent).
  double totalStandardError = 0.0;
  // The documents' logMeanBias, summed: the biases add up linearly.
  double logMeanBias = 0.0;
  uint64_t scoredTokens = 0;
  uint64_t skippedTokens = 0;
  uint64_t conditionedTokens = 0;  // under completion: the scored tokens of every w1
  uint64_t siteUpdates = 0;        // Gibbs site updates over every document and run
  double perTokenLogLikelihood() const {
    return scoredTokens == 0 ? 0.0 : totalLogLikelihood / static_cast<double>(scoredTokens);
  }
  double perTokenStandardError() const {
    return scoredTokens == 0 ? 0.0 : totalStandardError / static_cast<double>(scoredTokens);
  }
  double perplexity() const;
  // exp(-per token) moves by perplexity x per-token error (first order).
  double perplexityStandardError() const { return perplexity() * perTokenStandardError(); }
  std::size_t heavyTailedDocuments() const;
};


// Runs `estimator` on every document `runs` times (once if deterministic), in
// parallel over (document, run) units. The same inputs give the same bits on
// any number of threads.
EvaluationResult evaluateDocuments(DocumentEstimator& estimator, const ScoringModel& model,
                                   const DocumentCollection& documents, const EvaluationOptions& options);

// The totals of `result` from its documents, in document order (the error
// in quadrature: the documents' estimates are independent).
void sumTotals(EvaluationResult& result);

// log(mean(exp(values))), computed without overflow, with what says how far
// to trust it:
// - standardError, in nats: the larger of two errors that agree,
//   sd(p)/(sqrt(R) mean(p)), when the R values are close:
//   * the jackknife error of the logarithm (Efron & Stein 1981), from the
//     leave-one-out values log(mean without value i). Unlike the delta-method
//     error (which cannot exceed 1 nat) it grows with the gap to the runner-up
//     when one value dominates;
//   * the lognormal error sqrt(log(1 + (e^{s^2} - 1) / R)), s^2 the sample
//     variance of the values (the logarithms): the log-spread of a mean of R
//     lognormals (Fenton 1960). Estimates of p are right-skewed, and a
//     sample of ten often misses the rare large ones that the mean of p
//     depends on; the spread of the logarithms reveals that tail. Measured on
//     tiny models with exact likelihoods (tests/calibration_test.cpp), the
//     jackknife alone put 74%..91% of errors within 2 standard errors, the
//     larger of the two 92%..97%.
//   NaN for a single value.
// - effectiveSamples: (sum w)^2 / sum w^2 with w = exp(value), 1..R.
struct LogMean {
  double logMean;
  double standardError;
  double effectiveSamples;
};
LogMean logMeanExp(std::span<const double> logValues);

// The lognormal estimate of log E[exp(value)] from R values (RunCombination::
// Lognormal): mean + s^2 / 2, s^2 their sample variance (divisor R - 1), with
// its normal-theory standard error sqrt(s^2 / R + s^4 / (2 (R - 1))) (the
// mean's variance and a quarter of the sample variance's). NaN error for one
// value; the log of the mean (logMeanExp) when a value is not finite.
struct LognormalMean {
  double estimate;
  double standardError;
  double logVariance;  // s^2 (infinite when a value is not finite, NaN for one value)
};
LognormalMean lognormalMean(std::span<const double> logValues);

// Whether the values behind a LogMean are too heavy-tailed for its standard
// error to be trusted: fewer effective samples than half the samples. With
// lognormal estimates of log-spread sigma the effective fraction is about
// exp(-sigma^2), so this fires past sigma ~ 0.8 nats. Fewer than
// kFewestSamplesForTails values cannot tell a heavy tail from chance, and are
// never flagged.
inline constexpr std::size_t kFewestSamplesForTails = 4;
bool heavyTailed(const LogMean& mean, std::size_t samples);

}  // namespace topiceval
