#!/usr/bin/env bash
# Runs every test: unit and property tests of each module, the JOCL 2.0.5 compatibility checks (japicmp,
# constants, names), and the conformance suite on the real JOCL (the reference) and on OmniCL's virtual
# and pinned devices. Installs PoCL first when missing and root.
set -euo pipefail
cd "$(dirname "$0")"
scripts/ensure-opencl.sh
mvn -B -ntp install "$@"
