// SPDX-License-Identifier: Apache-2.0
// The gzipped topic state MALLET writes with --output-state.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <span>
#include <string_view>
#include <vector>

#include "formats/format_error.hpp"
#include "native/runtime/decimal.hpp"
#include "formats/gzip_input.hpp"
#include "formats/model_readers.hpp"
#include "formats/read_budget.hpp"
#include "native/model/model_validator.hpp"
#include "topiceval/errors.hpp"

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

// A token row's fields without allocating: the first, the last four, and how
// many there are (the source column may itself hold spaces).
struct RowFields {
  std::size_t count = 0;
  std::string_view first;
  std::string_view last[4];  // last[0] is the fourth from the end
};

RowFields rowFields(std::string_view line) {
  RowFields row;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i == start) break;
    const std::string_view field = line.substr(start, i - start);
    if (row.count == 0) row.first = field;
    row.last[0] = row.last[1];
    row.last[1] = row.last[2];
    row.last[2] = row.last[3];
    row.last[3] = field;
    ++row.count;
  }
  return row;
}

bool parseInteger(std::string_view text, int64_t& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

bool parseDouble(std::string_view text, double& value) {
  const auto result = parseDecimal(text.data(), text.data() + text.size(), value);
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
    const RowFields fields = rowFields(line);
    if (fields.count < 6)
      fail("expected 6 columns (doc source pos typeindex type topic), found " + std::to_string(fields.count));
    int64_t doc = 0, position = 0, type = 0, topic = 0;
    const std::string_view positionField = fields.last[0], typeField = fields.last[1], word = fields.last[2],
                           topicField = fields.last[3];
    if (!parseInteger(fields.first, doc) || doc < 0)
      fail("document index '" + std::string(fields.first) + "' is not a number");
    if (!parseInteger(positionField, position) || position < 0)
      fail("position '" + std::string(positionField) + "' is not a number");
    if (!parseInteger(typeField, type) || type < 0)
      fail("type index '" + std::string(typeField) + "' is not a non-negative number");
    if (!parseInteger(topicField, topic) || topic < 0 || topic >= static_cast<int64_t>(alpha_.size()))
      fail("topic '" + std::string(topicField) + "' is outside 0.." + std::to_string(alpha_.size() - 1) +
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
    std::string& known = words_[typeIndex];
    if (known.empty()) {
      budget_.charge(word.size(), "words");
      known.assign(word);
    } else if (known != word) {
      fail("type index " + std::to_string(type) + " is '" + std::string(word) + "' here but '" + known + "' earlier");
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
  // The counts as MALLET rebuilds them, then each row sorted by decreasing
  // count, equal counts by topic.
  try {
    return sortedByCount(TopicModel::fromAssignments(contents.alpha, contents.beta, contents.documents, std::move(words)),
                         source);
  } catch (const ModelError& error) {
    throw FormatError(source, error.what());
  }
}

TopicModel sortedByCount(TopicModel model, const std::string& source) {
  TypeTopicCounts sorted;
  std::vector<int32_t> row;
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    const auto active = model.typeTopicCounts.activeRow(type);
    row.assign(active.begin(), active.end());
    std::sort(row.begin(), row.end(), [&](int32_t a, int32_t b) {
      return model.countOf(a) != model.countOf(b) ? model.countOf(a) > model.countOf(b)
                                                  : model.topicOf(a) < model.topicOf(b);
    });
    sorted.addRow(row);
  }
  model.typeTopicCounts = std::move(sorted);
  if (const std::string problem = findModelProblem(model); !problem.empty()) throw FormatError(source, problem);
  return model;
}

TopicModel readTopicState(std::span<const uint8_t> bytes, const std::string& source) {
  TopicStateContents contents = readTopicStateContents(bytes, source);
  auto words = std::make_shared<const Alphabet>(std::move(contents.words));
  return modelFromTopicState(contents, std::move(words), source);
}

}  // namespace topiceval::formats
