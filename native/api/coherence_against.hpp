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

}  // namespace topiceval::detail
