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
  return tables;
}

}  // namespace topiceval::detail
