// Status and Expected: how errors cross module borders in talon.
//
// Library code never throws across its public interface; it returns a Status
// (or an Expected<T>, a value or a Status). The tools map a Status's code to
// an exit status in one place (tools/cli/exit.h).
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace talon {

enum class StatusCode {
  kOk = 0,
  kBadInput,     // malformed or inconsistent data: exit 65
  kIoError,      // a file could not be read or written: exit 74
  kUsage,        // a bad option or option value: exit 2
  kIllegalMove,  // a solution step breaks the rules (verify's verdict): exit 1
  kUnsolvable,   // a deal that must be winnable is proved not to be: exit 1
  kLimit,        // a search limit was reached: exit 3
  kInternal,     // a bug: should never be seen
};

class [[nodiscard]] Status {
 public:
  Status() = default;  // ok
  static Status Ok() { return Status(); }
  static Status BadInput(std::string msg) { return {StatusCode::kBadInput, std::move(msg)}; }
  static Status IoError(std::string msg) { return {StatusCode::kIoError, std::move(msg)}; }
  static Status Usage(std::string msg) { return {StatusCode::kUsage, std::move(msg)}; }
  static Status IllegalMove(std::string msg) { return {StatusCode::kIllegalMove, std::move(msg)}; }
  static Status Unsolvable(std::string msg) { return {StatusCode::kUnsolvable, std::move(msg)}; }
  static Status Limit(std::string msg) { return {StatusCode::kLimit, std::move(msg)}; }
  static Status Internal(std::string msg) { return {StatusCode::kInternal, std::move(msg)}; }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // Returns a copy whose message is "PREFIX: message" (e.g. a file and line).
  Status WithContext(const std::string& prefix) const {
    if (ok()) return *this;
    return Status(code_, prefix + ": " + message_);
  }

 private:
  Status(StatusCode code, std::string msg) : code_(code), message_(std::move(msg)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A T or the Status explaining why there is none. REQUIRES: the Status is not ok.
template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Expected(Status status) : v_(std::move(status)) {  // NOLINT
    assert(!std::get<Status>(v_).ok());
  }
  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Status> v_;
};

#define TALON_RETURN_IF_ERROR(expr)         \
  do {                                      \
    ::talon::Status talon_status_ = (expr); \
    if (!talon_status_.ok()) return talon_status_; \
  } while (0)

}  // namespace talon
