// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every type of a set of documents with its number of tokens, gathered one
// collection (or batch) at a time: what a model needs to count the words it
// skips without holding the tokens (DocumentCollection::RankShare, outline()).

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "native/model/document_collection.hpp"

namespace topiceval {

class TypeProfile {
 public:
  // The tokens of `documents` (those it holds).
  void add(const DocumentCollection& documents) {
    for (std::size_t d = 0; d < documents.size(); ++d) {
      if (!documents.holds(d)) continue;
      tokens_ += documents.length(d);
      for (const int32_t type : documents.document(d)) count(type);
    }
  }

  // Each type once, in type order, with its tokens.
  std::vector<std::pair<int32_t, uint64_t>> take() {
    std::vector<std::pair<int32_t, uint64_t>> counts(beyond_.begin(), beyond_.end());
    for (std::size_t type = 0; type < table_.size(); ++type)
      if (table_[type] != 0) counts.emplace_back(static_cast<int32_t>(type), table_[type]);
    std::sort(counts.begin(), counts.end());
    // A type counted in the map before the table reached it appears twice: one entry, the sum.
    std::vector<std::pair<int32_t, uint64_t>> merged;
    for (const auto& entry : counts) {
      if (!merged.empty() && merged.back().first == entry.first) {
        merged.back().second += entry.second;
      } else {
        merged.push_back(entry);
      }
    }
    *this = TypeProfile{};
    return merged;
  }

 private:
  // A table by type while the types are about as many as the tokens (every
  // reader's case); a hash map for a hostile list's scattered large indices.
  void count(int32_t type) {
    const auto index = static_cast<uint64_t>(type);
    if (type >= 0 && index < table_.size()) {
      ++table_[index];
    } else if (type >= 0 && index <= 2 * tokens_ + (uint64_t{1} << 20)) {
      table_.resize(std::max<std::size_t>(2 * table_.size(), index + 1), 0);
      ++table_[index];
    } else {
      ++beyond_[type];
    }
  }

  std::vector<uint64_t> table_;
  std::unordered_map<int32_t, uint64_t> beyond_;
  uint64_t tokens_ = 0;
};

}  // namespace topiceval
