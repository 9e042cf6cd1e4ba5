// SPDX-License-Identifier: Apache-2.0
#pragma once
// coherence against a reference index the caller has opened: select scores
// every model against one index, mapped and its vocabulary read once.
#include "formats/reference_index.hpp"
#include "topiceval/coherence.hpp"

namespace topiceval::detail {

// As coherence(request); `opened` (or null: open request.reference) is the
// index request.reference names.
CoherenceResult coherenceAgainst(const CoherenceRequest& request, const formats::ReferenceIndex* opened);

// The pairs of `model`'s top `topWords` words scored by `measures` measures
// with `bootstrap` replicates, checked against the limits from the model alone
// (quality::checkCoherenceCost over each topic's top words: at most its words
// with a count, or the vocabulary), before any reference text is read.
void checkTopWordPairs(const Model& model, int topWords, std::size_t measures, int bootstrap, int threads);

}  // namespace topiceval::detail
