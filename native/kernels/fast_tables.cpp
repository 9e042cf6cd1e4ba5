// SPDX-License-Identifier: Apache-2.0
#include "native/kernels/left_to_right_kernel.hpp"

namespace topiceval::detail {

FastTables buildFastTables(const ScoringModel& model) {
  FastTables tables;
  tables.model = &model;
  tables.numTopics = model.numTopics();
  tables.alpha = model.alpha();
  tables.alphaSum = model.alphaSum();
  const auto topics = static_cast<std::size_t>(model.numTopics());
  tables.inverseDenominators.resize(topics);
  tables.betaOverDenominators.resize(topics);
  tables.cumulativeSmoothing.resize(topics);
  double cumulative = 0.0;
  for (std::size_t k = 0; k < topics; ++k) {
    const double denominator = model.denominators()[k];
    tables.inverseDenominators[k] = 1.0 / denominator;
    tables.betaOverDenominators[k] = model.beta() / denominator;
    cumulative += model.alpha()[k] * model.beta() / denominator;
    tables.cumulativeSmoothing[k] = cumulative;
  }
  tables.smoothingMass = cumulative;
  // Types beyond the model (scored by smoothing alone) have no row: looked up as empty.
  const std::size_t types = model.typesWithRows();
  tables.rowStarts.reserve(types + 1);
  tables.rowStarts.push_back(0);
  // Reserved whole: a dense model (every word in every topic) has K x V
  // entries, and growing three vectors of them doubled the set-up.
  std::size_t entries = 0;
  for (std::size_t t = 0; t < types; ++t) entries += model.rowTopics(static_cast<int32_t>(t)).size();
  tables.rowTopics.reserve(entries);
  tables.rowWeights.reserve(entries);
  tables.rowBases.reserve(entries);
  for (std::size_t t = 0; t < types; ++t) {
    const auto rowTopics = model.rowTopics(static_cast<int32_t>(t));
    const auto rowCounts = model.rowCounts(static_cast<int32_t>(t));
    for (std::size_t i = 0; i < rowTopics.size(); ++i) {
      const auto k = static_cast<std::size_t>(rowTopics[i]);
      const double weight = rowCounts[i] * tables.inverseDenominators[k];
      tables.rowTopics.push_back(rowTopics[i]);
      tables.rowWeights.push_back(weight);
      tables.rowBases.push_back(tables.alpha[k] * weight);
    }
    tables.rowStarts.push_back(tables.rowTopics.size());
  }
  return tables;
}

}  // namespace topiceval::detail
