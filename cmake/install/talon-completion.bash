# The completion code (after the generated lists above).

# Prints the words that complete the value of option $2 of tool $1, or @files
# for a file name; the current word is $3 (for comma lists). Returns 1 when the
# option takes no value.
_talon_values() {
  local tool=$1 opt=$2 cur=$3 arg="" w
  for w in ${_talon_argopts[$tool]}; do
    [ "${w%%=*}" = "$opt" ] && arg=${w#*=}
  done
  case $arg in
    FILE) echo @files; return ;;
    "") return 1 ;;  # a flag: takes no value
  esac
  case $opt in
    --game)
      if [[ $arg == *,* && $cur == *,* ]]; then  # a comma list: complete its last item
        local head=${cur%,*},
        for w in $_talon_games; do echo "$head$w"; done
      else
        echo "$_talon_games"
      fi ;;
    --option)
      local game="" i
      for ((i = 1; i < ${#_talon_words[@]} - 1; i++)); do
        case ${_talon_words[i]} in
          --game) game=${_talon_words[i + 1]} ;;
          --game=*) game=${_talon_words[i]#--game=} ;;
        esac
      done
      if [ -n "$game" ] && [ -n "${_talon_game_options[$game]+set}" ]; then
        echo "${_talon_game_options[$game]}"
      else
        echo "$_talon_all_options"
      fi ;;
    --shuffle) echo "talon-v1 pysol" ;;
    --format)
      case $tool in
        talon-deal) echo "jsonl text ksolve pysol" ;;
        talon-solve) echo "jsonl text" ;;
        talon-stats) echo "text json" ;;
        talon-render) echo "pdf png svg" ;;
      esac ;;
    --sheet) echo "layout solution both" ;;
    --colours | --colors) echo "two four mono" ;;
    --paper) echo "a4 letter legal a5 a3" ;;
    --solutions) echo "back after separate none" ;;
    --per-page) echo "1 2 4" ;;
  esac
  return 0
}

# Completes talon CMD ... and talon-CMD ...
_talon_complete() {
  local -a _talon_words=("${COMP_WORDS[@]}")
  local cword=$COMP_CWORD tool=${COMP_WORDS[0]##*/}
  COMPREPLY=()
  if [ "$tool" = talon ]; then
    local t cmds=""
    for t in $_talon_tools; do [ "$t" != talon ] && cmds+=" ${t#talon-}"; done
    if [ "$cword" -eq 1 ]; then
      mapfile -t COMPREPLY < <(compgen -W "help $cmds --help --version" -- "${COMP_WORDS[1]}")
      return 0
    fi
    if [ "${_talon_words[1]}" = help ]; then  # talon help CMD
      [ "$cword" -eq 2 ] && mapfile -t COMPREPLY < <(compgen -W "$cmds" -- "${COMP_WORDS[2]}")
      return 0
    fi
    tool=talon-${_talon_words[1]}
    _talon_words=("${_talon_words[@]:1}")
    ((cword--))
  fi
  [ -n "${_talon_opts[$tool]+set}" ] || return 0
  local cur=${_talon_words[cword]} prev=""
  ((cword > 0)) && prev=${_talon_words[cword - 1]}
  # "--game=fo" reaches us as "--game" "=" "fo" (= is in COMP_WORDBREAKS).
  if [ "$cur" = "=" ]; then
    prev=${_talon_words[cword - 1]} cur=""
  elif [ "$prev" = "=" ] && ((cword > 1)); then
    prev=${_talon_words[cword - 2]}
  elif [[ $cur == --*=* ]]; then
    prev=${cur%%=*} cur=${cur#*=}
  fi
  # "--option slots=1" reaches us as "--option" "slots" "=" "1": complete the value.
  local name="" w values=""
  if [ "${_talon_words[cword]}" = "=" ] && ((cword > 1)) && [ "${_talon_words[cword - 2]}" = --option ]; then
    name=${_talon_words[cword - 1]} cur=""
  elif [ "${_talon_words[cword - 1]}" = "=" ] && ((cword > 2)) && [ "${_talon_words[cword - 3]}" = --option ]; then
    name=${_talon_words[cword - 2]}
  fi
  if [ -n "$name" ]; then
    for w in $(_talon_values "$tool" --option ""); do
      [[ $w == "$name"=* ]] && values+=" ${w#*=}"
    done
    mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    return 0
  fi
  if [[ $prev == -* ]] && values=$(_talon_values "$tool" "$prev" "$cur"); then
    if [ "$values" = @files ]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    fi
    return 0
  fi
  # Only talon-solve, talon-stats and talon-verify take files as arguments.
  case $cur in
    -*) ;;
    *) case $tool in
         talon-solve | talon-stats | talon-verify)
           compopt -o filenames 2>/dev/null
           mapfile -t COMPREPLY < <(compgen -f -- "$cur")
           return 0 ;;
       esac ;;
  esac
  mapfile -t COMPREPLY < <(compgen -W "${_talon_opts[$tool]}" -- "$cur")
  return 0
}

complete -F _talon_complete $_talon_tools
