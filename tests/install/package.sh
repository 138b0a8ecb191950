#!/usr/bin/env bash
# The Debian package (docs/install.md): builds it with `cpack -G DEB` from
# BUILD_DIR, installs it into this machine with apt-get (which also installs
# its dependencies), checks the installed tools, man page and completion from
# an empty directory, and purges the package again, whatever happened.
# Needs root: skipped (exit 0, with a message) otherwise. Run by .ci/run.
# Usage: package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: the package test installs a .deb into the machine and needs root" >&2
  exit 0
fi
if dpkg-query -W -f='${Status}' talon 2>/dev/null | grep -q "installed"; then
  echo "FAIL: a talon package is installed already; the test would replace and purge it" \
       "(remove it first: apt-get purge talon)" >&2
  exit 1
fi
start=$(date +%s%N)
tmp=$(mktemp -d)
apt_opts=(-y -qq -o DPkg::Lock::Timeout=300)
installed=0
cleanup() {
  if [ "$installed" = 1 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get purge "${apt_opts[@]}" talon >/dev/null \
      || echo "package.sh: could not purge talon" >&2
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }

(cd "$build" && cpack -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1) || { cat "$tmp/cpack.log" >&2; exit 1; }
deb=$(ls "$tmp"/pkg/talon_*.deb)
depends=$(dpkg-deb --field "$deb" Depends)
for lib in libboost-program-options libcairo2 libhpdf fonts-dejavu-core libc6; do
  [[ $depends == *"$lib"* ]] || fail "the package does not depend on $lib (Depends: $depends)"
done

# Debian's checks of the package, but for three tags that wait on the owners:
# a licence (copyright file), a contact address, and release notes.
accepted="no-copyright-file|bogus-mail-host|no-changelog"
findings=$(lintian --allow-root "$deb" 2>&1 | grep -E '^[EW]: ' | grep -v -E ": ($accepted)( |$)" || true)
[ -z "$findings" ] || fail "lintian: $findings"

installed=1
DEBIAN_FRONTEND=noninteractive apt-get install "${apt_opts[@]}" --no-install-recommends "$deb" 2>&1 >/dev/null \
  | grep -v "^debconf: delaying package configuration" >&2 || true
[ "$(command -v talon-book)" = /usr/bin/talon-book ] || fail "talon-book is not /usr/bin/talon-book"

mkdir "$tmp/empty"
(cd "$tmp/empty" && env -u TALON_TEMPLATE_DIR talon-book --game fourteen-out --count 2 -o book.pdf) \
  || fail "talon-book from an empty directory failed"
[ "$(head -c 5 "$tmp/empty/book.pdf" 2>/dev/null)" = "%PDF-" ] || fail "talon-book wrote no PDF"
solved=$(talon deal --game thirteens --deal 1 | talon solve) || true
grep -q '"result":"solved"' <<< "$solved" || fail "talon deal | talon solve did not solve thirteens#1"

if dpkg -L talon | grep -q '/man1/talon-book\.1\.gz$'; then
  warnings=$(MANWIDTH=80 man --warnings talon-book 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man talon-book warns: $warnings"
  shown=$(MANWIDTH=80 man talon-book 2>/dev/null | tr -s ' ')
  grep -q "talon-book - make a printable PDF booklet" <<< "$shown" || fail "man talon-book does not show its NAME line"
else
  fail "the package installed no man page talon-book.1.gz (does /etc/dpkg/dpkg.cfg.d exclude /usr/share/man?)"
fi

# bash-completion loads /usr/share/bash-completion/completions/talon-deal when
# talon-deal is first completed; the completion function is then called as
# bash calls it.
got=$(bash --norc --noprofile -c '
  source /usr/share/bash-completion/bash_completion
  _completion_loader talon-deal || true
  spec=$(complete -p talon-deal) || exit 1
  fn=${spec#*-F }; fn=${fn%% *}
  COMP_WORDS=(talon-deal --game fo) COMP_CWORD=2 COMP_LINE="talon-deal --game fo" COMP_POINT=20
  "$fn" talon-deal fo --game
  printf "%s\n" "${COMPREPLY[@]}"') || fail "bash-completion did not load the completion of talon-deal"
grep -qx fourteen-out <<< "$got" || fail "completing 'talon-deal --game fo' does not offer fourteen-out (it offers: $(echo $got))"

size=$(stat -c %s "$deb")
isize=$(dpkg-deb --field "$deb" Installed-Size)
[ "$fails" -eq 0 ] || { echo "$fails check(s) failed" >&2; exit 1; }
echo "package ok: $(basename "$deb"), $((size / 1024)) KiB, installed size $isize KiB; Depends: $depends;" \
     "$(( ($(date +%s%N) - start) / 1000000 )) ms"
