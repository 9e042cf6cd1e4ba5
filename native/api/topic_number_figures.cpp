// SPDX-License-Identifier: Apache-2.0
#include "native/api/topic_number_figures.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include "native/api/model_data.hpp"
#include "native/quality/exclusivity.hpp"
#include "native/quality/sample_statistics.hpp"
#include "native/quality/topic_number_metrics.hpp"

namespace topiceval::detail {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// theta and the document lengths of a model's training documents, as a user
// would hand them to ldatuning or stm: theta = (n_dk + alpha_k) / (N_d + sum alpha).
struct TrainingMatrices {
  std::vector<double> theta, lengths;
  quality::ReferenceCorpus documents;
};

std::optional<TrainingMatrices> trainingMatrices(const ModelData& data, std::size_t topics, std::size_t types) {
  if (!data.training || !data.counts || data.counts->alpha.size() != topics) return std::nullopt;
  const TrainingAssignments& training = *data.training;
  const std::vector<double>& alpha = data.counts->alpha;
  double alphaSum = 0.0;
  for (const double a : alpha) alphaSum += a;
  TrainingMatrices matrices;
  matrices.documents.tokens.reserve(training.numTokens());
  std::vector<double> counts(topics);
  for (std::size_t d = 0; d < training.numDocuments(); ++d) {
    std::fill(counts.begin(), counts.end(), 0.0);
    const auto words = training.documentTypes(d);
    const auto assigned = training.documentTopics(d);
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (words[i] < 0 || static_cast<std::size_t>(words[i]) >= types || assigned[i] < 0 ||
          static_cast<std::size_t>(assigned[i]) >= topics)
        return std::nullopt;  // not this model's documents: no figure rather than a wrong one
      counts[static_cast<std::size_t>(assigned[i])] += 1.0;
      matrices.documents.tokens.push_back(words[i]);
    }
    matrices.documents.offsets.push_back(matrices.documents.tokens.size());
    const auto length = static_cast<double>(words.size());
    matrices.lengths.push_back(length);
    for (std::size_t k = 0; k < topics; ++k) matrices.theta.push_back((counts[k] + alpha[k]) / (length + alphaSum));
  }
  return matrices;
}

TopicNumberFigure perModel(const char* name, const char* better, double value) {
  return TopicNumberFigure{name, better, value, kNaN, {}};
}

TopicNumberFigure perTopic(const char* name, const char* better, std::vector<double> values, int bootstrap,
                           uint64_t seed) {
  double sum = 0.0;
  for (const double value : values) sum += value;
  const double mean = values.empty() ? kNaN : sum / static_cast<double>(values.size());
  return TopicNumberFigure{name, better, mean, bootstrapErrorOfMean(values, bootstrap, seed), std::move(values)};
}

}  // namespace

double bootstrapErrorOfMean(const std::vector<double>& values, int bootstrap, uint64_t seed) {
  if (bootstrap < 2 || values.empty()) return kNaN;
  // mt19937_64's sequence is fixed by the standard (its distributions are not): the index is taken by modulo.
  std::mt19937_64 engine(seed);
  const std::size_t n = values.size();
  std::vector<double> means;
  means.reserve(static_cast<std::size_t>(bootstrap));
  for (int b = 0; b < bootstrap; ++b) {
    double total = 0.0;
    for (std::size_t i = 0; i < n; ++i) total += values[static_cast<std::size_t>(engine() % n)];
    means.push_back(total / static_cast<double>(n));
  }
  return quality::sampleStandardDeviation(means);
}

std::vector<TopicNumberFigure> topicNumberFigures(const Model& model, int bootstrap, uint64_t seed) {
  const ModelData& data = dataOf(model);
  const std::vector<double> phi = model.topicWordProbabilities();
  const auto topics = static_cast<std::size_t>(data.numTopics());
  const std::size_t types = topics == 0 ? 0 : phi.size() / topics;
  const quality::TopicWordMatrix matrix{phi, topics, types};
  const std::optional<TrainingMatrices> training = trainingMatrices(data, topics, types);
  std::vector<TopicNumberFigure> figures;
  figures.push_back(perModel("CaoJuan2009", "lower", quality::caoJuan2009(matrix)));
  figures.push_back(perModel("Arun2010", "lower",
                             training ? quality::arun2010(matrix, training->theta, training->lengths) : kNaN));
  figures.push_back(perModel("Deveaud2014", "higher", quality::deveaud2014(matrix)));
  figures.push_back(perTopic(
      "stm_semantic_coherence", "higher",
      training ? quality::stmSemanticCoherence(matrix, training->documents, 10) : std::vector<double>(topics, kNaN),
      bootstrap, seed));
  figures.push_back(perTopic("stm_exclusivity", "higher",
                             quality::frex(quality::matrixRows(phi, types), topics, types,
                                           quality::topWordsInROrder(matrix, 10), 0.7),
                             bootstrap, seed + 1));
  figures.push_back(perModel(
      "stm_residual_dispersion", "lower",
      training ? quality::stmResidualDispersion(matrix, training->theta, training->documents, 0.01).dispersion : kNaN));
  return figures;
}

}  // namespace topiceval::detail
