#!/usr/bin/env bash
# Installs the Debian packages topiceval builds and tests with. Idempotent: does
# nothing (and needs no network) when every package is already installed.
set -euo pipefail

packages=(
  cmake g++ make pkg-config time
  libboost-program-options-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  openjdk-17-jdk-headless
  clang libclang-rt-14-dev
  chromium
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
