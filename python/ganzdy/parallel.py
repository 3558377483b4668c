"""Running chunks of independent work in this process, in local processes, or on Ray.

The arena splits its deals into chunks ``[start, stop)`` of deal indices and hands
them here with a task, a module-level function ``task(payload, start, stop)`` that
returns one result per index. Whichever backend runs them, the results come back as
one list in index order, so a task whose results depend only on the payload and the
index gives the same list on every backend and with any number of workers.

Backends:

- ``in-process``: the chunks one after the other in this process (``workers=1``).
- ``processes``: a ``concurrent.futures.ProcessPoolExecutor`` of ``workers`` processes
  with the platform's default start method, or ``start_method``. Tasks and payloads
  are pickled, so the code works under ``spawn`` as well as ``fork``.
- ``ray``: one Ray task per chunk. With no address a local Ray instance is started
  (and shut down afterwards); with one, the cluster there is joined. An instance this
  process had already started is used as it is and left running.
"""

from __future__ import annotations

import logging
import math
import multiprocessing
import os
import signal
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ganzdy._core import GanzdyError

P = TypeVar("P")
R = TypeVar("R")

# task(payload, start, stop) -> the results for indices start, ..., stop - 1
Task = Callable[[P, int, int], list[R]]
# Told of each finished chunk, in the order they finish: (start, stop, results).
ChunkObserver = Callable[[int, int, list[R]], None]

# Indices in one chunk at most: keeps the progress bar moving with slow agents, while a
# chunk of fast ones still outweighs the cost of sending it (well under a millisecond).
MAX_CHUNK = 32
CHUNKS_PER_WORKER = 8  # aim for at least this many chunks per worker, for load balance


class ParallelError(GanzdyError):
    """A backend that cannot run: bad worker count, Ray missing or unreachable."""


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS and Windows have no affinity call
        return os.cpu_count() or 1


def check_workers(workers: int | None) -> int | None:
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ParallelError(f"workers must be a whole number of at least 1, got {workers!r}")
    return workers


def chunks(total: int, workers: int, largest: int = MAX_CHUNK) -> list[tuple[int, int]]:
    """Split ``range(total)`` into consecutive chunks for ``workers`` workers."""
    if total <= 0:
        return []
    size = max(1, min(largest, math.ceil(total / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, total)) for start in range(0, total, size)]


@dataclass(frozen=True)
class Ran(Generic[R]):
    """Results in index order, with the backend that computed them."""

    results: list[R]
    backend: str  # "in-process", "processes" or "ray"
    workers: int  # processes used, or the CPUs of the Ray cluster
    address: str | None = None  # the Ray cluster joined, None for a local instance
    seconds: float = 0.0  # from the first chunk handed out to the last result back


def _merge(done: dict[int, list[R]], spans: Sequence[tuple[int, int]]) -> list[R]:
    merged: list[R] = []
    for start, _ in spans:
        merged.extend(done[start])
    return merged


def run_in_process(
    task: Task[P, R], payload: P, total: int, on_chunk: ChunkObserver[R] | None = None
) -> Ran[R]:
    done: dict[int, list[R]] = {}
    spans = chunks(total, 1, largest=1)  # one deal at a time: nothing to send
    began = time.perf_counter()
    for start, stop in spans:
        done[start] = task(payload, start, stop)
        if on_chunk is not None:
            on_chunk(start, stop, done[start])
    seconds = time.perf_counter() - began
    return Ran(_merge(done, spans), "in-process", 1, None, seconds)


def run_processes(
    task: Task[P, R],
    payload: P,
    total: int,
    workers: int,
    on_chunk: ChunkObserver[R] | None = None,
    start_method: str | None = None,
    describe: Callable[[int, int], str] | None = None,
) -> Ran[R]:
    """Run ``task`` over ``total`` items in chunks on ``workers`` processes.

    A worker that dies (killed, out of memory, a crash in native code) breaks the whole
    pool without saying which chunk killed it, so the unfinished chunks are run once more
    in a fresh pool; if that pool breaks too, a ``ParallelError`` names the items still
    unfinished (``describe(start, stop)`` words a chunk; by default, its indices)."""
    try:
        context = multiprocessing.get_context(start_method)
    except ValueError as error:
        raise ParallelError(f"start method {start_method!r}: {error}") from error
    spans = chunks(total, workers)
    done: dict[int, list[R]] = {}
    began = time.perf_counter()
    left = list(spans)
    for attempt in range(2):
        try:
            _run_pool(task, payload, left, workers, context, done, on_chunk)
            break
        except BrokenProcessPool as error:
            left = [span for span in left if span[0] not in done]
            if attempt == 0:
                continue
            words = describe or (lambda a, b: f"items {a} to {b - 1}")
            lost = "; ".join(words(a, b) for a, b in left)
            raise ParallelError(
                f"a worker process died twice, in two pools, while playing {lost}"
            ) from error
    seconds = time.perf_counter() - began
    return Ran(_merge(done, spans), "processes", workers, None, seconds)


# Chunks handed to the pool ahead of the workers: enough to keep every worker busy, few
# enough that stopping (Ctrl-C, a failed chunk) never waits on a backlog. Submitting all
# chunks up front made a million-deal arena queue some 31,000 futures, and Ctrl-C during
# that loop (outside any handler) left the pool to finish every one of them.
IN_FLIGHT_PER_WORKER = 2


def _ignore_sigint() -> None:
    # Ctrl-C at a terminal reaches the whole process group. The parent alone decides
    # what an interruption keeps (it stops the workers itself); a worker that took it
    # would print a traceback of its own and hand back a KeyboardInterrupt as a result.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(
    task: Task[P, R],
    payload: P,
    spans: Sequence[tuple[int, int]],
    workers: int,
    context: Any,
    done: dict[int, list[R]],
    on_chunk: ChunkObserver[R] | None,
) -> None:
    """Run ``spans`` in one pool, filling ``done`` as chunks finish."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_sigint)
    waiting = iter(spans)
    pending: dict[Future[list[R]], tuple[int, int]] = {}
    try:
        while True:
            while len(pending) < workers * IN_FLIGHT_PER_WORKER:
                span = next(waiting, None)
                if span is None:
                    break
                pending[pool.submit(task, payload, *span)] = span
            if not pending:
                break
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                start, stop = pending.pop(future)
                done[start] = future.result()  # re-raises a worker's exception here
                if on_chunk is not None:
                    on_chunk(start, stop, done[start])
    except KeyboardInterrupt:
        # The running chunks can take minutes: after Ctrl-C the caller wants what
        # finished now, so stop the workers rather than wait for them.
        _stop_workers(pool)
        raise
    except BaseException:
        # One chunk failed: the others still queued are dropped, the running ones end.
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


# How long stopping the workers waits for one of them to finish sending a result, and
# then for each to end once told to: far longer than either takes (milliseconds).
STOP_WAIT = 10.0


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers now and join everything it started, so that nothing of
    it is left for the interpreter's exit to wait on.

    A worker ended while it is writing a result leaves part of a message in the result
    pipe, and the pool's manager thread blocks forever reading the rest (the parent
    holds the pipe's writing end too, so it never sees the end of the file); the
    interpreter joins that thread at exit, and a Ctrl-C'd arena hung there. The workers
    write a result holding the result queue's write lock, so with it held here none is
    midway through one when it is ended; the manager thread then sees the workers gone,
    marks the pool broken and ends."""
    # ProcessPoolExecutor has no public way to end running tasks; its process table,
    # result queue and manager thread are private but have been there since Python 3.9.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)
    manager = getattr(pool, "_executor_manager_thread", None)
    lock = getattr(results, "_wlock", None)
    held = lock is not None and lock.acquire(timeout=STOP_WAIT)
    try:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(STOP_WAIT)
            if process.is_alive():
                process.kill()
                process.join(STOP_WAIT)
    finally:
        if held and lock is not None:
            lock.release()
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(STOP_WAIT)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise ParallelError(
            "the Ray backend needs Ray: pip install 'ganzdy[ray]' (or pip install ray)"
        ) from error
    return ray


# How long a cluster's head may take to accept a connection before the arena gives up.
RAY_CONNECT_TIMEOUT = 5.0


def _check_reachable(address: str) -> None:
    """Fails fast when nothing listens at a ``host:port`` (or ``ray://host:port``) address.

    ``ray.init`` retries an unreachable head for minutes before it gives up; one TCP
    connection with a timeout tells the same in seconds. ``auto`` and other forms that Ray
    resolves itself are left to Ray.
    """
    target = address.removeprefix("ray://")
    host, sep, port_text = target.rpartition(":")
    if not sep or not host or not port_text.isdigit():
        return
    port = int(port_text)
    if not 0 < port < 65536:
        raise ParallelError(
            f"could not connect to the Ray cluster at {address!r}: port {port} is out of range"
        )
    try:
        with socket.create_connection((host.strip("[]"), port), timeout=RAY_CONNECT_TIMEOUT):
            pass
    except OSError as error:
        raise ParallelError(
            f"could not connect to the Ray cluster at {address!r}: nothing accepted a connection "
            f"within {RAY_CONNECT_TIMEOUT:g} s ({error.strerror or error})"
        ) from None


@contextmanager
def ray_session(address: str | None, workers: int | None) -> Iterator[Any]:
    """Ray, connected: to ``address``, or to a local instance started with ``workers``
    CPUs (every core by default). What this started is shut down on leaving."""
    if address:
        # Before Ray is imported: an unreachable head then fails in seconds, whatever
        # state Ray is in.
        _check_reachable(address)
    ray = _import_ray()
    if ray.is_initialized():
        yield ray
        return
    quiet: dict[str, Any] = {
        "include_dashboard": False,
        "logging_level": logging.ERROR,
        "log_to_driver": False,
    }
    try:
        if address:
            ray.init(address=address, **quiet)
        else:
            # "local" always starts a new instance, never attaching to one found by
            # RAY_ADDRESS or on this machine.
            ray.init(address="local", num_cpus=workers or local_cores(), **quiet)
    except (ConnectionError, ValueError, RuntimeError) as error:
        where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
        raise ParallelError(f"could not connect to {where}: {error}") from error
    try:
        yield ray
    finally:
        ray.shutdown()


def _unwrap_ray_error(ray: Any, error: BaseException) -> BaseException:
    """The exception a Ray task raised, rather than Ray's wrapper around it."""
    if isinstance(error, ray.exceptions.RayTaskError):
        cause = getattr(error, "cause", None)
        if isinstance(cause, BaseException):
            return cause
    return error


def run_ray(
    task: Task[P, R],
    payload: P,
    total: int,
    address: str | None = None,
    workers: int | None = None,
    on_chunk: ChunkObserver[R] | None = None,
) -> Ran[R]:
    with ray_session(address, workers) as ray:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        spans = chunks(total, cpus)
        began = time.perf_counter()
        # Chunks are pure functions of their indices: Ray may rerun one lost with a node.
        remote = ray.remote(num_cpus=1)(task)
        shared = ray.put(payload)
        pending = {remote.remote(shared, start, stop): (start, stop) for start, stop in spans}
        done: dict[int, list[R]] = {}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    start, stop = pending.pop(ref)
                    try:
                        done[start] = ray.get(ref)
                    except ray.exceptions.RayTaskError as error:
                        raise _unwrap_ray_error(ray, error) from None
                    if on_chunk is not None:
                        on_chunk(start, stop, done[start])
        except BaseException:
            for ref in pending:
                ray.cancel(ref)
            raise
        seconds = time.perf_counter() - began
    return Ran(_merge(done, spans), "ray", cpus, address or None, seconds)
