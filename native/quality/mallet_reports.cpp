// SPDX-License-Identifier: Apache-2.0
#include "native/quality/mallet_reports.hpp"

#include <charconv>
#include <string>
#include <string_view>
#include <unordered_map>

#include "native/java/java_math.hpp"
#include "native/java/java_strings.hpp"

namespace topiceval::quality {

namespace {

// Output is gathered in a buffer and handed over in large pieces: the weights
// file of a large model runs to hundreds of megabytes.
class Buffered {
 public:
  explicit Buffered(std::ostream& out) : out_(out) { text_.reserve(kFlushAt + 4096); }
  ~Buffered() { flush(); }
  Buffered& operator<<(std::string_view text) {
    text_ += text;
    if (text_.size() >= kFlushAt) flush();
    return *this;
  }
  Buffered& operator<<(char c) {
    text_ += c;
    return *this;
  }
  Buffered& operator<<(int64_t value) {
    char digits[24];
    text_.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
    return *this;
  }
  void flush() {
    out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  static constexpr std::size_t kFlushAt = std::size_t{1} << 20;
  std::ostream& out_;
  std::string text_;
};

// MALLET escapes "&" and then writes "&gt;" for "<" (sic); nothing else, and
// Java's encoder writes a lone surrogate as '?'. Those bytes are kept wherever
// the document still parses; what XML 1.0 cannot hold is replaced so that it
// does: the ">" of "]]>" (which may not end a run of text) is written "&gt;",
// and bytes that are not UTF-8 and characters outside XML's set (controls other
// than tab, newline and carriage return, NUL too; U+FFFE, U+FFFF) become U+FFFD.
std::string escaped(std::string_view word) {
  std::string out;
  out.reserve(word.size());
  for (std::size_t i = 0; i < word.size();) {
    const Utf8Step step = decodeUtf8(word, i);
    const uint32_t code = step.codePoint;
    if (code == '&') {
      out += "&amp;";
    } else if (code == '<') {
      out += "&gt;";
    } else if (code == '>' && out.ends_with("]]")) {
      out += "&gt;";
    } else if (isSurrogate(code)) {
      out += '?';
    } else if (!isXmlCharacter(code)) {
      appendUtf8(out, 0xFFFD);
    } else {
      out.append(word.substr(i, step.length));
    }
    i += step.length;
  }
  return out;
}

// The vocabulary as MALLET's text reports print it (javaPrinted), made once;
// most vocabularies print as they are and keep no copy.
class PrintedWords {
 public:
  explicit PrintedWords(const Alphabet& words) : words_(words) {
    for (std::size_t type = 0; type < words.size(); ++type) {
      std::string printed = javaPrinted(words.word(type));
      if (printed != words.word(type)) changed_.emplace(type, std::move(printed));
    }
  }
  std::string_view operator[](std::size_t type) const {
    if (changed_.empty()) return words_.word(type);
    const auto found = changed_.find(type);
    return found == changed_.end() ? std::string_view(words_.word(type)) : std::string_view(found->second);
  }

 private:
  const Alphabet& words_;
  std::unordered_map<std::size_t, std::string> changed_;
};

void attribute(Buffered& out, std::string_view name, double value, int decimals = 4) {
  out << ' ' << name << "='" << javaFormatFixed(value, decimals) << '\'';
}

}  // namespace

void writeDiagnosticsXml(std::ostream& stream, const TopicModel& model, const std::vector<TopicDiagnostics>& topics,
                         bool withDocuments, bool withWords) {
  Buffered out(stream);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<model>\n";
  for (std::size_t k = 0; k < topics.size(); ++k) {
    const TopicDiagnostics& topic = topics[k];
    out << "<topic id='" << static_cast<int64_t>(k) << '\'';
    attribute(out, "tokens", topic.tokens);
    if (withDocuments) attribute(out, "document_entropy", topic.documentEntropy);
    if (withWords) attribute(out, "word-length", topic.wordLength);
    if (withDocuments) attribute(out, "coherence", topic.coherence);
    attribute(out, "uniform_dist", topic.uniformDist);
    attribute(out, "corpus_dist", topic.corpusDist);
    attribute(out, "eff_num_words", topic.effectiveNumWords);
    if (withDocuments) {
      attribute(out, "token-doc-diff", topic.tokenDocDiff);
      attribute(out, "rank_1_docs", topic.rank1Documents);
      attribute(out, "allocation_ratio", topic.allocationRatio);
      attribute(out, "allocation_count", topic.allocationCount);
    }
    attribute(out, "exclusivity", topic.exclusivity);
    out << ">\n";
    for (std::size_t pos = 0; pos < topic.words.size(); ++pos) {
      const WordDiagnostics& word = topic.words[pos];
      out << "<word rank='" << static_cast<int64_t>(pos + 1) << '\'';
      attribute(out, "count", word.word.count, 0);
      attribute(out, "prob", word.probability, 5);
      attribute(out, "cumulative", word.cumulative, 5);
      if (withDocuments) out << " docs='" << int64_t{word.documents} << '\'';
      if (withWords) attribute(out, "word-length", word.wordLength);
      if (withDocuments) attribute(out, "coherence", word.coherence);
      attribute(out, "uniform_dist", word.uniformDist);
      attribute(out, "corpus_dist", word.corpusDist);
      if (withDocuments) attribute(out, "token-doc-diff", word.tokenDocDiff);
      attribute(out, "exclusivity", word.exclusivity);
      out << '>' << escaped(model.alphabet->word(static_cast<std::size_t>(word.word.type))) << "</word>\n";
    }
    out << "</topic>\n";
  }
  out << "</model>\n\n";
}

void writeTopicKeys(std::ostream& stream, const TopicModel& model, const std::vector<std::vector<WordCount>>& sorted,
                    int numTopWords) {
  Buffered out(stream);
  const PrintedWords words(*model.alphabet);
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    out << static_cast<int64_t>(k) << '\t' << javaNumberFormat(model.alpha[k], 5) << '\t';
    const std::size_t limit = std::min(sorted[k].size(), static_cast<std::size_t>(numTopWords));
    for (std::size_t i = 0; i < limit; ++i) out << words[static_cast<std::size_t>(sorted[k][i].type)] << ' ';
    out << '\n';
  }
}

void writeTopicWordWeights(std::ostream& stream, const TopicModel& model,
                           const std::vector<std::vector<WordCount>>& sorted) {
  Buffered out(stream);
  // beta + count repeats endlessly: small counts' text is made once.
  constexpr int32_t kCached = 4096;
  std::vector<std::string> weightText(kCached);
  for (int32_t count = 0; count < kCached; ++count) weightText[static_cast<std::size_t>(count)] =
      javaDoubleToString(model.beta + count);
  std::vector<int32_t> counts(model.numTypes(), 0);
  const PrintedWords words(*model.alphabet);
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    for (const WordCount& word : sorted[k]) counts[static_cast<std::size_t>(word.type)] = word.count;
    const std::string topic = std::to_string(k) + '\t';
    for (std::size_t type = 0; type < model.numTypes(); ++type) {
      const int32_t count = counts[type];
      out << topic << words[type] << '\t'
          << (count < kCached ? std::string_view(weightText[static_cast<std::size_t>(count)])
                              : std::string_view(javaDoubleToString(model.beta + count)))
          << '\n';
    }
    for (const WordCount& word : sorted[k]) counts[static_cast<std::size_t>(word.type)] = 0;
  }
}

void writeWordTopicCounts(std::ostream& stream, const TopicModel& model) {
  Buffered out(stream);
  const PrintedWords words(*model.alphabet);
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    out << static_cast<int64_t>(type) << ' ' << words[type];
    for (const int32_t entry : model.typeTopicCounts.activeRow(type))
      out << ' ' << int64_t{model.topicOf(entry)} << ':' << int64_t{model.countOf(entry)};
    out << '\n';
  }
}

}  // namespace topiceval::quality
