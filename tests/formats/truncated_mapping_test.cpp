// SPDX-License-Identifier: Apache-2.0
// Files another process truncates while this one has them mapped: reading past
// the new end is a FormatError naming the file, not SIGBUS killing the process.
// (The truncation is made here, in the same process: the kernel treats the
// mapping alike.)
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "formats/format_error.hpp"
#include "formats/guarded_mapping.hpp"
#include "formats/instance_list_reader.hpp"
#include "formats/reference_index.hpp"
#include "support/fixtures.hpp"

namespace topiceval::formats {
namespace {

std::string temporaryPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("topiceval-truncated-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

void expectTruncationError(const std::function<void()>& read, const std::string& path) {
  try {
    read();
    ADD_FAILURE() << "no error for " << path << " truncated while it was read";
  } catch (const FormatError& error) {
    EXPECT_EQ(std::string(error.what()),
              path + ": was truncated by another process while it was being read");
  }
}

TEST(TruncatedMapping, ReadsZerosPastTheNewEndAndSaysSo) {
  const std::string path = temporaryPath("pages");
  const long page = ::sysconf(_SC_PAGESIZE);
  const std::vector<char> bytes(static_cast<std::size_t>(3 * page), 'a');
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(descriptor, 0);
  const GuardedMapping mapping(descriptor, bytes.size());
  ::close(descriptor);
  ASSERT_EQ(mapping.bytes().size(), bytes.size());
  EXPECT_EQ(mapping.bytes()[0], 'a');
  EXPECT_FALSE(mapping.truncated());
  ASSERT_EQ(::truncate(path.c_str(), page), 0);
  std::size_t letters = 0;
  for (const uint8_t byte : mapping.bytes()) letters += byte == 'a';
  // The first page is still the file's; the two past its new end read as zeros.
  EXPECT_EQ(letters, static_cast<std::size_t>(page));
  EXPECT_TRUE(mapping.truncated());
  expectTruncationError([&] { mapping.checkIntact(path); }, path);
  std::filesystem::remove(path);
}

// How a bus error ends the process without the guard: by the signal, or,
// under AddressSanitizer (whose handler is then the one there was before),
// by its report and exit status 1.
#if defined(__SANITIZE_ADDRESS__)
#define TOPICEVAL_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOPICEVAL_TEST_UNDER_ASAN 1
#endif
#endif
#ifdef TOPICEVAL_TEST_UNDER_ASAN
bool endedByABusError(int status) { return WIFEXITED(status) && WEXITSTATUS(status) == 1; }
constexpr const char* kBusErrorReport = "BUS";
#else
bool endedByABusError(int status) { return WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS; }
constexpr const char* kBusErrorReport = "";
#endif

TEST(TruncatedMappingDeathTest, ABusErrorElsewhereStillEndsTheProcess) {
  const std::string guarded = temporaryPath("guarded"), other = temporaryPath("other");
  const std::vector<char> page(static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)), 'x');
  for (const std::string& path : {guarded, other})
    std::ofstream(path, std::ios::binary).write(page.data(), static_cast<std::streamsize>(page.size()));
  const auto withAGuardedMapping = [&](const std::function<void()>& then) {
    const int descriptor = ::open(guarded.c_str(), O_RDONLY | O_CLOEXEC);
    const GuardedMapping mapping(descriptor, page.size());
    then();
  };
  // A mapping of its own, unguarded, read past the end of its truncated file.
  EXPECT_EXIT(withAGuardedMapping([&] {
                const int descriptor = ::open(other.c_str(), O_RDONLY | O_CLOEXEC);
                void* address = ::mmap(nullptr, page.size(), PROT_READ, MAP_PRIVATE, descriptor, 0);
                if (address == MAP_FAILED || ::truncate(other.c_str(), 0) != 0) std::_Exit(3);
                std::printf("%d", static_cast<volatile const char*>(address)[0]);
              }),
              endedByABusError, kBusErrorReport);
  // One sent by kill().
  EXPECT_EXIT(withAGuardedMapping([] { ::raise(SIGBUS); }), endedByABusError, kBusErrorReport);
  std::filesystem::remove(guarded);
  std::filesystem::remove(other);
}

TEST(TruncatedMapping, AnInstanceListTruncatedBetweenBatchesIsAFormatError) {
  const std::string path = temporaryPath("instances.mallet");
  std::filesystem::copy_file(testing::fixtureFile("stackexchange", "test.mallet"),
                             path, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(path, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
  std::size_t batches = 0;
  expectTruncationError(
      [&] {
        (void)readInstanceListInBatches(path, InstanceBatch{1, 1}, [&](DocumentCollection, std::size_t) {
          if (batches++ == 0) {
            ASSERT_EQ(::truncate(path.c_str(), 0), 0);
          }
        });
      },
      path);
  EXPECT_EQ(batches, 1u);
  std::filesystem::remove(path);
}

TEST(TruncatedMapping, AReferenceIndexTruncatedWhileOpenIsAFormatError) {
  const std::string path = temporaryPath("index");
  ReferenceIndexWriter writer;
  for (int d = 0; d < 2000; ++d) writer.addDocument(std::vector<int32_t>{d % 7, (d + 1) % 7, d % 3});
  {
    std::ofstream out(path, std::ios::binary);
    writer.finish({"a", "b", "c", "d", "e", "f", "g"}, out, path);
  }
  const ReferenceIndex index = ReferenceIndex::open(path);
  WordPostings postings;
  index.postings(0, postings);
  EXPECT_FALSE(postings.documents.empty());
  ASSERT_EQ(::truncate(path.c_str(), 0), 0);
  expectTruncationError([&] { index.postings(6, postings); }, path);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace topiceval::formats
