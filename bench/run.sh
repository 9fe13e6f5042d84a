#!/usr/bin/env bash
# Benchmark the shipped scenario corpus (see README "Benchmark").
set -euo pipefail
cd "$(dirname "$0")/.."
exec ygo-ruling bench scenarios --repeat "${REPEAT:-5}"
