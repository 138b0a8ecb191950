# talon-stats --shard and merge: the shards of a survey, merged in any
# order, give byte for byte the report of one run (text and JSON), for
# numbered deals and for deals read from files; further ranges join; what no
# single run gives is refused with exit 65 naming the file and line.
source "$(dirname "$0")/lib/common.bash"
S=$BIN/talon-stats

# One run: two games (one with a score), a node limit that leaves some deals unknown.
common=(--game fourteen-out,carpet --deals 1-600 --threads 1 --max-nodes 300)
run one "$S" "${common[@]}" --per-deal "$TMP/one.csv" -o "$TMP/one.txt"
expect_rc one 0
run onej "$S" "${common[@]}" --format json -o "$TMP/one.json"
expect_rc onej 0
expect_in "$TMP/one.txt" "unknown:"    # the limit leaves deals unknown: their list is merged too
expect_in "$TMP/one.txt" "score (cards built)"
[ "$(head -1 "$TMP/one.csv")" = "# talon-per-deal/1 deals=1-600 shard=1/1 max-nodes=300 max-seconds=none version=$("$S" --version | cut -d' ' -f2)" ] ||
  fail "per-deal header: $(head -1 "$TMP/one.csv")"
pass
[ "$(sed -n 2p "$TMP/one.csv")" = "game,options,deal,result,nodes,moves,score,index" ] || fail "columns: $(sed -n 2p "$TMP/one.csv")"
pass
[ "$(sed -n 3p "$TMP/one.csv" | cut -d, -f1,3,8)" = "fourteen-out,1,0" ] || fail "first line: $(sed -n 3p "$TMP/one.csv")"
pass

# The unsharded file merged alone gives the same report.
run m1 "$S" merge "$TMP/one.csv"
expect_rc m1 0
cmp "$TMP/m1.out" "$TMP/one.txt" || fail "merge of the one run's own file differs from its report"
pass

# Several splits, merged in shuffled orders: the same bytes, text and JSON.
for n in 2 3 7; do
  files=()
  for k in $(seq 1 $n); do
    run "s$n-$k" "$S" "${common[@]}" --shard "$k/$n" --per-deal "$TMP/s$n-$k.csv" -o "$TMP/s$n-$k.txt"
    expect_rc "s$n-$k" 0
    files+=("$TMP/s$n-$k.csv")
  done
  expect_in "$TMP/s$n-1.txt" "(1-600, shard 1/$n)"
  # Shard K holds the deals whose index is K-1 modulo N, and each deal once.
  total=$(cat "${files[@]}" | grep -vc '^#\|^game,' || true)
  [ "$total" = 1200 ] || fail "$n shards hold $total deal lines, not 1200"
  pass
  awk -F, -v n=$n -v k=2 'NR > 2 && ($8 % n) != k - 1 { bad = 1 } END { exit bad }' "$TMP/s$n-2.csv" ||
    fail "shard 2/$n holds an index that is not 1 modulo $n"
  pass
  mapfile -t shuffled < <(printf '%s\n' "${files[@]}" | sort -r)
  run "m$n" "$S" merge "${shuffled[@]}"
  expect_rc "m$n" 0
  cmp "$TMP/m$n.out" "$TMP/one.txt" || fail "merge of $n shards differs from one run (text)"
  pass
  run "j$n" "$S" merge --format json -o "$TMP/j$n.json" "${shuffled[@]}"
  expect_rc "j$n" 0
  cmp "$TMP/j$n.json" "$TMP/one.json" || fail "merge of $n shards differs from one run (json)"
  pass
done

# A deal given twice with the same result counts once: the 3-way split and
# the 2-way split together give the same report.
run both "$S" merge "$TMP"/s2-*.csv "$TMP"/s3-*.csv
expect_rc both 0
cmp "$TMP/both.out" "$TMP/one.txt" || fail "overlapping shards change the report"
pass

# Further deals join: 1-300 and 301-600 as one run of 1-600.
run lo "$S" --game fourteen-out,carpet --deals 1-300 --threads 1 --max-nodes 300 --per-deal "$TMP/lo.csv" -o /dev/null
run hi "$S" --game fourteen-out,carpet --deals 301-600 --threads 1 --max-nodes 300 --shard 1/1 --per-deal "$TMP/hi.csv" -o /dev/null
run lohi "$S" merge "$TMP/hi.csv" "$TMP/lo.csv"
expect_rc lohi 0
cmp "$TMP/lohi.out" "$TMP/one.txt" || fail "ranges 1-300 and 301-600 do not merge into 1-600"
pass

# Deals read from files, sharded: the same report as one run over the files.
"$BIN/talon-deal" --game fifteen --deals 1-150 >"$TMP/f1.jsonl"
"$BIN/talon-deal" --game thirteens --deals 90-200 >"$TMP/f2.jsonl"
"$BIN/talon-deal" --game fifteen --deals 7-9 >>"$TMP/f2.jsonl"  # fifteen again, after thirteens
run fone "$S" "$TMP/f1.jsonl" "$TMP/f2.jsonl" --threads 1 --per-deal "$TMP/fone.csv" -o "$TMP/fone.txt"
expect_rc fone 0
expect_in "$TMP/fone.csv" "deals=files:$TMP/f1.jsonl,$TMP/f2.jsonl "
for k in 1 2 3 4; do
  "$S" "$TMP/f1.jsonl" "$TMP/f2.jsonl" --threads 1 --shard $k/4 --per-deal "$TMP/f$k.csv" -o /dev/null
done
run fm "$S" merge "$TMP/f3.csv" "$TMP/f1.csv" "$TMP/f4.csv" "$TMP/f2.csv"
expect_rc fm 0
cmp "$TMP/fm.out" "$TMP/fone.txt" || fail "merge of shards of a run over files differs from one run"
pass

# Refused: a shard missing (exit 65, naming the shard to run again), no file written.
run miss "$S" merge "$TMP/s3-1.csv" "$TMP/s3-3.csv" -o "$TMP/miss.txt"
expect_rc miss 65
expect_in "$TMP/miss.err" "talon-stats: error: $TMP/s3-1.csv: fourteen-out: deal 2 of deals=1-600 (max-nodes=300 max-seconds=none) is in no file given: it is in shard 2/3"
expect_no_file "$TMP/miss.txt"
run fmiss "$S" merge "$TMP/f1.csv" "$TMP/f2.csv" "$TMP/f4.csv"
expect_rc fmiss 65
expect_in "$TMP/fmiss.err" "the deal of index 2 is in no file given: it is in shard 3/4"

# Refused: the same game and options with another limit in one group.
run other "$S" --game carpet --deals 601-700 --threads 1 --max-nodes 400 --per-deal "$TMP/other.csv" -o /dev/null
run mixed "$S" merge "$TMP/one.csv" "$TMP/other.csv"
expect_rc mixed 65
expect_in "$TMP/mixed.err" "$TMP/other.csv:3: carpet patching=compulsory: max-nodes=400 max-seconds=none, but $TMP/one.csv:603 has max-nodes=300 max-seconds=none"

# Refused: a deal twice with different results (a line edited).
sed '3s/,solved,\([0-9]*\),/,solved,9\1,/' "$TMP/one.csv" >"$TMP/edited.csv"
run twice "$S" merge "$TMP/one.csv" "$TMP/edited.csv"
expect_rc twice 65
expect_in "$TMP/twice.err" "$TMP/edited.csv:3: fourteen-out deal 1: solved, 9"
expect_in "$TMP/twice.err" "but $TMP/one.csv:3 has solved,"

# Refused: not a per-deal file; a bad field (named with its line).
run notcsv "$S" merge "$TMP/f1.jsonl"
expect_rc notcsv 65
expect_in "$TMP/notcsv.err" "talon-stats: error: $TMP/f1.jsonl:1: not a per-deal file"
sed '5s/,solved,/,won,/' "$TMP/one.csv" >"$TMP/bad.csv"
run bad "$S" merge "$TMP/bad.csv"
expect_rc bad 65
expect_in "$TMP/bad.err" "$TMP/bad.csv:5: result: 'won' is not a result"

# An old per-deal file (the columns alone) is still read.
{ echo "game,options,deal,result,nodes,moves,score"; grep '^fifteen,' "$TMP/fone.csv" | cut -d, -f1-7; } >"$TMP/old.csv"
run old "$S" merge "$TMP/old.csv"
expect_rc old 0
expect_in "$TMP/old.out" "fifteen: 153 deals"

# Usage errors: no file, --timings, a bad --shard, a bad --plot name.
run u1 "$S" merge
expect_rc u1 2
expect_in "$TMP/u1.err" "merge: give the per-deal files to merge"
run u2 "$S" merge --timings "$TMP/one.csv"
expect_rc u2 2
expect_in "$TMP/u2.err" "per-deal files record no times"
for bad in 0/4 5/4 4 x/y 1/0; do
  run u3 "$S" --game fifteen --deals 1-10 --shard "$bad"
  expect_rc u3 2
  expect_in "$TMP/u3.err" "talon-stats: error: --shard: '$bad'"
done
run u4 "$S" merge "$TMP/one.csv" --plot "$TMP/p.gif"
expect_rc u4 2
expect_in "$TMP/u4.err" "--plot: '$TMP/p.gif' does not end in .png, .svg or .pdf"
run u5 "$S" merge --format xml "$TMP/one.csv"
expect_rc u5 2
run missing "$S" merge "$TMP/no-such.csv"
expect_rc missing 74
expect_in "$TMP/missing.err" "cannot open '$TMP/no-such.csv'"
run help "$S" merge --help
expect_rc help 0
expect_in "$TMP/help.out" "Usage: talon-stats merge [options] FILE..."
run help2 "$S" --help
expect_in "$TMP/help2.out" "talon-stats merge"
expect_in "$TMP/help2.out" "--shard K/N"
# PySolFC's numbers: the header says shuffle=pysol, the shards merge to the
# run's own report, and they never join a talon-v1 survey of the same range.
pys=(--game fourteen-out --shuffle pysol --deals 1-40 --threads 1)
run py "$S" "${pys[@]}" --per-deal "$TMP/py.csv" -o "$TMP/py.txt"
expect_rc py 0
expect_in "$TMP/py.csv" "max-seconds=none shuffle=pysol version="
expect_in "$TMP/py.txt" "(pysol 1-40)"
for k in 1 2; do
  run "py$k" "$S" "${pys[@]}" --shard "$k/2" --per-deal "$TMP/py$k.csv" -o /dev/null
  expect_rc "py$k" 0
done
run pym "$S" merge "$TMP/py2.csv" "$TMP/py1.csv"
expect_rc pym 0
cmp "$TMP/pym.out" "$TMP/py.txt" || fail "the merged PySolFC shards differ from the run's report"
pass
run tv "$S" --game fourteen-out --deals 1-40 --threads 1 --per-deal "$TMP/tv.csv" -o /dev/null
expect_rc tv 0
run pymix "$S" merge "$TMP/py.csv" "$TMP/tv.csv"
expect_rc pymix 65
sed 's/ shuffle=pysol / shuffle=pysl /' "$TMP/py.csv" >"$TMP/pybad.csv"
run pybad "$S" merge "$TMP/pybad.csv"
expect_rc pybad 65
expect_in "$TMP/pybad.err" "shuffle: 'pysl' is not a shuffle (talon-v1 or pysol)"
done_ok
