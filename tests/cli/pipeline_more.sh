# talon-deal | talon-solve | talon-verify for the search-heavy games (and
# Klondike's option sets): every solution the solver claims is replayed by
# the rules and must be ok; with a node limit (deterministic) the output is
# byte-identical at one and two threads, and "unknown" is allowed only where
# a limit is given.
source "$(dirname "$0")/lib/common.bash"

# game | deals | node limit per deal (0: none) | options
cases=(
  "carpet|300|0|"
  "carpet|100|0|patching=optional"
  "four-of-a-kind|300|0|"
  "four-of-a-kind|100|0|method=clock"
  "klondike|40|100000|"
  "klondike|40|100000|draw=1 passes=1"
  "klondike|40|100000|runs=any worry=true draw=3"
  "idiots-delight|40|100000|"
  "try-again|20|100000|"
)
for c in "${cases[@]}"; do
  IFS='|' read -r game n limit opts <<<"$c"
  name="$game${opts:+ ($opts)}"
  g=$TMP/case
  oargs=()
  for o in $opts; do oargs+=(--option "$o"); done
  largs=()
  [ "$limit" = 0 ] || largs=(--max-nodes "$limit")
  run deal "$BIN/talon-deal" --game "$game" "${oargs[@]}" --deals "1-$n" -o "$g.deals"
  expect_rc deal 0
  expect_lines "$g.deals" "$n"

  run solve2 "$BIN/talon-solve" --threads 2 "${largs[@]}" --summary "$g.deals"
  [ "$RC" = 0 ] || [ "$RC" = 1 ] || [ "$RC" = 3 ] || expect_rc solve2 "0, 1 or 3"
  cp "$TMP/solve2.out" "$g.sol"
  expect_lines "$g.sol" "$n"
  solved=$(grep -c '"result":"solved"' "$g.sol" || true)
  unknown=$(grep -c '"result":"unknown"' "$g.sol" || true)
  [ "$solved" -gt 0 ] || fail "$name: no deal of 1-$n solved; the test would check nothing"
  if [ "$limit" = 0 ] && [ "$unknown" -gt 0 ]; then fail "$name: $unknown unknown without a limit"; fi
  if [ "$unknown" -gt 0 ]; then expect_rc solve2 3; fi
  pass

  run solve1 "$BIN/talon-solve" --threads 1 "${largs[@]}" "$g.deals"
  cmp -s "$TMP/solve1.out" "$g.sol" || fail "$name: --threads 1 and --threads 2 outputs differ"
  pass

  run verify "$BIN/talon-verify" --deal "$g.deals" --solution "$g.sol"
  expect_rc verify 0
  ok=$(grep -c ': ok (' "$TMP/verify.out" || true)
  [ "$ok" -eq "$solved" ] || fail "$name: $ok solutions verified ok, $solved solved"
  expect_not_in "$TMP/verify.out" "illegal"
  expect_not_in "$TMP/verify.out" "not won"
  pass

  run solvetext "$BIN/talon-solve" --format text --threads 2 "${largs[@]}" "$g.deals"
  run verifytext "$BIN/talon-verify" --deal "$g.deals" --solution "$TMP/solvetext.out"
  expect_rc verifytext 0
  cmp -s "$TMP/verifytext.out" "$TMP/verify.out" || fail "$name: text-form verification differs"
  pass
  echo "$name: $solved solved, $unknown unknown of $n; all verified" >&2
done
done_ok
