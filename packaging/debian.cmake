# SPDX-License-Identifier: Apache-2.0
# A Debian package of everything `cmake --install` puts in place: the executable,
# the shared library and its headers, CMake package and pkg-config file, the
# Java bridge (JNI library, jar, the `mallet` launcher) and the Python package
# for Debian's python3. Built with the install prefix /usr:
#   cmake -S . -B build -DCMAKE_INSTALL_PREFIX=/usr && cmake --build build && cpack --config build/CPackConfig.cmake
# (scripts/build-deb.sh does this; dpkg-shlibdeps, from dpkg-dev, computes the library dependencies).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME topiceval)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "topiceval developers <topiceval@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "held-out likelihood and topic quality for topic models (MALLET's files, natively)")
# One string: separate arguments would make a CMake list, whose ";" separators
# CPack would print at the start of the continuation lines. CPack indents each
# line itself, as the control file wants.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "topiceval reads MALLET's topic models and held-out documents without a JVM,\n"
    "reproduces 'mallet evaluate-topics' bit for bit on every core, and estimates\n"
    "held-out likelihoods with honest error bars by the estimators of Wallach et al.\n"
    "(2009), Scott & Baldridge (2013), Foulds & Smyth (2014) and Ahmed & Xing (2007).\n"
    "A C++ library, a command line, Python and Java bindings.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # topiceval_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What the shared-library scan cannot see: Python's side and the JVM the bridge runs in.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "default-jre-headless | java17-runtime-headless, openmpi-bin")
set(CPACK_STRIP_FILES ON)
# Debian wants /usr/share/doc/PACKAGE/copyright in its machine-readable format (DEP-5): Apache-2.0, with
# the license text Debian keeps in /usr/share/common-licenses; LICENSE and NOTICE are beside it (top-level
# CMakeLists.txt).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT documentation)
include(CPack)
