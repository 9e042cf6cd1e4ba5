#pragma once
// What a file is and holds (the `info` command): a model's hyperparameters and
// topics, a logistic-normal model's topic log-odds and correlations, an
// instance list's documents.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/model.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

struct FileDescription {
  std::string path;
  FileKind kind = FileKind::Binary;
  // A model
  int topics = 0;
  std::size_t types = 0;
  std::optional<std::size_t> alphabetSize;         // the words it carries
  std::vector<std::vector<std::string>> topWords;  // per topic, most probable first
  // LDA
  std::vector<double> alpha;
  double alphaSum = 0.0, beta = 0.0, betaSum = 0.0;
  int64_t tokens = 0;
  // Logistic-normal: each topic's mean log-odds against the last and its spread,
  // and the most correlated pairs of topics.
  std::vector<double> logOddsMean, logOddsSpread;
  struct Correlation {
    std::size_t a, b;
    double correlation;
  };
  std::vector<Correlation> correlations;
  // An instance list
  std::size_t documents = 0, emptyDocuments = 0, shortest = 0, longest = 0;
  double meanLength = 0.0;
  std::vector<std::pair<std::string, std::vector<std::string>>> firstDocuments;  // name, first words
};

// `topWords` most probable words per topic (models with words).
[[nodiscard]] TOPICEVAL_API FileDescription describeFile(const std::string& path, std::size_t topWords = 10);

}  // namespace topiceval
