// SPDX-License-Identifier: Apache-2.0
// The shared library's own translation unit: what it adds to the archives it
// is made of (library/CMakeLists.txt) is only its version, for a program to
// check that the library it loaded is the one its headers describe.
#include "topiceval/version.hpp"

namespace topiceval {

TOPICEVAL_API const char* libraryVersion() { return kVersion; }

}  // namespace topiceval
