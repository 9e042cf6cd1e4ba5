// SPDX-License-Identifier: Apache-2.0
#pragma once
// topiceval's reference index: reference texts counted once, so that coherence
// against them needs no second pass over the texts. Per word, the documents it
// occurs in and its positions there; the documents' lengths; the vocabulary.
// Every count a coherence measure takes (boolean documents, sliding windows of
// any size) follows from these.
//
// Layout, little-endian, version 1:
//   header (80 bytes): magic "TOPEVIDX", u32 version, u32 flags (bit 0: the
//     texts were bags of words, without a token order), u64 documents, u64
//     tokens, u64 words, u64 bytes of the words, of the lengths and of the
//     postings, u64 the file's size, u64 0;
//   words: per word, varint byte length and the bytes (UTF-8);
//   lengths: per document, a varint;
//   directory: per word, u64 offset into the postings, u64 documents, u64 occurrences;
//   postings: per word, per document it occurs in: varint (document - previous - 1),
//     varint (occurrences - 1), varint positions each as (position - previous - 1);
//   trailer: u32 CRC-32 of every byte before it, "IEND".
// Each count is bounded by the bytes that hold it, so a reader of a damaged or
// hostile file allocates no more than the file's size suggests.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace topiceval::formats {

inline constexpr char kReferenceIndexMagic[8] = {'T', 'O', 'P', 'E', 'V', 'I', 'D', 'X'};
inline constexpr uint32_t kReferenceIndexVersion = 1;

// Whether a file's first bytes are a reference index's (any version).
bool looksLikeReferenceIndex(std::span<const uint8_t> start);

// One word's postings: documents in increasing order, and each one's positions
// (increasing) at positions[start[i] .. start[i + 1]).
struct WordPostings {
  std::vector<uint32_t> documents;
  std::vector<std::size_t> start{0};
  std::vector<uint32_t> positions;
};

class PostingsCursor;

// A reference index, memory-mapped (or held, from bytes). Opening checks the
// header, the checksum and the bounds of every section; a word's postings are
// checked as they are decoded. Every problem is a FormatError naming the file.
class ReferenceIndex {
 public:
  static ReferenceIndex open(const std::string& path);
  // How many times open() has mapped a file on this thread (tests count the
  // work a command does: select opens its index once for every model).
  static uint64_t openingsOnThisThread();
  static ReferenceIndex fromBytes(std::vector<uint8_t> bytes, const std::string& source);

  const std::string& source() const { return source_; }
  uint64_t numDocuments() const { return lengths_.size(); }
  uint64_t numTokens() const { return tokens_; }
  bool unordered() const { return unordered_; }
  const std::vector<std::string>& words() const { return words_; }
  const std::vector<uint32_t>& documentLengths() const { return lengths_; }
  uint64_t documentFrequency(std::size_t word) const;
  uint64_t occurrences(std::size_t word) const;
  void postings(std::size_t word, WordPostings& out) const;
  // Lets a mapped file's pages go from this process's memory (reading them
  // again maps them again): a reader passing through the postings calls it
  // now and then, so that its resident memory does not grow with the file.
  void releasePages() const;
  // A FormatError naming the index if its file was truncated by another
  // process while mapped (the bytes read since are zeros): postings() checks it.
  void checkIntact() const;

 private:
  friend class PostingsCursor;
  ReferenceIndex() = default;
  void parse();
  struct Mapping;
  std::shared_ptr<const Mapping> mapping_;
  std::span<const uint8_t> bytes_;
  std::string source_;
  uint64_t tokens_ = 0;
  bool unordered_ = false;
  std::vector<std::string> words_;
  std::vector<uint32_t> lengths_;
  std::span<const uint8_t> directory_;
  std::span<const uint8_t> postings_;
};

// The postings of a stretch of consecutive documents, the first of which is
// document `firstDocument` of the index, built apart from the writer so that
// several threads can each build one; the writer appends them in document
// order (ReferenceIndexWriter::append). Each word's first document is encoded
// from the stretch's start; append re-encodes that one number, so the index
// holds the bytes adding the documents one by one gives.
class ReferenceIndexBatch {
 public:
  explicit ReferenceIndexBatch(uint64_t firstDocument) : firstDocument_(firstDocument) {}
  void addDocument(std::span<const int32_t> ids);
  uint64_t firstDocument() const { return firstDocument_; }
  uint64_t documents() const { return documents_; }

 private:
  friend class ReferenceIndexWriter;
  struct Word {
    int32_t id = 0;
    int64_t lastDocument = -1;  // within the stretch
    uint64_t documentFrequency = 0;
    uint64_t occurrences = 0;
    std::vector<uint8_t> postings;
  };
  uint64_t firstDocument_;
  uint64_t documents_ = 0;
  uint64_t tokens_ = 0;
  std::vector<Word> words_;     // in the order first seen
  std::vector<int32_t> slots_;  // by word id: its place in words_, or -1
  std::vector<uint8_t> lengths_;
  std::vector<std::pair<int32_t, uint32_t>> scratch_;
};

// One word's postings decoded a stretch of documents at a time, so that a
// reader holds a block of documents' postings rather than the whole corpus's;
// checked as postings() checks them. The index must outlive the cursor.
class PostingsCursor {
 public:
  PostingsCursor(const ReferenceIndex& index, std::size_t word);
  // Replaces `out` with the postings of the documents before `endDocument`
  // not given by an earlier call.
  void next(uint64_t endDocument, WordPostings& out);

 private:
  const ReferenceIndex* index_;
  std::size_t word_;
  std::span<const uint8_t> bytes_;
  std::size_t at_ = 0;
  uint64_t documentsLeft_ = 0;
  uint64_t occurrencesLeft_ = 0;
  int64_t document_ = -1;
  bool pending_ = false;  // document_ is read but lies beyond the last call's end
};

// Builds an index from documents given one at a time as word ids (ids index
// the words given to finish()), or as batches appended in document order.
// Postings gather in memory up to `runBytes`, then go to an anonymous
// temporary file as a run; finish() merges the runs, so memory stays near
// `runBytes` plus the vocabulary whatever the corpus's size.
class ReferenceIndexWriter {
 public:
  explicit ReferenceIndexWriter(std::size_t runBytes = std::size_t{64} << 20);
  ~ReferenceIndexWriter();
  ReferenceIndexWriter(const ReferenceIndexWriter&) = delete;
  ReferenceIndexWriter& operator=(const ReferenceIndexWriter&) = delete;

  void addDocument(std::span<const int32_t> ids);
  // The batch whose first document is the next one (documents()); a
  // std::logic_error for any other, which would put postings out of order.
  void append(ReferenceIndexBatch&& batch);
  void markUnordered() { unordered_ = true; }
  std::size_t runsWritten() const { return runs_.size(); }
  uint64_t documents() const { return documents_; }
  uint64_t tokens() const { return tokens_; }
  // Writes the index to `out`; a FormatError naming `target` when a word id
  // was beyond `words` or writing failed.
  void finish(const std::vector<std::string>& words, std::ostream& out, const std::string& target);

 private:
  struct Run;
  void spill();
  std::size_t runBytes_;
  bool unordered_ = false;
  uint64_t documents_ = 0;
  uint64_t tokens_ = 0;
  std::vector<int64_t> lastDocument_;
  std::vector<uint64_t> documentFrequency_;
  std::vector<uint64_t> occurrences_;
  std::vector<std::vector<uint8_t>> buffers_;
  std::size_t buffered_ = 0;
  std::vector<uint8_t> lengths_;
  std::vector<std::unique_ptr<Run>> runs_;
  std::vector<std::pair<int32_t, uint32_t>> scratch_;
};

}  // namespace topiceval::formats
