#include "formats/held_out_reader.hpp"

#include <algorithm>
#include <unordered_map>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/object_stream_reader.hpp"
#include "formats/read_budget.hpp"
#include "formats/text_encoding.hpp"

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

std::string decompressIfGzipped(const std::vector<uint8_t>& bytes, const std::string& source) {
  if (!looksLikeGzip(bytes)) return std::string(bytes.begin(), bytes.end());
  return decompressGzip(bytes, source);
}

// What DocumentCollection keeps per document besides its tokens: an offset and two names.
constexpr std::size_t kDocumentBookkeeping = sizeof(std::size_t) + 2 * sizeof(std::string);

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// MALLET's import-file layout, name<TAB>label<TAB>text, read as plain text
// would count every name and label as a word: refused when each of the first
// non-empty lines (up to 20) has at least two tabs.
void refuseImportFileLayout(std::string_view text, const std::string& source) {
  std::size_t checked = 0;
  for (std::size_t start = 0; start < text.size() && checked < 20;) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r\f\v") == std::string_view::npos) continue;
    if (std::count(line.begin(), line.end(), '\t') < 2) return;
    ++checked;
  }
  if (checked == 0) return;
  throw FormatError(source,
                    "looks like MALLET's import-file layout (name<TAB>label<TAB>text), whose names and labels plain "
                    "text would count as words: import it with 'mallet import-file --use-pipe-from' the training "
                    "instance list and give that file");
}

[[noreturn]] void binaryData(const std::string& source) {
  throw FormatError(source, "holds binary data: not a MALLET instance list and not plain text");
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
  return namingFileOnAllocationFailure(
      source,
      [&] { return readHeldOutDocuments(readFileBytes(path, &checkHeldOutStart), source, modelAlphabet, modelName, kind); });
}

DocumentCollection readHeldOutDocuments(std::vector<uint8_t> bytes, const std::string& source,
                                        const Alphabet* modelAlphabet, const std::string& modelName,
                                        FileKind* kind) {
  if (kind != nullptr) *kind = looksLikeObjectStream(bytes) ? FileKind::InstanceList : FileKind::Text;
  if (looksLikeObjectStream(bytes)) {
    DocumentCollection documents = readInstanceList(bytes, source);
    if (modelAlphabet != nullptr && documents.alphabet() != nullptr)
      checkAlphabetsAgree(*documents.alphabet(), *modelAlphabet, source, modelName);
    return documents;
  }
  if (modelAlphabet == nullptr)
    throw FormatError(source,
                      "plain-text documents need a model with words (an inferencer, a saved model or a "
                      "topic state); " +
                          modelName + " has none");
  const std::string decompressed = decompressIfGzipped(bytes, source);
  const std::string_view text = utf8Text(decompressed, source);
  for (const char c : text) {
    if (c == '\0') binaryData(source);
  }
  refuseImportFileLayout(text, source);
  // Every line is a document, even an empty one; charge each its bookkeeping so
  // that a file of newlines cannot ask for millions of them.
  ReadBudget budget(text.size(), source);
  std::vector<std::string> words = modelAlphabet->words();
  std::unordered_map<std::string, int32_t> unseen;
  DocumentCollection documents;
  std::vector<int32_t> tokens;
  std::size_t line = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    ++line;
    tokens.clear();
    std::size_t i = start;
    while (i < end) {
      while (i < end && isSpace(text[i])) ++i;
      const std::size_t wordStart = i;
      while (i < end && !isSpace(text[i])) ++i;
      if (i == wordStart) continue;
      const std::string_view word(text.data() + wordStart, i - wordStart);
      if (const auto known = modelAlphabet->indexOf(word)) {
        tokens.push_back(*known);
        continue;
      }
      const auto [found, inserted] = unseen.emplace(std::string(word), static_cast<int32_t>(words.size()));
      if (inserted) {
        budget.charge(2 * (sizeof(std::string) + word.size()) + 32, "unseen words");
        words.emplace_back(word);
      }
      tokens.push_back(found->second);
    }
    budget.charge(kDocumentBookkeeping + tokens.size() * sizeof(int32_t), "documents");
    documents.add(tokens, "line " + std::to_string(line));
    start = end + 1;
  }
  documents.setAlphabet(std::make_shared<const Alphabet>(std::move(words)));
  return documents;
}

}  // namespace topiceval::formats
