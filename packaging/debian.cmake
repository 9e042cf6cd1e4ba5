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
set(CPACK_PACKAGE_DESCRIPTION
    "topiceval reads MALLET's topic models and held-out documents without a JVM, reproduces\n"
    " 'mallet evaluate-topics' bit for bit on every core, and estimates held-out likelihoods with\n"
    " honest error bars by the estimators of Wallach et al. (2009), Scott & Baldridge (2013), Foulds &\n"
    " Smyth (2014) and Ahmed & Xing (2007). A C++ library, a command line, Python and Java bindings.")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # topiceval_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What the shared-library scan cannot see: Python's side and the JVM the bridge runs in.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-numpy")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "default-jre-headless | java17-runtime-headless, openmpi-bin")
set(CPACK_STRIP_FILES ON)
include(CPack)
