"""A build shared out among forked worker processes: the same files as one process writes, the
previous kit kept when a worker fails or dies half way, progress in order, each file once."""

import errno
import hashlib
import os
import re
import signal
import threading
import time

import pytest

import rushmore_print.render.pdf as pdf
import rushmore_print.writers.build as build
from rushmore_print.cli.commands import cli
from rushmore_print.design import load_design
from rushmore_print.errors import BuildError, Problem, SpecError
from rushmore_print.layout.sheets import SheetLayout
from rushmore_print.writers.build import KitOptions, build_kit, kit_jobs, kit_workers
from rushmore_print.writers.workers import WorkerTraceback, can_fork, run_forked, worker_count

pytestmark = pytest.mark.skipif(not can_fork(), reason="no fork on this platform: builds run in one process")

# Five documents, each of its own kind: enough for two workers to share, quick to make.
OPTIONS = KitOptions(papers=("a4",), layouts=(SheetLayout.DUPLEX,))


WRITE_PDF = pdf.write_pdf  # build.render_jobs imports it when it draws, so a patch here reaches it


def digests(folder):
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir())}


@pytest.mark.slow
def test_two_workers_write_the_same_bytes_as_one_process(tmp_path):
    one = build_kit(load_design(), tmp_path / "one", OPTIONS, workers=1)
    two = build_kit(load_design(), tmp_path / "two", OPTIONS, workers=2)
    assert [(w.path.name, w.pages, w.size) for w in one] == [(w.path.name, w.pages, w.size) for w in two]
    assert len(one) == 5
    assert digests(tmp_path / "one") == digests(tmp_path / "two")  # no staging folder left either


def _kit(tmp_path):
    """A first kit in ``tmp_path`` and its bytes."""
    build_kit(load_design(), tmp_path, OPTIONS, workers=1)
    return {path.name: path.read_bytes() for path in tmp_path.iterdir()}


def _fail_on(monkeypatch, fail, in_worker: bool = True) -> None:
    """Make the first document a forked worker renders (``in_worker``; else each one this
    process renders) call ``fail`` once written (the patch is inherited through the fork)."""
    real = WRITE_PDF
    parent = os.getpid()

    def write(document, out, **kwargs):
        real(document, out, **kwargs)
        out.write(b"% rebuilt")  # differs from the old file, were it moved in
        if (os.getpid() != parent) == in_worker:
            fail()

    monkeypatch.setattr(pdf, "write_pdf", write)


@pytest.mark.slow
def test_a_worker_failing_half_way_leaves_the_previous_kit(tmp_path, monkeypatch):
    before = _kit(tmp_path)

    def fail():
        raise BuildError("the worker's document failed")

    _fail_on(monkeypatch, fail)
    with pytest.raises(BuildError, match=r"^the worker's document failed$"):
        build_kit(load_design(), tmp_path, OPTIONS, workers=2)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before  # no staging folder either


@pytest.mark.slow
def test_a_failure_in_this_process_ends_the_workers_and_leaves_the_previous_kit(tmp_path, monkeypatch):
    before = _kit(tmp_path)

    def fail():
        raise BuildError("this process's document failed")

    _fail_on(monkeypatch, fail, in_worker=False)
    with pytest.raises(BuildError, match=r"^this process's document failed$"):
        build_kit(load_design(), tmp_path, OPTIONS, workers=2)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


@pytest.mark.slow
def test_a_workers_error_keeps_its_type_and_a_bug_its_traceback(tmp_path, monkeypatch):
    _kit(tmp_path)

    problem = Problem("design.yaml", 3, "heads", "too few")

    def spec_error():  # made from problems, not from its message: pickle alone would garble it
        raise SpecError([problem])

    _fail_on(monkeypatch, spec_error)
    with pytest.raises(SpecError) as raised:
        build_kit(load_design(), tmp_path, OPTIONS, workers=2)
    assert str(raised.value) == "design.yaml:3: heads: too few" and raised.value.problems == (problem,)

    def bug():
        raise ZeroDivisionError("a bug")

    _fail_on(monkeypatch, bug)
    with pytest.raises(ZeroDivisionError, match="a bug") as raised:
        build_kit(load_design(), tmp_path, OPTIONS, workers=2)
    where = raised.value.__cause__  # where it happened, for RUSHMORE_DEBUG
    assert isinstance(where, WorkerTraceback) and "in bug" in str(where) and "in a build worker" in str(where)


@pytest.mark.slow
def test_a_killed_worker_is_a_sentence_and_the_previous_kit_stays(runner, tmp_path, monkeypatch):
    before = _kit(tmp_path)
    _fail_on(monkeypatch, lambda: os.kill(os.getpid(), signal.SIGKILL))
    monkeypatch.setenv("RUSHMORE_WORKERS", "2")
    result = runner.invoke(cli, ["build", "--paper", "a4", "--layout", "duplex", "-o", str(tmp_path)])
    assert result.exit_code == 1, result.output
    killed = re.fullmatch(
        r"error: a worker process was killed \(SIGKILL\) while making (\S+); nothing was written",
        result.stderr.splitlines()[-1],
    )
    assert killed is not None and killed[1] in before, result.stderr
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


@pytest.mark.slow
def test_a_full_disk_in_a_worker_names_the_file_and_keeps_the_previous_kit(runner, tmp_path, monkeypatch):
    before = _kit(tmp_path)
    monkeypatch.setenv("RUSHMORE_FSYNC", "1")  # the production path: every file synced

    def fail(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("rushmore_print.writers.files.os.fsync", fail)
    monkeypatch.setenv("RUSHMORE_WORKERS", "2")
    result = runner.invoke(cli, ["build", "--paper", "a4", "--layout", "duplex", "-o", str(tmp_path)])
    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert line.startswith(f"error: no space left on device writing {tmp_path}{os.sep}mount-rushmore_")
    assert line.endswith("; the previous file is intact")
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


@pytest.mark.slow
def test_progress_lists_each_file_once_in_order(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("RUSHMORE_WORKERS", "2")
    result = runner.invoke(cli, ["build", "--paper", "a4", "--layout", "duplex", "-o", str(tmp_path), "-v"])
    assert result.exit_code == 0, result.output
    written = [line.removeprefix("  writing ") for line in result.stderr.splitlines() if line.startswith("  writing")]
    design = load_design()
    assert written == [job.name for job in kit_jobs(build.Kit.of(design, build.checked_deck(design)), OPTIONS)]
    assert sorted(written) == sorted(path.name for path in tmp_path.iterdir())


@pytest.mark.slow
def test_the_rule_sheets_are_made_by_one_worker_and_progress_keeps_its_order(runner, tmp_path, monkeypatch):
    """The A4 and Letter rule sheets share their layout (one body size fitted to both papers):
    one process makes both, the second reusing the first's; the progress stays in file order."""
    makers = tmp_path / "makers"
    real = build.rulebook_document

    def rulebook(design, deck, paper, table=None):
        with makers.open("a") as file:
            file.write(f"{paper} {os.getpid()}\n")
        return real(design, deck, paper, table)

    monkeypatch.setattr(build, "rulebook_document", rulebook)
    monkeypatch.setenv("RUSHMORE_WORKERS", "2")
    result = runner.invoke(cli, ["build", "-o", str(tmp_path / "kit"), "-v"])
    assert result.exit_code == 0, result.output
    made = dict(line.split() for line in makers.read_text().splitlines())
    assert set(made) == {"a4", "letter"} and made["a4"] == made["letter"]
    written = [line.removeprefix("  writing ") for line in result.stderr.splitlines() if line.startswith("  writing")]
    design = load_design()
    assert written == [job.name for job in kit_jobs(build.Kit.of(design, build.checked_deck(design)), KitOptions())]


def test_workers_only_where_they_pay(monkeypatch):
    monkeypatch.delenv("RUSHMORE_WORKERS")
    design = load_design()
    jobs = kit_jobs(build.Kit.of(design, build.checked_deck(design)), KitOptions())
    monkeypatch.setattr("rushmore_print.writers.workers.usable_cores", lambda: 1)
    assert kit_workers(jobs) == 1  # one core: one process
    monkeypatch.setattr("rushmore_print.writers.workers.usable_cores", lambda: 2)
    assert kit_workers(jobs) == 2 and kit_workers(jobs[:1]) == 1  # one document: one process
    monkeypatch.setattr("rushmore_print.writers.workers.usable_cores", lambda: 64)
    assert kit_workers(jobs) == 4  # at most 4: each holds a document's page in memory
    monkeypatch.setattr("rushmore_print.writers.build.can_fork", lambda: False)
    assert kit_workers(jobs) == 1
    monkeypatch.undo()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert not can_fork()  # another thread runs: a lock it holds would stay held in a forked child
    finally:
        stop.set()
        other.join()
    assert can_fork()
    monkeypatch.setenv("RUSHMORE_WORKERS", "3")
    assert worker_count(9) == 3


def test_the_costliest_documents_go_first():
    design = load_design()
    jobs = kit_jobs(build.Kit.of(design, build.checked_deck(design)), KitOptions())
    by_cost = sorted(jobs, key=lambda job: -job.cost)
    assert by_cost[0].name.endswith("_cards_per-card.pdf")
    assert {job.name.split("_")[1] for job in by_cost[:5]} == {"cards"}


def test_run_forked_starts_in_task_order_whatever_the_order_of_work():
    started = []
    assert run_forked(6, lambda task: task * 10, 3, order=[5, 4, 3, 2, 1, 0], started=started.append) == [
        0, 10, 20, 30, 40, 50,
    ]  # fmt: skip
    assert started == [0, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="each of 2 tasks once"):
        run_forked(2, str, 2, order=[0, 0])


def test_run_forked_leaves_no_process_behind():
    def task(number):
        time.sleep(0.05)  # long enough for the workers to start and take some
        return os.getpid()

    workers = set(run_forked(6, task, 3)) - {os.getpid()}  # this process works too
    assert 1 <= len(workers) <= 2
    for pid in workers:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)  # reaped already


def test_run_forked_unpicklable_error_is_told_in_words():
    class Local(Exception):  # a class pickle cannot find by name
        pass

    parent = os.getpid()

    def fail(task):
        if os.getpid() != parent:
            raise Local("made in the worker")
        time.sleep(0.2)  # the worker fails meanwhile

    with pytest.raises(RuntimeError, match="Local: made in the worker"):
        run_forked(2, fail, 2)
