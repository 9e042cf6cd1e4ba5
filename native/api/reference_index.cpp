// topiceval::writeReferenceIndex (topiceval/reference_index.hpp): reference
// texts read once into formats/reference_index's file.
#include "topiceval/reference_index.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/reference_index.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/model_data.hpp"
#include "native/runtime/classic_locale.hpp"
#include "native/runtime/parallel_runner.hpp"
#include "topiceval/errors.hpp"

namespace topiceval {

namespace {

// Batches handed from the thread that reads the texts to one that adds them to
// the index, so that reading the next batch overlaps adding this one. The
// writer takes the batches in the order read: the index is the same bytes on
// any number of threads. At most kDepth batches wait, so memory stays flat.
class IndexingThread {
 public:
  explicit IndexingThread(formats::ReferenceIndexWriter& writer) : writer_(writer), thread_([this] { run(); }) {}
  ~IndexingThread() { stop(); }
  IndexingThread(const IndexingThread&) = delete;
  IndexingThread& operator=(const IndexingThread&) = delete;

  void add(DocumentCollection batch) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return waiting_.size() < kDepth || failure_; });
    if (failure_) std::rethrow_exception(failure_);
    waiting_.push_back(std::move(batch));
    ready_.notify_one();
  }
  // Every batch added; what adding one threw.
  void finish() {
    stop();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  static constexpr std::size_t kDepth = 2;
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      done_ = true;
    }
    ready_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  void run() {
    for (;;) {
      std::optional<DocumentCollection> batch;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return !waiting_.empty() || done_; });
        if (waiting_.empty()) return;
        batch.emplace(std::move(waiting_.front()));
        waiting_.pop_front();
      }
      room_.notify_one();
      try {
        for (std::size_t d = 0; d < batch->size(); ++d) writer_.addDocument(batch->document(d));
      } catch (...) {
        const std::lock_guard lock(mutex_);
        failure_ = std::current_exception();
        waiting_.clear();
        room_.notify_all();
        return;
      }
    }
  }

  formats::ReferenceIndexWriter& writer_;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<DocumentCollection> waiting_;
  bool done_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: started once the rest is made
};

}  // namespace

IndexResult writeReferenceIndex(const IndexRequest& request, std::ostream& out, const std::string& outName) try {
  const formats::ReadSession reads;
  const ClassicLocale classic;
  validate(request);
  if (!request.texts) throw SettingError("texts", "needs the reference texts to index");
  const DocumentsSource& source = *request.texts;
  formats::ReferenceIndexWriter writer;
  std::vector<std::string> words;
  IndexResult result;
  const auto addAll = [&](const Documents& documents) {
    if (documents.words() == nullptr)
      throw SettingError("texts", "the documents carry no words: give them with their words (withWords)");
    for (std::size_t d = 0; d < documents.size(); ++d) writer.addDocument(documents.tokens(d));
    if (documents.anyUnordered()) writer.markUnordered();
    words = *documents.words();
    result.unordered = documents.anyUnordered();
  };
  // Plain text (gzipped or not) and instance lists in a file are read a batch
  // at a time (the ids are those the whole file's reading gives it:
  // coherence's --texts reads it so); other inputs are read whole, as
  // coherence reads them.
  const Alphabet none;
  std::optional<IndexingThread> adding;
  if (resolveThreads(request.threads) > 1) adding.emplace(writer);
  std::size_t batches = 0;
  const auto add = [&](DocumentCollection batch, std::size_t) {
    ++batches;
    if (words.empty() && batch.alphabet() != nullptr) words = batch.alphabet()->words();
    if (adding) {
      adding->add(std::move(batch));
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
  if (adding) adding->finish();
  if (!batched) addAll(source.documents ? *source.documents : Documents::read(source.path));
  writer.finish(words, out, outName);
  result.documents = writer.documents();
  result.tokens = writer.tokens();
  result.words = words.size();
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);
}

}  // namespace topiceval
