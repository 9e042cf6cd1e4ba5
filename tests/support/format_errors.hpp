// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one-line message a reader refuses a file with (its FormatError), or
// "no error": what the tests of refused files compare with the expected text.

#include <cstdint>
#include <string>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/object_stream_reader.hpp"

namespace topiceval::testing {

template <class Work>
std::string errorOf(Work&& work) {
  try {
    work();
  } catch (const formats::FormatError& error) {
    return error.what();
  }
  return "no error";
}

// Reading `bytes` as a Java serialization stream named test.ser.
inline std::string streamError(const std::vector<uint8_t>& bytes, const formats::ObjectStreamLimits& limits = {}) {
  return errorOf([&] { formats::readObjectStream(bytes, "test.ser", limits); });
}

}  // namespace topiceval::testing
