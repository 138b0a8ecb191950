# talon-book: a booklet that qpdf accepts, with its fonts embedded, pages
# numbered, contents and bookmarks, document info, the deals and solutions
# attached as JSON Lines that talon-verify accepts, and the same bytes on
# every run.
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/pdf.bash"

B="$BIN/talon-book"
book="$TMP/book.pdf"
run book "$B" --game fourteen-out,thirteens --count 6 --from 5 --title "Test book" -o "$book" --jsonl "$TMP/book.jsonl"
expect_rc book 0
expect_good_pdf book "$book"
[ ! -s "$TMP/book.err" ] || fail "talon-book wrote to stderr though it is not a terminal: $(cat "$TMP/book.err")"
pass

pdfinfo "$book" >"$TMP/info" 2>/dev/null
grep -Eq "^Title: +Test book$" "$TMP/info" || fail "no title in the document info"
grep -Eq "^Subject: +6 winnable patience deals: Fourteen Out and Thirteens$" "$TMP/info" || fail "no subject in the document info"
pages=$(awk '/^Pages:/ { print $2 }' "$TMP/info")
pdf_text "$book" >"$TMP/book.txt"
for k in $(seq 1 "$pages"); do expect_in "$TMP/book.txt" "page $k of $pages"; done
expect_in "$TMP/book.txt" "Contents"
expect_in "$TMP/book.txt" "Solutions"
expect_in "$TMP/book.txt" "deal on page"
# Three deals of each game, the smallest winnable numbers from 5 up.
[ "$(grep -c '"format":"talon-deal/1"' "$TMP/book.jsonl")" = 6 ] || fail "book.jsonl does not hold 6 deals"
pass
for game in fourteen-out thirteens; do
  "$BIN/talon-solve" --game "$game" --deals 5-200 -j 1 >"$TMP/$game.sols" || true  # 1: some unsolvable
  want=$(jq -r 'select(.result == "solved") | .deal' "$TMP/$game.sols" | head -n 3 | tr '\n' ' ')
  got=$(jq -r "select(.format == \"talon-deal/1\" and .game == \"$game\") | .deal" "$TMP/book.jsonl" | tr '\n' ' ')
  [ "$want" = "$got" ] || fail "$game: the book has deals $got, the first winnable from 5 are $want"
  pass
  for n in $got; do expect_in "$TMP/book.txt" "$game#$n"; done
done
# Links and bookmarks.
qpdf --qdf --object-streams=disable "$book" "$TMP/book.qdf"
grep -aq "/Subtype /Link" "$TMP/book.qdf" || fail "no links in the contents"
grep -aq "/Outlines" "$TMP/book.qdf" || fail "no bookmarks"
pass

# The attachment is the --jsonl file, and talon-verify accepts it. qpdf
# finds it as a proper file specification (/Type /Filespec) under its own
# name, with no warning.
qpdf --check "$book" >"$TMP/check.out" 2>&1 || fail "qpdf --check failed: $(cat "$TMP/check.out")"
expect_not_in "$TMP/check.out" "WARNING"
run list qpdf --list-attachments "$book"
expect_rc list 0
grep -q "^talon-book.jsonl -> " "$TMP/list.out" || fail "qpdf lists no talon-book.jsonl: $(cat "$TMP/list.out")"
run show qpdf --show-attachment=talon-book.jsonl "$book"
expect_rc show 0
cmp -s "$TMP/show.out" "$TMP/book.jsonl" || fail "qpdf --show-attachment differs from --jsonl"
expect_not_in "$TMP/show.err" "WARNING"
run verify_show "$BIN/talon-verify" "$TMP/show.out"
expect_rc verify_show 0
pdfdetach -list "$book" >"$TMP/attach.list" 2>/dev/null
expect_in "$TMP/attach.list" "talon-book.jsonl"
pdfdetach -save 1 -o "$TMP/attached.jsonl" "$book" 2>/dev/null
cmp -s "$TMP/attached.jsonl" "$TMP/book.jsonl" || fail "the attached file differs from --jsonl"
pass
# The mixed file checks in one command: straight from the PDF, and as both files.
pdfdetach -save 1 -o /dev/stdout "$book" 2>/dev/null | "$BIN/talon-verify" - >"$TMP/verify.out"
[ "$(grep -c ': ok (' "$TMP/verify.out")" = 6 ] || fail "talon-verify - did not say ok 6 times: $(cat "$TMP/verify.out")"
run verify "$BIN/talon-verify" --deal "$TMP/attached.jsonl" --solution "$TMP/attached.jsonl"
expect_rc verify 0
[ "$(grep -c ': ok (' "$TMP/verify.out")" = 6 ] || fail "talon-verify did not say ok 6 times: $(cat "$TMP/verify.out")"
# A solution with its first move dropped, in the mixed file, is caught.
sed '0,/"moves":\[{[^}]*},/s//"moves":[/' "$TMP/attached.jsonl" >"$TMP/tampered.jsonl"
cmp -s "$TMP/tampered.jsonl" "$TMP/attached.jsonl" && fail "the tamper did not change the file"
run verify "$BIN/talon-verify" "$TMP/tampered.jsonl"
expect_rc verify 1
grep -Eq ": (step [0-9]+: illegal|not won)" "$TMP/verify.out" || fail "tampered mixed file: $(cat "$TMP/verify.out")"
[ "$(grep -c ': ok (' "$TMP/verify.out")" = 5 ] || fail "tampered mixed file: $(cat "$TMP/verify.out")"
run verify "$BIN/talon-verify" "$TMP/attached.jsonl" --deal "$TMP/attached.jsonl"
expect_rc verify 2
pass

# Byte-identical reruns.
"$B" --game fourteen-out,thirteens --count 6 --from 5 --title "Test book" -o "$TMP/again.pdf"
cmp -s "$book" "$TMP/again.pdf" || fail "two runs gave different PDFs"
pass

# Solutions after each page, or none; four deals a page on Letter; every game.
run after "$B" --game take-ten --count 3 --solutions after -o "$TMP/after.pdf"
expect_rc after 0
expect_good_pdf after "$TMP/after.pdf"
run none "$B" --game fifteen --count 3 --solutions none -o "$TMP/none.pdf"
expect_rc none 0
expect_not_in <(pdf_text "$TMP/none.pdf") "deal on page"
run all "$B" --game fourteen-out,take-fourteen,triple-fourteens,thirteens,fifteen,take-ten --count 6 \
  --per-page 4 --paper letter --colours mono -o "$TMP/all.pdf"
expect_rc all 0
expect_good_pdf all "$TMP/all.pdf"
run large "$B" --game take-fourteen --count 2 --large-print -o "$TMP/large.pdf"
expect_rc large 0
expect_good_pdf large "$TMP/large.pdf"
done_ok
