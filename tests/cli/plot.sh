# talon-stats --plot: PNG, SVG and PDF pictures of a survey that are valid
# files of the expected size; a merge draws the same picture as one run;
# a failed survey leaves no picture.
source "$(dirname "$0")/lib/common.bash"
S=$BIN/talon-stats
survey=(--game fourteen-out,carpet,thirteens --deals 1-400 --threads 1 --max-nodes 500)

run png "$S" "${survey[@]}" --per-deal "$TMP/all.csv" -o /dev/null --plot "$TMP/p.png"
expect_rc png 0
# PNG: the signature, then IHDR's width and height (big-endian) at bytes 16-23.
[ "$(head -c 8 "$TMP/p.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "p.png is not a PNG"
pass
width=$(od -An -tu1 -j16 -N4 "$TMP/p.png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
height=$(od -An -tu1 -j20 -N4 "$TMP/p.png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
[ "$width" = 1684 ] || fail "p.png is $width pixels wide, not 1684 (842 points at 144 dpi)"
pass
[ "$height" -gt 400 ] && [ "$height" -lt 1200 ] || fail "p.png is $height pixels high"
pass

run svg "$S" "${survey[@]}" -o /dev/null --plot "$TMP/p.svg"
expect_rc svg 0
xmllint --noout "$TMP/p.svg" || fail "p.svg does not parse as XML"
pass
expect_in "$TMP/p.svg" 'width="842pt"'
expect_in "$TMP/p.svg" "height=\"$((height / 2))pt\""

run pdf "$S" "${survey[@]}" -o /dev/null --plot "$TMP/p.pdf"
expect_rc pdf 0
pdfinfo "$TMP/p.pdf" >"$TMP/info" || fail "pdfinfo cannot read p.pdf"
grep -Eq "^Pages: +1$" "$TMP/info" || fail "p.pdf: $(grep Pages "$TMP/info")"
pass
grep -Eq "^Page size: +842 x $((height / 2)) pts$" "$TMP/info" || fail "p.pdf: $(grep 'Page size' "$TMP/info")"
pass
grep -Eq "^Title: +Solvability survey$" "$TMP/info" || fail "p.pdf: $(grep Title "$TMP/info")"
pass

# The merge of shards draws the very same picture.
for k in 1 2 3; do "$S" "${survey[@]}" --shard $k/3 --per-deal "$TMP/s$k.csv" -o /dev/null; done
run merged "$S" merge "$TMP"/s*.csv -o /dev/null --plot "$TMP/m.png"
expect_rc merged 0
cmp "$TMP/m.png" "$TMP/p.png" || fail "merge --plot draws another picture than one run"
pass
run merged2 "$S" merge "$TMP/all.csv" -o /dev/null --plot "$TMP/m.svg"
cmp "$TMP/m.svg" "$TMP/p.svg" || fail "merge --plot draws another SVG than one run"
pass

# Failures leave no picture: bad input, a refused merge.
"$BIN/talon-deal" --game fifteen --deals 1-3 >"$TMP/bad.jsonl"
echo '{"format":"talon-deal/1"}' >>"$TMP/bad.jsonl"
run bad "$S" "$TMP/bad.jsonl" --plot "$TMP/bad.png"
expect_rc bad 65
expect_no_file "$TMP/bad.png"
run refused "$S" merge "$TMP/s1.csv" --plot "$TMP/refused.png"
expect_rc refused 65
expect_no_file "$TMP/refused.png"
run ext "$S" "${survey[@]}" --plot "$TMP/p.jpeg"
expect_rc ext 2
expect_in "$TMP/ext.err" "does not end in .png, .svg or .pdf"
done_ok
