// SPDX-License-Identifier: Apache-2.0
#pragma once
// How much retraining with another seed changes a model's topics: Greene,
// O'Callaghan & Cunningham (2014), "How many topics? Stability analysis for
// topic models". Two runs of the same K are matched topic to topic (the
// Hungarian algorithm, maximising the summed similarity), a pair of topics
// compared by the average Jaccard of their top-t word rankings:
//   AJ(a, b) = (1/t) sum_{d=1..t} |a[:d] & b[:d]| / |a[:d] | b[:d]|,
// and the runs' agreement is the mean AJ over the matched pairs (1: the same
// rankings). Rankings come from topWordsInROrder (ties by the lower word index).
//
// The work is linear in t per pair of topics: each word's depth of entry in
// both rankings says at which prefix it becomes shared, so one pass over the
// first ranking counts every prefix's intersection (the same sums, in the same
// order, as intersecting every prefix would). A pair of runs of K topics costs
// K^2 t such steps, which select bounds before it starts (stabilityWork).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace topiceval::quality {

double averageJaccard(const std::vector<int>& a, const std::vector<int>& b);

// The steps of matching two runs of `topics` topics ranked by `words` words
// each (runAgreement: a pass of at most `words` positions per pair of topics),
// and of every pair among `runs` such runs (seedAgreement).
double stabilityWork(std::size_t runs, std::size_t topics, std::size_t words);

// The assignment (row i to column match[i]) of an n x n row-major matrix with
// the largest sum; among equal sums, the one the algorithm meets first.
std::vector<int> maximumMatching(const std::vector<double>& similarity, std::size_t n);

struct RunAgreement {
  double agreement = 0.0;
  std::vector<int> match;         // run a's topic k is matched with run b's match[k]
  std::vector<double> perTopic;  // run a's topic k: its AJ with its match
  uint64_t steps = 0;            // positions walked over every pair of topics (at most stabilityWork(2, ...))
};

// Both runs with the same number of topics, each topic's top-t words.
RunAgreement runAgreement(const std::vector<std::vector<int>>& a, const std::vector<std::vector<int>>& b);

}  // namespace topiceval::quality

namespace topiceval::quality {

// Greene et al.'s agreement among several runs of one K: every pair of runs
// (a before b in the order given) matched as runAgreement matches them.
struct SeedAgreement {
  struct Pair {
    std::size_t a = 0, b = 0;
    double agreement = 0.0;
  };
  std::vector<Pair> pairs;
  // Run r's topic k: its matched AJ in each pair holding r, averaged over the other runs.
  std::vector<std::vector<double>> perTopic;
  double mean = 0.0;
  // Over pairs: the sample standard deviation (NaN for one pair: one pair shows no spread), min and max.
  double standardDeviation = 0.0, min = 0.0, max = 0.0;
};

// Each run: its topics' top-t rankings (word ids shared by every run). At least two runs, all of one K.
SeedAgreement seedAgreement(const std::vector<std::vector<std::vector<int>>>& runs);

}  // namespace topiceval::quality
