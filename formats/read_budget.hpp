// SPDX-License-Identifier: Apache-2.0
#pragma once
// What reading one file may allocate, sized from the file's length, in the
// spirit of Java's serialization filters (JEP 290): a small file cannot make a
// reader build a huge structure. Readers charge what they keep (nodes, class
// bookkeeping, array elements, documents) and a FormatError names the file as
// soon as the total passes the limit, before the memory is taken.

#include <cstddef>
#include <string>

namespace topiceval::formats {

// The most a reader reserves ahead of need (tokens, handles) from a file's
// length: pages never written cost no memory, but a system that counts
// address space (ulimit -v, strict overcommit) counts them.
inline constexpr std::size_t kMostReserved = std::size_t{1} << 30;

class ReadBudget {
 public:
  // A file of `inputBytes` (decompressed, for gzip) may cost a fixed allowance
  // plus kBytesPerInputByte for each of its bytes. MALLET's own files stay far
  // below it (the fixtures use less than 4 bytes per input byte).
  static constexpr std::size_t kFixedAllowance = std::size_t{64} << 20;
  static constexpr std::size_t kBytesPerInputByte = 32;

  ReadBudget(std::size_t inputBytes, std::string source);

  // A reader of input that arrives in blocks: `bytes` more of it.
  void addInput(std::size_t bytes);

  // Records `bytes` more, kept for `what` ("an int[]", "documents"); throws
  // when the total passes the limit.
  void charge(std::size_t bytes, const char* what);

  std::size_t used() const { return used_; }
  std::size_t limit() const { return limit_; }

 private:
  std::size_t inputBytes_ = 0;
  std::size_t limit_ = 0;
  std::size_t used_ = 0;
  std::string source_;
};

}  // namespace topiceval::formats
