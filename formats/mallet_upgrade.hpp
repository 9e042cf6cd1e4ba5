// SPDX-License-Identifier: Apache-2.0
#pragma once
// A MALLET 2.0 file (instance list, saved ParallelTopicModel, TopicInferencer,
// MarginalProbEstimator) rewritten as MALLET 2.1 reads it, natively, without
// a JVM: the `upgrade` command. MALLET 2.1.1 refuses 2.0.8's files for two
// reasons, and the rewrite removes both while copying every other byte:
// - Alphabet and Pipe carry an instance id, a java.rmi.dgc.VMID in 2.0 and a
//   java.util.UUID in 2.1 (InstanceList.load: "Mallet 2.1 breaks backwards
//   compatibility"; an inferencer: "VMID cannot be cast to UUID"). Each VMID
//   becomes the UUID named by its text (uuidForIdentifier), so objects that
//   shared an id still share one, within a file and across files, and MALLET
//   2.1 still recognises an alphabet read twice as one alphabet.
// - ParallelTopicModel's field totalTokens was an int and is a long: its class
//   descriptor's type code changes (the value itself is not in the stream).
// Everything else in the stream (the handles of later objects renumbered
// where the ids' objects took a different number) is the input's own bytes.

#include <array>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace topiceval::formats {

struct UpgradeCounts {
  std::string rootClass;         // the class of the stream's first object
  uint64_t identifiers = 0;      // java.rmi.dgc.VMID objects written as java.util.UUID
  uint64_t fieldTypes = 0;       // class descriptors' field types changed to MALLET 2.1's
  uint64_t bytesWritten = 0;
  bool changed() const { return identifiers + fieldTypes > 0; }
};

// Writes the upgraded stream to `out` (named `outName` in a write error's
// message). A FormatError naming `source` for anything but a well-formed
// serialization stream of a MALLET object, for a class MALLET 2.1 cannot read
// at all (gnu.trove's, which 2.1 replaced) and for a stream that refers back to
// a part of a VMID outside it; nothing is promised about what was written then.
UpgradeCounts upgradeMalletStream(std::span<const uint8_t> bytes, const std::string& source, std::ostream& out,
                                  const std::string& outName);

// The UUID a VMID becomes: version 8 (RFC 9562, section 5.8, its SHA-256
// example), its other 122 bits the first of SHA-256 of the VMID's text as
// Java's VMID.toString() writes it ("9d6cd1c885ab0d60:-1f330d02:1a24a469c3e:-7ff9",
// the "Instance ID" MALLET 2.0 prints when it rewrites a pipe). Big-endian:
// the most significant half first.
std::array<uint8_t, 16> uuidForIdentifier(std::string_view vmidText);

}  // namespace topiceval::formats
