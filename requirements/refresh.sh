#!/bin/sh
# Refresh the hashed lock files from pyproject.toml with pip-tools (pip install pip-tools),
# run by Python 3.11, the image's and CI's Python. Without arguments the pins stay where
# pyproject.toml still allows them; pass --upgrade (everything) or
# --upgrade-package NAME (one package) to move them. Commit both files together.
set -eu
cd "$(dirname "$0")/.."
export CUSTOM_COMPILE_COMMAND="requirements/refresh.sh"
# --all-build-deps --allow-unsafe: setuptools and wheel, which build the package itself,
# are pinned and hashed too, so `pip install --no-build-isolation` downloads nothing more.
set -- --quiet --generate-hashes --allow-unsafe --all-build-deps --strip-extras \
    --no-emit-index-url --no-emit-find-links "$@"
pip-compile "$@" --extra test --output-file requirements/test.lock pyproject.toml
# The runtime lock is the test lock's subset: the image runs what CI tested.
pip-compile "$@" --constraint requirements/test.lock --output-file requirements/runtime.lock \
    pyproject.toml
