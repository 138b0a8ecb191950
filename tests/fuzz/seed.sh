#!/usr/bin/env bash
# Makes the fuzz targets' seed corpus (tests/fuzz/corpus/) from the tools'
# own output and the bad inputs of the tests: `bash tests/fuzz/seed.sh
# BIN_DIR`. The corpus is kept in git; run this after a format changes.
# Each file is one input; names say what it holds.
set -euo pipefail
BIN=$(cd "${1:?usage: seed.sh BIN_DIR}" && pwd)
cd "$(dirname "$0")"
C=corpus
rm -rf "$C"
mkdir -p "$C/deal" "$C/solution" "$C/template" "$C/options" "$C/per_deal"

# variants GAME: the --option sets to seed for GAME (one a line; "" = defaults).
variants() {
  echo ""
  case $1 in
    thirteens) echo "--option slots=5"; echo "--option slots=15" ;;
    carpet) echo "--option patching=optional" ;;
    four-of-a-kind) echo "--option method=clock" ;;
    try-again) echo "--option build=after-deal" ;;
    klondike) echo "--option draw=1 --option passes=2 --option runs=any --option worry=true" ;;
    idiots-delight) echo "--option worry=true" ;;
  esac
}

games=$("$BIN/talon-deal" --help | sed -n '/^Games/,/^$/p' | awk '/^  [a-z]/ {print $1}')
for g in $games; do
  k=0
  while IFS= read -r opts; do
    k=$((k + 1))
    # shellcheck disable=SC2086
    "$BIN/talon-deal" --game "$g" --deal 1 $opts >"$C/deal/$g-$k.jsonl"
    # A hand-made deal: the same cards without a number.
    sed 's/"deal":[0-9]*,"shuffle":"talon-v1",//' "$C/deal/$g-$k.jsonl" >"$C/deal/$g-$k-hand-made.jsonl"
    for n in 1 2 3; do
      # shellcheck disable=SC2086
      "$BIN/talon-solve" --game "$g" --deals $n $opts --max-nodes 200000 -j 1 \
        >"$C/solution/$g-$k-$n.jsonl" || true
      # shellcheck disable=SC2086
      "$BIN/talon-solve" --game "$g" --deals $n $opts --max-nodes 200000 -j 1 --format text \
        >"$C/solution/$g-$k-$n.txt" || true
    done
  done < <(variants "$g")
done
# Several deals a file, blank lines, Windows line ends and a byte order mark.
{ printf '\xEF\xBB\xBF'; cat "$C/deal/thirteens-1.jsonl"; echo; sed 's/$/\r/' "$C/deal/fifteen-1.jsonl"; } \
  >"$C/deal/mixed-bom-crlf.jsonl"

# Bad deals, one kind each (tests/cli/bad_input.sh, tests/unit/deal_io_test.cpp).
good=$(cat "$C/deal/fourteen-out-1.jsonl")
bad() { printf '%s\n' "$2" >"$C/deal/bad-$1.jsonl"; }
bad notjson 'this is not JSON'
bad truncated "${good:0:40}"
bad list '["talon-deal/1"]'
bad unknowngame "${good/fourteen-out/fourteen-in}"
bad badcard "${good/\"tableau\":\[\[\"/\"tableau\":[[\"Z}"
bad unknownkey "${good/\"options\":/\"colour\":\"red\",\"options\":}"
bad duplicatekey "${good/\"options\":\{\}/\"options\":{},\"options\":{\}}"
bad format "${good/talon-deal\/1/talon-deal\/9}"
bad solution "$(head -1 "$C/solution/fourteen-out-1-1.jsonl")"
bad deal-negative "${good/\"deal\":1,/\"deal\":-1,}"
bad deal-2to64 "${good/\"deal\":1,/\"deal\":18446744073709551616,}"
bad deal-float "${good/\"deal\":1,/\"deal\":1.5,}"
bad noshuffle "${good/,\"shuffle\":\"talon-v1\"/}"
bad wrongnumber "${good/\"deal\":1,/\"deal\":2,}"
bad optionvalue "$(sed 's/"slots":10/"slots":7/' "$C/deal/thirteens-1.jsonl")"
bad facedown "$(sed 's/"face_down":\[0,/"face_down":[9,/' "$C/deal/klondike-1.jsonl")"
bad utf8 "${good/\"fourteen-out\"/$'"\xff\xfe"'}"
bad nul "$(printf '{"format":"talon-deal/1","game":"fourteen-out\\u0000"}')"
printf '{"format":"talon-deal/1\0"}\n' >"$C/deal/bad-nul-byte.jsonl"
bad deep "$(printf '%.0s[' $(seq 200))"

# Bad solutions.
sbad() { printf '%s' "$2" >"$C/solution/bad-$1"; }
sbad header.txt $'thirteens#42\n'
sbad number.txt $'fourteen-out#x7 solved\n1. 3+9  KS AH\n'
sbad option.txt $'thirteens#1 slots=12 solved\n'
sbad result.txt $'thirteens#1 slots=10 won\n'
sbad moveline.txt $'fourteen-out#1 solved\n1) 3+9 KS AH\n'
sbad nomoveheader.txt $'1. 3+9  KS AH\n'
sbad gap.txt $'fourteen-out#1 solved\n1. 3+9  KS AH\n3. 1+2  QS 2H\n'
sbad unsolvedmoves.txt $'fourteen-out#1 unsolvable\n1. 3+9  KS AH\n'
sbad notation.txt $'fourteen-out#1 solved\n1. 3+zz KS AH\n'
sbad comments.txt $'# a comment\n\r\nfourteen-out#1 solved\r\n# score\n1. 3+9 KS AH\n'
sbad result.jsonl '{"format":"talon-solution/1","game":"thirteens","deal":1,"options":{},"result":"won","moves":[]}'
sbad move.jsonl '{"format":"talon-solution/1","game":"fourteen-out","deal":1,"options":{},"result":"solved","moves":[{"from":[["tablau",0]],"to":[],"cards":["QQ"],"count":0}]}'
sbad deal.jsonl "$good"

# Templates: the shipped ones and bad ones (tests/cli/render_errors.sh).
cp ../../templates/*.json "$C/template/"
tbad() { printf '%s' "$2" >"$C/template/bad-$1.json"; }
tbad notjson '{"paper": a4}'
tbad unknownkey '{"papr": "a4"}'
tbad margins '{"margins_mm": 150}'
tbad paper '{"paper": "0x0mm"}'
tbad perpage '{"deals_per_page": 3}'
tbad colour '{"colours": {"red": "red"}}'
tbad fonts '{"fonts": {"title_pt": 1000}}'
tbad cards '{"card_width_mm": 20, "min_card_width_mm": 40}'
tbad columns '{"solution_columns": 2.5}'

# Per-deal tables (talon-per-deal/1): several games and options, two games
# in one run, a shard, PySolFC's numbers, grades, deals read from a file whose name
# needs quoting and percent-encoding, an old table, and the bad tables of
# tests/unit/per_deal_test.cpp.
P=$C/per_deal
stats() { # NAME ARGS...: the per-deal table of talon-stats ARGS
  local name=$1
  shift
  "$BIN/talon-stats" -j 1 --max-nodes 20000 "$@" --per-deal "$P/$name.csv" >/dev/null
}
stats fifteen --game fifteen --deals 1-4
stats carpet-optional --game carpet --deals 1-3 --option patching=optional
stats thirteens-slots15 --game thirteens --deals 1-3 --option slots=15
stats klondike-draw1 --game klondike --deals 1-3 --option draw=1 --option passes=2
stats four-of-a-kind-clock --game four-of-a-kind --deals 5 --option method=clock --max-seconds 30
stats two-games --game fourteen-out,take-ten --deals 1-3
stats shard-2-of-3 --game try-again,idiots-delight --deals 1-5 --shard 2/3
stats pysol --game klondike --shuffle pysol --deals 1-3
stats graded --game fourteen-out,carpet --deals 1-3 --grades
stats empty-shard --game fifteen --deals 1-2 --shard 3/4
tmp=$(mktemp -d)
# Deals without numbers: their labels are FILE:LINE, quoted in the table.
"$BIN/talon-deal" --game take-fourteen --deals 1-2 | sed 's/"deal":[0-9]*,"shuffle":"talon-v1",//' \
  >"$tmp/a b,\"c\".jsonl"
(cd "$tmp" && "$BIN/talon-stats" -j 1 --max-nodes 20000 "a b,\"c\".jsonl" --per-deal files.csv >/dev/null)
mv "$tmp/files.csv" "$P/files.csv"
rm -r "$tmp"
{ printf '\xEF\xBB\xBF'; sed 's/$/\r/' "$P/fifteen.csv"; echo; } >"$P/bom-crlf-blank.csv"
printf '%s\n' 'game,options,deal,result,nodes,moves,score' 'fifteen,,4,solved,20,20,' 'fifteen,,2,unsolvable,9,,' \
  >"$P/old.csv"
printf '%s\r\n' '# talon-per-deal/1 deals=files:a%20b.jsonl shard=1/1 max-nodes=none max-seconds=10 version=0.1.0 x-note=mine' \
  'index,x-comment,deal,game,options,result,nodes,moves,score,grade' '0,hi,"a b.jsonl:1",thirteens,,solved,28,28,,3' '' \
  '1,,"odd""name' 'x:2",thirteens,slots=10,unknown,5,,,' >"$P/columns-quotes-grade.csv"
head=$(head -1 "$P/fifteen.csv")
cols='game,options,deal,result,nodes,moves,score,index'
pbad() { local name=$1; shift; printf '%s\n' "$@" >"$P/bad-$name.csv"; }
pbad deal-jsonl '{"format":"talon-deal/1"}'
pbad comment '# something else'
pbad format "${head/per-deal\/1/per-deal\/2}" "$cols"
pbad short-columns 'game,options,deal' 'fifteen,,1'
pbad not-key-value "$head oops" "$cols"
pbad key-twice "$head shard=1/1" "$cols"
pbad files-none '# talon-per-deal/1 deals=files: shard=1/1 max-nodes=1 max-seconds=none version=1' "$cols"
pbad files-percent '# talon-per-deal/1 deals=files:a%2 shard=1/1 max-nodes=1 max-seconds=none version=1' "$cols"
pbad files-equals '# talon-per-deal/1 deals=files:a=b shard=1/1 max-nodes=1 max-seconds=none version=1' "$cols"
pbad range '# talon-per-deal/1 deals=5-1 shard=1/1 max-nodes=1 max-seconds=none version=1' "$cols"
pbad shard '# talon-per-deal/1 deals=1-4 shard=5/4 max-nodes=1 max-seconds=none version=1' "$cols"
pbad max-nodes '# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=0 max-seconds=none version=1' "$cols"
pbad max-seconds '# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=1 max-seconds=inf version=1' "$cols"
pbad version '# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=1 max-seconds=none version=' "$cols"
pbad unknown-key "$head threads=2" "$cols"
pbad missing-key '# talon-per-deal/1 deals=1-4 shard=1/1 max-nodes=1 version=1' "$cols"
pbad no-columns "$head"
pbad unknown-column "$head" "$cols,speed"
pbad column-twice "$head" "$cols,game"
pbad column-quote "$head" 'game,"options'
row='fifteen,,1,solved,20,20,,0'
while read -r name l; do
  pbad "$name" "$head" "$cols" "$row" "$l"
done <<'LINES'
fields fifteen,,2,solved,20,20,1
game fiveteen,,2,solved,20,20,,1
option-pair thirteens,slots,2,solved,20,20,,1
option-twice thirteens,slots=5 slots=5,2,solved,20,20,,1
option-value thirteens,slots=7,2,solved,20,20,,1
option-name fifteen,draw=1,2,solved,20,20,,1
deal-empty fifteen,,,solved,20,20,,1
result fifteen,,2,won,20,20,,1
nodes fifteen,,2,solved,2e3,20,,1
moves-empty fifteen,,2,solved,20,,,1
moves-unsolvable fifteen,,2,unsolvable,20,20,,1
score fifteen,,2,solved,20,20,x,1
index fifteen,,2,solved,20,20,,one
deal-range fifteen,,9,solved,20,20,,1
deal-file fifteen,,t.jsonl:2,solved,20,20,,1
index-position fifteen,,3,solved,20,20,,1
after-quote fifteen,,"2"x,solved,20,20,,1
inner-quote fifteen,,2"",solved,20,20,,1
LINES
pbad index-shard '# talon-per-deal/1 deals=1-4 shard=1/2 max-nodes=none max-seconds=none version=1' "$cols" \
  'fifteen,,2,solved,20,20,,1'
pbad grade "$head" "$cols,grade" 'fifteen,,1,solved,20,20,,0,hard'

# Option values and command-line values: the first line is given to every
# parser, every line is a NAME=VALUE pair.
o=0
while IFS= read -r line; do
  o=$((o + 1))
  printf '%b' "$line" >"$C/options/$(printf '%02d' $o)"
done <<'LIST'
1-100
18446744073709551615
18446744073709551616
5-1
42
2G\nslots=15
512MiB
1K
0.5
1e3
nan
fourteen-out,take-fourteen,klondike
klondike,klondike
slots=15
slots=7\nslots=15
draw=1\npasses=3\nruns=any\nworry=true
passes=unlimited\ndraw=3
patching=optional
method=clock
build=after-deal
worry=yes
a4
210x297mm
0x0mm
letter
=5
slots=
LIST
echo "corpus: $(find "$C" -type f | wc -l) files"
