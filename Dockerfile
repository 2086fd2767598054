# houseway Discord bot. Build from the repository root:
#   docker build -t houseway-bot .
# The token is never part of the image: pass it at run time (see deploy/README.md).

# --- builder: install the package and its dependencies into a venv -------------------
FROM python:3.11-slim AS builder

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH

WORKDIR /src
# Only what the wheel needs (pyproject's readme is README.md).
COPY pyproject.toml README.md ./
COPY houseway ./houseway
COPY bot ./bot
RUN pip install --no-cache-dir .

# --- runtime: the venv, a font for the card pictures, a non-root user ----------------
FROM python:3.11-slim

# DejaVu Sans Bold is the font bot/cards_image.py looks for first.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
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
