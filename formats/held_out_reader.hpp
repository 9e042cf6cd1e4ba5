// SPDX-License-Identifier: Apache-2.0
#pragma once
// Held-out documents for `topiceval evaluate`: a MALLET instance list, or plain
// text with one document per line (optionally gzipped), whose whitespace-
// separated words are mapped through the model's alphabet.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "formats/instance_list_reader.hpp"
#include "native/model/alphabet.hpp"
#include "native/model/document_collection.hpp"
#include "topiceval/vocabulary.hpp"

namespace topiceval::formats {

// `modelAlphabet` is the model's words (nullptr for an evaluator file, which has
// none). Plain text needs it; words it lacks get type indices from its size on,
// in order of first appearance, so the unseen-word policy can count them.
// An instance list whose alphabet disagrees with the model's (the same index,
// a different word) is refused: its type indices would mean other words.
// `kind`, when given, is set to what the file was (InstanceList or Text).
// Plain text, gzipped or not, is read as it arrives, from a file, standard
// input or a pipe alike: memory holds its documents, not its bytes.
// The StartCheck (file_bytes.hpp) of held-out documents: an instance list,
// gzip, or text without NUL bytes.
void checkHeldOutStart(std::span<const uint8_t> start, const std::string& source);
DocumentCollection readHeldOutDocuments(const std::string& path, const Alphabet* modelAlphabet,
                                        const std::string& modelName, FileKind* kind = nullptr);
DocumentCollection readHeldOutDocuments(std::vector<uint8_t> bytes, const std::string& source,
                                        const Alphabet* modelAlphabet, const std::string& modelName,
                                        FileKind* kind = nullptr);

// How large a batch of plain text may grow: documents (lines) and tokens; a
// batch ends at whichever it reaches first (or at the file's end).
struct TextBatch {
  std::size_t documents = 0;
  std::size_t tokens = 0;
};
// Plain text in a regular file, gzipped or not, read in batches (`batch`):
// `consume` gets each batch as a collection of its own, with the number of
// lines before it. Names and type indices are those readHeldOutDocuments gives
// the whole file, and so are its errors. False, with nothing consumed, for
// anything else (an instance list, a gzipped topic state, standard input, a
// pipe): such input is read whole. Memory holds one batch and the unseen
// words, whatever the file's size.
// Whether readTextInBatches reads `path`, told from its first bytes: plain
// text, gzipped or not (neither an instance list nor a gzipped topic state),
// in a regular file this process reads.
bool isPlainTextFile(const std::string& path);
// `words`, when given, receives every word behind the ids at the end: the
// model's, then the new ones in order of first appearance.
// Gzipped text is decompressed as it is read (forEachGzipFileBlock), so that
// every command reading text in batches holds a batch whether or not the file
// is gzipped; a damaged stream is refused with the gzip error the whole read
// gives, even where a line of it failed first.
bool readTextInBatches(const std::string& path, const Alphabet& modelAlphabet, TextBatch batch,
                       const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                       std::vector<std::string>* words = nullptr);

// An instance list in a regular file this process reads, in batches
// (readInstanceListInBatches), under readHeldOutDocuments' rules: its alphabet
// is checked against the model's before the first batch is consumed. False,
// with nothing consumed, where readHeldOutDocuments is to read it whole: any
// other kind of file, standard input, a pipe, a list in another shape.
bool readHeldOutListInBatches(const std::string& path, const Alphabet* modelAlphabet, const std::string& modelName,
                              InstanceBatch batch,
                              const std::function<void(DocumentCollection batch, std::size_t firstDocument)>& consume,
                              const std::function<void(std::size_t documents, uint64_t tokens)>& checked = {});

}  // namespace topiceval::formats
