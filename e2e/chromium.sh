#!/usr/bin/env bash
# Starts Debian's Chromium (or CHROMIUM_PATH) for the browser tests with one --disable-features.
# Chromium honours only the last of several: Playwright passes its own list and e2e/fixtures.ts
# adds the tests' own, so they are joined here and neither is lost (docs/testing.md).
set -euo pipefail
features=()
args=()
for arg in "$@"; do
  case $arg in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
joined=$(
  IFS=,
  echo "${features[*]}"
)
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" ${joined:+"--disable-features=$joined"}
