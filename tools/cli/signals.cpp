#include "tools/cli/signals.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tools/cli/exit.h"

namespace talon::cli {

namespace {

std::atomic<bool> g_cancel{false};
volatile sig_atomic_t g_signal = 0;
// Fixed buffers, read by the handler: unlink() is async-signal-safe.
constexpr int kTempSlots = 4;
char g_temp_path[kTempSlots][4096] = {};
volatile sig_atomic_t g_temp_set[kTempSlots] = {};
std::atomic<bool> g_stop_work{false};

static_assert(std::atomic<bool>::is_always_lock_free, "the handler stores a lock-free atomic");

// When the first signal came (CLOCK_MONOTONIC milliseconds).
std::atomic<long long> g_first_ms{0};
static_assert(std::atomic<long long>::is_always_lock_free, "the handler stores it");

// SIGINT and SIGTERM, as a set.
sigset_t HandledSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

long long NowMs() {  // clock_gettime is async-signal-safe
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

extern "C" void OnSignal(int signo) {
  if (g_signal != 0) {
    // A second signal a second or more after the first (a person pressing
    // Ctrl-C again) exits at once. Signals that come together count as one:
    // `timeout` sends its signal to the process and to its process group.
    if (NowMs() - g_first_ms.load() < 1000) return;
    for (int i = 0; i < kTempSlots; ++i)
      if (g_temp_set[i]) unlink(g_temp_path[i]);
    _exit(signo == SIGTERM ? kExitSigterm : kExitSigint);
  }
  g_first_ms.store(NowMs());
  g_signal = signo;
  g_cancel.store(true, std::memory_order_relaxed);
  g_stop_work.store(true, std::memory_order_relaxed);
}

}  // namespace

void InstallSignalHandlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: a read blocked on stdin returns EINTR
  sigset_t handled;
  sigemptyset(&handled);
  for (int signo : {SIGINT, SIGTERM}) {
    // A signal ignored on entry stays ignored (a shell runs background jobs
    // with SIGINT ignored, so that Ctrl-C does not reach them).
    struct sigaction old;
    if (sigaction(signo, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaction(signo, &sa, nullptr);
    sigaddset(&handled, signo);
  }
  // A closed pipe is an EPIPE for the writer to handle (NoteOutputClosed),
  // not a death that would leave a temporary output file behind.
  signal(SIGPIPE, SIG_IGN);
  // The signal mask is inherited across exec: started with SIGTERM blocked,
  // the tool would leave `timeout`'s or a user's signal pending and run on
  // to the end of its work. A signal we handle must be deliverable.
  pthread_sigmask(SIG_UNBLOCK, &handled, nullptr);
}

std::atomic<bool>& StopWorkFlag() { return g_stop_work; }

const std::atomic<bool>& CancelFlag() { return g_cancel; }
bool Cancelled() { return g_cancel.load(std::memory_order_relaxed); }

int InterruptExitCode() {
  return g_signal == SIGTERM ? kExitSigterm : g_signal == SIGPIPE ? kExitPipe : kExitSigint;
}

void NoteOutputClosed() {
  if (g_signal == 0) {  // the first cause stays the cause
    g_first_ms.store(NowMs());
    g_signal = SIGPIPE;
  }
  g_cancel.store(true, std::memory_order_relaxed);
  g_stop_work.store(true, std::memory_order_relaxed);
}

bool OutputClosed() { return g_signal == SIGPIPE; }

bool WaitUntilReady(int fd, short events) {
  const sigset_t handled = HandledSignals();
  sigset_t saved;
  pthread_sigmask(SIG_BLOCK, &handled, &saved);
  // During the wait both are deliverable (in the main thread they are
  // anyway; a caller that blocked them gets a signal already pending).
  sigset_t waiting = saved;
  sigdelset(&waiting, SIGINT);
  sigdelset(&waiting, SIGTERM);
  bool cancelled = false;
  for (;;) {
    if (Cancelled()) {
      cancelled = true;
      break;
    }
    struct pollfd p = {fd, events, 0};
    if (ppoll(&p, 1, nullptr, &waiting) >= 0 || errno != EINTR) break;
  }
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  return !cancelled;
}

BlockSignalsInScope::BlockSignalsInScope() {
  const sigset_t block = HandledSignals();
  pthread_sigmask(SIG_BLOCK, &block, &saved_);
}

BlockSignalsInScope::~BlockSignalsInScope() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }

int RegisterTemporaryFile(const char* path) {
  const size_t n = std::strlen(path);
  if (n >= sizeof g_temp_path[0]) return -1;  // too long to remember: left to the normal path
  for (int i = 0; i < kTempSlots; ++i) {
    if (g_temp_set[i]) continue;
    std::memcpy(g_temp_path[i], path, n + 1);
    g_temp_set[i] = 1;
    return i;
  }
  return -1;
}

void ForgetTemporaryFile(int slot) {
  if (slot >= 0 && slot < kTempSlots) g_temp_set[slot] = 0;
}

}  // namespace talon::cli
