# Grades where they show (talon-solve --grade, talon-deal --difficulty,
# talon-book --difficulty/--sort, talon-stats --grades) and where a game went
# wrong (talon-solve --after, talon-verify --explain) on the hand-made games
# of tests/data/explain, whose last move is known to lose.
source "$(dirname "$0")/lib/common.bash"

# grades FILE: the grade of each JSON solution line ("null" when none).
grades() { sed -n 's/.*"difficulty":{"grade":\([0-9a-z]*\).*/\1/p' "$1"; }

# --- talon-solve --grade: every line graded, the same at every thread count.
run g1 "$BIN/talon-solve" --game fourteen-out --deals 1-8 --grade --threads 1
expect_rc g1 1  # deals 5 and 8 cannot be won
[ "$(grades "$TMP/g1.out" | wc -l)" = 8 ] || fail "not every line graded: $(cat "$TMP/g1.out")"
grades "$TMP/g1.out" | grep -qx '[1-5]' || fail "no graded deal"
grep '"deal":5,' "$TMP/g1.out" | grep -qF '"difficulty":{"grade":null,"name":"no grade","reason":"the deal cannot be won"}' ||
  fail "deal 5: $(grep '"deal":5,' "$TMP/g1.out")"
pass
run g2 "$BIN/talon-solve" --game fourteen-out --deals 1-8 --grade --threads 2
cmp -s "$TMP/g1.out" "$TMP/g2.out" || fail "grades differ between 1 and 2 threads"
pass
run deals "$BIN/talon-deal" --game fourteen-out --deals 1-8
run verify "$BIN/talon-verify" --deal "$TMP/deals.out" --solution "$TMP/g1.out"
expect_rc verify 0
run t "$BIN/talon-solve" --game fourteen-out --deals 1-1 --grade --format text
expect_rc t 0
sed -n 2p "$TMP/t.out" | grep -q '^# difficulty: \(Easy\|Medium\|Hard\|Expert\|Master\) (grade [1-5] of 5); score ' ||
  fail "text form: $(head -3 "$TMP/t.out")"
pass
run none "$BIN/talon-solve" --game thirteens --deals 1-1 --grade
expect_in "$TMP/none.out" '"difficulty":{"grade":null,"name":"no grade","reason":"no choice matters in this game"}'

# --- talon-deal --difficulty: only deals of those grades.
run hard "$BIN/talon-deal" --game fourteen-out --deal 1 --solvable --difficulty 4-5 --count 5
expect_rc hard 0
run hardg "$BIN/talon-solve" --grade "$TMP/hard.out"
[ "$(grades "$TMP/hardg.out" | grep -cx '[45]')" = 5 ] || fail "--difficulty 4-5: $(grades "$TMP/hardg.out" | tr '\n' ' ')"
pass
run easy "$BIN/talon-deal" --game fourteen-out --deal 1 --solvable --difficulty easy --count 5
run easyg "$BIN/talon-solve" --grade "$TMP/easy.out"
[ "$(grades "$TMP/easyg.out" | grep -cx 1)" = 5 ] || fail "--difficulty easy: $(grades "$TMP/easyg.out" | tr '\n' ' ')"
pass
run bad "$BIN/talon-deal" --game thirteens --deal 1 --solvable --difficulty 2-3
expect_rc bad 2
expect_in "$TMP/bad.err" "thirteens has no grades"
run bad "$BIN/talon-deal" --game fifteen --deal 1 --difficulty 2-3
expect_rc bad 2
run bad "$BIN/talon-deal" --game fifteen --deal 1 --solvable --difficulty 3-2
expect_rc bad 2

# --- talon-book: --difficulty keeps those grades, --sort difficulty orders them.
run book "$BIN/talon-book" --game fifteen --count 6 --difficulty 2-4 --sort difficulty --solutions none \
  --jsonl "$TMP/book.jsonl" -o "$TMP/book.pdf"
expect_rc book 0
grades "$TMP/book.jsonl" > "$TMP/book.grades"
[ "$(wc -l < "$TMP/book.grades")" = 6 ] || fail "book: $(cat "$TMP/book.grades")"
grep -qvx '[234]' "$TMP/book.grades" && fail "book: a grade outside 2-4: $(tr '\n' ' ' < "$TMP/book.grades")"
sort -n -c "$TMP/book.grades" || fail "book: not sorted by grade: $(tr '\n' ' ' < "$TMP/book.grades")"
pass
if command -v pdftotext >/dev/null; then
  pdftotext "$TMP/book.pdf" "$TMP/book.txt"
  word=$(sed -n "$(sed -n 1p "$TMP/book.grades")p" <<< $'Easy\nMedium\nHard\nExpert\nMaster')
  [ "$(grep -c "$word" "$TMP/book.txt")" -ge 2 ] || fail "book: '$word' not on the contents and a deal page"
  pass
fi

# --- talon-stats --grades: the distribution and the per-deal grade column.
run stats "$BIN/talon-stats" --game fourteen-out --deals 1-8 --grades --per-deal "$TMP/per.csv"
expect_rc stats 0
expect_in "$TMP/stats.out" "grades of the 6 winnable deals graded (cut points: its own):"
sed -n 2p "$TMP/per.csv" | grep -q ',grade$' || fail "per-deal header: $(head -1 "$TMP/per.csv")"
tail -n +3 "$TMP/per.csv" | awk -F, '{print ($NF == "" ? "null" : $NF)}' > "$TMP/per.grades"
grades "$TMP/g1.out" | cmp -s - "$TMP/per.grades" || fail "per-deal grades differ from talon-solve --grade"
pass

# --- Where a game went wrong: each hand-made game's last move loses.
for file in "$DATA"/explain/*.txt; do
  head=$(head -1 "$file")
  game=${head%%#*}
  number=${head#*#}
  number=${number%% *}
  n=$(grep -c '^[0-9]*\. ' "$file")
  run after "$BIN/talon-solve" --after "$file" --format text
  expect_rc after 1
  expect_in "$TMP/after.out" "# after move $n played: no win is left"
  head -n "$n" "$file" > "$TMP/before.txt"  # all but the last move
  run before "$BIN/talon-solve" --after "$TMP/before.txt"
  expect_rc before 0
  "$BIN/talon-deal" --game "$game" --deal "$number" $(sed -n 's/^[^ ]* //; s/ played$//; s/\([a-z]*=[^ ]*\)/--option \1/gp' <<< "$head") > "$TMP/deal.jsonl"
  run won "$BIN/talon-verify" --deal "$TMP/deal.jsonl" --solution "$TMP/before.out"
  expect_rc won 0
  expect_in "$TMP/won.out" ": ok ("
  run explain "$BIN/talon-verify" --explain --deal "$TMP/deal.jsonl" --solution "$file"
  expect_rc explain 0
  expect_in "$TMP/explain.out" ": explain: move $n ("
  expect_in "$TMP/explain.out" ") lost the game: no win existed after it; before it a win remained, starting $n. "
done

# An illegal move is reported as talon-verify reports it.
printf 'take-fourteen#1 played\n1. 9+12  A♠ K♠\n' > "$TMP/illegal.txt"
run illegal "$BIN/talon-solve" --after "$TMP/illegal.txt"
expect_rc illegal 1
expect_in "$TMP/illegal.err" "take-fourteen#1: step 1: illegal: A♠ is not on top of pile 9 (4♣ is)"
[ -s "$TMP/illegal.out" ] && fail "--after wrote output for an illegal game"
pass
run nodeal "$BIN/talon-solve" --after "$TMP/illegal.txt" --game fifteen --deals 1-2
expect_rc nodeal 2

done_ok
