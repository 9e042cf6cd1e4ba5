// SPDX-License-Identifier: Apache-2.0
#include "formats/held_out_reader.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <optional>
#include <utility>

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/line_splitter.hpp"
#include "formats/model_readers.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/read_budget.hpp"
#include "formats/text_encoding.hpp"
#include "native/model/word_index.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

namespace {

void checkAlphabetsAgree(const Alphabet& documents, const Alphabet& model, const std::string& source,
                         const std::string& modelName) {
  const std::size_t common = std::min(documents.size(), model.size());
  for (std::size_t i = 0; i < common; ++i) {
    const std::string& expected = model.word(i);
    if (expected.empty()) continue;  // a topic state does not name types without training tokens
    if (documents.word(i) != expected) {
      throw FormatError(
          source, "its alphabet disagrees with the model's: type " + std::to_string(i) + " is '" + documents.word(i) +
                      "' here but '" + expected + "' in " + modelName +
                      " (import the held-out documents with MALLET's --use-pipe-from the training instance list)");
    }
  }
}

// What DocumentCollection keeps per document besides its tokens: an offset and two names.
constexpr std::size_t kDocumentBookkeeping = sizeof(std::size_t) + 2 * sizeof(std::string);

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

[[noreturn]] void binaryData(const std::string& source) {
  throw FormatError(source, "holds binary data: not a MALLET instance list and not plain text");
}

// Plain text, one document per line, built as lines arrive: a file is never
// held whole. Every line is a document, even an empty one.
class TextDocuments {
 public:
  TextDocuments(const Alphabet& model, std::string source)
      : model_(model),
        modelWords_(model.size() > 0),
        budget_(0, source),
        source_(std::move(source)),
        words_(model.words()) {}

  // `bytes` more of the text have arrived: what reading may keep grows with them.
  void input(std::size_t bytes) { budget_.addInput(bytes); }

  // The whole text's length, when known: a token takes two bytes at least (a
  // letter and a space), so the tokens are reserved once, not copied as they
  // grow; the pages never written cost no memory. Up to kMostReserved only:
  // address space is not free where the system counts what is reserved.
  void expect(std::size_t textBytes) {
    documents_.reserve(0, std::min(textBytes / 2, kMostReserved / sizeof(int32_t)));
  }

  void line(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) binaryData(source_);
    checkLayout(text);
    ++lines_;
    words(text, "line " + std::to_string(lines_));
  }

  // A document given as whitespace-separated words (a line, or a training
  // document's words), looked up in the model's words.
  void words(std::string_view text, std::string name) {
    tokens_.clear();
    std::size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && isSpace(text[i])) ++i;
      const std::size_t wordStart = i;
      while (i < text.size() && !isSpace(text[i])) ++i;
      if (i == wordStart) continue;
      const std::string_view word(text.data() + wordStart, i - wordStart);
      // (Texts read with words of their own, as an index's, have no model's to look in.)
      if (const auto known = modelWords_ ? model_.indexOf(word) : std::nullopt) {
        tokens_.push_back(*known);
        continue;
      }
      // Words the model lacks get indices from its size on, in order of first appearance.
      std::optional<int32_t> unseen = unseen_.find(word, words_);
      if (!unseen) {
        budget_.charge(2 * (sizeof(std::string) + word.size()) + 32, "unseen words");
        unseen = static_cast<int32_t>(words_.size());
        words_.emplace_back(word);
        unseen_.insert(*unseen, words_);
      }
      tokens_.push_back(*unseen);
    }
    // Each line is charged its bookkeeping: a file of newlines cannot ask for millions of documents.
    budget_.charge(kDocumentBookkeeping + tokens_.size() * sizeof(int32_t), "documents");
    documents_.add(tokens_, std::move(name));
    if (batch_.documents > 0 && (documents_.size() >= batch_.documents || documents_.totalTokens() >= batch_.tokens))
      flush();
  }

  // Hands each batch of documents to `consume` as it is complete (see readTextInBatches).
  void inBatches(TextBatch batch, std::function<void(DocumentCollection, std::size_t)> consume) {
    batch_ = batch;
    consume_ = std::move(consume);
  }
  void flush() {
    if (documents_.empty()) return;
    const std::size_t count = documents_.size();
    consume_(std::exchange(documents_, DocumentCollection{}), consumed_);
    consumed_ += count;
  }

  DocumentCollection finish() {
    if (layoutLines_ > 0 && !layoutSettled_) refuseImportFileLayout();
    documents_.setAlphabet(std::make_shared<const Alphabet>(std::move(words_)));
    return std::move(documents_);
  }

 private:
  // MALLET's import-file layout, name<TAB>label<TAB>text, read as plain text
  // would count every name and label as a word: refused when each of the
  // first non-empty lines (up to 20) has at least two tabs.
  void checkLayout(std::string_view text) {
    if (layoutSettled_ || text.find_first_not_of(" \t\r\f\v") == std::string_view::npos) return;
    if (std::count(text.begin(), text.end(), '\t') < 2) {
      layoutSettled_ = true;
      return;
    }
    if (++layoutLines_ == 20) refuseImportFileLayout();
  }
  [[noreturn]] void refuseImportFileLayout() const {
    throw FormatError(source_,
                      "looks like MALLET's import-file layout (name<TAB>label<TAB>text), whose names and labels "
                      "plain text would count as words: import it with 'mallet import-file --use-pipe-from' the "
                      "training instance list and give that file");
  }

  const Alphabet& model_;
  bool modelWords_;
  ReadBudget budget_;
  std::string source_;
  std::vector<std::string> words_;
  WordIndex unseen_;  // over words_: the words beyond the model's
  DocumentCollection documents_;
  std::vector<int32_t> tokens_;
  std::size_t lines_ = 0;
  std::size_t layoutLines_ = 0;
  bool layoutSettled_ = false;
  TextBatch batch_;  // no documents: one collection at the end
  std::function<void(DocumentCollection, std::size_t)> consume_;
  std::size_t consumed_ = 0;
};

void requireWords(const Alphabet* modelAlphabet, const std::string& source, const std::string& modelName,
                  const std::string& what = "plain-text documents") {
  if (modelAlphabet == nullptr)
    throw FormatError(source, what + " need a model with words (an inferencer, a saved model or a topic state); " +
                                  modelName + " has none");
}

// Text that arrives in blocks (a file read in pieces, gzip decompressed as it
// is read), one document per line.
class TextReader {
 public:
  TextReader(const Alphabet& model, const std::string& source, std::optional<std::size_t> textBytes)
      : documents_(model, source), source_(source) {
    if (textBytes) documents_.expect(*textBytes);
  }
  TextReader(const TextReader&) = delete;  // lines_ calls back into this object
  TextReader& operator=(const TextReader&) = delete;
  void add(std::string_view block) {
    if (first_) block = utf8Text(block, source_);  // without a byte-order mark
    first_ = false;
    documents_.input(block.size());
    lines_.add(block);
  }
  DocumentCollection finish() {
    finishLines();
    return documents_.finish();
  }
  // The last line, when the text does not end with a newline.
  void finishLines() {
    if (!linesFinished_) lines_.finish();
    linesFinished_ = true;
  }
  TextDocuments& documents() { return documents_; }

 private:
  TextDocuments documents_;
  LineSplitter lines_{[this](std::string_view line) { documents_.line(line); }};
  std::string source_;
  bool first_ = true;
  bool linesFinished_ = false;
};

// Gzipped text, decompressed twice: once to check the whole stream (a
// damaged or truncated stream, or a bomb, is refused as such before any line
// is read as a document), then line by line, so that the text is never held
// whole. Decompressing costs far less than scoring the text.
DocumentCollection readGzippedText(std::span<const uint8_t> compressed, const std::string& source,
                                   const Alphabet& modelAlphabet) {
  std::vector<char> buffer(kFileBlockBytes);
  {
    GzipReader check(compressed, source);
    while (check.read(buffer) > 0) {
    }
  }
  GzipReader in(compressed, source);
  TextReader text(modelAlphabet, source, std::nullopt);
  for (std::size_t got; (got = in.read(buffer)) > 0;) text.add(std::string_view(buffer.data(), got));
  return text.finish();
}

// A model file given where documents belong. A topic state and a saved model
// hold their training documents, which are read as documents (their rows or
// instances, grouped by document, their words looked up as plain text's
// are); any other model is refused by name rather than read as what it is not
// (another Java object is left to the instance-list reader, which names its class).
void refuseModelAsDocuments(FileKind kind, const std::string& source) {
  switch (kind) {
    case FileKind::Evaluator:
    case FileKind::Inferencer:
    case FileKind::LogisticNormal:
    case FileKind::LdaModel:
    case FileKind::CtmC:
      throw FormatError(source,
                        std::string("is a ") + describeKind(kind) +
                            ", a model, not documents: give an instance list or plain text with one document per line");
    default: return;
  }
}

DocumentCollection trainingDocuments(const TrainingAssignments& training, const std::vector<std::string>& words,
                                     const std::string& source, const Alphabet* modelAlphabet,
                                     const std::string& modelName, FileKind kind) {
  const std::string what = std::string("the training documents of a ") + describeKind(kind);
  requireWords(modelAlphabet, source, modelName, what);
  TextDocuments documents(*modelAlphabet, source);
  std::string text;
  for (std::size_t d = 0; d < training.numDocuments(); ++d) {
    text.clear();
    for (const int32_t type : training.documentTypes(d)) {
      if (type < 0 || static_cast<std::size_t>(type) >= words.size() || words[static_cast<std::size_t>(type)].empty())
        throw FormatError(source, what + ": document " + std::to_string(d) + " has type " + std::to_string(type) +
                                      ", which it names no word for");
      text += words[static_cast<std::size_t>(type)];
      text += ' ';
    }
    documents.input(text.size());
    documents.words(text, "doc " + std::to_string(d));
  }
  return documents.finish();
}

}  // namespace

void checkHeldOutStart(std::span<const uint8_t> start, const std::string& source) {
  if (looksLikeObjectStream(start) || looksLikeGzip(start)) return;
  const std::span<const uint8_t> text = utf8Text(start, source);  // UTF-16 and UTF-32 by their names
  if (std::find(text.begin(), text.end(), uint8_t{0}) != text.end()) binaryData(source);
}

DocumentCollection readHeldOutDocuments(const std::string& path, const Alphabet* modelAlphabet,
                                        const std::string& modelName, FileKind* kind) {
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(source, [&]() -> DocumentCollection {
    if (!fileBytesAreLocal())
      return readHeldOutDocuments(readFileBytes(path, &checkHeldOutStart), source, modelAlphabet, modelName, kind);
    // Plain text, gzipped or not, is read as it arrives, so memory holds its
    // documents, not the file; an instance list or a gzipped state or model is
    // gathered and read as bytes.
    std::vector<uint8_t> gathered;
    std::optional<TextReader> text;
    std::optional<GzipBlocks> gzip;
    std::exception_ptr lineError;  // gzip's own errors come first, as the whole read's do
    std::optional<std::size_t> size;  // a stream has none: it grows as it arrives
    std::error_code unknown;
    if (const auto bytes = std::filesystem::file_size(path, unknown); !unknown && bytes <= kMaxInputBytes)
      size = static_cast<std::size_t>(bytes);
    const auto addText = [&](std::string_view decompressed) {
      if (lineError) return;
      try {
        text->add(decompressed);
      } catch (...) {
        lineError = std::current_exception();
      }
    };
    bool first = true;
    readFileBlocks(path, &checkHeldOutStart, [&](std::span<const uint8_t> block) {
      if (first && !looksLikeObjectStream(block)) {
        const FileKind found = recognise(block, source);
        refuseModelAsDocuments(found, source);
        if (!looksLikeGzip(block) || found == FileKind::Text) {
          requireWords(modelAlphabet, source, modelName);
          text.emplace(*modelAlphabet, source, looksLikeGzip(block) ? std::nullopt : size);
          if (looksLikeGzip(block)) gzip.emplace(source, size);
        }
      }
      if (first && !text && size) gathered.reserve(*size);
      first = false;
      if (gzip) {
        gzip->add(block, addText);
      } else if (text) {
        text->add(std::string_view(reinterpret_cast<const char*>(block.data()), block.size()));
      } else {
        gathered.insert(gathered.end(), block.begin(), block.end());
      }
    });
    if (gzip) {
      gzip->end(addText);
      if (lineError) std::rethrow_exception(lineError);
    }
    if (!text) return readHeldOutDocuments(std::move(gathered), source, modelAlphabet, modelName, kind);
    if (kind != nullptr) *kind = FileKind::Text;
    return text->finish();
  });
}

namespace {

// A file that can be read twice: a regular file this process reads (not
// standard input, a pipe, or rank 0's broadcast).
bool rereadable(const std::string& path) {
  requireFileName(path);
  std::error_code unknown;
  return path != "-" && std::filesystem::is_regular_file(path, unknown) && fileBytesAreLocal();
}

}  // namespace

bool isPlainTextFile(const std::string& path) {
  if (!rereadable(path)) return false;
  const std::vector<uint8_t> start = readFileStart(path, kRecognitionBytes);
  if (start.empty() || looksLikeObjectStream(start)) return false;
  // A gzipped topic state is left to the whole read (readGzippedTextInBatches).
  return !looksLikeGzip(start) || recognise(start, path) == FileKind::Text;
}

bool readHeldOutListInBatches(const std::string& path, const Alphabet* modelAlphabet, const std::string& modelName,
                              InstanceBatch batch,
                              const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                              const std::function<void(std::size_t documents, uint64_t tokens)>& checked) {
  if (!rereadable(path) || recogniseFile(path) != FileKind::InstanceList) return false;
  bool first = true;
  return readInstanceListInBatches(
      path, batch,
      [&](DocumentCollection documents, std::size_t firstDocument) {
        if (first && modelAlphabet != nullptr && documents.alphabet() != nullptr)
          checkAlphabetsAgree(*documents.alphabet(), *modelAlphabet, path, modelName);
        first = false;
        consume(std::move(documents), firstDocument);
      },
      checked);
}

namespace {

// Gzipped text read in batches as it is decompressed (see readTextInBatches).
// A gzipped topic state or saved model is left to the whole read, which reads
// their training documents.
bool readGzippedTextInBatches(const std::string& path, std::span<const uint8_t> start, const Alphabet& modelAlphabet,
                              TextBatch batch,
                              const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                              std::vector<std::string>* words) {
  const FileKind found = recognise(start, path);
  refuseModelAsDocuments(found, path);
  if (found == FileKind::TopicState || found == FileKind::ParallelTopicModel) return false;
  namingFileOnAllocationFailure(path, [&] {
    TextReader reader(modelAlphabet, path, std::nullopt);
    reader.documents().inBatches(batch, consume);
    bool inText = false;
    try {
      forEachGzipFileBlock(path, &checkHeldOutStart, [&](std::string_view text) {
        inText = true;
        reader.add(text);
        inText = false;
      });
    } catch (...) {
      // The whole read checks the stream before reading a line: where a line
      // of damaged data failed first, the stream's own error is the one to give.
      if (!inText) throw;
      const std::exception_ptr lineError = std::current_exception();
      forEachGzipFileBlock(path, &checkHeldOutStart, [](std::string_view) {});
      std::rethrow_exception(lineError);
    }
    reader.finishLines();
    reader.documents().flush();                        // the last, shorter batch
    const DocumentCollection whole = reader.finish();  // the checks of the whole text
    if (words != nullptr) *words = whole.alphabet()->words();
    return 0;
  });
  return true;
}

}  // namespace

bool readTextInBatches(const std::string& path, const Alphabet& modelAlphabet, TextBatch batch,
                       const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                       std::vector<std::string>* words) {
  if (!rereadable(path)) return false;
  const std::vector<uint8_t> start = readFileStart(path, kRecognitionBytes);
  if (looksLikeGzip(start)) return readGzippedTextInBatches(path, start, modelAlphabet, batch, consume, words);
  struct NotText {};
  try {
    namingFileOnAllocationFailure(path, [&] {
      std::optional<TextReader> reader;
      readFileBlocks(path, &checkHeldOutStart, [&](std::span<const uint8_t> block) {
        if (!reader) {
          if (looksLikeObjectStream(block) || looksLikeGzip(block)) throw NotText{};
          refuseModelAsDocuments(recognise(block, path), path);
          reader.emplace(modelAlphabet, path, std::nullopt);
          reader->documents().inBatches(batch, consume);
        }
        reader->add(std::string_view(reinterpret_cast<const char*>(block.data()), block.size()));
      });
      if (!reader) throw NotText{};  // readFileBlocks refuses an empty file before this
      reader->finishLines();
      reader->documents().flush();  // the last, shorter batch
      const DocumentCollection whole = reader->finish();  // the checks of the whole text
      if (words != nullptr) *words = whole.alphabet()->words();
      return 0;
    });
  } catch (const NotText&) {
    return false;
  }
  return true;
}

DocumentCollection readHeldOutDocuments(std::vector<uint8_t> bytes, const std::string& source,
                                        const Alphabet* modelAlphabet, const std::string& modelName,
                                        FileKind* kind) {
  const FileKind found = recognise(std::span<const uint8_t>(bytes).first(std::min(bytes.size(), kRecognitionBytes)),
                                   source);
  refuseModelAsDocuments(found, source);
  if (found == FileKind::TopicState) {
    if (kind != nullptr) *kind = found;
    const TopicStateContents state = readTopicStateContents(bytes, source);
    return trainingDocuments(state.documents, state.words, source, modelAlphabet, modelName, found);
  }
  if (found == FileKind::ParallelTopicModel) {
    if (kind != nullptr) *kind = found;
    const ModelWithAssignments saved = readParallelTopicModelWithAssignments(bytes, source);
    if (saved.model.alphabet == nullptr) throw FormatError(source, "a saved model without an alphabet");
    return trainingDocuments(saved.documents, saved.model.alphabet->words(), source, modelAlphabet, modelName, found);
  }
  if (kind != nullptr) *kind = looksLikeObjectStream(bytes) ? FileKind::InstanceList : FileKind::Text;
  if (looksLikeObjectStream(bytes)) {
    DocumentCollection documents = readInstanceList(bytes, source);
    if (modelAlphabet != nullptr && documents.alphabet() != nullptr)
      checkAlphabetsAgree(*documents.alphabet(), *modelAlphabet, source, modelName);
    return documents;
  }
  requireWords(modelAlphabet, source, modelName);
  if (looksLikeGzip(bytes)) return readGzippedText(bytes, source, *modelAlphabet);
  TextReader text(*modelAlphabet, source, bytes.size());
  text.add(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  return text.finish();
}

}  // namespace topiceval::formats
