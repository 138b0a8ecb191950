# Shared by the command-line tests (sourced, not a test itself: ctest runs
# only tests/cli/*.sh). Each test is run as `bash NAME.sh BIN_DIR DATA_DIR`.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: bash $0 BIN_DIR [DATA_DIR]" >&2
  exit 2
fi
BIN=$(cd "$1" && pwd)
DATA=${2:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/talon-cli-test.XXXXXX")
trap '[ -n "${KEEP_TMP:-}" ] || rm -rf "$TMP"' EXIT
export NO_COLOR=1
GAMES="fourteen-out take-fourteen triple-fourteens thirteens fifteen take-ten"
CHECKS=0

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

pass() { CHECKS=$((CHECKS + 1)); }

# run NAME CMD...: runs CMD with stdout in $TMP/NAME.out, stderr in
# $TMP/NAME.err, and its exit status in $RC. Never fails by itself.
run() {
  local name=$1
  shift
  set +e
  "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
  RC=$?
  set -e
}

# expect_rc NAME WANT: the last run's status must be WANT.
expect_rc() {
  if [ "$RC" != "$2" ]; then
    echo "--- stdout of $1:" >&2
    head -c 2000 "$TMP/$1.out" >&2 || true
    echo "--- stderr of $1:" >&2
    head -c 2000 "$TMP/$1.err" >&2 || true
    fail "$1: exit status $RC, expected $2"
  fi
  pass
}

# expect_in FILE TEXT: FILE must contain TEXT (a fixed string).
expect_in() {
  if ! grep -qF -- "$2" "$1"; then
    echo "--- $1:" >&2
    head -c 2000 "$1" >&2 || true
    fail "'$1' does not contain: $2"
  fi
  pass
}

expect_not_in() {
  if grep -qF -- "$2" "$1"; then
    echo "--- $1:" >&2
    head -c 2000 "$1" >&2 || true
    fail "'$1' contains: $2"
  fi
  pass
}

# expect_lines FILE N: FILE must have exactly N lines.
expect_lines() {
  local n
  n=$(wc -l <"$1")
  [ "$n" -eq "$2" ] || fail "'$1' has $n lines, expected $2"
  pass
}

# expect_no_temp PATH: no temporary file PATH.tmp-* is left.
expect_no_temp() {
  if compgen -G "$1.tmp-*" >/dev/null; then fail "temporary files left: $(echo "$1".tmp-*)"; fi
  pass
}

# expect_no_file PATH: PATH must not exist, nor any temporary PATH.tmp-*.
expect_no_file() {
  [ ! -e "$1" ] || fail "'$1' exists but should not"
  expect_no_temp "$1"
}

done_ok() { echo "ok: $(basename "$0") ($CHECKS checks)"; }
