#!/usr/bin/env bash
# Jars against each other and plain JOCL on one GPU machine, alternated (docs/benchmarks.md, stop 20): the probes
# of a program that waits for each launch (Chain -Dsync) and of Jacobi 1024² (Jac), twice each per jar and once on
# plain JOCL, then the warm Mandelbrot and matmul benches per jar. Pack first: each jar as .gpu/<name>/omnicl.jar,
# the real JOCL jar in .gpu/lib, the probes compiled into .gpu/prof (see gpu-probe.sh). On the machine, after
# `source .gpu/on-device.sh`:   JARS="base new" WORKLOADS="mandelbrot matmul" scripts/gpu-check.sh $OUT
set -uo pipefail
out=$1
here=$(cd "$(dirname "$0")" && pwd)
{
  for round in 1 2; do
    for jar in $JARS; do
      echo "== $jar sync"; JAR=$jar "$here/gpu-probe.sh" Chain -Dsync=true -Dn=2000 -Dreps=2 2>&1 | tail -2
      echo "== $jar jac"; JAR=$jar "$here/gpu-probe.sh" Jac -Dreps=100 2>&1 | tail -3
    done
  done
  echo "== jocl sync"; JAR=jocl "$here/gpu-probe.sh" Chain -Ddev=0 -Dsync=true -Dn=2000 -Dreps=2 2>&1 | tail -2
  echo "== jocl jac"; JAR=jocl "$here/gpu-probe.sh" Jac -Ddev=0 -Dreps=100 2>&1 | tail -3
} > "$out/probes.txt"
for w in ${WORKLOADS:-mandelbrot matmul}; do
  for jar in $JARS; do
    JAR=$jar "$here/gpu-ab.sh" "$out" "$w" "$w-$jar" --reps 5 --warmup 30 --calibration-runs 1 \
      --configs alone-1,virtual-dmda,jocl --no-gantt
  done
done
