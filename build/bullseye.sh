#!/bin/bash
# shellcheck disable=SC2016  # the quoted commands run in the root, where they expand
# Build the Linux download on Debian 11 (bullseye, glibc 2.31) from a Debian 12 (or newer)
# machine, without containers: a bullseye root made with debootstrap, a Python 3.11 built in
# it from Debian's python3.11 source package (bullseye ships 3.9 only), then build/build.py
# run there with --max-glibc 2.31. What the release workflow does in its python:3.11-bullseye
# container, for a machine that has only Debian's and PyPI's package archives.
#
#     sudo bash build/bullseye.sh [ROOT]      (ROOT: /srv/mecha-corta-bullseye by default)
#
# Needs root (debootstrap, chroot, mounts), debootstrap (apt-get install debootstrap), about
# 1.6 GB of disk and, on 2 cores, about 4 minutes the first time (most of it the Python build);
# later runs reuse the root and its Python (30 s). The download lands in dist/ as usual.
# docs/PACKAGING.md, "The Linux download and glibc", has the figures.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=${1:-/srv/mecha-corta-bullseye}
mirror=http://deb.debian.org/debian
python=/opt/python3.11/bin/python3.11

step() { printf '==> %s\n' "$*"; }
[ "$(id -u)" -eq 0 ] || { echo "bullseye.sh: run as root (debootstrap and chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "bullseye.sh: apt-get install debootstrap" >&2; exit 1; }

in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PIP_CERT=/build/host-ca-certificates.crt "$@"; }

cleanup() {
    for mount in dev proc; do
        if mountpoint -q "$root/$mount"; then umount -l "$root/$mount"; fi
    done
}
trap cleanup EXIT

if [ ! -x "$root/usr/bin/apt-get" ]; then
    step "debootstrap bullseye into $root"
    debootstrap --variant=minbase \
        --include=build-essential,dpkg-dev,ca-certificates,binutils,libffi-dev,zlib1g-dev,libbz2-dev,liblzma-dev,libssl-dev,libexpat1-dev,uuid-dev,libsqlite3-dev,libreadline-dev,libncurses-dev \
        bullseye "$root" "$mirror"
fi
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
mountpoint -q "$root/dev" || mount --rbind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# pip in the root trusts the certificates this machine trusts (a proxy's own, where there is one)
mkdir -p "$root/build"
cp /etc/ssl/certs/ca-certificates.crt "$root/build/host-ca-certificates.crt"
cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror bullseye main
deb $mirror bullseye-updates main
deb ${mirror}-security bullseye-security main
deb-src $mirror bookworm main
EOF
step "bullseye's updates"
in_root apt-get update -qq
in_root apt-get -y -qq upgrade >/dev/null
in_root ldd --version | sed -n 1p  # sed reads it all: no SIGPIPE under pipefail

if [ ! -x "$root$python" ]; then
    step "Python 3.11 from Debian's python3.11 source package, into /opt/python3.11"
    in_root bash -c 'mkdir -p /src && cd /src && { ls -d python3.11-3.11.* >/dev/null 2>&1 || apt-get source -qq python3.11; }'
    # Debian's own packaging would also run the test suite and PGO (an hour here); the plain
    # build below keeps Debian's patches, and with them Debian's choices: the system's expat,
    # and no ensurepip (pip comes from PyPI below).
    # One of those patches (a backported fix) has Modules/pyexpat.c include an internal header,
    # which asks for Py_BUILD_CORE_MODULE; upstream's modules define it first thing, as here.
    in_root bash -c 'cd /src/python3.11-3.11.* && make distclean >/dev/null 2>&1 || true
        grep -q "define Py_BUILD_CORE_MODULE" Modules/pyexpat.c ||
            sed -i "1i #ifndef Py_BUILD_CORE_BUILTIN\n#  define Py_BUILD_CORE_MODULE 1\n#endif" \
                Modules/pyexpat.c
        ./configure -q --prefix=/opt/python3.11 --enable-shared --without-ensurepip \
            --with-system-expat --with-system-ffi \
            LDFLAGS=-Wl,-rpath,/opt/python3.11/lib > /src/configure.log &&
        make -j"$(nproc)" > /src/make.log 2>&1 && make install > /src/install.log 2>&1'
fi
in_root "$python" -c 'import sys, ssl, ctypes, zlib, bz2, lzma, pyexpat; print("    Python", sys.version)'

step "a venv with pip (from PyPI) and the game's build dependencies"
rm -rf "$root/build/src"
mkdir -p "$root/build/src" "$root/build/wheels"
git -C "$repo" ls-files -z --cached --others --exclude-standard \
    | (cd "$repo" && tar --null -cf - -T -) | tar -xf - -C "$root/build/src"
if [ ! -x "$root/build/venv/bin/pip" ]; then
    python3 -m pip download -q --no-deps --only-binary=:all: -d "$root/build/wheels" pip
    in_root "$python" -m venv --without-pip /build/venv
    in_root bash -c 'wheel=$(ls /build/wheels/pip-*.whl | tail -n 1) &&
        /build/venv/bin/python "$wheel/pip" install -q --no-index "$wheel"'
fi
in_root bash -c 'cd /build/src && /build/venv/bin/pip install -q --disable-pip-version-check -e ".[build]"'

step "build/build.py --selftest --max-glibc 2.31, in bullseye"
in_root bash -c 'cd /build/src && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    /build/venv/bin/python build/build.py --clean --selftest --max-glibc 2.31'
mkdir -p "$repo/dist"
cp "$root"/build/src/dist/mecha-corta-*-linux-*.tar.gz* "$repo/dist/"
step "copied to $repo/dist: $(cd "$root/build/src/dist" && ls mecha-corta-*-linux-*.tar.gz*)"
