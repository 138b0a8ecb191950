# Arguments every tool refuses or takes: a stray positional argument is a
# usage error naming it (exit 2, no output written) in every tool that takes
# none or fewer; the tools that read files still read them; a binary format
# is not written to a terminal.
source "$(dirname "$0")/lib/common.bash"

"$BIN/talon-deal" --game fifteen --deals 1-3 >"$TMP/deals.jsonl"
"$BIN/talon-deal" --game fifteen --deals 4-5 >"$TMP/more.jsonl"
"$BIN/talon-solve" "$TMP/deals.jsonl" >"$TMP/sols.jsonl" || true  # 1: some unsolvable
"$BIN/talon-deal" --game fifteen --deal 1 --solvable >"$TMP/one.jsonl"
out="$TMP/out"

# TOOL | its arguments, ending in a stray one (STRAY) | what the message says
while IFS='|' read -r tool args says; do
  [ -n "$tool" ] || continue
  tool=$(echo $tool)
  # shellcheck disable=SC2086
  run stray "$BIN/$tool" $args
  expect_rc stray 2
  expect_in "$TMP/stray.err" "$tool: error: unexpected argument 'STRAY' ($tool $(echo $says); see $tool --help)"
  [ ! -s "$TMP/stray.out" ] || fail "$tool wrote output despite the stray argument"
  expect_no_file "$out"
  pass
done <<EOF
talon-deal   | --game fifteen --deal 1 -o $out STRAY                              | takes options only
talon-deal   | STRAY --game fifteen --deal 1                                      | takes options only
talon-book   | --game fifteen --count 1 -o $out STRAY                             | takes options only
talon-render | --sheet layout -o $out.pdf $TMP/one.jsonl STRAY                   | takes one file
talon-render | $TMP/deals.jsonl STRAY -o $out.pdf                                 | takes one file
talon-verify | $TMP/sols.jsonl STRAY -o $out                                      | takes one file
EOF
# Through the dispatcher too.
run stray "$BIN/talon" deal --game fifteen --deal 1 STRAY
expect_rc stray 2
expect_in "$TMP/stray.err" "talon-deal: error: unexpected argument 'STRAY'"
# An argument that looks like an option's value but follows a flag is stray too.
run stray "$BIN/talon-deal" --game fifteen --deal 1 --solvable 3
expect_rc stray 2
expect_in "$TMP/stray.err" "unexpected argument '3'"

# The tools that take files still read them: several for talon-solve and
# talon-stats, one for talon-render and talon-verify.
run solve "$BIN/talon-solve" "$TMP/deals.jsonl" "$TMP/more.jsonl" -j 1
[ "$RC" = 0 ] || [ "$RC" = 1 ] || expect_rc solve "0 or 1"
expect_lines "$TMP/solve.out" 5
run stats "$BIN/talon-stats" "$TMP/deals.jsonl" - --format json -j 1 <"$TMP/more.jsonl"
expect_rc stats 0
[ "$(jq .groups[0].deals "$TMP/stats.out")" = 5 ] || fail "talon-stats did not read both files: $(cat "$TMP/stats.out")"
pass
run verify "$BIN/talon-verify" --deal "$TMP/deals.jsonl" --solution "$TMP/sols.jsonl"
[ "$RC" = 0 ] || expect_rc verify 0
"$BIN/talon-deal" --game fifteen --deal 1 --solvable >"$TMP/one.jsonl"
run render "$BIN/talon-render" "$TMP/one.jsonl" -o "$TMP/one.pdf"
expect_rc render 0
[ -s "$TMP/one.pdf" ] || fail "talon-render did not read its deal file"
pass

# A binary format (PDF, PNG) is not written to a terminal: exit 2 with a
# message saying what to do, as gzip does; SVG (text) is, and a pipe or -o
# works. The terminal is a pseudo-terminal from script(1).
on_terminal() {  # on_terminal NAME CMD...: runs CMD with a terminal as stdout and stderr
  local name=$1
  shift
  set +e
  script -eqc "$(printf '%q ' "$@")" /dev/null >"$TMP/$name.out" 2>&1 </dev/null
  RC=$?
  set -e
}
R="$BIN/talon-render"
for format in pdf png; do
  on_terminal tty "$R" --game fifteen --deal 1 --sheet layout --format $format
  expect_rc tty 2
  expect_in "$TMP/tty.out" "talon-render: error: will not write a ${format^^} to a terminal: give -o FILE or redirect standard output"
  on_terminal tty "$R" --game fifteen --deal 1 --sheet layout --format $format -o -
  expect_rc tty 2
done
on_terminal tty "$R" --game fifteen --deal 1 --sheet layout --format svg
expect_rc tty 0
expect_in "$TMP/tty.out" "<svg"
on_terminal tty sh -c "$(printf '%q ' "$R" --game fifteen --deal 1 --sheet layout) | head -c 5"
expect_rc tty 0
expect_in "$TMP/tty.out" "%PDF-"
on_terminal tty "$R" --game fifteen --deal 1 --sheet layout -o "$TMP/tty.pdf"
expect_rc tty 0
[ -s "$TMP/tty.pdf" ] || fail "-o on a terminal wrote nothing"
pass
done_ok
