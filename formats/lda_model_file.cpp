// SPDX-License-Identifier: Apache-2.0
#include "formats/lda_model_file.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "formats/format_error.hpp"
#include "formats/text_cursor.hpp"
#include "native/model/model_validator.hpp"
#include "native/model/scoring_model.hpp"
#include "topiceval/errors.hpp"

namespace topiceval::formats {

namespace {

// "topic:count" as written, or "0:0" for a stored empty entry.
struct Entry {
  int32_t topic = 0;
  int32_t count = 0;
};

bool parseInt(std::string_view text, int32_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

// One type's row line into packed entries; `problem` says what is wrong, or stays empty.
std::vector<int32_t> parseRow(std::string_view line, const TopicModel& model, std::vector<int64_t>& totals,
                              std::string& problem) {
  std::vector<int32_t> packed;
  bool emptyEntries = false;
  std::size_t position = 0;
  while (problem.empty()) {
    while (position < line.size() && (line[position] == ' ' || line[position] == '\t')) ++position;
    if (position >= line.size()) break;
    std::size_t end = position;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
    const std::string_view token = line.substr(position, end - position);
    position = end;
    const std::size_t colon = token.find(':');
    Entry entry;
    if (colon == std::string_view::npos || !parseInt(token.substr(0, colon), entry.topic) ||
        !parseInt(token.substr(colon + 1), entry.count)) {
      problem = "'" + std::string(token.substr(0, 40)) + "' is not a topic:count pair";
    } else if (entry.topic < 0 || entry.topic >= model.numTopics) {
      problem = "topic " + std::to_string(entry.topic) + " is outside the model's " + std::to_string(model.numTopics) +
                " topics";
    } else if (entry.count < 0 || entry.count > model.maxPackedCount()) {
      problem = "count " + std::to_string(entry.count) + " is outside 0 to " + std::to_string(model.maxPackedCount());
    } else if (entry.count == 0) {
      if (entry.topic != 0) problem = "an empty entry is written 0:0, not " + std::string(token.substr(0, 40));
      emptyEntries = true;
      packed.push_back(0);
    } else if (emptyEntries) {
      problem = "a count after the row's empty entries (0:0 ends a row)";
    } else {
      totals[static_cast<std::size_t>(entry.topic)] += entry.count;
      if (totals[static_cast<std::size_t>(entry.topic)] > std::numeric_limits<int32_t>::max())
        problem = "topic " + std::to_string(entry.topic) + "'s total passes 2^31 - 1 tokens";
      packed.push_back(model.pack(entry.count, entry.topic));
    }
  }
  return packed;
}

// The counts after beta-sum: the optional smoothing terms, then the rows.
void readCountRows(TextCursor& cursor, TopicModel& model, std::size_t types, const std::string& source) {
  std::optional<double> smoothingOnlyMass;
  std::vector<double> cachedCoefficients;
  std::string_view section = cursor.token("the type-topic counts");
  if (section == "smoothing-only-mass") {
    smoothingOnlyMass = cursor.number("smoothing-only-mass");
    cursor.expect("cached-coefficients");
    for (int k = 0; k < model.numTopics; ++k) cachedCoefficients.push_back(cursor.number("a cached coefficient"));
    section = cursor.token("the type-topic counts");
  }
  if (section != "type-topic-counts")
    cursor.fail("expected 'type-topic-counts', found '" + std::string(section.substr(0, 40)) + "'");
  cursor.endLine();
  TopicModel::topicBitsFor(model.numTopics, model.topicBits, model.topicMask);
  std::vector<int64_t> totals(static_cast<std::size_t>(model.numTopics), 0);
  for (std::size_t type = 0; type < types; ++type) {
    const std::size_t lineNumber = cursor.lineNumber();
    const std::string line = cursor.line("the type-topic counts' last row");
    std::string problem;
    if (line == "null") {
      model.typeTopicCounts.addRow({}, false);
      continue;
    }
    const std::vector<int32_t> packed = parseRow(line, model, totals, problem);
    if (!problem.empty())
      throw FormatError(source,
                        "line " + std::to_string(lineNumber) + ": type " + std::to_string(type) + ": " + problem);
    model.typeTopicCounts.addRow(packed);
  }
  model.tokensPerTopic.assign(totals.begin(), totals.end());
  model.computeSmoothingTerms();
  if (smoothingOnlyMass) {
    model.smoothingOnlyMass = *smoothingOnlyMass;
    model.cachedCoefficients = std::move(cachedCoefficients);
  }
}

void writeNumber(std::ostream& out, double value) {
  char number[32];
  const auto end = std::to_chars(number, number + sizeof number, value).ptr;  // shortest round trip
  out.write(number, end - number);
}

void writeNumbers(std::ostream& out, std::span<const double> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out << ' ';
    writeNumber(out, values[i]);
  }
  out << '\n';
}

void writeHeader(std::ostream& out, std::size_t topics, std::size_t types, std::span<const double> alpha,
                 const Alphabet* words) {
  if (words != nullptr) {
    for (std::size_t w = 0; w < words->size(); ++w) {
      const std::string& word = words->word(w);
      if (word.find('\n') != std::string::npos || word.ends_with('\r'))
        throw ModelError("word " + std::to_string(w) +
                         " holds a line break, which a model file of one word per line "
                         "cannot keep");
    }
  }
  out << kLdaModelMagic << " 1\ntopics " << topics << "\ntypes " << types << "\nalpha\n";
  writeNumbers(out, alpha);
}

void writeVocabulary(std::ostream& out, const Alphabet* words) {
  out << "vocabulary " << (words != nullptr ? words->size() : 0) << '\n';
  if (words != nullptr) {
    for (const std::string& word : words->words()) out << word << '\n';
  }
}

}  // namespace

bool looksLikeLdaModel(std::span<const uint8_t> bytes) {
  const std::size_t length = std::strlen(kLdaModelMagic);
  return bytes.size() >= length && std::memcmp(bytes.data(), kLdaModelMagic, length) == 0;
}

LdaModelFile readLdaModel(std::span<const uint8_t> bytes, const std::string& source) {
  if (!looksLikeLdaModel(bytes)) throw FormatError(source, "does not start with '" + std::string(kLdaModelMagic) + "'");
  return namingFileOnAllocationFailure(source, [&] {
    TextCursor cursor(bytes.subspan(std::strlen(kLdaModelMagic)), source);
    const std::size_t version = cursor.count("the format version", 1000);
    if (version != 1) cursor.fail("format version " + std::to_string(version) + " is not one this build reads (1)");
    cursor.expect("topics");
    const std::size_t topics = cursor.count("topics", 1'000'000);
    if (topics == 0) cursor.fail("the model has no topics");
    cursor.expect("types");
    const std::size_t types = cursor.count("types", bytes.size());
    if (types == 0) cursor.fail("the model has no word types");
    cursor.expect("alpha");
    checkRoom(cursor, topics, source, "alpha");
    std::vector<double> alpha;
    for (std::size_t k = 0; k < topics; ++k) alpha.push_back(cursor.number("an alpha value"));
    LdaModelFile file;
    const std::string_view section = cursor.token("the counts or the probabilities");
    if (section == "alpha-sum" || section == "topic-word") {
      if (section == "alpha-sum") {
        TopicModel model;
        model.numTopics = static_cast<int>(topics);
        model.alpha = std::move(alpha);
        model.alphaSum = cursor.number("alpha-sum");
        cursor.expect("beta");
        model.beta = cursor.number("beta");
        cursor.expect("beta-sum");
        model.betaSum = cursor.number("beta-sum");
        readCountRows(cursor, model, types, source);
        file.counts = std::move(model);
      } else {
        checkRoom(cursor, topics * types, source, "the topic-word probabilities");
        file.probabilities.reserve(topics * types);
        for (std::size_t i = 0; i < topics * types; ++i) file.probabilities.push_back(cursor.number("a probability"));
        file.alpha = std::move(alpha);
        file.types = types;
      }
    } else {
      cursor.fail("expected 'alpha-sum' (counts) or 'topic-word' (probabilities), found '" +
                  std::string(section.substr(0, 40)) + "'");
    }
    cursor.expect("vocabulary");
    const std::size_t count = cursor.count("vocabulary", bytes.size());
    if (count != 0 && count != types)
      cursor.fail("vocabulary " + std::to_string(count) + ": 0 or the type count (" + std::to_string(types) +
                  ") expected");
    cursor.endLine();
    std::shared_ptr<const Alphabet> words;
    if (count > 0) {
      std::vector<std::string> vocabulary;
      for (std::size_t i = 0; i < count; ++i) vocabulary.push_back(cursor.line("the vocabulary's last word"));
      words = std::make_shared<const Alphabet>(std::move(vocabulary));
      if (const std::string problem = findVocabularyProblem(*words); !problem.empty())
        throw FormatError(source, problem);
    }
    if (!cursor.atEnd()) cursor.fail("unexpected text after the vocabulary");
    if (file.counts) {
      file.counts->alphabet = std::move(words);
      if (const std::string problem = findModelProblem(*file.counts); !problem.empty())
        throw FormatError(source, problem);
    } else {
      file.words = std::move(words);
      try {
        ScoringModel::fromTopicWordProbabilities(file.probabilities, file.types, file.alpha, DocumentCollection{});
      } catch (const ModelError& error) {
        throw FormatError(source, error.what());
      }
    }
    return file;
  });
}

void writeLdaModel(std::ostream& out, const TopicModel& counts, const Alphabet* words) {
  writeHeader(out, static_cast<std::size_t>(counts.numTopics), counts.numTypes(), counts.alpha, words);
  out << "alpha-sum ";
  writeNumber(out, counts.alphaSum);
  out << "\nbeta ";
  writeNumber(out, counts.beta);
  out << "\nbeta-sum ";
  writeNumber(out, counts.betaSum);
  out << '\n';
  TopicModel recomputed;
  recomputed.numTopics = counts.numTopics;
  recomputed.alpha = counts.alpha;
  recomputed.beta = counts.beta;
  recomputed.betaSum = counts.betaSum;
  recomputed.tokensPerTopic = counts.tokensPerTopic;
  recomputed.computeSmoothingTerms();
  const auto sameBits = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  bool same = sameBits(recomputed.smoothingOnlyMass, counts.smoothingOnlyMass) &&
              recomputed.cachedCoefficients.size() == counts.cachedCoefficients.size();
  for (std::size_t k = 0; same && k < counts.cachedCoefficients.size(); ++k)
    same = sameBits(recomputed.cachedCoefficients[k], counts.cachedCoefficients[k]);
  if (!same) {
    out << "smoothing-only-mass ";
    writeNumber(out, counts.smoothingOnlyMass);
    out << "\ncached-coefficients\n";
    writeNumbers(out, counts.cachedCoefficients);
  }
  out << "type-topic-counts\n";
  for (std::size_t type = 0; type < counts.numTypes(); ++type) {
    if (!counts.typeTopicCounts.present(type)) {
      out << "null\n";
      continue;
    }
    const auto active = counts.typeTopicCounts.activeRow(type);
    const auto stored = counts.typeTopicCounts.storedRow(type);
    for (std::size_t i = 0; i < stored.size(); ++i) {
      if (i > 0) out << ' ';
      if (i < active.size())
        out << counts.topicOf(stored[i]) << ':' << counts.countOf(stored[i]);
      else
        out << "0:0";
    }
    out << '\n';
  }
  writeVocabulary(out, words);
}

void writeLdaModel(std::ostream& out, std::span<const double> probabilities, std::size_t types,
                   std::span<const double> alpha, const Alphabet* words) {
  writeHeader(out, alpha.size(), types, alpha, words);
  out << "topic-word\n";
  for (std::size_t k = 0; k < alpha.size(); ++k) writeNumbers(out, probabilities.subspan(k * types, types));
  writeVocabulary(out, words);
}

}  // namespace topiceval::formats
