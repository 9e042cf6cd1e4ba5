// SPDX-License-Identifier: Apache-2.0
#include "native/api/dealt_documents.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "formats/file_bytes.hpp"
#include "native/model/type_profile.hpp"
#include "native/runtime/cluster.hpp"
#include "native/runtime/rank_bytes.hpp"

namespace topiceval::detail {

namespace {

// Where the type gaps start: below the least int32_t.
constexpr int64_t kBeforeEveryType = int64_t{INT32_MIN} - 1;

// The same fingerprint on every rank: the step itself, whatever the data.
constexpr uint64_t kDealStep = 0x6465616C2D646F63ULL;

constexpr const char* kDealtBytes = "rank 0's documents";

// Every type of the set with its tokens, in type order.
std::vector<std::pair<int32_t, uint64_t>> typeCountsOf(const DocumentCollection& documents) {
  TypeProfile profile;
  profile.add(documents);
  return profile.take();
}

std::vector<uint64_t> costsOf(const std::vector<uint32_t>& lengths, DealCost cost) {
  std::vector<uint64_t> costs(lengths.size());
  for (std::size_t d = 0; d < lengths.size(); ++d) costs[d] = dealCost(cost, lengths[d]);
  return costs;
}

// What every rank receives: the lengths and the type profile, as varints
// (types as gaps from the previous one, in type order). The words stay on
// rank 0, the only rank that writes them.
std::vector<uint8_t> headerOf(const DocumentCollection& documents,
                              const std::vector<std::pair<int32_t, uint64_t>>& typeCounts) {
  ByteWriter header;
  header.putVarint(documents.size());
  header.putVarint(documents.totalTokens());
  for (std::size_t d = 0; d < documents.size(); ++d) header.putVarint(documents.length(d));
  header.putVarint(typeCounts.size());
  int64_t previous = kBeforeEveryType;
  for (const auto& [type, count] : typeCounts) {
    header.putVarint(static_cast<uint64_t>(type - previous));  // types are distinct and ascending: gaps of 1 or more
    header.putVarint(count);
    previous = type;
  }
  return header.take();
}

// Rank 0 reads; the ranks agree on whether it could before any of them goes
// on (the others stop at this step when it could not).
DocumentCollection readOnRankZero(Cluster& processes, const std::function<DocumentCollection()>& read) {
  DocumentCollection documents;
  if (processes.rank() == 0) {
    try {
      const formats::ReadLocally local;  // this rank's own file: nothing is broadcast
      documents = read();
      if (documents.size() > UINT32_MAX) throw std::runtime_error("more than 2^32 documents cannot be dealt");
      for (std::size_t d = 0; d < documents.size(); ++d)
        if (documents.length(d) > UINT32_MAX) throw std::runtime_error("a document of 2^32 tokens cannot be dealt");
    } catch (...) {
      processes.agree(Cluster::failureStatus(), kDealStep);
      throw;
    }
  }
  processes.agree(0, kDealStep);
  return documents;
}

// Rank 0's header (headerOf) broadcast, and read into every rank's share.
void shareHeader(Cluster& processes, const DocumentCollection& documents, DocumentCollection::RankShare& share) {
  std::vector<uint8_t> header;
  if (processes.rank() == 0) {
    share.typeCounts = typeCountsOf(documents);
    header = headerOf(documents, share.typeCounts);
  }
  processes.broadcast(header);
  ByteReader reading(header, kDealtBytes);
  const auto count = static_cast<std::size_t>(reading.getVarint());
  share.totalTokens = reading.getVarint();
  share.lengths.resize(count);
  for (uint32_t& length : share.lengths) length = static_cast<uint32_t>(reading.getVarint());
  if (processes.rank() != 0) {
    share.typeCounts.resize(static_cast<std::size_t>(reading.getVarint()));
    int64_t previous = kBeforeEveryType;
    for (auto& [type, tokens] : share.typeCounts) {
      previous += static_cast<int64_t>(reading.getVarint());
      type = static_cast<int32_t>(previous);
      tokens = reading.getVarint();
    }
  }
}

// The documents listed by rank in document order (on rank 0, which sends
// them): rank r's are byRank[firstOfRank[r]] up to byRank[firstOfRank[r + 1]].
struct DocumentsByRank {
  std::vector<std::size_t> firstOfRank, byRank;
};

DocumentsByRank documentsByRank(const std::vector<int>& owners, int rank, int size) {
  DocumentsByRank listed{std::vector<std::size_t>(static_cast<std::size_t>(size) + 1, 0), {}};
  if (rank != 0) return listed;
  std::vector<std::size_t>& firstOfRank = listed.firstOfRank;
  for (const int owner : owners) ++firstOfRank[static_cast<std::size_t>(owner) + 1];
  for (int r = 0; r < size; ++r) firstOfRank[r + 1] += firstOfRank[r];
  listed.byRank.resize(owners.size());
  std::vector<std::size_t> next(firstOfRank.begin(), firstOfRank.end() - 1);
  for (std::size_t d = 0; d < owners.size(); ++d) listed.byRank[next[static_cast<std::size_t>(owners[d])]++] = d;
  return listed;
}

}  // namespace

uint64_t dealCost(DealCost cost, std::size_t length) {
  const auto n = static_cast<uint64_t>(length);
  return cost == DealCost::Linear ? n : n * (n + 1) / 2;
}

DocumentCollection readDealtOverRanks(const std::function<DocumentCollection()>& read, DealCost cost) {
  Cluster& processes = cluster();
  if (processes.size() == 1 || !processes.dealsDocuments()) return read();
  const int rank = processes.rank();
  const int size = processes.size();
  DocumentCollection documents = readOnRankZero(processes, read);
  auto share = std::make_shared<DocumentCollection::RankShare>();
  shareHeader(processes, documents, *share);

  // The same deal on every rank, from the lengths all of them have.
  const std::size_t count = share->lengths.size();
  share->owners = dealDocuments(costsOf(share->lengths, cost), size);
  const std::vector<int>& owners = share->owners;
  share->mine.resize(count);
  share->held.resize(count);
  for (std::size_t d = 0; d < count; ++d) {
    share->mine[d] = owners[d] == rank;
    share->held[d] = rank == 0 || owners[d] == rank;
  }
  // Each rank's tokens, gathered as its turn comes (rank 0 keeps its own: an empty piece).
  const DocumentsByRank listed = documentsByRank(owners, rank, size);
  std::vector<uint8_t> piece = processes.scatter([&](int to) {
    ByteWriter writer;
    if (to != 0)
      for (std::size_t i = listed.firstOfRank[to]; i < listed.firstOfRank[to + 1]; ++i)
        writer.putAll(documents.document(listed.byRank[i]));
    return writer.take();
  });
  if (rank == 0) {
    documents.keepDealt(std::move(share));
    return documents;
  }
  std::vector<int32_t> tokens(piece.size() / sizeof(int32_t));
  ByteReader(piece, kDealtBytes).getAll(std::span<int32_t>(tokens));
  piece = {};
  return DocumentCollection::dealt(std::move(tokens), std::move(share), {}, {});  // the names stay on rank 0
}

DealBytes dealBytes(const DocumentCollection& documents, uint64_t count, int ranks, DealCost cost) {
  DealBytes bytes;
  if (ranks < 2 || documents.empty()) return bytes;
  std::vector<uint32_t> lengths(count);
  for (uint64_t d = 0; d < count; ++d) lengths[d] = static_cast<uint32_t>(documents.length(d % documents.size()));
  // The documents' own header, and each further copy's length (the profile of
  // a repeated set has the same types).
  bytes.broadcastPerRank = headerOf(documents, typeCountsOf(documents)).size();
  for (uint64_t d = documents.size(); d < count; ++d) {
    for (uint64_t length = lengths[d]; length >= 0x80; length >>= 7) ++bytes.broadcastPerRank;
    ++bytes.broadcastPerRank;
  }
  const std::vector<int> owners = dealDocuments(costsOf(lengths, cost), ranks);
  for (uint64_t d = 0; d < count; ++d)
    if (owners[d] != 0) bytes.tokensSent += sizeof(int32_t) * uint64_t{lengths[d]};
  return bytes;
}

}  // namespace topiceval::detail
