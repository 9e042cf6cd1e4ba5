// SPDX-License-Identifier: Apache-2.0
// The topiceval executable: dispatches to the subcommands in commands.hpp, on
// one process or on every rank of an MPI job (see mpi_cluster.hpp).
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstring>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "native/commands/command_support.hpp"
#include "native/commands/commands.hpp"
#include "native/commands/reference.hpp"
#include "native/cli/mpi_cluster.hpp"
#include "native/output/output_file.hpp"
#include "native/output/number_text.hpp"
#include "native/runtime/cluster.hpp"

namespace {

// The job's exit status, agreed by every rank (the command's own in one
// process). A rank other than 0 that failed alone prints its message, which
// rank 0 cannot know; when rank 0 failed too, its own message says it all.
int agreeOnExit(int status, const std::string& command, const std::string& rankMessages) {
  topiceval::Cluster& processes = topiceval::cluster();
  if (processes.size() == 1) return status;
  topiceval::Cluster::Agreement agreed;
  if (const auto* failure = processes.failure()) {
    agreed = *failure;
  } else {
    try {
      agreed = processes.agree(status);
    } catch (const topiceval::RankFailure& stopped) {
      if (processes.rank() == 0) std::cerr << "topiceval " << command << ": " << stopped.what() << "\n";
      agreed = *processes.failure();
    }
  }
  if (processes.rank() != 0 && processes.failedHere() && agreed.rankZeroStatus == 0) {
    std::istringstream lines(rankMessages);
    for (std::string line; std::getline(lines, line);)
      std::cerr << line << " (rank " << processes.rank() << " of " << processes.size() << ")\n";
    std::cerr.flush();
  }
  return agreed.status;
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  // Buffers of a file's size are mapped and unmapped whole. glibc's default
  // raises this threshold to the largest block freed, and from then on such
  // buffers come from the heap, where the fragments they leave stay resident:
  // select's peak grew with the number of models it read one after another.
  ::mallopt(M_MMAP_THRESHOLD, 256 << 10);
#endif
  std::ios::sync_with_stdio(false);
  // Never destroyed: the streams flush it at exit, after main's statics are gone.
  static auto* standardOutput = new topiceval::commands::DescriptorBuffer(STDOUT_FILENO);
  static auto* standardError = new topiceval::commands::DescriptorBuffer(STDERR_FILENO, true);
  std::cout.rdbuf(standardOutput);
  std::cerr.rdbuf(standardError);
  std::cerr.unsetf(std::ios::unitbuf);  // lines, not pieces: see DescriptorBuffer
  topiceval::commands::removeTemporaryOutputsOnSignals();
  // --shared-filesystem, anywhere (before the command too), is the MPI
  // session's; alone it changes nothing, so one job script serves both.
  std::vector<std::string> arguments;
  bool sharedFilesystem = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--shared-filesystem") == 0) {
      sharedFilesystem = true;
    } else {
      arguments.emplace_back(argv[i]);
    }
  }
  std::optional<topiceval::commands::MpiSession> mpi;
  if (topiceval::commands::launchedByMpiLauncher()) {
    try {
      mpi.emplace(argc, argv, sharedFilesystem);
    } catch (const std::exception& error) {
      std::cerr << "topiceval: " << error.what() << "\n";
      return 1;
    }
  }
  topiceval::Cluster::setFailureStatus(&topiceval::commands::failureStatus);
  const bool rankZero = topiceval::cluster().rank() == 0;
  if (mpi && mpi->differingRank() >= 0) {
    if (rankZero)
      std::cerr << "topiceval: rank " << mpi->differingRank() << " of " << topiceval::cluster().size()
                << " was started with other arguments (or other TOPICEVAL_ environment variables) than rank 0; "
                   "every rank must run the same command, so the job stops\n";
    return 2;
  }
  topiceval::commands::DiscardingStream quiet;  // rank 0 alone writes standard output
  std::ostringstream rankMessages;
  std::ostream& out = rankZero ? std::cout : quiet;
  std::ostream& err = rankZero ? static_cast<std::ostream&>(std::cerr) : rankMessages;

  if (arguments.empty() || arguments.front() == "--help") {
    topiceval::commands::printOverview(arguments.empty() ? err : out);
    return arguments.empty() ? 2 : 0;
  }
  if (arguments.front() == "help")
    return topiceval::commands::helpCommand(std::vector<std::string>(arguments.begin() + 1, arguments.end()), out, err);
  if (arguments.front() == "--version" || arguments.front() == "version") {
    out << "topiceval " << topiceval::commands::kVersion << (topiceval::commands::builtWithMpi() ? " (MPI)" : "") << "\n";
    return 0;
  }
  const std::string command = arguments.front();
  arguments.erase(arguments.begin());
  int status = topiceval::commands::runCommand(command, arguments, out, err);
  // Whatever a command printed must have reached standard output (a full disk
  // or a closed pipe is a failure, not a success with nothing written).
  if (status == 0 && rankZero) {
    try {
      topiceval::commands::checkStandardOutput(std::cout);
    } catch (const std::exception& error) {
      std::cerr << "topiceval " << command << ": " << error.what() << "\n";
      status = 1;
    }
  }
  status = agreeOnExit(status, command, rankMessages.str());
  if (mpi && status == 0) {
    // What the job moved between its ranks, as rank 0 counted it (it alone sends and broadcasts), taken
    // before the sum that brings rank 0 every rank's count of documents scored and of values it gathered
    // to the others (8 bytes each: doubles or counts).
    const topiceval::Cluster::Traffic moved = topiceval::cluster().traffic();
    const auto ranks = static_cast<std::size_t>(topiceval::cluster().size());
    const auto rank = static_cast<std::size_t>(topiceval::cluster().rank());
    std::vector<uint64_t> scored(2 * ranks, 0);
    scored[rank] = topiceval::cluster().scheduled();
    scored[ranks + rank] = moved.gathered / sizeof(double);
    topiceval::cluster().sum(scored);
    if (!rankZero) return status;
    using topiceval::output::bytesText;
    std::cerr << "topiceval " << command << ": " << topiceval::cluster().size() << " ranks moved "
              << bytesText(static_cast<double>(moved.broadcast + moved.sent)) << " of input ("
              << bytesText(static_cast<double>(moved.broadcast)) << " broadcast, "
              << bytesText(static_cast<double>(moved.sent)) << " of documents sent once) and summed "
              << bytesText(static_cast<double>(moved.summed)) << " of counts per rank; values gathered from each rank:";
    for (std::size_t r = 0; r < ranks; ++r) std::cerr << (r == 0 ? " " : ", ") << scored[ranks + r];
    std::cerr << "; documents scored by rank:";
    for (std::size_t r = 0; r < ranks; ++r) std::cerr << (r == 0 ? " " : ", ") << scored[r];
    std::cerr << "\n";
  }
  return status;
}
