# talon-book's controls: game options, chosen deals (--deals, --deal-file),
# --interleave, the answer key (--solutions separate --answers), the front
# matter (--subtitle, --author, --intro), --pad-to, and solving that gives
# the same book at every thread count.
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/pdf.bash"

B="$BIN/talon-book"
# deal_list JSONL: "game#deal game#deal ..." of the deal lines of a book's JSON Lines.
deal_list() { jq -r 'select(.format == "talon-deal/1") | "\(.game)#\(.deal)"' "$1" | tr '\n' ' '; }
# page_of PDF TEXT [FROM]: the first page from FROM (default 1) whose text holds TEXT.
page_of() {
  local pages k
  pages=$(pdfinfo "$1" | awk '/^Pages:/ { print $2 }')
  for k in $(seq "${3:-1}" "$pages"); do
    if pdftotext -f "$k" -l "$k" "$1" - 2>/dev/null | grep -qF -- "$2"; then echo "$k"; return; fi
  done
  echo 0
}
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }

# --help names every option.
run help "$B" --help
expect_rc help 0
for opt in --game --count --from --deals --deal-file --option --interleave --per-page --paper --solutions \
  --answers --title --subtitle --author --intro --pad-to --output --jsonl --colours --template --large-print \
  --threads --max-nodes --max-seconds --max-memory --max-scan separate; do
  expect_in "$TMP/help.out" -- "$opt"
done

# --option: each game takes the options it has; one no game has is a usage error.
run opt "$B" --game fifteen,thirteens --count 2 --option slots=15 -o "$TMP/opt.pdf" --jsonl "$TMP/opt.jsonl"
expect_rc opt 0
[ "$(jq -c 'select(.format == "talon-deal/1") | [.game, .options]' "$TMP/opt.jsonl" | tr '\n' ' ')" = \
  '["fifteen",{}] ["thirteens",{"slots":15}] ' ] || fail "--option: $(cat "$TMP/opt.jsonl" | head -c 300)"
pass
expect_in <(pdf_text "$TMP/opt.pdf") "thirteens#1 (slots=15)"
run optbad "$B" --game fifteen,take-ten --count 2 --option slots=15 -o "$TMP/optbad.pdf"
expect_rc optbad 2
expect_in "$TMP/optbad.err" "--option: no game chosen has an option 'slots' (fifteen has none; take-ten has none)"
expect_no_file "$TMP/optbad.pdf"

# --deals LIST: those deals, in the order listed, each proved winnable.
"$BIN/talon-solve" --game fourteen-out --deals 1-40 -j 1 >"$TMP/fo.sols" || true  # 1: some unsolvable
read -r w1 w2 w3 w4 <<<"$(jq -r 'select(.result == "solved") | .deal' "$TMP/fo.sols" | head -n 4 | tr '\n' ' ')"
lost=$(jq -r 'select(.result == "unsolvable") | .deal' "$TMP/fo.sols" | head -n 1)
[ -n "$w4" ] && [ -n "$lost" ] || fail "fourteen-out 1-40: not enough deals of each kind"
run list "$B" --game fourteen-out --deals "$w3,$w1,$w2-$w2" -o "$TMP/list.pdf" --jsonl "$TMP/list.jsonl"
expect_rc list 0
[ "$(deal_list "$TMP/list.jsonl")" = "fourteen-out#$w3 fourteen-out#$w1 fourteen-out#$w2 " ] ||
  fail "--deals: the book holds $(deal_list "$TMP/list.jsonl")"
pass
pdf_text "$TMP/list.pdf" >"$TMP/list.txt"
expect_in "$TMP/list.txt" "1. fourteen-out#$w3"
expect_in "$TMP/list.txt" "3. fourteen-out#$w2"
expect_in "$TMP/list.txt" "Fourteen Out: 3 winnable deals"
"$BIN/talon-verify" "$TMP/list.jsonl" >"$TMP/list.verify"
[ "$(grep -c ': ok (' "$TMP/list.verify")" = 3 ] || fail "talon-verify: $(cat "$TMP/list.verify")"
pass
#   A range, and the list syntax's errors.
run range "$B" --game fourteen-out --deals "$w4-$((w4 + 0))" -o "$TMP/range.pdf"
expect_rc range 0
for bad in "1,,2" "3-1" "x" "1,2,1" ","; do
  run listbad "$B" --game fourteen-out --deals "$bad" -o "$TMP/listbad.pdf"
  expect_rc listbad 2
  expect_in "$TMP/listbad.err" "--deals: "
  expect_no_file "$TMP/listbad.pdf"
done
expect_in "$TMP/listbad.err" "has an empty item"
run listtwo "$B" --game fourteen-out,fifteen --deals 1 -o "$TMP/listbad.pdf"
expect_rc listtwo 2
expect_in "$TMP/listtwo.err" "--deals: one game at a time"
#   A listed deal that is not proved winnable stops the tool, naming it, and nothing is written.
run lost "$B" --game fourteen-out --deals "$w1,$lost" --solutions separate --answers "$TMP/lost-key.pdf" \
  -o "$TMP/lost.pdf" --jsonl "$TMP/lost.jsonl"
expect_rc lost 1
expect_in "$TMP/lost.err" "talon-book: error: fourteen-out#$lost is unsolvable; a book holds only deals proved winnable"
for f in lost.pdf lost-key.pdf lost.jsonl; do expect_no_file "$TMP/$f"; done
run unknown "$B" --game triple-fourteens --deals 1 --max-nodes 10 -o "$TMP/unknown.pdf"
expect_rc unknown 3
expect_in "$TMP/unknown.err" "triple-fourteens#1 was not decided within the search limits; raise --max-nodes"
expect_no_file "$TMP/unknown.pdf"
#   The solver's other limits: --max-seconds stops a search (klondike#1 is
#   unsolvable when searched to the end), --max-memory is checked.
run unsolved "$B" --game klondike --deals 1 --max-nodes 0 -o "$TMP/unknown.pdf"
expect_rc unsolved 1
run seconds "$B" --game klondike --deals 1 --max-nodes 0 --max-seconds 0.000001 -o "$TMP/unknown.pdf"
expect_rc seconds 3
expect_in "$TMP/seconds.err" "klondike#1 was not decided within the search limits"
run memory "$B" --game fifteen --count 1 --max-memory 1K -j 1 -o "$TMP/unknown.pdf"
expect_rc memory 2
expect_in "$TMP/memory.err" "--max-memory: 1K is too small"
expect_no_file "$TMP/unknown.pdf"

# --deal-file: any games and options, in the file's order, e.g. from talon-deal --solvable.
{
  "$BIN/talon-deal" --game fifteen --deal 1 --solvable --count 2
  "$BIN/talon-deal" --game thirteens --option slots=15 --deal 1 --solvable --count 2
  "$BIN/talon-deal" --game fifteen --deal 100 --solvable
} >"$TMP/mixed.jsonl"
want=$(jq -r '"\(.game)#\(.deal)"' "$TMP/mixed.jsonl" | tr '\n' ' ')
run file "$B" --deal-file "$TMP/mixed.jsonl" -o "$TMP/file.pdf" --jsonl "$TMP/file.jsonl"
expect_rc file 0
[ "$(deal_list "$TMP/file.jsonl")" = "$want" ] || fail "--deal-file: $(deal_list "$TMP/file.jsonl"), want $want"
pass
jq -c 'select(.format == "talon-deal/1")' "$TMP/file.jsonl" | cmp -s - "$TMP/mixed.jsonl" || fail "--deal-file changed the deals"
pass
#   A book's own attached file (deals and solutions mixed) makes the same book again.
pdfdetach -save 1 -o "$TMP/attached.jsonl" "$TMP/file.pdf" 2>/dev/null
run again "$B" --deal-file "$TMP/attached.jsonl" -o "$TMP/again.pdf"
expect_rc again 0
cmp -s "$TMP/file.pdf" "$TMP/again.pdf" || fail "a book made from its own attachment differs"
pass
#   From standard input; errors name FILE:LINE.
run stdin "$B" --deal-file - -o "$TMP/stdin.pdf" <"$TMP/mixed.jsonl"
expect_rc stdin 0
cmp -s "$TMP/file.pdf" "$TMP/stdin.pdf" || fail "--deal-file - differs from the file"
pass
{ cat "$TMP/mixed.jsonl"; "$BIN/talon-deal" --game fourteen-out --deal "$lost"; } >"$TMP/lost.jsonl"
run filelost "$B" --deal-file "$TMP/lost.jsonl" -o "$TMP/filelost.pdf"
expect_rc filelost 1
expect_in "$TMP/filelost.err" "talon-book: error: $TMP/lost.jsonl:6: fourteen-out#$lost is unsolvable"
expect_no_file "$TMP/filelost.pdf"
{ head -n 2 "$TMP/mixed.jsonl"; echo '{"format":"talon-deal/1","game":"fifteen","deal":1,"oops":1}'; } >"$TMP/bad.jsonl"
run filebad "$B" --deal-file "$TMP/bad.jsonl" -o "$TMP/filebad.pdf"
expect_rc filebad 65
expect_in "$TMP/filebad.err" "$TMP/bad.jsonl:3: "
expect_no_file "$TMP/filebad.pdf"
run filemissing "$B" --deal-file "$TMP/none.jsonl" -o "$TMP/filebad.pdf"
expect_rc filemissing 74
expect_in "$TMP/filemissing.err" "cannot open '$TMP/none.jsonl'"
run fileempty "$B" --deal-file /dev/null -o "$TMP/filebad.pdf"
expect_rc fileempty 65
run filegame "$B" --deal-file "$TMP/mixed.jsonl" --game fifteen -o "$TMP/filebad.pdf"
expect_rc filegame 2
run twosources "$B" --game fifteen --count 2 --deals 1 -o "$TMP/filebad.pdf"
expect_rc twosources 2
expect_in "$TMP/twosources.err" "give exactly one of --count N, --deals LIST and --deal-file FILE"
expect_no_file "$TMP/filebad.pdf"

# --interleave: the games take turns (in the order given; a game with fewer drops out).
run grouped "$B" --game fifteen,thirteens,take-ten --count 5 -o "$TMP/grouped.pdf" --jsonl "$TMP/grouped.jsonl"
run inter "$B" --game fifteen,thirteens,take-ten --count 5 --interleave -o "$TMP/inter.pdf" --jsonl "$TMP/inter.jsonl"
expect_rc inter 0
read -r f1 f2 t1 t2 k1 <<<"$(deal_list "$TMP/grouped.jsonl")"
[ "$(deal_list "$TMP/inter.jsonl")" = "$f1 $t1 $k1 $f2 $t2 " ] || fail "--interleave: $(deal_list "$TMP/inter.jsonl")"
pass
pdf_text "$TMP/inter.pdf" >"$TMP/inter.txt"
for e in "1. $f1" "2. $t1" "3. $k1" "4. $f2" "5. $t2"; do expect_in "$TMP/inter.txt" "$e"; done
run interfile "$B" --deal-file "$TMP/mixed.jsonl" --interleave -o "$TMP/interfile.pdf" --jsonl "$TMP/interfile.jsonl"
read -r m1 m2 m3 m4 m5 <<<"$want"
[ "$(deal_list "$TMP/interfile.jsonl")" = "$m1 $m3 $m2 $m4 $m5 " ] || fail "--interleave with a file: $(deal_list "$TMP/interfile.jsonl")"
pass

# The same book at every thread count, scanning or proving. (Klondike after
# another game: its searches are long enough to see a stop flag left raised
# by the first game's scan.)
for j in 1 2; do
  run j$j "$B" --game fourteen-out,thirteens --count 8 --from 3 -j $j -o "$TMP/j$j.pdf"
  expect_rc j$j 0
  run k$j "$B" --game fifteen,klondike --count 4 --max-scan 20 -j $j -o "$TMP/k$j.pdf"
  expect_rc k$j 0
  run lj$j "$B" --deal-file "$TMP/mixed.jsonl" -j $j -o "$TMP/lj$j.pdf"
done
cmp -s "$TMP/j1.pdf" "$TMP/j2.pdf" || fail "--count: -j 1 and -j 2 gave different books"
cmp -s "$TMP/k1.pdf" "$TMP/k2.pdf" || fail "--count with klondike: -j 1 and -j 2 gave different books"
cmp -s "$TMP/lj1.pdf" "$TMP/lj2.pdf" || fail "--deal-file: -j 1 and -j 2 gave different books"
pass

# --solutions separate --answers: the key is a PDF of its own; each answer is
# headed with the deal's number and name and its page in the book, and the
# book says where each answer is.
run sep "$B" --game fifteen,thirteens --count 4 --solutions separate --answers "$TMP/key.pdf" \
  -o "$TMP/sep.pdf" --jsonl "$TMP/sep.jsonl"
expect_rc sep 0
expect_good_pdf key "$TMP/key.pdf"
pdftotext -f 1 -l 1 "$TMP/key.pdf" - | tr '\n' ' ' >"$TMP/key1.txt"
expect_in "$TMP/key1.txt" "Answers"
expect_in "$TMP/key1.txt" "Patience: 4 winnable deals"
pdfinfo "$TMP/key.pdf" | grep -Eq '^Title: +Answers: Patience: 4 winnable deals$' || fail "the key's title"
pass
pdf_text "$TMP/sep.pdf" | tr '\n' ' ' >"$TMP/sep.txt"
expect_not_in "$TMP/sep.txt" "deal on page"
expect_in "$TMP/sep.txt" "its solution is in the answer key, under the deal's number."
k=0
for name in $(deal_list "$TMP/sep.jsonl"); do
  k=$((k + 1))
  p=$(page_of "$TMP/sep.pdf" "$k. $name" 3)  # after the cover and the contents
  [ "$p" -gt 2 ] || fail "deal $k. $name is not in the book"
  pdftotext -f "$p" -l "$p" "$TMP/sep.pdf" - | tr '\n' ' ' | grep -qF "answer $k in the key" || fail "the book's page $p does not say 'answer $k in the key'"
  q=$(page_of "$TMP/key.pdf" "$k. $name")
  [ "$q" -gt 1 ] || fail "answer $k. $name is not in the key"
  pdftotext -f "$q" -l "$q" "$TMP/key.pdf" - | tr '\n' ' ' | grep -qF "deal on page $p of the book" || fail "answer $k does not say 'deal on page $p of the book'"
  pass
done
pdfdetach -save 1 -o /dev/stdout "$TMP/sep.pdf" 2>/dev/null | "$BIN/talon-verify" - >"$TMP/sep.verify"
[ "$(grep -c ': ok (' "$TMP/sep.verify")" = 4 ] || fail "talon-verify on the separate book: $(cat "$TMP/sep.verify")"
pass
#   Both files or neither.
run sepneeds "$B" --game fifteen --count 1 --solutions separate -o "$TMP/x.pdf"
expect_rc sepneeds 2
expect_in "$TMP/sepneeds.err" "--solutions separate needs --answers FILE"
run seponly "$B" --game fifteen --count 1 --answers "$TMP/k.pdf" -o "$TMP/x.pdf"
expect_rc seponly 2
run sepsame "$B" --game fifteen --count 1 --solutions separate --answers "$TMP/x.pdf" -o "$TMP/x.pdf"
expect_rc sepsame 2
run sepdir "$B" --game fifteen --count 1 --solutions separate --answers "$TMP/no/dir/k.pdf" -o "$TMP/x.pdf"
expect_rc sepdir 74
expect_no_file "$TMP/x.pdf"
if [ -w /dev/full ]; then
  echo old >"$TMP/x.pdf"
  run sepfull "$B" --game fifteen --count 1 --solutions separate --answers /dev/full -o "$TMP/x.pdf"
  expect_rc sepfull 74
  expect_in "$TMP/sepfull.err" "cannot write '/dev/full': No space left on device"
  [ "$(cat "$TMP/x.pdf")" = old ] || fail "the book was replaced though its answer key could not be written"
  expect_no_temp "$TMP/x.pdf"
  run jsonlfull "$B" --game fifteen --count 1 --jsonl /dev/full -o "$TMP/x.pdf"
  expect_rc jsonlfull 74
  [ "$(cat "$TMP/x.pdf")" = old ] || fail "the book was replaced though --jsonl could not be written"
  rm "$TMP/x.pdf"
fi

#   Interrupted while solving: 143, none of the three files written, no temporary file left.
run term timeout --preserve-status -k 30 -s TERM 1 "$B" --game klondike --count 10000 -j 2 \
  --solutions separate --answers "$TMP/tkey.pdf" -o "$TMP/tbook.pdf" --jsonl "$TMP/tbook.jsonl"
expect_rc term 143
for f in tkey.pdf tbook.pdf tbook.jsonl; do expect_no_file "$TMP/$f"; done

# Front matter: subtitle and author on the cover (the author in the PDF's
# info too), the intro on the back of the cover.
printf 'These deals were chosen for a long\nweekend by the sea.\n\n\tPlay them in any order: \xe2\x99\xa0 each can be won.\n' >"$TMP/intro.txt"
run front "$B" --game take-ten --count 2 --subtitle "Puzzles for a rainy week" --author $'Ana \xC3\x87elik' \
  --intro "$TMP/intro.txt" -o "$TMP/front.pdf"
expect_rc front 0
expect_good_pdf front "$TMP/front.pdf"
pdftotext -f 1 -l 1 "$TMP/front.pdf" - >"$TMP/front1.txt"
expect_in "$TMP/front1.txt" "Puzzles for a rainy week"
expect_in "$TMP/front1.txt" $'Ana \xC3\x87elik'
pdfinfo "$TMP/front.pdf" | grep -q $'^Author: *Ana \xC3\x87elik$' || fail "no author in the document info"
pass
pdftotext -f 2 -l 2 "$TMP/front.pdf" - >"$TMP/front2.txt"
expect_in "$TMP/front2.txt" "These deals were chosen for a long weekend by the sea."
expect_in "$TMP/front2.txt" $'Play them in any order: \xe2\x99\xa0 each can be won.'
expect_in <(pdftotext -f 3 -l 3 "$TMP/front.pdf" -) "Contents"
run nofront "$B" --game take-ten --count 2 -o "$TMP/nofront.pdf"
[ "$(pages "$TMP/front.pdf")" = $(($(pages "$TMP/nofront.pdf") + 1)) ] || fail "the intro is not one page more"
pass
#   An intro the font cannot print (named by file:line), one too long, one unreadable.
printf 'Fine.\n\nNot \xe6\xbc\xa2 fine.\n' >"$TMP/han.txt"
run han "$B" --game take-ten --count 1 --intro "$TMP/han.txt" -o "$TMP/han.pdf"
expect_rc han 65
expect_in "$TMP/han.err" "talon-book: error: $TMP/han.txt:3: the font "
expect_in "$TMP/han.err" "U+6F22"
expect_no_file "$TMP/han.pdf"
for i in $(seq 1 300); do echo "A line of the maker's words that goes on for a while, line $i."; done >"$TMP/long.txt"
run long "$B" --game take-ten --count 1 --intro "$TMP/long.txt" -o "$TMP/long.pdf"
expect_rc long 65
expect_in "$TMP/long.err" "$TMP/long.txt: the introduction does not fit its page"
expect_no_file "$TMP/long.pdf"
run introdir "$B" --game take-ten --count 1 --intro "$TMP" -o "$TMP/long.pdf"
expect_rc introdir 74
run blank "$B" --game take-ten --count 1 --intro /dev/null -o "$TMP/long.pdf"
expect_rc blank 65
expect_no_file "$TMP/long.pdf"
run subhan "$B" --game take-ten --count 1 --subtitle $'\xe6\xbc\xa2' -o "$TMP/long.pdf"
expect_rc subhan 65
expect_in "$TMP/subhan.err" "--subtitle: "

# --pad-to 4: blank pages at the end make a multiple of 4, in the book and the key.
for per in 1 2 4; do
  run nopad "$B" --game fifteen,take-ten --count 5 --per-page $per -o "$TMP/nopad.pdf"
  run pad "$B" --game fifteen,take-ten --count 5 --per-page $per --pad-to 4 -o "$TMP/pad.pdf"
  expect_rc pad 0
  n=$(pages "$TMP/nopad.pdf")
  m=$(pages "$TMP/pad.pdf")
  [ $((m % 4)) = 0 ] && [ "$m" -ge "$n" ] && [ $((m - n)) -lt 4 ] || fail "--pad-to 4: $n pages became $m"
  for k in $(seq $((n + 1)) "$m"); do
    [ -z "$(pdftotext -f "$k" -l "$k" "$TMP/pad.pdf" - | tr -d ' \n\f')" ] || fail "padding page $k is not blank"
  done
  expect_in <(pdftotext -f "$n" -l "$n" "$TMP/pad.pdf" -) "page $n of $n"
done
run padkey "$B" --game fifteen --count 3 --solutions separate --answers "$TMP/padkey.pdf" --pad-to 4 -o "$TMP/padbook.pdf"
expect_rc padkey 0
[ $(($(pages "$TMP/padkey.pdf") % 4)) = 0 ] && [ $(($(pages "$TMP/padbook.pdf") % 4)) = 0 ] || fail "--pad-to 4 with a key"
pass
run pad0 "$B" --game fifteen --count 1 --pad-to 0 -o "$TMP/pad0.pdf"
expect_rc pad0 2
expect_no_file "$TMP/pad0.pdf"
done_ok
