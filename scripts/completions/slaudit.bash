# bash completion for slaudit. The commands, their options and the values of
# --format are read from the installed program's own --help, so completion
# never disagrees with the version installed.
_slaudit() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      -*) ;;
      *) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  if [[ -z $cmd ]]; then
    local commands
    commands=$(slaudit --help 2>/dev/null |
      awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1; next} on && !/^  / {exit}')
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  if [[ $prev == --format ]]; then
    local formats
    formats=$(slaudit "$cmd" --help 2>/dev/null | grep -oE -- '--format [A-Z]*:\{[^}]*\}' | sed 's/.*{//; s/}//; s/,/ /g')
    COMPREPLY=($(compgen -W "$formats" -- "$cur"))
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(slaudit "$cmd" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _slaudit slaudit
