# Every tool's --help and --version, usage errors (exit 2), I/O errors (74),
# output files that are whole or absent, interrupts (130/143), and the
# `talon CMD` dispatcher.
source "$(dirname "$0")/lib/common.bash"

TOOLS="talon-deal talon-solve talon-verify talon-stats"

# --help: usage, every option, the exit statuses, examples; --version.
for t in $TOOLS; do
  run help "$BIN/$t" --help
  expect_rc help 0
  expect_in "$TMP/help.out" "Usage: $t"
  expect_in "$TMP/help.out" "Exit status:"
  expect_in "$TMP/help.out" "65   bad input data"
  expect_in "$TMP/help.out" "Examples:"
  expect_in "$TMP/help.out" "--version"
  run version "$BIN/$t" --version
  expect_rc version 0
  [ "$(cat "$TMP/version.out")" = "$t 0.1.0" ] || fail "$t --version printed '$(cat "$TMP/version.out")'"
  pass
  run unknown "$BIN/$t" --no-such-option
  expect_rc unknown 2
  expect_in "$TMP/unknown.err" "$t: error: "
  expect_in "$TMP/unknown.err" "no-such-option"
done
for opt in --game --deal --deals --random --count --option --solvable --max-scan --max-nodes --threads --format --output; do
  run h "$BIN/talon-deal" --help; expect_in "$TMP/h.out" -- "$opt"
done
for game in $GAMES; do expect_in "$TMP/h.out" "$game"; done
expect_in "$TMP/h.out" "slots"
for opt in --game --deals --option --format --output --threads --max-nodes --max-seconds --max-memory --summary; do
  run h "$BIN/talon-solve" --help; expect_in "$TMP/h.out" -- "$opt"
done
for opt in --deal --solution --output "step 7: illegal" "not won after" "not checked"; do
  run h "$BIN/talon-verify" --help; expect_in "$TMP/h.out" -- "$opt"
done

# Usage errors: exit 2, "talon-TOOL: error:", naming the option.
usage() {  # usage TEXT CMD...: exit 2 and the message contains TEXT
  local text=$1
  shift
  run usage "$@"
  expect_rc usage 2
  expect_in "$TMP/usage.err" "$(basename "$1"): error: "
  expect_in "$TMP/usage.err" "$text"
  [ ! -s "$TMP/usage.out" ] || fail "a usage error wrote to stdout: $(cat "$TMP/usage.out")"
}
D="$BIN/talon-deal"
usage "--game" "$D" --deal 1
usage "unknown game 'klondyke'" "$D" --game klondyke --deal 1
usage "fourteen-out, take-fourteen, triple-fourteens, thirteens, fifteen, take-ten" "$D" --game nope --deal 1
usage "exactly one of" "$D" --game fourteen-out
usage "exactly one of" "$D" --game fourteen-out --deal 1 --deals 1-2
usage "--deal: 'x1' is not a whole number" "$D" --game fourteen-out --deal x1
usage "--deal: '-1'" "$D" --game fourteen-out --deal=-1
usage "--deal: '18446744073709551616' is too large" "$D" --game fourteen-out --deal 18446744073709551616
usage "--deals: '5-1'" "$D" --game fourteen-out --deals 5-1
usage "--deals: '1-'" "$D" --game fourteen-out --deals 1-
usage "--count: must be at least 1" "$D" --game fourteen-out --deal 1 --count 0
usage "--option: 'slots'" "$D" --game thirteens --deal 1 --option slots
usage "--option" "$D" --game thirteens --deal 1 --option slots=7
usage "slots" "$D" --game thirteens --deal 1 --option slot=10
usage "--option" "$D" --game fourteen-out --deal 1 --option slots=10
usage "--format: 'xml'" "$D" --game fourteen-out --deal 1 --format xml
usage "--max-scan" "$D" --game fourteen-out --deal 1 --solvable --max-scan 0
usage "--threads" "$D" --game fourteen-out --deal 1 --threads many
S="$BIN/talon-solve"
usage "--deals needs --game" "$S" --deals 1-5
usage "--game needs --deals" "$S" --game fourteen-out
usage "not both" "$S" --game fourteen-out --deals 1-2 "$TMP/x.jsonl"
usage "--option needs --game" "$S" --option slots=5
usage "--threads: 'two'" "$S" --game fourteen-out --deals 1-2 --threads two
usage "--max-nodes: '1e6'" "$S" --game fourteen-out --deals 1-2 --max-nodes 1e6
usage "--max-seconds: 'soon'" "$S" --game fourteen-out --deals 1-2 --max-seconds soon
usage "--max-memory: '2X'" "$S" --game fourteen-out --deals 1-2 --max-memory 2X
usage "--max-memory: 1K is too small" "$S" --game fourteen-out --deals 1-2 --max-memory 1K
usage "--format: 'csv'" "$S" --game fourteen-out --deals 1-2 --format csv
usage "--game: one game at a time ('fifteen,thirteens')" "$S" --game fifteen,thirteens --deals 1-2
usage "--game: 'fifteen' is given twice" "$BIN/talon-stats" --game fifteen,thirteens,fifteen --deals 1-2
V="$BIN/talon-verify"
usage "solution" "$V" --deal "$TMP/x.jsonl"
usage "deal" "$V" --solution "$TMP/x.jsonl"
usage "both be standard input" "$V" --deal - --solution -

# Sizes with suffixes are accepted.
for size in 64M 1g 512MiB 3000000 1GB; do
  run size "$S" --game fourteen-out --deals 1-2 --max-memory "$size" -j 1
  [ "$RC" = 0 ] || [ "$RC" = 1 ] || expect_rc size "0 or 1 for --max-memory $size"
  pass
done

# I/O errors: exit 74 naming the file; no output file is left behind.
run missing "$S" "$TMP/no-such-file.jsonl"
expect_rc missing 74
expect_in "$TMP/missing.err" "talon-solve: error: cannot open '$TMP/no-such-file.jsonl': No such file or directory"
run dir "$S" "$TMP"
expect_rc dir 74
expect_in "$TMP/dir.err" "it is a directory"
run vmissing "$V" --deal "$TMP/none.jsonl" --solution "$TMP/none2.jsonl"
expect_rc vmissing 74
expect_in "$TMP/vmissing.err" "$TMP/none.jsonl"
for t in deal solve verify; do
  case $t in
    deal) cmd=("$D" --game fourteen-out --deal 1) ;;
    solve) cmd=("$S" --game fourteen-out --deals 1-3) ;;
    verify) "$D" --game fourteen-out --deal 1 >"$TMP/v.deals"
            "$S" --game fourteen-out --deals 1-1 >"$TMP/v.sol" || true
            cmd=("$V" --deal "$TMP/v.deals" --solution "$TMP/v.sol") ;;
  esac
  run unwritable "${cmd[@]}" -o "$TMP/no-such-dir/out.txt"
  expect_rc unwritable 74
  expect_in "$TMP/unwritable.err" "talon-$t: error: cannot create '$TMP/no-such-dir/out.txt'"
  expect_no_file "$TMP/no-such-dir/out.txt"
  run todir "${cmd[@]}" -o "$TMP"
  expect_rc todir 74
  expect_in "$TMP/todir.err" "it is a directory"
  # Success: the whole file, nothing on stdout, no temporary file left.
  run written "${cmd[@]}" -o "$TMP/out-$t.txt"
  [ -s "$TMP/out-$t.txt" ] || fail "talon-$t -o wrote nothing"
  [ ! -s "$TMP/written.out" ] || fail "talon-$t -o also wrote to stdout"
  expect_no_temp "$TMP/out-$t.txt"
  run stdout "${cmd[@]}"
  cmp -s "$TMP/stdout.out" "$TMP/out-$t.txt" || fail "talon-$t: -o FILE and stdout differ"
  pass
done
if [ -w /dev/full ]; then
  set +e; "$D" --game fourteen-out --deals 1-100 >/dev/full 2>"$TMP/full.err"; RC=$?; set -e
  expect_rc full 74
  expect_in "$TMP/full.err" "cannot write <stdout>: No space left on device"
fi

# -o through a symbolic link replaces the file it names (the link stays, the
# mode is kept); -o naming a FIFO (like /dev/null) writes into it in place.
echo old >"$TMP/real.jsonl"
chmod 640 "$TMP/real.jsonl"
ln -s real.jsonl "$TMP/link.jsonl"
run link "$D" --game fifteen --deal 1 -o "$TMP/link.jsonl"
expect_rc link 0
[ -L "$TMP/link.jsonl" ] || fail "-o replaced the symbolic link"
expect_in "$TMP/real.jsonl" '"game":"fifteen","deal":1,'
[ "$(stat -c %a "$TMP/real.jsonl")" = 640 ] || fail "-o changed the mode of the file it replaced"
pass
mkfifo "$TMP/pipe"
cat "$TMP/pipe" >"$TMP/pipe.out" &
reader=$!
run fifo "$D" --game fifteen --deals 1-2 -o "$TMP/pipe"
wait "$reader"
expect_rc fifo 0
[ -p "$TMP/pipe" ] || fail "-o replaced a FIFO by a file"
expect_lines "$TMP/pipe.out" 2
rm "$TMP/pipe"

# Interrupts: SIGTERM -> 143, SIGINT -> 130; no -o file or temporary left.
# (-k 30: a signal the tool failed to act on fails the test in half a
# minute instead of running on until ctest's timeout.)
long=("$S" --game triple-fourteens --deals 1-100000000 -j 2)
echo keep >"$TMP/kept.jsonl"
run term timeout --preserve-status -k 30 -s TERM 1 "${long[@]}" -o "$TMP/kept.jsonl"
expect_rc term 143
expect_in "$TMP/term.err" "talon-solve: error: interrupted"
[ "$(cat "$TMP/kept.jsonl")" = keep ] || fail "an interrupted run changed its -o file"
expect_no_temp "$TMP/kept.jsonl"
rm "$TMP/kept.jsonl"
run int timeout --preserve-status -k 30 -s INT 1 "${long[@]}" -o "$TMP/int.jsonl"
expect_rc int 130
expect_no_file "$TMP/int.jsonl"
#   Blocked reading stdin: the read is interrupted at once.
mkfifo "$TMP/fifo"
sleep 30 >"$TMP/fifo" 2>/dev/null &
sleeper=$!
start=$SECONDS
set +e
timeout --preserve-status -k 30 -s INT 1 "$S" -j 2 -o "$TMP/int2.jsonl" <"$TMP/fifo" 2>"$TMP/int2.err"
RC=$?
elapsed=$((SECONDS - start))
set -e
kill -KILL "$sleeper" 2>/dev/null || true  # KILL: the sleeper may have TERM blocked
wait "$sleeper" 2>/dev/null || true
expect_rc int2 130
[ "$elapsed" -lt 10 ] || fail "talon-solve did not stop while reading stdin"
expect_no_file "$TMP/int2.jsonl"

# The dispatcher.
run t1 "$BIN/talon" deal --game fourteen-out --deals 1-3
expect_rc t1 0
run t2 "$D" --game fourteen-out --deals 1-3
cmp -s "$TMP/t1.out" "$TMP/t2.out" || fail "talon deal and talon-deal differ"
pass
run thelp "$BIN/talon" --help
expect_rc thelp 0
for c in deal solve verify; do expect_in "$TMP/thelp.out" "  $c "; done
expect_in "$TMP/thelp.out" "Exit status:"
run tver "$BIN/talon" --version
expect_rc tver 0
[ "$(cat "$TMP/tver.out")" = "talon 0.1.0" ] || fail "talon --version: $(cat "$TMP/tver.out")"
pass
run thelpdeal "$BIN/talon" help deal
expect_rc thelpdeal 0
cmp -s "$TMP/thelpdeal.out" <("$D" --help) || fail "talon help deal differs from talon-deal --help"
pass
run tunknown "$BIN/talon" frobnicate
expect_rc tunknown 2
expect_in "$TMP/tunknown.err" "talon: error: unknown command 'frobnicate'"
expect_in "$TMP/tunknown.err" "deal, "
expect_in "$TMP/tunknown.err" "solve, stats, verify"
run tnone "$BIN/talon"
expect_rc tnone 2
run tpath "$BIN/talon" ../talon-deal
expect_rc tpath 2
run tstatus "$BIN/talon" deal --game nope --deal 1
expect_rc tstatus 2
expect_in "$TMP/tstatus.err" "talon-deal: error: --game: unknown game 'nope'"
#   Found from any working directory, through a symbolic link too.
ln -s "$BIN/talon" "$TMP/talon-link"
(cd / && "$TMP/talon-link" deal --game fifteen --deal 3) >"$TMP/tlink.out"
[ -s "$TMP/tlink.out" ] || fail "talon via a symbolic link did not run talon-deal"
pass

done_ok
