"""The ``rushmore`` process: ``python -m rushmore_print`` and the console script both run
:func:`launch`, which runs :func:`rushmore_print.cli.main` and ends the process. (Code that wants
the command line in its own process calls ``cli.main``, which raises ``SystemExit``.)

Two things only a whole process may do, for a command line that starts often and lives briefly
(issue 33: ``rushmore impose`` of 55 JPEGs was 1.58x img2pdf's CPU):

* the collector is held off while the commands are imported, and what they made is then frozen
  (``gc.freeze``): the imports make tens of thousands of objects that live as long as the process,
  and every full collection during the imports, and after them, walked all of them again;
* the process ends with ``os._exit`` once the command is over, the ``atexit`` functions run and
  the standard streams flushed: an interpreter's own ending frees every module and object one by
  one (about 25 ms of CPU after an ``impose``), memory the operating system takes back at once.
  A command closes (and syncs) the files it writes itself, never leaving that to the ending; and
  where a thread that is not a daemon still runs, the ordinary ending waits for it, as ever.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import sys
import threading


def launch() -> None:
    """Run the command line in ``sys.argv`` and end the process with its exit code."""
    gc.disable()
    try:
        from .cli import main
    finally:
        gc.freeze()
        gc.enable()
    try:
        main()
    except SystemExit as done:
        leave(done.code)
    leave(0)


def leave(code: object) -> None:
    """End the process as ``sys.exit(code)`` would, without the interpreter's teardown."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("words"): the words on stderr, exit code 1
        print(code, file=sys.stderr)
        status = 1
    main_thread = threading.main_thread()
    if any(thread.is_alive() and not thread.daemon for thread in threading.enumerate() if thread is not main_thread):
        sys.exit(status)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more can be said on it
            stream.flush()
    os._exit(status)


if __name__ == "__main__":
    launch()
