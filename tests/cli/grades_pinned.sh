# The grades of a few deals of the slow games, pinned: a change to a solver,
# to the shortening or to the scoring that moves them must come with new cut
# points (docs/solvers/difficulty.md, "Grades and calibration").
source "$(dirname "$0")/lib/common.bash"

# graded GAME DEALS: each deal's first line and its difficulty line, at the
# node limit the calibration used.
graded() {
  run "g-$1" "$BIN/talon-solve" --game "$1" --deals "$2" --grade --format text \
    --max-nodes 2000000 --threads 2
  grep -E '^([a-z-]+#[0-9]+ |# difficulty:)' "$TMP/g-$1.out" >"$TMP/g-$1.txt" || true
}

# GAME:DEALS:STATUS (docs/exit-status.md): 1 when some deal is lost, 3 when
# some deal is undecided at the limit.
for spec in klondike:1-12:3 idiots-delight:1-8:1 try-again:1-8:0; do
  IFS=: read -r game deals status <<<"$spec"
  graded "$game" "$deals"
  expect_rc "g-$game" "$status"
  want="$DATA/grades/$game.txt"
  if ! diff -u "$want" "$TMP/g-$game.txt" >&2; then
    fail "$game: grades differ from $want; if the change is meant, calibrate again (docs/solvers/difficulty.md) and write the new lines there"
  fi
  pass
done
done_ok
