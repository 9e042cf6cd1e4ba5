#include "formats/read_budget.hpp"

#include <limits>

#include "formats/format_error.hpp"

namespace topiceval::formats {

ReadBudget::ReadBudget(std::size_t inputBytes, std::string source)
    : inputBytes_(inputBytes), source_(std::move(source)) {
  const std::size_t most = std::numeric_limits<std::size_t>::max();
  limit_ = inputBytes > (most - kFixedAllowance) / kBytesPerInputByte
               ? most
               : kFixedAllowance + kBytesPerInputByte * inputBytes;
}

void ReadBudget::charge(std::size_t bytes, const char* what) {
  if (bytes > limit_ - used_) {
    throw FormatError(source_, "reading it would take more than " + std::to_string(limit_ >> 20) + " MiB (at " + what +
                                   "), more than a file of " + std::to_string(inputBytes_) +
                                   " bytes can need: a damaged or hostile file");
  }
  used_ += bytes;
}

}  // namespace topiceval::formats
