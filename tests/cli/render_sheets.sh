# talon-render: for every game, a PDF that qpdf accepts, with DejaVu Sans
# embedded, whose text holds the deal name and every move of the solution;
# PNG and SVG output; byte-identical reruns; colour schemes; paper sizes.
source "$(dirname "$0")/lib/common.bash"
source "$(dirname "$0")/lib/pdf.bash"

R="$BIN/talon-render"
S="$BIN/talon-solve"

for game in $GAMES; do
  # The first solved deal among 1-40, and its solution in text form.
  "$S" --game "$game" --deals 1-40 -j 1 >"$TMP/$game.sol.jsonl" || true  # 1: some unsolvable
  n=$(jq -r 'select(.result == "solved") | .deal' "$TMP/$game.sol.jsonl" | head -n 1)
  [ -n "$n" ] || fail "$game: no solved deal among 1-40"
  # The solution printed is the one talon-solve gives (the same search limits
  # give the same moves), so that its text form can be looked for.
  "$S" --game "$game" --deals "$n" -j 1 >"$TMP/$game.one.jsonl"
  run "$game.pdf" "$R" --game "$game" --deal "$n" --solution "$TMP/$game.one.jsonl" -o "$TMP/$game.pdf"
  expect_rc "$game.pdf" 0
  expect_good_pdf "$game" "$TMP/$game.pdf"
  pdf_text "$TMP/$game.pdf" >"$TMP/$game.txt"
  expect_in "$TMP/$game.txt" "$game#$n"
  expect_in "$TMP/$game.txt" "page 1 of"
  # Every move, number and notation, as talon-solve prints it.
  "$S" --game "$game" --deals "$n" --format text -j 1 >"$TMP/$game.moves.txt"
  moves=0
  while IFS= read -r line; do
    case "$line" in
      [0-9]*.\ *)
        num=${line%%.*}
        notation=$(echo "${line#*. }" | tr -s ' ')
        grep -qF -- "$num. $notation" "$TMP/$game.txt" || fail "$game#$n: move '$num. $notation' is not in the PDF's text"
        moves=$((moves + 1))
        ;;
    esac
  done <"$TMP/$game.moves.txt"
  [ "$moves" -gt 0 ] || fail "$game#$n: no moves read"
  pass
done

# The same command gives the same bytes, for every format.
for ext in pdf png svg; do
  "$R" --game thirteens --deal 2 --sheet layout -o "$TMP/a.$ext" --dpi 40
  "$R" --game thirteens --deal 2 --sheet layout -o "$TMP/b.$ext" --dpi 40
  cmp -s "$TMP/a.$ext" "$TMP/b.$ext" || fail "$ext output differs between two runs"
  pass
done
head -c 8 "$TMP/a.png" | od -c | grep -q 'P   N   G' || fail "not a PNG"
expect_in "$TMP/a.svg" "<svg"
# SOURCE_DATE_EPOCH sets the PDF dates.
SOURCE_DATE_EPOCH=946684800 "$R" --game thirteens --deal 2 --sheet layout -o "$TMP/epoch.pdf"
pdfinfo "$TMP/epoch.pdf" >"$TMP/epoch.info" 2>/dev/null
expect_in "$TMP/epoch.info" "2000"
expect_in "$TMP/epoch.info" "thirteens#2"

# Deals from a file or stdin, a given solution, --format, paper and colours.
"$BIN/talon-deal" --game fourteen-out --deal 3 >"$TMP/deal.jsonl"
"$S" "$TMP/deal.jsonl" -j 1 >"$TMP/sol.jsonl" || true
if jq -e '.result == "solved"' "$TMP/sol.jsonl" >/dev/null; then
  run file "$R" "$TMP/deal.jsonl" --solution "$TMP/sol.jsonl" --format png --dpi 30 -o "$TMP/file.out"
  expect_rc file 0
  head -c 8 "$TMP/file.out" | od -c | grep -q 'P   N   G' || fail "--format png did not write a PNG"
fi
run stdin "$R" --sheet layout --paper letter --colours four -o "$TMP/stdin.pdf" <"$TMP/deal.jsonl"
expect_rc stdin 0
pdfinfo "$TMP/stdin.pdf" >"$TMP/stdin.info" 2>/dev/null
expect_in "$TMP/stdin.info" "612 x 792 pts"
for scheme in two four mono; do
  run "colours.$scheme" "$R" --game fifteen --deal 1 --sheet layout --colours "$scheme" --paper 200x250mm -o "$TMP/$scheme.pdf"
  expect_rc "colours.$scheme" 0
  expect_good_pdf "colours.$scheme" "$TMP/$scheme.pdf"
done
cmp -s "$TMP/two.pdf" "$TMP/mono.pdf" && fail "--colours mono made the same PDF as two"
pass
# A user's template.
cat >"$TMP/big.json" <<'JSON'
{"name": "big", "paper": "a4", "card_width_mm": 30, "fonts": {"title_pt": 30}, "footer": "{title} - {page}/{pages}"}
JSON
run template "$R" --game take-ten --deal 1 --sheet layout --template "$TMP/big.json" -o "$TMP/big.pdf"
expect_rc template 0
expect_in <(pdf_text "$TMP/big.pdf") "take-ten#1 - 1/"
# Try Again starts with empty heaps: the sheet must not say to deal cards into them.
run tryagain "$R" --game try-again --deal 1 --sheet layout -o "$TMP/tryagain.pdf"
expect_rc tryagain 0
pdf_text "$TMP/tryagain.pdf" >"$TMP/tryagain.txt"
expect_in "$TMP/tryagain.txt" "heaps start empty"
expect_not_in "$TMP/tryagain.txt" "Deal one card into each numbered place"
expect_in "$TMP/tryagain.txt" "Stock (52 cards)"
done_ok
