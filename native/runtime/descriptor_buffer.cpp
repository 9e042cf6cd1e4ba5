// SPDX-License-Identifier: Apache-2.0
#include "native/runtime/descriptor_buffer.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace topiceval {

DescriptorBuffer::DescriptorBuffer(int descriptor, bool wholeLines) : descriptor_(descriptor), wholeLines_(wholeLines) {
  if (!wholeLines_) setp(buffer_, buffer_ + sizeof buffer_);
}

bool DescriptorBuffer::write(const char* text, std::size_t count) {
  while (count > 0) {
    const ssize_t written = ::write(descriptor_, text, count);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      if (error_ == 0) error_ = written < 0 ? errno : EIO;
      return false;
    }
    text += written;
    count -= static_cast<std::size_t>(written);
  }
  return true;
}

// Writes line_ up to its last newline, in one write(2).
bool DescriptorBuffer::writeLines() {
  const std::size_t end = line_.rfind('\n');
  if (end == std::string::npos) return true;
  const bool written = write(line_.data(), end + 1);
  line_.erase(0, end + 1);
  return written;
}

int DescriptorBuffer::overflow(int character) {
  if (wholeLines_) {
    if (traits_type::eq_int_type(character, traits_type::eof())) return traits_type::not_eof(character);
    line_ += traits_type::to_char_type(character);
    return character != '\n' || writeLines() ? character : traits_type::eof();
  }
  const bool written = write(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_, buffer_ + sizeof buffer_);
  if (!written) return traits_type::eof();
  if (!traits_type::eq_int_type(character, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(character);
    pbump(1);
  }
  return traits_type::not_eof(character);
}

std::streamsize DescriptorBuffer::xsputn(const char* text, std::streamsize count) {
  if (!wholeLines_) return std::streambuf::xsputn(text, count);
  line_.append(text, static_cast<std::size_t>(count));
  if (std::memchr(text, '\n', static_cast<std::size_t>(count)) != nullptr && !writeLines()) return 0;
  return count;
}

int DescriptorBuffer::sync() {
  if (wholeLines_) {
    const bool written = write(line_.data(), line_.size());
    line_.clear();
    return written ? 0 : -1;
  }
  const bool written = write(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buffer_, buffer_ + sizeof buffer_);
  return written ? 0 : -1;
}

}  // namespace topiceval
