#pragma once
// How much retraining with another seed changes a model's topics: Greene,
// O'Callaghan & Cunningham (2014), "How many topics? Stability analysis for
// topic models". Two runs of the same K are matched topic to topic (the
// Hungarian algorithm, maximising the summed similarity), a pair of topics
// compared by the average Jaccard of their top-t word rankings:
//   AJ(a, b) = (1/t) sum_{d=1..t} |a[:d] & b[:d]| / |a[:d] | b[:d]|,
// and the runs' agreement is the mean AJ over the matched pairs (1: the same
// rankings). Rankings come from topWordsInROrder (ties by the lower word index).

#include <cstddef>
#include <vector>

namespace topiceval::quality {

double averageJaccard(const std::vector<int>& a, const std::vector<int>& b);

// The assignment (row i to column match[i]) of an n x n row-major matrix with
// the largest sum; among equal sums, the one the algorithm meets first.
std::vector<int> maximumMatching(const std::vector<double>& similarity, std::size_t n);

struct RunAgreement {
  double agreement = 0.0;
  std::vector<int> match;         // run a's topic k is matched with run b's match[k]
  std::vector<double> perTopic;  // run a's topic k: its AJ with its match
};

// Both runs with the same number of topics, each topic's top-t words.
RunAgreement runAgreement(const std::vector<std::vector<int>>& a, const std::vector<std::vector<int>>& b);

}  // namespace topiceval::quality
