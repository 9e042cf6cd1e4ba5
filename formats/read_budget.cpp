// SPDX-License-Identifier: Apache-2.0
#include "formats/read_budget.hpp"

#include <limits>

#include "formats/format_error.hpp"
#include "native/runtime/progress.hpp"

namespace topiceval::formats {

ReadBudget::ReadBudget(std::size_t inputBytes, std::string source) : source_(std::move(source)) {
  stopIfCancelled();
  addInput(inputBytes);
}

void ReadBudget::addInput(std::size_t bytes) {
  const std::size_t most = std::numeric_limits<std::size_t>::max();
  inputBytes_ = bytes > most - inputBytes_ ? most : inputBytes_ + bytes;
  limit_ = inputBytes_ > (most - kFixedAllowance) / kBytesPerInputByte
               ? most
               : kFixedAllowance + kBytesPerInputByte * inputBytes_;
}

void ReadBudget::charge(std::size_t bytes, const char* what) {
  if (bytes > limit_ - used_) {
    throw FormatError(source_, "reading it would take more than " + std::to_string(limit_ >> 20) + " MiB (at " + what +
                                   "), more than a file of " + std::to_string(inputBytes_) +
                                   " bytes can need: a damaged or hostile file");
  }
  // Every MiB kept, the caller's Cancellation is answered: a large file's
  // reading stops on Ctrl-C, not once it is read.
  if ((used_ >> 20) != ((used_ + bytes) >> 20)) stopIfCancelled();
  used_ += bytes;
}

}  // namespace topiceval::formats
