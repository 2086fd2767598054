"""Start the bot on an answer journal of N unreadable lines; print the time to READY and
the size of its log.

The bot runs as its real entry point (``python -m bot``, LOG_LEVEL=INFO) against the
Discord stand-in in this process, in a fresh directory whose ``data/answers-journal.jsonl``
holds N lines that are not answers (``--line``) and six that are (to a round that does
not exist).
Run: ``python benchmarks/bench_journal_start.py [--lines 1000000] [--line '[1,2,3]']``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.fixtures import bot_env, start_bot_process  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402


async def bench(lines: int, line: bytes) -> None:
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        good = b"".join(
            json.dumps([1, 300_000_000_000_000_000 + n, "As Kd", time.time()]).encode() + b"\n"
            for n in range(6)
        )
        (data / "answers-journal.jsonl").write_bytes((line + b"\n") * lines + good)
        log_path = Path(tmp) / "bot.log"
        env = bot_env(fake, f"sqlite:///{tmp}/b.db", LOG_LEVEL="INFO")
        with log_path.open("wb") as log:
            started = time.perf_counter()
            process = await start_bot_process(env, tmp, output=log)
            try:
                await fake.wait_ready(timeout=600)
                ready = time.perf_counter() - started
            finally:
                process.send_signal(signal.SIGTERM)
                await process.wait()
        output = log_path.read_bytes()
        await fake.stop()
    print(f"journal of {lines + 6:,} lines ({lines:,} unreadable: {line.decode()!r})")
    print(f"start to READY: {ready:.2f} s")
    print(f"log: {len(output):,} bytes, {len(output.splitlines()):,} lines")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--line", default="not an answer", help="each unreadable line")
    arguments = parser.parse_args()
    asyncio.run(bench(arguments.lines, arguments.line.encode()))


if __name__ == "__main__":
    main()
