// The tools' SIGINT/SIGTERM handling (tools/cli/signals.h). Each case runs in
// a child process (a death test), since the handlers are process-wide.
#include "tools/cli/signals.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include "tools/cli/exit.h"

namespace talon::cli {
namespace {

// Exit codes the children report back.
constexpr int kSawCancel = 0;
constexpr int kNoCancel = 1;

[[noreturn]] void ExitWithCancelState() { _exit(Cancelled() ? kSawCancel : kNoCancel); }

void Block(int signo) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signo);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

TEST(SignalsDeathTest, ASignalSetsTheCancelFlagAndTheExitCode) {
  EXPECT_EXIT(
      {
        InstallSignalHandlers();
        kill(getpid(), SIGTERM);
        if (InterruptExitCode() != kExitSigterm) _exit(2);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kSawCancel), "");
}

// A parent may start the tool with SIGTERM blocked; the mask survives exec,
// and `timeout`'s signal would wait forever. Installing unblocks it, and a
// signal already pending is delivered at once.
TEST(SignalsDeathTest, ASignalBlockedByTheParentIsUnblocked) {
  EXPECT_EXIT(
      {
        Block(SIGTERM);
        Block(SIGINT);
        kill(getpid(), SIGTERM);  // pending until unblocked
        if (Cancelled()) _exit(2);
        InstallSignalHandlers();
        if (InterruptExitCode() != kExitSigterm) _exit(3);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kSawCancel), "");
}

TEST(SignalsDeathTest, ASignalIgnoredOnEntryStaysIgnored) {
  EXPECT_EXIT(
      {
        signal(SIGINT, SIG_IGN);
        InstallSignalHandlers();
        kill(getpid(), SIGINT);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kNoCancel), "");
}

TEST(SignalsDeathTest, TwoSignalsTogetherCountAsOne) {
  EXPECT_EXIT(
      {
        InstallSignalHandlers();
        kill(getpid(), SIGINT);
        kill(getpid(), SIGINT);  // within a second: not a forced exit
        if (InterruptExitCode() != kExitSigint) _exit(2);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kSawCancel), "");
}

// The race a blocking read has: a signal handled after the flag was last
// checked but before read() blocks leaves the read waiting (here forever:
// the pipe's writer stays open and silent). A signal pending while SIGINT is
// blocked stands for it. WaitUntilReady must see it and return false; a
// plain read would hang, and the alarm then kills the child (a failure).
TEST(SignalsDeathTest, ASignalJustBeforeAWaitStopsIt) {
  EXPECT_EXIT(
      {
        InstallSignalHandlers();
        int fds[2];
        if (pipe(fds) != 0) _exit(2);
        Block(SIGINT);
        kill(getpid(), SIGINT);  // pending: the handler has not run
        if (Cancelled()) _exit(3);
        alarm(10);
        if (WaitUntilReady(fds[0], POLLIN)) _exit(4);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kSawCancel), "");
}

// Data ready: no wait, and the flag stays down.
TEST(SignalsDeathTest, WaitUntilReadyReturnsAtOnceWhenReady) {
  EXPECT_EXIT(
      {
        InstallSignalHandlers();
        int fds[2];
        if (pipe(fds) != 0 || write(fds[1], "x", 1) != 1) _exit(2);
        alarm(10);
        if (!WaitUntilReady(fds[0], POLLIN)) _exit(3);
        if (!WaitUntilReady(fds[1], POLLOUT)) _exit(4);
        ExitWithCancelState();
      },
      testing::ExitedWithCode(kNoCancel), "");
}

}  // namespace
}  // namespace talon::cli
