// SPDX-License-Identifier: Apache-2.0
#include "formats/gzip_output.hpp"

#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filtering_stream.hpp>

#include <cerrno>
#include <cstring>

#include "formats/format_error.hpp"

namespace topiceval::formats {

namespace {

// Boost.Iostreams' sink for the destination: the first failed write throws
// (Boost's own adapter would retry a write that can never succeed), and every
// write after it is dropped, so that nothing is retried while the chain is
// taken down.
class CheckedSink {
 public:
  using char_type = char;
  using category = boost::iostreams::sink_tag;

  CheckedSink(std::ostream& out, const std::string& destination, bool& failed)
      : out_(&out), destination_(&destination), failed_(&failed) {}

  std::streamsize write(const char* bytes, std::streamsize count) {
    if (*failed_) return count;
    errno = 0;
    out_->write(bytes, count);
    if (!*out_) {
      *failed_ = true;
      throw FormatError(*destination_,
                        std::string("writing failed: ") + (errno != 0 ? std::strerror(errno) : "write error"));
    }
    return count;
  }

 private:
  std::ostream* out_;
  const std::string* destination_;
  bool* failed_;
};

constexpr std::streamsize kBufferBytes = std::streamsize{1} << 16;

}  // namespace

// Boost's gzip header (no name, time 0, operating system "unknown") is the
// one Java's GZIPOutputStream writes, so a state written here has MALLET's
// bytes.
struct GzipWriter::Stream {
  boost::iostreams::filtering_ostream out;
  bool failed = false;
  bool finished = false;
};

GzipWriter::GzipWriter(std::ostream& out, std::string destination)
    : stream_(std::make_unique<Stream>()), out_(out), destination_(std::move(destination)) {
  stream_->out.push(boost::iostreams::gzip_compressor(boost::iostreams::gzip_params(), kBufferBytes), kBufferBytes);
  stream_->out.push(CheckedSink(out_, destination_, stream_->failed), kBufferBytes);
  stream_->out.exceptions(std::ios::badbit);  // a FormatError from the sink reaches the caller
}

GzipWriter::~GzipWriter() {
  // Unfinished (an error on the way): the stream is abandoned, not ended.
  if (!stream_->finished) stream_->failed = true;
}

void GzipWriter::write(std::string_view bytes) {
  try {
    stream_->out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  } catch (const boost::iostreams::gzip_error&) {
    throw FormatError(destination_, "gzip compression failed");
  }
}

void GzipWriter::finish() {
  try {
    stream_->out.pop();  // closes the chain: the compressor's last block and the trailer, through the sink
  } catch (const boost::iostreams::gzip_error&) {
    throw FormatError(destination_, "gzip compression failed");
  }
  stream_->finished = true;
}

}  // namespace topiceval::formats
