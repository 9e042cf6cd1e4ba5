// SPDX-License-Identifier: Apache-2.0
#include "formats/guarded_mapping.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>

#include "formats/format_error.hpp"

namespace topiceval::formats {

namespace {

// The guarded mappings, read by the signal handler: fixed slots of atomics
// (a handler may not lock or allocate). A slot is claimed by setting its end
// last and released by clearing its end first.
struct Slot {
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};  // 0: free
  std::atomic<bool> truncated{false};
};
constexpr int kSlots = 256;
Slot slots[kSlots];
std::mutex claiming;  // between threads claiming slots, never in the handler

struct sigaction previous {};
uintptr_t pageSize = 4096;  // set before the handler is installed (sysconf is not for handlers)

void onBusError(int signal, siginfo_t* info, void* context) {
  // A truncated file's page is BUS_ADRERR; a bus error sent by kill() has no address.
  const auto address = info->si_code == BUS_ADRERR ? reinterpret_cast<uintptr_t>(info->si_addr) : 0;
  for (Slot& slot : slots) {
    const uintptr_t end = slot.end.load(std::memory_order_acquire);
    const uintptr_t begin = slot.begin.load(std::memory_order_acquire);
    if (end == 0 || address == 0 || address < begin || address >= end) continue;
    // Zero pages from the faulting page to the mapping's end: the access is
    // retried on them. (mmap is a plain system call on Linux, safe here.)
    const uintptr_t from = address & ~(pageSize - 1);
    const int savedErrno = errno;
    void* zeros = ::mmap(reinterpret_cast<void*>(from), end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                         -1, 0);
    errno = savedErrno;
    if (zeros != MAP_FAILED) {
      slot.truncated.store(true, std::memory_order_release);
      return;
    }
  }
  // Not ours: as if this handler had not been installed.
  if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
    previous.sa_sigaction(signal, info, context);
    return;
  }
  if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(signal);
    return;
  }
  // Returning retries a faulting access, which faults again under the
  // default action; a bus error sent by another process is sent again.
  ::sigaction(SIGBUS, &previous, nullptr);
  if (info->si_code <= 0) ::raise(signal);
}

// Installs the handler, again if another (a runtime's, Python's faulthandler)
// replaced it since: that one is then the previous one, called for faults
// outside the guarded mappings.
void installHandler() {
  struct sigaction current {};
  ::sigaction(SIGBUS, nullptr, &current);
  if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == &onBusError) return;
  pageSize = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  struct sigaction guard {};
  guard.sa_sigaction = &onBusError;
  guard.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&guard.sa_mask);
  previous = current;
  ::sigaction(SIGBUS, &guard, nullptr);
}

}  // namespace

GuardedMapping::GuardedMapping(int descriptor, std::size_t size) {
  if (size == 0) return;
  void* address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, descriptor, 0);
  if (address == MAP_FAILED) return;
  bytes_ = {static_cast<const uint8_t*>(address), size};
  const auto page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<uintptr_t>(address);
  const std::lock_guard<std::mutex> lock(claiming);
  installHandler();
  for (int s = 0; s < kSlots; ++s) {
    if (slots[s].end.load(std::memory_order_acquire) != 0) continue;
    slots[s].truncated.store(false, std::memory_order_relaxed);
    slots[s].begin.store(begin, std::memory_order_release);
    slots[s].end.store((begin + size + page - 1) & ~(page - 1), std::memory_order_release);
    slot_ = s;
    return;
  }
}

GuardedMapping::~GuardedMapping() {
  if (slot_ >= 0) {
    const std::lock_guard<std::mutex> lock(claiming);
    slots[slot_].end.store(0, std::memory_order_release);
  }
  if (!bytes_.empty()) ::munmap(const_cast<uint8_t*>(bytes_.data()), bytes_.size());
}

bool GuardedMapping::truncated() const {
  return slot_ >= 0 && slots[slot_].truncated.load(std::memory_order_acquire);
}

void GuardedMapping::checkIntact(const std::string& source) const {
  if (truncated()) throw FormatError(source, "was truncated by another process while it was being read");
}

}  // namespace topiceval::formats
