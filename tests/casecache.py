"""The fuzzers' samples, made once and kept on disk while nothing they come from has changed.

A sample parametrises its tests, so every test process makes it while collecting, whether its
tests are selected or not (test_fuzz.py's are ``slow``): 3.7 s of CPU a process, paid by each
xdist worker, for lists that come out the same every time (but for the clock times in the
mutated archives, which no test reads). A sample is pickled into
``tests/__pycache__`` (git-ignored) under a key over the code that makes it: the ``make``
function's own code (its arguments: ``every=20``), every file of ``tests/`` but the test modules
(the fuzzers and their helpers), the package and ``designs/`` (path, size and modification time:
an edit, a checkout or a merge makes a new key), and the versions of Python, Pillow and zlib (the
samples hold images and archives those write). Editing a test module keeps the samples; editing
the package makes them again, in one process: the others wait for it on a lock and read its file.
Where the folder cannot be written, the sample is made as before.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import marshal
import os
import pickle
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import PIL

T = TypeVar("T")

TESTS = Path(__file__).resolve().parent
SOURCES = (TESTS, TESTS.parent / "rushmore_print", TESTS.parent / "designs")  # the package and its example designs
FOLDER = TESTS / "__pycache__" / "samples"


@functools.cache
def sources_key() -> str:
    """A digest of what the samples may depend on: every source and data file's path, size and
    modification time (the test modules left out: a sample's part of one is its ``make``), and the
    versions of Python, Pillow and zlib."""
    digest = hashlib.sha256(f"{sys.version}|{PIL.__version__}|{zlib.ZLIB_RUNTIME_VERSION}".encode())
    for top in SOURCES:
        for folder, names, files in os.walk(top):
            names[:] = sorted(name for name in names if name != "__pycache__")
            for name in sorted(files):
                if folder == str(TESTS) and name.startswith("test_"):
                    continue
                stat = os.stat(os.path.join(folder, name))
                digest.update(f"{folder}/{name}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def kept(name: str, make: Callable[[], T]) -> T:
    """``make()``, or the list it made last time while the sources are unchanged.

    >>> kept("doctest-squares", lambda: [n * n for n in range(4)])
    [0, 1, 4, 9]
    """
    made_by = hashlib.sha256(marshal.dumps(make.__code__)).hexdigest()[:8]
    path = FOLDER / f"{name}-{sources_key()}-{made_by}.pickle"
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    with _one_maker(name):  # the other workers wait here, then read what the first one wrote
        try:
            return pickle.loads(path.read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass
        made = make()
        try:
            for old in FOLDER.glob(f"{name}-*.pickle"):
                old.unlink(missing_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.part")
            partial.write_bytes(pickle.dumps(made, pickle.HIGHEST_PROTOCOL))
            os.replace(partial, path)  # a reader without the lock sees the old file or the whole new one
        except OSError:
            pass
    return made


@contextlib.contextmanager
def _one_maker(name: str):
    """An exclusive lock on ``name``'s lock file while held; nothing where there is no ``fcntl``
    (Windows) or the folder cannot be written: each process makes the sample then."""
    try:
        import fcntl

        FOLDER.mkdir(parents=True, exist_ok=True)
        lock = open(FOLDER / f"{name}.lock", "a")  # noqa: SIM115 (held across the yield)
    except (ImportError, OSError):
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
