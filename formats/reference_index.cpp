// SPDX-License-Identifier: Apache-2.0
#include "formats/reference_index.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <optional>
#include <ostream>
#include <stdexcept>

#include "formats/format_error.hpp"
#include "formats/guarded_mapping.hpp"
#include "native/runtime/progress.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

namespace {

constexpr std::size_t kHeaderBytes = 80;
constexpr std::size_t kTrailerBytes = 8;
constexpr std::size_t kDirectoryEntryBytes = 24;
constexpr char kTrailerMagic[4] = {'I', 'E', 'N', 'D'};

// (zlib takes a null buffer, as an empty vector's, to ask for the initial value.)
uint32_t crc32Of(uint32_t crc, std::span<const uint8_t> bytes) {
  if (bytes.empty()) return crc;
  return static_cast<uint32_t>(crc32_z(crc, bytes.data(), bytes.size()));
}

uint64_t readU64(const uint8_t* p) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | p[i];
  return value;
}
uint32_t readU32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}
void putU64(std::vector<uint8_t>& out, uint64_t value) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}
void putU32(std::vector<uint8_t>& out, uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}
void putVarint(std::vector<uint8_t>& out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
}

// Varints read within a section; running past its end or a value beyond 64
// bits is the file's damage, named by `what`.
class VarintCursor {
 public:
  VarintCursor(std::span<const uint8_t> bytes, const std::string& source, const char* what, std::size_t at = 0)
      : bytes_(bytes), source_(source), what_(what), at_(at) {}
  uint64_t next() {
    uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= bytes_.size()) throw FormatError(source_, std::string("damaged reference index: ") + what_ + " end early");
      const uint8_t byte = bytes_[at_++];
      if (shift == 63 && byte > 1) break;
      value |= static_cast<uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) return value;
    }
    throw FormatError(source_, std::string("damaged reference index: a number in ") + what_ + " is too long");
  }
  std::span<const uint8_t> take(std::size_t n) {
    if (n > bytes_.size() - at_) throw FormatError(source_, std::string("damaged reference index: ") + what_ + " end early");
    const auto part = bytes_.subspan(at_, n);
    at_ += n;
    return part;
  }
  bool done() const { return at_ == bytes_.size(); }
  std::size_t at() const { return at_; }

 private:
  std::span<const uint8_t> bytes_;
  const std::string& source_;
  const char* what_;
  std::size_t at_ = 0;
};

}  // namespace

bool looksLikeReferenceIndex(std::span<const uint8_t> start) {
  return start.size() >= sizeof kReferenceIndexMagic &&
         std::memcmp(start.data(), kReferenceIndexMagic, sizeof kReferenceIndexMagic) == 0;
}

struct ReferenceIndex::Mapping {
  std::vector<uint8_t> held;
  std::optional<GuardedMapping> mapped;
  // Gives the mapped pages back (they stay in the page cache and come back on
  // the next read): a pass over the file then holds none of it for good.
  void release() const {
    if (!mapped || mapped->bytes().empty()) return;
    const std::span<const uint8_t> bytes = mapped->bytes();
    (void)madvise(const_cast<uint8_t*>(bytes.data()), bytes.size(), MADV_DONTNEED);
  }
};

namespace {
thread_local uint64_t openings = 0;
}  // namespace

uint64_t ReferenceIndex::openingsOnThisThread() { return openings; }

ReferenceIndex ReferenceIndex::open(const std::string& path) {
  requireFileName(path);
  ++openings;
  ReferenceIndex index;
  index.source_ = path;
  auto mapping = std::make_shared<Mapping>();
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) throw FormatError(path, std::string("cannot open the reference index: ") + std::strerror(errno));
  struct stat status {};
  if (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(descriptor);
    throw FormatError(path, "a reference index must be a regular file (it is memory-mapped)");
  }
  const auto size = static_cast<std::size_t>(status.st_size);
  if (size == 0) {
    ::close(descriptor);
    throw FormatError(path, "is empty: not a topiceval reference index");
  }
  mapping->mapped.emplace(descriptor, size);
  const int mapError = errno;
  ::close(descriptor);
  if (mapping->mapped->bytes().empty())
    throw FormatError(path, std::string("cannot map the reference index: ") + std::strerror(mapError));
  index.bytes_ = mapping->mapped->bytes();
  index.mapping_ = std::move(mapping);
  try {
    index.parse();
  } catch (const FormatError&) {
    index.checkIntact();  // what a truncation makes of the bytes is not the file's fault
    throw;
  }
  return index;
}

void ReferenceIndex::checkIntact() const {
  if (mapping_ && mapping_->mapped) mapping_->mapped->checkIntact(source_);
}

ReferenceIndex ReferenceIndex::fromBytes(std::vector<uint8_t> bytes, const std::string& source) {
  ReferenceIndex index;
  index.source_ = source;
  auto mapping = std::make_shared<Mapping>();
  mapping->held = std::move(bytes);
  index.bytes_ = mapping->held;
  index.mapping_ = std::move(mapping);
  index.parse();
  return index;
}

void ReferenceIndex::parse() {
  const std::string& source = source_;
  const auto damaged = [&](const std::string& problem) { return FormatError(source, "damaged reference index: " + problem); };
  if (!looksLikeReferenceIndex(bytes_))
    throw FormatError(source, "not a topiceval reference index (make one with 'topiceval index --texts FILE --output INDEX')");
  if (bytes_.size() < kHeaderBytes + kTrailerBytes) throw damaged("truncated inside its header");
  const uint8_t* header = bytes_.data();
  const uint32_t version = readU32(header + 8);
  if (version != kReferenceIndexVersion)
    throw FormatError(source, "a reference index of version " + std::to_string(version) + ", and this topiceval reads version " +
                                  std::to_string(kReferenceIndexVersion) + ": build it again with this topiceval's 'index'");
  const uint32_t flags = readU32(header + 12);
  if ((flags & ~1u) != 0) throw damaged("unknown flags " + std::to_string(flags));
  unordered_ = (flags & 1u) != 0;
  const uint64_t documents = readU64(header + 16);
  tokens_ = readU64(header + 24);
  const uint64_t vocabulary = readU64(header + 32);
  const uint64_t wordsBytes = readU64(header + 40);
  const uint64_t lengthsBytes = readU64(header + 48);
  const uint64_t postingsBytes = readU64(header + 56);
  const uint64_t fileBytes = readU64(header + 64);
  if (fileBytes != bytes_.size())
    throw damaged("its header says " + std::to_string(fileBytes) + " bytes and the file has " + std::to_string(bytes_.size()) +
                  (fileBytes > bytes_.size() ? " (truncated)" : ""));
  if (readU64(header + 72) != 0) throw damaged("a reserved header field is not 0");
  const uint8_t* trailer = bytes_.data() + bytes_.size() - kTrailerBytes;
  if (std::memcmp(trailer + 4, kTrailerMagic, 4) != 0) throw damaged("its last bytes are not the index's end");
  // The checksum reads every byte: in stretches, each given back once read.
  uint32_t crc = 0;
  const auto checked = bytes_.first(bytes_.size() - kTrailerBytes);
  constexpr std::size_t kStretch = std::size_t{32} << 20;
  for (std::size_t at = 0; at < checked.size(); at += kStretch) {
    stopIfCancelled();
    crc = crc32Of(crc, checked.subspan(at, std::min(kStretch, checked.size() - at)));
    releasePages();
  }
  if (crc != readU32(trailer))
    throw damaged("its checksum does not match its contents");
  // Each section within the file, summed without overflow.
  const uint64_t body = bytes_.size() - kHeaderBytes - kTrailerBytes;
  if (vocabulary > body / kDirectoryEntryBytes) throw damaged(std::to_string(vocabulary) + " words do not fit in it");
  const uint64_t directoryBytes = vocabulary * kDirectoryEntryBytes;
  uint64_t rest = body - directoryBytes;
  for (const uint64_t part : {wordsBytes, lengthsBytes, postingsBytes}) {
    if (part > rest) throw damaged("its sections overrun the file");
    rest -= part;
  }
  if (rest != 0) throw damaged("its sections do not fill the file");
  if (documents > lengthsBytes || documents > std::numeric_limits<uint32_t>::max())
    throw damaged(std::to_string(documents) + " documents do not fit in their lengths' bytes");
  if (vocabulary > wordsBytes && vocabulary > 0) throw damaged(std::to_string(vocabulary) + " words do not fit in their bytes");
  std::size_t at = kHeaderBytes;
  const auto section = [&](uint64_t size) {
    const auto part = bytes_.subspan(at, static_cast<std::size_t>(size));
    at += static_cast<std::size_t>(size);
    return part;
  };
  const auto wordsSection = section(wordsBytes);
  const auto lengthsSection = section(lengthsBytes);
  directory_ = section(directoryBytes);
  postings_ = section(postingsBytes);

  VarintCursor words(wordsSection, source, "the words");
  words_.reserve(static_cast<std::size_t>(vocabulary));
  for (uint64_t w = 0; w < vocabulary; ++w) {
    const auto text = words.take(static_cast<std::size_t>(std::min<uint64_t>(words.next(), wordsBytes + 1)));
    words_.emplace_back(reinterpret_cast<const char*>(text.data()), text.size());
  }
  if (!words.done()) throw damaged("bytes left after its words");
  // Each word once: a word named twice would split its postings between two
  // ids, and a topic word would be looked up in one of them only.
  {
    std::unordered_map<std::string_view, uint64_t> first;
    first.reserve(words_.size());
    for (uint64_t w = 0; w < words_.size(); ++w) {
      const auto [earlier, added] = first.emplace(words_[w], w);
      if (!added)
        throw damaged("it names one word twice (words " + std::to_string(earlier->second) + " and " + std::to_string(w) + ")");
    }
  }
  VarintCursor lengths(lengthsSection, source, "the document lengths");
  lengths_.reserve(static_cast<std::size_t>(documents));
  uint64_t total = 0;
  for (uint64_t d = 0; d < documents; ++d) {
    const uint64_t length = lengths.next();
    if (length > std::numeric_limits<uint32_t>::max()) throw damaged("document " + std::to_string(d) + " is too long");
    lengths_.push_back(static_cast<uint32_t>(length));
    total += length;
  }
  if (!lengths.done()) throw damaged("bytes left after its document lengths");
  if (total != tokens_)
    throw damaged("its documents' lengths sum to " + std::to_string(total) + ", its header says " + std::to_string(tokens_) +
                  " tokens");
  // The directory: offsets increasing within the postings, and each word's
  // counts no more than its bytes can hold (a document takes two bytes at
  // least, an occurrence one).
  uint64_t occurrencesTotal = 0;
  for (uint64_t w = 0; w < vocabulary; ++w) {
    const uint8_t* entry = directory_.data() + w * kDirectoryEntryBytes;
    const uint64_t offset = readU64(entry);
    const uint64_t end = w + 1 < vocabulary ? readU64(entry + kDirectoryEntryBytes) : postingsBytes;
    const uint64_t docs = readU64(entry + 8), occurrences = readU64(entry + 16);
    if ((w == 0 && offset != 0) || offset > end || end > postingsBytes)
      throw damaged("the postings of word " + std::to_string(w) + " lie outside their section");
    if (docs > documents || occurrences < docs || docs > (end - offset) / 2 || occurrences - docs > end - offset - 2 * docs ||
        occurrences > tokens_ || (docs == 0) != (offset == end))
      throw damaged("the counts of word " + std::to_string(w) + " do not fit its postings");
    occurrencesTotal += occurrences;
    if (occurrencesTotal > tokens_) throw damaged("its words occur more often than it has tokens");
  }
}

void ReferenceIndex::releasePages() const {
  if (mapping_) mapping_->release();
}

uint64_t ReferenceIndex::documentFrequency(std::size_t word) const {
  return readU64(directory_.data() + word * kDirectoryEntryBytes + 8);
}

uint64_t ReferenceIndex::occurrences(std::size_t word) const {
  return readU64(directory_.data() + word * kDirectoryEntryBytes + 16);
}

void ReferenceIndex::postings(std::size_t word, WordPostings& out) const {
  PostingsCursor cursor(*this, word);
  cursor.next(numDocuments(), out);
}

PostingsCursor::PostingsCursor(const ReferenceIndex& index, std::size_t word) : index_(&index), word_(word) {
  if (word >= index.words_.size())
    throw FormatError(index.source_, "no word " + std::to_string(word) + " in the reference index");
  const uint8_t* entry = index.directory_.data() + word * kDirectoryEntryBytes;
  const uint64_t offset = readU64(entry);
  const uint64_t end = word + 1 < index.words_.size() ? readU64(entry + kDirectoryEntryBytes) : index.postings_.size();
  bytes_ = index.postings_.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(end - offset));
  documentsLeft_ = index.documentFrequency(word);
  occurrencesLeft_ = index.occurrences(word);
}

void PostingsCursor::next(uint64_t endDocument, WordPostings& out) try {
  out.documents.clear();
  out.start.assign(1, 0);
  out.positions.clear();
  const ReferenceIndex& index = *index_;
  const std::string what = "the postings of '" + index.words_[word_] + "'";
  const auto damaged = [&] { return FormatError(index.source_, "damaged reference index: " + what + " are inconsistent"); };
  VarintCursor cursor(bytes_, index.source_, what.c_str(), at_);
  const std::vector<uint32_t>& lengths = index.lengths_;
  while (documentsLeft_ > 0) {
    if (!pending_) {
      const uint64_t delta = cursor.next();
      if (delta >= lengths.size() - static_cast<uint64_t>(document_ + 1)) throw damaged();
      document_ += static_cast<int64_t>(delta) + 1;
      pending_ = true;
    }
    if (static_cast<uint64_t>(document_) >= endDocument) break;
    pending_ = false;
    --documentsLeft_;
    const uint64_t length = lengths[static_cast<std::size_t>(document_)];
    const uint64_t count = cursor.next();
    if (count >= length || count >= occurrencesLeft_) throw damaged();
    occurrencesLeft_ -= count + 1;
    int64_t position = -1;
    for (uint64_t p = 0; p <= count; ++p) {
      const uint64_t step = cursor.next();
      if (step >= length - static_cast<uint64_t>(position + 1)) throw damaged();
      position += static_cast<int64_t>(step) + 1;
      out.positions.push_back(static_cast<uint32_t>(position));
    }
    out.documents.push_back(static_cast<uint32_t>(document_));
    out.start.push_back(out.positions.size());
  }
  at_ = cursor.at();
  if (documentsLeft_ == 0 && (occurrencesLeft_ != 0 || !cursor.done())) throw damaged();
  index_->checkIntact();  // zeros read past a truncation can look consistent
} catch (const FormatError&) {
  index_->checkIntact();  // what a truncation makes of the bytes is not the file's fault
  throw;
}

// ---- writing ----

struct ReferenceIndexWriter::Run {
  std::FILE* file = nullptr;
  std::vector<uint64_t> sizes;  // per word
  ~Run() {
    if (file != nullptr) std::fclose(file);
  }
};

namespace {

using Occurrence = std::pair<int32_t, uint32_t>;  // word id, position

void checkDocumentFits(std::size_t length, uint64_t document) {
  if (length > std::numeric_limits<uint32_t>::max() || document >= std::numeric_limits<uint32_t>::max())
    throw FormatError("reference index", "a document or the corpus is too large for a reference index");
}

// Hands `word` each distinct word id of the document with its occurrences, by
// increasing position (the postings' order within a document).
template <class EachWord>
void forEachWordOf(std::span<const int32_t> ids, std::vector<Occurrence>& scratch, EachWord word) {
  scratch.clear();
  for (std::size_t p = 0; p < ids.size(); ++p) scratch.emplace_back(ids[p], static_cast<uint32_t>(p));
  std::sort(scratch.begin(), scratch.end());
  for (std::size_t i = 0; i < scratch.size();) {
    const int32_t id = scratch[i].first;
    if (id < 0) throw FormatError("reference index", "a negative word id");
    std::size_t j = i;
    while (j < scratch.size() && scratch[j].first == id) ++j;
    word(static_cast<std::size_t>(id), std::span<const Occurrence>(scratch).subspan(i, j - i));
    i = j;
  }
}

// One document's entry in a word's postings (the layout in the header).
void putPosting(std::vector<uint8_t>& out, uint64_t documentGap, std::span<const Occurrence> at) {
  putVarint(out, documentGap);
  putVarint(out, at.size() - 1);
  int64_t previous = -1;
  for (const Occurrence& occurrence : at) {
    putVarint(out, static_cast<uint64_t>(occurrence.second - previous - 1));
    previous = occurrence.second;
  }
}

}  // namespace

void ReferenceIndexBatch::addDocument(std::span<const int32_t> ids) {
  checkDocumentFits(ids.size(), firstDocument_ + documents_);
  putVarint(lengths_, ids.size());
  const auto document = static_cast<int64_t>(documents_);
  forEachWordOf(ids, scratch_, [&](std::size_t id, std::span<const Occurrence> at) {
    if (id >= slots_.size()) slots_.resize(id + 1, -1);
    if (slots_[id] < 0) {
      slots_[id] = static_cast<int32_t>(words_.size());
      words_.emplace_back().id = static_cast<int32_t>(id);
    }
    Word& word = words_[static_cast<std::size_t>(slots_[id])];
    putPosting(word.postings, static_cast<uint64_t>(document - word.lastDocument - 1), at);
    word.lastDocument = document;
    ++word.documentFrequency;
    word.occurrences += at.size();
  });
  ++documents_;
  tokens_ += ids.size();
}

ReferenceIndexWriter::ReferenceIndexWriter(std::size_t runBytes) : runBytes_(std::max<std::size_t>(runBytes, 1)) {}
ReferenceIndexWriter::~ReferenceIndexWriter() = default;

void ReferenceIndexWriter::addDocument(std::span<const int32_t> ids) {
  checkDocumentFits(ids.size(), documents_);
  if (documents_ % 256 == 0) stopIfCancelled();
  putVarint(lengths_, ids.size());
  const auto document = static_cast<int64_t>(documents_);
  forEachWordOf(ids, scratch_, [&](std::size_t w, std::span<const Occurrence> at) {
    if (w >= buffers_.size()) {
      buffers_.resize(w + 1);
      lastDocument_.resize(w + 1, -1);
      documentFrequency_.resize(w + 1, 0);
      occurrences_.resize(w + 1, 0);
    }
    std::vector<uint8_t>& buffer = buffers_[w];
    const std::size_t before = buffer.size();
    putPosting(buffer, static_cast<uint64_t>(document - lastDocument_[w] - 1), at);
    buffered_ += buffer.size() - before;
    lastDocument_[w] = document;
    ++documentFrequency_[w];
    occurrences_[w] += at.size();
  });
  ++documents_;
  tokens_ += ids.size();
  if (buffered_ >= runBytes_) spill();
}

void ReferenceIndexWriter::append(ReferenceIndexBatch&& batch) {
  if (batch.firstDocument_ != documents_)
    throw std::logic_error("a reference index batch appended out of document order");
  if (!batch.slots_.empty() && batch.slots_.size() > buffers_.size()) {
    const std::size_t size = batch.slots_.size();
    buffers_.resize(size);
    lastDocument_.resize(size, -1);
    documentFrequency_.resize(size, 0);
    occurrences_.resize(size, 0);
  }
  const auto first = static_cast<int64_t>(batch.firstDocument_);
  const std::string source = "reference index";
  for (ReferenceIndexBatch::Word& word : batch.words_) {
    const auto w = static_cast<std::size_t>(word.id);
    // The word's first document in the batch, counted from the batch's start,
    // becomes its gap from the word's last document before the batch.
    VarintCursor cursor(word.postings, source, "a batch's postings");
    const auto local = static_cast<int64_t>(cursor.next());
    std::vector<uint8_t>& buffer = buffers_[w];
    const std::size_t before = buffer.size();
    putVarint(buffer, static_cast<uint64_t>(first + local - lastDocument_[w] - 1));
    const auto rest = cursor.take(word.postings.size() - cursor.at());
    buffer.insert(buffer.end(), rest.begin(), rest.end());
    buffered_ += buffer.size() - before;
    lastDocument_[w] = first + word.lastDocument;
    documentFrequency_[w] += word.documentFrequency;
    occurrences_[w] += word.occurrences;
  }
  lengths_.insert(lengths_.end(), batch.lengths_.begin(), batch.lengths_.end());
  documents_ += batch.documents_;
  tokens_ += batch.tokens_;
  if (buffered_ >= runBytes_) spill();
}

void ReferenceIndexWriter::spill() {
  stopIfCancelled();
  auto run = std::make_unique<Run>();
  run->file = std::tmpfile();
  if (run->file == nullptr)
    throw FormatError("reference index", std::string("cannot make a temporary file for its runs: ") + std::strerror(errno));
  run->sizes.resize(buffers_.size());
  for (std::size_t w = 0; w < buffers_.size(); ++w) {
    std::vector<uint8_t>& buffer = buffers_[w];
    run->sizes[w] = buffer.size();
    if (!buffer.empty() && std::fwrite(buffer.data(), 1, buffer.size(), run->file) != buffer.size())
      throw FormatError("reference index", std::string("cannot write a temporary run: ") + std::strerror(errno));
    std::vector<uint8_t>().swap(buffer);
  }
  if (std::fflush(run->file) != 0 || std::fseek(run->file, 0, SEEK_SET) != 0)
    throw FormatError("reference index", std::string("cannot write a temporary run: ") + std::strerror(errno));
  buffered_ = 0;
  runs_.push_back(std::move(run));
}

void ReferenceIndexWriter::finish(const std::vector<std::string>& words, std::ostream& out, const std::string& target) {
  if (buffers_.size() > words.size())
    throw FormatError(target, "word id " + std::to_string(buffers_.size() - 1) + " is beyond the " +
                                  std::to_string(words.size()) + " words given");
  const std::size_t vocabulary = words.size();
  buffers_.resize(vocabulary);
  documentFrequency_.resize(vocabulary, 0);
  occurrences_.resize(vocabulary, 0);
  std::vector<uint8_t> wordBytes;
  for (const std::string& word : words) {
    putVarint(wordBytes, word.size());
    wordBytes.insert(wordBytes.end(), word.begin(), word.end());
  }
  std::vector<uint64_t> segment(vocabulary, 0);
  uint64_t postingsBytes = 0;
  for (std::size_t w = 0; w < vocabulary; ++w) {
    for (const auto& run : runs_) segment[w] += w < run->sizes.size() ? run->sizes[w] : 0;
    segment[w] += buffers_[w].size();
    postingsBytes += segment[w];
  }
  const uint64_t fileBytes = kHeaderBytes + wordBytes.size() + lengths_.size() + kDirectoryEntryBytes * vocabulary +
                             postingsBytes + kTrailerBytes;
  uint32_t crc = 0;
  const auto write = [&](std::span<const uint8_t> bytes) {
    crc = crc32Of(crc, bytes);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw FormatError(target, "cannot write the reference index");
  };
  std::vector<uint8_t> header(kReferenceIndexMagic, kReferenceIndexMagic + 8);
  putU32(header, kReferenceIndexVersion);
  putU32(header, unordered_ ? 1u : 0u);
  for (const uint64_t value : {documents_, tokens_, static_cast<uint64_t>(vocabulary), static_cast<uint64_t>(wordBytes.size()),
                               static_cast<uint64_t>(lengths_.size()), postingsBytes, fileBytes, uint64_t{0}})
    putU64(header, value);
  write(header);
  write(wordBytes);
  write(lengths_);
  std::vector<uint8_t> directory;
  directory.reserve(kDirectoryEntryBytes * vocabulary);
  uint64_t offset = 0;
  for (std::size_t w = 0; w < vocabulary; ++w) {
    putU64(directory, offset);
    putU64(directory, documentFrequency_[w]);
    putU64(directory, occurrences_[w]);
    offset += segment[w];
  }
  write(directory);
  std::vector<uint8_t> chunk;
  for (std::size_t w = 0; w < vocabulary; ++w) {
    if (w % 4096 == 0) stopIfCancelled();
    for (const auto& run : runs_) {
      const uint64_t size = w < run->sizes.size() ? run->sizes[w] : 0;
      if (size == 0) continue;
      chunk.resize(static_cast<std::size_t>(size));
      if (std::fread(chunk.data(), 1, chunk.size(), run->file) != chunk.size())
        throw FormatError(target, "cannot read back a temporary run of the reference index");
      write(chunk);
    }
    write(buffers_[w]);
  }
  std::vector<uint8_t> trailer;
  putU32(trailer, crc);
  // Byte by byte: GCC 12 misreads a range insert from the char array as an overflow.
  for (int i = 0; i < 4; ++i) trailer.push_back(static_cast<uint8_t>(kTrailerMagic[i]));
  out.write(reinterpret_cast<const char*>(trailer.data()), static_cast<std::streamsize>(trailer.size()));
  out.flush();
  if (!out) throw FormatError(target, "cannot write the reference index");
}

}  // namespace topiceval::formats
