#!/usr/bin/env bash
# The installed tree (docs/install.md): installs BUILD_DIR into a temporary
# prefix with `cmake --install`, then checks there that the tools run from
# any directory with the installed templates, that each tool has a man page
# man shows without warnings, that the bash completion completes options,
# game ids and game options, and that the documentation is installed.
# Usage: install_tree.sh BUILD_DIR SOURCE_DIR [MAN_PAGES [SANITIZED]]
# (MAN_PAGES 0: the build makes no man pages, -DTALON_MAN_PAGES=OFF;
# SANITIZED 1: a -DTALON_SANITIZE=ON build, see the strings check below.)
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
man_pages=${3:-1}
sanitized=${4:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

cmake --install "$build" --prefix "$P" --strip >/dev/null  # stripped, as a package is
tools=(talon talon-book talon-deal talon-render talon-solve talon-stats talon-verify)

# Executables, templates, docs.
for t in "${tools[@]}"; do [ -x "$P/bin/$t" ] || fail "bin/$t is not installed"; done
[ -f "$P/share/talon/templates/a4-2.json" ] || fail "share/talon/templates/a4-2.json is not installed"
for d in README.md docs/tools.md docs/install.md docs/rules/fourteen-out.md; do
  [ -f "$P/share/doc/talon/$d" ] || fail "share/doc/talon/$d is not installed"
done

# The tools find the installed templates from an empty directory, with no
# path of the build or source tree: the build tree is moved out of reach.
mkdir "$tmp/empty"
(cd "$tmp/empty" && env -u TALON_TEMPLATE_DIR "$P/bin/talon" book --game fourteen-out --count 1 -o book.pdf) \
  || fail "talon book from an empty directory failed"
[ "$(head -c 5 "$tmp/empty/book.pdf" 2>/dev/null)" = "%PDF-" ] || fail "talon book wrote no PDF"
# The strings an executable holds are in its .rodata (its debug information,
# in a RelWithDebInfo build, names the sources and is not looked at). A
# sanitized build's diagnostics name each header by its path in the build
# tree's include roots, so there only the template paths are looked for.
paths=(-e "$build/" -e "$source/templates")
[ "$sanitized" = 1 ] && paths=(-e "$build/share" -e "$source/templates")
for t in "${tools[@]}"; do
  objcopy -O binary --only-section=.rodata "$P/bin/$t" "$tmp/rodata"
  if grep -q -a -F "${paths[@]}" "$tmp/rodata"; then
    fail "bin/$t holds a path of the build tree or of the source tree's templates"
  fi
done

# Man pages: one per tool, shown by man without a warning.
[ "$man_pages" = 1 ] || echo "install_tree.sh: man pages not checked (-DTALON_MAN_PAGES=OFF)"
for t in "${tools[@]}"; do
  [ "$man_pages" = 1 ] || break
  page=$P/share/man/man1/$t.1.gz
  if [ ! -f "$page" ]; then fail "share/man/man1/$t.1.gz is not installed"; continue; fi
  gzip -t "$page" 2>/dev/null || fail "share/man/man1/$t.1.gz is not gzip"
  warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man $t warns: $warnings"
  shown=$(MANWIDTH=80 man -l "$page" 2>/dev/null | tr -s ' ')
  grep -q "^ $t - [a-z]" <<< "$shown" || fail "man $t shows no NAME line"
  grep -q "^ $t" <<< "$(sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' <<< "$shown")" || fail "man $t shows no SYNOPSIS"
done
[ "$man_pages" = 0 ] || grep -q -e "--solvable" <<< "$(MANWIDTH=80 man -l "$P/share/man/man1/talon-deal.1.gz" 2>/dev/null)" \
  || fail "man talon-deal does not describe --solvable"

# Bash completion: each tool's file (a link to one file) is loaded in a fresh
# bash, and the completion function is called as bash would call it.
comp=$P/share/bash-completion/completions
# Prints the completions of the command line "$2" (a trailing space starts a
# new word) with the completion file of tool $1, one a line.
complete_words() {
  bash --norc --noprofile -c '
    source "$1" || exit 1
    read -r -a COMP_WORDS <<< "$2"
    [[ $2 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
    COMP_LINE=$2 COMP_POINT=${#2}
    spec=$(complete -p "${COMP_WORDS[0]}") || exit 1
    fn=${spec#*-F }; fn=${fn%% *}
    "$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' bash "$comp/$1" "$2"
}
expect() {  # expect TOOL "LINE" WORD...: each WORD is among the completions
  local tool=$1 line=$2 got w
  shift 2
  got=$(complete_words "$tool" "$line") || { fail "completing '$line' failed"; return; }
  for w in "$@"; do
    grep -qx -e "$w" <<< "$got" || fail "completing '$line' does not offer '$w' (it offers: $(echo $got))"
  done
}
reject() {  # reject TOOL "LINE" WORD...: no WORD is among the completions
  local tool=$1 line=$2 got w
  shift 2
  got=$(complete_words "$tool" "$line") || { fail "completing '$line' failed"; return; }
  for w in "$@"; do
    ! grep -qx -e "$w" <<< "$got" || fail "completing '$line' offers '$w'"
  done
}
for t in "${tools[@]}"; do [ -e "$comp/$t" ] || fail "completion for $t is not installed"; done
expect talon-deal "talon-deal --game fo" fourteen-out four-of-a-kind
reject talon-deal "talon-deal --game fo" fifteen
expect talon-deal "talon-deal --sol" --solvable
expect talon-deal "talon-deal --game thirteens --option " slots=5 slots=10 slots=15
reject talon-deal "talon-deal --game thirteens --option " draw=1
expect talon-deal "talon-deal --game klondike --option dr" draw=1 draw=3
# bash splits "slots=1" at the "=" (COMP_WORDBREAKS) and completes the value.
expect talon-deal "talon-deal --game thirteens --option slots = 1" 10 15
reject talon-deal "talon-deal --game thirteens --option slots = 1" 5
expect talon-deal "talon-deal --game klondike --option draw =" 1 3
expect talon-deal "talon-deal --game = kl" klondike
expect talon-solve "talon-solve --max-" --max-nodes --max-seconds --max-memory
expect talon-stats "talon-stats --game fourteen-out,th" fourteen-out,thirteens
expect talon-book "talon-book --colours " two four mono
expect talon-render "talon-render --sheet " layout solution both
expect talon-verify "talon-verify --" --deal --solution --output
expect talon "talon " deal solve verify stats render book help
expect talon "talon solve --game take" take-fourteen take-ten
expect talon "talon help so" solve
expect talon-deal "talon-deal " --game --deal --solvable
cd "$tmp"  # file names: $tmp holds prefix/ and empty/
expect talon-verify "talon-verify --deal pre" prefix
expect talon-solve "talon-solve em" empty
reject talon-deal "talon-deal em" empty
cd - >/dev/null
# Every game talon-deal --help lists is offered.
for g in $("$P/bin/talon-deal" --help | sed -n '/^Games/,/^$/s/^  \([a-z][a-z0-9-]*\)  .*/\1/p'); do
  expect talon-deal "talon-deal --game " "$g"
done

# The value words cmake/install/talon-completion.bash lists are those the tool's
# --help gives for the option ("back, after, separate (with --answers) or none").
help_values() {  # help_values TOOL OPTION: the words of OPTION's --help line
  "$P/bin/$1" --help | sed -nE "s/^  $2 [A-Z]+( \(=[^)]*\))? +//p" | head -1 |
    sed -E 's/\([^)]*\)//g; s/^[a-z ]+: //; s/,? or /, /g' | tr -d ' ' | tr ',' '\n' |
    grep -E '^[a-z0-9-]+$' | sort | tr '\n' ' '
}
same_values() {  # same_values TOOL OPTION: completion and --help agree
  local want got
  want=$(help_values "$1" "$2")
  got=$(complete_words "$1" "$1 $2 " | sort | tr '\n' ' ')
  [ -n "$want" ] || fail "$1 --help gives no values for $2"
  [ "$got" = "$want" ] || fail "completing '$1 $2' offers '$got'; $1 --help gives '$want'"
}
same_values talon-book --solutions
same_values talon-book --per-page
same_values talon-book --paper
same_values talon-book --colours
same_values talon-render --sheet
same_values talon-render --format
same_values talon-render --colours
same_values talon-stats --format
same_values talon-solve --format

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed" >&2; exit 1; }
echo "install tree ok: $(du -sk "$P" | cut -f1) KiB in $P"
