#!/usr/bin/env bash
# Proof that `npm test` holds on a fresh machine, again and again: clones the current commit N
# times, one after another, and runs `bash .ci/run` in each clone as CI does (CI=true, no stdin,
# ../shared beside it). With --busy, a production build runs in a loop in another clone for the
# whole time, so the suite is also proven on a machine that is not idle.
#
#   bash scripts/tools/fresh-clone-runs.sh 5            # five runs on an otherwise idle machine
#   bash scripts/tools/fresh-clone-runs.sh 1 --busy     # one run beside a build loop
#
# Prints one line per run (commit, result, seconds) and the log's path; exits non-zero if any
# run failed.
set -uo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-5}"
busy=0
[ "${2:-}" = "--busy" ] && busy=1
commit="$(git -C "$repo" rev-parse --short HEAD)"
shared="$(cd "$repo/.." && pwd)/shared"
work="$(mktemp -d /tmp/fresh-clones.XXXXXX)"
echo "fresh-clone runs of $commit in $work ($runs run(s)$([ $busy = 1 ] && echo ', beside a build loop'))"

loop_pid=""
if [ "$busy" = 1 ]; then
  git clone -q "$repo" "$work/builder/main"
  (cd "$work/builder/main" && npm ci --no-audit --no-fund >"$work/builder.log" 2>&1)
  (
    cd "$work/builder/main"
    i=0
    while true; do
      i=$((i + 1))
      echo "build $i at $(date -u +%T)" >>"$work/builder.log"
      npm run build >>"$work/builder.log" 2>&1
    done
  ) &
  loop_pid=$!
fi

failed=0
for n in $(seq 1 "$runs"); do
  dir="$work/run-$n"
  mkdir -p "$dir"
  git clone -q "$repo" "$dir/main"
  [ -d "$shared" ] && ln -s "$shared" "$dir/shared"
  start=$(date +%s)
  (cd "$dir/main" && CI=true bash .ci/run </dev/null >"$dir/ci.log" 2>&1)
  code=$?
  took=$(($(date +%s) - start))
  summary="$(grep -aE '^total: [0-9]+ passed, [0-9]+ failed' "$dir/ci.log" | tail -1)"
  echo "run $n of $runs: $commit exit $code in ${took}s ${summary:+($summary)} — $dir/ci.log"
  [ "$code" = 0 ] || failed=1
done

if [ -n "$loop_pid" ]; then
  kill -- "$loop_pid" 2>/dev/null
  pkill -f "$work/builder" 2>/dev/null
  echo "builds finished beside it: $(grep -c '^build ' "$work/builder.log")"
fi
exit "$failed"
