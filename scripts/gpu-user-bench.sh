#!/usr/bin/env bash
# The workloads written as existing JOCL programs are (issue 22) on the GPU machine, OmniCL against plain JOCL
# (docs/benchmarks.md, stop 20). Pack first (../shared/gpu/pack.sh target/omnicl.jar <jocl-2.0.5.jar>); on the
# machine, after `source .gpu/on-device.sh`:   scripts/gpu-user-bench.sh $OUT
# Each bench's table goes to $OUT/<workload>.out; the one-shot program's runs follow on standard output.
set -uo pipefail
out=$1
g=$(cd "$(dirname "$0")/../.gpu" && pwd)
jocl=$g/lib/jocl-2.0.5.jar
omnicl=$g/lib/omnicl.jar
export LD_PRELOAD=$g/jre/lib/libjsig.so
bench() {
  local w=$1; shift
  echo "=== $w $*"
  java -jar "$omnicl" bench "$w" "$@" --configs alone-1,virtual-dmda,jocl --no-gantt --quiet 1 --max-others 1 \
    --jocl-jar "$jocl" --out-dir "/tmp/bench-$w" > "$out/$w.out" 2>&1
  grep -A4 "^configuration" "$out/$w.out"
  grep "vs plain JOCL" "$out/$w.out"
}
bench roundtrip --reps 5 --warmup 30 --calibration-runs 1
bench jacobi1 --reps 5 --warmup 30 --calibration-runs 1
bench frame --reps 5 --warmup 10 --calibration-runs 1
bench saxpy --reps 5 --warmup 5 --calibration-runs 1
# each side's first platform and device, as most programs pick them; then NVIDIA's for plain JOCL against
# OmniCL's pinned device 1 (the GPU) and against its virtual device
for options in "" "--jocl-platform NVIDIA --omnicl-device 1" "--jocl-platform NVIDIA"; do
  echo "=== oneshot ${options:-(first platform and device)}"
  # shellcheck disable=SC2086
  java -jar "$omnicl" bench oneshot --runs 5 --jocl-jar "$jocl" $options --out-dir /tmp/oneshot 2>&1 | tail -3
done
