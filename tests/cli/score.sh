# The Carpet's score: the text form carries it as a comment line after the
# header (which talon-verify skips), --summary gives the mean, and the JSON
# form (fixed by FORMATS.md) has no score field.
source "$(dirname "$0")/lib/common.bash"

run text "$BIN/talon-solve" --game carpet --deals 1-3 --format text --threads 1 --summary
expect_rc text 1
# Deal 1 is won (52), deals 2 and 3 are not: 14 and 20 cards at best.
[ "$(grep -c '^# score: ' "$TMP/text.out")" = 3 ] || fail "not one score line per deal: $(cat "$TMP/text.out")"
sed -n 2p "$TMP/text.out" | grep -qx '# score: 52 cards built (best play)' || fail "deal 1: $(sed -n 2p "$TMP/text.out")"
grep -A1 '^carpet#2 ' "$TMP/text.out" | grep -qx '# score: 14 cards built (best play)' || fail "deal 2 score"
expect_in "$TMP/text.err" "mean score 28.67"
pass

run deals "$BIN/talon-deal" --game carpet --deals 1-3
run verify "$BIN/talon-verify" --deal "$TMP/deals.out" --solution "$TMP/text.out"
expect_rc verify 0
expect_in "$TMP/verify.out" "carpet#1: ok"
pass

run json "$BIN/talon-solve" --game carpet --deals 1-3
grep -q score "$TMP/json.out" && fail "the JSON form must not carry a score"
pass

# Games without a score print no score line.
run plain "$BIN/talon-solve" --game fourteen-out --deals 1-3 --format text --summary
grep -q '^# score' "$TMP/plain.out" && fail "fourteen-out printed a score"
grep -q 'mean score' "$TMP/plain.err" && fail "fourteen-out summary has a score"
pass
done_ok
