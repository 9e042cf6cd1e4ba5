// SPDX-License-Identifier: Apache-2.0
// topiceval::writeReferenceIndex (topiceval/reference_index.hpp): reference
// texts read once into formats/reference_index's file.
#include "topiceval/reference_index.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <streambuf>
#include <thread>
#include <vector>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/reference_index.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/api/reference_index_writing.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "native/runtime/progress.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

namespace {

// Stretches of consecutive documents handed from the thread that reads the
// texts to `threads` threads, each of which builds a stretch's postings
// (formats::ReferenceIndexBatch) while the others build theirs; the writer
// takes the built stretches in the order they were read, so the index is the
// same bytes on any number of threads. At most `threads` stretches wait and
// `threads` are built at once, so memory stays flat in the corpus.
class IndexingThreads {
 public:
  // Adds a stretch's documents to the batch it is given.
  using Stretch = std::function<void(formats::ReferenceIndexBatch&)>;

  IndexingThreads(formats::ReferenceIndexWriter& writer, int threads) : writer_(writer), depth_(threads) {
    for (int t = 0; t < threads; ++t) threads_.emplace_back([this] { run(); });
  }
  ~IndexingThreads() { stop(); }
  IndexingThreads(const IndexingThreads&) = delete;
  IndexingThreads& operator=(const IndexingThreads&) = delete;

  void add(std::size_t documents, Stretch stretch) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return waiting_.size() < depth_ || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    waiting_.push_back({read_++, documents_, std::move(stretch)});
    documents_ += documents;
    ready_.notify_one();
  }
  // Every stretch added; what adding one threw.
  void finish() {
    stop();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  struct Waiting {
    std::size_t order;
    uint64_t firstDocument;
    Stretch stretch;
  };
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_all();
    for (std::thread& thread : threads_) {
      if (thread.joinable()) thread.join();
    }
  }
  void fail() {
    const std::lock_guard lock(mutex_);
    if (!failure_) failure_ = std::current_exception();
    waiting_.clear();
    room_.notify_all();
    ready_.notify_all();
    turn_.notify_all();
  }
  void run() {
    for (;;) {
      std::optional<Waiting> next;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return !waiting_.empty() || done_ || failure_; });
        if (waiting_.empty() || failure_) return;
        next.emplace(std::move(waiting_.front()));
        waiting_.pop_front();
      }
      room_.notify_one();
      try {
        formats::ReferenceIndexBatch batch(next->firstDocument);
        next->stretch(batch);
        next->stretch = nullptr;  // the read documents go before this thread waits its turn
        std::unique_lock lock(mutex_);
        turn_.wait(lock, [&] { return appended_ == next->order || failure_; });
        if (failure_) return;
        writer_.append(std::move(batch));
        ++appended_;
        turn_.notify_all();
      } catch (...) {
        fail();
        return;
      }
    }
  }

  formats::ReferenceIndexWriter& writer_;
  const std::size_t depth_;
  std::mutex mutex_;
  std::condition_variable ready_, room_, turn_;
  std::deque<Waiting> waiting_;
  std::size_t read_ = 0;      // stretches added
  std::size_t appended_ = 0;  // stretches the writer has taken
  uint64_t documents_ = 0;    // documents added
  bool done_ = false;
  std::exception_ptr failure_;
  std::vector<std::thread> threads_;  // last: started once the rest is made
};

// Documents in memory are handed over in stretches of this many.
constexpr std::size_t kStretchDocuments = 4096;

}  // namespace

IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out, const std::string& outName) {
  IndexWriting writing;
  return writeReferenceIndex(request, out, outName, writing);
}

IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out, const std::string& outName,
                                IndexWriting& writing) try {
  const formats::ReadSession reads;
  const ClassicLocale classic;
  validate(request);
  if (!request.texts) throw SettingError("texts", "needs the reference texts to index");
  const DocumentsSource& source = *request.texts;
  formats::ReferenceIndexWriter writer(writing.runBytes);
  std::vector<std::string> words;
  IndexResult result;
  const int threads = resolveThreads(request.threads);
  std::optional<IndexingThreads> adding;
  if (threads > 1) adding.emplace(writer, threads);
  const auto addAll = [&](const Documents& documents) {
    if (documents.words() == nullptr)
      throw SettingError("texts", "the documents carry no words: give them with their words (withWords)");
    if (adding) {
      for (std::size_t first = 0; first < documents.size(); first += kStretchDocuments) {
        stopIfCancelled();
        const std::size_t end = std::min(documents.size(), first + kStretchDocuments);
        adding->add(end - first, [&documents, first, end](formats::ReferenceIndexBatch& batch) {
          for (std::size_t d = first; d < end; ++d) batch.addDocument(documents.tokens(d));
        });
      }
      adding->finish();
    } else {
      for (std::size_t d = 0; d < documents.size(); ++d) writer.addDocument(documents.tokens(d));
    }
    if (documents.anyUnordered()) writer.markUnordered();
    words = *documents.words();
    result.unordered = documents.anyUnordered();
  };
  // Plain text (gzipped or not) and instance lists in a file are read a batch
  // at a time (the ids are those the whole file's reading gives it:
  // coherence's --texts reads it so); other inputs are read whole, as
  // coherence reads them.
  const Alphabet none;
  std::size_t batches = 0;
  const auto add = [&](DocumentCollection batch, std::size_t) {
    stopIfCancelled();
    ++batches;
    if (words.empty() && batch.alphabet() != nullptr) words = batch.alphabet()->words();
    if (adding) {
      const std::size_t count = batch.size();
      adding->add(count, [held = std::make_shared<DocumentCollection>(std::move(batch))](
                             formats::ReferenceIndexBatch& into) {
        for (std::size_t d = 0; d < held->size(); ++d) into.addDocument(held->document(d));
      });
    } else {
      for (std::size_t d = 0; d < batch.size(); ++d) writer.addDocument(batch.document(d));
    }
  };
  const bool inFile = !source.documents && source.path != "-";
  // An instance list's batches each carry its whole alphabet; a list without
  // instances hands over none and is read whole for its words.
  bool batched = inFile && formats::readTextInBatches(source.path, none, {4096, std::size_t{1} << 22}, add, &words);
  if (inFile && !batched) {
    batched =
        formats::readHeldOutListInBatches(source.path, nullptr, "", {4096, std::size_t{1} << 22}, add) && batches > 0;
  }
  if (adding && batched) adding->finish();
  if (!batched) addAll(source.documents ? *source.documents : Documents::read(source.path));
  writer.finish(words, out, outName);
  writing.runsWritten = writer.runsWritten();
  result.documents = writer.documents();
  result.tokens = writer.tokens();
  result.words = words.size();
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);
}

namespace {

// An ostream's bytes gathered in a vector, which the index then holds without a copy.
class BytesBuffer : public std::streambuf {
 public:
  std::vector<uint8_t> bytes;

 protected:
  std::streamsize xsputn(const char* data, std::streamsize count) override {
    bytes.insert(bytes.end(), reinterpret_cast<const uint8_t*>(data), reinterpret_cast<const uint8_t*>(data) + count);
    return count;
  }
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) bytes.push_back(static_cast<uint8_t>(c));
    return traits_type::not_eof(c);
  }
};

}  // namespace

formats::ReferenceIndex referenceIndexInMemory(const DocumentsSource& texts, int threads) {
  IndexRequest request;
  request.texts = texts;
  request.threads = threads;
  BytesBuffer buffer;
  std::ostream out(&buffer);
  const std::string name = detail::sourceName(texts);
  (void)writeReferenceIndex(request, out, name);
  return formats::ReferenceIndex::fromBytes(std::move(buffer.bytes), name);
}

}  // namespace topiceval
