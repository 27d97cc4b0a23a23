"""util.py -- small helpers of the test harness: repository paths, running
a command with a timeout (the whole process group is killed when it
expires), content hashes for build caches, and an inter-process file lock.
"""

import fcntl
import hashlib
import os
import signal
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("SLUICE_HARNESS_BUILD", os.path.join(ROOT, "build", "harness"))


class Result:
    def __init__(self, returncode, stdout, stderr, timed_out):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.timed_out = timed_out


def run(cmd, timeout, cwd=None, env=None):
    """Runs cmd; never raises on failure or timeout (returncode -9 and
    timed_out=True when the timeout expires)."""
    try:
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             errors="replace", start_new_session=True)
    except OSError as e:
        return Result(127, "", f"cannot run {cmd[0]}: {e}\n", False)
    try:
        out, err = p.communicate(timeout=timeout)
        return Result(p.returncode, out, err, False)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return Result(-9, out, err + f"\n(killed after {timeout} s)\n", True)


def hash_files(paths, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in paths:
        h.update(os.path.basename(p).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def hash_text(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()


class FileLock:
    def __init__(self, path):
        self.path = path
        self.fd = None

    def __enter__(self):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)
        return False


def hexw(value, width):
    """value as ceil(width/4) lowercase hex digits (Verilog %h)."""
    return format(value, "0{}x".format((width + 3) // 4))
