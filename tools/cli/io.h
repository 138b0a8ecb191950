// Files for the tools: inputs ("-" is stdin) read line by line, and an output
// that is whole or absent.
//
// Both use plain file descriptors with their own buffers: no flush per line,
// and a read interrupted by SIGINT/SIGTERM returns instead of retrying, so a
// tool blocked on a terminal stops when asked.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>
#include <string_view>

#include "core/status.h"

namespace talon::cli {

// The name used in messages for standard input.
inline constexpr const char* kStdinName = "<stdin>";

class InputFile {
 public:
  InputFile() = default;
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Opens `path` ("-" = standard input). Errors are kIoError naming the file,
  // e.g. "cannot open 'deals.jsonl': No such file or directory".
  Status Open(const std::string& path);

  // Reads the next line without its '\n', a '\r' before it, or a UTF-8 byte
  // order mark at the start of the first line (as core's readers). Returns
  // false at the end of input, on a read error, at a line longer than
  // kMaxLineBytes (read no further than that) or when interrupted; then
  // status() is ok at the end, kIoError on an error (naming the file),
  // kBadInput "FILE:LINE: the line is longer than 1 MiB ..." for the long
  // line, and Cancelled() is true after a signal.
  bool ReadLine(std::string& line);
  // Reads every line that is left into `out`, each ending in '\n' (line ends
  // made plain, as ReadLine's). Same errors as ReadLine.
  Status ReadAll(std::string& out);

  const Status& status() const { return status_; }
  const std::string& name() const { return name_; }  // the path, or "<stdin>"
  size_t line_number() const { return line_; }       // of the last line read

 private:
  bool Fill();                   // reads more into buf_; false at the end or on error
  void Tidy(std::string& line);  // counts the line; strips '\r' and a BOM
  bool TooLong(size_t line_number);  // the error for a line over kMaxLineBytes; false
  int fd_ = -1;
  bool owned_ = false;
  bool eof_ = false;
  std::string name_;
  std::string buf_;
  size_t pos_ = 0;
  size_t line_ = 0;
  Status status_;
};

// Writes a tool's output. With a path, the bytes go to a temporary file
// beside it ("PATH.tmp-XXXXXX", with the mode of the file it replaces),
// renamed over PATH by Commit(); without one (empty or "-"), to standard
// output. If Commit() is not reached (an error, an interrupt), the destructor
// removes the temporary file: an -o file is whole or absent (or as it was).
// A symbolic link is followed (the file it names is replaced, the link
// stays); a path naming a device or a FIFO (/dev/null) is written in place.
class OutputFile {
 public:
  OutputFile() = default;
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Errors are kIoError naming the file.
  Status Open(const std::string& path);
  // Buffers `bytes`; writes when the buffer fills. A write error is kept and
  // returned by Commit().
  void Write(std::string_view bytes);
  // Writes what is buffered and (with a path) syncs the temporary file:
  // every write error is known, nothing is renamed yet. On an error the
  // output is discarded. A tool with two outputs prepares both before it
  // commits either, so that one is not left without the other.
  Status Prepare();
  // Prepare(), then (with a path) closes and renames.
  Status Commit();
  // Removes the temporary file. Standard output cannot be taken back: there
  // it writes out what is buffered.
  void Discard();

  const std::string& name() const { return name_; }  // the path, or "<stdout>"

 private:
  void Flush();
  int fd_ = -1;
  bool owned_ = false;  // fd_ is closed here
  std::string path_, temp_, name_;
  std::string buf_;
  Status status_;
  uint64_t written_ = 0;  // bytes written to the temporary file
  uint64_t synced_ = 0;   // of those, handed to the disk already (below)
  int temp_slot_ = -1;    // RegisterTemporaryFile's slot for temp_
  bool prepared_ = false;
};

// Several outputs that are all written or none: prepares each (a failure
// discards them all), then renames each. Only a rename can still fail after
// another was done, and rarely: each temporary file is beside its target.
Status CommitAll(const std::vector<OutputFile*>& outputs);

// The end of a run that wrote `out`: if it was interrupted (`finished`
// false), discards the output and says so; else if any of `errors` is not
// ok, discards the output and reports the first; else commits. Returns -1
// when the output was committed (go on), else the exit status to return.
int FinishOutput(OutputFile& out, bool finished, std::initializer_list<const Status*> errors);

}  // namespace talon::cli
