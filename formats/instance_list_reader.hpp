// SPDX-License-Identifier: Apache-2.0
#pragma once
// Held-out documents from a serialized cc.mallet.types.InstanceList whose
// instances hold FeatureSequence data (mallet import-file/import-dir --keep-sequence).

#include <cstdint>
#include <functional>
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

// How large a batch of instances may grow: documents and tokens; a batch ends
// at whichever it reaches first (or at the list's end).
struct InstanceBatch {
  std::size_t documents = 0;
  std::size_t tokens = 0;
};
// An instance list in a regular file this process reads, in batches: `consume`
// gets each batch as a collection of its own (the list's alphabet set), with
// the number of instances before it; the documents, names, alphabet and errors
// are readInstanceListFile's. The list is read twice, the first time only to
// check it, so a list refused anywhere is refused before anything is consumed.
// Memory holds one batch and the list's objects other than its instances, not
// the file: it is mapped, and the pages read are given back at each batch. False,
// with nothing consumed, where the list is to be read whole: standard input, a
// pipe, a file rank 0 broadcasts, or a list in another shape than MALLET writes.
// `checked`, if given, learns the list's documents and tokens before the first batch.
bool readInstanceListInBatches(
    const std::string& path, InstanceBatch batch,
    const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
    const std::function<void(std::size_t documents, uint64_t tokens)>& checked = {});

}  // namespace topiceval::formats
