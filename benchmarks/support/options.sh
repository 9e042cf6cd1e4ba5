# SPDX-License-Identifier: Apache-2.0
# Sourced by the benchmarks and studies: the one parsing of their options.
#
# parse_options USAGE SPEC... -- ARGUMENT...
# Each SPEC names an option and the variable it sets: "--runs=runs" takes a
# value, "--quick!quick" is a switch (sets 1), "--inferencer+rows" takes a
# value appended to the array rows. -h/--help prints the script's opening
# comment; an unknown option, or one without its value, prints USAGE (exit 2).
parse_options() {
  local usage=$1
  shift
  local -a specs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    specs+=("$1")
    shift
  done
  shift
  local script option spec name kind variable found
  script=$(basename "$0")
  while [ $# -gt 0 ]; do
    option=$1
    case "$option" in
      -h | --help)
        sed -n '2,/^[^#]/{/^#/p}' "$0"
        exit 0
        ;;
    esac
    found=""
    for spec in "${specs[@]}"; do
      name=${spec%%[=!+]*}
      [ "$name" = "$option" ] || continue
      kind=${spec:${#name}:1}
      variable=${spec:${#name}+1}
      found=1
      if [ "$kind" = "!" ]; then
        printf -v "$variable" 1
        shift
        break
      fi
      if [ $# -lt 2 ]; then
        echo "$script: $option needs a value" >&2
        echo "$usage" >&2
        exit 2
      fi
      if [ "$kind" = "+" ]; then
        eval "$variable+=(\"\$2\")"
      else
        printf -v "$variable" '%s' "$2"
      fi
      shift 2
      break
    done
    if [ -z "$found" ]; then
      echo "$script: unknown option '$option'" >&2
      echo "$usage" >&2
      exit 2
    fi
  done
}
