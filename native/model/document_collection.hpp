// SPDX-License-Identifier: Apache-2.0
#pragma once
// Held-out documents as type-index sequences, stored flat: one token array and
// an offset per document, so estimators walk memory in order.
//
// Under MPI a collection can be dealt over the ranks (see RankShare): every
// rank knows every document's length and the whole set's type profile, but
// holds the tokens only of the documents it computes (rank 0, which read the
// set, holds them all). A driver schedules the documents that are mine() and
// touches no other's tokens; document() of one held elsewhere throws.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "native/model/alphabet.hpp"

namespace topiceval {

class DocumentCollection {
 public:
  // How a dealt collection is spread: built by the dealing step
  // (native/api/dealt_documents.cpp) and shared by the collection's copies.
  struct RankShare {
    std::vector<uint8_t> mine;     // by document: this rank computes it
    std::vector<int> owners;       // by document: the rank that computes it (-1: none)
    std::vector<uint8_t> held;     // by document: its tokens are here
    std::vector<uint32_t> lengths;  // by document, on every rank
    uint64_t totalTokens = 0;
    // Every type of the whole set with its number of tokens, by type: what a
    // model needs to count the words it skips without the tokens.
    std::vector<std::pair<int32_t, uint64_t>> typeCounts;
  };
  // A dealt collection: `tokens` holds the held documents' tokens in document
  // order; the others have only their length.
  static DocumentCollection dealt(std::vector<int32_t> tokens, std::shared_ptr<const RankShare> share,
                                  std::vector<std::string> names, std::vector<bool> named) {
    DocumentCollection collection;
    const std::size_t count = share->lengths.size();
    // Names may be left out (empty): only the rank that writes them needs them.
    if (share->mine.size() != count || share->held.size() != count || share->owners.size() != count || (!names.empty() && names.size() != count) ||
        (!named.empty() && named.size() != count))
      throw std::invalid_argument("DocumentCollection: a rank's share does not describe its documents");
    collection.offsets_.reserve(count + 1);
    std::size_t end = 0;
    for (std::size_t d = 0; d < count; ++d) {
      if (share->held[d]) end += share->lengths[d];
      collection.offsets_.push_back(end);
    }
    if (end != tokens.size()) throw std::invalid_argument("DocumentCollection: a rank's tokens do not fill its share");
    collection.tokens_ = std::move(tokens);
    collection.names_ = std::move(names);
    collection.named_ = std::move(named);
    collection.share_ = std::move(share);
    return collection;
  }

  DocumentCollection() = default;
  // Documents whose tokens are already flat: document i is tokens[offsets[i],
  // offsets[i + 1]), offsets starting at 0 and ending at tokens.size().
  DocumentCollection(std::vector<int32_t> tokens, std::vector<std::size_t> offsets, std::vector<std::string> names,
                     std::vector<std::string> sources, std::vector<bool> named)
      : tokens_(std::move(tokens)),
        offsets_(std::move(offsets)),
        names_(std::move(names)),
        named_(std::move(named)) {
    if (offsets_.empty() || offsets_.front() != 0 || offsets_.back() != tokens_.size() ||
        offsets_.size() != names_.size() + 1 || sources.size() != names_.size() || named_.size() != names_.size() ||
        !std::is_sorted(offsets_.begin(), offsets_.end()))
      throw std::invalid_argument("DocumentCollection: offsets, names and sources do not describe the tokens");
    for (std::size_t d = 0; d < sources.size(); ++d) addSource(d, std::move(sources[d]));
  }

  // `named` false: the instance had no name at all (Java's null), which MALLET
  // prints as "no-name" where an empty name prints as nothing.
  void add(std::span<const int32_t> tokens, std::string name = {}, std::string source = {}, bool named = true) {
    if (share_) throw std::logic_error("a dealt collection takes no more documents");
    tokens_.insert(tokens_.end(), tokens.begin(), tokens.end());
    offsets_.push_back(tokens_.size());
    names_.push_back(std::move(name));
    addSource(names_.size() - 1, std::move(source));
    named_.push_back(named);
  }

  void reserve(std::size_t documents, std::size_t tokens) {
    tokens_.reserve(tokens);
    offsets_.reserve(documents + 1);
    names_.reserve(documents);
    named_.reserve(documents);
  }
  // A collection that holds no tokens, only each document's length and the
  // type profile: what a model needs to count the words it will skip before
  // the documents themselves are read (in batches). No document is mine().
  static DocumentCollection outline(std::vector<uint32_t> lengths,
                                    std::vector<std::pair<int32_t, uint64_t>> typeCounts) {
    auto share = std::make_shared<RankShare>();
    share->mine.assign(lengths.size(), 0);
    share->held.assign(share->mine.size(), 0);
    share->owners.assign(share->mine.size(), -1);
    for (const uint32_t length : lengths) share->totalTokens += length;
    share->lengths = std::move(lengths);
    share->typeCounts = std::move(typeCounts);
    return dealt({}, std::move(share), {}, {});
  }

  // Rank 0's own collection, which holds every document, dealt by `share`.
  void keepDealt(std::shared_ptr<const RankShare> share) {
    if (share_ || share->lengths.size() != size() || share->totalTokens != tokens_.size())
      throw std::invalid_argument("DocumentCollection: rank 0's share does not describe its documents");
    share_ = std::move(share);
  }

  std::size_t size() const { return share_ ? share_->lengths.size() : names_.size(); }
  bool empty() const { return size() == 0; }
  std::span<const int32_t> document(std::size_t index) const {
    if (share_ && !share_->held[index])
      throw std::logic_error("document " + std::to_string(index) + " is held by another rank");
    return {tokens_.data() + offsets_[index], offsets_[index + 1] - offsets_[index]};
  }
  std::size_t length(std::size_t index) const {
    return share_ ? share_->lengths[index] : offsets_[index + 1] - offsets_[index];
  }
  std::size_t totalTokens() const { return share_ ? share_->totalTokens : tokens_.size(); }

  // Whether the documents are dealt over MPI ranks, and so whether this rank
  // computes document `index` (every document when they are not).
  bool dealt() const { return share_ != nullptr; }
  bool mine(std::size_t index) const { return !share_ || share_->mine[index]; }
  bool holds(std::size_t index) const { return !share_ || share_->held[index]; }
  const RankShare* share() const { return share_.get(); }
  const std::string& name(std::size_t index) const {
    static const std::string none;
    return names_.empty() ? none : names_[index];
  }
  const std::string& source(std::size_t index) const {
    static const std::string none;
    const auto found = std::lower_bound(sources_.begin(), sources_.end(), index,
                                        [](const auto& entry, std::size_t d) { return entry.first < d; });
    return found != sources_.end() && found->first == index ? found->second : none;
  }
  bool named(std::size_t index) const { return named_.empty() || named_[index]; }

  // The documents at `indices` (each below size()), in that order, with their
  // names, sources and alphabet.
  DocumentCollection subset(std::span<const std::size_t> indices) const {
    if (share_) throw std::logic_error("a dealt collection is chosen from before it is dealt");
    DocumentCollection chosen;
    for (const std::size_t index : indices) chosen.add(document(index), names_[index], source(index), named_[index]);
    chosen.alphabet_ = alphabet_;
    return chosen;
  }

  // The words behind the type indices, when the input carried them.
  const std::shared_ptr<const Alphabet>& alphabet() const { return alphabet_; }
  void setAlphabet(std::shared_ptr<const Alphabet> alphabet) { alphabet_ = std::move(alphabet); }

 private:
  std::vector<int32_t> tokens_;
  std::vector<std::size_t> offsets_{0};
  std::vector<std::string> names_;
  // Only the documents that have one, by index: sources are rare (MALLET's
  // import-file leaves them null) and a string per document costs 32 bytes.
  void addSource(std::size_t index, std::string source) {
    if (!source.empty()) sources_.emplace_back(index, std::move(source));
  }
  std::vector<std::pair<std::size_t, std::string>> sources_;
  std::vector<bool> named_;
  std::shared_ptr<const Alphabet> alphabet_;
  std::shared_ptr<const RankShare> share_;
};

}  // namespace topiceval
