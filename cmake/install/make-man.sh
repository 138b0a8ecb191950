#!/usr/bin/env bash
# Writes the man page OUT of the built TOOL with help2man, from the tool's own
# --help and --version. The one-line description comes from `talon --help`
# (its list of commands); the build directory that `talon --help` names is
# left out of the page; a second usage line is marked "or:", as help2man
# expects; cmake/install/see-also.h2m adds the SEE ALSO section. OUT.gz is
# the page as installed (gzip -9n: no name or time, the same bytes each build).
# Usage: make-man.sh OUT TOOL TALON SEE_ALSO
set -euo pipefail
out=$1 tool=$2 talon=$3 see_also=$4
name=${tool##*/}
if [ "$name" = talon ]; then
  what="run talon's tools: deal, solve, verify and print patience (solitaire) games"
else
  what=$("$talon" --help | sed -nE "s/^  ${name#talon-} +(.*)/\1/p")
  [ -n "$what" ] || { echo "make-man.sh: '$talon --help' does not list ${name#talon-}" >&2; exit 1; }
fi
bindir=$(cd "$(dirname "$tool")" && pwd)
tmp=$(mktemp "$out.XXXXXX")
wrap=$(mktemp -d "$out.dir.XXXXXX")
trap 'rm -rf "$tmp" "$wrap"' EXIT
cat > "$wrap/$name" <<WRAP
#!/bin/sh
"$tool" "\$@" | sed '2s/^ *\(talon[a-z-]* \)/   or: \1/; s| ($bindir)||'
WRAP
chmod +x "$wrap/$name"
help2man --no-info --no-discard-stderr --name="$what" --include="$see_also" \
  --output="$tmp" "$wrap/$name"
if grep -q "$bindir" "$tmp"; then echo "make-man.sh: $out names $bindir" >&2; exit 1; fi
chmod 644 "$tmp"
gzip -9n -c "$tmp" > "$wrap/page.gz"
chmod 644 "$wrap/page.gz"
mv "$tmp" "$out"
mv "$wrap/page.gz" "$out.gz"
rm -rf "$wrap"
trap - EXIT
