// SPDX-License-Identifier: Apache-2.0
#pragma once
// A reference index as coherence's blocks of documents: for each block, the
// postings of the topics' words in its documents alone, decoded through a
// cursor per word and laid out document by document; what counting the whole
// texts would meet of those words there, at their places.

#include <cstdint>
#include <vector>

#include "formats/reference_index.hpp"
#include "native/quality/coherence.hpp"

namespace topiceval::detail {

class IndexBlocks : public quality::ReferenceBlocks {
 public:
  // `topics` are word ids of the index (ids beyond it, words it lacks, are never met).
  IndexBlocks(const formats::ReferenceIndex& index, const std::vector<std::vector<int32_t>>& topics);

  std::size_t numDocuments() const override { return index_.numDocuments(); }
  uint64_t length(std::size_t document) const override { return index_.documentLengths()[document]; }
  uint64_t totalTokens() const override { return index_.numTokens(); }
  std::size_t vocabulary() const override { return index_.words().size(); }
  bool assigned() const override { return false; }
  uint64_t documentFrequency(int32_t id) const override {
    return id >= 0 && static_cast<std::size_t>(id) < index_.words().size()
               ? index_.documentFrequency(static_cast<std::size_t>(id))
               : 0;
  }
  const quality::ReferenceCorpus& block(std::size_t first, std::size_t end, quality::ReferenceCorpus& scratch) override;

  // The most occurrences one block held: what memory follows.
  uint64_t largestBlock() const { return largest_; }

 private:
  const formats::ReferenceIndex& index_;
  std::vector<int32_t> words_;
  std::vector<formats::PostingsCursor> cursors_;
  std::vector<formats::WordPostings> postings_;  // per word, the block's
  std::vector<std::size_t> next_;
  uint64_t largest_ = 0;
  uint64_t laidOut_ = 0;  // occurrences since the index's pages were last released
  static constexpr uint64_t kReleaseEvery = uint64_t{4} << 20;
};

}  // namespace topiceval::detail
