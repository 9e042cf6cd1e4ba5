// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one table of file kinds (topiceval/vocabulary.hpp's FileKind): what a file is,
// from its first bytes, for every reader's dispatch, `info` and `select`'s
// directories. Reading a whole file is left to the kind's reader.

#include <cstdint>
#include <span>
#include <string>

#include "topiceval/vocabulary.hpp"

namespace topiceval::formats {

// What the public describe(), isModel() and recogniseFile() answer
// (topiceval/model.hpp): "MALLET evaluator (MarginalProbEstimator)" ...;
// whether a kind is a model; what the file at `path` is (FileError when it
// cannot be read at all).
const char* describeKind(FileKind kind);
bool isModelKind(FileKind kind);
FileKind recogniseFile(const std::string& path);

// How many leading bytes recognise() needs at most.
inline constexpr std::size_t kRecognitionBytes = std::size_t{64} << 10;

// What `start` (a file's first bytes, or all of them) is. A gzipped file is a
// topic state when its text starts with MALLET's state header, else Text; a
// Java serialization stream is named by its first object's class.
FileKind recognise(std::span<const uint8_t> start, const std::string& source);

// The class of a Java serialization stream's first object, read from the
// stream's first bytes ("" when they do not start with an object of a class
// described there).
std::string firstObjectClass(std::span<const uint8_t> start);

}  // namespace topiceval::formats
