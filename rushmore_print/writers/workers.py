"""Work spread over forked processes: how many (:func:`worker_count`), whether forking is safe
here (:func:`can_fork`), and :func:`run_forked`, which runs the tasks in this process and its
forked workers and gathers their results in order (``build`` and ``export`` use it).

Its own module, apart from ``files.py``: a command that writes one file (``impose``) never forks,
and need not import what forking and the results' travel between processes take.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import selectors
import signal
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeVar

from ..errors import BuildError, RushmoreError


def worker_count(tasks: int, most: int = 4) -> int:
    """How many processes to spread ``tasks`` over: one a core this process may run on, at most
    ``most``; the environment variable ``RUSHMORE_WORKERS`` overrides it (the test suite, already
    one process a core, sets 1).

    >>> worker_count(1)
    1
    """
    wanted = os.environ.get("RUSHMORE_WORKERS", "")
    cores = int(wanted) if wanted.isdigit() and int(wanted) > 0 else usable_cores()
    return max(1, min(cores, tasks, most))


def usable_cores() -> int:
    """The cores this process may run on: those of its CPU affinity (``taskset``, a container's
    CPU set) where the system says, else every core.

    >>> usable_cores() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether work may go to forked processes: where ``os.fork`` exists, except on macOS, whose
    system libraries may crash in a forked child (CPython's own ``multiprocessing`` stopped
    forking there by default for that reason), and while no other thread runs (a lock another
    thread held at the fork, in a program using this library, would stay held in the child). A
    decoding thread libjpeg's fatal error parked holds no lock and never runs again: it is no bar.

    >>> can_fork() == (hasattr(os, "fork") and sys.platform != "darwin")
    True
    """
    import threading  # loaded already by anything that starts a thread

    from ..readers.libjpeg import PARKED_THREAD

    others = [thread for thread in threading.enumerate() if thread is not threading.current_thread()]
    alone = all(thread.name == PARKED_THREAD for thread in others)
    return hasattr(os, "fork") and sys.platform != "darwin" and alone


def die_with_parent(parent: int | None = None) -> None:
    """In a worker process: end when the parent does, even when it is killed with ``kill -9``
    (a worker left behind would go on using a core and memory for nothing). ``parent``: the
    parent's process id, read by the parent before the worker started: a worker that reads its
    parent itself may be too late (the parent killed first, the worker adopted by another), and
    would then watch the wrong one.

    >>> import os
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> with ProcessPoolExecutor(1, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
    ...     pool.submit(sum, [1, 2]).result()
    3
    """
    import ctypes  # here: only worker processes need these
    import threading
    import time

    parent = os.getppid() if parent is None else parent
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL) == 0:
                if os.getppid() != parent:  # the parent died before prctl took effect
                    os._exit(1)
                return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


PR_SET_PDEATHSIG = 1


R = TypeVar("R")


def run_forked(
    count: int,
    run: Callable[[int], R],
    workers: int,
    order: Sequence[int] | None = None,
    started: Callable[[int], None] | None = None,
    name: Callable[[int], str] = str,
) -> list[R]:
    """``[run(0), ..., run(count - 1)]``, computed by ``workers`` processes: this one and
    ``workers - 1`` forked from it, which share what it holds (nothing is copied or pickled but
    each task's number and result).

    Each process takes the next task as it becomes free, in ``order`` (the costliest first
    balances them best). ``started(task)`` is called here, in task order, once for each task, as
    soon as it and every task before it has started. A task that raises stops the others: its
    exception is raised here (a forked worker's rebuilt as itself, or as a ``BuildError`` with
    its message where it cannot travel); a worker that dies without its result (killed, out of
    memory) is a ``BuildError`` naming ``name(task)``. Use :func:`can_fork` first; ``run`` must
    not print (only this process talks to the user).

    >>> run_forked(5, lambda task: task * task, workers=2, order=[4, 3, 2, 1, 0])
    [0, 1, 4, 9, 16]
    """
    order = list(range(count)) if order is None else list(order)
    if sorted(order) != list(range(count)) or count > MOST_FORKED_TASKS:
        raise ValueError(f"order must list each of {count} tasks once (at most {MOST_FORKED_TASKS})")
    tasks, queue = os.pipe()
    # The whole queue is written before any worker starts; it fits the smallest pipe (one page).
    os.write(queue, b"".join(task.to_bytes(4, "little") for task in order))
    os.close(queue)
    team = _Team(count, started, name)
    gc.freeze()  # what is here now is never scanned by a worker's collector: it stays shared, not copied
    parent = os.getpid()
    try:
        chunk = os.read(tasks, 4)  # this process works too, the costliest task first
        for _ in range(workers - 1):
            results, answer = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: never returns into the caller's code
                _work(tasks, answer, run, [results, *team.pids], parent)
            os.close(answer)
            team.join(results, pid)
        while chunk:
            task = int.from_bytes(chunk, "little")
            team.begun(task)
            team.results[task] = run(task)
            team.listen(0)  # what the workers said meanwhile: progress, or a failure that ends it all
            chunk = os.read(tasks, 4)
        while team.listening():
            team.listen(None)
        return team.gathered()
    finally:
        gc.unfreeze()
        os.close(tasks)
        team.end()


class _Team:
    """What the processes of :func:`run_forked` have begun and made, as this process hears it."""

    def __init__(self, count: int, started: Callable[[int], None] | None, name: Callable[[int], str]) -> None:
        self.count, self.started, self.name = count, started, name
        self.pids: dict[int, int] = {}  # a worker's result pipe -> its process id
        self.results: dict[int, object] = {}
        self._begun: set[int] = set()
        self._announced = 0
        self._buffers: dict[int, bytearray] = {}
        self._selector = selectors.DefaultSelector()

    def join(self, results: int, pid: int) -> None:
        self.pids[results] = pid
        self._buffers[results] = bytearray()
        self._selector.register(results, selectors.EVENT_READ)

    def begun(self, task: int) -> None:
        self._begun.add(task)
        while self._announced in self._begun:
            if self.started is not None:
                self.started(self._announced)
            self._announced += 1

    def listening(self) -> bool:
        return bool(self._selector.get_map())

    def listen(self, timeout: float | None) -> None:
        """Read what the workers have said (waiting up to ``timeout`` seconds, None: until one speaks)."""
        if not self.listening():
            return
        for key, _ in self._selector.select(timeout):
            fd = int(key.fd)
            data = os.read(fd, 65536)
            if not data:  # the worker has ended
                self._selector.unregister(fd)
                continue
            buffer = self._buffers[fd]
            buffer += data
            while len(buffer) >= 4 and len(buffer) >= 4 + (size := int.from_bytes(buffer[:4], "little")):
                kind, task, *rest = pickle.loads(buffer[4 : 4 + size])
                del buffer[: 4 + size]
                if kind == "failed":
                    _raise(rest[0])
                if kind == "done":
                    self.results[task] = rest[0]
                self.begun(task)

    def gathered(self) -> list:
        """Every result in task order; a ``BuildError`` if a worker died before making its tasks."""
        missing = [task for task in range(self.count) if task not in self.results]
        if missing:
            how = "stopped"
            for pid in self.pids.values():
                with contextlib.suppress(ChildProcessError):
                    _, status = os.waitpid(pid, 0)
                    if os.WIFSIGNALED(status):
                        how = f"killed ({signal.Signals(os.WTERMSIG(status)).name})"
            raise BuildError(f"a worker process was {how} while making {self.name(missing[0])}; nothing was written")
        return [self.results[task] for task in range(self.count)]

    def end(self) -> None:
        """Stop and reap the workers (done already, but for one that failed or was interrupted)."""
        self._selector.close()
        for results, pid in self.pids.items():
            os.close(results)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


MOST_FORKED_TASKS = 1024  # 4 bytes each: the queue fits one 4 KB pipe page


def _work(tasks: int, answer: int, run: Callable[[int], object], inherited: list[int], parent: int) -> NoReturn:
    """A forked worker's life: tasks from the queue until it is empty, each answered with
    ``("started", task)`` and then ``("done", task, result)`` or ``("failed", task, error)``."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent ends its workers itself
        for fd in inherited:
            os.close(fd)
        die_with_parent(parent)
        while chunk := os.read(tasks, 4):
            task = int.from_bytes(chunk, "little")
            _send(answer, ("started", task))
            try:
                result = run(task)
            except BaseException as exc:
                _send(answer, ("failed", task, _portable(exc)))
                break
            _send(answer, ("done", task, result))
        status = 0
    finally:
        os._exit(status)  # not through the caller's stack: its cleanup (a staging folder's) is the parent's


def _send(fd: int, message: tuple) -> None:
    data = pickle.dumps(message)
    view = memoryview(len(data).to_bytes(4, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


def _portable(exc: BaseException) -> tuple:
    """``exc`` as it can travel to the parent: its class, arguments and attributes, rebuilt there
    without calling its ``__init__`` (which may not take its own message: ``SpecError`` takes
    problems), so it arrives as itself; one that cannot travel arrives as a ``BuildError`` (the
    toolkit's own errors) or a ``RuntimeError`` that says what it was. An error that is not the
    toolkit's brings the worker's traceback along (for ``RUSHMORE_DEBUG``)."""
    where = None if isinstance(exc, RushmoreError) else "".join(traceback.format_exception(exc)).rstrip()
    payload = (type(exc), exc.args, exc.__dict__, where)
    try:
        pickle.loads(pickle.dumps(payload))
        return payload
    except Exception:  # a class or attribute pickle cannot carry: in words below
        pass
    error = BuildError(str(exc)) if where is None else RuntimeError(f"{type(exc).__name__}: {exc}")
    return type(error), error.args, {}, where


class WorkerTraceback(Exception):
    """Where an unexpected error happened in a worker process: the cause of the error raised
    for it in the parent, so that a traceback shows both.

    >>> import time
    >>> try:  # this process sleeps on task 1 while a worker divides by task 0
    ...     run_forked(2, lambda task: time.sleep(0.5) if task else 1 / task, workers=2, order=[1, 0])
    ... except ZeroDivisionError as exc:
    ...     type(exc.__cause__).__name__, "Traceback" in str(exc.__cause__)
    ('WorkerTraceback', True)
    """


def _raise(payload: tuple) -> NoReturn:
    kind, args, state, where = payload
    exc = kind.__new__(kind, *args)
    exc.args = args
    exc.__dict__.update(state)
    raise exc from (None if where is None else WorkerTraceback(f"in a build worker process:\n{where}"))


__all__ = [
    "MOST_FORKED_TASKS",
    "WorkerTraceback",
    "can_fork",
    "die_with_parent",
    "run_forked",
    "usable_cores",
    "worker_count",
]
