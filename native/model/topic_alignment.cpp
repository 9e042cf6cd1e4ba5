// SPDX-License-Identifier: Apache-2.0
#include "native/model/topic_alignment.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace topiceval {

std::vector<int> solveAssignment(const std::vector<double>& cost, int n) {
  if (n < 0 || cost.size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(n))
    throw std::invalid_argument("the assignment cost matrix is not square");
  // Rows and columns are numbered from 1; column 0 is a virtual start.
  const auto size = static_cast<std::size_t>(n) + 1;
  const double infinity = std::numeric_limits<double>::infinity();
  std::vector<double> rowPotential(size, 0.0), columnPotential(size, 0.0);
  std::vector<std::size_t> rowOfColumn(size, 0), previousColumn(size, 0);
  auto at = [&](std::size_t row, std::size_t column) {
    return cost[(row - 1) * static_cast<std::size_t>(n) + (column - 1)];
  };
  for (std::size_t row = 1; row < size; ++row) {
    rowOfColumn[0] = row;
    std::size_t column = 0;
    std::vector<double> slack(size, infinity);
    std::vector<char> used(size, 0);
    do {
      used[column] = 1;
      const std::size_t currentRow = rowOfColumn[column];
      double delta = infinity;
      std::size_t nextColumn = 0;
      for (std::size_t j = 1; j < size; ++j) {
        if (used[j]) continue;
        const double reduced = at(currentRow, j) - rowPotential[currentRow] - columnPotential[j];
        if (reduced < slack[j]) {
          slack[j] = reduced;
          previousColumn[j] = column;
        }
        if (slack[j] < delta) {
          delta = slack[j];
          nextColumn = j;
        }
      }
      for (std::size_t j = 0; j < size; ++j) {
        if (used[j]) {
          rowPotential[rowOfColumn[j]] += delta;
          columnPotential[j] -= delta;
        } else {
          slack[j] -= delta;
        }
      }
      column = nextColumn;
    } while (rowOfColumn[column] != 0);
    // Flip the alternating path back to the start.
    do {
      const std::size_t previous = previousColumn[column];
      rowOfColumn[column] = rowOfColumn[previous];
      column = previous;
    } while (column != 0);
  }
  std::vector<int> assignment(static_cast<std::size_t>(n), -1);
  for (std::size_t column = 1; column < size; ++column) {
    if (rowOfColumn[column] != 0) assignment[rowOfColumn[column] - 1] = static_cast<int>(column - 1);
  }
  return assignment;
}

namespace {

// phi[type][topic] for every type up to `types`, dense.
std::vector<double> densePhi(const TopicModel& model, std::size_t types) {
  const auto topics = static_cast<std::size_t>(model.numTopics);
  const double betaSum = model.beta * static_cast<double>(types);
  std::vector<double> phi(types * topics);
  for (std::size_t k = 0; k < topics; ++k) {
    const double denominator = model.tokensPerTopic[k] + betaSum;
    for (std::size_t w = 0; w < types; ++w) phi[w * topics + k] = model.beta / denominator;
  }
  for (std::size_t w = 0; w < std::min(types, model.numTypes()); ++w) {
    if (!model.typeTopicCounts.present(w)) continue;
    for (const int32_t entry : model.typeTopicCounts.activeRow(w)) {
      const auto k = static_cast<std::size_t>(model.topicOf(entry));
      phi[w * topics + k] = (model.countOf(entry) + model.beta) / (model.tokensPerTopic[k] + betaSum);
    }
  }
  return phi;
}

}  // namespace

std::vector<int> alignTopics(const TopicModel& a, const TopicModel& b) {
  if (a.numTopics != b.numTopics)
    throw std::invalid_argument("topics can be aligned only between models with the same number of topics");
  const auto topics = static_cast<std::size_t>(a.numTopics);
  const std::size_t types = std::max(a.numTypes(), b.numTypes());
  const std::vector<double> phiA = densePhi(a, types);
  const std::vector<double> phiB = densePhi(b, types);
  std::vector<double> cost(topics * topics, 0.0);
  for (std::size_t w = 0; w < types; ++w) {
    const double* rowA = phiA.data() + w * topics;
    const double* rowB = phiB.data() + w * topics;
    for (std::size_t i = 0; i < topics; ++i) {
      for (std::size_t j = 0; j < topics; ++j) cost[i * topics + j] += std::fabs(rowA[i] - rowB[j]);
    }
  }
  return solveAssignment(cost, a.numTopics);
}

TopicModel permuteTopics(const TopicModel& model, const std::vector<int>& order) {
  const auto topics = static_cast<std::size_t>(model.numTopics);
  if (order.size() != topics) throw std::invalid_argument("a topic order must name every topic once");
  std::vector<int> position(topics, -1);  // new index of each old topic
  for (std::size_t k = 0; k < topics; ++k) {
    const int old = order[k];
    if (old < 0 || static_cast<std::size_t>(old) >= topics || position[static_cast<std::size_t>(old)] != -1)
      throw std::invalid_argument("a topic order must name every topic once");
    position[static_cast<std::size_t>(old)] = static_cast<int>(k);
  }
  std::vector<double> alpha(topics);
  for (std::size_t k = 0; k < topics; ++k) alpha[k] = model.alpha[static_cast<std::size_t>(order[k])];
  std::vector<int32_t> counts(model.numTypes() * topics, 0);
  for (std::size_t w = 0; w < model.numTypes(); ++w) {
    if (!model.typeTopicCounts.present(w)) continue;
    for (const int32_t entry : model.typeTopicCounts.activeRow(w)) {
      const auto k = static_cast<std::size_t>(position[static_cast<std::size_t>(model.topicOf(entry))]);
      counts[w * topics + k] = model.countOf(entry);
    }
  }
  TopicModel permuted = TopicModel::fromDenseCounts(model.numTopics, alpha, model.beta, counts, model.numTypes());
  permuted.betaSum = model.betaSum;
  permuted.computeSmoothingTerms();
  permuted.alphabet = model.alphabet;
  return permuted;
}

}  // namespace topiceval
