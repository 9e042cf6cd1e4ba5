// SPDX-License-Identifier: Apache-2.0
#include "native/api/index_blocks.hpp"

#include <algorithm>

namespace topiceval::detail {

IndexBlocks::IndexBlocks(const formats::ReferenceIndex& index, const std::vector<std::vector<int32_t>>& topics)
    : index_(index) {
  std::vector<uint8_t> wanted(index.words().size(), 0);
  for (const auto& topic : topics) {
    for (const int32_t id : topic) {
      if (id >= 0 && static_cast<std::size_t>(id) < wanted.size() && wanted[static_cast<std::size_t>(id)] == 0) {
        wanted[static_cast<std::size_t>(id)] = 1;
        words_.push_back(id);
      }
    }
  }
  for (const int32_t id : words_) cursors_.emplace_back(index, static_cast<std::size_t>(id));
  postings_.resize(words_.size());
}

// Each document's tokens word after word, each word's positions increasing:
// the counting reads a word's positions together and needs no other order.
const quality::ReferenceCorpus& IndexBlocks::block(std::size_t first, std::size_t end,
                                                   quality::ReferenceCorpus& scratch) {
  const std::size_t documents = end - first;
  std::vector<std::size_t>& offsets = scratch.offsets;
  offsets.assign(documents + 1, 0);
  for (std::size_t i = 0; i < words_.size(); ++i) {
    cursors_[i].next(end, postings_[i]);
    const formats::WordPostings& word = postings_[i];
    for (std::size_t k = 0; k < word.documents.size(); ++k)
      offsets[word.documents[k] - first + 1] += word.start[k + 1] - word.start[k];
  }
  for (std::size_t d = 0; d < documents; ++d) offsets[d + 1] += offsets[d];
  const std::size_t total = offsets.back();
  scratch.tokens.resize(total);
  scratch.positions.resize(total);
  next_.assign(offsets.begin(), offsets.end() - 1);
  for (std::size_t i = 0; i < words_.size(); ++i) {
    const formats::WordPostings& word = postings_[i];
    for (std::size_t k = 0; k < word.documents.size(); ++k) {
      std::size_t& at = next_[word.documents[k] - first];
      const std::size_t from = word.start[k], to = word.start[k + 1];
      std::fill(scratch.tokens.begin() + static_cast<std::ptrdiff_t>(at),
                scratch.tokens.begin() + static_cast<std::ptrdiff_t>(at + to - from), words_[i]);
      std::copy(word.positions.begin() + static_cast<std::ptrdiff_t>(from),
                word.positions.begin() + static_cast<std::ptrdiff_t>(to),
                scratch.positions.begin() + static_cast<std::ptrdiff_t>(at));
      at += to - from;
    }
  }
  const auto& lengths = index_.documentLengths();
  scratch.lengths.assign(lengths.begin() + static_cast<std::ptrdiff_t>(first),
                         lengths.begin() + static_cast<std::ptrdiff_t>(end));
  scratch.topics.clear();
  largest_ = std::max<uint64_t>(largest_, total);
  // The mapped postings read so far leave resident memory now and then, so
  // that it follows the block rather than the file.
  laidOut_ += total;
  if (laidOut_ >= kReleaseEvery) {
    index_.releasePages();
    laidOut_ = 0;
  }
  return scratch;
}

}  // namespace topiceval::detail
