// SPDX-License-Identifier: Apache-2.0
#pragma once
// A reference index (the `index` command): reference texts counted once, each
// word's documents and positions, the documents' lengths and the vocabulary,
// so that coherence against them (CoherenceRequest::reference, select's
// coherenceReference) needs no pass over the texts and gives the numbers the
// texts give. The file's layout: formats/reference_index.hpp.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "topiceval/export.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"

namespace topiceval {

/// The `index` command's request: the reference texts to index.
struct IndexRequest {
  /// The reference texts: plain text with one document per line (gzipped or
  /// not) or a MALLET instance list, as coherence's texts; or documents in
  /// memory that carry their words. Plain text in a file is read in batches,
  /// so memory does not grow with it.
  std::optional<DocumentsSource> texts;
  /// Threads (0: every core) that add the documents to the index, each a
  /// stretch of them at a time, while the texts are read; the index is the
  /// same bytes on any number.
  int threads = 0;
};

/// What an index holds.
struct IndexResult {
  uint64_t documents = 0;  ///< documents indexed
  uint64_t tokens = 0;     ///< tokens indexed
  uint64_t words = 0;      ///< distinct words (the index's vocabulary)
  bool unordered = false;  ///< bags of words: windows count whole documents
};

// Writes the index to `out`; FileError for texts that cannot be read or a
// failed write (`outName` names `out`), SettingError("texts") for none.
[[nodiscard]] TOPICEVAL_API IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out,
                                                            const std::string& outName = "the reference index");
// The request the `index` command's options describe.
[[nodiscard]] TOPICEVAL_API IndexRequest indexRequest(const OptionValues& options);
TOPICEVAL_API void validate(const IndexRequest& request);

}  // namespace topiceval
