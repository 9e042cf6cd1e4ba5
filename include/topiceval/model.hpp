// SPDX-License-Identifier: Apache-2.0
#pragma once
// A trained topic model, read from any file topiceval reads or built from
// arrays, and the held-out documents to score under it.

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "topiceval/export.hpp"
#include "topiceval/vocabulary.hpp"

namespace topiceval {

/// What the handles below hold is the library's own (native/api/model_data.hpp).
struct LibraryAccess;

/// "MALLET evaluator (MarginalProbEstimator)" ...
[[nodiscard]] TOPICEVAL_API const char* describe(FileKind kind);
/// Whether a file of this kind is a model (evaluate, select and info take it).
[[nodiscard]] TOPICEVAL_API bool isModel(FileKind kind);
/// What the file at `path` is, reading only its first bytes; FileError when it
/// cannot be read at all.
[[nodiscard]] TOPICEVAL_API FileKind recogniseFile(const std::string& path);

/// A topic model, LDA or logistic-normal, read from a file or built from arrays; immutable and cheap
/// to copy (copies share the data).
class TOPICEVAL_API Model {
 public:
  /// Any model file, recognised by content (FileError when it is none, or
  /// cannot be read): MALLET's evaluator, inferencer, saved model or gzipped
  /// topic state, a train-ctm model, or a ctm-c directory.
  [[nodiscard]] static Model read(const std::string& path);
  /// LDA's counts, as MALLET keeps them: counts[k * types + w] tokens of word
  /// w in topic k, alpha per topic, beta the symmetric word prior; phi is
  /// (n[w][k] + beta) / (n[k] + V beta). ModelError for shapes that disagree,
  /// negative counts, counts of 2^30 and more, or non-positive alpha or beta.
  [[nodiscard]] static Model fromCounts(std::span<const int64_t> counts, std::size_t types, std::vector<double> alpha,
                                        double beta);
  /// Topic-word probabilities phi[k * types + w] = p(w | topic k) (gensim's
  /// get_topics(), scikit-learn's normalised components_) and alpha: each
  /// row non-negative and summing to 1 within 1e-4 (then renormalised); a word
  /// with probability 0 under every topic cannot be scored and is skipped.
  [[nodiscard]] static Model fromTopics(std::span<const double> phi, std::size_t types, std::vector<double> alpha);
  /// A model as MALLET's ParallelTopicModel holds it (what the Java bridge is
  /// handed): typeTopicCounts[type] lists packed entries (count << topicBits |
  /// topic), decreasing, ending at the first that is not positive; the rows'
  /// order is kept, so MALLET's own estimator gives MALLET's bits. NaN alphaSum
  /// or betaSum: computed. ModelError for anything the model check refuses.
  struct MalletArrays {
    int numTopics = 0;  ///< K
    std::vector<double> alpha;  ///< per topic
    double alphaSum = std::numeric_limits<double>::quiet_NaN();  ///< sum of alpha (NaN: computed)
    double beta = 0.0;  ///< the symmetric word prior
    double betaSum = std::numeric_limits<double>::quiet_NaN();  ///< beta times V (NaN: computed)
    std::vector<int32_t> tokensPerTopic;  ///< tokens per topic
    std::vector<std::vector<int32_t>> typeTopicCounts;  ///< an empty row with `presentRows` false is MALLET's null
    std::vector<bool> presentRows;                      ///< empty: every row present
    std::vector<std::string> words;                     ///< empty: none
  };
  /// The model of `arrays` (ModelError for arrays the model check refuses).
  [[nodiscard]] static Model fromMalletArrays(MalletArrays arrays);
  /// The same arrays back (LDA models with counts; ModelError otherwise).
  [[nodiscard]] MalletArrays malletArrays() const;
  /// The words of an array model, by id (optional; plain text is then looked up in them).
  [[nodiscard]] Model withWords(std::vector<std::string> words) const;

  [[nodiscard]] FileKind kind() const;         ///< a file's kind; Text for models built from arrays
  [[nodiscard]] std::string describe() const;  ///< "MALLET inferencer (TopicInferencer)", "topic-word counts"...
  /// Dirichlet (LDA) or LogisticNormal.
  [[nodiscard]] ModelFamily family() const;
  /// K, the number of topics.
  [[nodiscard]] int numTopics() const;
  /// V, the number of word types.
  [[nodiscard]] std::size_t numTypes() const;
  /// The words by type index, or nullptr (an evaluator file holds none).
  [[nodiscard]] const std::vector<std::string>* words() const;
  /// LDA: alpha per topic and beta (none for a model given as probabilities).
  [[nodiscard]] std::vector<double> alpha() const;
  /// LDA: the symmetric word prior, or none for a model given as probabilities.
  [[nodiscard]] std::optional<double> beta() const;
  /// phi[k * numTypes() + w] as topiceval scores it (LDA models).
  [[nodiscard]] std::vector<double> topicWordProbabilities() const;

 private:
  friend struct LibraryAccess;
  struct Data;
  explicit Model(std::shared_ptr<const Data> data);
  std::shared_ptr<const Data> data_;
};

/// Writes `model` as a file every command reads back (Model::read): a
/// logistic-normal model in topiceval's logistic-normal format (train-ctm's),
/// an LDA model in topiceval's LDA format (formats/lda_model_file.hpp), its
/// counts or probabilities and words, so that it scores documents to the same
/// bits. Not kept: a topic state's or saved model's training documents.
/// ModelError for a word with a line break (the files hold one word per line).
TOPICEVAL_API void writeModel(const Model& model, std::ostream& out);

/// Held-out documents as word ids, with names. Plain text and instance lists
/// are read through a model's words (below).
class TOPICEVAL_API Documents {
 public:
  Documents();
  /// Documents given as id sequences (ids are the model's type indices; an
  /// id beyond the model is an unseen word). SettingError for a negative id.
  [[nodiscard]] static Documents fromIds(const std::vector<std::vector<int64_t>>& documents,
                                         std::vector<std::string> names = {});
  /// A MALLET instance list, or plain text with one document per line (gzipped
  /// or not) whose whitespace-separated words are looked up in `model`'s words
  /// (new words get ids beyond them, in order of first appearance). An
  /// instance list whose alphabet disagrees with the model's is refused.
  [[nodiscard]] static Documents read(const std::string& path, const Model& model);
  /// The same without a model: an instance list with its own alphabet, or plain
  /// text whose words get ids in order of first appearance.
  [[nodiscard]] static Documents read(const std::string& path);

  /// The number of documents.
  [[nodiscard]] std::size_t size() const;
  /// Tokens over all documents.
  [[nodiscard]] std::size_t totalTokens() const;
  /// Document `document`'s word ids (`document` 0-based, below size()).
  [[nodiscard]] std::span<const int32_t> tokens(std::size_t document) const;
  /// Document `document`'s name, or empty.
  [[nodiscard]] const std::string& name(std::size_t document) const;
  /// The words behind the ids, when the input carried them (or nullptr).
  [[nodiscard]] const std::vector<std::string>* words() const;
  /// The documents at these 0-based indices, in that order.
  [[nodiscard]] Documents subset(std::span<const std::size_t> indices) const;
  /// Whether document `document` is a bag of words (its tokens' order carries
  /// no meaning: gensim's (id, count) pairs, a row of a count matrix), and
  /// whether any is. The library never reads an order into a bag: estimators
  /// whose result depends on the order see its tokens shuffled, keyed by the
  /// request's seed and the document's index; coherence's sliding windows
  /// count whole documents instead (see docs/topic-quality.md).
  [[nodiscard]] bool unordered(std::size_t document) const;
  /// Whether any document is a bag of words.
  [[nodiscard]] bool anyUnordered() const;
  /// The same documents with the words behind their ids (ids index `words`):
  /// what reference texts given as token lists carry. SettingError for an id
  /// beyond the words or a word listed twice.
  [[nodiscard]] Documents withWords(std::vector<std::string> words) const;

 private:
  friend struct LibraryAccess;
  friend class DocumentsBuilder;
  struct Data;
  explicit Documents(std::shared_ptr<const Data> data);
  std::shared_ptr<const Data> data_;
};

/// Documents built one at a time from ids (what the bridges do with the
/// arrays they are given): SettingError("documents", ...) for an id outside
/// 0..2^31-1.
class TOPICEVAL_API DocumentsBuilder {
 public:
  DocumentsBuilder();
  ~DocumentsBuilder();
  /// Adds a document of these ids, in order, with an optional name.
  void add(std::span<const int64_t> ids, std::string name = {});
  /// The same from 32-bit ids.
  void add(std::span<const int32_t> ids, std::string name = {});
  /// A bag of words, its tokens in any order (each id repeated by its count):
  /// marked unordered (Documents::unordered).
  void addBag(std::span<const int64_t> ids, std::string name = {});
  /// The documents added so far; the builder is empty afterwards.
  [[nodiscard]] Documents build();

 private:
  std::unique_ptr<Documents::Data> data_;
};

/// Where a request's model comes from: a file (read when the request runs, after
/// every setting is checked, and kept no longer than needed) or a Model in memory.
struct ModelSource {
  /// The model file at `file`.
  ModelSource(std::string file) : path(std::move(file)) {}  // NOLINT: a path is a source
  /// The model file at `file`.
  ModelSource(const char* file) : path(file) {}             // NOLINT
  /// A model in memory.
  ModelSource(Model given) : model(std::move(given)) {}     // NOLINT
  std::string path;                                         ///< a file, or empty
  std::optional<Model> model;                               ///< set instead of the path
  /// The path, or a name for a model in memory ("model 2").
  std::string name;
};

/// Where a request's documents come from: a file (read through each model's
/// words) or Documents in memory (whose ids every model shares).
struct DocumentsSource {
  DocumentsSource() = default;
  /// The documents' file at `file`.
  DocumentsSource(std::string file) : path(std::move(file)) {}       // NOLINT: a path is a source
  /// The documents' file at `file`.
  DocumentsSource(const char* file) : path(file) {}                  // NOLINT
  /// Documents in memory.
  DocumentsSource(Documents given) : documents(std::move(given)) {}  // NOLINT
  std::string path;  ///< a file, or empty
  std::optional<Documents> documents;  ///< set instead of the path
};

}  // namespace topiceval
