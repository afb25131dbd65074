#!/usr/bin/env bash
# Renders the Mandelbrot demo on the virtual device: builds OmniCL when needed, installs PoCL first when
# missing and root. Without POCL_DEVICES set, PoCL shows two single-threaded CPU devices.
# Options go to the demo, e.g.: ./demo.sh --mode virtual --compare --out mandelbrot.png
set -euo pipefail
cd "$(dirname "$0")"
scripts/ensure-opencl.sh
jar=target/omnicl.jar
if [ ! -f "$jar" ] || [ -n "$(find . -path ./target -prune -o \( -name '*.java' -o -name pom.xml \) -newer "$jar" -print -quit)" ]; then
  mvn -B -ntp -q -Dstyle.color=never install -DskipTests
fi
export POCL_DEVICES="${POCL_DEVICES-basic basic}"
exec java -jar "$jar" demo mandelbrot "$@"
