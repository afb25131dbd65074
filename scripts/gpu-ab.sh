#!/usr/bin/env bash
# Jars side by side on the GPU machine (docs/benchmarks.md, stop 14): each jar to compare is put in .gpu/<name>/omnicl.jar
# before packing; on the machine (device tool, carry .gpu), after `source .gpu/on-device.sh`:
#   JAR=<name> scripts/gpu-ab.sh <out-dir> <workload> <label> [omnicl bench options...]
# runs `omnicl bench` with that jar, the table to <out-dir>/<label>.out. With JAR=<name> and no workload options it is
# the bench of scripts/gpu-bench.sh, without its machine description.
set -uo pipefail
out=$1; workload=$2; label=$3; shift 3
g=$(cd "$(dirname "$0")/../.gpu" && pwd)
java -jar "$g/$JAR/omnicl.jar" bench "$workload" --jocl-jar "$g/lib/jocl-2.0.5.jar" --quiet 1 --max-others 1 \
  --out-dir "/tmp/ab-$label" "$@" > "$out/$label.out" 2>&1
grep -A12 "^configuration" "$out/$label.out"
grep "busy in" "$out/$label.out" | head -1
