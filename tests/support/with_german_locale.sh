#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command under LC_ALL=de_DE.UTF-8 (whose decimal separator is a comma),
# with the locale built into a temporary directory (LOCPATH) from Debian's
# `locales` data, so that no system locale needs installing.
#   tests/support/with_german_locale.sh COMMAND [ARGUMENT ...]
set -euo pipefail
directory=$(mktemp -d)
trap 'rm -rf "$directory"' EXIT
localedef -i de_DE -f UTF-8 "$directory/de_DE.UTF-8"
LOCPATH=$directory LC_ALL=de_DE.UTF-8 "$@"
