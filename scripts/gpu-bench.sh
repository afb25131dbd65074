#!/usr/bin/env bash
# The GPU-machine benchmarks of docs/benchmarks.md. Packed and run as ../shared/gpu/README.md says:
#   mvn -q -DskipTests install && ../shared/gpu/pack.sh target/omnicl.jar ~/.m2/repository/org/jocl/jocl/2.0.5/jocl-2.0.5.jar
# then, on the machine (device tool, carry .gpu):
#   source .gpu/on-device.sh && scripts/gpu-bench.sh <out-dir> <workload> [omnicl bench options...]
# Each real device alone, the static splits, the virtual device with each scheduler and the program on plain
# JOCL; no SOCL there. PoCL shows one device over all CPU cores.
set -uo pipefail
out=$1
workload=$2
shift 2
lib=$(cd "$(dirname "$0")/../.gpu/lib" && pwd)
mkdir -p "$out"
if [ -z "${POCL_DEVICES+set}" ]; then
  # PoCL 4 and later name its all-cores device "cpu", earlier versions "pthread"
  for d in cpu pthread; do
    if POCL_DEVICES=$d clinfo -l 2>/dev/null | grep -A1 -i "portable computing" | grep -qi device; then
      export POCL_DEVICES=$d
      break
    fi
  done
fi
{ clinfo -l; nproc; nvidia-smi -L; } > "$out/machine.txt" 2>&1
java -jar "$lib/omnicl.jar" info > "$out/info.txt" 2>&1
java -jar "$lib/omnicl.jar" bench "$workload" --jocl-jar "$lib/jocl-2.0.5.jar" --configs alone,split,virtual,jocl \
  --quiet 1 --max-others 1 --out-dir "$out/$workload" "$@" > "$out/$workload.out" 2>&1
status=$?
tail -25 "$out/$workload.out"
exit $status
