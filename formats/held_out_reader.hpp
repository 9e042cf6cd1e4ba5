#pragma once
// Held-out documents for `topiceval evaluate`: a MALLET instance list, or plain
// text with one document per line (optionally gzipped), whose whitespace-
// separated words are mapped through the model's alphabet.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "native/model/alphabet.hpp"
#include "native/model/document_collection.hpp"
#include "topiceval/model.hpp"

namespace topiceval::formats {

// `modelAlphabet` is the model's words (nullptr for an evaluator file, which has
// none). Plain text needs it; words it lacks get type indices from its size on,
// in order of first appearance, so the unseen-word policy can count them.
// An instance list whose alphabet disagrees with the model's (the same index,
// a different word) is refused: its type indices would mean other words.
// `kind`, when given, is set to what the file was (InstanceList or Text).
// The StartCheck (file_bytes.hpp) of held-out documents: an instance list,
// gzip, or text without NUL bytes.
void checkHeldOutStart(std::span<const uint8_t> start, const std::string& source);
DocumentCollection readHeldOutDocuments(const std::string& path, const Alphabet* modelAlphabet,
                                        const std::string& modelName, FileKind* kind = nullptr);
DocumentCollection readHeldOutDocuments(std::vector<uint8_t> bytes, const std::string& source,
                                        const Alphabet* modelAlphabet, const std::string& modelName,
                                        FileKind* kind = nullptr);

}  // namespace topiceval::formats
