// SPDX-License-Identifier: Apache-2.0
#pragma once
// The drivers' side of documents dealt over MPI ranks (DocumentCollection's
// RankShare): which documents this process computes, and per-document counts
// that need a document's tokens, computed where the tokens are.

#include <cstdint>
#include <span>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/parallel_runner.hpp"

namespace topiceval {

// The units this process computes, costliest first. Unit i is document
// chosen[i] (document i when `chosen` is empty) with cost costs[i]. For a
// dealt collection: its own documents; otherwise scheduleOnThisRank's share of
// the costs (every rank holds every document).
inline std::vector<std::size_t> scheduleOnThisRank(const std::vector<uint64_t>& costs,
                                                   const DocumentCollection& documents,
                                                   std::span<const std::size_t> chosen = {}) {
  if (!documents.dealt()) return scheduleOnThisRank(costs);
  std::vector<std::size_t> schedule = costliestFirst(costs);
  std::erase_if(schedule, [&](std::size_t unit) { return !documents.mine(chosen.empty() ? unit : chosen[unit]); });
  cluster().countScheduled(schedule.size());
  return schedule;
}

// The rank that computes each document as scheduleOnThisRank deals the same
// units (-1 for a document no unit names): what the results are gathered by
// (computeOnRanksAndGather). Empty in one process, which gathers nothing.
inline std::vector<int> ownersOnRanks(const std::vector<uint64_t>& costs, const DocumentCollection& documents,
                                      std::span<const std::size_t> chosen = {}) {
  if (cluster().size() == 1) return {};
  std::vector<int> owners(documents.size(), -1);
  const std::vector<int> dealt = documents.dealt() ? std::vector<int>() : dealDocuments(costs, cluster().size());
  for (std::size_t unit = 0; unit < costs.size(); ++unit) {
    const std::size_t d = chosen.empty() ? unit : chosen[unit];
    owners[d] = documents.dealt() ? documents.share()->owners[d] : dealt[unit];
  }
  return owners;
}

// count(d) for every document d, on every rank: where the documents are dealt,
// each rank counts its own and the counts are gathered.
template <class Count>
std::vector<uint64_t> countOnRanks(const DocumentCollection& documents, Count count) {
  std::vector<uint64_t> counts(documents.size(), 0);
  for (std::size_t d = 0; d < documents.size(); ++d)
    if (documents.mine(d)) counts[d] = count(d);
  if (documents.dealt() && cluster().size() > 1) cluster().gather(counts, {documents.share()->owners, 1});
  return counts;
}

}  // namespace topiceval
