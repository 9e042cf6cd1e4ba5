#include "native/runtime/cluster.hpp"

#include "native/runtime/parallel_runner.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace topiceval {

void Cluster::sum(std::span<double>) {}
void Cluster::sum(std::span<uint64_t>) {}

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
  return schedule;
}

std::vector<uint8_t> documentsOfRank(std::span<const uint64_t> costs, int rank, int size) {
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  std::vector<uint64_t> load(static_cast<std::size_t>(size), 0);
  std::vector<uint8_t> mine(costs.size(), 0);
  for (const std::size_t document : order) {
    const auto least = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    // A document of no cost still goes somewhere: to one rank only.
    load[least] += std::max<uint64_t>(costs[document], 1);
    mine[document] = static_cast<int>(least) == rank;
  }
  return mine;
}

}  // namespace topiceval
