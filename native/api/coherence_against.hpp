// SPDX-License-Identifier: Apache-2.0
#pragma once
// coherence against a reference index the caller has opened: select scores
// every model against one index, mapped and its vocabulary read once.
#include "formats/reference_index.hpp"
#include <optional>
#include <vector>

#include "native/model/topic_model.hpp"
#include "topiceval/coherence.hpp"
#include "topiceval/model.hpp"

namespace topiceval::detail {

// As coherence(request); `opened` (or null: open request.reference) is the
// index request.reference names.
CoherenceResult coherenceAgainst(const CoherenceRequest& request, const formats::ReferenceIndex* opened);

// The pairs of `model`'s top `topWords` words scored by `measures` measures
// with `bootstrap` replicates, checked against the limits from the model alone
// (quality::checkCoherenceCost over each topic's top words: at most its words
// with a count, or the vocabulary), before any reference text is read.
void checkTopWordPairs(const Model& model, int topWords, std::size_t measures, int bootstrap, int threads);

// MALLET's exclusivity and stm's FREX of a model's top words (coherence's, and
// the topic browser's without reference texts): from its counts in MALLET's
// rows when it has them, else from its probabilities `phi`; `modelTop` its top
// words per topic (coherence's topWordIds).
struct ExclusivityFigures {
  std::vector<double> exclusivity, frex;
  std::vector<std::vector<int>> top;  ///< the top words they were computed over (type indices), per topic
};
ExclusivityFigures exclusivityAndFrex(const Model& model, const std::optional<TopicModel>& counts,
                                      const std::vector<double>& phi, const std::vector<std::vector<int>>& modelTop,
                                      std::size_t topWords);
// The same from the model alone, its top words as coherence takes them.
ExclusivityFigures exclusivityAndFrex(const Model& model, std::size_t topWords);

}  // namespace topiceval::detail
