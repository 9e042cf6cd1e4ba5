// SPDX-License-Identifier: Apache-2.0
#pragma once
// Held-out documents over MPI ranks without a broadcast of the input: rank 0
// alone reads and parses the file, and each rank receives only the tokens of
// the documents it computes, with what every rank needs of the others: their
// lengths and the set's type profile (each type with its number of tokens).
// Bytes moved: the tokens once in all (but rank 0's own share), plus per other
// rank about one byte per document and three per distinct type. The numbers stay one process's: each document is
// computed by one rank from its own random stream (see Cluster).

#include <cstdint>
#include <functional>

#include "native/model/document_collection.hpp"

namespace topiceval::detail {

// How the deal weighs a document of n tokens: n, or n (n + 1) / 2 for the
// drivers whose work grows with the square of the length (MALLET's
// left-to-right with resampling).
enum class DealCost { Linear, Quadratic };
uint64_t dealCost(DealCost cost, std::size_t length);

// The documents `read` returns, in one process or when every rank reads its
// own copy (--shared-filesystem); under a cluster that deals documents, rank 0
// runs `read` on its own files and the others receive their share (a dealt
// DocumentCollection). A failure to read on rank 0 stops every rank.
DocumentCollection readDealtOverRanks(const std::function<DocumentCollection()>& read, DealCost cost);

// What dealing `count` documents (these, repeated as often as it takes) over
// `ranks` ranks moves: the bytes broadcast to each other rank (lengths and
// profile), and the tokens rank 0 sends (once in all).
struct DealBytes {
  uint64_t broadcastPerRank = 0;
  uint64_t tokensSent = 0;
};
DealBytes dealBytes(const DocumentCollection& documents, uint64_t count, int ranks, DealCost cost);

}  // namespace topiceval::detail
