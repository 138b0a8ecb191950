# talon-stats: its counts agree with talon-solve deal by deal, the report is
# the same at every thread count, the JSON and CSV forms carry the same
# numbers, unknown deals are reported as such, and bad input fails cleanly.
source "$(dirname "$0")/lib/common.bash"

# The counts agree with talon-solve's verdicts, deal by deal.
run solve "$BIN/talon-solve" --game fourteen-out --deals 1-300 --threads 1
solved=$(grep -c '"result":"solved"' "$TMP/solve.out" || true)
unsolvable=$(grep -c '"result":"unsolvable"' "$TMP/solve.out" || true)
[ $((solved + unsolvable)) = 300 ] || fail "talon-solve: $solved + $unsolvable verdicts"
pass
run one "$BIN/talon-stats" --game fourteen-out,thirteens --deals 1-300 --threads 1 --per-deal "$TMP/one.csv"
expect_rc one 0
expect_in "$TMP/one.out" "fourteen-out: 300 deals (1-300)"
grep -E "^  solved +$solved " "$TMP/one.out" >/dev/null || fail "solved count is not $solved: $(cat "$TMP/one.out")"
grep -E "^  unsolvable +$unsolvable " "$TMP/one.out" >/dev/null || fail "unsolvable count is not $unsolvable"
pass
expect_in "$TMP/one.out" "thirteens slots=10: 300 deals (1-300)"
expect_in "$TMP/one.out" "winnable     "
expect_in "$TMP/one.out" "95% interval"
expect_in "$TMP/one.out" "moves to win"
expect_in "$TMP/one.out" "most positions:"
# Fourteen Out always takes 26 moves to win (52 cards, two at a time).
grep -E "^  moves to win +$solved +26 +26 +26 +26 +26.0$" "$TMP/one.out" >/dev/null ||
  fail "fourteen-out moves row: $(grep 'moves to win' "$TMP/one.out")"
pass

# The per-deal table: two header lines and one line per deal, with talon-solve's verdicts.
expect_lines "$TMP/one.csv" 602
[ "$(head -1 "$TMP/one.csv" | cut -d' ' -f1-4)" = "# talon-per-deal/1 deals=1-300 shard=1/1" ] || fail "csv header"
[ "$(sed -n 2p "$TMP/one.csv")" = "game,options,deal,result,nodes,moves,score,index" ] || fail "csv columns"
pass
grep '^fourteen-out,' "$TMP/one.csv" | cut -d, -f4 >"$TMP/csv.verdicts"
grep -o '"result":"[a-z]*"' "$TMP/solve.out" | cut -d'"' -f4 >"$TMP/solve.verdicts"
cmp -s "$TMP/csv.verdicts" "$TMP/solve.verdicts" || fail "the CSV verdicts differ from talon-solve's"
pass
[ "$(sed -n 3p "$TMP/one.csv" | cut -d, -f1-4,8)" = "fourteen-out,,1,$(head -1 "$TMP/solve.verdicts"),0" ] ||
  fail "first CSV line: $(sed -n 3p "$TMP/one.csv")"
pass

# The same report and table at two threads.
run two "$BIN/talon-stats" --game fourteen-out,thirteens --deals 1-300 --threads 2 --per-deal "$TMP/two.csv"
expect_rc two 0
cmp -s "$TMP/one.out" "$TMP/two.out" || fail "the report differs between 1 and 2 threads"
cmp -s "$TMP/one.csv" "$TMP/two.csv" || fail "the CSV differs between 1 and 2 threads"
pass

# Deals piped in from talon-deal give the same figures (without the range).
"$BIN/talon-deal" --game fourteen-out --deals 1-300 >"$TMP/deals.jsonl"
run piped "$BIN/talon-stats" "$TMP/deals.jsonl"
expect_rc piped 0
expect_in "$TMP/piped.out" "fourteen-out: 300 deals"
expect_not_in "$TMP/piped.out" "(1-300)"
diff <(sed 1d "$TMP/piped.out") <(sed -n '2,/^$/p' "$TMP/one.out" | sed '$d') >/dev/null ||
  fail "piped deals give other figures"
pass

# JSON: the same counts, a format tag, options written out.
run json "$BIN/talon-stats" --game thirteens --deals 1-200 --option slots=15 --format json -o "$TMP/s.json"
expect_rc json 0
expect_in "$TMP/s.json" '"format": "talon-stats/1"'
expect_in "$TMP/s.json" '"slots": 15'
run jsolve "$BIN/talon-solve" --game thirteens --deals 1-200 --option slots=15
expect_in "$TMP/s.json" "\"solved\": $(grep -c '"result":"solved"' "$TMP/jsolve.out")"

# A budget too small to decide: the deals are unknown, listed, and the
# winnable share becomes a range.
run limit "$BIN/talon-stats" --game fourteen-out --deals 1-5 --max-nodes 1 --threads 1
expect_rc limit 0
expect_in "$TMP/limit.out" "unknown             5"
expect_in "$TMP/limit.out" "at least 0.00% (95% interval 0.00% to 43.45%)"
expect_in "$TMP/limit.out" "at most  100.00% (95% interval 56.55% to 100.00%)"
expect_in "$TMP/limit.out" "unknown: 1 2 3 4 5"

# The Carpet has a score row.
run carpet "$BIN/talon-stats" --game carpet --deals 1-3
expect_in "$TMP/carpet.out" "score (cards built)"

# --timings adds the time row, which is absent otherwise.
run timed "$BIN/talon-stats" --game take-ten --deals 1-50 --timings
expect_in "$TMP/timed.out" "seconds a deal"
expect_not_in "$TMP/one.out" "seconds a deal"

# Bad input: exit 65 naming FILE:LINE; no report, no CSV file left.
{ head -2 "$TMP/deals.jsonl"; echo '{"format":"talon-deal/1","game":"fourteen-out"}'; } >"$TMP/bad.jsonl"
run bad "$BIN/talon-stats" "$TMP/bad.jsonl" -o "$TMP/bad.txt" --per-deal "$TMP/bad.csv"
expect_rc bad 65
expect_in "$TMP/bad.err" "talon-stats: error: $TMP/bad.jsonl:3: "
expect_no_file "$TMP/bad.txt"
expect_no_file "$TMP/bad.csv"

# Usage errors.
run u1 "$BIN/talon-stats" --game fourteen-out,no-such-game --deals 1-3
expect_rc u1 2
expect_in "$TMP/u1.err" "no-such-game"
run u2 "$BIN/talon-stats" --game fourteen-out --deals 1-3 --option slots=5
expect_rc u2 2
run u3 "$BIN/talon-stats" --game fourteen-out --deals 1-3 --format xml
expect_rc u3 2
run u4 "$BIN/talon-stats" --game fourteen-out,fourteen-out --deals 1-3
expect_rc u4 2
expect_in "$TMP/u4.err" "given twice"
run u5 "$BIN/talon-stats" --game fourteen-out --deals 1-3 --per-deal -
expect_rc u5 2

# `talon stats` runs talon-stats.
run disp "$BIN/talon" stats --game take-ten --deals 1-20
expect_rc disp 0
expect_in "$TMP/disp.out" "take-ten: 20 deals (1-20)"
done_ok
