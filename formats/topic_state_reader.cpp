// The gzipped topic state MALLET writes with --output-state.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <span>
#include <string_view>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/gzip_input.hpp"
#include "formats/model_readers.hpp"
#include "formats/read_budget.hpp"
#include "native/model/model_validator.hpp"

namespace topiceval::formats {

namespace {

std::vector<std::string_view> splitOnSpaces(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

bool parseInteger(std::string_view text, int64_t& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

bool parseDouble(std::string_view text, double& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

class TopicStateParser {
 public:
  TopicStateParser(const std::string& source, std::size_t compressedBytes)
      : source_(source), budget_(GzipReader::outputLimit(compressedBytes), source) {}

  TopicStateContents parse(GzipReader& in) {
    // Lines are bounded so that a decompressed stream without newlines cannot
    // grow one string without limit.
    constexpr std::size_t kMaxLine = std::size_t{16} << 20;
    auto consume = [&](std::string_view line) {
      ++lineNumber_;
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line.empty()) return;
      if (line[0] == '#') {
        header(line);
      } else {
        row(line);
      }
    };
    forEachLine(in, kMaxLine, consume, [&] {
      ++lineNumber_;
      fail("a line longer than 16 MiB: not a MALLET topic state");
    });
    return finish();
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw FormatError(source_, "line " + std::to_string(lineNumber_) + ": " + problem);
  }

  void header(std::string_view line) {
    const auto fields = splitOnSpaces(line.substr(1));
    if (fields.size() >= 2 && fields[0] == "alpha" && fields[1] == ":") {
      // One model per file: a second header would change the topics of rows already read.
      if (haveAlpha_) fail("a second #alpha line: a MALLET topic state holds one model");
      for (std::size_t i = 2; i < fields.size(); ++i) {
        double value = 0;
        if (!parseDouble(fields[i], value) || !std::isfinite(value) || value <= 0)
          fail("alpha value '" + std::string(fields[i]) + "' is not a positive number");
        budget_.charge(sizeof(double) * 3 + sizeof(int32_t), "the #alpha line's topics");
        alpha_.push_back(value);
      }
      if (alpha_.empty()) fail("the #alpha line lists no values");
      haveAlpha_ = true;
    } else if (fields.size() >= 2 && fields[0] == "beta" && fields[1] == ":") {
      if (haveBeta_) fail("a second #beta line: a MALLET topic state holds one model");
      if (fields.size() != 3 || !parseDouble(fields[2], beta_) || !std::isfinite(beta_) || beta_ <= 0)
        fail("the #beta line must hold one positive number");
      haveBeta_ = true;
    }
    // Other comment lines (the column header) carry nothing we need.
  }

  void row(std::string_view line) {
    if (!haveAlpha_ || !haveBeta_) fail("a token row before the #alpha and #beta lines: is this a MALLET topic state?");
    // doc source pos typeindex type topic; the source may itself contain spaces.
    const auto fields = splitOnSpaces(line);
    if (fields.size() < 6)
      fail("expected 6 columns (doc source pos typeindex type topic), found " + std::to_string(fields.size()));
    int64_t doc = 0, position = 0, type = 0, topic = 0;
    const std::size_t n = fields.size();
    if (!parseInteger(fields[0], doc) || doc < 0)
      fail("document index '" + std::string(fields[0]) + "' is not a number");
    if (!parseInteger(fields[n - 4], position) || position < 0)
      fail("position '" + std::string(fields[n - 4]) + "' is not a number");
    if (!parseInteger(fields[n - 3], type) || type < 0)
      fail("type index '" + std::string(fields[n - 3]) + "' is not a non-negative number");
    if (!parseInteger(fields[n - 1], topic) || topic < 0 || topic >= static_cast<int64_t>(alpha_.size()))
      fail("topic '" + std::string(fields[n - 1]) + "' is outside 0.." + std::to_string(alpha_.size() - 1) +
           " (the #alpha line lists " + std::to_string(alpha_.size()) + " topics)");
    // A state lists its types in order of first appearance (MALLET numbers the
    // alphabet as it reads), so an index far beyond the tokens read so far is a
    // damaged file; the bound also keeps a hostile index from sizing the model.
    if (type > 4 * static_cast<int64_t>(contents_.documents.numTokens()) + 1000000)
      fail("type index " + std::to_string(type) + " is implausibly large after " + std::to_string(contents_.documents.numTokens()) +
           " tokens");
    const auto typeIndex = static_cast<std::size_t>(type);
    if (typeIndex >= words_.size()) {
      budget_.charge((typeIndex + 1 - words_.size()) * (sizeof(std::string) + 2 * sizeof(std::size_t)), "type slots");
      words_.resize(typeIndex + 1);
    }
    std::string& word = words_[typeIndex];
    if (word.empty()) {
      budget_.charge(fields[n - 2].size(), "words");
      word.assign(fields[n - 2]);
    } else if (word != fields[n - 2]) {
      fail("type index " + std::to_string(type) + " is '" + std::string(fields[n - 2]) + "' here but '" + word +
           "' earlier");
    }
    budget_.charge(2 * sizeof(uint64_t), "token rows");
    // A new value in the doc column starts a document; rows stay in file order
    // (MALLET's order of documents and positions).
    if (contents_.documents.numTokens() > 0 && doc != currentDocument_) contents_.documents.endDocument();
    currentDocument_ = doc;
    contents_.documents.add(static_cast<int32_t>(type), static_cast<int32_t>(topic));
  }

  TopicStateContents finish() {
    if (!haveAlpha_) throw FormatError(source_, "no '#alpha :' line: not a MALLET topic state");
    if (!haveBeta_) throw FormatError(source_, "no '#beta :' line: not a MALLET topic state");
    if (contents_.documents.numTokens() == 0) throw FormatError(source_, "the topic state holds no tokens");
    contents_.documents.endDocument();
    contents_.alpha = std::move(alpha_);
    contents_.beta = beta_;
    contents_.words = std::move(words_);
    return std::move(contents_);
  }

  const std::string& source_;
  ReadBudget budget_;
  std::size_t lineNumber_ = 0;
  bool haveAlpha_ = false;
  bool haveBeta_ = false;
  std::vector<double> alpha_;
  double beta_ = 0;
  std::vector<std::string> words_;
  int64_t currentDocument_ = -1;
  TopicStateContents contents_;
};

}  // namespace

TopicStateContents readTopicStateContents(std::span<const uint8_t> bytes, const std::string& source) {
  if (bytes.size() < 2 || bytes[0] != 0x1F || bytes[1] != 0x8B)
    throw FormatError(source, "is not gzip-compressed: a MALLET topic state (--output-state) is a .gz file");
  GzipReader in(bytes, source);
  return TopicStateParser(source, bytes.size()).parse(in);
}

TopicModel modelFromTopicState(const TopicStateContents& contents, std::shared_ptr<const Alphabet> words,
                               const std::string& source) {
  // Each word's (type << 32 | topic) in order: runs of equal values are counts.
  std::vector<uint64_t> tokens(contents.documents.numTokens());
  for (std::size_t n = 0; n < tokens.size(); ++n)
    tokens[n] = (static_cast<uint64_t>(contents.documents.types[n]) << 32) |
                static_cast<uint64_t>(contents.documents.topics[n]);
  std::sort(tokens.begin(), tokens.end());
  const int numTopics = static_cast<int>(contents.alpha.size());
  TopicModel model;
  model.numTopics = numTopics;
  TopicModel::topicBitsFor(numTopics, model.topicBits, model.topicMask);
  model.alpha = contents.alpha;
  for (const double a : contents.alpha) model.alphaSum += a;
  model.beta = contents.beta;
  model.betaSum = contents.beta * static_cast<double>(words->size());
  model.tokensPerTopic.assign(contents.alpha.size(), 0);
  const int64_t maxCount = int64_t{model.maxPackedCount()};
  std::vector<std::pair<int64_t, int32_t>> counts;  // (count, topic) for one type
  std::vector<int32_t> row;
  std::size_t i = 0;
  for (std::size_t type = 0; type < words->size(); ++type) {
    counts.clear();
    while (i < tokens.size() && (tokens[i] >> 32) == type) {
      const auto topic = static_cast<int32_t>(tokens[i] & 0xFFFFFFFFu);
      std::size_t j = i;
      while (j < tokens.size() && tokens[j] == tokens[i]) ++j;
      const auto count = static_cast<int64_t>(j - i);
      if (count > maxCount)
        throw FormatError(source, "type " + std::to_string(type) + " has " + std::to_string(count) +
                                      " tokens in one topic, more than MALLET's packed counts can hold");
      counts.emplace_back(count, topic);
      model.tokensPerTopic[static_cast<std::size_t>(topic)] += static_cast<int32_t>(count);
      i = j;
    }
    std::stable_sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    row.clear();
    for (const auto& [count, topic] : counts) row.push_back(model.pack(static_cast<int32_t>(count), topic));
    model.typeTopicCounts.addRow(row);
  }
  if (i < tokens.size())
    throw FormatError(source, "type index " + std::to_string(tokens[i] >> 32) + " is outside the vocabulary of " +
                                  std::to_string(words->size()) + " words");
  model.computeSmoothingTerms();
  model.alphabet = std::move(words);
  if (const std::string problem = findModelProblem(model); !problem.empty()) throw FormatError(source, problem);
  return model;
}

TopicModel readTopicState(std::span<const uint8_t> bytes, const std::string& source) {
  TopicStateContents contents = readTopicStateContents(bytes, source);
  auto words = std::make_shared<const Alphabet>(std::move(contents.words));
  return modelFromTopicState(contents, std::move(words), source);
}

}  // namespace topiceval::formats
