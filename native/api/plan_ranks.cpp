// SPDX-License-Identifier: Apache-2.0
// topiceval::planRanks (topiceval/plan_ranks.hpp): the deal an MPI run makes
// (readDealtOverRanks), priced for each number of ranks without running it.
#include "topiceval/plan_ranks.hpp"

#include <algorithm>
#include <numeric>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "formats/held_out_reader.hpp"
#include "formats/model_readers.hpp"
#include "native/api/caller_spelling.hpp"
#include "native/api/dealt_documents.hpp"
#include "native/runtime/cluster.hpp"

namespace topiceval {

PlanRanksResult planRanks(const PlanRanksRequest& request) try {
  validate(request);  // the declared ranges: ranks, replicate, runs
  const formats::ReadSession reads;  // the model and the input are each read twice
  PlanRanksResult result;
  std::shared_ptr<const Alphabet> alphabet;
  if (!request.model.empty()) {
    result.modelBytes = formats::readFileBytes(request.model).size();
    alphabet = formats::readModelFile(request.model).model.alphabet;
  }
  const DocumentCollection documents = formats::readHeldOutDocuments(request.input, alphabet.get(), request.model);
  if (documents.empty()) throw formats::FormatError(request.input, "holds no documents");
  result.inputDocuments = documents.size();
  const uint64_t count = request.replicate > 0 ? static_cast<uint64_t>(request.replicate) : documents.size();
  result.documents = count;
  // A synthetic set's input would grow with it; the model would not.
  result.inputBytes = static_cast<uint64_t>(static_cast<double>(formats::readFileBytes(request.input).size()) *
                                            (static_cast<double>(count) / static_cast<double>(documents.size())));
  const detail::DealCost dealCost = request.cost == DocumentCost::Quadratic ? detail::DealCost::Quadratic : detail::DealCost::Linear;
  std::vector<uint64_t> costs(count);
  for (uint64_t d = 0; d < count; ++d) costs[d] = detail::dealCost(dealCost, documents.length(d % documents.size()));
  const double total = std::accumulate(costs.begin(), costs.end(), 0.0);
  for (const int ranks : request.ranks) {
    // Every rank's load under the deal an MPI run makes.
    std::vector<uint64_t> load(static_cast<std::size_t>(ranks), 0);
    const std::vector<int> owners = dealDocuments(costs, ranks);
    for (uint64_t d = 0; d < count; ++d) load[static_cast<std::size_t>(owners[d])] += costs[d];
    const auto [low, high] = std::minmax_element(load.begin(), load.end());
    const double mean = std::accumulate(load.begin(), load.end(), 0.0) / ranks;
    const double largest = static_cast<double>(*high);
    const detail::DealBytes dealt = detail::dealBytes(documents, count, ranks, dealCost);
    PlanRanksResult::Plan plan;
    plan.ranks = ranks;
    plan.largestShare = 100.0 * largest / std::max(1.0, total);
    plan.smallestShare = 100.0 * static_cast<double>(*low) / std::max(1.0, total);
    plan.imbalance = largest / mean;
    plan.speedUp = total / std::max(1.0, largest);
    plan.modelBroadcast = static_cast<double>(result.modelBytes) * (ranks - 1);
    plan.documentsMoved =
        static_cast<double>(dealt.broadcastPerRank) * (ranks - 1) + static_cast<double>(dealt.tokensSent);
    plan.tokensMoved = static_cast<double>(dealt.tokensSent);
    plan.inputBroadcast = static_cast<double>(result.inputBytes) * (ranks - 1);
    // Every rank's results go in and out of a sum: a double and a count per (document, run).
    plan.summed = static_cast<double>(count) * request.runs * 16.0;
    result.plans.push_back(plan);
  }
  return result;
} catch (const SettingError& error) {
  throw spelledFor(request, error);  // (caller_spelling.hpp)
}

}  // namespace topiceval
