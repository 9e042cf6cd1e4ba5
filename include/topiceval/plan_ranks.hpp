// SPDX-License-Identifier: Apache-2.0
#pragma once
// An MPI job on paper (the `plan-ranks` command): how a held-out set would be
// dealt over N ranks by cost (the deal every MPI run makes), each rank's share
// of the cost, the predicted speed-up (communication left out) and the bytes
// moved: the model broadcast to the N - 1 others; the documents' lengths, type
// profile and words broadcast, and their tokens sent once to the ranks that
// compute them; the per-document results summed over the ranks (a double and
// a count per document and run, in and out of every rank).

#include <cstdint>
#include <string>
#include <vector>

#include "topiceval/choices.hpp"
#include "topiceval/options.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

/// What a document of N tokens costs: N (filtering, AIS, left-to-right without
/// resampling...) or N(N+1)/2 (resample-move, left-to-right with resampling).
enum class DocumentCost { Linear, Quadratic };
template <>
/// The spellings of DocumentCost.
struct ChoiceSpellings<DocumentCost> {
  static constexpr std::array<std::string_view, 2> names = {"linear", "quadratic"};  ///< one per enumerator, in order
};

/// Each field is the `plan-ranks` option of its name (ranks: --ranks), with
/// that option's range; validate(request) holds a C++ caller to them.
struct PlanRanksRequest {
  std::string input;                      ///< held-out documents: an instance list, or plain text (needs the model)
  std::string model;                      ///< the model file the job reads (its size counts in the broadcast), or empty
  std::vector<int> ranks{2, 8, 64, 512};  ///< rank counts to plan for, each 1 to 1000000
  DocumentCost cost = DocumentCost::Quadratic;  ///< what a document of N tokens costs
  int64_t replicate = 0;                  ///< plan for this many documents, the input's repeated in turn (0: as is)
  int runs = 4;                           ///< runs per document (the results summed)
};

/// What each rank count would cost and move.
struct PlanRanksResult {
  std::size_t inputDocuments = 0;  ///< in the input
  uint64_t documents = 0;          ///< planned for (replicated)
  uint64_t inputBytes = 0;         ///< the documents' file, scaled with the replication
  uint64_t modelBytes = 0;         ///< 0 without a model
  /// One rank count's plan.
  struct Plan {
    int ranks = 0;  ///< the rank count
    /// @{
    double largestShare = 0.0, smallestShare = 0.0;  ///< of the total cost, in percent
    /// @}
    double imbalance = 0.0;                          ///< the largest rank's cost over the mean
    double speedUp = 0.0;                            ///< the total cost over the largest rank's
    double modelBroadcast = 0.0;                     ///< bytes
    /// @{
    double documentsMoved = 0.0, tokensMoved = 0.0;  ///< bytes
    /// @}
    double inputBroadcast = 0.0;                     ///< bytes, had the whole input been broadcast instead
    double summed = 0.0;                             ///< bytes of results summed per rank
  };
  std::vector<Plan> plans;  ///< one per rank count, in the request's order
};

/// The plans, from the input's document lengths (nothing is evaluated). FileError for an unreadable
/// input or model; SettingError for a rank count out of range.
[[nodiscard]] TOPICEVAL_API PlanRanksResult planRanks(const PlanRanksRequest& request);
/// The `plan-ranks` declarations' checks on a request built in C++ (planRanks
/// runs them too): SettingError naming the field.
TOPICEVAL_API void validate(const PlanRanksRequest& request);
/// The request the `plan-ranks` command's options describe.
[[nodiscard]] TOPICEVAL_API PlanRanksRequest planRanksRequest(const OptionValues& options);

}  // namespace topiceval
