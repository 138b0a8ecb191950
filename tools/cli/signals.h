// SIGINT / SIGTERM: a cancel flag for the solver, then a clean exit.
//
// The first signal sets the flag (the solver polls it through
// SearchLimits::cancel; blocking reads in the main thread return EINTR), the
// tool stops, removes its temporary output file and exits 130 (SIGINT) or 143
// (SIGTERM). A second signal, a second or more after the first, removes the
// temporary file and exits at once (signals that arrive together, as
// `timeout` sends them to the process and to its group, count as one).
#pragma once

#include <signal.h>

#include <atomic>

namespace talon::cli {

// Installs the handlers (without SA_RESTART, so that a blocked read returns)
// and unblocks the handled signals in the calling thread (a blocked mask is
// inherited from the parent). A signal that is ignored when the tool starts
// stays ignored. SIGPIPE is ignored: a write to a pipe whose reader has gone
// fails with EPIPE instead, and the writer calls NoteOutputClosed.
void InstallSignalHandlers();

// The reader of an output went away (EPIPE: `talon-deal ... | head -1`):
// stops the work as a signal does (Cancelled() becomes true), and the tool
// ends quietly (OutputClosed(): no message) with status 141, the shell's
// 128 + SIGPIPE.
void NoteOutputClosed();
bool OutputClosed();

// A second flag the first signal sets. A tool passes it to the solver
// (SearchLimits::cancel) when it may also raise it itself, e.g. to abandon
// searches whose results are no longer needed (OrderedMap's `abandon`).
std::atomic<bool>& StopWorkFlag();

// The flag set by the first SIGINT or SIGTERM.
const std::atomic<bool>& CancelFlag();
bool Cancelled();

// 130 after SIGINT, 143 after SIGTERM, 141 after NoteOutputClosed.
// REQUIRES: Cancelled().
int InterruptExitCode();

// Waits until `fd` is ready for `events` (POLLIN to read, POLLOUT to
// write) or a handled signal has come; returns false iff Cancelled(). Call
// it before a read() or write() that may block: a signal that comes after
// the flag was last checked but before the call blocks would otherwise be
// handled without interrupting it (the read then waits for input that may
// never come). Here SIGINT and SIGTERM stay blocked while the flag is
// checked, and ppoll unblocks them only for the wait, atomically, so such a
// signal is delivered there. A poll error returns true: the read or write
// then reports it.
bool WaitUntilReady(int fd, short events);

// Blocks SIGINT and SIGTERM in the calling thread while alive, so that
// threads started meanwhile inherit the mask and the signal goes to the main
// thread. Used around the creation of worker threads.
class BlockSignalsInScope {
 public:
  BlockSignalsInScope();
  ~BlockSignalsInScope();
  BlockSignalsInScope(const BlockSignalsInScope&) = delete;
  BlockSignalsInScope& operator=(const BlockSignalsInScope&) = delete;

 private:
  sigset_t saved_;
};

// The temporary files to remove if a second signal forces an immediate exit
// (a tool may write two outputs at once, e.g. talon-stats -o and
// --per-deal). RegisterTemporaryFile copies the path into a fixed slot and
// returns the slot, or -1 if none is free or the path is too long (then the
// file is left to the normal path); ForgetTemporaryFile(slot) frees it.
int RegisterTemporaryFile(const char* path);
void ForgetTemporaryFile(int slot);

}  // namespace talon::cli
