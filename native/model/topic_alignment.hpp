// SPDX-License-Identifier: Apache-2.0
#pragma once
// Matching the topics of two models before annealing between them (Foulds and
// Smyth 2014 align topics the same way): the assignment of B's topics to A's
// that minimises the total L1 distance between their topic-word distributions,
// found by the Hungarian method in O(K^3).

#include <vector>

#include "native/model/topic_model.hpp"

namespace topiceval {

// For a square cost matrix (row-major, n x n), the column assigned to each row
// that minimises the total cost (Kuhn-Munkres with potentials).
std::vector<int> solveAssignment(const std::vector<double>& cost, int n);

// For each topic k of `a`, the topic of `b` that matches it.
std::vector<int> alignTopics(const TopicModel& a, const TopicModel& b);

// `model` with its topics reordered: topic k of the result is topic order[k] of `model`.
TopicModel permuteTopics(const TopicModel& model, const std::vector<int>& order);

}  // namespace topiceval
