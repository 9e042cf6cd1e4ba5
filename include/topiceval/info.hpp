// SPDX-License-Identifier: Apache-2.0
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

/// What describeFile() found in a file; the fields that do not apply to its kind stay empty or 0.
struct FileDescription {
  std::string path;                  ///< as given
  FileKind kind = FileKind::Binary;  ///< what the file is
  // A model:
  int topics = 0;          ///< K
  std::size_t types = 0;  ///< the vocabulary size V
  std::optional<std::size_t> alphabetSize;         ///< the words it carries
  std::vector<std::vector<std::string>> topWords;  ///< per topic, most probable first
  // LDA:
  std::vector<double> alpha;  ///< the Dirichlet prior over topic proportions, per topic
  /// @{ sum of alpha; beta (the prior over words, per word); beta times V
  double alphaSum = 0.0, beta = 0.0, betaSum = 0.0;
  /// @}
  int64_t tokens = 0;  ///< training tokens the counts hold
  /// Logistic-normal: each topic's mean log-odds against the last and its spread,
  /// and the most correlated pairs of topics.
  /// @{ per topic
  std::vector<double> logOddsMean, logOddsSpread;
  /// @}
  /// Two topics' correlation in the logistic-normal covariance.
  struct Correlation {
    /// @{ the topics, 0-based
    std::size_t a, b;
    /// @}
    double correlation;  ///< -1 to 1
  };
  std::vector<Correlation> correlations;  ///< the strongest (by size) first, at most 10
  // An instance list:
  /// @{ documents in all, without tokens, and the shortest and longest lengths in tokens
  std::size_t documents = 0, emptyDocuments = 0, shortest = 0, longest = 0;
  /// @}
  double meanLength = 0.0;  ///< tokens per document
  std::vector<std::pair<std::string, std::vector<std::string>>> firstDocuments;  ///< name, first words
};

/// What the file at `path` is and holds, with the `topWords` most probable words per topic (models
/// with words). FileError for a file that cannot be read as the kind its first bytes say.
[[nodiscard]] TOPICEVAL_API FileDescription describeFile(const std::string& path, std::size_t topWords = 10);

}  // namespace topiceval
