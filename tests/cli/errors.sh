# Every error class, every tool: runs each row of errors.table and checks the
# documented exit status, that the message names what it should (file, line,
# field), that standard error is one line of printable UTF-8 (or nothing, for
# a closed output), and that no output file or temporary file is left behind.
source "$(dirname "$0")/lib/common.bash"

TABLE="$(dirname "$0")/errors.table"
export PATH="$BIN:$PATH"
F="$TMP/f"  # the fixtures the rows read
mkdir -p "$F/dir"

# --- Fixtures: good files, and one file per kind of bad input, its bad line
# at line 2 (line 1 blank) so that every message must name line 2.
talon-deal --game fourteen-out --deals 1-3 >"$F/deals.jsonl"
talon-solve --game fourteen-out --deals 1-3 -j 1 >"$F/sols.jsonl" || true
talon-solve --game fourteen-out --deals 1-3 -j 1 --format text >"$F/sols.txt" || true
cat "$F/deals.jsonl" "$F/sols.jsonl" >"$F/both.jsonl"
good=$(head -1 "$F/deals.jsonl")
sol=$(head -1 "$F/sols.jsonl")
bad() { printf '\n%s\n' "$2" >"$F/$1"; }
# A line of 10 MB (JSON, so that the solution reader takes it for JSON Lines).
bad long.jsonl "{\"format\":\"talon-deal/1\",\"x\":\"$(head -c 10000000 /dev/zero | tr '\0' x)\"}"
nested() { printf '%*s' "$1" '' | tr ' ' '['; printf '%*s' "$1" '' | tr ' ' ']'; }
bad deep.jsonl "{\"format\":\"talon-deal/1\",\"game\":$(nested 10000)}"
bad utf8.jsonl "${good/\"fourteen-out\"/$'"\xff\xfe\x1b[31m"'}"
printf '\n{"format":"talon-deal/1","game":"fourteen-out\0"}\n' >"$F/nul.jsonl"
bad big.jsonl "${good/\"deal\":1,/\"deal\":18446744073709551616,}"
bad big-sol.jsonl "${sol/\"deal\":1,/\"deal\":18446744073709551616,}"
printf '\nfourteen-out#18446744073709551616 solved\n1. 1+2  KS AH\n' >"$F/big-sol.txt"
printf '\nfourteen-out#1 solved\n1. 3+9\0  KS AH\n' >"$F/nul-sol.txt"
printf '{"paper": "0x0mm"}\n' >"$F/zero.json"
nested 10000 >"$F/deep.json"
bad deep-sol.jsonl "{\"format\":\"talon-solution/1\",\"moves\":$(nested 10000)}"
# A text-form solution whose header is one word of 500 000 bytes.
bad long-header.txt "fourteen-out$(printf '%*s' 500000 '' | tr ' ' x)"

# closed CMD...: runs CMD with its standard output a pipe whose reader has
# already gone, so that its first write fails (as `| head -1` does once
# head has exited). The tool sees EPIPE (or SIGPIPE, if it does not ignore it).
closed() {
  local fifo="$TMP/fifo.$BASHPID" rw w rc
  mkfifo "$fifo"
  exec {rw}<>"$fifo"   # a reader (and writer), so that the next open does not block
  exec {w}>"$fifo"
  exec {rw}<&-         # the reader goes
  rm -f "$fifo"
  set +e
  "$@" >&"$w"
  rc=$?
  exec {w}>&-
  return $rc
}
# ignoring_sigpipe CMD...: runs CMD with SIGPIPE ignored, as some shells and
# services start programs.
ignoring_sigpipe() { (trap '' PIPE; "$@"); }
export -f closed ignoring_sigpipe

# --- The rows: CLASS | TOOL | STATUS | MESSAGE | COMMAND (errors.table).
# With ALL_ROWS=1 every row is run and the failures listed at the end.
declare -A cell
rows=0
failures=0
row_fail() {
  [ -n "${ALL_ROWS:-}" ] || fail "$@"
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
while IFS= read -r line; do
  case $line in '' | '#'*) continue ;; esac
  IFS='|' read -r class tool want parts cmd <<<"$line"
  class=$(echo $class) tool=$(echo $tool) want=$(echo $want)
  parts=${parts# } parts=${parts% } cmd=${cmd# }
  rows=$((rows + 1))
  name="row$rows"
  dir="$TMP/run/$rows"
  mkdir -p "$dir"
  # Each row runs in an empty directory, which must stay empty.
  set +e
  (cd "$dir" && F="$F" eval "set -o pipefail; $cmd") >"$TMP/$name.out" 2>"$TMP/$name.err"
  RC=$?
  set -e
  what="row $rows ($class, $tool): $cmd"
  if [ "$RC" != "$want" ]; then
    echo "--- stderr:" >&2
    head -c 1500 "$TMP/$name.err" >&2
    row_fail "$what: exit status $RC, expected $want"
  fi
  pass
  if [ "$parts" = "-" ]; then
    [ ! -s "$TMP/$name.err" ] || row_fail "$what: expected no message, got: $(head -c 500 "$TMP/$name.err")"
  else
    [ "$(wc -l <"$TMP/$name.err")" = 1 ] || row_fail "$what: expected one line on stderr, got: $(head -c 1500 "$TMP/$name.err")"
    grep -q '^talon[a-z-]*: error: ' "$TMP/$name.err" || row_fail "$what: not an error message: $(cat "$TMP/$name.err")"
    rest=$parts
    while [ -n "$rest" ]; do
      part=${rest%% && *}
      [ "$part" = "$rest" ] && rest="" || rest=${rest#* && }
      part=${part//\$F/$F}
      grep -qF -- "$part" "$TMP/$name.err" || row_fail "$what: the message lacks '$part': $(cat "$TMP/$name.err")"
      pass
    done
  fi
  # Printable UTF-8: no invalid bytes, no control characters.
  iconv -f UTF-8 -t UTF-8 "$TMP/$name.err" >/dev/null 2>&1 || row_fail "$what: the message is not UTF-8"
  ! LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <"$TMP/$name.err") || row_fail "$what: control characters in the message"
  [ -z "$(ls -A "$dir")" ] || row_fail "$what: left behind: $(ls -A "$dir")"
  ! compgen -G "$F/*.tmp-*" >/dev/null || row_fail "$what: temporary files left in the fixtures"
  pass
  cell["$tool,$class"]=$(( ${cell["$tool,$class"]:-0} + 1 ))
done <"$TABLE"

[ "$failures" = 0 ] || fail "$failures failures"
# The table's size: tools x classes.
tools=$(for k in "${!cell[@]}"; do echo "${k%%,*}"; done | sort -u | wc -l)
classes=$(for k in "${!cell[@]}"; do echo "${k#*,}"; done | sort -u | wc -l)
echo "errors.table: $rows rows, $tools tools x $classes classes (${#cell[@]} cells filled)"
done_ok
