// SPDX-License-Identifier: Apache-2.0
// topiceval::upgrade (topiceval/upgrade.hpp): the file read whole, its kind
// named as `info` names it, and the stream rewritten by formats/mallet_upgrade.
#include "topiceval/upgrade.hpp"

#include "formats/file_bytes.hpp"
#include "formats/file_kinds.hpp"
#include "formats/format_error.hpp"
#include "formats/mallet_upgrade.hpp"
#include "formats/object_stream_reader.hpp"

namespace topiceval {
namespace {

// Refuses, from its first bytes, a file that is no Java serialization stream, saying what it is.
void checkSerializedObject(std::span<const uint8_t> start, const std::string& source) {
  if (formats::looksLikeObjectStream(start)) return;
  const FileKind kind = formats::recognise(start, source);
  if (kind == FileKind::TopicState)
    throw formats::FormatError(source, "is a MALLET topic state (gzipped text), which MALLET 2.1 reads as it is: "
                                       "there is nothing to upgrade");
  const bool uncountable = kind == FileKind::Text || kind == FileKind::Binary;
  throw formats::FormatError(source, std::string("holds ") + (uncountable ? "" : "a ") + formats::describeKind(kind) +
                                         ", not a serialized MALLET object (an instance list, saved model, "
                                         "inferencer or evaluator)");
}

}  // namespace

UpgradeRequest upgradeRequest(const OptionValues& options) {
  UpgradeRequest request;
  request.input = *options.text("input");
  return request;
}

UpgradeResult upgrade(const UpgradeRequest& request, std::ostream& out, const std::string& outName) {
  const std::vector<uint8_t> bytes = formats::readFileBytes(request.input, checkSerializedObject);
  const formats::UpgradeCounts counts = formats::upgradeMalletStream(bytes, request.input, out, outName);
  UpgradeResult result;
  result.kind = formats::describeKind(formats::recognise(bytes, request.input));
  result.rootClass = counts.rootClass;
  result.identifiers = counts.identifiers;
  result.fieldTypes = counts.fieldTypes;
  result.bytes = counts.bytesWritten;
  return result;
}

}  // namespace topiceval
