#pragma once
// Held-out documents from a serialized cc.mallet.types.InstanceList whose
// instances hold FeatureSequence data (mallet import-file/import-dir --keep-sequence).

#include <cstdint>
#include <span>
#include <string>

#include "formats/object_stream_reader.hpp"
#include "native/model/document_collection.hpp"

namespace topiceval::formats {

// Each instance's tokens, name and source; the collection's alphabet is the
// instances' data alphabet. A FormatError names the source and the problem.
// The instances are decoded straight from the stream (ObjectStreamShortcut::
// MalletInstances); ObjectStreamShortcut::None reads them through the general
// object graph, the reference the shortcut is tested against.
DocumentCollection readInstanceList(std::span<const uint8_t> bytes, const std::string& source,
                                    ObjectStreamShortcut shortcut = ObjectStreamShortcut::MalletInstances);
DocumentCollection readInstanceListFile(const std::string& path);

}  // namespace topiceval::formats
