# Tampered solutions are rejected at the right step: a card renamed, two
# moves swapped, a covered card used, a move dropped. Fourteen Out: every
# move takes the top cards of two piles, so the expected step can be worked
# out here from the pile numbers alone.
source "$(dirname "$0")/lib/common.bash"

game=fourteen-out
run find "$BIN/talon-deal" --game $game --deal 1 --solvable --threads 1
expect_rc find 0
D=$(sed -n 's/.*"deal":\([0-9]*\).*/\1/p' "$TMP/find.out")
[ -n "$D" ] || fail "no deal number in: $(cat "$TMP/find.out")"
cp "$TMP/find.out" "$TMP/deal.jsonl"
name="$game#$D"

run solve "$BIN/talon-solve" --format text --game $game --deals "$D-$D" -j 1
expect_rc solve 0
header=$(head -n 1 "$TMP/solve.out")
expect_in "$TMP/solve.out" "$name"
# The moves as "PILES CARD CARD" in ASCII (10♥ -> TH), one a line.
awk 'NR > 1 && NF >= 4 {
       line = $2
       for (i = 3; i <= NF; i++) {
         c = $i; sub(/^10/, "T", c)
         gsub("♣", "C", c); gsub("♦", "D", c); gsub("♥", "H", c); gsub("♠", "S", c)
         line = line " " c
       }
       print line
     }' "$TMP/solve.out" >"$TMP/moves"
M=$(wc -l <"$TMP/moves")
[ "$M" -eq 26 ] || fail "a Fourteen Out solution has 26 moves, got $M: $(cat "$TMP/solve.out")"
pass

# write_solution MOVES_FILE OUT: the text form around a list of moves.
write_solution() {
  { echo "$header"; awk '{ print NR ". " $0 }' "$1"; echo; } >"$2"
}
# verify_expect NAME SOLUTION_FILE STATUS TEXT
verify_expect() {
  run "$1" "$BIN/talon-verify" --deal "$TMP/deal.jsonl" --solution "$2"
  expect_rc "$1" "$3"
  expect_lines "$TMP/$1.out" 1
  expect_in "$TMP/$1.out" "$4"
}
piles() { sed -n "${1}p" "$TMP/moves" | awk '{ print $1 }' | tr '+' ' '; }
# first_touching FROM P Q: the first line >= FROM of `moves` whose move takes from pile P or Q.
first_touching() {
  awk -v from="$1" -v p="$2" -v q="$3" 'NR >= from {
      n = split($1, x, "+"); for (i = 1; i <= n; i++) if (x[i] == p || x[i] == q) { print NR; exit } }' \
    "$TMP/moves"
}

# The untouched solution is ok, in both forms.
write_solution "$TMP/moves" "$TMP/good.txt"
verify_expect good "$TMP/good.txt" 0 "$name: ok (26 moves)"

# 1. A card renamed (another suit) at step 3.
awk 'NR == 3 { s = substr($2, 2, 1); t = (s == "S") ? "H" : (s == "H") ? "S" : (s == "C") ? "D" : "C";
               $2 = substr($2, 1, 1) t } { print }' "$TMP/moves" >"$TMP/m1"
cmp -s "$TMP/m1" "$TMP/moves" && fail "renaming changed nothing"
write_solution "$TMP/m1" "$TMP/bad1.txt"
verify_expect renamed "$TMP/bad1.txt" 1 "$name: step 3: illegal: "

# The same in the JSON form: the first card of the first move renamed.
run solvej "$BIN/talon-solve" --game $game --deals "$D-$D" -j 1
first=$(grep -o '"cards":\["[^"]*"' "$TMP/solvej.out" | head -n 1 | cut -d'"' -f4)
[ -n "$first" ] || fail "no first card in $(cat "$TMP/solvej.out")"
r=${first:0:1}; s=${first:1:1}
case $s in S) t=H ;; H) t=S ;; C) t=D ;; *) t=C ;; esac
sed "0,/\"cards\":\[\"$first\"/s//\"cards\":[\"$r$t\"/" "$TMP/solvej.out" >"$TMP/bad1.jsonl"
cmp -s "$TMP/bad1.jsonl" "$TMP/solvej.out" && fail "JSON renaming changed nothing"
verify_expect renamedjson "$TMP/bad1.jsonl" 1 "$name: step 1: illegal: "

# 2. Two moves swapped: the first k >= 10 whose move k+1 takes from a pile
#    move k took from (its card was under move k's card), so step k is illegal.
k=
for ((i = 10; i < M; i++)); do
  read -r p q <<<"$(piles "$i")"
  j=$(first_touching $((i + 1)) "$p" "$q")
  if [ "${j:-0}" -eq $((i + 1)) ]; then k=$i; break; fi
done
[ -n "$k" ] || fail "no two consecutive moves from move 10 on share a pile"
awk -v k="$k" 'NR == k { held = $0; next } { print } NR == k + 1 { print held }' "$TMP/moves" >"$TMP/m2"
write_solution "$TMP/m2" "$TMP/bad2.txt"
verify_expect swapped "$TMP/bad2.txt" 1 "$name: step $k: illegal: "

# 3. A covered card: move C = 12 names, instead of the top card of its
#    first pile, the card under it (found by replaying moves 1..11 on the
#    piles of the deal here).
C=12
sed 's/.*"tableau":\[\[//; s/\]\].*//; s/\],\[/\n/g' "$TMP/deal.jsonl" | tr -d '"' | tr ',' ' ' \
  >"$TMP/piles"
read -r p q <<<"$(piles $C)"
under=$(awk -v c=$C -v p="$p" '
    FNR == NR { pile[FNR] = $0; next }
    FNR < c { n = split($1, x, "+"); for (i = 1; i <= n; i++) sub(/ ?[^ ]+$/, "", pile[x[i]]) }
    FNR == c { m = split(pile[p], cards, " "); print cards[m - 1]; exit }' "$TMP/piles" "$TMP/moves")
top=$(sed -n "${C}p" "$TMP/moves" | awk '{ print $2 }')
[ ${#under} -eq 2 ] || fail "could not find the card under the top of pile $p before move $C"
awk -v k=$C -v c="$under" 'NR == k { $2 = c } { print }' "$TMP/moves" >"$TMP/m3"
write_solution "$TMP/m3" "$TMP/bad3.txt"
verify_expect covered "$TMP/bad3.txt" 1 "$name: step $C: illegal: "
expect_in "$TMP/covered.out" "pile $p"
#    Check the replay above: the top card it found is the one the solution names.
topfound=$(awk -v c=$C -v p="$p" '
    FNR == NR { pile[FNR] = $0; next }
    FNR < c { n = split($1, x, "+"); for (i = 1; i <= n; i++) sub(/ ?[^ ]+$/, "", pile[x[i]]) }
    FNR == c { m = split(pile[p], cards, " "); print cards[m]; exit }' "$TMP/piles" "$TMP/moves")
[ "$topfound" = "$top" ] || fail "replay in the test is wrong: top of pile $p before move $C is $topfound, the solution says $top"
pass

# 4. One move dropped. Dropping move X = 13 (piles p, q): the first later
#    move taking from p or q meets move X's card still on top; without one,
#    every move is legal and the game is not won.
X=13
read -r p q <<<"$(piles $X)"
j=$(first_touching $((X + 1)) "$p" "$q")
sed "${X}d" "$TMP/moves" >"$TMP/m4"
write_solution "$TMP/m4" "$TMP/bad4.txt"
if [ -n "$j" ]; then
  verify_expect dropped "$TMP/bad4.txt" 1 "$name: step $((j - 1)): illegal: "
else
  verify_expect dropped "$TMP/bad4.txt" 1 "$name: not won after 25 moves (2 cards left)"
fi
#    Dropping move 1 likewise.
read -r p q <<<"$(piles 1)"
j=$(first_touching 2 "$p" "$q")
sed '1d' "$TMP/moves" >"$TMP/m6"
write_solution "$TMP/m6" "$TMP/bad6.txt"
if [ -n "$j" ]; then
  verify_expect dropfirst "$TMP/bad6.txt" 1 "$name: step $((j - 1)): illegal: "
else
  verify_expect dropfirst "$TMP/bad6.txt" 1 "$name: not won after 25 moves (2 cards left)"
fi
#    Dropping the last move: every move is legal, the game is not won.
sed '$d' "$TMP/moves" >"$TMP/m5"
write_solution "$TMP/m5" "$TMP/bad5.txt"
verify_expect droplast "$TMP/bad5.txt" 1 "$name: not won after 25 moves (2 cards left)"

# Good and bad together: one line each, in order, exit 1.
cat "$TMP/good.txt" "$TMP/bad2.txt" "$TMP/good.txt" >"$TMP/mixed.txt"
run mixed "$BIN/talon-verify" --deal "$TMP/deal.jsonl" --solution "$TMP/mixed.txt"
expect_rc mixed 1
expect_lines "$TMP/mixed.out" 3
[ "$(sed -n 1p "$TMP/mixed.out")" = "$name: ok (26 moves)" ] || fail "mixed line 1: $(sed -n 1p "$TMP/mixed.out")"
[ "$(sed -n 3p "$TMP/mixed.out")" = "$name: ok (26 moves)" ] || fail "mixed line 3: $(sed -n 3p "$TMP/mixed.out")"
expect_in "$TMP/mixed.out" "$name: step $k: illegal: "
pass

# A claimed "unsolvable" is reported, not checked, and does not fail.
sed 's/"result":"solved"/"result":"unsolvable"/; s/"moves":\[.*\]/"moves":[]/' "$TMP/solvej.out" >"$TMP/uns.jsonl"
verify_expect notchecked "$TMP/uns.jsonl" 0 "$name: not checked: result is unsolvable"

done_ok
