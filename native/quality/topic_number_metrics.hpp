// SPDX-License-Identifier: Apache-2.0
#pragma once
// The figures R users read to choose the number of topics, computed from a
// model's matrices as the R functions compute them (their arithmetic, tie rules
// and quirks, not the papers' definitions where they differ):
//   ldatuning (FindTopicsNumber):
//     CaoJuan2009  mean cosine similarity over pairs of topics' word
//                  distributions (lower is better);
//     Arun2010     symmetric KL divergence between the topic-word matrix's
//                  singular values, sorted from the largest, and the topics'
//                  token masses sum_d N_d theta_dk / max_d N_d, in topic order
//                  (neither vector normalised; the paper normalises both and
//                  sorts both; lower is better);
//     Deveaud2014  the sum over pairs of 0.5 KL(x||y) + 0.5 KL(y||x) (not the
//                  paper's Jensen-Shannon divergence), divided by K (K - 1)
//                  rather than by the number of pairs, every probability raised
//                  by the smallest normal double when any is zero (higher is
//                  better);
//   stm:
//     semanticCoherence(M)  per topic, the sum over pairs of its M most
//                  probable words of log((D(m, l) + 0.01) / (D(l) + 0.01)),
//                  D counting documents; the conditioning word l is the one
//                  met first when walking every topic's top words topic by
//                  topic (semCoh1beta's wordlist), not the higher-ranked one;
//     exclusivity(M, frexw)  FREX, exclusivity.hpp's frex();
//     checkResiduals(tol)   Taddy (2012)'s dispersion of the multinomial
//                  residuals, its chi-squared p-value and degrees of freedom.
// Top words follow R's order(decreasing = TRUE): ties by the lower word index.
// phi is K x V row-major (each row a distribution), theta D x K row-major.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "native/quality/coherence.hpp"

namespace topiceval::quality {

struct TopicWordMatrix {
  const std::vector<double>& phi;
  std::size_t topics = 0, types = 0;
  const double* row(std::size_t k) const { return phi.data() + k * types; }
};

// NaN for fewer than two topics.
double caoJuan2009(const TopicWordMatrix& phi);
// `lengths[d]`: document d's tokens N_d; NaN when K > V (ldatuning drops the
// metric then) or for no tokens.
double arun2010(const TopicWordMatrix& phi, const std::vector<double>& theta, const std::vector<double>& lengths);
double deveaud2014(const TopicWordMatrix& phi);

// Each topic's `m` most probable words, R's order (ties by lower index).
std::vector<std::vector<int>> topWordsInROrder(const TopicWordMatrix& phi, std::size_t m);

// stm's semanticCoherence over the documents (word ids of phi's vocabulary).
std::vector<double> stmSemanticCoherence(const TopicWordMatrix& phi, const ReferenceCorpus& documents,
                                         std::size_t m = 10);

struct ResidualDispersion {
  double dispersion = 0.0;  // D / df; stm's `dispersion` (1 for a well-specified model)
  double pValue = 0.0;      // P(chi2_df > D); NaN when df <= 0, as R's pchisq gives
  double degreesOfFreedom = 0.0;
  double statistic = 0.0;  // D
};

// stm's checkResiduals. Documents without tokens are left out (stm's documents
// have at least one), theta's rows still one per document.
ResidualDispersion stmResidualDispersion(const TopicWordMatrix& phi, const std::vector<double>& theta,
                                         const ReferenceCorpus& documents, double tol = 0.01);

// P(chi2 with df degrees of freedom > x), as R's pchisq(lower.tail = FALSE).
double chiSquaredUpperTail(double x, double df);

// The singular values of phi, largest first (from the eigenvalues of phi phi^T).
std::vector<double> singularValues(const TopicWordMatrix& phi);

}  // namespace topiceval::quality
