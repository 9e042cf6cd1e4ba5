// SPDX-License-Identifier: Apache-2.0
#pragma once
// The choices a request makes, as enums, each beside its spellings: the
// library's names, which the command line, Python and Java share. A choice is
// parsed once, where a front end's text becomes a request (the declarations,
// topiceval/options.hpp); past that edge the library passes the enum.
// Vocabulary only: the tables and a lookup each way.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace topiceval {

/// The random seed of every request. Each command declares the range it
/// takes (MALLET's commands: MALLET's int, with -1 or 0 meaning its own
/// defaults); validate(request) holds a C++ caller to it.
using Seed = int64_t;

/// Held-out words the model did not see in training: skip them (MALLET's
/// evaluator: beyond the model's types), also skip those without training
/// tokens (MALLET's inferencer), or score every word (unseen ones by smoothing).
enum class UnseenWords { Skip, SkipUntrained, Smooth };
/// The default: skip, as MALLET's evaluator does.
inline constexpr UnseenWords kDefaultUnseenWords = UnseenWords::Skip;

/// Document completion (Wallach et al. 2009, section 5): p(w2 | w1) with w1 the
/// first half or the even positions of each document; None scores p(w).
enum class DocumentSplit { None, FirstHalf, Alternate };

/// Ratio-AIS (compare): the path of distributions between the two models,
/// geometric or convex mixtures; and which way it anneals: forward (B to A),
/// reverse (A to B) or both (each way, their difference a check).
enum class AnnealingPath { Geometric, Convex };
/// Which way ratio-AIS anneals (see AnnealingPath).
enum class AnnealingDirection { Forward, Reverse, Both };

/// The E-step of a logistic-normal model's posterior over its topic
/// proportions: the Taylor bound (Ahmed & Xing) or Blei & Lafferty's.
enum class PosteriorMethod { Taylor, BleiLafferty };

/// How evaluate chooses each document's budget when neither a target error
/// nor the convergence check does: every document the estimator's budget
/// setting as it is (fixed, the default), or more for short documents, by
/// their length alone (by-length: see native/estimators/target_error.hpp).
enum class BudgetPolicy { Fixed, ByLength };
inline constexpr BudgetPolicy kDefaultBudgetPolicy = BudgetPolicy::Fixed;  ///< the default budget policy

/// How an estimator's runs of one document become its estimate, as results
/// spell it (EstimatorReport::runCombination; see topiceval/interval.hpp).
inline constexpr const char* kLogOfMeanCombination = "log of the mean";
inline constexpr const char* kLognormalCombination = "lognormal";

/// Each choice's spellings, in the order of its enumerators.
template <class Choice>
struct ChoiceSpellings;
template <>
/// The spellings of UnseenWords.
struct ChoiceSpellings<UnseenWords> {
  static constexpr std::array<std::string_view, 3> names = {"skip", "skip-untrained", "smooth"};  ///< one per enumerator, in order
};
template <>
/// The spellings of DocumentSplit.
struct ChoiceSpellings<DocumentSplit> {
  static constexpr std::array<std::string_view, 3> names = {"none", "first-half", "alternate"};  ///< one per enumerator, in order
};

template <>
/// The spellings of AnnealingPath.
struct ChoiceSpellings<AnnealingPath> {
  static constexpr std::array<std::string_view, 2> names = {"geometric", "convex"};  ///< one per enumerator, in order
};
template <>
/// The spellings of AnnealingDirection.
struct ChoiceSpellings<AnnealingDirection> {
  static constexpr std::array<std::string_view, 3> names = {"forward", "reverse", "both"};  ///< one per enumerator, in order
};
template <>
/// The spellings of BudgetPolicy.
struct ChoiceSpellings<BudgetPolicy> {
  static constexpr std::array<std::string_view, 2> names = {"fixed", "by-length"};  ///< one per enumerator, in order
};
template <>
/// The spellings of PosteriorMethod.
struct ChoiceSpellings<PosteriorMethod> {
  static constexpr std::array<std::string_view, 2> names = {"taylor", "blei-lafferty"};  ///< one per enumerator, in order
};

template <class Choice>
/// The library's name of `choice` ("skip-untrained").
constexpr std::string_view spellingOf(Choice choice) {
  return ChoiceSpellings<Choice>::names[static_cast<std::size_t>(choice)];
}

template <class Choice>
/// The choice named `text`, or std::nullopt for a name it does not have.
constexpr std::optional<Choice> choiceFromSpelling(std::string_view text) {
  const auto& names = ChoiceSpellings<Choice>::names;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == text) return static_cast<Choice>(i);
  }
  return std::nullopt;
}

}  // namespace topiceval
