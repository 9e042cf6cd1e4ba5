#include "formats/gzip_output.hpp"

#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "formats/format_error.hpp"

namespace topiceval::formats {

struct GzipWriter::Stream {
  z_stream z{};
  bool initialised = false;
  std::vector<char> buffer = std::vector<char>(std::size_t{1} << 16);
  ~Stream() {
    if (initialised) deflateEnd(&z);
  }
};

GzipWriter::GzipWriter(std::ostream& out, std::string destination)
    : stream_(std::make_unique<Stream>()), out_(out), destination_(std::move(destination)) {
  if (deflateInit2(&stream_->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw FormatError(destination_, "cannot start gzip compression");
  stream_->initialised = true;
}

GzipWriter::~GzipWriter() = default;

void GzipWriter::pump(int flush) {
  z_stream& z = stream_->z;
  int status = Z_OK;
  do {
    z.next_out = reinterpret_cast<Bytef*>(stream_->buffer.data());
    z.avail_out = static_cast<uInt>(stream_->buffer.size());
    status = deflate(&z, flush);
    if (status == Z_STREAM_ERROR) throw FormatError(destination_, "gzip compression failed");
    const std::size_t ready = stream_->buffer.size() - z.avail_out;
    errno = 0;
    out_.write(stream_->buffer.data(), static_cast<std::streamsize>(ready));
    if (!out_)
      throw FormatError(destination_,
                        std::string("writing failed: ") + (errno != 0 ? std::strerror(errno) : "write error"));
  } while (z.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
}

void GzipWriter::write(std::string_view bytes) {
  z_stream& z = stream_->z;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  pump(Z_NO_FLUSH);
}

void GzipWriter::finish() {
  stream_->z.avail_in = 0;
  pump(Z_FINISH);
}

}  // namespace topiceval::formats
