#!/usr/bin/env bash
# Makes sure an OpenCL ICD loader and PoCL are installed; installs them with apt when missing and root.
set -euo pipefail
have_loader() { ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so'; }
have_pocl() { ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1; }
if have_loader && have_pocl; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
  echo "OpenCL is missing: install an ICD loader and PoCL, e.g." >&2
  echo "  sudo apt-get install pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq pocl-opencl-icd ocl-icd-libopencl1 ocl-icd-opencl-dev >/dev/null
have_loader && have_pocl
