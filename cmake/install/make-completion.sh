#!/usr/bin/env bash
# Writes the bash completion file OUT: the game ids and game options printed
# by WORDS (cmake/install/completion_words.cpp, from the registry), each tool's options
# read from its own --help, then the completion code LOGIC.
# Usage: make-completion.sh OUT WORDS LOGIC TOOL...   (TOOL: paths of the built tools)
set -euo pipefail
out=$1 words=$2 logic=$3
shift 3
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT
{
  echo "# bash completion for talon's tools (talon(1)). Generated when talon was built:"
  echo "# the games and their options from the game registry, each tool's options from"
  echo "# its --help. Installed as .../bash-completion/completions/talon, with a link"
  echo "# per tool."
  echo
  "$words"
  echo "declare -gA _talon_opts=() _talon_argopts=()"
  names=()
  for tool in "$@"; do
    name=${tool##*/}
    names+=("$name")
    opts=() args=()
    # Option lines of --help: "  --game G  ...", "  -o [ --output ] FILE  ...",
    # "  -h, --help  ..." (talon). ARG is the value's name, if any.
    re_boost='^  -([A-Za-z]) \[ (--[a-z0-9-]+) \]( ([A-Z][^ ]*))?'
    re_long='^  (--[a-z0-9-]+)( ([A-Z][^ ]*))?'
    re_pair='^  -([A-Za-z]), (--[a-z0-9-]+)'
    while IFS= read -r line; do
      if [[ $line =~ $re_boost ]]; then
        opts+=("-${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")
        arg=${BASH_REMATCH[4]}
        [ -n "$arg" ] && args+=("-${BASH_REMATCH[1]}=$arg" "${BASH_REMATCH[2]}=$arg")
      elif [[ $line =~ $re_pair ]]; then
        opts+=("-${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")
      elif [[ $line =~ $re_long ]]; then
        opts+=("${BASH_REMATCH[1]}")
        arg=${BASH_REMATCH[3]}
        [ -n "$arg" ] && args+=("${BASH_REMATCH[1]}=$arg")
      fi
    done < <("$tool" --help)
    [ ${#opts[@]} -gt 0 ] || { echo "make-completion.sh: no options found in '$tool --help'" >&2; exit 1; }
    echo "_talon_opts[$name]=\"$(printf '%s\n' "${opts[@]}" | sort -u | tr '\n' ' ' | sed 's/ $//')\""
    echo "_talon_argopts[$name]=\"$(printf '%s\n' "${args[@]}" | sort -u | tr '\n' ' ' | sed 's/ $//')\""
  done
  echo "_talon_tools=\"${names[*]}\""
  echo
  cat "$logic"
} > "$tmp"
chmod 644 "$tmp"
mv "$tmp" "$out"
trap - EXIT
