# --shuffle pysol: PySolFC's game numbers in talon-deal, talon-solve,
# talon-render, talon-book and talon-stats (docs/pysol.md).
source "$(dirname "$0")/lib/common.bash"

D="$BIN/talon-deal"

# PySolFC's Fourteen #1, piles 1-12 bottom to top.
run fourteen "$D" --shuffle pysol --game fourteen-out --deal 1 --format text
expect_rc fourteen 0
expect_in "$TMP/fourteen.out" "fourteen-out#pysol-1"
expect_in "$TMP/fourteen.out" "Pile  1: J♦ A♦ 4♣ 8♥ 6♠"
expect_in "$TMP/fourteen.out" "Pile  4: J♣ 3♥ Q♥ 7♦ 6♥"
expect_in "$TMP/fourteen.out" "Pile  5: 5♦ 2♠ 4♥ 6♦"
expect_in "$TMP/fourteen.out" "Pile 12: 5♠ 3♣ 10♥ 10♣"
pass

# The JSON line says its shuffle, and is read back (talon-solve checks it).
run line "$D" --shuffle pysol --game thirteens --deal 123456
expect_rc line 0
expect_in "$TMP/line.out" '"deal":123456,"shuffle":"pysol"'
run solved "$BIN/talon-solve" --format text "$TMP/line.out"
expect_rc solved 1
expect_in "$TMP/solved.out" "thirteens#pysol-123456 slots=10"
run numbered "$BIN/talon-solve" --shuffle pysol --game thirteens --deals 123456 --format text
expect_rc numbered 1
cmp -s "$TMP/solved.out" "$TMP/numbered.out" || fail "talon-solve --shuffle pysol differs from the deal line"
pass

# A game PySolFC does not deal as talon does: usage error, the reason, no output.
for tool in deal solve stats; do
  case $tool in
    deal) run refuse "$D" --shuffle pysol --game carpet --deal 1 ;;
    *) run refuse "$BIN/talon-$tool" --shuffle pysol --game carpet --deals 1-2 ;;
  esac
  expect_rc refuse 2
  expect_in "$TMP/refuse.err" "PySolFC's Carpet puts the four aces on the foundations"
  [ -s "$TMP/refuse.out" ] && fail "talon-$tool wrote output for a refused shuffle"
done
run render "$BIN/talon-render" --shuffle pysol --game four-of-a-kind --deal 1 -o "$TMP/x.pdf"
expect_rc render 2
expect_in "$TMP/render.err" "PySolFC has no Four of a Kind"
run book "$BIN/talon-book" --shuffle pysol --game thirteens,triple-fourteens --count 1 -o "$TMP/b.pdf"
expect_rc book 2
expect_in "$TMP/book.err" "no three-deck Fourteens"
run slots "$D" --shuffle pysol --game thirteens --option slots=15 --deal 1
expect_rc slots 2
expect_in "$TMP/slots.err" "slots=15 has no PySolFC deal"
run unknown "$D" --shuffle pysol2 --game thirteens --deal 1
expect_rc unknown 2
expect_in "$TMP/unknown.err" "--shuffle: 'pysol2' is not a shuffle (use talon-v1, pysol)"
run files "$BIN/talon-solve" --shuffle pysol "$TMP/line.out"
expect_rc files 2
expect_in "$TMP/files.err" "--shuffle needs --game"
pass

# A solution belongs to the deal of its shuffle: talon-verify and
# talon-render match a pysol solution, and refuse talon-v1's of the same number.
run pdeals "$D" --shuffle pysol --game fourteen-out --deals 1-2
run psols "$BIN/talon-solve" "$TMP/pdeals.out"
expect_in "$TMP/psols.out" '"deal":1,"shuffle":"pysol"'
run vsols "$BIN/talon-solve" --game fourteen-out --deals 1-2
run verified "$BIN/talon-verify" --deal "$TMP/pdeals.out" --solution "$TMP/psols.out"
expect_rc verified 0
expect_in "$TMP/verified.out" "fourteen-out#pysol-1: ok"
run mixed "$BIN/talon-verify" --deal "$TMP/pdeals.out" --solution "$TMP/vsols.out"
expect_rc mixed 65
expect_in "$TMP/mixed.err" "(fourteen-out#1): no such deal"
run sheet "$BIN/talon-render" --shuffle pysol --game fourteen-out --deal 1 --solution "$TMP/psols.out" -o "$TMP/s.pdf"
expect_rc sheet 0
run nosheet "$BIN/talon-render" --shuffle pysol --game fourteen-out --deal 1 --solution "$TMP/vsols.out" -o "$TMP/s.pdf"
expect_rc nosheet 65
expect_in "$TMP/nosheet.err" "no solution for fourteen-out#pysol-1"
pass

# talon-v1 stays the default: the same lines as without --shuffle.
run v1 "$D" --shuffle talon-v1 --game klondike --deals 1-3
run plain "$D" --game klondike --deals 1-3
cmp -s "$TMP/v1.out" "$TMP/plain.out" || fail "--shuffle talon-v1 differs from the default"
pass

# --format ksolve and pysol hold the cards only: an --option is refused, not dropped.
for f in ksolve pysol; do
  run export "$D" --game klondike --deal 7 --format $f --option draw=1
  expect_rc export 2
  expect_in "$TMP/export.err" "holds the cards only, not the rules (--option draw=1)"
  [ -s "$TMP/export.out" ] && fail "--format $f wrote a deal without its option"
  run plain "$D" --game klondike --deal 7 --format $f
  expect_rc plain 0
done
pass
