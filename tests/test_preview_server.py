"""``rushmore preview --watch`` served with the table's guards (issue 32.7): a foreign Host gets
421, a crowd of idle and slow clients neither stops a normal request nor prints a traceback nor
grows the process past 200 MB, and event streams are bounded in number."""

import asyncio
import contextlib
import http.client
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rushmore_print.web.guards import Notes
from rushmore_print.web.live import MOST_STREAMS, Served

ROOT = Path(__file__).resolve().parent.parent


def get(port, path="/", **headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response.status, response.read()


def test_a_foreign_host_or_origin_gets_nothing_and_only_the_page_is_served():
    said = []
    served = Served(0, Notes(said.append))
    try:
        served.publish("<p>the design</p>", 1)
        assert get(served.port) == (200, b"<p>the design</p>")
        status, body = get(served.port, Host=f"rebind.example:{served.port}")
        assert status == 421 and b"design" not in body
        assert get(served.port, Origin="http://rebind.example")[0] == 403
        for path in ("/design.yaml", "/../x", "/static/x"):
            assert get(served.port, path)[0] == 404, path
    finally:
        served.close()
    assert not said


def test_event_streams_are_bounded_and_a_closed_one_prints_nothing():
    said = []
    served = Served(0, Notes(said.append))
    try:
        served.publish("<p>one</p>", 1)
        streams = []
        for _ in range(MOST_STREAMS + 5):
            connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
            connection.request("GET", "/events")
            stream = connection.getresponse()
            assert stream.readline() == b"data: 1\n"
            streams.append((connection, stream))
        for connection, _ in streams[-3:]:
            connection.close()  # tabs closed mid-stream: no BrokenPipe, no note
        served.publish("<p>two</p>", 2)
        oldest = streams[0][1]
        assert oldest.read() in (b"", b"\n")  # closed for the newer ones
        newest = streams[-4][1]
        newest.readline()
        assert newest.readline() == b"data: 2\n"
        for connection, _ in streams:
            connection.close()
    finally:
        served.close()
    assert not said and len(served.live.streams) == 0


async def _crowd(port, idle, slow, hold):
    async def silent():
        with contextlib.suppress(OSError):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            with contextlib.suppress(OSError, asyncio.TimeoutError):
                await asyncio.wait_for(reader.read(), hold)
            writer.close()

    async def reading_slowly():
        with contextlib.suppress(OSError):
            reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1024)
            writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            end = time.monotonic() + hold
            while time.monotonic() < end and await reader.read(1024):
                await asyncio.sleep(0.5)
            writer.close()

    async def sending_slowly():
        with contextlib.suppress(OSError):
            _reader, writer = await asyncio.open_connection("127.0.0.1", port)
            end = time.monotonic() + hold
            for byte in b"GET / HTTP/1.1\r\n":
                if time.monotonic() > end:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(0.3)
            writer.close()

    clients = [silent() for _ in range(idle)] + [reading_slowly() for _ in range(slow // 2)]
    await asyncio.gather(*clients, *(sending_slowly() for _ in range(slow - slow // 2)))


@pytest.mark.slow  # 1,400 clients, 15 s; the default run keeps the host, origin and stream-bound tests
def test_1000_idle_and_400_slow_clients_print_no_traceback_and_a_normal_request_is_served(tmp_path):
    command = [sys.executable, "-m", "rushmore_print", "preview", str(ROOT / "designs" / "classic.yaml"), "--watch",
               "--port", "0", "-o", str(tmp_path)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline().split("http://127.0.0.1:")[1].split("/")[0])
        page = (tmp_path / "preview.html").read_bytes()
        crowd = threading.Thread(target=asyncio.run, args=(_crowd(port, 1000, 400, hold=6.0),))
        crowd.start()
        time.sleep(2.0)
        answers = []
        for _ in range(5):  # meanwhile, the designer's own tab (timed in bench/bench_preview_load.py)
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
                answers.append(b"".join(iter(lambda sock=sock: sock.recv(1 << 16), b"")))
            time.sleep(0.3)
        crowd.join()
        status = Path(f"/proc/{process.pid}/status")  # Linux: the peak of the resident memory
        lines = status.read_text().splitlines() if status.exists() else ["VmHWM: 0 kB"]
        peak_mb = int(next(line for line in lines if line.startswith("VmHWM:")).split()[1]) / 1024
    finally:
        process.terminate()
        _out, err = process.communicate(timeout=30)
    assert all(answer.startswith(b"HTTP/1.1 200") and answer.endswith(page) for answer in answers)
    assert peak_mb < 200, peak_mb
    said = [line for line in err.splitlines() if not line.startswith("rebuilt (")]
    assert "Traceback" not in err and not said, err[-3000:]
