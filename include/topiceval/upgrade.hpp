// SPDX-License-Identifier: Apache-2.0
#pragma once
// A MALLET 2.0 file (an instance list, a saved model, an inferencer or an
// evaluator) rewritten as MALLET 2.1 reads it (the `upgrade` command), so that
// a user moving to MALLET 2.1 keeps their files instead of importing and
// training again. MALLET 2.1.1 refuses 2.0.8's instance lists ("Mallet 2.1
// breaks backwards compatibility"), inferencers (a java.rmi.dgc.VMID where it
// expects a java.util.UUID) and saved models (totalTokens was an int); the
// upgraded file holds the same objects, which MALLET 2.1.1 reads and gives
// 2.0.8's numbers for (docs/mallet.md, "Upgrading to MALLET 2.1").

#include <cstdint>
#include <ostream>
#include <string>

#include "topiceval/export.hpp"
#include "topiceval/options.hpp"

namespace topiceval {

/// What upgrade() reads.
struct UpgradeRequest {
  std::string input;  ///< a serialized MALLET object written by MALLET 2.0 (or 2.1: it is then copied as it is)
};

/// What upgrade() did.
struct UpgradeResult {
  std::string kind;          ///< what the input holds, as `info` names it
  std::string rootClass;     ///< the Java class of the object the file holds
  uint64_t identifiers = 0;  ///< java.rmi.dgc.VMID instance ids written as java.util.UUID
  uint64_t fieldTypes = 0;   ///< class descriptors' field types changed to MALLET 2.1's
  uint64_t bytes = 0;        ///< bytes written
  /// Whether anything was changed (otherwise the output is the input's bytes).
  bool changed() const { return identifiers + fieldTypes > 0; }
};

/// Writes the upgraded file to `out`. A VMID becomes the UUID whose bits are
/// those of SHA-256 of its text (version 8, RFC 9562), so objects that shared
/// an id, in one file or several, share the new one. FileError for an input
/// that is no serialized MALLET object (a topic state is text, which MALLET 2.1
/// reads as it is), for a class MALLET 2.1 no longer has (GNU Trove's) and for
/// a damaged stream; `outName` names `out` in a failed write's FileError.
[[nodiscard]] TOPICEVAL_API UpgradeResult upgrade(const UpgradeRequest& request, std::ostream& out,
                                                  const std::string& outName = "the upgraded file");
/// The request the `upgrade` command's options describe.
[[nodiscard]] TOPICEVAL_API UpgradeRequest upgradeRequest(const OptionValues& options);

}  // namespace topiceval
