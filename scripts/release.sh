#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The release, from a clean checkout, into dist/:
#   topiceval-VERSION.tar.gz          the source: git archive of HEAD. Everything below is built from it,
#                                     unpacked apart, so the tarball is proven complete
#   topiceval_VERSION_ARCH.deb        the Debian package (scripts/build-deb.sh)
#   topiceval-VERSION-*.whl           the Python wheel (setup.py; it needs no Boost installed)
#   topiceval_VERSION.tar.gz          the R source package (R CMD build r)
#   topiceval-VERSION-guide.tar.gz    the guide's site (mkdocs build --strict), with LICENSE, NOTICE and, in
#                                     third-party/, Debian's copyright file of each package whose files the
#                                     theme copied into it
#   SHA256SUMS                        sha256sum of each (sha256sum -c SHA256SUMS checks them)
# Then each is installed and used as scripts/check-install.sh does (its check_* functions): the source
# tarball's build installed with cmake --install and built against; the .deb installed with apt-get, run
# and purged; the wheel in a fresh venv (pip show, its license files, no Boost: ldd and a run with every
# libboost hidden) with the Python suite against it; the R package through R CMD check and R CMD INSTALL; the
# site unpacked and its pages there. Any failure stops it with a non-zero exit.
# It builds the library three times (the source tarball's build, the .deb's, the wheel's; through ccache
# when installed, in CCACHE_DIR or the checkout's .cache/ccache) and runs R CMD check: tens of minutes, so
# scripts/test.sh does not run it (the ctests version_agrees_everywhere and license_in_every_package_metadata
# check what it would state, and check-install.sh the same packages built from the checkout).
#   scripts/release.sh
set -euo pipefail
# root, fixtures, binary, version, license, fail and the check_* functions.
# shellcheck source=scripts/check-install.sh
source "$(dirname "$0")/check-install.sh"
cd "$root"
if [ -n "$(git status --porcelain)" ]; then
  git status --short >&2
  fail "scripts/release.sh builds from a clean checkout: commit or remove the changes above first"
fi
name=topiceval-$version
dist=$root/dist
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$dist"
mkdir -p "$dist"
export CCACHE_DIR="${CCACHE_DIR:-$root/.cache/ccache}" CCACHE_NOHASHDIR=1

echo "== $name.tar.gz: git archive of $(git rev-parse --short HEAD)"
git archive --format=tar.gz --prefix="$name/" -o "$dist/$name.tar.gz" HEAD
tar -xzf "$dist/$name.tar.gz" -C "$work"
tree=$work/$name
diff <(git ls-files | sort) <(cd "$tree" && find . \( -type f -o -type l \) -printf '%P\n' | sort) ||
  fail "$name.tar.gz does not hold exactly the checkout's tracked files"
# Paths hashed relative to the unpacked tree: its three builds share their objects through ccache.
export CCACHE_BASEDIR=$tree

echo "== built from the source tarball, installed into a prefix and built against"
(cd "$tree" && scripts/build.sh --no-tests)
binary=$tree/build/topiceval
cmake --install "$tree/build" --prefix "$work/prefix" > /dev/null
mkdir -p "$work/cmake"
check_cmake_prefix "$work/prefix" "$work/cmake"

echo "== the Debian package"
(cd "$tree" && scripts/build-deb.sh "$dist")

echo "== the wheel"
(cd "$tree" && /usr/bin/python3 -P -m build --wheel --no-isolation --outdir "$dist" . > "$work/wheel.log" 2>&1) ||
  { tail -20 "$work/wheel.log"; exit 1; }

echo "== the R source package"
(cd "$dist" && R CMD build "$tree/r" > "$work/r-build.log" 2>&1) || { tail -20 "$work/r-build.log"; exit 1; }

echo "== the guide's site"
site=$work/$name-guide
(cd "$tree" && mkdocs build --strict --quiet --site-dir "$site")
cp "$tree/LICENSE" "$tree/NOTICE" "$site/"
# The theme's files come from Debian's packages (mkdocs' own, or symbolic links into libjs-jquery,
# fonts-lato...): each package's copyright file, which holds its notices and licenses, goes beside them.
mkdocs_dir=$(/usr/bin/python3 -c 'import mkdocs, os; print(os.path.dirname(mkdocs.__file__))')
theme=$(/usr/bin/python3 -c 'import yaml, sys; print(yaml.safe_load(open(sys.argv[1]))["theme"]["name"])' "$tree/mkdocs.yml")
mkdir -p "$site/third-party"
while IFS= read -r -d '' file; do
  for origin in "$mkdocs_dir/themes/$theme/$file" "$mkdocs_dir/contrib/search/templates/$file"; do
    [ -e "$origin" ] || continue
    package=$(dpkg -S "$(readlink -f "$origin")" | head -1 | cut -d: -f1)
    [ -n "$package" ] || fail "$origin belongs to no Debian package: its license is unknown"
    cp "/usr/share/doc/$package/copyright" "$site/third-party/$package.copyright"
  done
done < <(cd "$site" && find . -path ./third-party -prune -o -type f -printf '%P\0')
echo "third-party notices: $(ls "$site/third-party" | paste -sd ' ')"
tar -czf "$dist/$name-guide.tar.gz" -C "$work" "$name-guide"

echo "== SHA256SUMS"
(cd "$dist" && sha256sum -- * > SHA256SUMS && sha256sum --check --quiet SHA256SUMS)
cat "$dist/SHA256SUMS"

echo "== the Debian package, installed and used"
deb=$(ls "$dist"/topiceval_"$version"_*.deb)
dpkg-deb --info "$deb"
mkdir -p "$work/deb"
check_deb "$deb" "$work/deb"

echo "== the wheel, installed and used"
mkdir -p "$work/wheel"
check_wheel "$(ls "$dist"/topiceval-"$version"-*.whl)" "$work/wheel"
check_python_suite "$work/wheel/wheel-venv" "$work/wheel"

echo "== the R source package, checked and installed"
mkdir -p "$work/r"
check_r_package "$dist/topiceval_$version.tar.gz" "$work/prefix" "$work/r"

echo "== the guide's site, unpacked"
mkdir -p "$work/site"
tar -xzf "$dist/$name-guide.tar.gz" -C "$work/site"
for page in index.html getting-started.html reference/commands.html search/search_index.json LICENSE NOTICE \
            third-party/mkdocs.copyright; do
  [ -s "$work/site/$name-guide/$page" ] || fail "$name-guide.tar.gz has no $page"
done
grep -q "topiceval" "$work/site/$name-guide/index.html" || fail "$name-guide/index.html does not name topiceval"
echo "$name-guide.tar.gz: $(find "$work/site/$name-guide" -name '*.html' | wc -l) pages, LICENSE, NOTICE, third-party/"

echo
echo "released $name into $dist:"
ls -l "$dist"
