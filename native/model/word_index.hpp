// SPDX-License-Identifier: Apache-2.0
#pragma once
// Words to their indices in a list of words, by open addressing: each slot
// holds a word's index in the list, a tag from its hash and length, and its
// first eight bytes, so a probe reads one array, and a word of eight bytes or
// fewer (most words) is found without reading the list. The list itself is
// not copied (it may grow and move its words): the caller passes it.
// Plain text is read through it a word at a time, and std::unordered_map's
// node per word and modulo per lookup cost a third of reading it.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace topiceval {

class WordIndex {
 public:
  explicit WordIndex(std::size_t expected = 0) { rehash(expected); }

  // The index of `word` in `words`, the list this index holds, if present.
  std::optional<int32_t> find(std::string_view word, const std::vector<std::string>& words) const {
    const uint64_t hash = hashOf(word);
    const uint32_t tag = tagOf(hash, word);
    const uint64_t head = headOf(word);
    for (std::size_t slot = hash & mask_;; slot = (slot + 1) & mask_) {
      const Slot& entry = slots_[slot];
      if (entry.index < 0) return std::nullopt;
      if (entry.tag == tag && entry.head == head &&
          (word.size() <= sizeof head || words[static_cast<std::size_t>(entry.index)] == word))
        return entry.index;
    }
  }

  // Brings the slot where the probe for `word` starts into the cache: a caller
  // adding a large vocabulary (whose slots do not fit in the cache) asks for a
  // word some places ahead of the one it adds, so that the miss overlaps.
  void prefetch(std::string_view word) const { __builtin_prefetch(slots_.data() + (hashOf(word) & mask_)); }

  // Adds words[index], which `find` does not hold yet.
  void insert(int32_t index, const std::vector<std::string>& words) {
    if (2 * (count_ + 1) > slots_.size()) {
      const std::vector<Slot> old = std::move(slots_);
      rehash(count_ + 1);
      for (const Slot& entry : old)
        if (entry.index >= 0) place(entry, hashOf(words[static_cast<std::size_t>(entry.index)]));
    }
    const std::string& word = words[static_cast<std::size_t>(index)];
    const uint64_t hash = hashOf(word);
    place({index, tagOf(hash, word), headOf(word)}, hash);
    ++count_;
  }

 private:
  struct Slot {
    int32_t index = -1;  // -1: empty
    uint32_t tag = 0;    // the hash's top 24 bits and the length's low 8
    uint64_t head = 0;   // the first eight bytes, zero after the word's end
  };

  static uint32_t tagOf(uint64_t hash, std::string_view word) {
    return static_cast<uint32_t>(hash >> 40) << 8 | static_cast<uint8_t>(word.size());
  }
  static uint64_t headOf(std::string_view word) {
    uint64_t head = 0;
    std::memcpy(&head, word.data(), std::min(word.size(), sizeof head));
    return head;
  }

  // Eight bytes at a time, each multiplied in and folded: words are short, and
  // the low bits (the slot) depend on every byte.
  static uint64_t hashOf(std::string_view word) {
    uint64_t hash = 0x9E3779B97F4A7C15ULL ^ word.size();
    std::size_t i = 0;
    for (; i + 8 <= word.size(); i += 8) {
      uint64_t chunk;
      std::memcpy(&chunk, word.data() + i, 8);
      hash = (hash ^ chunk) * 0xFF51AFD7ED558CCDULL;
      hash ^= hash >> 29;
    }
    if (i < word.size()) {
      uint64_t chunk = 0;
      std::memcpy(&chunk, word.data() + i, word.size() - i);
      hash = (hash ^ chunk) * 0xC4CEB9FE1A85EC53ULL;
    }
    hash ^= hash >> 32;
    hash *= 0xFF51AFD7ED558CCDULL;
    return hash ^ (hash >> 29);
  }

  void rehash(std::size_t expected) {
    slots_.assign(std::bit_ceil(std::max<std::size_t>(16, 2 * expected)), Slot{});
    mask_ = slots_.size() - 1;
  }
  void place(const Slot& entry, uint64_t hash) {
    std::size_t slot = hash & mask_;
    while (slots_[slot].index >= 0) slot = (slot + 1) & mask_;
    slots_[slot] = entry;
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t count_ = 0;
};

}  // namespace topiceval
