# houseway Discord bot. Build from the repository root:
#   docker build -t houseway-bot .
# The token is never part of the image: pass it at run time (see deploy/README.md).
#
# Reproducible: the base image is a fixed Python release on a fixed Debian, and every
# Python package (setuptools included) comes from requirements/runtime.lock, pinned with
# hashes. To also fix the base image's build, append its digest to both FROM lines
# (docker buildx imagetools inspect python:3.11.17-slim-bookworm).

# --- builder: the locked dependencies, then the package, into a venv ------------------
FROM python:3.11.17-slim-bookworm AS builder

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

WORKDIR /src
# Dependencies first, in a layer of their own: an edit to the code reuses it, and only a
# change to the lock installs them again.
COPY requirements/runtime.lock ./requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/runtime.lock

# Then only what the wheel needs (pyproject's readme is README.md), without dependencies
# (already there) and built by the locked setuptools (no download). setuptools and wheel
# are not needed at run time.
COPY pyproject.toml README.md ./
COPY houseway ./houseway
COPY bot ./bot
RUN pip install --no-cache-dir --no-deps --no-build-isolation . \
    && pip uninstall --yes setuptools wheel

# --- runtime: the venv, a font for the card pictures, a non-root user ----------------
FROM python:3.11.17-slim-bookworm

# Set at build time: docker build --build-arg REVISION="$(git rev-parse HEAD)"
#   --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" --build-arg SOURCE=<repository URL>
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=unknown
LABEL org.opencontainers.image.title="houseway-bot" \
      org.opencontainers.image.description="Discord bot: Pai Gow Poker's House Way by the Swedish 'Huset väljer' rules" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.base.name="docker.io/library/python:3.11.17-slim-bookworm"

# DejaVu Sans Bold is the font bot/pictures/cards_image.py looks for first; the version is
# bookworm's.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core=2.37-6 \
    && rm -rf /var/lib/apt/lists/*

RUN groupadd --system --gid 10001 houseway \
    && useradd --system --uid 10001 --gid houseway --home-dir /app \
       --no-create-home --shell /usr/sbin/nologin houseway

COPY --from=builder /opt/venv /opt/venv

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    HTTP_HOST=0.0.0.0 \
    HTTP_PORT=8080

# The default DATABASE_URL, sqlite:///data/houseway.sqlite3, is relative to WORKDIR:
# /app/data/houseway.sqlite3. The directory is created (and owned by the bot user)
# before VOLUME so that a new named volume inherits the ownership.
WORKDIR /app
RUN mkdir -p /app/data && chown houseway:houseway /app/data
VOLUME ["/app/data"]

USER 10001:10001

EXPOSE 8080

# 200 from /healthz when connected and ready, else 503 (urlopen raises: exit 1).
# No curl or wget in the image: Python's urllib does the request.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('HTTP_PORT', '8080'), timeout=4)" || exit 1

# The bot closes cleanly on SIGTERM and exits 0; exec form so Python is PID 1 and
# receives the signal itself.
STOPSIGNAL SIGTERM
CMD ["houseway-bot"]
