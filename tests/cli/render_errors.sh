# talon-render's errors: each has a clear message, its documented exit
# status, and leaves no output file (nor a temporary one) behind.
source "$(dirname "$0")/lib/common.bash"

R="$BIN/talon-render"
out="$TMP/out.pdf"

# A missing font: exit 74, says which package to install.
mkdir "$TMP/nofonts"
run nofont env TALON_FONT_DIR="$TMP/nofonts" "$R" --game fourteen-out --deal 1 -o "$out"
expect_rc nofont 74
expect_in "$TMP/nofont.err" "talon-render: error: "
expect_in "$TMP/nofont.err" "fonts-dejavu-core"
expect_in "$TMP/nofont.err" "$TMP/nofonts"
expect_no_file "$out"

# An output path that cannot be written: exit 74, naming it.
run unwritable "$R" --game fourteen-out --deal 1 -o "$TMP/no/such/dir/out.pdf"
expect_rc unwritable 74
expect_in "$TMP/unwritable.err" "$TMP/no/such/dir/out.pdf"
expect_no_file "$TMP/no/such/dir/out.pdf"
chmod 555 "$TMP/nofonts"
if [ "$(id -u)" != 0 ]; then
  run readonly "$R" --game fourteen-out --deal 1 -o "$TMP/nofonts/out.pdf"
  expect_rc readonly 74
  expect_no_file "$TMP/nofonts/out.pdf"
fi

# Templates: an unknown key, a bad value, content that does not fit: exit 65,
# naming the file, the line (when one key is to blame) and the key.
template_error() {
  local name=$1 json=$2 where=$3 text=$4
  printf '%s\n' "$json" >"$TMP/$name.json"
  run "$name" "$R" --game fourteen-out --deal 1 --template "$TMP/$name.json" -o "$out"
  expect_rc "$name" 65
  expect_in "$TMP/$name.err" "talon-render: error: $TMP/$name.json$where"
  expect_in "$TMP/$name.err" "$text"
  expect_no_file "$out"
}
template_error unknownkey '{"paper": "a4", "colour": {"red": "#ff0000"}}' ":1: " "colour: unknown key"
template_error badvalue '{"deals_per_page": 3}' ":1: " "deals_per_page: 3 is not one of 1, 2, 4"
template_error badcolour '{"colours": {"red": "crimson"}}' ":1: " "colours.red: 'crimson' is not a colour"
template_error margins '{"margins_mm": 120}' ": " "the margins leave"
template_error toosmall '{"paper": "60x60mm", "margins_mm": 2, "card_width_mm": 20, "min_card_width_mm": 20}' ": " "does not fit"
template_error notjson '{"paper": ' ":2: " "not valid JSON"
template_error notobject '[1, 2]' ":1: " "a template is a JSON object"
#   On later lines: the line of the key, or of the JSON error.
template_error deepkey $'{\n  "name": "x",\n  "fonts": {\n    "text_pt": 9,\n    "title_pt": 200\n  }\n}' ":5: " \
  "fonts.title_pt: 200 is out of range (6 to 96)"
template_error paperline $'{\n  "name": "x",\n  "paper": "huge"\n}' ":3: " "paper: 'huge' is not a paper size"
template_error commaline $'{\n  "name": "x",\n  "fonts": {"text_pt": 9,}\n}' ":3: " "not valid JSON (column 26)"
# A template that cannot be read: exit 74, naming it (not a JSON error).
run notemplate "$R" --game fourteen-out --deal 1 --template "$TMP/missing.json" -o "$out"
expect_rc notemplate 74
expect_in "$TMP/notemplate.err" "cannot read the template '$TMP/missing.json': No such file or directory"
expect_no_file "$out"
run dirtemplate "$R" --game fourteen-out --deal 1 --template "$TMP" -o "$out"
expect_rc dirtemplate 74
expect_in "$TMP/dirtemplate.err" "cannot read the template '$TMP': Is a directory"
expect_no_file "$out"
run memtemplate "$R" --game fourteen-out --deal 1 --template /proc/self/mem -o "$out"
expect_rc memtemplate 74
expect_in "$TMP/memtemplate.err" "cannot read the template '/proc/self/mem': Input/output error"
expect_no_file "$out"
run endless "$R" --game fourteen-out --deal 1 --template /dev/zero -o "$out"
expect_rc endless 65
expect_in "$TMP/endless.err" "/dev/zero: a template is at most 1 MiB"
expect_no_file "$out"
# A paper too small for the tableau, found when laying out: exit 65.
run tinypaper "$R" --game triple-fourteens --deal 1 --sheet layout --paper 80x90mm -o "$out"
expect_rc tinypaper 65
expect_in "$TMP/tinypaper.err" "does not fit"
expect_no_file "$out"

# The shipped templates are found beside the executable (PREFIX/bin and
# PREFIX/share/talon/templates, as installed), or in $TALON_TEMPLATE_DIR;
# without them: exit 74, naming the place looked in.
templates=$(cd "$DATA/../../templates" && pwd)
mkdir -p "$TMP/prefix/bin" "$TMP/prefix/share/talon" "$TMP/lone"
cp "$R" "$TMP/prefix/bin/" && cp "$R" "$TMP/lone/"
cp -r "$templates" "$TMP/prefix/share/talon/templates"
"$R" --game thirteens --deal 4 --sheet layout -o "$TMP/here.pdf"
run prefixed "$TMP/prefix/bin/talon-render" --game thirteens --deal 4 --sheet layout -o "$TMP/prefixed.pdf"
expect_rc prefixed 0
cmp -s "$TMP/here.pdf" "$TMP/prefixed.pdf" || fail "the installed layout prints differently"
run lone "$TMP/lone/talon-render" --game thirteens --deal 4 --sheet layout -o "$out"
expect_rc lone 74
expect_in "$TMP/lone.err" "cannot find the shipped template '$TMP/lone/../share/talon/templates/a4-1.json'"
expect_in "$TMP/lone.err" "TALON_TEMPLATE_DIR"
expect_no_file "$out"
run lonedir env TALON_TEMPLATE_DIR="$templates" "$TMP/lone/talon-render" --game thirteens --deal 4 --sheet layout -o "$TMP/lone.pdf"
expect_rc lonedir 0
cmp -s "$TMP/here.pdf" "$TMP/lone.pdf" || fail "TALON_TEMPLATE_DIR's templates print differently"
# --template FILE needs no shipped template.
run lonefile "$TMP/lone/talon-render" --game thirteens --deal 4 --sheet layout --template "$templates/a4-2.json" -o "$TMP/lonefile.pdf"
expect_rc lonefile 0

# An unsolvable deal has no solution sheet: exit 1 (its layout still prints).
"$BIN/talon-solve" --game fourteen-out --deals 1-200 -j 1 >"$TMP/sols.jsonl" || true  # 1: some unsolvable
n=$(jq -r 'select(.result == "unsolvable") | .deal' "$TMP/sols.jsonl" | head -n 1)
[ -n "$n" ] || fail "no unsolvable fourteen-out deal among 1-200"
run unsolvable "$R" --game fourteen-out --deal "$n" -o "$out"
expect_rc unsolvable 1
expect_in "$TMP/unsolvable.err" "fourteen-out#$n is unsolvable"
expect_no_file "$out"
run unsolvable.layout "$R" --game fourteen-out --deal "$n" --sheet layout -o "$out"
expect_rc unsolvable.layout 0
rm -f "$out"
# A search stopped by its limit: exit 3.
run limit "$R" --game triple-fourteens --deal 1 --max-nodes 1 -o "$out"
if [ "$RC" = 3 ]; then
  expect_in "$TMP/limit.err" "limit"
  expect_no_file "$out"
fi
rm -f "$out"
# A solution that belongs to another deal: exit 65.
"$BIN/talon-deal" --game fourteen-out --deal 1 >"$TMP/d1.jsonl"
jq -c 'select(.deal == 2)' "$TMP/sols.jsonl" >"$TMP/other.jsonl"
run wrongsolution "$R" "$TMP/d1.jsonl" --solution "$TMP/other.jsonl" -o "$out"
expect_rc wrongsolution 65
expect_in "$TMP/wrongsolution.err" "no solution for fourteen-out#1"
expect_no_file "$out"

# Usage errors: exit 2.
for args in "--sheet poster" "--colours rainbow" "--paper huge" "--dpi 5" "--format gif"; do
  # shellcheck disable=SC2086
  run usage "$R" --game fourteen-out --deal 1 $args -o "$out"
  expect_rc usage 2
  expect_no_file "$out"
done
run nogame "$R" --deal 1 -o "$out"
expect_rc nogame 2
expect_no_file "$out"
run ext "$R" --game fourteen-out --deal 1 -o "$TMP/out.doc"
expect_rc ext 2
expect_in "$TMP/ext.err" ".pdf, .png or .svg"
done_ok
