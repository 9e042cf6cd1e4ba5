# SPDX-License-Identifier: Apache-2.0
# Cross-compiling for 64-bit ARM Linux with Debian's cross compiler
# (g++-aarch64-linux-gnu) and arm64 -dev packages installed through multiarch
# (they land in /usr/lib/aarch64-linux-gnu). scripts/cross-aarch64.sh installs
# both, builds with this file and runs the tests under qemu-user, which CTest
# and GoogleTest's discovery call through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
# The arm64 C library of multiarch (libc6:arm64, in /lib/aarch64-linux-gnu), not the cross
# toolchain's copy in /usr/aarch64-linux-gnu: under Debian 12's qemu-user that copy hangs in
# pthread_create (measured: a program that starts one thread never returns).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /)
