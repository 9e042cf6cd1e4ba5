// SPDX-License-Identifier: Apache-2.0
#include "native/quality/coherence.hpp"

#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cmath>
#include <limits>
#include <atomic>
#include <map>
#include <mutex>
#include <span>

#include "native/java/java_math.hpp"
#include "native/quality/quality_limits.hpp"
#include "native/quality/sample_statistics.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/random_stream.hpp"

namespace topiceval::quality {

namespace {

constexpr double kEpsilon = 1e-12;  // gensim's EPSILON in direct_confirmation_measure
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The topics' word positions ("slots"), topic after topic, and each topic's
// pairs of positions i < j.
struct Slots {
  std::vector<int32_t> word;          // the relevant-word index at each slot
  std::vector<uint32_t> topic;        // the topic of each slot
  std::vector<std::size_t> topicStart{0};
  std::vector<std::size_t> pairStart{0};
  std::vector<std::vector<std::size_t>> slotsOfWord;  // by relevant-word index
  std::vector<int32_t> relevant;                      // vocabulary id -> relevant-word index, or -1
  // Pairs of distinct words that share a topic: per word, the partners whose
  // pair it holds (each pair held by one of its words) and the pair's index; per topic pair, its words' pair (kSameWord: a word
  // paired with itself, whose count is the word's).
  std::vector<std::vector<std::pair<int32_t, uint32_t>>> partners;
  std::vector<uint32_t> wordPairOf;
  std::size_t numWordPairs = 0;
  static constexpr uint32_t kSameWord = UINT32_MAX;
  std::size_t numWords() const { return slotsOfWord.size(); }

  std::size_t topics() const { return topicStart.size() - 1; }
  std::size_t size(std::size_t t) const { return topicStart[t + 1] - topicStart[t]; }
  std::size_t numSlots() const { return word.size(); }
  std::size_t numPairs() const { return pairStart.back(); }
  // The pair (i, j), i < j, of topic t, among all pairs.
  std::size_t pair(std::size_t t, std::size_t i, std::size_t j) const {
    const std::size_t m = size(t);
    return pairStart[t] + i * m - i * (i + 1) / 2 + (j - i - 1);
  }
};

// `frequency` (by vocabulary id; empty: unknown) decides which word of a pair
// holds it among its partners: the rarer, so that the pair is looked for only
// in the documents where that word is.
Slots makeSlots(const std::vector<std::vector<int32_t>>& topics, std::size_t vocabulary,
                const std::vector<uint64_t>& frequency) {
  Slots slots;
  slots.relevant.assign(vocabulary, -1);
  int32_t next = 0;
  for (const auto& topic : topics) {
    for (const int32_t id : topic) {
      int32_t& index = slots.relevant[static_cast<std::size_t>(id)];
      if (index < 0) {
        index = next++;
        slots.slotsOfWord.emplace_back();
      }
      slots.slotsOfWord[static_cast<std::size_t>(index)].push_back(slots.word.size());
      slots.word.push_back(index);
      slots.topic.push_back(static_cast<uint32_t>(slots.topicStart.size() - 1));
    }
    slots.topicStart.push_back(slots.word.size());
    const std::size_t m = topic.size();
    slots.pairStart.push_back(slots.pairStart.back() + m * (m - (m > 0 ? 1 : 0)) / 2);
  }
  slots.partners.resize(slots.numWords());
  std::vector<uint64_t> rarity(slots.numWords(), 0);  // by relevant word
  for (std::size_t id = 0; id < std::min(frequency.size(), vocabulary); ++id) {
    if (slots.relevant[id] >= 0) rarity[static_cast<std::size_t>(slots.relevant[id])] = frequency[id];
  }
  std::map<std::pair<int32_t, int32_t>, uint32_t> wordPairs;
  slots.wordPairOf.assign(slots.numPairs(), Slots::kSameWord);
  for (std::size_t t = 0; t < slots.topics(); ++t) {
    const std::size_t first = slots.topicStart[t];
    for (std::size_t i = 0; i < slots.size(t); ++i) {
      for (std::size_t j = i + 1; j < slots.size(t); ++j) {
        const int32_t a = std::min(slots.word[first + i], slots.word[first + j]);
        const int32_t b = std::max(slots.word[first + i], slots.word[first + j]);
        if (a == b) continue;
        const auto [entry, added] = wordPairs.emplace(std::make_pair(a, b), static_cast<uint32_t>(wordPairs.size()));
        if (added) {
          const bool bRarer = rarity[static_cast<std::size_t>(b)] < rarity[static_cast<std::size_t>(a)];
          slots.partners[static_cast<std::size_t>(bRarer ? b : a)].emplace_back(bRarer ? a : b, entry->second);
        }
        slots.wordPairOf[slots.pair(t, i, j)] = entry->second;
      }
    }
  }
  slots.numWordPairs = wordPairs.size();
  return slots;
}

// How a measure counts: boolean documents, boolean sliding windows of a size,
// or documents through tokens assigned to the topic.
struct CountingMode {
  enum Kind { Documents, Windows, AssignedDocuments } kind = Documents;
  int window = 0;
  bool operator<(const CountingMode& other) const {
    return kind != other.kind ? kind < other.kind : window < other.window;
  }
};

// Per document, the count each slot and each pair adds (sparse), and the
// documents' or windows' number: totals are the sums, a bootstrap replicate
// the sums weighted by how often it drew each document.
struct CountTable {
  std::vector<uint64_t> units;        // per document: 1, or its windows
  std::vector<uint32_t> key;          // slot, or numSlots + pair
  std::vector<uint32_t> count;
  std::vector<std::size_t> start{0};  // per document, into key and count
  // Without a bootstrap only the totals are ever read: a direct table adds
  // each document's counts to them and keeps no entries, so its memory and
  // the work of joining tables do not grow with the reference texts.
  bool direct = false;
  // Counted by word (every mode but AssignedDocuments: a slot's count is its
  // word's, a pair's its words'): numWords + numWordPairs, made per slot and
  // pair (slotTotals) once summed; a word in several topics is counted once a document.
  bool byWord = false;
  std::vector<uint64_t> totals;  // numSlots + numPairs
  uint64_t totalUnits = 0;
};

struct Totals {
  double units = 0.0;
  std::vector<double> keys;  // numSlots + numPairs
};

using Interval = std::pair<uint32_t, uint32_t>;  // [first, last) window steps

// The windows in which gensim's incremental update holds the word present:
// each occurrence p sets it at step max(0, p - w + 1) and clears it at step
// p + 1 (within the steps), clears first at equal steps.
void presenceIntervals(const std::vector<uint32_t>& positions, uint32_t window, uint32_t steps,
                       std::vector<Interval>& out) {
  out.clear();
  std::size_t s = 0, c = 0;
  const std::size_t n = positions.size();
  auto setStep = [&](std::size_t i) { return positions[i] + 1 > window ? positions[i] + 1 - window : 0u; };
  auto clearStep = [&](std::size_t i) { return positions[i] + 1; };
  // Clears at step >= steps never happen.
  std::size_t clears = n;
  while (clears > 0 && clearStep(clears - 1) >= steps) --clears;
  bool on = false;
  uint32_t begin = 0;
  while (s < n || c < clears) {
    const uint32_t step = std::min(s < n ? setStep(s) : UINT32_MAX, c < clears ? clearStep(c) : UINT32_MAX);
    while (c < clears && clearStep(c) == step) {
      if (on) out.emplace_back(begin, step);
      on = false;
      ++c;
    }
    while (s < n && setStep(s) == step) {
      if (!on) begin = step;
      on = true;
      ++s;
    }
  }
  if (on) out.emplace_back(begin, steps);
}

uint64_t totalLength(const std::vector<Interval>& intervals) {
  uint64_t length = 0;
  for (const auto& [first, last] : intervals) length += last - first;
  return length;
}

uint64_t overlap(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  uint64_t length = 0;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const uint32_t first = std::max(a[i].first, b[j].first);
    const uint32_t last = std::min(a[i].second, b[j].second);
    if (first < last) length += last - first;
    if (a[i].second < b[j].second) {
      ++i;
    } else {
      ++j;
    }
  }
  return length;
}

// Counting one document into `table`.
class DocumentCounter {
 public:
  DocumentCounter(const Slots& slots, CountingMode mode) : slots_(slots), mode_(mode) {
    stamp_.assign(slots.slotsOfWord.size(), 0);
    topicStamp_.assign(slots.topics(), 0);
    presentCount_.assign(slots.topics(), 0);
    presentSlots_.assign(slots.numSlots(), 0);
    slotStamp_.assign(slots.numSlots(), 0);
    slotLength_.assign(slots.numSlots(), 0);
    wordSlot_.assign(slots.slotsOfWord.size(), 0);
  }

  // `positions` (empty: 0, 1, ...) are the tokens' places in a document of `length`.
  void count(std::span<const int32_t> tokens, std::span<const int32_t> topics, std::span<const uint32_t> positions,
             std::size_t length, CountTable& table) {
    ++document_;
    present_.clear();
    touched_.clear();
    windows_ = mode_.kind == CountingMode::Windows && length > static_cast<std::size_t>(mode_.window);
    if (windows_) {
      const auto window = static_cast<uint32_t>(mode_.window);
      const uint32_t steps = static_cast<uint32_t>(length) - window + 1;
      addUnits(table, steps);
      // Each present word's positions, then its intervals.
      for (std::size_t p = 0; p < tokens.size(); ++p) {
        const int32_t r = relevantOf(tokens[p]);
        if (r < 0) continue;
        if (stamp_[static_cast<std::size_t>(r)] != document_) {
          stamp_[static_cast<std::size_t>(r)] = document_;
          wordSlot_[static_cast<std::size_t>(r)] = present_.size();
          present_.push_back(r);
          if (positions_.size() < present_.size()) positions_.emplace_back();
          positions_[present_.size() - 1].clear();
        }
        positions_[wordSlot_[static_cast<std::size_t>(r)]].push_back(positions.empty() ? static_cast<uint32_t>(p)
                                                                                        : positions[p]);
      }
      if (intervals_.size() < present_.size()) intervals_.resize(present_.size());
      for (std::size_t i = 0; i < present_.size(); ++i) {
        presenceIntervals(positions_[i], window, steps, intervals_[i]);
        if (!table.byWord) markSlots(present_[i], totalLength(intervals_[i]));
      }
    } else {
      // One window (a text no longer than it) or a document: present or not.
      addUnits(table, 1);
      for (std::size_t p = 0; p < tokens.size(); ++p) {
        const int32_t r = relevantOf(tokens[p]);
        if (r < 0) continue;
        if (mode_.kind == CountingMode::AssignedDocuments) {
          // Only the slot of the token's own topic, if the word is one of that topic's.
          for (const std::size_t slot : slots_.slotsOfWord[static_cast<std::size_t>(r)]) {
            if (slots_.topic[slot] == static_cast<uint32_t>(topics[p])) markSlot(slot, 1);
          }
        } else if (stamp_[static_cast<std::size_t>(r)] != document_) {
          stamp_[static_cast<std::size_t>(r)] = document_;
          if (table.byWord) {
            present_.push_back(r);
          } else {
            markSlots(r, 1);
          }
        }
      }
    }
    if (table.byWord) {
      countWords(table);
      return;
    }
    // (Topics in the order first touched: the counts are integer sums, alike in any order.)
    // (A topic's present slots in the order marked: each pair is added once, as (smaller, larger).)
    for (const std::size_t t : touched_) {
      const std::size_t first = slots_.topicStart[t];
      const std::size_t* present = presentSlots_.data() + first;
      const std::size_t count = presentCount_[t];
      for (std::size_t a = 0; a < count; ++a) {
        const std::size_t i = present[a];
        add(table, first + i, slotLength_[first + i]);
        for (std::size_t b = a + 1; b < count; ++b) {
          const std::size_t j = present[b];
          const uint64_t both = pairCount(first + i, first + j);
          if (both > 0) add(table, slots_.numSlots() + (i < j ? slots_.pair(t, i, j) : slots_.pair(t, j, i)), both);
        }
      }
    }
    if (!table.direct) table.start.push_back(table.key.size());
  }

 private:
  // Each present word's count, and each pair's of present words that share a topic.
  void countWords(CountTable& table) {
    uint64_t* words = table.totals.data();
    uint64_t* pairs = words + slots_.numWords();
    for (std::size_t i = 0; i < present_.size(); ++i) {
      const auto r = static_cast<std::size_t>(present_[i]);
      words[r] += windows_ ? totalLength(intervals_[i]) : 1;
      for (const auto& [b, pair] : slots_.partners[r]) {
        if (stamp_[static_cast<std::size_t>(b)] != document_) continue;
        pairs[pair] += windows_ ? overlap(intervals_[i], intervals_[wordSlot_[static_cast<std::size_t>(b)]]) : 1;
      }
    }
  }
  int32_t relevantOf(int32_t id) const {
    return id >= 0 && static_cast<std::size_t>(id) < slots_.relevant.size() ? slots_.relevant[static_cast<std::size_t>(id)]
                                                                             : -1;
  }
  void markSlot(std::size_t slot, uint64_t length) {
    if (slotStamp_[slot] == document_) return;
    slotStamp_[slot] = document_;
    slotLength_[slot] = length;
    const std::size_t t = slots_.topic[slot];
    if (topicStamp_[t] != document_) {
      topicStamp_[t] = document_;
      touched_.push_back(t);
      presentCount_[t] = 0;
    }
    presentSlots_[slots_.topicStart[t] + presentCount_[t]++] = slot - slots_.topicStart[t];
  }
  void markSlots(int32_t r, uint64_t length) {
    for (const std::size_t slot : slots_.slotsOfWord[static_cast<std::size_t>(r)]) markSlot(slot, length);
  }
  uint64_t pairCount(std::size_t a, std::size_t b) {
    if (!windows_) return 1;
    const int32_t wa = slots_.word[a], wb = slots_.word[b];
    if (wa == wb) return slotLength_[a];
    const std::size_t ia = wordSlot_[static_cast<std::size_t>(wa)], ib = wordSlot_[static_cast<std::size_t>(wb)];
    // Two words that share several topics meet in the same windows for each:
    // their overlap is computed once a document.
    const std::size_t n = present_.size();
    if (n > kMostCachedWords) return overlap(intervals_[ia], intervals_[ib]);
    const std::size_t at = std::min(ia, ib) * n + std::max(ia, ib);
    if (pairStamp_.size() < n * n) {
      pairStamp_.resize(n * n, 0);
      pairOverlap_.resize(n * n, 0);
    }
    if (pairStamp_[at] != document_) {
      pairStamp_[at] = document_;
      pairOverlap_[at] = overlap(intervals_[ia], intervals_[ib]);
    }
    return pairOverlap_[at];
  }
  static constexpr std::size_t kMostCachedWords = 1024;  // 16 MiB of cache at most
  static void addUnits(CountTable& table, uint64_t units) {
    if (table.direct) {
      table.totalUnits += units;
    } else {
      table.units.push_back(units);
    }
  }
  static void add(CountTable& table, std::size_t key, uint64_t count) {
    if (table.direct) {
      table.totals[key] += count;
      return;
    }
    table.key.push_back(static_cast<uint32_t>(key));
    table.count.push_back(static_cast<uint32_t>(count));
  }

  const Slots& slots_;
  CountingMode mode_;
  uint64_t document_ = 0;
  std::vector<uint64_t> stamp_;      // per relevant word: the document it was last seen in
  std::vector<std::size_t> wordSlot_;  // per relevant word: its index among the present
  std::vector<int32_t> present_;
  std::vector<std::vector<uint32_t>> positions_;
  std::vector<std::vector<Interval>> intervals_;
  bool windows_ = false;  // this text spans several windows
  std::vector<uint64_t> topicStamp_;
  std::vector<uint64_t> slotStamp_;
  std::vector<uint64_t> slotLength_;
  std::vector<std::size_t> touched_;
  std::vector<std::size_t> presentCount_;  // per touched topic: its slots present
  std::vector<std::size_t> presentSlots_;  // per topic, from its first slot: the present ones (positions in the topic)
  std::vector<uint64_t> pairStamp_;  // per pair of present words: the document its overlap is from
  std::vector<uint64_t> pairOverlap_;
};

// Counts by word (numWords + numWordPairs) as counts by slot and pair.
std::vector<uint64_t> slotTotals(const Slots& slots, const std::vector<uint64_t>& byWord) {
  std::vector<uint64_t> totals(slots.numSlots() + slots.numPairs(), 0);
  for (std::size_t s = 0; s < slots.numSlots(); ++s) totals[s] = byWord[static_cast<std::size_t>(slots.word[s])];
  for (std::size_t t = 0; t < slots.topics(); ++t) {
    const std::size_t first = slots.topicStart[t];
    for (std::size_t i = 0; i < slots.size(t); ++i) {
      for (std::size_t j = i + 1; j < slots.size(t); ++j) {
        const std::size_t pair = slots.pair(t, i, j);
        const uint32_t words = slots.wordPairOf[pair];
        totals[slots.numSlots() + pair] = words == Slots::kSameWord
                                              ? byWord[static_cast<std::size_t>(slots.word[first + i])]
                                              : byWord[slots.numWords() + words];
      }
    }
  }
  return totals;
}

// Blocks of whole documents: a block ends after kBlockDocuments documents or
// once its tokens reach `blockTokens` (a longer document is a block of its
// own), so that a block laid out from a reference index holds no more than that.
constexpr std::size_t kBlockDocuments = 4096;

std::vector<std::size_t> blockStarts(const ReferenceBlocks& source, uint64_t blockTokens) {
  std::vector<std::size_t> starts{0};
  const std::size_t documents = source.numDocuments();
  uint64_t tokens = 0;
  for (std::size_t d = 0; d < documents; ++d) {
    const uint64_t length = source.length(d);
    if (d > starts.back() && (d - starts.back() >= kBlockDocuments || tokens + length > blockTokens)) {
      starts.push_back(d);
      tokens = 0;
    }
    tokens += length;
  }
  if (documents > 0) starts.push_back(documents);
  return starts;
}

// Every mode's table from one pass over the blocks, handed to the threads in
// order: a thread takes the next block, has it laid out (the source's
// layout is sequential, a cursor per word) and counts it while the other
// thread lays out or counts the next. Tables of a bootstrap are one a block,
// joined in order; direct tables one a thread, their integer totals added.
// `entries` counts the table entries of every mode, which are refused once
// they would outgrow QualityLimits::kTableBytes (how many pairs of top words
// meet in a document is known only by counting them).
std::vector<CountTable> countCorpus(ReferenceBlocks& source, const Slots& slots, const std::vector<CountingMode>& modes,
                                    const CoherenceSettings& settings, bool direct, std::atomic<uint64_t>& entries) {
  const std::size_t documents = source.numDocuments();
  const std::vector<std::size_t> starts =
      blockStarts(source, settings.blockTokens > 0 ? settings.blockTokens : kDefaultBlockTokens);
  const std::size_t blocks = starts.size() - 1;
  const int threads = resolveThreads(settings.threads);
  const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(blocks, 1));
  constexpr double kEntryBytes = 2 * sizeof(uint32_t);
  // parts[mode][block or worker]
  std::vector<std::vector<CountTable>> parts(modes.size(), std::vector<CountTable>(direct ? workers : blocks));
  const auto byWord = [&](std::size_t m) { return direct && modes[m].kind != CountingMode::AssignedDocuments; };
  if (direct) {
    for (std::size_t m = 0; m < modes.size(); ++m) {
      for (CountTable& part : parts[m]) {
        part.direct = true;
        part.byWord = byWord(m);
        part.totals.assign(byWord(m) ? slots.numWords() + slots.numWordPairs : slots.numSlots() + slots.numPairs(), 0);
      }
    }
  }
  std::mutex handOut;
  std::size_t nextBlock = 0;
  std::atomic<bool> stop{false};
  Progress* progress = settings.progress;
  runInParallel(workers, threads, [&](std::size_t, int worker) {
    std::vector<DocumentCounter> counters;
    for (const CountingMode mode : modes) counters.emplace_back(slots, mode);
    ReferenceCorpus scratch;
    try {
      while (!stop.load(std::memory_order_relaxed)) {
        std::size_t block = 0;
        const ReferenceCorpus* corpus = nullptr;
        {
          const std::lock_guard<std::mutex> lock(handOut);
          if (nextBlock == blocks) return;
          block = nextBlock++;
          corpus = &source.block(starts[block], starts[block + 1], scratch);
        }
        // A block of its own (`scratch`) numbers its documents from 0; the whole texts from their first.
        const std::size_t base = corpus == &scratch ? starts[block] : 0;
        for (std::size_t m = 0; m < modes.size(); ++m) {
          CountTable& part = parts[m][direct ? static_cast<std::size_t>(worker) : block];
          for (std::size_t d = starts[block]; d < starts[block + 1]; ++d) {
            const std::size_t at = d - base;
            const std::size_t from = corpus->offsets[at], to = corpus->offsets[at + 1];
            const std::span<const int32_t> tokens(corpus->tokens.data() + from, to - from);
            const std::span<const int32_t> topics = corpus->topics.empty()
                                                        ? std::span<const int32_t>()
                                                        : std::span<const int32_t>(corpus->topics.data() + from, to - from);
            const std::span<const uint32_t> positions =
                corpus->positions.empty() ? std::span<const uint32_t>()
                                          : std::span<const uint32_t>(corpus->positions.data() + from, to - from);
            const std::size_t before = part.key.size();
            counters[m].count(tokens, topics, positions, corpus->length(at), part);
            const uint64_t added = part.key.size() - before;
            const uint64_t held = entries.fetch_add(added, std::memory_order_relaxed) + added;
            if (static_cast<double>(held) * kEntryBytes > QualityLimits::kTableBytes)
              checkQualityCost("top-words",
                               "counting the pairs of top words that meet in the reference documents (" +
                                   std::to_string(held) + " after " + std::to_string(d + 1) + " of " +
                                   std::to_string(documents) + " documents)",
                               static_cast<double>(held) * kEntryBytes * static_cast<double>(documents) /
                                   static_cast<double>(d + 1),
                               0.0, "lower --top-words, or give fewer reference texts");
            if (progress != nullptr) progress->advance(1, corpus->length(at));
          }
        }
      }
    } catch (...) {
      stop.store(true, std::memory_order_relaxed);
      throw;
    }
  });
  std::vector<CountTable> tables(modes.size());
  for (std::size_t m = 0; m < modes.size(); ++m) {
    CountTable& table = tables[m];
    if (direct) {
      table.direct = true;
      std::vector<uint64_t> totals(parts[m].front().totals.size(), 0);
      for (const CountTable& part : parts[m]) {
        table.totalUnits += part.totalUnits;
        for (std::size_t k = 0; k < part.totals.size(); ++k) totals[k] += part.totals[k];
      }
      table.totals = byWord(m) ? slotTotals(slots, totals) : std::move(totals);
      continue;
    }
    for (CountTable& part : parts[m]) {
      const std::size_t base = table.key.size();
      table.units.insert(table.units.end(), part.units.begin(), part.units.end());
      table.key.insert(table.key.end(), part.key.begin(), part.key.end());
      table.count.insert(table.count.end(), part.count.begin(), part.count.end());
      for (std::size_t i = 1; i < part.start.size(); ++i) table.start.push_back(base + part.start[i]);
      part = CountTable();
    }
  }
  return tables;
}

// The whole texts in memory: every block is a stretch of them.
class WholeCorpus : public ReferenceBlocks {
 public:
  explicit WholeCorpus(const ReferenceCorpus& corpus) : corpus_(corpus) {}
  std::size_t numDocuments() const override { return corpus_.numDocuments(); }
  uint64_t length(std::size_t d) const override { return corpus_.length(d); }
  uint64_t totalTokens() const override { return corpus_.totalTokens(); }
  std::size_t vocabulary() const override {
    std::size_t vocabulary = 0;
    for (const int32_t id : corpus_.tokens) vocabulary = std::max(vocabulary, static_cast<std::size_t>(id) + 1);
    return vocabulary;
  }
  bool assigned() const override { return !corpus_.topics.empty(); }
  const ReferenceCorpus& block(std::size_t, std::size_t, ReferenceCorpus&) override { return corpus_; }

 private:
  const ReferenceCorpus& corpus_;
};

// The totals of a table, each document weighted by how often it was drawn
// (all ones: the table's own totals).
Totals sum(const CountTable& table, const Slots& slots, const std::vector<uint32_t>* weights) {
  Totals totals;
  if (table.direct) {
    totals.units = static_cast<double>(table.totalUnits);
    totals.keys.assign(table.totals.begin(), table.totals.end());
    return totals;
  }
  std::vector<uint64_t> keys(slots.numSlots() + slots.numPairs(), 0);
  uint64_t units = 0;
  for (std::size_t d = 0; d + 1 < table.start.size(); ++d) {
    const uint64_t weight = weights != nullptr ? (*weights)[d] : 1;
    if (weight == 0) continue;
    units += weight * table.units[d];
    for (std::size_t e = table.start[d]; e < table.start[d + 1]; ++e) keys[table.key[e]] += weight * table.count[e];
  }
  totals.units = static_cast<double>(units);
  totals.keys.assign(keys.begin(), keys.end());
  return totals;
}

// The confirmation measures on one set of totals (gensim's operation order).
class Confirmation {
 public:
  Confirmation(const Slots& slots, const Totals& totals) : slots_(slots), totals_(totals) {}

  double single(std::size_t slot) const { return totals_.keys[slot]; }
  double both(std::size_t t, std::size_t i, std::size_t j) const {
    if (i == j) return single(slots_.topicStart[t] + i);
    if (i > j) std::swap(i, j);
    return totals_.keys[slots_.numSlots() + slots_.pair(t, i, j)];
  }
  double npmi(std::size_t t, std::size_t i, std::size_t j) const {
    const double n = totals_.units;
    const double c1 = single(slots_.topicStart[t] + i), c2 = single(slots_.topicStart[t] + j);
    const double c12 = both(t, i, j);
    const double ratio = std::log(((c12 / n) + kEpsilon) / ((c1 / n) * (c2 / n)));
    return ratio / -std::log((c12 / n) + kEpsilon);
  }

  double topic(CoherenceMeasure measure, std::size_t t, double malletBeta,
               const std::vector<std::size_t>& coordinate) const {
    const std::size_t m = slots_.size(t);
    const std::size_t first = slots_.topicStart[t];
    const double n = totals_.units;
    std::vector<double> values;
    switch (measure) {
      case CoherenceMeasure::UMass:
        for (std::size_t i = 1; i < m; ++i) {
          for (std::size_t j = 0; j < i; ++j) {
            const double c2 = single(first + j);
            if (c2 == 0) {
              values.push_back(0.0);
              continue;
            }
            double a = both(t, i, j) / n;
            a = a + kEpsilon;
            values.push_back(std::log(a / (c2 / n)));
          }
        }
        return numpyMean(values);
      case CoherenceMeasure::CUci:
      case CoherenceMeasure::CNpmi:
        for (std::size_t i = 0; i < m; ++i) {
          for (std::size_t j = 0; j < m; ++j) {
            if (i == j) continue;
            if (measure == CoherenceMeasure::CNpmi) {
              values.push_back(npmi(t, i, j));
            } else {
              const double c1 = single(first + i), c2 = single(first + j);
              values.push_back(std::log(((both(t, i, j) / n) + kEpsilon) / ((c1 / n) * (c2 / n))));
            }
          }
        }
        return numpyMean(values);
      case CoherenceMeasure::CV:
        return cosineSimilarity(t, coordinate);
      case CoherenceMeasure::Mallet: {
        double total = 0.0;
        for (std::size_t row = 0; row < m; ++row) {
          double rowSum = 0.0;
          for (std::size_t col = 0; col < row; ++col)
            rowSum += javaLog((both(t, row, col) + malletBeta) / (single(first + col) + malletBeta));
          total += rowSum;
        }
        return total;
      }
    }
    return kNaN;
  }

 private:
  // c_v: the cosine between each word's NPMI context vector and the whole
  // topic's, over coordinates ordered by the words' first appearance among all
  // topics; entries that are exactly 0 are dropped (scipy's sparse vectors).
  double cosineSimilarity(std::size_t t, const std::vector<std::size_t>& coordinate) const {
    const std::size_t m = slots_.size(t);
    const std::size_t first = slots_.topicStart[t];
    std::map<std::size_t, double> whole;
    for (std::size_t j = 0; j < m; ++j) {
      double& entry = whole[coordinate[first + j]];
      for (std::size_t i = 0; i < m; ++i) entry = entry + npmi(t, i, j);
    }
    std::vector<double> squares;
    for (const auto& [key, value] : whole) {
      if (value != 0.0) squares.push_back(value * value);
    }
    const double wholeMagnitude = std::sqrt(numpyPairwiseSum(squares.data(), squares.size()));
    std::vector<double> similarities;
    for (std::size_t i = 0; i < m; ++i) {
      std::map<std::size_t, double> one;
      for (std::size_t j = 0; j < m; ++j) {
        double& entry = one[coordinate[first + j]];
        entry = entry + npmi(t, i, j);
      }
      double dot = 0.0;
      squares.clear();
      for (const auto& [key, value] : one) {
        if (value == 0.0) continue;
        squares.push_back(value * value);
        const auto other = whole.find(key);
        if (other != whole.end() && other->second != 0.0) dot = dot + other->second * value;
      }
      const double magnitude = std::sqrt(numpyPairwiseSum(squares.data(), squares.size()));
      similarities.push_back(dot / (magnitude * wholeMagnitude));
    }
    return numpyMean(similarities);
  }

  const Slots& slots_;
  const Totals& totals_;
};

// Bags of words (`unordered`) have no order to slide a window along: the
// window measures count whole documents, each a window of its own.
CountingMode modeOf(const MeasureRequest& request, bool assigned, bool unordered) {
  if (unordered && slidesAWindow(request.measure)) return {CountingMode::Documents, 0};
  switch (request.measure) {
    case CoherenceMeasure::UMass: return {CountingMode::Documents, 0};
    case CoherenceMeasure::Mallet: return {assigned ? CountingMode::AssignedDocuments : CountingMode::Documents, 0};
    default:
      return {CountingMode::Windows, request.windowSize > 0 ? request.windowSize : defaultWindowSize(request.measure)};
  }
}

// The standard deviation of the finite values among `values` (NaN when fewer
// than half are finite), and how many were not.
double standardDeviation(const std::vector<double>& values, int& nonFinite) {
  std::vector<double> finite;
  for (const double v : values) {
    if (std::isfinite(v)) finite.push_back(v);
  }
  nonFinite = static_cast<int>(values.size() - finite.size());
  if (2 * finite.size() < values.size()) return kNaN;
  return sampleStandardDeviation(finite);
}

// The error of the mean over topics: the topics' covariance over the
// replicates, each pair over the replicates where both values are finite (a
// replicate that draws none of a rare top word's documents leaves that topic
// undefined, not the others). NaN when the mean itself is not finite or a
// topic has fewer than two finite replicates.
double meanStandardError(const std::vector<std::vector<double>>& replicates, const std::vector<double>& point) {
  const std::size_t topics = point.size();
  if (topics == 0 || !std::isfinite(numpyMean(point))) return kNaN;
  std::vector<double> mean(topics, 0.0);
  std::vector<std::size_t> finite(topics, 0);
  for (const auto& values : replicates) {
    for (std::size_t k = 0; k < topics; ++k) {
      if (!std::isfinite(values[k])) continue;
      mean[k] += values[k];
      ++finite[k];
    }
  }
  for (std::size_t k = 0; k < topics; ++k) {
    if (finite[k] < 2) return kNaN;
    mean[k] /= static_cast<double>(finite[k]);
  }
  double variance = 0.0;
  for (std::size_t k = 0; k < topics; ++k) {
    for (std::size_t l = 0; l < topics; ++l) {
      double products = 0.0;
      std::size_t both = 0;
      for (const auto& values : replicates) {
        if (!std::isfinite(values[k]) || !std::isfinite(values[l])) continue;
        products += (values[k] - mean[k]) * (values[l] - mean[l]);
        ++both;
      }
      if (both >= 2) variance += products / static_cast<double>(both - 1);
    }
  }
  return std::sqrt(std::max(variance, 0.0)) / static_cast<double>(topics);
}

}  // namespace

uint64_t ReferenceCorpus::totalTokens() const {
  if (!sparse()) return tokens.size();
  uint64_t total = 0;
  for (const uint32_t length : lengths) total += length;
  return total;
}

const std::vector<std::string>& coherenceMeasureNames() {
  static const std::vector<std::string> names = {"u_mass", "c_uci", "c_npmi", "c_v", "mallet"};
  return names;
}

std::optional<CoherenceMeasure> coherenceMeasure(const std::string& name) {
  static const std::vector<CoherenceMeasure> measures = {CoherenceMeasure::UMass, CoherenceMeasure::CUci,
                                                         CoherenceMeasure::CNpmi, CoherenceMeasure::CV,
                                                         CoherenceMeasure::Mallet};
  for (std::size_t i = 0; i < measures.size(); ++i) {
    if (coherenceMeasureNames()[i] == name) return measures[i];
  }
  return std::nullopt;
}

const char* coherenceMeasureName(CoherenceMeasure measure) {
  return coherenceMeasureNames()[static_cast<std::size_t>(measure)].c_str();
}

bool slidesAWindow(CoherenceMeasure measure) { return defaultWindowSize(measure) > 0; }

int defaultWindowSize(CoherenceMeasure measure) {
  switch (measure) {
    case CoherenceMeasure::CUci:
    case CoherenceMeasure::CNpmi: return 10;
    case CoherenceMeasure::CV: return 110;
    default: return 0;
  }
}

double numpyPairwiseSum(const double* a, std::size_t n) {
  if (n < 8) {
    double r = 0.0;
    for (std::size_t i = 0; i < n; ++i) r = r + a[i];
    return r;
  }
  if (n <= 128) {
    double r[8];
    for (std::size_t j = 0; j < 8; ++j) r[j] = a[j];
    std::size_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (std::size_t j = 0; j < 8; ++j) r[j] = r[j] + a[i + j];
    }
    double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) s = s + a[i];
    return s;
  }
  std::size_t half = n / 2;
  half -= half % 8;
  return numpyPairwiseSum(a, half) + numpyPairwiseSum(a + half, n - half);
}

double numpyMean(const std::vector<double>& values) {
  if (values.empty()) return kNaN;
  return (0.0 + numpyPairwiseSum(values.data(), values.size())) / static_cast<double>(values.size());
}

namespace {

// What scoring topics of `sizes` words costs: working memory in bytes, and pair scores.
struct CoherenceCost {
  double bytes = 0.0, pairScores = 0.0, pairs = 0.0;
  std::size_t longest = 0;
};

CoherenceCost coherenceCost(const std::vector<std::size_t>& sizes, std::size_t measures, std::size_t countingModes,
                            std::size_t replicates, int workers, std::size_t atMost = SIZE_MAX) {
  CoherenceCost cost;
  double slots = 0.0;
  for (std::size_t m : sizes) {
    m = std::min(m, atMost);
    slots += static_cast<double>(m);
    cost.pairs += static_cast<double>(m) * static_cast<double>(m - (m > 0 ? 1 : 0)) / 2.0;
    cost.longest = std::max(cost.longest, m);
  }
  // Pairing the words (makeSlots): each pair of positions names its pair of
  // words (4 bytes), and each pair of words is a node of an ordered map (48
  // bytes: its key, index and tree links) and one of its rarer word's partners
  // (8 bytes, 16 as the list grows). Then each set of totals holds every slot
  // and pair (as counts, then as values): one per counting mode for the point
  // values, and one per mode on each thread drawing a replicate. Each measure
  // scores each pair (c_uci, c_npmi and c_v both ways) once per set.
  constexpr double kPairingBytes = 4.0 + 48.0 + 16.0;
  const double concurrent = 1.0 + static_cast<double>(std::min<std::size_t>(replicates, static_cast<std::size_t>(workers)));
  cost.bytes = cost.pairs * kPairingBytes +
               (slots + cost.pairs) * 2.0 * sizeof(uint64_t) * static_cast<double>(countingModes) * concurrent;
  cost.pairScores = 2.0 * cost.pairs * static_cast<double>(measures) * (1.0 + static_cast<double>(replicates));
  return cost;
}

bool withinLimits(const CoherenceCost& cost) {
  return cost.bytes <= QualityLimits::kTableBytes && cost.pairScores <= QualityLimits::kPairScores;
}

}  // namespace

void checkCoherenceCost(const std::vector<std::size_t>& topicSizes, std::size_t measures, std::size_t countingModes,
                        int bootstrap, int threads) {
  const auto replicates = static_cast<std::size_t>(std::max(bootstrap, 0));
  const int workers = resolveThreads(threads);
  // Every replicate's values are kept (topics x measures), and the mean's
  // error pairs every two topics over the replicates: a cost of the topics
  // alone, whatever their words, checked first.
  const auto topicCount = static_cast<double>(topicSizes.size());
  const auto measureCount = static_cast<double>(measures);
  const auto draws = static_cast<double>(replicates);
  checkQualityCost("bootstrap", std::to_string(replicates) + " replicates of " + std::to_string(topicSizes.size()) + " topics",
                   draws * measureCount * topicCount * sizeof(double), measureCount * topicCount * topicCount * draws,
                   "lower --bootstrap");
  const CoherenceCost cost = coherenceCost(topicSizes, measures, countingModes, replicates, workers);
  if (!withinLimits(cost)) {
    // The most top words that fit with the other settings as they are (the rule the advice states).
    std::size_t low = 0, high = cost.longest;
    while (low < high) {
      const std::size_t middle = low + (high - low + 1) / 2;
      if (withinLimits(coherenceCost(topicSizes, measures, countingModes, replicates, workers, middle))) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    std::string advice = low > 0 ? "lower --top-words (at most " + std::to_string(low) + " fit)" : "lower --top-words";
    if (replicates > 0) advice += ", or --bootstrap";
    if (replicates > 1 && workers > 1) advice += ", or --threads";
    char pairText[32];
    std::snprintf(pairText, sizeof pairText, "%.0f", cost.pairs);
    checkQualityCost("top-words",
                     std::to_string(topicSizes.size()) + " topics of up to " + std::to_string(cost.longest) +
                         " words (" + pairText + " pairs) with " + std::to_string(replicates) + " bootstrap replicates",
                     cost.bytes, cost.pairScores, advice);
  }
}

std::vector<MeasureValues> topicCoherence(const ReferenceCorpus& corpus, const std::vector<std::vector<int32_t>>& topics,
                                          const CoherenceSettings& settings) {
  WholeCorpus whole(corpus);
  return topicCoherence(whole, topics, settings);
}

std::vector<MeasureValues> topicCoherence(ReferenceBlocks& corpus, const std::vector<std::vector<int32_t>>& topics,
                                          const CoherenceSettings& settings) {
  std::size_t vocabulary = corpus.vocabulary();
  for (const auto& topic : topics) {
    for (const int32_t id : topic) vocabulary = std::max(vocabulary, static_cast<std::size_t>(id) + 1);
  }
  const bool assigned = corpus.assigned();
  std::map<CountingMode, int> modes;
  for (const MeasureRequest& request : settings.measures) modes.emplace(modeOf(request, assigned, settings.unorderedTexts), 0);
  const auto replicates = static_cast<std::size_t>(std::max(settings.bootstrap, 0));
  const int threads = resolveThreads(settings.threads);
  std::vector<std::size_t> sizes;
  for (const auto& topic : topics) sizes.push_back(topic.size());
  checkCoherenceCost(sizes, settings.measures.size(), modes.size(), settings.bootstrap, settings.threads);

  std::vector<uint64_t> frequency(vocabulary, 0);
  for (const auto& topic : topics) {
    for (const int32_t id : topic) frequency[static_cast<std::size_t>(id)] = corpus.documentFrequency(id);
  }
  const Slots slots = makeSlots(topics, vocabulary, frequency);
  // c_v's coordinates: each word's rank of first appearance among all topics.
  std::vector<std::size_t> coordinate(slots.numSlots());
  for (std::size_t s = 0; s < slots.numSlots(); ++s) coordinate[s] = static_cast<std::size_t>(slots.word[s]);
  const std::size_t documents = corpus.numDocuments();
  if (settings.progress != nullptr)
    settings.progress->setTotal(documents * modes.size() + (documents > 0 ? replicates : 0),
                                corpus.totalTokens() * modes.size());
  std::atomic<uint64_t> entries{0};
  std::vector<CountingMode> modeList;
  for (const auto& [mode, unused] : modes) modeList.push_back(mode);
  std::vector<CountTable> counted = countCorpus(corpus, slots, modeList, settings, replicates == 0, entries);
  std::map<CountingMode, CountTable> tables;
  for (std::size_t m = 0; m < modeList.size(); ++m) tables.emplace(modeList[m], std::move(counted[m]));

  const auto stopIfCancelled = [&] {
    if (settings.progress != nullptr && settings.progress->cancelled()) throw Interrupted();
  };
  auto evaluate = [&](const std::map<CountingMode, Totals>& totals) {
    std::vector<std::vector<double>> values;
    for (const MeasureRequest& request : settings.measures) {
      const Confirmation confirmation(slots, totals.at(modeOf(request, assigned, settings.unorderedTexts)));
      std::vector<double> perTopic(slots.topics());
      for (std::size_t t = 0; t < slots.topics(); ++t) {
        stopIfCancelled();
        perTopic[t] = confirmation.topic(request.measure, t, settings.malletBeta, coordinate);
      }
      values.push_back(std::move(perTopic));
    }
    return values;
  };

  std::map<CountingMode, Totals> observed;
  for (const auto& [mode, table] : tables) observed.emplace(mode, sum(table, slots, nullptr));
  const auto point = evaluate(observed);

  // Bootstrap: each replicate draws the reference documents with replacement.
  std::vector<std::vector<std::vector<double>>> draws(replicates);
  if (documents > 0) {
    runInParallel(replicates, threads, [&](std::size_t r, int) {
      stopIfCancelled();
      RandomStream random(settings.seed, {0xC0DE, r});
      std::vector<uint32_t> weights(documents, 0);
      for (std::size_t i = 0; i < documents; ++i) ++weights[random.below(documents)];
      std::map<CountingMode, Totals> totals;
      for (const auto& [mode, table] : tables) totals.emplace(mode, sum(table, slots, &weights));
      draws[r] = evaluate(totals);
      if (settings.progress != nullptr) settings.progress->advance(1, 0);
    });
  }

  std::vector<MeasureValues> result;
  for (std::size_t m = 0; m < settings.measures.size(); ++m) {
    MeasureValues values;
    values.measure = settings.measures[m].measure;
    values.windowSize = modeOf(settings.measures[m], assigned, settings.unorderedTexts).window;
    values.perTopic = point[m];
    values.mean = numpyMean(values.perTopic);
    values.perTopicStandardError.assign(slots.topics(), kNaN);
    values.perTopicNonFinite.assign(slots.topics(), 0);
    values.meanStandardError = kNaN;
    if (replicates >= 2 && documents > 0) {
      for (std::size_t t = 0; t < slots.topics(); ++t) {
        std::vector<double> replicateValues;
        for (std::size_t r = 0; r < replicates; ++r) replicateValues.push_back(draws[r][m][t]);
        values.perTopicStandardError[t] = standardDeviation(replicateValues, values.perTopicNonFinite[t]);
      }
      std::vector<std::vector<double>> measureDraws;
      for (std::size_t r = 0; r < replicates; ++r) {
        measureDraws.push_back(draws[r][m]);
        if (!std::isfinite(numpyMean(draws[r][m]))) ++values.meanNonFinite;
      }
      values.meanStandardError = meanStandardError(measureDraws, values.perTopic);
    }
    result.push_back(std::move(values));
  }
  return result;
}

}  // namespace topiceval::quality
