# talon-book's errors: a clear message, the documented exit status, no file.
source "$(dirname "$0")/lib/common.bash"

B="$BIN/talon-book"
out="$TMP/book.pdf"
mkdir "$TMP/nofonts"
run nofont env TALON_FONT_DIR="$TMP/nofonts" "$B" --game fourteen-out --count 2 -o "$out"
expect_rc nofont 74
expect_in "$TMP/nofont.err" "fonts-dejavu-core"
expect_no_file "$out"
run unwritable "$B" --game fourteen-out --count 2 -o "$TMP/missing/book.pdf"
expect_rc unwritable 74
expect_no_file "$TMP/missing/book.pdf"
run jsonl "$B" --game fourteen-out --count 2 -o "$out" --jsonl "$TMP/missing/book.jsonl"
expect_rc jsonl 74
expect_no_file "$out"
printf '{"paper": "a4", "gutter": 5}\n' >"$TMP/bad.json"
run template "$B" --game fourteen-out --count 2 --template "$TMP/bad.json" -o "$out"
expect_rc template 65
expect_in "$TMP/template.err" "gutter: unknown key"
expect_no_file "$out"
run title "$B" --game fourteen-out --count 2 --title $'Fun \xE6\xBC\xA2' -o "$out"
expect_rc title 65
expect_in "$TMP/title.err" "U+6F22"
expect_no_file "$out"
# A title outside ASCII (but in the font) reaches the document info intact.
run utitle "$B" --game fourteen-out --count 1 --title $'Patiences d\xC3\xA9t\xC3\xA9 \xE2\x80\x94 \xE2\x99\xA0' -o "$out"
expect_rc utitle 0
pdfinfo "$out" 2>/dev/null | grep -q $'^Title: *Patiences d\xC3\xA9t\xC3\xA9 \xE2\x80\x94 \xE2\x99\xA0$' || fail "non-ASCII title lost: $(pdfinfo "$out" 2>&1 | grep Title)"
qpdf --check "$out" >/dev/null || fail "qpdf --check failed on the non-ASCII title"
rm -f "$out"
# The games are a list without repeats (the list talon-stats reads too).
run twice "$B" --game fifteen,thirteens,fifteen --count 2 -o "$out"
expect_rc twice 2
expect_in "$TMP/twice.err" "talon-book: error: --game: 'fifteen' is given twice"
expect_no_file "$out"
run scan "$B" --game fourteen-out --count 5 --max-scan 3 -o "$out"
expect_rc scan 3
expect_in "$TMP/scan.err" "--max-scan"
expect_no_file "$out"
for args in "--count 0" "--count x" "--per-page 3" "--solutions front" "--game nosuchgame"; do
  # shellcheck disable=SC2086
  run usage "$B" --game fourteen-out --count 2 $args -o "$out"
  expect_rc usage 2
  expect_no_file "$out"
done
run noout "$B" --game fourteen-out --count 2
expect_rc noout 2
done_ok
