// SPDX-License-Identifier: Apache-2.0
#pragma once
// A path handed to the system ends at its first NUL: "a\0b" would open, list
// or replace "a", another file than the one named. No file name holds a NUL,
// so every path the library opens, lists, removes or writes is refused here
// first (whichever front end gave it: Java and the C++ API take any string).

#include <string>

#include "topiceval/errors.hpp"

namespace topiceval {

inline void requireFileName(const std::string& path) {
  if (path.find('\0') != std::string::npos) throw FileError(path, "holds a NUL character, which no file name can");
}

}  // namespace topiceval
