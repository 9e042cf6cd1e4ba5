#include "native/model/alphabet.hpp"

namespace topiceval {

Alphabet::Alphabet(std::vector<std::string> words) : words_(std::move(words)) {
  index_.reserve(words_.size());
  for (std::size_t i = 0; i < words_.size(); ++i) {
    const auto [first, inserted] = index_.emplace(words_[i], static_cast<int32_t>(i));
    if (!inserted && !repeat_ && !words_[i].empty()) repeat_.emplace(static_cast<std::size_t>(first->second), i);
  }
}

std::optional<int32_t> Alphabet::indexOf(std::string_view word) const {
  const auto it = index_.find(word);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

}  // namespace topiceval
