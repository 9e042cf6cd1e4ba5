#pragma once
// How exclusive each topic's top words are to it, from the topic-word
// probabilities phi[k * types + w]:
//   frex         stm's exclusivity() (Bischof & Airoldi 2012, "Summarizing topical
//                content with word frequency and exclusivity"; Roberts et al.'s stm):
//                per topic, the sum over its M most probable words of the
//                harmonic mean 1 / (w / ECDF(exclusivity) + (1 - w) / ECDF(phi)),
//                the ECDFs taken within the topic over every word (average
//                ranks for ties), exclusivity = phi_k(v) / sum_j phi_j(v), w = 0.7;
//   exclusivity  MALLET's diagnostics' figure for a model of probabilities:
//                the mean over N of phi_k(v) / sum_j phi_j(v) for the top words
//                (a count model's is the diagnostics' own, topic_diagnostics.hpp).

#include <cstddef>
#include <vector>

namespace topiceval::quality {

std::vector<double> frex(const std::vector<double>& phi, std::size_t topics, std::size_t types, std::size_t topWords,
                         double weight = 0.7);

// `top[k]` the top word ids of topic k; divided by `n` as MALLET divides.
std::vector<double> exclusivityOfProbabilities(const std::vector<double>& phi, std::size_t topics, std::size_t types,
                                               const std::vector<std::vector<int>>& top, std::size_t n);

}  // namespace topiceval::quality
