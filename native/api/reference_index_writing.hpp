// SPDX-License-Identifier: Apache-2.0
#pragma once
// writeReferenceIndex with the writer's run size given (topiceval/reference_index.hpp
// gives the library's): tests make runs spill on a small corpus, and the
// library's own temporary indexes (select's coherence texts) are built here.

#include <cstddef>
#include <ostream>
#include <string>

#include "formats/reference_index.hpp"
#include "topiceval/reference_index.hpp"

namespace topiceval {

struct IndexWriting {
  std::size_t runBytes = std::size_t{64} << 20;  // postings held before a run goes to a temporary file
  std::size_t runsWritten = 0;                   // out: the runs that did
};

IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out, const std::string& outName,
                                IndexWriting& writing);

// An index of `texts` held in memory, named by the texts (nothing is left on
// disk): what select scores every model's coherence against, so that the
// texts are read once however many models there are. The texts must carry
// their words (a path does; documents in memory withWords).
formats::ReferenceIndex referenceIndexInMemory(const DocumentsSource& texts, int threads);

}  // namespace topiceval
