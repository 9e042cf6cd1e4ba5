// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/cluster.hpp"

#include "native/runtime/parallel_runner.hpp"

#include <algorithm>
#include <numeric>
#include <queue>
#include <utility>
#include <stdexcept>

namespace topiceval {

void Cluster::sum(std::span<double>) {}
void Cluster::sum(std::span<uint64_t>) {}
void Cluster::gather(std::span<double>, const GatherLayout&) {}
void Cluster::gather(std::span<uint64_t>, const GatherLayout&) {}

namespace {
Cluster::FailureStatus failureRule = nullptr;
}  // namespace

void Cluster::setFailureStatus(FailureStatus rule) { failureRule = rule; }
int Cluster::failureStatus() { return failureRule != nullptr ? failureRule() : 1; }

std::vector<uint8_t> Cluster::scatter(const PieceOf& pieceOf) { return pieceOf(0); }
std::vector<std::vector<uint8_t>> Cluster::exchange(std::vector<uint8_t> own) { return {std::move(own)}; }

Cluster::Agreement Cluster::settle(Agreement agreement, int ownStatus) {
  if (agreement.status == 0) return agreement;
  failure_ = agreement;
  failedHere_ = ownStatus != 0;
  if (ownStatus == 0) throw RankFailure(agreement, size());
  return agreement;
}

RankFailure::RankFailure(const Cluster::Agreement& agreement, int size)
    : std::runtime_error("rank " + std::to_string(agreement.failedRank) + " of " + std::to_string(size) +
                         " failed (its message is above); the whole job stops"),
      status_(agreement.status) {}

namespace {

std::unique_ptr<Cluster>& installed() {
  static std::unique_ptr<Cluster> current = std::make_unique<Cluster>();
  return current;
}

}  // namespace

Cluster& cluster() { return *installed(); }

void setCluster(std::unique_ptr<Cluster> cluster) { installed() = std::move(cluster); }

std::vector<std::size_t> scheduleOnThisRank(const std::vector<uint64_t>& costs) {
  std::vector<std::size_t> schedule = costliestFirst(costs);
  if (cluster().size() > 1) {
    const std::vector<uint8_t> mine = documentsOfRank(costs, cluster().rank(), cluster().size());
    std::erase_if(schedule, [&](std::size_t d) { return mine[d] == 0; });
  }
  cluster().countScheduled(schedule.size());
  return schedule;
}

std::vector<int> dealDocuments(std::span<const uint64_t> costs, int size) {
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  // The least-loaded rank, lowest first on ties: a heap of (load, rank).
  using Load = std::pair<uint64_t, int>;
  std::priority_queue<Load, std::vector<Load>, std::greater<Load>> ranks;
  for (int rank = 0; rank < size; ++rank) ranks.emplace(0, rank);
  std::vector<int> owners(costs.size(), 0);
  for (const std::size_t document : order) {
    auto [load, rank] = ranks.top();
    ranks.pop();
    owners[document] = rank;
    // A document of no cost still goes somewhere: to one rank only.
    ranks.emplace(load + std::max<uint64_t>(costs[document], 1), rank);
  }
  return owners;
}

std::vector<uint8_t> documentsOfRank(std::span<const uint64_t> costs, int rank, int size) {
  const std::vector<int> owners = dealDocuments(costs, size);
  std::vector<uint8_t> mine(owners.size());
  for (std::size_t d = 0; d < owners.size(); ++d) mine[d] = owners[d] == rank;
  return mine;
}

}  // namespace topiceval
