// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one way topiceval writes a file (the command line's outputs, Python's
// Diagnostics.write_*): the bytes go to a new temporary file beside the target,
// TARGET.tmp-HOST-PID-N, created exclusively and never through a link, which
// commit() renames over the target once everything was written and closed
// without error. A failure, or an object destroyed before commit(), leaves the
// target as it was and removes the temporary file. A symbolic link is written
// through to its target (the link stays); devices and FIFOs (/dev/null,
// /dev/stdout) are written in place. A new file gets the umask's mode, a
// replaced one keeps its own.
//
// A run killed outright (SIGKILL, a node lost under mpirun) leaves its
// temporary file: the next one that writes the same target removes it, and
// only what is certainly such a file: named exactly TARGET.tmp-HOST-PID-N with
// this machine's HOST, a regular file owned by this user, whose process no
// longer exists. A file of any other name or kind is never touched.

#include <sys/types.h>

#include <memory>
#include <ostream>
#include <string>

#include "native/runtime/descriptor_buffer.hpp"

namespace topiceval {

// What a path names, to tell whether two spellings (x, ./x, dir/../x, a
// symbolic or hard link to x) are one file.
struct FileIdentity {
  bool exists = false;
  // Written through a temporary and a rename (a regular file, or nothing
  // yet), rather than in place (a device, a FIFO, a directory).
  bool replaced = true;
  dev_t device = 0;  // when it exists
  ino_t inode = 0;
  std::string location;  // when it does not: its canonical directory and name

  bool operator==(const FileIdentity& other) const {
    if (exists != other.exists) return false;
    return exists ? device == other.device && inode == other.inode : location == other.location;
  }
};

FileIdentity fileIdentity(const std::string& path);

class ReplacingFile {
 public:
  // `what` names the file in messages ("--output-prob"); empty for none. Throws
  // a FileError naming `path` when it cannot be written.
  explicit ReplacingFile(const std::string& path, const std::string& what = "");
  ~ReplacingFile();
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;

  std::ostream& stream() { return stream_; }
  // The file written: the path, or where its symbolic link leads.
  const std::string& target() const { return target_; }
  // Empty when writing in place.
  const std::string& temporary() const { return temporary_; }
  // Flushes and closes (after fsync(2) when `durable`), checking every step,
  // then renames the temporary file over the target. Throws a FileError
  // naming the target on any failure, and the target is then as it was.
  void commit(bool durable = false);

 private:
  void discard() noexcept;
  std::string target_;
  std::string temporary_;
  int descriptor_ = -1;
  std::unique_ptr<DescriptorBuffer> buffer_;
  std::ostream stream_{nullptr};
  bool committed_ = false;
};

// The temporary files being written (by every ReplacingFile of the process)
// removed, for a signal handler that then ends the process: it calls only
// async-signal-safe functions.
void removeTemporariesBeingWritten() noexcept;

// This machine's name as temporary names carry it ('/' and '-' made '_').
const std::string& temporaryHostName();

}  // namespace topiceval
