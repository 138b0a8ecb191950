# talon-deal | talon-solve | talon-verify for every game: every solution the
# solver claims is checked move by move by the rules and must be ok; the
# output is byte-identical at every thread count and for every way of giving
# the deals (generated, a file, stdin, the text form).
source "$(dirname "$0")/lib/common.bash"

N=${TALON_CLI_DEALS:-200}
for game in $GAMES; do
  g=$TMP/$game
  run deal "$BIN/talon-deal" --game "$game" --deals "1-$N" -o "$g.deals"
  expect_rc deal 0
  expect_lines "$g.deals" "$N"

  # From a file, two threads. Exit 0 (all solved) or 1 (some unsolvable);
  # never 3: there is no limit.
  run solve2 "$BIN/talon-solve" --threads 2 --summary "$g.deals"
  [ "$RC" = 0 ] || [ "$RC" = 1 ] || expect_rc solve2 "0 or 1"
  pass
  cp "$TMP/solve2.out" "$g.sol"
  expect_lines "$g.sol" "$N"
  expect_in "$TMP/solve2.err" "talon-solve: $N deals: "
  solved=$(grep -c '"result":"solved"' "$g.sol" || true)
  unsolvable=$(grep -c '"result":"unsolvable"' "$g.sol" || true)
  [ $((solved + unsolvable)) -eq "$N" ] || fail "$game: $solved solved + $unsolvable unsolvable != $N"
  [ "$solved" -gt 0 ] || fail "$game: no deal of 1-$N solved; the test would check nothing"
  expect_in "$TMP/solve2.err" "$solved solved, $unsolvable unsolvable, 0 unknown"
  if [ "$unsolvable" -gt 0 ]; then expect_rc solve2 1; else expect_rc solve2 0; fi

  # The same bytes: one thread, three threads, from stdin, generated directly.
  run solve1 "$BIN/talon-solve" --threads 1 "$g.deals"
  cmp -s "$TMP/solve1.out" "$g.sol" || fail "$game: --threads 1 and --threads 2 outputs differ"
  pass
  run solve3 "$BIN/talon-solve" -j 3 - <"$g.deals"
  cmp -s "$TMP/solve3.out" "$g.sol" || fail "$game: --threads 3 (stdin) output differs"
  pass
  run solvegen "$BIN/talon-solve" --game "$game" --deals "1-$N" --threads 2
  cmp -s "$TMP/solvegen.out" "$g.sol" || fail "$game: --game --deals output differs from the file's"
  pass

  # Every solution checked by the rules: "ok" for each solved one.
  run verify "$BIN/talon-verify" --deal "$g.deals" --solution "$g.sol"
  expect_rc verify 0
  expect_lines "$TMP/verify.out" "$N"
  ok=$(grep -c ': ok (' "$TMP/verify.out" || true)
  [ "$ok" -eq "$solved" ] || fail "$game: $ok solutions verified ok, $solved solved"
  pass
  expect_not_in "$TMP/verify.out" "illegal"
  expect_not_in "$TMP/verify.out" "not won"
  expect_in "$TMP/verify.out" "$game#1: "
  if [ "$unsolvable" -gt 0 ]; then expect_in "$TMP/verify.out" ": not checked: result is unsolvable"; fi

  # The numbered text form verifies the same way.
  run solvetext "$BIN/talon-solve" --format text -j 2 "$g.deals"
  run verifytext "$BIN/talon-verify" --deal "$g.deals" --solution "$TMP/solvetext.out"
  expect_rc verifytext 0
  cmp -s "$TMP/verifytext.out" "$TMP/verify.out" || fail "$game: text-form verification differs"
  pass
  echo "$game: $solved solved, $unsolvable unsolvable of $N; all verified" >&2
done

# Through the dispatcher, in one pipe.
set +e
"$BIN/talon" deal --game fourteen-out --deals 1-20 | "$BIN/talon" solve -j 2 >"$TMP/d.sol"
set -e
"$BIN/talon-deal" --game fourteen-out --deals 1-20 >"$TMP/d.deals"
run dverify "$BIN/talon" verify --deal "$TMP/d.deals" --solution "$TMP/d.sol"
expect_rc dverify 0
expect_lines "$TMP/dverify.out" 20

done_ok
