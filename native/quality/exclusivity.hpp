// SPDX-License-Identifier: Apache-2.0
#pragma once
// How exclusive each topic's top words are to it, from the topic-word
// probabilities phi_k(w):
//   frex         stm's exclusivity() (Bischof & Airoldi 2012, "Summarizing topical
//                content with word frequency and exclusivity"; Roberts et al.'s stm):
//                per topic, the sum over its M most probable words of the
//                harmonic mean 1 / (w / ECDF(exclusivity) + (1 - w) / ECDF(phi)),
//                the ECDFs taken within the topic over every word (average
//                ranks for ties), exclusivity = phi_k(v) / sum_j phi_j(v), w = 0.7;
//   exclusivity  MALLET's diagnostics' figure for a model of probabilities:
//                the mean over N of phi_k(v) / sum_j phi_j(v) for the top words
//                (a count model's is the diagnostics' own, topic_diagnostics.hpp).
// phi comes row by row (`row(k, values)` fills topic k's V probabilities), so
// that a large model's K x V matrix is never held.

#include <cstddef>
#include <functional>
#include <vector>

namespace topiceval::quality {

using PhiRow = std::function<void(std::size_t topic, std::vector<double>& values)>;

// `top[k]`: topic k's M most probable words, most probable first (R's order:
// ties by index).
std::vector<double> frex(const PhiRow& row, std::size_t topics, std::size_t types,
                         const std::vector<std::vector<int>>& top, double weight = 0.7);

// Divided by `n` as MALLET divides.
std::vector<double> exclusivityOfProbabilities(const PhiRow& row, std::size_t topics, std::size_t types,
                                               const std::vector<std::vector<int>>& top, std::size_t n);

// The row function of a matrix phi[k * types + w].
PhiRow matrixRows(const std::vector<double>& phi, std::size_t types);

// FREX of a count model, phi_k(w) = (n_kw + beta) / (n_k + betaSum), the same
// numbers as frex() over its rows without a pass over every word per topic or top word
// (each word's total over topics is summed once per distinct column of counts):
// the words without tokens in a topic share one probability, and their
// exclusivity falls as their total probability rises, so where a top word
// ranks among them is a binary search. `nonzero[k]` lists topic k's words
// with tokens; the M most probable words are taken in R's order.
std::vector<double> frexOfCounts(const std::vector<std::vector<std::pair<int, int>>>& nonzero,
                                 const std::vector<int32_t>& tokensPerTopic, double beta, double betaSum,
                                 std::size_t types, std::size_t topWords, double weight = 0.7);

}  // namespace topiceval::quality
