# talon-deal: --deal, --deals, --count, --random, --solvable and --max-scan,
# and the text form.
source "$(dirname "$0")/lib/common.bash"

D="$BIN/talon-deal"
S="$BIN/talon-solve"
numbers() { sed 's/.*"deal":\([0-9]*\).*/\1/' "$1" | tr '\n' ' ' | sed 's/ $//'; }

# --deal N is --deals N-N; --deal N --count K is --deals N-(N+K-1).
run one "$D" --game fourteen-out --deal 7
expect_rc one 0
expect_lines "$TMP/one.out" 1
expect_in "$TMP/one.out" '"format":"talon-deal/1","game":"fourteen-out","deal":7,"shuffle":"talon-v1"'
run range "$D" --game fourteen-out --deals 7-7
cmp -s "$TMP/one.out" "$TMP/range.out" || fail "--deal 7 and --deals 7-7 differ"
pass
run count "$D" --game fourteen-out --deal 7 --count 4
run range4 "$D" --game fourteen-out --deals 7-10
cmp -s "$TMP/count.out" "$TMP/range4.out" || fail "--deal 7 --count 4 and --deals 7-10 differ"
[ "$(numbers "$TMP/count.out")" = "7 8 9 10" ] || fail "--deal 7 --count 4 gave $(numbers "$TMP/count.out")"
pass
run capped "$D" --game fourteen-out --deals 1-100 --count 3
expect_rc capped 0
[ "$(numbers "$TMP/capped.out")" = "1 2 3" ] || fail "--deals 1-100 --count 3 gave $(numbers "$TMP/capped.out")"
pass
run short "$D" --game fourteen-out --deals 1-3 --count 5
expect_rc short 3
expect_lines "$TMP/short.out" 3
expect_in "$TMP/short.err" "talon-deal: error: wrote 3 of the 5 deals asked for"
run top "$D" --game fourteen-out --deal 18446744073709551615 --count 2
expect_rc top 3
expect_lines "$TMP/top.out" 1
run zero "$D" --game take-ten --deal 0
expect_rc zero 0
expect_in "$TMP/zero.out" '"deal":0,'

# Options are written out in full; the variant is part of the deal.
run opt "$D" --game thirteens --deal 3 --option slots=15
expect_rc opt 0
expect_in "$TMP/opt.out" '"options":{"slots":15}'
run optdef "$D" --game thirteens --deal 3
expect_in "$TMP/optdef.out" '"options":{"slots":10}'

# The text form names the deal; deals are separated by a blank line.
run text "$D" --game fourteen-out --deals 1-2 --format text
expect_rc text 0
expect_in "$TMP/text.out" "fourteen-out#1"
expect_in "$TMP/text.out" "fourteen-out#2"
run text15 "$D" --game thirteens --deal 4 --option slots=15 --format text
expect_in "$TMP/text15.out" "thirteens#4 (slots=15)"

# --random: distinct numbers from the OS; each deal is reproducible by number.
run rnd "$D" --game fifteen --random --count 5
expect_rc rnd 0
expect_lines "$TMP/rnd.out" 5
[ "$(numbers "$TMP/rnd.out" | tr ' ' '\n' | sort -u | wc -l)" -eq 5 ] || fail "--random repeated a number"
pass
for n in $(numbers "$TMP/rnd.out"); do
  [ "$n" -ge 1 ] && [ "$n" -le 999999999 ] || fail "--random drew $n, outside 1..999999999"
  grep -qxF -- "$("$D" --game fifteen --deal "$n")" "$TMP/rnd.out" || fail "deal $n is not reproducible"
  pass
done
run rnd1 "$D" --game fifteen --random
expect_lines "$TMP/rnd1.out" 1

# --solvable: exactly the deals talon-solve solves, in order.
for game in fourteen-out thirteens; do
  run sv "$D" --game "$game" --deals 1-60 --solvable -j 2
  expect_rc sv 0
  run all "$S" --game "$game" --deals 1-60 -j 2
  want=$(grep '"result":"solved"' "$TMP/all.out" | sed 's/.*"deal":\([0-9]*\).*/\1/' | tr '\n' ' ' | sed 's/ $//')
  [ "$(numbers "$TMP/sv.out")" = "$want" ] || fail "$game --solvable 1-60 gave '$(numbers "$TMP/sv.out")', solve says '$want'"
  pass
  first=${want%% *}
  run sv1 "$D" --game "$game" --deal 1 --solvable
  [ "$(numbers "$TMP/sv1.out")" = "$first" ] || fail "$game --deal 1 --solvable gave $(numbers "$TMP/sv1.out"), expected $first"
  pass
  three=$(echo "$want" | cut -d' ' -f1-3)
  run sv3 "$D" --game "$game" --deal 1 --solvable --count 3 -j 1
  [ "$(numbers "$TMP/sv3.out")" = "$three" ] || fail "$game --solvable --count 3 gave $(numbers "$TMP/sv3.out"), expected $three"
  pass
  run sv3t "$D" --game "$game" --deal 1 --solvable --count 3 -j 3
  cmp -s "$TMP/sv3.out" "$TMP/sv3t.out" || fail "--solvable output depends on --threads"
  pass
done
run svrnd "$D" --game fourteen-out --random --count 3 --solvable
expect_rc svrnd 0
run svrnds "$S" -j 1 "$TMP/svrnd.out"
expect_rc svrnds 0

# --max-scan: Thirteens with 5 slots has almost no winnable deal; the scan
# stops with a message and status 3 instead of running on.
run scan "$D" --game thirteens --option slots=5 --deal 1 --solvable --max-scan 300
expect_rc scan 3
expect_in "$TMP/scan.err" "talon-deal: error: stopped by --max-scan 300: found 0 of 1 winnable deal of thirteens (slots=5) in 300 deals scanned (1-300); raise --max-scan to scan further"
[ ! -s "$TMP/scan.out" ] || fail "--max-scan wrote deals: $(cat "$TMP/scan.out")"
pass
run scan2 "$D" --game fourteen-out --deal 1 --solvable --count 50 --max-scan 20
expect_rc scan2 3
expect_in "$TMP/scan2.err" "stopped by --max-scan 20: found "
expect_in "$TMP/scan2.err" " of 50 winnable deals of fourteen-out in 20 deals scanned (1-20)"
run scan3 "$D" --game fourteen-out --deals 1-50 --solvable --max-scan 20
expect_rc scan3 3
# Random deals: --count above --max-scan, so the scan stops whatever is drawn.
run scan4 "$D" --game thirteens --option slots=5 --random --solvable --count 60 --max-scan 50
expect_rc scan4 3
expect_in "$TMP/scan4.err" "in 50 deals scanned;"

# Klondike deals for other programs: the KSolve deck string (one a line, the
# talon-v1 deck of the deal as 3-digit rank+suit codes) and PySol's board.
run ks "$D" --game klondike --deals 1-3 --format ksolve
expect_rc ks 0
expect_lines "$TMP/ks.out" 3
head -1 "$TMP/ks.out" | grep -qx '072091042083082054112062094111052132031022113053073043021012064131133103104114102084121044061071014051013134063124123122092032034011041023081101033024093074' ||
  fail "klondike#1 deck string: $(head -1 "$TMP/ks.out")"
grep -qvx '[0-9]\{156\}' "$TMP/ks.out" && fail "a deck string is not 156 digits"
pass
run py "$D" --game klondike --deals 1-2 --format pysol
expect_rc py 0
expect_lines "$TMP/py.out" 17
expect_in "$TMP/py.out" "Talon: QC 4S 6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S"
expect_in "$TMP/py.out" "<JD> <3C> <4H> <KC> <TS> <TD> 8S"
[ "$(grep -c '^Talon: ' "$TMP/py.out")" = 2 ] || fail "two boards expected"
# The board holds no rule: an --option is refused with the reason, not dropped.
run pyopt "$D" --game klondike --deal 1 --option draw=1 --option passes=3 --format pysol
expect_rc pyopt 2
expect_in "$TMP/pyopt.err" "holds the cards only, not the rules"
[ -s "$TMP/pyopt.out" ] && fail "--format pysol wrote a board without its options"
run ksbad "$D" --game fourteen-out --deal 1 --format ksolve
expect_rc ksbad 2
expect_in "$TMP/ksbad.err" "talon-deal: error: --format ksolve is for klondike deals only"
run fmtbad "$D" --game klondike --deal 1 --format xml
expect_rc fmtbad 2
expect_in "$TMP/fmtbad.err" "is not a format (use jsonl, text, ksolve or pysol)"
run passes "$D" --game klondike --deal 1 --option passes=1000
expect_rc passes 2
expect_in "$TMP/passes.err" "option 'passes' cannot be 1000 (allowed: unlimited, or a whole number 1-999)"

done_ok
