# Malformed input of each kind: a clear message naming FILE:LINE and the
# field, exit status 65, and no -o file (an existing one is left as it was).
source "$(dirname "$0")/lib/common.bash"

D="$BIN/talon-deal"
S="$BIN/talon-solve"
V="$BIN/talon-verify"
"$D" --game fourteen-out --deal 1 >"$TMP/good.jsonl"
good=$(cat "$TMP/good.jsonl")
"$D" --game thirteens --deal 1 >"$TMP/good13.jsonl"
good13=$(cat "$TMP/good13.jsonl")

# bad NAME LINE TEXT...: a file whose line 2 is LINE (line 1 is good) is
# rejected by talon-solve and by talon-verify with 65 and every TEXT.
bad() {
  local name=$1 line=$2
  shift 2
  printf '%s\n%s\n' "$good" "$line" >"$TMP/$name.jsonl"
  echo previous >"$TMP/$name.out.jsonl"
  run "$name" "$S" -j 2 "$TMP/$name.jsonl" -o "$TMP/$name.out.jsonl"
  expect_rc "$name" 65
  expect_in "$TMP/$name.err" "talon-solve: error: $TMP/$name.jsonl:2: "
  for text in "$@"; do expect_in "$TMP/$name.err" "$text"; done
  expect_lines "$TMP/$name.err" 1
  [ "$(cat "$TMP/$name.out.jsonl")" = previous ] || fail "$name: the -o file was changed"
  expect_no_temp "$TMP/$name.out.jsonl"
  # From stdin: named <stdin>; the solution of line 1 comes out before the error.
  run "$name.stdin" "$S" -j 1 <"$TMP/$name.jsonl"
  expect_rc "$name.stdin" 65
  expect_in "$TMP/$name.stdin.err" "talon-solve: error: <stdin>:2: "
  expect_lines "$TMP/$name.stdin.out" 1
  # talon-verify reads deals the same way.
  run "$name.verify" "$V" --deal "$TMP/$name.jsonl" --solution "$TMP/$name.stdin.out"
  expect_rc "$name.verify" 65
  expect_in "$TMP/$name.verify.err" "talon-verify: error: $TMP/$name.jsonl:2: "
}

bad notjson 'this is not JSON' "not JSON: at column "
bad truncated "${good:0:40}" "not JSON: at column "
bad unknowngame "${good/\"game\":\"fourteen-out\"/\"game\":\"fourteen-in\"}" \
  "game: unknown game 'fourteen-in'" "fourteen-out, take-fourteen"
first=$(echo "$good" | grep -o '"tableau":\[\["[^"]*"' | cut -d'"' -f4)
[ ${#first} -eq 2 ] || fail "no first card in: $good"
bad badcard "${good/\"tableau\":\[\[\"$first\"/\"tableau\":[[\"ZZ\"}" \
  "areas.tableau[0][0]" "'ZZ' is not a card"
second=$(echo "$good" | grep -o '"tableau":\[\["[^"]*","[^"]*"' | cut -d'"' -f6)
bad duplicate "${good/\"tableau\":\[\[\"$first\"/\"tableau\":[[\"$second\"}" \
  "fourteen-out#1: areas: $second appears 2 times"
# The top card of pile 1 moved to the bottom of pile 2: piles of 4 and 6 cards.
handmade=$(echo "$good" | sed 's/"deal":[0-9]*,"shuffle":"talon-v1",//')
bad shape "$(echo "$handmade" | sed 's/,"\([^"]*\)"\],\["/],["\1","/')" \
  "areas.tableau[0] (pile 1)" "holds 5 cards, not 4"
bad unknownkey "${good/\"options\":/\"colour\":\"red\",\"options\":}" "colour: unknown key"
bad badoption "${good13/\"slots\":10/\"slots\":7}" "thirteens#1: options: " "'slots'" "7"
bad unknownoption "${good/\"options\":\{\}/\"options\":{\"slots\":10\}}" \
  "fourteen-out#1: options: " "'slots'"
bad wrongcards "$(echo "$good" | sed 's/"deal":1,/"deal":2,/')" "fourteen-out#2: areas: " "deal 2"
bad format "${good/talon-deal\/1/talon-deal\/9}" "format: 'talon-deal/9'"

# Blank lines are skipped and still counted.
printf '%s\n\n%s\n' "$good" "nonsense" >"$TMP/blank.jsonl"
run blank "$S" -j 1 "$TMP/blank.jsonl"
expect_rc blank 65
expect_in "$TMP/blank.err" "$TMP/blank.jsonl:3: "
# The line is counted across files: the second file's line 1.
printf '%s\n' "$good" >"$TMP/a.jsonl"
printf 'nonsense\n' >"$TMP/b.jsonl"
run twofiles "$S" -j 2 "$TMP/a.jsonl" "$TMP/b.jsonl"
expect_rc twofiles 65
expect_in "$TMP/twofiles.err" "$TMP/b.jsonl:1: "
expect_lines "$TMP/twofiles.out" 1

# talon-verify: bad solutions and solutions without a deal.
"$D" --game fourteen-out --deals 1-3 >"$TMP/deals3.jsonl"
"$S" --game fourteen-out --deals 1-3 -j 1 >"$TMP/sol3.jsonl" || true
"$S" --game fourteen-out --deals 4-4 -j 1 >"$TMP/sol4.jsonl" || true
run nodeal "$V" --deal "$TMP/deals3.jsonl" --solution "$TMP/sol4.jsonl"
expect_rc nodeal 65
expect_in "$TMP/nodeal.err" "talon-verify: error: $TMP/sol4.jsonl: solution 1 (fourteen-out#4): no such deal in $TMP/deals3.jsonl"
[ ! -s "$TMP/nodeal.out" ] || fail "talon-verify printed a report despite the error"
pass
"$S" --game thirteens --deals 1-1 --option slots=15 -j 1 >"$TMP/sol15.jsonl" || true
"$D" --game thirteens --deals 1-1 >"$TMP/deal10.jsonl"
run optmismatch "$V" --deal "$TMP/deal10.jsonl" --solution "$TMP/sol15.jsonl"
expect_rc optmismatch 65
expect_in "$TMP/optmismatch.err" "no such deal"
sed '2s/"cards":\["\([^"]*\)"/"cards":["QQ"/' "$TMP/sol3.jsonl" >"$TMP/badsol.jsonl"
run badsol "$V" --deal "$TMP/deals3.jsonl" --solution "$TMP/badsol.jsonl"
expect_rc badsol 65
expect_in "$TMP/badsol.err" "talon-verify: error: $TMP/badsol.jsonl:2: "
expect_in "$TMP/badsol.err" "'QQ'"
printf 'fourteen-out#1 solved\n1. 3+zz KS AH\n\n' >"$TMP/badtext.txt"
run badtext "$V" --deal "$TMP/deals3.jsonl" --solution "$TMP/badtext.txt"
expect_rc badtext 65
expect_in "$TMP/badtext.err" "$TMP/badtext.txt:2: "
# Hand-made deals match hand-made solutions in order.
echo "$handmade" >"$TMP/hm.jsonl"
run hmsol "$S" -j 1 "$TMP/hm.jsonl"
expect_in "$TMP/hmsol.out" '"game":"fourteen-out","options"'
cat "$TMP/hmsol.out" "$TMP/hmsol.out" >"$TMP/hm2.jsonl"
run hmone "$V" --deal "$TMP/hm.jsonl" --solution "$TMP/hm2.jsonl"
expect_rc hmone 65
expect_in "$TMP/hmone.err" "solution 2 (fourteen-out (hand-made)): it is hand-made solution 2, but $TMP/hm.jsonl holds 1 hand-made deal"
cat "$TMP/hm.jsonl" "$TMP/hm.jsonl" >"$TMP/hmdeals.jsonl"
run hmtwo "$V" --deal "$TMP/hmdeals.jsonl" --solution "$TMP/hm2.jsonl"
[ "$RC" = 0 ] || [ "$RC" = 1 ] || expect_rc hmtwo "0 or 1"
expect_lines "$TMP/hmtwo.out" 2
expect_in "$TMP/hmtwo.out" "fourteen-out (hand-made): "
# Empty inputs are fine: nothing to do.
: >"$TMP/empty"
run empty "$S" -j 2 "$TMP/empty"
expect_rc empty 0
[ ! -s "$TMP/empty.out" ] || fail "no deals, but output"
pass
run vempty "$V" --deal "$TMP/empty" --solution "$TMP/empty"
expect_rc vempty 0

done_ok
