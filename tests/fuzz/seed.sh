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
mkdir -p "$C/deal" "$C/solution" "$C/template" "$C/options"

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

# Bad deals, one kind each (tests/cli/bad_input.sh, tests/unit/io_test.cpp).
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
