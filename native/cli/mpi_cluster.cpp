// SPDX-License-Identifier: Apache-2.0
#include "native/cli/mpi_cluster.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <span>
#include <string_view>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/file_bytes.hpp"
#include "formats/format_error.hpp"
#include "native/runtime/cluster.hpp"

#ifdef TOPICEVAL_MPI
#include <mpi.h>

extern char** environ;
#endif

namespace topiceval::commands {

bool launchedByMpiLauncher() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(variable) != nullptr) return true;
  }
  return false;
}

#ifndef TOPICEVAL_MPI

bool builtWithMpi() { return false; }
MpiSession::MpiSession(int&, char**&, bool) {
  (void)differingRank_;
  throw std::runtime_error("this topiceval was built without MPI (install libopenmpi-dev and rebuild)");
}
MpiSession::~MpiSession() = default;

#else

bool builtWithMpi() { return true; }

namespace {

// FNV-1a over the bytes of `text` and then `bytes`.
uint64_t fingerprintOf(std::string_view text, std::span<const uint8_t> bytes = {}, uint64_t number = 0) {
  uint64_t hash = 0xCBF29CE484222325ULL;
  const auto mix = [&](uint8_t byte) { hash = (hash ^ byte) * 0x100000001B3ULL; };
  for (const char c : text) mix(static_cast<uint8_t>(c));
  for (const uint8_t byte : bytes) mix(byte);
  for (int shift = 0; shift < 64; shift += 8) mix(static_cast<uint8_t>(number >> shift));
  return hash;
}
uint64_t fingerprintOf(std::string_view text, std::size_t number) { return fingerprintOf(text, {}, number); }

// MPI counts are ints: large buffers go in pieces.
constexpr std::size_t kLargestPiece = std::size_t{1} << 30;

// What this process has moved (see Cluster::Traffic).
Cluster::Traffic moved;

void broadcastBytes(std::vector<uint8_t>& bytes, int size) {
  uint64_t count = bytes.size();
  MPI_Bcast(&count, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  bytes.resize(static_cast<std::size_t>(count));
  for (std::size_t first = 0; first < bytes.size(); first += kLargestPiece)
    MPI_Bcast(bytes.data() + first, static_cast<int>(std::min(kLargestPiece, bytes.size() - first)), MPI_BYTE, 0,
              MPI_COMM_WORLD);
  moved.broadcast += count * static_cast<uint64_t>(size - 1);
}

class MpiCluster : public Cluster {
 public:
  MpiCluster() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  Agreement agree(int status, uint64_t fingerprint) override {
    // The fingerprint's largest and smallest over the ranks, as the largest of
    // it and of its complement, in the same reduction as the statuses.
    long long values[5] = {status, rank_ == 0 ? status : 0, status != 0 ? rank_ : -1,
                           static_cast<long long>(fingerprint >> 1), static_cast<long long>(~fingerprint >> 1)};
    MPI_Allreduce(MPI_IN_PLACE, values, 5, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    const Agreement agreement =
        settle({static_cast<int>(values[0]), static_cast<int>(values[1]), static_cast<int>(values[2])}, status);
    const bool same = static_cast<uint64_t>(values[3]) == (~static_cast<uint64_t>(values[4]) & (~uint64_t{0} >> 1));
    if (agreement.status == 0 && !same) throw RanksDisagree();
    return agreement;
  }

  void sum(std::span<double> values) override {
    agree(0, fingerprintOf("sum of doubles", values.size()));
    moved.summed += values.size_bytes();
    for (std::size_t first = 0; first < values.size(); first += kLargestPiece)
      MPI_Allreduce(MPI_IN_PLACE, values.data() + first,
                    static_cast<int>(std::min(kLargestPiece, values.size() - first)), MPI_DOUBLE, MPI_SUM,
                    MPI_COMM_WORLD);
  }
  void sum(std::span<uint64_t> values) override {
    agree(0, fingerprintOf("sum of counts", values.size()));
    moved.summed += values.size_bytes();
    for (std::size_t first = 0; first < values.size(); first += kLargestPiece)
      MPI_Allreduce(MPI_IN_PLACE, values.data() + first,
                    static_cast<int>(std::min(kLargestPiece, values.size() - first)), MPI_UINT64_T, MPI_SUM,
                    MPI_COMM_WORLD);
  }

  void gather(std::span<double> values, const GatherLayout& layout) override {
    gatherOwn(values, layout, MPI_DOUBLE, "gather of doubles");
  }
  void gather(std::span<uint64_t> values, const GatherLayout& layout) override {
    gatherOwn(values, layout, MPI_UINT64_T, "gather of counts");
  }

  bool dealsDocuments() const override { return dealsDocuments_; }
  void setDealsDocuments(bool deals) { dealsDocuments_ = deals; }

  void broadcast(std::vector<uint8_t>& bytes) override {
    agree(0, fingerprintOf("broadcast"));
    broadcastBytes(bytes, size_);
  }

  std::vector<uint8_t> scatter(const PieceOf& pieceOf) override {
    agree(0, fingerprintOf("scatter"));
    if (rank_ == 0) {
      for (int to = 1; to < size_; ++to) {
        const std::vector<uint8_t> piece = pieceOf(to);
        const uint64_t count = piece.size();
        MPI_Send(&count, 1, MPI_UINT64_T, to, 0, MPI_COMM_WORLD);
        for (std::size_t first = 0; first < piece.size(); first += kLargestPiece)
          MPI_Send(piece.data() + first, static_cast<int>(std::min(kLargestPiece, piece.size() - first)), MPI_BYTE,
                   to, 0, MPI_COMM_WORLD);
        moved.sent += count;
      }
      return pieceOf(0);
    }
    uint64_t count = 0;
    MPI_Recv(&count, 1, MPI_UINT64_T, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::vector<uint8_t> piece(static_cast<std::size_t>(count));
    for (std::size_t first = 0; first < piece.size(); first += kLargestPiece)
      MPI_Recv(piece.data() + first, static_cast<int>(std::min(kLargestPiece, piece.size() - first)), MPI_BYTE, 0, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return piece;
  }

  std::vector<std::vector<uint8_t>> exchange(std::vector<uint8_t> own) override {
    agree(0, fingerprintOf("exchange"));
    const auto ranks = static_cast<std::size_t>(size_);
    std::vector<uint64_t> sizes(ranks, 0);
    const uint64_t mine = own.size();
    MPI_Allgather(&mine, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    std::vector<int> counts(ranks, 0), displacements(ranks, 0);
    uint64_t total = 0;
    for (std::size_t r = 0; r < ranks; ++r) {
      if (sizes[r] > static_cast<uint64_t>(std::numeric_limits<int>::max() / 2) ||
          total > static_cast<uint64_t>(std::numeric_limits<int>::max() / 2))
        throw std::runtime_error("a rank's results are too large to exchange in one step (over 1 GiB)");
      counts[r] = static_cast<int>(sizes[r]);
      displacements[r] = static_cast<int>(total);
      total += sizes[r];
    }
    std::vector<uint8_t> received(static_cast<std::size_t>(total));
    MPI_Allgatherv(own.data(), static_cast<int>(own.size()), MPI_BYTE, received.data(), counts.data(),
                   displacements.data(), MPI_BYTE, MPI_COMM_WORLD);
    std::vector<std::vector<uint8_t>> pieces(ranks);
    for (std::size_t r = 0; r < ranks; ++r)
      pieces[r].assign(received.begin() + displacements[r], received.begin() + displacements[r] + counts[r]);
    return pieces;
  }

  Traffic traffic() const override { return moved; }

 private:
  // In windows of elements small enough that every count and displacement is an int.
  template <class T>
  void gatherOwn(std::span<T> values, const GatherLayout& layout, MPI_Datatype type, std::string_view step) {
    agree(0, fingerprintOf(step, values.size() * 1000003 + layout.stride));
    constexpr std::size_t kWindow = std::size_t{1} << 27;
    const auto ranks = static_cast<std::size_t>(size_);
    for (std::size_t first = 0; first < values.size(); first += kWindow) {
      const std::size_t last = std::min(values.size(), first + kWindow);
      std::vector<int> counts(ranks, 0), displacements(ranks, 0);
      for (std::size_t e = first; e < last; ++e)
        if (const int owner = layout.owner(e); owner >= 0) ++counts[static_cast<std::size_t>(owner)];
      std::vector<std::size_t> firstOfRank(ranks, 0);
      for (std::size_t r = 1; r < ranks; ++r) {
        displacements[r] = displacements[r - 1] + counts[r - 1];
        firstOfRank[r] = static_cast<std::size_t>(displacements[r]);
      }
      std::vector<T> own = ownElements<T>(values, layout, rank_, first, last);
      std::vector<T> received(static_cast<std::size_t>(displacements.back() + counts.back()));
      MPI_Allgatherv(own.data(), static_cast<int>(own.size()), type, received.data(), counts.data(),
                     displacements.data(), type, MPI_COMM_WORLD);
      moved.gathered += own.size() * sizeof(T);
      placeGathered<T>(values, layout, received, firstOfRank, first, last);
    }
  }

  int rank_ = 0;
  int size_ = 1;
  bool dealsDocuments_ = false;
};

void broadcastBytes(std::vector<uint8_t>& bytes) { broadcastBytes(bytes, cluster().size()); }

void broadcastText(std::string& text) {
  std::vector<uint8_t> bytes(text.begin(), text.end());
  broadcastBytes(bytes);
  text.assign(bytes.begin(), bytes.end());
}

// Rank 0 reads, every rank gets the bytes or rank 0's error (the same
// FormatError on every rank, so every rank fails alike).
std::vector<uint8_t> readOnRankZero(const std::string& path, formats::StartCheck check) {
  Cluster& processes = cluster();
  processes.agree(0, fingerprintOf("read " + path));
  std::vector<uint8_t> bytes;
  std::string source = path, problem;
  uint64_t failed = 0;
  if (processes.rank() == 0) {
    try {
      bytes = formats::readLocalFileBytes(path, check);
    } catch (const formats::FormatError& error) {
      failed = 1, source = error.source(), problem = error.problem();
    } catch (const std::exception& error) {
      failed = 1, problem = error.what();
    }
  }
  MPI_Bcast(&failed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (failed != 0) {
    broadcastText(source);
    broadcastText(problem);
    throw formats::FormatError(source, problem);
  }
  broadcastBytes(bytes);
  return bytes;
}

// Every rank reads its own copy (--shared-filesystem), and the ranks check that
// they read the same bytes; standard input exists on rank 0 only, so it is
// always broadcast.
std::vector<uint8_t> readOnEveryRank(const std::string& path, formats::StartCheck check) {
  if (path == "-") return readOnRankZero(path, check);
  Cluster& processes = cluster();
  std::vector<uint8_t> bytes;
  try {
    bytes = formats::readLocalFileBytes(path, check);
  } catch (...) {
    processes.agree(1, fingerprintOf("read " + path));  // the others learn it at this step
    throw;
  }
  processes.agree(0, fingerprintOf("read " + path, bytes));
  return bytes;
}

// What a rank was asked to do: its arguments (after the program's name) and
// the TOPICEVAL_ variables of its environment, the only ones that change what
// topiceval computes.
uint64_t fingerprintOfRequest(int argc, char** argv) {
  std::string request;
  for (int i = 1; i < argc; ++i) request.append(argv[i]).push_back('\0');
  std::vector<std::string> settings;
  for (char** variable = environ; *variable != nullptr; ++variable) {
    if (std::string_view(*variable).starts_with("TOPICEVAL_")) settings.emplace_back(*variable);
  }
  std::sort(settings.begin(), settings.end());
  for (const std::string& setting : settings) request.append(setting).push_back('\0');
  return fingerprintOf(request);
}

}  // namespace

MpiSession::MpiSession(int& argc, char**& argv, bool sharedFilesystem) {
  const uint64_t request = fingerprintOfRequest(argc, argv);
  MPI_Init(&argc, &argv);
  auto processes = std::make_unique<MpiCluster>();
  processes->setDealsDocuments(!sharedFilesystem);
  setCluster(std::move(processes));
  formats::setFileBytesSource(sharedFilesystem ? &readOnEveryRank : &readOnRankZero);
  // Every rank must run the same request (an MPMD launch can give each its
  // own): the highest rank whose request differs from rank 0's, or -1.
  uint64_t rankZeroRequest = request;
  MPI_Bcast(&rankZeroRequest, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int differing = request == rankZeroRequest ? -1 : rank;
  MPI_Allreduce(MPI_IN_PLACE, &differing, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  differingRank_ = differing;
}

MpiSession::~MpiSession() {
  formats::setFileBytesSource(nullptr);
  setCluster(std::make_unique<Cluster>());
  MPI_Finalize();
}

#endif

}  // namespace topiceval::commands
