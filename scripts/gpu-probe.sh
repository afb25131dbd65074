#!/usr/bin/env bash
# A probe of scripts/probes/ on the GPU machine (docs/benchmarks.md): compile them here against the packed jar with
#   cp scripts/probes/*.java .gpu/prof/ && (cd .gpu/prof && javac --release 17 -cp ../lib/omnicl.jar *.java)
# then on the machine, after `source .gpu/on-device.sh`:
#   JAR=<name> scripts/gpu-probe.sh Loop -Ddev=0 -Dkb=2048 -Dn=32 -Drounds=6
#   JAR=<name> scripts/gpu-probe.sh Runs -Ddev=0 -Druns=40 -- mandelbrot --width 4096 --height 4096 --blocks 64
# runs it with .gpu/<name>/omnicl.jar (JAR=jocl: on the real JOCL jar, platform NVIDIA): -D options first, the probe's
# own arguments after --. JFR=<file> records a flight recording of it (JFR_SETTINGS: a .jfc, default profile), to
# read with `jfr print --events jdk.NativeMethodSample,jdk.ExecutionSample <file>`.
set -uo pipefail
probe=$1; shift
props=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do props+=("$1"); shift; done
[ $# -gt 0 ] && shift
g=$(cd "$(dirname "$0")/../.gpu" && pwd)
if [ "$JAR" = jocl ]; then cp=$g/lib/jocl-2.0.5.jar:$g/lib/omnicl.jar; platform=NVIDIA; else cp=$g/$JAR/omnicl.jar; platform=OmniCL; fi
record=${JFR:+-XX:StartFlightRecording=settings=${JFR_SETTINGS:-profile},filename=$JFR}
cd "$g/prof" && POCL_DEVICES=${POCL_DEVICES:-cpu} LD_PRELOAD=$g/jre/lib/libjsig.so \
  java $record -cp "$cp:." -Dplatform=$platform "${props[@]}" "$probe" "$@"
