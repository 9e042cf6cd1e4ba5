// SPDX-License-Identifier: Apache-2.0
#include "formats/logistic_normal_files.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/text_cursor.hpp"
#include "formats/text_encoding.hpp"
#include "native/model/positive_definite.hpp"
#include "native/runtime/decimal.hpp"
#include "native/runtime/file_name.hpp"

namespace topiceval::formats {

namespace {

LogisticNormalModel validated(LogisticNormalModel model, const std::string& source) {
  if (const std::string problem = findLogisticNormalProblem(model); !problem.empty())
    throw FormatError(source, problem);
  renormalizeTopics(model);
  return model;
}

// A text file's bytes, without a UTF-8 byte-order mark (UTF-16 refused).
std::vector<uint8_t> readNamed(const std::string& path) {
  std::vector<uint8_t> bytes = readFileBytes(path);
  const std::size_t mark = bytes.size() - utf8Text(bytes, path).size();
  bytes.erase(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(mark));
  return bytes;
}

}  // namespace

bool looksLikeLogisticNormalModel(std::span<const uint8_t> bytes) {
  const std::size_t length = std::strlen(kLogisticNormalMagic);
  return bytes.size() >= length && std::memcmp(bytes.data(), kLogisticNormalMagic, length) == 0;
}

LogisticNormalModel readLogisticNormalModel(std::span<const uint8_t> bytes, const std::string& source) {
  if (!looksLikeLogisticNormalModel(bytes))
    throw FormatError(source, "does not start with '" + std::string(kLogisticNormalMagic) + "'");
  return namingFileOnAllocationFailure(source, [&] {
    TextCursor cursor(bytes.subspan(std::strlen(kLogisticNormalMagic)), source);
    const std::size_t version = cursor.count("the format version", 1000);
    if (version != 1) cursor.fail("format version " + std::to_string(version) + " is not one this build reads (1)");
    LogisticNormalModel model;
    cursor.expect("topics");
    const std::size_t topics = cursor.count("topics", 1'000'000);
    if (topics < 2) cursor.fail("a logistic-normal model needs at least 2 topics, not " + std::to_string(topics));
    model.numTopics = static_cast<int>(topics);
    cursor.expect("types");
    model.numTypes = cursor.count("types", bytes.size());
    if (model.numTypes == 0) cursor.fail("the model has no word types");
    const std::size_t d = topics - 1;
    cursor.expect("mean");
    checkRoom(cursor, d, source, "the mean");
    for (std::size_t i = 0; i < d; ++i) model.mean.push_back(cursor.number("a mean entry"));
    cursor.expect("covariance");
    checkRoom(cursor, d * d, source, "the covariance");
    for (std::size_t i = 0; i < d * d; ++i) model.covariance.push_back(cursor.number("a covariance entry"));
    cursor.expect("log-topic-word");
    checkRoom(cursor, topics * model.numTypes, source, "the topics");
    model.logTopicWord.reserve(topics * model.numTypes);
    for (std::size_t i = 0; i < topics * model.numTypes; ++i)
      model.logTopicWord.push_back(cursor.number("a log probability", true));
    cursor.expect("vocabulary");
    const std::size_t words = cursor.count("vocabulary", bytes.size());
    if (words != 0 && words != model.numTypes)
      cursor.fail("vocabulary " + std::to_string(words) + ": 0 or the type count (" + std::to_string(model.numTypes) +
                  ") expected");
    cursor.endLine();
    if (words > 0) {
      std::vector<std::string> vocabulary;
      vocabulary.reserve(words);
      for (std::size_t i = 0; i < words; ++i) vocabulary.push_back(cursor.line("the vocabulary's last word"));
      model.alphabet = std::make_shared<const Alphabet>(std::move(vocabulary));
    }
    if (!cursor.atEnd()) cursor.fail("unexpected text after the vocabulary");
    return validated(std::move(model), source);
  });
}

void writeLogisticNormalModel(std::ostream& out, const LogisticNormalModel& model) {
  char number[32];
  const auto write = [&](double value) {
    if (value == -std::numeric_limits<double>::infinity()) {
      out << "-inf";
      return;
    }
    const auto end = std::to_chars(number, number + sizeof number, value).ptr;  // shortest round trip
    out.write(number, end - number);
  };
  const auto d = static_cast<std::size_t>(model.dimensions());
  out << kLogisticNormalMagic << " 1\ntopics " << model.numTopics << "\ntypes " << model.numTypes << "\nmean\n";
  for (std::size_t i = 0; i < d; ++i) {
    if (i > 0) out << ' ';
    write(model.mean[i]);
  }
  out << "\ncovariance\n";
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) {
      if (j > 0) out << ' ';
      write(model.covariance[i * d + j]);
    }
    out << '\n';
  }
  out << "log-topic-word\n";
  for (int k = 0; k < model.numTopics; ++k) {
    for (std::size_t w = 0; w < model.numTypes; ++w) {
      if (w > 0) out << ' ';
      write(model.logBeta(k, w));
    }
    out << '\n';
  }
  out << "vocabulary " << (model.alphabet != nullptr ? model.numTypes : 0) << '\n';
  if (model.alphabet != nullptr) {
    for (const std::string& word : model.alphabet->words()) out << word << '\n';
  }
}

bool fileLooksLikeLogisticNormalModel(const std::string& path) {
  requireFileName(path);
  std::ifstream file(path, std::ios::binary);
  std::vector<uint8_t> start(kUtf8ByteOrderMarkSize + std::strlen(kLogisticNormalMagic));
  file.read(reinterpret_cast<char*>(start.data()), static_cast<std::streamsize>(start.size()));
  start.resize(static_cast<std::size_t>(file.gcount()));
  const std::span<const uint8_t> text(start);
  return looksLikeLogisticNormalModel(startsWithUtf8ByteOrderMark(text) ? text.subspan(kUtf8ByteOrderMarkSize) : text);
}

bool namesCtmModel(const std::string& path) {
  requireFileName(path);
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    return std::filesystem::exists(std::filesystem::path(path) / "final-param.txt", error);
  return path.ends_with("-param.txt");
}

LogisticNormalModel readCtmModel(const std::string& path) {
  requireFileName(path);
  std::error_code error;
  const std::string prefix = std::filesystem::is_directory(path, error)
                                 ? (std::filesystem::path(path) / "final").string()
                                 : path.substr(0, path.size() - std::strlen("-param.txt"));
  LogisticNormalModel model;
  {
    const std::string name = prefix + "-param.txt";
    const std::vector<uint8_t> bytes = readNamed(name);
    TextCursor cursor(bytes, name);
    cursor.expect("num_topics");
    const std::size_t topics = cursor.count("num_topics", 1'000'000);
    if (topics < 2) cursor.fail("a logistic-normal model needs at least 2 topics, not " + std::to_string(topics));
    cursor.expect("num_terms");
    model.numTypes = cursor.count("num_terms", kMaxInputBytes / 2);
    if (model.numTypes == 0) cursor.fail("num_terms is 0");
    model.numTopics = static_cast<int>(topics);
  }
  const auto K = static_cast<std::size_t>(model.numTopics);
  const std::size_t d = K - 1;
  const auto readNumbers = [&](const std::string& suffix, std::size_t rows, std::size_t columns, bool logs) {
    const std::string name = prefix + suffix;
    return namingFileOnAllocationFailure(name, [&] {
      const std::vector<uint8_t> bytes = readNamed(name);
      TextCursor cursor(bytes, name);
      checkRoom(cursor, rows * columns, name, "the -param.txt sizes");
      std::vector<double> values;
      values.reserve(rows * columns);
      for (std::size_t i = 0; i < rows * columns; ++i) values.push_back(cursor.number("a number", logs));
      if (!cursor.atEnd())
        cursor.fail("more numbers than " + std::to_string(rows) + " x " + std::to_string(columns) + " (the sizes in " +
                    prefix + "-param.txt)");
      return values;
    });
  };
  model.mean = readNumbers("-mu.dat", 1, d, false);
  // ctm-c writes both; a model kept with only its inverse covariance is read through it.
  if (std::filesystem::exists(prefix + "-cov.dat", error) || !std::filesystem::exists(prefix + "-inv-cov.dat", error)) {
    model.covariance = readNumbers("-cov.dat", d, d, false);
  } else {
    const std::vector<double> inverse = readNumbers("-inv-cov.dat", d, d, false);
    Cholesky factor;
    if (!factor.factor(inverse, d))
      throw FormatError(prefix + "-inv-cov.dat", "the inverse covariance is not positive definite");
    model.covariance = factor.inverse();
  }
  model.logTopicWord = readNumbers("-log-beta.dat", K, model.numTypes, true);
  const std::filesystem::path vocabulary = std::filesystem::path(prefix).parent_path() / "vocab.txt";
  if (std::filesystem::exists(vocabulary, error)) {
    const std::string name = vocabulary.string();
    const std::vector<uint8_t> bytes = readNamed(name);
    TextCursor cursor(bytes, name);
    std::vector<std::string> words;
    while (words.size() < model.numTypes && cursor.remaining() > 0) words.push_back(cursor.line("a word"));
    if (words.size() != model.numTypes || !cursor.atEnd())
      throw FormatError(
          name, "must hold one word per line for each of the model's " + std::to_string(model.numTypes) + " terms");
    model.alphabet = std::make_shared<const Alphabet>(std::move(words));
  }
  return validated(std::move(model), prefix + "-param.txt");
}

AnyLoadedModel readAnyModelFile(const std::string& path) {
  AnyLoadedModel loaded;
  if (namesCtmModel(path)) {
    loaded.kind = ModelFileKind::CtmC;
    loaded.logisticNormal = readCtmModel(path);
    return loaded;
  }
  const std::string source = path == "-" ? "standard input" : path;
  return namingFileOnAllocationFailure(source,
                                       [&] { return readAnyModel(readFileBytes(path, &checkModelStart), source); });
}

AnyLoadedModel readAnyModel(std::span<const uint8_t> bytes, const std::string& source) {
  AnyLoadedModel loaded;
  const std::span<const uint8_t> text =
      startsWithUtf8ByteOrderMark(bytes) ? bytes.subspan(kUtf8ByteOrderMarkSize) : bytes;
  if (looksLikeLogisticNormalModel(text)) {
    loaded.kind = ModelFileKind::LogisticNormal;
    loaded.logisticNormal = readLogisticNormalModel(text, source);
  } else if (looksLikeLdaModel(text)) {
    loaded.kind = ModelFileKind::LdaModel;
    LdaModelFile file = readLdaModel(text, source);
    if (file.counts)
      loaded.lda = std::move(file.counts);
    else
      loaded.probabilities = std::move(file);
  } else {
    LoadedModel mallet = readModel(bytes, source);
    loaded.kind = mallet.kind;
    loaded.lda = std::move(mallet.model);
    loaded.training = std::move(mallet.training);
    loaded.malletOrder = std::move(mallet.malletOrder);
  }
  return loaded;
}

}  // namespace topiceval::formats
