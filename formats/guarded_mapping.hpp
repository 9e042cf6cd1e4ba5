// SPDX-License-Identifier: Apache-2.0
#pragma once
// A regular file mapped read-only, guarded against the file shrinking under
// it. Another process may truncate a file this one has mapped; touching a
// page past the new end raises SIGBUS, which would kill the process. While a
// GuardedMapping lives, a SIGBUS inside its pages is answered by mapping zero
// pages over the rest of it and marking it truncated: the reading goes on
// over zeros (harmless for a bounds-checked parser) and the reader's
// checkIntact() turns the mark into a FormatError naming the file. A SIGBUS
// anywhere else goes to the handler there was before.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace topiceval::formats {

class GuardedMapping {
 public:
  // Maps `size` bytes of the open regular file `descriptor` (which may be
  // closed afterwards). bytes() is empty when it cannot be mapped (errno says why).
  GuardedMapping(int descriptor, std::size_t size);
  ~GuardedMapping();
  GuardedMapping(const GuardedMapping&) = delete;
  GuardedMapping& operator=(const GuardedMapping&) = delete;

  std::span<const uint8_t> bytes() const { return bytes_; }
  // Whether a page past the file's end was read (as zeros) since mapping.
  bool truncated() const;
  // A FormatError naming `source` if truncated().
  void checkIntact(const std::string& source) const;

 private:
  std::span<const uint8_t> bytes_;
  int slot_ = -1;  // in the guarded table; -1: unguarded (the table is full)
};

}  // namespace topiceval::formats
