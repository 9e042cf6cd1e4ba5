#pragma once
// The one table of file kinds (topiceval/model.hpp's FileKind): what a file is,
// from its first bytes, for every reader's dispatch, `info` and `select`'s
// directories. Reading a whole file is left to the kind's reader.

#include <cstdint>
#include <span>
#include <string>

#include "topiceval/model.hpp"

namespace topiceval::formats {

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
