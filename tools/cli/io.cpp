#include "tools/cli/io.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/lines.h"
#include "tools/cli/report.h"
#include "tools/cli/signals.h"

namespace talon::cli {

namespace {

constexpr size_t kBufferSize = size_t{1} << 16;

std::string Quote(const std::string& name) {
  return name == kStdinName || name == "<stdout>" ? name : "'" + name + "'";
}

std::string ErrnoText(int err) { return std::strerror(err); }

}  // namespace

// ---------------------------------------------------------------- InputFile

InputFile::~InputFile() {
  if (owned_ && fd_ >= 0) close(fd_);
}

Status InputFile::Open(const std::string& path) {
  if (path == "-") {
    fd_ = STDIN_FILENO;
    owned_ = false;
    name_ = kStdinName;
    return Status::Ok();
  }
  name_ = path;
  int fd;
  do {
    fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR && !Cancelled());
  if (fd < 0) return Status::IoError("cannot open " + Quote(path) + ": " + ErrnoText(errno));
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return Status::IoError("cannot read " + Quote(path) + ": it is a directory");
  }
  fd_ = fd;
  owned_ = true;
  return Status::Ok();
}

bool InputFile::Fill() {
  if (eof_ || !status_.ok()) return false;
  if (pos_ > 0) {
    buf_.erase(0, pos_);
    pos_ = 0;
  }
  const size_t old = buf_.size();
  for (;;) {
    if (!WaitUntilReady(fd_, POLLIN)) return false;  // a signal: stop reading
    buf_.resize(old + kBufferSize);  // (again after an EINTR, which cut it back)
    ssize_t n = read(fd_, buf_.data() + old, kBufferSize);
    if (n > 0) {
      buf_.resize(old + static_cast<size_t>(n));
      return true;
    }
    buf_.resize(old);
    if (n == 0) {
      eof_ = true;
      return false;
    }
    if (errno == EINTR) {
      if (Cancelled()) return false;
      continue;
    }
    status_ = Status::IoError("cannot read " + Quote(name_) + ": " + ErrnoText(errno));
    return false;
  }
}

void InputFile::Tidy(std::string& line) {
  ++line_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
}

bool InputFile::ReadLine(std::string& line) {
  size_t searched = pos_;
  for (;;) {
    size_t nl = buf_.find('\n', searched);
    if (nl != std::string::npos) {
      line.assign(buf_, pos_, nl - pos_);
      pos_ = nl + 1;
      Tidy(line);
      if (line.size() <= kMaxLineBytes) return true;
      return TooLong(line_);
    }
    searched = buf_.size() - pos_;  // offset after Fill() moves the data to the front
    // (+1: the '\r' of a Windows line end)
    if (searched > kMaxLineBytes + 1) return TooLong(line_ + 1);
    if (!Fill()) {
      if (Cancelled() || !status_.ok() || pos_ == buf_.size()) return false;
      line.assign(buf_, pos_, std::string::npos);  // a last line without '\n'
      pos_ = buf_.size();
      Tidy(line);
      if (line.size() <= kMaxLineBytes) return true;
      return TooLong(line_);
    }
  }
}

bool InputFile::TooLong(size_t line_number) {
  line_ = line_number;
  status_ = Status::BadInput(name_ + ":" + std::to_string(line_number) + ": " +
                             LineTooLongMessage());
  buf_.clear();
  pos_ = 0;
  return false;
}

Status InputFile::ReadAll(std::string& out) {
  out.clear();
  std::string line;
  while (ReadLine(line)) {
    out += line;
    out += '\n';
  }
  return status_;
}

// --------------------------------------------------------------- OutputFile

OutputFile::~OutputFile() { Discard(); }

Status OutputFile::Open(const std::string& path) {
  buf_.reserve(kBufferSize);
  if (path.empty() || path == "-") {
    fd_ = STDOUT_FILENO;
    name_ = "<stdout>";
    return Status::Ok();
  }
  name_ = path;
  path_ = path;
  struct stat st;
  const bool exists = stat(path.c_str(), &st) == 0;  // follows symbolic links
  if (exists && S_ISDIR(st.st_mode))
    return Status::IoError("cannot write " + Quote(path) + ": it is a directory");
  if (exists && !S_ISREG(st.st_mode)) {
    // A device or a FIFO (/dev/null, /dev/stdout, a named pipe): written in
    // place; renaming a file over it would replace it.
    int fd;
    do {
      fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR && !Cancelled());
    if (fd < 0) return Status::IoError("cannot open " + Quote(path) + ": " + ErrnoText(errno));
    fd_ = fd;
    owned_ = true;
    return Status::Ok();
  }
  struct stat lst;
  if (lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    // Replace the file the link points to, not the link.
    if (char* real = realpath(path.c_str(), nullptr)) {
      path_ = real;
      std::free(real);
    }
  }
  std::vector<char> temp(path_.begin(), path_.end());
  const char kSuffix[] = ".tmp-XXXXXX";
  temp.insert(temp.end(), kSuffix, kSuffix + sizeof kSuffix);  // with the '\0'
  int fd = mkstemp(temp.data());
  if (fd < 0) return Status::IoError("cannot create " + Quote(path) + ": " + ErrnoText(errno));
  // mkstemp makes the file 0600: keep the mode of the file replaced, or give
  // a new one the mode a plain open() would.
  mode_t mode;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = umask(0);
    umask(mask);
    mode = static_cast<mode_t>(0666 & ~mask);
  }
  fchmod(fd, mode);
  fd_ = fd;
  owned_ = true;
  temp_ = temp.data();
  temp_slot_ = RegisterTemporaryFile(temp_.c_str());
  return Status::Ok();
}

void OutputFile::Write(std::string_view bytes) {
  prepared_ = false;
  if (bytes.size() >= kBufferSize) {
    Flush();
    buf_.assign(bytes);
    Flush();
    return;
  }
  if (buf_.size() + bytes.size() > kBufferSize) Flush();
  buf_.append(bytes);
}

void OutputFile::Flush() {
  size_t done = 0;
  while (status_.ok() && done < buf_.size()) {
    // (Once cancelled, what is left still goes out, as Discard wants for
    // standard output; a blocked write then waits for a second signal.)
    ssize_t n = -1;
    if (Cancelled() || WaitUntilReady(fd_, POLLOUT)) {
      n = write(fd_, buf_.data() + done, buf_.size() - done);
    } else {
      errno = EINTR;  // a signal during the wait: as if it had interrupted the write
    }
    if (n < 0) {
      if (errno == EINTR && !Cancelled()) continue;  // a blocked pipe: stop when asked
      if (errno == EPIPE) NoteOutputClosed();  // the reader has gone: stop, quietly
      status_ = Status::IoError("cannot write " + Quote(name_) + ": " + ErrnoText(errno));
      break;
    }
    done += static_cast<size_t>(n);
  }
  buf_.clear();
  written_ += done;
#ifdef __linux__
  // Start writing back each 8 MiB of a temporary file while the work goes
  // on, so that the fsync in Commit waits only for the last piece (for 195 MB
  // of solutions it waited 0.2 s, all of it after the solving).
  constexpr uint64_t kSyncStep = uint64_t{8} << 20;
  if (!temp_.empty() && status_.ok() && written_ - synced_ >= kSyncStep) {
    // Only a hint: its failure changes nothing (Commit's fsync reports errors).
    (void)sync_file_range(fd_, static_cast<off_t>(synced_), static_cast<off_t>(written_ - synced_),
                          SYNC_FILE_RANGE_WRITE);
    synced_ = written_;
  }
#endif
}

Status OutputFile::Prepare() {
  if (fd_ < 0) return Status::Internal("OutputFile::Prepare without Open");
  if (prepared_) return Status::Ok();
  Flush();
  if (!status_.ok()) {
    Discard();
    return status_;
  }
  if (!temp_.empty() && fsync(fd_) != 0 && errno != EINVAL) {
    Status s = Status::IoError("cannot write " + Quote(name_) + ": " + ErrnoText(errno));
    Discard();
    return s;
  }
  prepared_ = true;
  return Status::Ok();
}

Status OutputFile::Commit() {
  if (fd_ < 0) return Status::Internal("OutputFile::Commit without Open");
  TALON_RETURN_IF_ERROR(Prepare());
  if (temp_.empty()) {  // stdout, a device or a FIFO: nothing more to do
    int fd = fd_;
    fd_ = -1;
    if (owned_ && close(fd) != 0)
      return Status::IoError("cannot write " + Quote(name_) + ": " + ErrnoText(errno));
    return Status::Ok();
  }
  int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) {
    Status s = Status::IoError("cannot write " + Quote(name_) + ": " + ErrnoText(errno));
    Discard();
    return s;
  }
  if (rename(temp_.c_str(), path_.c_str()) != 0) {
    Status s = Status::IoError("cannot write " + Quote(name_) + ": " + ErrnoText(errno));
    Discard();
    return s;
  }
  temp_.clear();
  ForgetTemporaryFile(temp_slot_);
  temp_slot_ = -1;
  return Status::Ok();
}

Status CommitAll(const std::vector<OutputFile*>& outputs) {
  for (OutputFile* out : outputs) {
    if (Status s = out->Prepare(); !s.ok()) {
      for (OutputFile* other : outputs) other->Discard();
      return s;
    }
  }
  for (OutputFile* out : outputs) TALON_RETURN_IF_ERROR(out->Commit());
  return Status::Ok();
}

void OutputFile::Discard() {
  if (temp_.empty()) {
    // Standard output cannot be taken back: write out what came before the
    // failure rather than cutting it at a buffer boundary.
    if (fd_ >= 0) Flush();
    if (owned_ && fd_ >= 0) close(fd_);
    fd_ = -1;
    return;
  }
  buf_.clear();
  ForgetTemporaryFile(temp_slot_);
  temp_slot_ = -1;
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  unlink(temp_.c_str());
  temp_.clear();
}

int FinishOutput(OutputFile& out, bool finished, std::initializer_list<const Status*> errors) {
  if (!finished) {
    out.Discard();
    if (!OutputClosed())
      PrintError("interrupted; " + std::string(out.name() == "<stdout>" ? "the output is incomplete"
                                                                        : "no output file written"));
    return InterruptExitCode();
  }
  for (const Status* s : errors) {
    if (!s->ok()) {
      out.Discard();
      return Fail(*s);
    }
  }
  if (Status s = out.Commit(); !s.ok()) return Fail(s);
  return -1;
}

}  // namespace talon::cli
