// SPDX-License-Identifier: Apache-2.0
#pragma once
// The words of a model or a held-out list, by type index (MALLET's Alphabet).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "native/model/word_index.hpp"

namespace topiceval {

class Alphabet {
 public:
  Alphabet() = default;
  explicit Alphabet(std::vector<std::string> words);
  // The index refers into the word storage, which a move keeps but a copy would not.
  Alphabet(const Alphabet&) = delete;
  Alphabet& operator=(const Alphabet&) = delete;
  Alphabet(Alphabet&&) = default;
  Alphabet& operator=(Alphabet&&) = default;

  std::size_t size() const { return words_.size(); }
  const std::string& word(std::size_t index) const { return words_[index]; }
  const std::vector<std::string>& words() const { return words_; }

  // The index of `word`, if present (the first one when a word repeats).
  std::optional<int32_t> indexOf(std::string_view word) const;
  // The first word listed twice, as (its first index, the repeat's index);
  // empty words (a topic state's unnamed types) do not count. A model's
  // vocabulary must not have one: text would be scored as the first only.
  std::optional<std::pair<std::size_t, std::size_t>> repeatedWord() const { return repeat_; }

 private:
  std::vector<std::string> words_;
  WordIndex index_;
  std::optional<std::pair<std::size_t, std::size_t>> repeat_;
};

}  // namespace topiceval
