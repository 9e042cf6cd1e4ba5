// SPDX-License-Identifier: Apache-2.0
#pragma once
// The processes one run is spread over: this process alone (the default), or
// the ranks of an MPI job, which the executable installs when mpirun or srun
// started it (native/cli/mpi_cluster.cpp). The drivers that score documents
// (evaluateDocuments, evaluateLikeMallet) deal the documents to the ranks by
// cost, compute their own, and gather the per-document results: every value is
// computed by exactly one rank, which alone sends it, and every rank ends with
// the whole result, bit for bit the same as one process would compute (each
// estimate's random stream depends on the document, never on who computes it).

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <vector>

namespace topiceval {

// Which rank computed each element of a per-document array: element e belongs
// to document (e / stride) % owners.size(), computed by rank owners[document]
// (-1: by none, it keeps its value everywhere). Stride k with k values a
// document lays them out by (document, value); stride 1 over an array of k
// times the documents, by (value, document).
struct GatherLayout {
  std::span<const int> owners;
  std::size_t stride = 1;
  int owner(std::size_t element) const { return owners[(element / stride) % owners.size()]; }
};

// One gather's two halves, which every cluster shares: this rank's elements of
// values[first, last) in order, and, after the exchange, every rank's pieces
// (received: rank 0's, then rank 1's, ...) put back in their places.
template <class T>
std::vector<T> ownElements(std::span<const T> values, const GatherLayout& layout, int rank, std::size_t first,
                           std::size_t last);
template <class T>
void placeGathered(std::span<T> values, const GatherLayout& layout, std::span<const T> received,
                   std::span<const std::size_t> firstOfRank, std::size_t first, std::size_t last);

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const { return 0; }
  virtual int size() const { return 1; }

  // How a job agrees on failure. Every collective step (each sum, each file
  // broadcast, and the executable's last step) starts with an agreement in
  // which each rank gives its status: 0, or the exit status of a failure it
  // has met. So a rank that fails alone, anywhere, meets the others at their
  // next step instead of leaving them waiting: they learn that it failed and
  // stop too (RankFailure), and every rank exits with the same status.
  //
  // Each step also gives a fingerprint of what it is about to do (which
  // step, which file and its bytes, how many values): ranks that reach
  // different steps, or the same step with different data (a directory listed
  // differently, files that differ between nodes under --shared-filesystem)
  // would otherwise wait for each other forever or sum unlike things; they all
  // stop with RanksDisagree instead.
  struct Agreement {
    int status = 0;          // the largest status given (0: every rank is fine)
    int rankZeroStatus = 0;  // rank 0's own
    int failedRank = -1;     // the highest rank that failed, -1 for none
  };
  virtual Agreement agree(int status, uint64_t fingerprint = 0) {
    (void)fingerprint;
    return {status, status, status == 0 ? -1 : 0};
  }
  // The last agreement that found a failure, once one has (the executable's
  // last step is then not taken again).
  const Agreement* failure() const { return failure_ ? &*failure_ : nullptr; }
  // Whether this rank was one of the failing ones when that failure was agreed.
  bool failedHere() const { return failedHere_; }

  // Elementwise sums over the ranks, in place, on every rank.
  virtual void sum(std::span<double> values);
  virtual void sum(std::span<uint64_t> values);
  // Each rank's own elements of `values`, on every rank (see GatherLayout):
  // a rank sends only the elements it computed, where a sum would send every
  // element (zeros for the others' documents) and add them all up.
  virtual void gather(std::span<double> values, const GatherLayout& layout);
  virtual void gather(std::span<uint64_t> values, const GatherLayout& layout);

  // Every rank's bytes, by rank, on every rank: what each rank made of the
  // work dealt to it when that is not per-document values (select's topic
  // quality of its models).
  virtual std::vector<std::vector<uint8_t>> exchange(std::vector<uint8_t> own);

  // Whether rank 0 alone reads the held-out documents and deals them to the
  // ranks (MPI without --shared-filesystem): each rank then receives the
  // tokens of its own documents only (native/api/dealt_documents.cpp).
  virtual bool dealsDocuments() const { return false; }
  // Rank 0's bytes, on every rank.
  virtual void broadcast(std::vector<uint8_t>& bytes) { (void)bytes; }
  // Rank 0 gives each rank r the piece pieceOf(r) makes (called on rank 0
  // only, one rank at a time, so that one piece is held at once); every rank
  // returns its own piece.
  using PieceOf = std::function<std::vector<uint8_t>(int rank)>;
  virtual std::vector<uint8_t> scatter(const PieceOf& pieceOf);

  // The bytes this job has moved between its ranks: broadcast (counted once per
  // receiving rank), sent to one rank, summed (each rank's values, counted
  // once: a sum takes them in and gives the totals back), and gathered (the
  // elements this rank sent to the others: its own).
  struct Traffic {
    uint64_t broadcast = 0;
    uint64_t sent = 0;
    uint64_t summed = 0;
    uint64_t gathered = 0;
  };
  virtual Traffic traffic() const { return {}; }

  // The documents this process has taken to compute (scheduleOnThisRank),
  // added up over the run's passes: what shows, under MPI, that each rank
  // scored its share and no more (the executable reports every rank's).
  void countScheduled(uint64_t documents) { scheduled_ += documents; }
  uint64_t scheduled() const { return scheduled_; }

  // The exit status a failure is agreed with: that of the exception being
  // handled, as the executable reports it (it installs the rule, see
  // reportFailure); 1 until one is installed.
  using FailureStatus = int (*)();
  static void setFailureStatus(FailureStatus rule);
  static int failureStatus();

 protected:
  // An agreement's result: records a failure; throws RankFailure on a rank that
  // is itself fine when another failed.
  Agreement settle(Agreement agreement, int ownStatus);

 private:
  std::optional<Agreement> failure_;
  bool failedHere_ = false;
  std::atomic<uint64_t> scheduled_{0};
};

// What every rank throws when the ranks' fingerprints of one step differ.
class RanksDisagree : public std::runtime_error {
 public:
  RanksDisagree()
      : std::runtime_error(
            "the ranks reached different steps or read different data (a directory listed differently on "
            "the nodes, or files that differ between nodes under --shared-filesystem); the whole job stops") {}
};

// What a healthy rank throws when another rank failed: the commands report it
// like any error, rank 0 as "rank R of N failed (its message is above)".
class RankFailure : public std::runtime_error {
 public:
  RankFailure(const Cluster::Agreement& agreement, int size);
  int status() const { return status_; }

 private:
  int status_;
};

// The cluster this process belongs to.
Cluster& cluster();
void setCluster(std::unique_ptr<Cluster> cluster);

// The rank of `size` that computes each document: the documents dealt in
// decreasing cost, each to the rank with the least cost so far (the lowest
// rank on ties), the longest-first schedule extended to ranks. Every rank
// computes the same deal.
std::vector<int> dealDocuments(std::span<const uint64_t> costs, int size);
// Flags by document: those dealt to `rank`.
std::vector<uint8_t> documentsOfRank(std::span<const uint64_t> costs, int rank, int size);
// The documents this process computes, costliest first (costliestFirst): all
// of them in one process, this rank's share (documentsOfRank) under MPI.
std::vector<std::size_t> scheduleOnThisRank(const std::vector<uint64_t>& costs);

// Runs `compute` (which fills this rank's entries of `values` and `counts`)
// and then gathers them (see GatherLayout; `owners` by document, the strides
// of each array). A failure of `compute` on any rank is agreed on before the
// gathers: the failing rank rethrows its own error, the others throw
// RankFailure.
template <class Compute>
void computeOnRanksAndGather(Compute compute, std::span<const int> owners, std::span<double> values,
                             std::size_t valuesStride, std::span<uint64_t> counts = {}, std::size_t countsStride = 1);

}  // namespace topiceval

#include <exception>

namespace topiceval {

template <class Compute>
void computeOnRanksAndGather(Compute compute, std::span<const int> owners, std::span<double> values,
                             std::size_t valuesStride, std::span<uint64_t> counts, std::size_t countsStride) {
  Cluster& processes = cluster();
  if (processes.size() == 1) {
    compute();
    return;
  }
  try {
    compute();
  } catch (...) {
    processes.agree(Cluster::failureStatus());  // tells the others, who then stop at their own agreement
    throw;
  }
  processes.gather(values, {owners, valuesStride});  // each gather starts with an agreement
  if (!counts.empty()) processes.gather(counts, {owners, countsStride});
}

template <class T>
std::vector<T> ownElements(std::span<const T> values, const GatherLayout& layout, int rank, std::size_t first,
                           std::size_t last) {
  std::vector<T> own;
  for (std::size_t e = first; e < last; ++e)
    if (layout.owner(e) == rank) own.push_back(values[e]);
  return own;
}

template <class T>
void placeGathered(std::span<T> values, const GatherLayout& layout, std::span<const T> received,
                   std::span<const std::size_t> firstOfRank, std::size_t first, std::size_t last) {
  std::vector<std::size_t> next(firstOfRank.begin(), firstOfRank.end());
  for (std::size_t e = first; e < last; ++e) {
    const int owner = layout.owner(e);
    if (owner >= 0) values[e] = received[next[static_cast<std::size_t>(owner)]++];
  }
}

}  // namespace topiceval
