#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The benchmarks' and studies' options, parsed by benchmarks/support/options.sh:
# values, switches and repeated values set their variables; an unknown option
# or a missing value is exit 2 with the usage line; --help prints the opening
# comment. Then each script that sources it refuses an unknown option before
# any work, with its own usage line.
#
# Usage: benchmark_options_test.sh PROJECT_DIR
set -uo pipefail
project=$1
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect() {  # WHAT EXPECTED ACTUAL
  [ "$2" = "$3" ] || fail "$1: expected [$2], got [$3]"
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat > "$scratch/script.sh" <<SCRIPT
#!/usr/bin/env bash
# The opening comment.
#   script.sh [--runs N]
set -euo pipefail
source "$project/benchmarks/support/options.sh"
runs=3; quick=0; rows=()
parse_options "usage: script.sh [--runs N] [--quick] [--row R]" --runs=runs --quick!quick --row+rows -- "\$@"
echo "runs=\$runs quick=\$quick rows=\${#rows[@]}:\${rows[*]:-}"
SCRIPT
chmod +x "$scratch/script.sh"

expect "defaults" "runs=3 quick=0 rows=0:" "$("$scratch/script.sh")"
expect "values" "runs=5 6 quick=1 rows=2:a:b c d" \
  "$("$scratch/script.sh" --runs "5 6" --quick --row a:b --row "c d")"
expect "help" "$(printf '# The opening comment.\n#   script.sh [--runs N]')" "$("$scratch/script.sh" --help)"
out=$("$scratch/script.sh" --bogus 2>&1); status=$?
expect "unknown option status" 2 "$status"
expect "unknown option message" "$(printf "script.sh: unknown option '--bogus'\nusage: script.sh [--runs N] [--quick] [--row R]")" "$out"
out=$("$scratch/script.sh" --runs 2>&1); status=$?
expect "missing value status" 2 "$status"
expect "missing value message" "$(printf "script.sh: --runs needs a value\nusage: script.sh [--runs N] [--quick] [--row R]")" "$out"

for script in choose-k-study.sh ctm-study.sh coherence-benchmark.sh evaluate-topics-benchmark.sh index-benchmark.sh; do
  out=$("$project/benchmarks/$script" --no-such-option 2>&1); status=$?
  expect "$script status" 2 "$status"
  expect "$script message" "$script: unknown option '--no-such-option'" "$(head -1 <<< "$out")"
  case "$(sed -n 2p <<< "$out")" in
    "usage: "*"$script"*) ;;
    *) fail "$script: no usage line after the error: $out" ;;
  esac
done
for script in infer-topics-benchmark.sh coherence-against-benchmark.sh; do  # each takes a path first
  out=$("$project/benchmarks/$script" /nowhere --no-such-option 2>&1); status=$?
  expect "$script status" 2 "$status"
  expect "$script message" "$script: unknown option '--no-such-option'" "$(head -1 <<< "$out")"
done

[ "$failures" -eq 0 ] && echo "benchmark options: all checks passed"
exit $((failures > 0))
