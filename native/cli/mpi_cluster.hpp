// SPDX-License-Identifier: Apache-2.0
#pragma once
// MPI for the executable: under mpirun (or srun), every rank runs the same
// command; the drivers deal the documents to the ranks (see Cluster), rank 0
// alone writes standard output and output files, and rank 0 reads each input
// file and broadcasts its bytes to the others (no shared filesystem assumed;
// `--shared-filesystem` lets every rank read its own copy instead, sparing the
// broadcast when the files are on a filesystem every node sees).
//
// The library, the Java bridge and the Python package never link MPI: only the
// executable installs the MPI cluster, and only when a launcher started it.

#include <memory>

namespace topiceval::commands {

// Whether an MPI launcher (Open MPI's mpirun, a PMI or PMIx launcher such as
// srun --mpi=pmix) started this process.
bool launchedByMpiLauncher();
// Whether this executable was built with MPI.
bool builtWithMpi();

// Initialises MPI and installs the MPI cluster and, unless the filesystem is
// shared, rank 0's file broadcast; finalises MPI when destroyed.
class MpiSession {
 public:
  MpiSession(int& argc, char**& argv, bool sharedFilesystem);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  // The highest rank started with other arguments (or other TOPICEVAL_
  // environment variables) than rank 0, or -1 when every rank runs the same
  // request. Agreed by every rank at start-up: a job whose ranks differ stops
  // before any work, instead of each rank scoring its share its own way.
  int differingRank() const { return differingRank_; }

 private:
  int differingRank_ = -1;
};

}  // namespace topiceval::commands
