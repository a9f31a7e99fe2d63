"""libjpeg-turbo's own decoder, reached through ctypes, as the judge of a JPEG's coded data.

A JPEG whose markers are whole can still carry damaged entropy-coded data: a scan cut short, a
scan read with the wrong Huffman tables. libjpeg decodes such a scan as far as it can and only
*warns* ("Corrupt JPEG data: premature end of data segment"); Pillow silences the warnings, and a
PDF viewer draws the damage. This module runs libjpeg-turbo with an error manager that keeps the
first warning, so the file can be refused with libjpeg's words.

The library is the one Pillow already ships (its wheels bundle libjpeg-turbo beside it) or the
system's ``libjpeg.so.62``; nothing new is installed and numpy is never imported. Every line
but the last is skipped (``jpeg_skip_scanlines``): every bit of the coded data is still decoded,
but no pixel is made, and the last line is made at 1/8 scale (a progressive file's coefficients
are held whole while its scans are read: 2 bytes a sample, bounded by the size of the file in
``jpeg_script.py``).

libjpeg reports a fatal error by calling ``error_exit``, which must never return (libjpeg's state
is unusable after it; C programs ``longjmp`` out). Python cannot ``longjmp``, so each decode runs
in a thread other than the caller's, and on a fatal error that thread keeps the message, wakes the
caller and then waits forever: each costs one parked thread and the file's bytes for the rest of
the process. A decoding thread ends when its file is judged, so none outlives the call (a live
thread keeps the package from forking workers), except inside :meth:`Libjpeg.reusing_threads`,
where a caller judging many files keeps them for the next file: starting a thread a file was
about a fifth of the CPU of judging 55 poker cards.
So the structural checks of ``rasters.py`` and ``jpeg_script.py`` refuse first what would end
libjpeg (a marker no decoder reads, Huffman codes that do not fit their lengths, sides, sampling
and scans libjpeg cannot read): of 3,000 randomly damaged JPEGs, 29 reached a fatal error here
before the first two; with all of them, none of 9,000 random ones and 5,500 made to attack the
check did (``tests/test_rasters.py`` keeps both kinds).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import importlib.util
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from queue import SimpleQueue
from typing import Any

# The ABI of JPEG_LIB_VERSION 62 (libjpeg-turbo's default, the soname libjpeg.so.62 and Pillow's
# bundled copy alike), on a platform whose pointers are 8 bytes and whose jpeglib.h ``boolean`` is
# an int (Linux and macOS; Windows makes it a byte, and Pillow links libjpeg statically there).
__all__ = ["PARKED_THREAD", "Libjpeg", "strict_decoder"]

# The name a decoding thread takes when a fatal error parks it: such a thread holds no lock and
# never runs again, so it does not keep the package from forking workers (writers/files.py).
PARKED_THREAD = "libjpeg parked"
_DECODING_THREAD = "libjpeg check"

_LIB_VERSION = 62
_DECOMPRESS_SIZE = 632  # sizeof(struct jpeg_decompress_struct), which jpeg_CreateDecompress checks
_MESSAGE_LENGTH = 200  # JMSG_LENGTH_MAX
_SCALE = 8  # the last line made at 1/8 scale: the inverse DCT shrinks, the Huffman decoding does not

_ErrorExit = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_EmitMessage = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int)
_FormatMessage = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)


class _ErrorManager(ctypes.Structure):
    """``struct jpeg_error_mgr`` of jpeglib.h."""

    _fields_ = [
        ("error_exit", _ErrorExit),
        ("emit_message", _EmitMessage),
        ("output_message", _ErrorExit),
        ("format_message", _FormatMessage),
        ("reset_error_mgr", _ErrorExit),
        ("msg_code", ctypes.c_int),
        ("msg_parm", ctypes.c_char * 80),
        ("trace_level", ctypes.c_int),
        ("num_warnings", ctypes.c_long),
        ("jpeg_message_table", ctypes.c_void_p),
        ("last_jpeg_message", ctypes.c_int),
        ("addon_message_table", ctypes.c_void_p),
        ("first_addon_message", ctypes.c_int),
        ("last_addon_message", ctypes.c_int),
    ]


class _Decompress(ctypes.Structure):
    """``struct jpeg_decompress_struct`` of jpeglib.h (version 62) as far as ``output_scanline``;
    the rest (libjpeg's own state) is bytes of the size the library checks."""

    _fields_ = [
        ("err", ctypes.POINTER(_ErrorManager)),
        ("mem", ctypes.c_void_p),
        ("progress", ctypes.c_void_p),
        ("client_data", ctypes.c_void_p),
        ("is_decompressor", ctypes.c_int),
        ("global_state", ctypes.c_int),
        ("src", ctypes.c_void_p),
        ("image_width", ctypes.c_uint),
        ("image_height", ctypes.c_uint),
        ("num_components", ctypes.c_int),
        ("jpeg_color_space", ctypes.c_int),
        ("out_color_space", ctypes.c_int),
        ("scale_num", ctypes.c_uint),
        ("scale_denom", ctypes.c_uint),
        ("output_gamma", ctypes.c_double),
        ("buffered_image", ctypes.c_int),
        ("raw_data_out", ctypes.c_int),
        ("dct_method", ctypes.c_int),
        ("do_fancy_upsampling", ctypes.c_int),
        ("do_block_smoothing", ctypes.c_int),
        ("quantize_colors", ctypes.c_int),
        ("dither_mode", ctypes.c_int),
        ("two_pass_quantize", ctypes.c_int),
        ("desired_number_of_colors", ctypes.c_int),
        ("enable_1pass_quant", ctypes.c_int),
        ("enable_external_quant", ctypes.c_int),
        ("enable_2pass_quant", ctypes.c_int),
        ("output_width", ctypes.c_uint),
        ("output_height", ctypes.c_uint),
        ("out_color_components", ctypes.c_int),
        ("output_components", ctypes.c_int),
        ("rec_outbuf_height", ctypes.c_int),
        ("actual_number_of_colors", ctypes.c_int),
        ("colormap", ctypes.c_void_p),
        ("output_scanline", ctypes.c_uint),
        ("_state", ctypes.c_char * (_DECOMPRESS_SIZE - 172)),  # 172: output_scanline's end
    ]


class _Job:
    """One file handed to a decoding thread: what libjpeg said of it and whether the decode ran to
    its end (anything else that stopped it is a problem, never "whole")."""

    __slots__ = ("data", "finished", "problems", "whole")

    def __init__(self, data: bytes):
        self.data = data
        self.problems: list[str] = []
        self.whole = False
        self.finished = threading.Event()


class _DecodingThread:
    """A thread that decodes the jobs put in its inbox until it is handed None."""

    __slots__ = ("inbox", "thread")

    def __init__(self, serve: Any):
        self.inbox: SimpleQueue[_Job | None] = SimpleQueue()
        self.thread = threading.Thread(target=serve, args=(self.inbox,), name=_DECODING_THREAD, daemon=True)
        self.thread.start()

    def end(self) -> None:
        self.inbox.put(None)
        self.thread.join()


class Libjpeg:
    """A loaded libjpeg-turbo with the few functions a strict decode needs.

    >>> decoder = strict_decoder()
    >>> decoder is None or decoder.first_problem(b"\\xff\\xd8\\xff\\xd9") == "JPEG datastream contains no image"
    True
    """

    def __init__(self, library: ctypes.CDLL):
        self._library = library
        void_p, uint, errors = ctypes.c_void_p, ctypes.c_uint, ctypes.POINTER(_ErrorManager)
        signatures: tuple[tuple[Any, list[Any], Any], ...] = (
            (library.jpeg_std_error, [errors], errors),
            (library.jpeg_CreateDecompress, [void_p, ctypes.c_int, ctypes.c_size_t], None),
            (library.jpeg_mem_src, [void_p, ctypes.c_char_p, ctypes.c_ulong], None),
            (library.jpeg_read_header, [void_p, ctypes.c_int], ctypes.c_int),
            (library.jpeg_start_decompress, [void_p], ctypes.c_int),
            (library.jpeg_read_scanlines, [void_p, void_p, uint], uint),
            (library.jpeg_skip_scanlines, [void_p, uint], uint),
            (library.jpeg_finish_decompress, [void_p], ctypes.c_int),
            (library.jpeg_destroy_decompress, [void_p], None),
        )
        for function, arguments, result in signatures:
            function.argtypes, function.restype = arguments, result
        self._lock = threading.Lock()  # guards the two below, for callers on several threads
        self._reusers = 0  # how many reusing_threads() blocks are open
        self._idle: list[_DecodingThread] = []  # threads kept for the next file meanwhile

    def first_problem(self, data: bytes) -> str | None:
        """libjpeg's first warning or its error decoding ``data`` whole, or None when it is whole.

        >>> decoder = strict_decoder()
        >>> decoder is None or decoder.first_problem(b"\\xff\\xd8") == "Premature end of JPEG file"
        True
        """
        job = _Job(data)
        decoding = self._decoding_thread()
        decoding.inbox.put(job)
        try:
            job.finished.wait()
        except BaseException:  # Ctrl-C while it decodes: it ends after this file (or stays parked), unjoined
            decoding.inbox.put(None)
            raise
        if decoding.thread.name != PARKED_THREAD:  # renamed before ``finished`` is set, so never a race
            self._done_with(decoding)
        if job.problems:
            return job.problems[0]
        return None if job.whole else "libjpeg did not finish decoding it"

    @contextlib.contextmanager
    def reusing_threads(self) -> Iterator[None]:
        """While the block runs, a decoding thread is kept for the next file instead of ending;
        they end (and are joined) when the last such block closes.

        >>> decoder = strict_decoder()
        >>> if decoder is not None:
        ...     with decoder.reusing_threads():
        ...         problems = [decoder.first_problem(b"\\xff\\xd8") for _ in range(3)]
        ...     assert problems == ["Premature end of JPEG file"] * 3
        """
        with self._lock:
            self._reusers += 1
        try:
            yield
        finally:
            with self._lock:
                self._reusers -= 1
                ending, self._idle = (self._idle, []) if self._reusers == 0 else ([], self._idle)
            for decoding in ending:
                decoding.end()

    def _decoding_thread(self) -> _DecodingThread:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return _DecodingThread(self._serve)

    def _done_with(self, decoding: _DecodingThread) -> None:
        with self._lock:
            if self._reusers:
                self._idle.append(decoding)
                return
        decoding.end()  # gone before the caller goes on: a live thread keeps workers from forking

    def _serve(self, inbox: SimpleQueue[_Job | None]) -> None:
        while (job := inbox.get()) is not None:
            self._decode(job)

    def _decode(self, job: _Job) -> None:
        library = self._library
        problems = job.problems
        errors = _ErrorManager()
        library.jpeg_std_error(ctypes.byref(errors))
        format_message = errors.format_message

        def message(state: int) -> str:
            text = ctypes.create_string_buffer(_MESSAGE_LENGTH)
            format_message(state, text)
            return text.value.decode("latin-1")

        def warned(state: int) -> None:
            # libjpeg's own emit_message calls this for the first warning only (trace_level 0): a
            # callback into Python for every trace message costs a hand-over of the interpreter
            # lock each (26 a file), more than the decode when another thread holds it.
            if not problems:
                problems.append(message(state))

        def failed(state: int) -> None:
            # error_exit must not return: keep the message, wake the caller, park this thread.
            try:
                problems.append(message(state))
            finally:
                threading.current_thread().name = PARKED_THREAD
                job.finished.set()
                threading.Event().wait()

        callbacks = (_ErrorExit(failed), _ErrorExit(warned))  # kept alive while libjpeg holds them
        errors.error_exit, errors.output_message = callbacks
        decompress = _Decompress(err=ctypes.pointer(errors))
        data = job.data
        try:
            library.jpeg_CreateDecompress(ctypes.byref(decompress), _LIB_VERSION, ctypes.sizeof(_Decompress))
            library.jpeg_mem_src(ctypes.byref(decompress), data, len(data))
            library.jpeg_read_header(ctypes.byref(decompress), 1)
            decompress.scale_num, decompress.scale_denom = 1, _SCALE
            decompress.do_fancy_upsampling = 0
            library.jpeg_start_decompress(ctypes.byref(decompress))
            if self._read_lines(decompress, problems):
                library.jpeg_finish_decompress(ctypes.byref(decompress))
            elif not problems:  # a memory source never suspends, so this is a decoder that stopped
                problems.append(f"libjpeg stopped at line {decompress.output_scanline} of {decompress.output_height}")
            library.jpeg_destroy_decompress(ctypes.byref(decompress))
            job.whole = True
        except BaseException as exc:  # the reason to the caller, never "whole"
            problems.append(f"libjpeg could not be run on it ({type(exc).__name__}: {exc})")
        finally:
            job.finished.set()

    def _read_lines(self, decompress: _Decompress, problems: list[str]) -> bool:
        # All lines but the last skipped: libjpeg-turbo still decodes every MCU's coded data
        # (jpeg_skip_scanlines hands decode_mcu no block), only the inverse DCT, upsampling and
        # colour conversion are left out: 30% less time than reading every line. The last line
        # is read, and jpeg_finish_decompress then reads on to the end of the file. (A skip to
        # the very end would not decode the last rows at all.) A warning ends it: the file is
        # refused and the rest need not be decoded.
        height = decompress.output_height
        if height > 1:
            self._library.jpeg_skip_scanlines(ctypes.byref(decompress), height - 1)
            if problems:
                return False
        line = ctypes.create_string_buffer(max(decompress.output_width * decompress.output_components, 1))
        lines = (ctypes.c_void_p * 1)(ctypes.addressof(line))
        while decompress.output_scanline < height:
            if self._library.jpeg_read_scanlines(ctypes.byref(decompress), lines, 1) == 0 or problems:
                return False
        return True


def _candidates() -> Iterator[str]:
    """Where a libjpeg-turbo of ABI 62 may be: beside Pillow (its wheels), then the system's."""
    spec = importlib.util.find_spec("PIL")
    if spec is not None and spec.origin is not None:
        package = Path(spec.origin).parent
        yield from (str(path) for path in sorted(package.parent.glob("pillow.libs/libjpeg-*.so.62*")))
        yield from (str(path) for path in sorted(package.glob(".dylibs/libjpeg.62*.dylib")))
    yield "libjpeg.so.62"


@functools.cache
def strict_decoder() -> Libjpeg | None:
    """The libjpeg-turbo this machine has, loaded once, or None (then the ``jpeg`` extra judges).

    >>> strict_decoder() is strict_decoder()
    True
    """
    if sys.platform == "win32" or ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    for candidate in _candidates():
        try:
            library = ctypes.CDLL(candidate)
        except OSError:
            continue
        # jpeg_skip_scanlines is libjpeg-turbo's (1.5 and later); jpeg_mem_src came with it too.
        if hasattr(library, "jpeg_skip_scanlines") and hasattr(library, "jpeg_mem_src"):
            return Libjpeg(library)
    return None
