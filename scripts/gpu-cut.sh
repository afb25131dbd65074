#!/usr/bin/env bash
# Issue 23's GPU runs of docs/benchmarks.md (one launch across devices). Packed as scripts/gpu-bench.sh says, with
# the frame probe compiled beside the jars:
#   javac --release 17 -cp target/omnicl.jar -d .gpu/probe scripts/probes/FrameProbe.java
# then, on the machine (device tool, carry .gpu):
#   source .gpu/on-device.sh && scripts/gpu-cut.sh <out-dir> <what>
# what:
#   workloads  frame 4096² (2 and 10 warm-up runs), matmul 4096², saxpy, Jacobi 1024² and 8192²: OmniCL's first
#              device alone, its virtual device and plain JOCL; with BASE=<jar>, Jacobi 1024² pinned on both jars
#   probe      the frame probe, 30 runs in one JVM, OmniCL's virtual device and plain JOCL, twice in turn
#   always     the workloads cut at every launch over the GPUs only (OMNICL_DEVICES=NVIDIA), beside auto
#   trace      saxpy and Jacobi 8192² cut at every launch over the GPUs only, traced (OMNICL_TRACE)
#   ab         the frame probe, 30 runs in one JVM, on this jar and on BASE=<jar>, then plain JOCL, twice in turn
#   abread     as ab with each run's read enqueued right after its launch (no clFinish), three rounds; then the bench's
#              frame (fresh JVM, 2 warm-up runs) on both jars, three rounds
#   abmatmul   matmul 4096² on the virtual device, this jar and BASE=<jar> in turn, three rounds; then as in workloads
#   newdata    scripts/probes/NewData.java (buffers made from and written from a float[]) on this jar and BASE=<jar>,
#              then the virtual device's saxpy and Jacobi 8192² on both, twice in turn
#   follow     saxpy (50 and 200 launches) cut at every launch over the GPUs only, OmniCL's first GPU alone beside,
#              then saxpy as the program runs it (auto), on this jar and BASE=<jar> in turn, two rounds; then this jar's
#              saxpy of 200 launches cut, traced
#   halo       Jacobi 8192² (100 launches) cut at every launch over the GPUs only, OmniCL's first GPU alone beside, this
#              jar and BASE=<jar> in turn, two rounds; then Jacobi 8192² as the program runs it (auto) on both; then this
#              jar's cut Jacobi traced ($out/jacobi-halo.json)
#   resident   scripts/probes/Resident.java (saxpy of 500 launches, Jacobi 8192² of 100, on resident data): plain JOCL
#              and OmniCL's first GPU alone, then cut at every launch over the GPUs on this jar and BASE=<jar> in turn,
#              two rounds, with the bench's saxpy beside (compiled beside the jars with Chain.java, Jac.java, Sampler.java)
#   halopipe   scripts/probes/HaloPipe.java on plain JOCL: Jacobi 8192², 1000 sweeps, whole on one GPU and cut over two
#              with the halo through the host (host, ahead, callback), then 4096² (compiled with Jac.java)
#   chained    scripts/probes/HaloPipe.java on plain JOCL, both GPUs in one context, the halo's upload waiting for the
#              other GPU's read by event (chained, chainedhalf, chainedtwo), beside whole; 8192² then 4096²
#   first      a program's first frames: FrameProbe, 4 runs a fresh JVM, plain JOCL and OmniCL (always, off, auto)
#   deaths     FrameProbe in 16 fresh JVMs a configuration without libjsig: this jar and BASE=<jar> cut over the GPUs,
#              this jar on all devices; then SignalsProbe (whose handlers are in place at the end) on both jars
#   gpucpu     frame, matmul 4096² and Jacobi 1024² as in workloads (for a machine of one GPU and PoCL's CPU)
#   phases     scripts/probes/SaxpyPhases.java (the bench's saxpy, phase by phase): plain JOCL, OmniCL's first GPU
#              alone, its virtual device over the GPUs as the program runs it (auto) and cut at every launch (always)
#   auto       Resident saxpy (500 launches) and Jacobi 8192² (100) and the bench's saxpy and Jacobi 8192², all as the
#              program runs it (auto) over the GPUs, on this jar and BASE=<jar> in turn (ROUNDS, 2 by default)
#   watch      Resident Jacobi 8192² and saxpy cut at every launch over the GPUs with OMNICL_WATCH=50, 500, 5000
#   preload    a program's first frames (FrameProbe, 4 runs a fresh JVM) and the one-shot program, plain JOCL and OmniCL
#              with OMNICL_PRELOAD=1 and 0 in turn (ROUNDS, 3 by default); then scripts/probes/SharedContextMemory.java
#   relay      scripts/probes/Resident.java (compiled as for resident): plain JOCL's Jacobi 8192² (1000 launches) and
#              saxpy (500); OmniCL over the GPUs, Jacobi cut at every launch with OMNICL_SHARED_CONTEXT off and on in
#              turn (two rounds, 1000 launches a run, 4 runs a JVM); then Jacobi and saxpy as the program runs them
#              (auto), shared off and on
#   threads    scripts/probes/HaloPipe.java on plain JOCL, both GPUs in one context: chainedhalf from one thread against
#              halfthreads and relaythreads (a thread per GPU, the latter as OmniCL relays), beside whole and chainedtwo
#   stencil    scripts/probes/Resident.java (compiled as for resident), each OmniCL JVM with a program cache of its own:
#              Jacobi 8192² (1000 launches, 6 runs a JVM) as the program runs it (auto) over the GPUs with
#              OMNICL_SHARED_CONTEXT off and on in turn, two rounds; the same waiting for each launch (-DwaitEach, 300
#              launches); 6144²; saxpy (500); each beside plain JOCL; then the bench's Jacobi 8192² (100 launches),
#              auto, shared off and on
#   gather     scripts/probes/Gather.java (Jacobi 8192² cut over the GPUs, then a launch not cut over the grid) and
#              JacLoop (the bench's Jacobi 8192² as written, 10 runs a JVM), OMNICL_SHARED_CONTEXT=on, on this jar and on
#              each jar of BASE="<jar> <jar>..." in turn; then Resident Jacobi 8192² on this jar and the first of BASE
#              (compiled beside the jars: javac -cp <jocl jar> -d .gpu/probe scripts/probes/{Gather,JacLoop,Jac,Chain,
#              Resident,Sampler}.java)
#   shared     the programs of record as users run them (all devices, auto), OMNICL_SHARED_CONTEXT off and on in
#              turn (ROUNDS, 2 by default): FrameProbe's first frames, JacLoop 8192², Resident Jacobi 8192² and saxpy,
#              with ONESHOT=1 the one-shot program; in the first round the bench's frame, matmul 4096², saxpy and
#              Jacobi 8192² on the virtual device; plain JOCL's beside (compiled beside the jars: javac -cp <jocl jar>
#              -d .gpu/probe scripts/probes/{FrameProbe,JacLoop,Resident,Jac,Chain,Sampler}.java)
#   opening    what opening the GPUs costs a program's start (all devices, auto): ColdPhases (the one-shot program's
#              steps), FrameProbe's first frames and JacLoop 8192²'s first runs, each a fresh JVM, with the shared context
#              off, on, and on with OMNICL_LAZY_OPEN=on, the last two also with an empty program cache (ROUNDS, 3 by
#              default); plain JOCL's beside (compiled beside the jars: javac -cp <jocl jar> -d .gpu/probe
#              scripts/probes/{ColdPhases,FrameProbe,JacLoop,Jac,Chain}.java)
#   lastrun    OMNICL_SHARED_CONTEXT=auto, as a program's last run says (all devices, the defaults, a performance model
#              directory of their own): Resident Jacobi 8192² (6 runs of 1000 launches) in three JVMs one after the
#              other, JacLoop 8192² (100 sweeps a run) of 10 runs and of 50 runs, two JVMs each; plain JOCL's beside
#   notcut     a program that waits for each launch (Resident -DwaitEach=true, Jacobi 8192², 300 launches, 6 runs a JVM),
#              all devices, OMNICL_SPLIT=off against auto, four rounds, the order swapped each round; plain JOCL's beside
#   queues     scripts/probes/Queues.java on plain JOCL: a frame as one launch, and as blocks on 1, 2 and 3 queues of
#              one GPU (compiled beside the jars: javac -cp .gpu/lib/jocl-2.0.5.jar -d .gpu/probe scripts/probes/Queues.java)
set -uo pipefail
out=$1
what=$2
g=$(cd "$(dirname "$0")/../.gpu" && pwd)
O=$g/lib/omnicl.jar
J=$g/lib/jocl-2.0.5.jar
# the JVM's signal chaining, but for deaths, which counts the JVMs that die without it
[ "$what" = deaths ] || export LD_PRELOAD=$g/jre/lib/libjsig.so
mkdir -p "$out"
nvidia-smi -L
# the first N rows of a bench table, from its output on stdin
rows() {
  grep -A"$1" "^configuration  " | tail -"$1" | cut -c1-200
}
table() {
  grep -A4 "^configuration  " "$1" | head -4 | cut -c1-210
}
bench() {
  local name=$1; shift
  echo "=== $name $*"
  timeout 170 java -jar "$O" bench "$@" --configs alone-1,virtual-dmda,jocl --no-gantt --quiet 1 --max-others 1 \
    --calibration-runs 1 --jocl-jar "$J" --out-dir "/tmp/cut-$name" > "$out/$name.out" 2>&1
  table "$out/$name.out"
}
probe() {
  local name=$1 platform=$2 jar=$3
  timeout 100 java -Dplatform="$platform" -Dfinish="${FINISH:-true}" -Druns=30 -cp "$jar:$g/probe" FrameProbe \
    > "$out/$name.out" 2>&1
  echo "=== $name"
  grep -E "^run|launches on|whole:" "$out/$name.out" | tail -8
}
case $what in
  workloads)
    bench frame frame --reps 3 --warmup 2
    bench frame10 frame --reps 3 --warmup 10
    bench matmul matmul --n 4096 --blocks 1 --reps 3 --warmup 2
    bench saxpy saxpy --reps 3 --warmup 3
    bench jacobi1 jacobi1 --reps 3 --warmup 10
    bench jacobi8k jacobi1 --n 8192 --iterations 100 --reps 3 --warmup 3
    if [ -n "${BASE:-}" ]; then
      for jar in "$O" "$BASE"; do
        echo "=== $jar, Jacobi 1024² pinned"
        timeout 120 java -jar "$jar" bench jacobi1 --reps 3 --warmup 10 --calibration-runs 1 --configs alone-1 \
          --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-pinned | rows 1
      done
    fi
    ;;
  probe)
    for round in 1 2; do
      OMNICL_STATS=1 probe "probe-omnicl-$round" OmniCL "$O"
      probe "probe-jocl-$round" NVIDIA "$J"
    done
    ;;
  always)
    for mode in always auto; do
      for w in "jacobi8k jacobi1 --n 8192 --iterations 100 --warmup 3" "jacobi1 jacobi1 --warmup 10" "saxpy saxpy --warmup 3"; do
        set -- $w
        name=$1; shift
        echo "=== $name OMNICL_SPLIT=$mode"
        OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=$mode timeout 150 java -jar "$O" bench "$@" --reps 3 --calibration-runs 1 \
          --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 --out-dir "/tmp/cut-$name" > "$out/$name-$mode.out" 2>&1
        rows 1 < "$out/$name-$mode.out"
      done
    done
    ;;
  trace)
    for w in "saxpy --reps 1 --warmup 1" "jacobi1 --n 8192 --iterations 100 --reps 1 --warmup 1"; do
      name=${w%% *}
      echo "=== $w"
      OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always OMNICL_TRACE="$out/$name.json" timeout 150 java -jar "$O" bench $w \
        --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 --calibration-runs 0 --out-dir "/tmp/cut-$name" \
        | grep -A1 "^configuration  "
    done
    ;;
  abread)
    # as ab, each run's read enqueued right after its launch (no clFinish), three rounds; then the bench's frame
    export FINISH=false
    for round in 1 2 3; do
      OMNICL_STATS=1 probe "probe-new-$round" OmniCL "$O"
      OMNICL_STATS=1 probe "probe-base-$round" OmniCL "$BASE"
      probe "probe-jocl-$round" NVIDIA "$J"
    done
    for round in 1 2 3; do
      for jar in "$O" "$BASE"; do
        echo "=== bench frame, $jar"
        timeout 120 java -jar "$jar" bench frame --reps 3 --warmup 2 --calibration-runs 1 --configs virtual-dmda \
          --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-abread | rows 1
      done
    done
    ;;
  abmatmul)
    # matmul 4096² on the virtual device, this jar and BASE=<jar> in turn, three rounds; then both configurations' bench
    for round in 1 2 3; do
      for jar in "$O" "$BASE"; do
        echo "=== matmul, $jar"
        timeout 120 java -jar "$jar" bench matmul --n 4096 --blocks 1 --reps 3 --warmup 2 --calibration-runs 1 \
          --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-abmatmul \
          | rows 1
      done
    done
    bench matmul matmul --n 4096 --blocks 1 --reps 3 --warmup 2
    ;;
  follow)
    for round in 1 2; do
      for jar in "$O" "$BASE"; do
        for w in "saxpy --warmup 3" "saxpy --launches 200 --warmup 3"; do
          echo "=== round $round $jar $w always"
          OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 120 java -jar "$jar" bench $w --reps 3 --calibration-runs 1 \
            --configs alone-1,virtual-dmda --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-follow \
            | rows 3
        done
        echo "=== round $round $jar saxpy auto"
        timeout 120 java -jar "$jar" bench saxpy --warmup 3 --reps 3 --calibration-runs 1 --configs virtual-dmda \
          --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-follow | rows 1
      done
    done
    echo "=== trace, saxpy 200 launches cut at every launch over the GPUs, one measured run"
    OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always OMNICL_TRACE="$out/saxpy-follow.json" timeout 150 java -jar "$O" bench \
      saxpy --launches 200 --reps 1 --warmup 1 --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 \
      --out-dir /tmp/cut-follow | rows 1
    ;;
  halo)
    for round in 1 2; do
      for jar in "$O" "$BASE"; do
        echo "=== round $round $jar jacobi 8192² always"
        OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 120 java -jar "$jar" bench jacobi1 --n 8192 --iterations 100 \
          --warmup 3 --reps 3 --calibration-runs 1 --configs alone-1,virtual-dmda --no-gantt --quiet 1 --max-others 1 \
          --out-dir /tmp/cut-halo | rows 2
      done
    done
    for jar in "$O" "$BASE"; do
      echo "=== $jar jacobi 8192² auto"
      timeout 120 java -jar "$jar" bench jacobi1 --n 8192 --iterations 100 --warmup 3 --reps 3 --calibration-runs 1 \
        --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-halo \
        | rows 1
    done
    echo "=== trace, Jacobi 8192² cut at every launch over the GPUs, one measured run"
    OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always OMNICL_TRACE="$out/jacobi-halo.json" timeout 150 java -jar "$O" bench \
      jacobi1 --n 8192 --iterations 100 --reps 1 --warmup 1 --configs virtual-dmda --no-gantt --quiet 1 --max-others 1 \
      --out-dir /tmp/cut-halo | rows 1
    ;;
  newdata)
    # scripts/probes/NewData.java (compiled beside the jars: javac -cp .gpu/lib/jocl-2.0.5.jar -d .gpu/probe ...):
    # 128 MB made from a float[] and written from one, 8 runs, on the virtual device and on the first GPU, this jar
    # and BASE=<jar>; then the virtual device's saxpy and Jacobi 8192² on both jars, twice in turn
    for jar in "$O" "$BASE"; do
      for dev in 0 1; do
        echo "=== $jar, device $dev"
        timeout 60 java -Dplatform=OmniCL -Ddevice=$dev -Druns=8 -cp "$jar:$g/probe" NewData 2>&1 | grep -E "^run [4-7]"
      done
    done
    for round in 1 2; do
      for jar in "$O" "$BASE"; do
        for w in "saxpy --warmup 3" "jacobi1 --n 8192 --iterations 100 --warmup 3"; do
          echo "=== $jar $w"
          timeout 120 java -jar "$jar" bench $w --reps 3 --calibration-runs 1 --configs alone-1,virtual-dmda \
            --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-newdata | rows 3
        done
      done
    done
    ;;
  ab)
    for round in 1 2; do
      OMNICL_STATS=1 probe "probe-new-$round" OmniCL "$O"
      OMNICL_STATS=1 probe "probe-base-$round" OmniCL "$BASE"
      probe "probe-jocl-$round" NVIDIA "$J"
    done
    ;;
  resident)
    P="$g/probe"
    for spec in "saxpy -Dlaunches=500" "jacobi -Dlaunches=100"; do
      set -- $spec; w=$1; shift
      echo "=== plain JOCL, first GPU: $w"
      timeout 60 java -Dwhat=$w "$@" -Dreps=6 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident | tail -3 | cut -c1-60
      echo "=== OmniCL first GPU alone: $w"
      OMNICL_DEVICES=NVIDIA timeout 60 java -Dwhat=$w "$@" -Dreps=6 -Dplatform=OmniCL -Ddev=1 -cp "$O:$P" Resident \
        | tail -3 | cut -c1-60
    done
    for round in 1 2; do
      for jar in "$O" "$BASE"; do
        echo "=== round $round $jar: Resident saxpy, 500 launches, cut at every launch over the GPUs"
        OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 60 java -Dwhat=saxpy -Dlaunches=500 -Dreps=6 -Dplatform=OmniCL \
          -Ddev=0 -cp "$jar:$P" Resident | tail -3 | cut -c1-60
        echo "=== round $round $jar: bench saxpy (50 launches), cut at every launch over the GPUs"
        OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 120 java -jar "$jar" bench saxpy --reps 3 --warmup 3 \
          --calibration-runs 1 --configs alone-1,virtual-dmda --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/w \
          | rows 2
      done
    done
    ;;
  halopipe)
    timeout 280 java -Dn=8192 -Dsweeps=1000 -Dreps=3 -Dmodes=whole,host,ahead,callback -cp "$J:$g/probe" HaloPipe
    timeout 100 java -Dn=4096 -Dsweeps=2000 -Dreps=2 -Dmodes=whole,ahead -cp "$J:$g/probe" HaloPipe
    ;;
  chained)
    timeout 200 java -Dreps=3 -Dmodes=whole,chained,chainedhalf,chainedtwo -cp "$J:$g/probe" HaloPipe
    timeout 100 java -Dn=4096 -Dreps=3 -Dmodes=whole,chained,chainedhalf,chainedtwo -cp "$J:$g/probe" HaloPipe
    ;;
  threads)
    timeout 280 java -Dreps=3 -Dmodes=whole,chainedhalf,halfthreads,relaythreads,chainedtwo -cp "$J:$g/probe" HaloPipe
    ;;
  stencil)
    P="$g/probe"
    resident() {
      OMNICL_CACHE_DIR=$(mktemp -d) OMNICL_STATS=1 OMNICL_SHARED_CONTEXT=$1 OMNICL_DEVICES=NVIDIA timeout 90 java \
        "${@:2}" -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" Resident 2>&1 | grep -E "^run|launches on|whole:|rror" | cut -c1-100
    }
    plain() {
      timeout 60 java "$@" -Dreps=3 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident 2>&1 | grep "^run" | cut -c1-40
    }
    echo "=== plain JOCL, Jacobi 8192"; plain -Dwhat=jacobi -Dlaunches=1000
    for round in 1 2; do
      for sc in off on; do
        echo "=== round $round, Jacobi 8192, auto, shared $sc"; resident $sc -Dwhat=jacobi -Dlaunches=1000 -Dreps=6
      done
    done
    for spec in "-DwaitEach=true -Dwhat=jacobi -Dlaunches=300" "-Dwhat=jacobi -Dn=6144 -Dlaunches=1000" \
        "-Dwhat=saxpy -Dlaunches=500"; do
      echo "=== plain JOCL, $spec"; plain $spec
      for sc in off on; do
        echo "=== $spec, auto, shared $sc"; resident $sc $spec -Dreps=6
      done
    done
    for sc in off on; do
      OMNICL_DEVICES=NVIDIA OMNICL_SHARED_CONTEXT=$sc bench "jacobi-shared-$sc" jacobi1 --n 8192 --iterations 100 --warmup 3 --reps 3
    done
    ;;
  first)
    for round in 1 2; do
      echo "=== plain JOCL"
      timeout 60 java -Dplatform=NVIDIA -Dfinish=true -Druns=4 -cp "$J:$g/probe" FrameProbe | grep ^run | tr '\n' ' '
      echo
      for s in always off; do
        echo "=== OmniCL virtual, GPUs only, OMNICL_SPLIT=$s"
        OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=$s timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$O:$g/probe" \
          FrameProbe | grep ^run | tr '\n' ' '
        echo
      done
      echo "=== OmniCL virtual, all devices, auto"
      timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$O:$g/probe" FrameProbe | grep ^run | tr '\n' ' '
      echo
    done
    ;;
  preload)
    for round in $(seq "${ROUNDS:-3}"); do
      echo "=== round $round plain JOCL"
      timeout 60 java -Dplatform=NVIDIA -Dfinish=true -Druns=4 -cp "$J:$g/probe" FrameProbe | grep ^run | tr '\n' ' '
      echo
      for p in 1 0; do
        echo "=== round $round OmniCL virtual, all devices, auto, OMNICL_PRELOAD=$p"
        OMNICL_PRELOAD=$p timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$O:$g/probe" FrameProbe \
          | grep ^run | tr '\n' ' '
        echo
      done
    done
    for p in 1 0; do
      echo "=== one-shot program, OMNICL_PRELOAD=$p"
      OMNICL_PRELOAD=$p timeout 200 java -jar "$O" bench oneshot --runs 7 --jocl-jar "$J" | tail -1
    done
    timeout 60 java -cp "$J:$g/probe" SharedContextMemory
    ;;
  deaths)
    died() {
      local name=$1 jar=$2; shift 2
      local bad=0
      for i in $(seq 16); do
        env "$@" timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$jar:$g/probe" FrameProbe > /dev/null 2>&1 \
          || bad=$((bad + 1))
      done
      echo "=== $name: $bad of 16 died"
    }
    died "this jar, cut over the GPUs" "$O" OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always
    died "BASE, cut over the GPUs" "$BASE" OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always
    died "this jar, all devices" "$O"
    for jar in "$O" "$BASE"; do
      echo "=== $jar"
      timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=2 -cp "$jar:$g/probe" SignalsProbe | grep ^signal
    done
    ;;
  gpucpu)
    bench frame frame --reps 3 --warmup 2
    bench matmul matmul --n 4096 --blocks 1 --reps 3 --warmup 2
    bench jacobi1 jacobi1 --reps 3 --warmup 10
    ;;
  gather)
    P="$g/probe"
    jars="$O ${BASE:-}"
    echo "=== plain JOCL, one GPU: Gather"
    timeout 60 java -Dreps=3 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Gather 2>&1 | grep ^run
    for round in 1 2; do
      for jar in $jars; do
        echo "=== round $round, $jar, shared on: Gather"
        OMNICL_SHARED_CONTEXT=on OMNICL_DEVICES=NVIDIA timeout 60 java -Dreps=4 -Dplatform=OmniCL -Ddev=0 -cp "$jar:$P" \
          Gather 2>&1 | grep -E "^run" | cut -c1-80
      done
    done
    echo "=== plain JOCL, one GPU: JacLoop 8192², 100 sweeps"
    timeout 60 java -Dn=8192 -Diters=100 -Dreps=5 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" JacLoop | awk '{printf "%s ", $3}'
    echo
    for round in 1 2 3; do
      for jar in $jars; do
        echo "=== round $round, $jar, shared on: JacLoop"
        OMNICL_CACHE_DIR=$(mktemp -d) OMNICL_STATS=1 OMNICL_SHARED_CONTEXT=on OMNICL_DEVICES=NVIDIA timeout 60 java \
          -Dn=8192 -Diters=100 -Dreps=10 -Dplatform=OmniCL -Ddev=0 -cp "$jar:$P" JacLoop 2>&1 \
          | grep -E "^run|launches on|whole:|rror" | awk '/^run/{printf "%s ", $3; next} {print}' | cut -c1-160
      done
    done
    echo "=== plain JOCL: Resident Jacobi 8192²"
    timeout 60 java -Dreps=3 -Dwhat=jacobi -Dlaunches=1000 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident 2>&1 \
      | grep "^run" | cut -c1-40
    for round in 1 2; do
      for jar in $O ${BASE%% *}; do
        echo "=== round $round, $jar, shared on: Resident Jacobi 8192², auto"
        OMNICL_CACHE_DIR=$(mktemp -d) OMNICL_STATS=1 OMNICL_SHARED_CONTEXT=on OMNICL_DEVICES=NVIDIA timeout 90 java \
          -Dwhat=jacobi -Dlaunches=1000 -Dreps=6 -Dplatform=OmniCL -Ddev=0 -cp "$jar:$P" Resident 2>&1 \
          | grep -E "^run|launches on|whole:|rror" | cut -c1-100
      done
    done
    ;;
  shared)
    P="$g/probe"
    virtual() {
      local name=$1; shift
      timeout 150 java -jar "$O" bench "$@" --calibration-runs 1 --configs virtual-dmda --no-gantt --quiet 1 \
        --max-others 1 --out-dir "/tmp/cut-$name" > "$out/$name.out" 2>&1
      echo "$name: $(rows 1 < "$out/$name.out" | cut -c1-80)"
    }
    resident() {
      OMNICL_CACHE_DIR=$(mktemp -d) OMNICL_STATS=1 timeout 90 java "$@" -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" Resident \
        2>&1 | grep -E "^run|launches on|rror" | sed 's/ us a launch.*//; s/^run [0-9]*: //' | tr '\n' ' '
    }
    echo "=== plain JOCL, one GPU: FrameProbe's first frames (4 runs a fresh JVM), JacLoop 8192² (100 sweeps), Resident"
    timeout 60 java -Dplatform=NVIDIA -Dfinish=true -Druns=4 -cp "$J:$P" FrameProbe | grep ^run | cut -c1-24 | tr '\n' ' '
    echo
    timeout 60 java -Dn=8192 -Diters=100 -Dreps=5 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" JacLoop | awk '{printf "%s ", $3}'
    echo
    for spec in "-Dwhat=jacobi -Dlaunches=1000" "-Dwhat=saxpy -Dlaunches=500"; do
      echo "Resident $spec: $(timeout 60 java $spec -Dreps=3 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident 2>&1 \
        | grep "^run" | cut -c1-30 | tr '\n' ' ')"
    done
    for round in $(seq "${ROUNDS:-2}"); do
      for sc in off on; do
        export OMNICL_SHARED_CONTEXT=$sc
        echo "=== round $round, all devices, auto, OMNICL_SHARED_CONTEXT=$sc"
        [ -z "${ONESHOT:-}" ] || echo "one-shot: $(timeout 200 java -jar "$O" bench oneshot --runs 5 --jocl-jar "$J" \
          --out-dir /tmp/oneshot 2>&1 | tail -1)"
        echo "first frames: $(timeout 60 java -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$O:$P" FrameProbe \
          | grep ^run | cut -c1-24 | tr '\n' ' ')"
        echo "JacLoop: $(OMNICL_STATS=1 timeout 90 java -Dn=8192 -Diters=100 -Dreps=10 -Dplatform=OmniCL -Ddev=0 \
          -cp "$O:$P" JacLoop 2>&1 | grep -E "^run|launches on" | awk '/^run/{printf "%s ", $3; next} {print}')"
        echo "Resident Jacobi: $(resident -Dwhat=jacobi -Dlaunches=1000 -Dreps=6)"
        echo "Resident saxpy: $(resident -Dwhat=saxpy -Dlaunches=500 -Dreps=6)"
        if [ "$round" = 1 ]; then
          virtual "frame-$sc" frame --reps 3 --warmup 2
          virtual "matmul-$sc" matmul --n 4096 --blocks 1 --reps 3 --warmup 2
          virtual "saxpy-$sc" saxpy --reps 3 --warmup 3
          virtual "jacobi8k-$sc" jacobi1 --n 8192 --iterations 100 --reps 3 --warmup 3
        fi
      done
    done
    unset OMNICL_SHARED_CONTEXT
    ;;
  opening)
    P="$g/probe"
    for round in $(seq "${ROUNDS:-3}"); do
      for c in "off -" "on -" "on on" "on - fresh" "on on fresh"; do
        set -- $c
        cache=$HOME/.omnicl/programs; [ "${3:-}" = fresh ] && cache=$(mktemp -d)
        lazy=(); [ "$2" = on ] && lazy=(OMNICL_LAZY_OPEN=on)
        echo "=== round $round, OMNICL_SHARED_CONTEXT=$1 ${lazy[*]} ${3:-}"
        echo "ColdPhases: $(env OMNICL_SHARED_CONTEXT=$1 "${lazy[@]}" OMNICL_CACHE_DIR=$cache timeout 60 java -cp "$O:$P" \
          ColdPhases 2>&1 | awk '{printf "%s %s(%s) ", $1, $2, $5}')"
        cache2=$HOME/.omnicl/programs; [ "${3:-}" = fresh ] && cache2=$(mktemp -d)
        echo "first frames: $(env OMNICL_SHARED_CONTEXT=$1 "${lazy[@]}" OMNICL_CACHE_DIR=$cache2 timeout 60 java \
          -Dplatform=OmniCL -Dfinish=true -Druns=4 -cp "$O:$P" FrameProbe | grep ^run | cut -c1-24 | tr '\n' ' ')"
        cache3=$HOME/.omnicl/programs; [ "${3:-}" = fresh ] && cache3=$(mktemp -d)
        echo "JacLoop: $(env OMNICL_SHARED_CONTEXT=$1 "${lazy[@]}" OMNICL_CACHE_DIR=$cache3 timeout 90 java -Dn=8192 \
          -Diters=100 -Dreps=4 -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" JacLoop 2>&1 | grep -E "^run" | awk '{printf "%s ", $3}')"
      done
    done
    echo "=== plain JOCL: ColdPhases, FrameProbe, JacLoop"
    timeout 60 java -Dplatform=NVIDIA -cp "$J:$P" ColdPhases 2>&1 | awk '{printf "%s %s(%s) ", $1, $2, $5}'; echo
    timeout 60 java -Dplatform=NVIDIA -Dfinish=true -Druns=4 -cp "$J:$P" FrameProbe | grep ^run | cut -c1-24 | tr '\n' ' '; echo
    timeout 60 java -Dn=8192 -Diters=100 -Dreps=4 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" JacLoop | awk '{printf "%s ", $3}'; echo
    ;;
  lastrun)
    P="$g/probe"
    kept=$(mktemp -d)
    export OMNICL_PERFMODEL_DIR=$kept
    resident() {
      OMNICL_STATS=1 timeout 90 java "$@" -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" Resident 2>&1 \
        | grep -E "^run|launches on|rror" | sed 's/ us a launch.*//; s/^run [0-9]*: //' | tr '\n' ' '
    }
    jacloop() {
      OMNICL_STATS=1 timeout 120 java -Dn=8192 -Diters=100 "$@" -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" JacLoop 2>&1 \
        | grep -E "^run|launches on" | awk '/^run/{printf "%s ", $3; next} {print}'
    }
    echo "=== plain JOCL: Resident Jacobi 8192² (1000 launches), JacLoop 8192² (100 sweeps a run)"
    timeout 60 java -Dwhat=jacobi -Dlaunches=1000 -Dreps=3 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident 2>&1 \
      | grep "^run" | cut -c1-30 | tr '\n' ' '; echo
    timeout 60 java -Dn=8192 -Diters=100 -Dreps=5 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" JacLoop | awk '{printf "%s ", $3}'
    echo
    echo "=== all devices, the defaults (OMNICL_SHARED_CONTEXT=auto), a performance model of their own"
    for jvm in 1 2 3; do
      echo "Resident Jacobi 8192², 6 runs of 1000 launches, JVM $jvm: $(resident -Dwhat=jacobi -Dlaunches=1000 -Dreps=6)"
    done
    for jvm in 1 2; do echo "JacLoop, 10 runs, JVM $jvm: $(jacloop -Dreps=10)"; done
    for jvm in 1 2; do echo "JacLoop, 50 runs, JVM $jvm: $(jacloop -Dreps=50)"; done
    cat "$kept/runs"
    unset OMNICL_PERFMODEL_DIR
    ;;
  notcut)
    P="$g/probe"
    spec="-DwaitEach=true -Dwhat=jacobi -Dlaunches=300"
    echo "=== plain JOCL, $spec: $(timeout 60 java $spec -Dreps=4 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident 2>&1 \
      | grep "^run" | sed 's/ us a launch.*//; s/^run [0-9]*: //' | tr '\n' ' ')"
    for round in 1 2 3 4; do
      order="off auto"; [ $((round % 2)) = 0 ] && order="auto off"
      for split in $order; do
        echo "round $round, $spec, all devices, OMNICL_SPLIT=$split: $(OMNICL_SPLIT=$split OMNICL_STATS=1 timeout 90 \
          java $spec -Dreps=6 -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" Resident 2>&1 | grep -E "^run|launches on" \
          | sed 's/ us a launch.*//; s/^run [0-9]*: //' | tr '\n' ' ')"
      done
    done
    ;;
  queues)
    java -cp "$J:$g/probe" Queues
    ;;
  phases)
    echo "=== plain JOCL"
    timeout 60 java -Dplatform=NVIDIA -Ddev=0 -cp "$J:$g/probe" SaxpyPhases | tail -3
    echo "=== OmniCL's first GPU alone"
    OMNICL_DEVICES=NVIDIA timeout 60 java -Dplatform=OmniCL -Ddev=1 -cp "$O:$g/probe" SaxpyPhases | tail -3
    for mode in auto always; do
      echo "=== OmniCL virtual, GPUs only, OMNICL_SPLIT=$mode"
      OMNICL_STATS=1 OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=$mode timeout 60 java -Dplatform=OmniCL -Ddev=0 -cp "$O:$g/probe" \
        SaxpyPhases 2>&1 | grep -v "^\s*$" | tail -12
    done
    ;;
  auto)
    for round in $(seq "${ROUNDS:-2}"); do
      for jar in "$O" "$BASE"; do
        echo "=== round $round $jar: Resident saxpy, 500 launches, auto"
        OMNICL_STATS=1 OMNICL_DEVICES=NVIDIA timeout 60 java -Dwhat=saxpy -Dlaunches=500 -Dreps=6 -Dplatform=OmniCL -Ddev=0 \
          -cp "$jar:$g/probe" Resident 2>&1 | grep -E "^run [345]|cut into|whole:" | cut -c1-90
        echo "=== round $round $jar: Resident Jacobi 8192², 100 launches, auto"
        OMNICL_STATS=1 OMNICL_DEVICES=NVIDIA timeout 40 java -Dwhat=jacobi -Dlaunches=100 -Dreps=5 -Dplatform=OmniCL -Ddev=0 \
          -cp "$jar:$g/probe" Resident 2>&1 | grep -E "^run [34]|cut into|whole:" | cut -c1-90
        for w in "saxpy --warmup 3" "jacobi1 --n 8192 --iterations 100 --warmup 3"; do
          echo "=== round $round $jar: bench $w, auto"
          OMNICL_DEVICES=NVIDIA timeout 100 java -jar "$jar" bench $w --reps 3 --calibration-runs 1 --configs virtual-dmda \
            --no-gantt --quiet 1 --max-others 1 --out-dir /tmp/cut-auto | rows 1
        done
      done
    done
    ;;
  relay)
    P="$g/probe"
    for spec in "jacobi -Dlaunches=1000" "saxpy -Dlaunches=500"; do
      set -- $spec; w=$1; shift
      echo "=== plain JOCL, first GPU: $w"
      timeout 60 java -Dwhat=$w "$@" -Dreps=4 -Dplatform=NVIDIA -Ddev=0 -cp "$J:$P" Resident | grep "^run" | cut -c1-100
    done
    for round in 1 2; do
      for sc in off on; do
        echo "=== round $round shared $sc: jacobi 1000, always"
        OMNICL_SHARED_CONTEXT=$sc OMNICL_STATS=1 OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 90 java -Dwhat=jacobi \
          -Dlaunches=1000 -Dreps=4 -Dplatform=OmniCL -Ddev=0 -cp "$O:$P" Resident 2>&1 \
          | grep -E "^run|launches on|H200  |rror" | cut -c1-120
      done
    done
    for sc in off on; do
      for spec in "jacobi -Dlaunches=1000" "saxpy -Dlaunches=500"; do
        set -- $spec; w=$1; shift
        echo "=== shared $sc: $w, auto"
        OMNICL_SHARED_CONTEXT=$sc OMNICL_DEVICES=NVIDIA timeout 90 java -Dwhat=$w "$@" -Dreps=4 -Dplatform=OmniCL -Ddev=0 \
          -cp "$O:$P" Resident 2>&1 | grep -E "^run|rror" | cut -c1-100
      done
    done
    ;;
  watch)
    for spec in "jacobi -Dlaunches=100 -Dreps=5" "saxpy -Dlaunches=500 -Dreps=5"; do
      set -- $spec; w=$1; shift
      for watch in 50 500 5000; do
        echo "=== $w cut at every launch over the GPUs, OMNICL_WATCH=$watch"
        OMNICL_WATCH=$watch OMNICL_DEVICES=NVIDIA OMNICL_SPLIT=always timeout 60 java -Dwhat=$w "$@" -Dplatform=OmniCL \
          -Ddev=0 -cp "$O:$g/probe" Resident | tail -3 | cut -c1-70
      done
    done
    ;;
  *)
    echo "unknown: $what (workloads, probe, always, trace, ab, abread, abmatmul, newdata, follow, halo, resident, halopipe, first, deaths, gpucpu, queues, phases, auto, watch, relay, threads, stencil, gather)" >&2
    exit 2
    ;;
esac
