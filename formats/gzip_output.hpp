// SPDX-License-Identifier: Apache-2.0
#pragma once
// Gzip compression onto an ostream (Boost.Iostreams' gzip_compressor) that
// stops at the first failed write (a full disk, a closed pipe) with a
// FormatError naming the destination, rather than retrying a write that can
// never succeed.

#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace topiceval::formats {

class GzipWriter {
 public:
  GzipWriter(std::ostream& out, std::string destination);
  ~GzipWriter();
  GzipWriter(const GzipWriter&) = delete;
  GzipWriter& operator=(const GzipWriter&) = delete;

  void write(std::string_view bytes);
  // Writes the end of the stream (CRC and length); nothing may follow.
  void finish();

 private:
  struct Stream;
  std::unique_ptr<Stream> stream_;
  std::ostream& out_;
  std::string destination_;
};

}  // namespace topiceval::formats
