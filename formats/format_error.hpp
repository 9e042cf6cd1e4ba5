// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one exception type readers throw, the public FileError: a one-line
// message that starts with the file it is about, e.g. "evaluator.mallet:
// truncated: the stream ends inside an int[] of 4096 elements".

#include <new>
#include <string>

#include "topiceval/errors.hpp"

namespace topiceval::formats {

using FormatError = FileError;

// Runs `read`; an allocation failure inside becomes a FormatError naming
// `source`, so that running out of memory says which file caused it.
template <class Read>
auto namingFileOnAllocationFailure(const std::string& source, Read&& read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::bad_alloc&) {
    throw FormatError(source, "out of memory while reading it");
  }
}

}  // namespace topiceval::formats
