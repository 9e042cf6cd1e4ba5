// SPDX-License-Identifier: Apache-2.0
#include "native/model/alphabet.hpp"

namespace topiceval {

Alphabet::Alphabet(std::vector<std::string> words) : words_(std::move(words)), index_(words_.size()) {
  constexpr std::size_t kAhead = 16;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if (i + kAhead < words_.size()) index_.prefetch(words_[i + kAhead]);
    if (const auto first = index_.find(words_[i], words_)) {
      if (!repeat_ && !words_[i].empty()) repeat_.emplace(static_cast<std::size_t>(*first), i);
      continue;  // the first stays the word's index
    }
    index_.insert(static_cast<int32_t>(i), words_);
  }
}

std::optional<int32_t> Alphabet::indexOf(std::string_view word) const { return index_.find(word, words_); }

}  // namespace topiceval
