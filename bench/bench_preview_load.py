"""``rushmore preview --watch`` under load: idle and slow clients, and a normal request meanwhile.

Starts ``rushmore preview DESIGN --watch`` in its own process (as a designer runs it), then
opens ``--idle`` connections that never send a byte and ``--slow`` ones that are slow on
purpose (half send their request a byte every half second, half ask for the page and read it a
kilobyte every half second), all held open for ``--hold`` seconds, and meanwhile times normal
requests for the page (a new connection each, the whole page read). Prints, for the code here and
(``--before DIR``, a checkout of older code) for that code, side by side: the normal requests'
median and slowest time (from a thread of their own, once the crowd is connected), how many
failed, the server's peak memory (VmHWM), and the lines (beyond its build reports) and tracebacks
it printed on its terminal.

Issue 32 asks, with 1,000 idle and 400 slow clients: no traceback, under 200 MB, and a normal
request served in under 100 ms.

Run:  python bench/bench_preview_load.py [--design designs/eight.yaml] [--before DIR]   (about 40 s)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 100.0
TARGET_MB = 200.0


def peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def idle(port: int, hold: float, connected: list[int]) -> None:
    with contextlib.suppress(OSError):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        connected.append(1)
        with contextlib.suppress(OSError, asyncio.TimeoutError):
            await asyncio.wait_for(reader.read(), hold)
        writer.close()


async def slow_sender(port: int, hold: float, connected: list[int]) -> None:
    request = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    with contextlib.suppress(OSError):
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        connected.append(1)
        end = time.monotonic() + hold
        for byte in request:
            if time.monotonic() > end:
                break
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(0.5)
        writer.close()


async def slow_reader(port: int, hold: float, connected: list[int]) -> None:
    with contextlib.suppress(OSError):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1024)
        connected.append(1)
        writer.transport.set_write_buffer_limits(0)
        sock = writer.get_extra_info("socket")
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        end = time.monotonic() + hold
        while time.monotonic() < end:
            chunk = await reader.read(1024)
            if not chunk:
                break
            await asyncio.sleep(0.5)
        writer.close()


def normal(port: int) -> float | None:
    """One normal request on a connection of its own, timed until the whole page is read."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            data = b"".join(iter(lambda: sock.recv(1 << 16), b""))
    except OSError:
        return None
    if not data.startswith(b"HTTP/1.1 200") or not data.rstrip().endswith(b"</html>"):
        return None
    return (time.perf_counter() - started) * 1000


def probe(port: int, count: int, every: float, ready: threading.Event, times: list[float | None]) -> None:
    """The normal requests, from a thread of their own (the crowd's event loop does not delay them)."""
    ready.wait(30)
    for _ in range(count):
        times.append(normal(port))
        time.sleep(every)


async def load(port: int, idle_count: int, slow_count: int, hold: float, probes: int) -> list[float | None]:
    connected: list[int] = []
    clients = [idle(port, hold, connected) for _ in range(idle_count)]
    clients += [slow_sender(port, hold, connected) for _ in range(slow_count // 2)]
    clients += [slow_reader(port, hold, connected) for _ in range(slow_count - slow_count // 2)]
    ready, times = threading.Event(), []
    prober = threading.Thread(target=probe, args=(port, probes, hold / probes / 2, ready, times))
    prober.start()
    crowd = asyncio.gather(*clients)
    deadline = time.monotonic() + 10
    while len(connected) < len(clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    ready.set()  # the crowd is in: now the normal requests
    await crowd
    await asyncio.to_thread(prober.join)
    return times


def run(code: Path, design: Path, args: argparse.Namespace) -> list[str]:
    folder = tempfile.mkdtemp(prefix="bench-preview-load-")
    command = [sys.executable, "-m", "rushmore_print", "preview", str(design), "--watch", "--port", "0", "-o", folder]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=code)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        times = asyncio.run(load(port, args.idle, args.slow, args.hold, args.probes))
        served = sorted(t for t in times if t is not None)
        memory = peak_mb(process.pid)
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    failed = len(times) - len(served)
    median = f"{statistics.median(served):.0f}" if served else "-"
    slowest = f"{served[-1]:.0f}" if served else "-"
    said = [line for line in err.splitlines() if not line.startswith(("rebuilt (", "errors shown ("))]
    return [median, slowest, f"{failed}/{len(times)}", f"{memory:.0f}", str(len(said)), str(err.count("Traceback"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--design", type=Path, default=ROOT / "designs" / "eight.yaml")
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=400)
    parser.add_argument("--hold", type=float, default=20.0, help="seconds the crowd stays")
    parser.add_argument("--probes", type=int, default=20, help="normal requests while it does")
    parser.add_argument("--before", type=Path, help="a checkout of older code to run beside this one")
    args = parser.parse_args()
    design = args.design.resolve()
    print(f"{design.name}: {args.idle} idle and {args.slow} slow clients for {args.hold:g} s, "
          f"{args.probes} normal requests meanwhile")  # fmt: skip
    heads = ["code", "normal median ms", "slowest ms", "failed", "peak MB", "other lines on stderr", "tracebacks"]
    rows = [heads, ["this", *run(ROOT, design, args)]]
    if args.before:
        rows.append([str(args.before), *run(args.before.resolve(), design, args)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(heads))]
    for row in rows:
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths)))
    print(f"targets: a normal request under {TARGET_MS:g} ms, under {TARGET_MB:g} MB, no traceback")


if __name__ == "__main__":
    main()
