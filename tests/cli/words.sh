# Counts and their nouns agree in every tool's messages and on the book's
# cover ("1 deal", "2 deals"), and the cover says where the solutions are
# for each --solutions mode.
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/pdf.bash"

run solve "$BIN/talon-solve" --game fifteen --deals 3 --summary -j 1
expect_rc solve 0
expect_in "$TMP/solve.err" "talon-solve: 1 deal: 1 solved, 0 unsolvable, 0 unknown; "
expect_in "$TMP/solve.err" "; 1 thread"
run solve2 "$BIN/talon-solve" --game fifteen --deals 3-4 --summary -j 2
expect_in "$TMP/solve2.err" "talon-solve: 2 deals: "
expect_in "$TMP/solve2.err" "; 2 threads"
run scan "$BIN/talon-deal" --game thirteens --option slots=5 --deal 1 --solvable --max-scan 1
expect_rc scan 3
expect_in "$TMP/scan.err" "found 0 of 1 winnable deal of thirteens (slots=5) in 1 deal scanned (1-1);"
run short "$BIN/talon-deal" --game fifteen --deals 1-1 --count 2
expect_rc short 3
expect_in "$TMP/short.err" "wrote 1 of the 2 deals asked for"
run short1 "$BIN/talon-deal" --game fifteen --deal 18446744073709551615 --count 2
expect_rc short1 3
expect_in "$TMP/short1.err" "wrote 1 of the 2 deals asked for"
run stats "$BIN/talon-stats" --game fifteen --deals 3
expect_in "$TMP/stats.out" "fifteen: 1 deal (3)"

# The book of one deal, and where each mode says its solutions are.
for mode in back after none; do
  run book "$BIN/talon-book" --game fifteen --count 1 --solutions $mode -o "$TMP/$mode.pdf"
  expect_rc book 0
  pdf_text "$TMP/$mode.pdf" | tr '\n' ' ' >"$TMP/$mode.txt"
  expect_in "$TMP/$mode.txt" "Fifteen: 1 winnable deal "
  expect_in "$TMP/$mode.txt" "1 deal, proved winnable"
  expect_not_in "$TMP/$mode.txt" "1 deals"
  expect_not_in "$TMP/$mode.txt" "1 winnable deals"
  pdfinfo "$TMP/$mode.pdf" | grep -Eq '^Subject: +1 winnable patience deal: Fifteen$' || fail "subject: $(pdfinfo "$TMP/$mode.pdf" | grep Subject)"
  pass
done
expect_in "$TMP/back.txt" "The deal can be won; its solution is at the back of this book."
expect_in "$TMP/after.txt" "The deal can be won; its solution follows its page."
expect_in "$TMP/none.txt" "The deal can be won; the solutions are not printed in this book."
expect_not_in "$TMP/none.txt" "solution is"
run book "$BIN/talon-book" --game fifteen --count 2 --solutions none -o "$TMP/two.pdf"
pdf_text "$TMP/two.pdf" | tr '\n' ' ' >"$TMP/two.txt"
expect_in "$TMP/two.txt" "Fifteen: 2 winnable deals "
expect_in "$TMP/two.txt" "2 deals, each proved winnable"
expect_in "$TMP/two.txt" "Every deal can be won; the solutions are not printed in this book."
done_ok
