"""Bots in their own process: a view goes out as JSON, an action comes back.

An agent that runs in the same process as the game can reach the whole
state, hidden cards included, through the garbage collector or the call
stack: Python has no boundary inside one process.  :class:`ProcessAgent`
runs an untrusted bot as a separate program instead.  The only thing the
program ever receives is what its seat may see, so whatever it inspects in
its own memory, it finds no hidden card.

The protocol is JSON lines on the program's standard input and output:

- for each decision rummykit writes one line, the seat's view as
  :func:`~rummykit.serialize.view_to_json` writes it (its ``legal_actions``
  are the choices);
- the program answers with one line: one of those actions, as JSON in the
  same form (``{"type": "Discard", "card": "Kd"}``), or its index in
  ``legal_actions`` as a bare number;
- when the game is over rummykit closes the program's standard input; the
  program should then exit.

:func:`serve` is that loop, for bots written in Python.  Anything the
program wants to log goes to its standard error.

>>> import sys
>>> from rummykit import get_variant
>>> from rummykit.agents import GreedyAgent, play_hand
>>> bot = [sys.executable, "-c",
...        "from rummykit.agents.process import serve; serve(lambda view: 0)"]
>>> with ProcessAgent(bot) as first:
...     state = play_hand(get_variant("rumino"), [first, GreedyAgent()], seed=1)
>>> state.is_terminal
True
"""

from __future__ import annotations

import contextlib
import io
import json
import queue
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any, TextIO

from rummykit.agents.base import Agent
from rummykit.engine import Action, PlayerView
from rummykit.errors import AgentError, InvalidOptionError, RummyError, quoted

__all__ = ["ProcessAgent", "serve"]

#: The longest reply line a bot may write, in bytes.
MAX_REPLY = 65_536

_EOF = b""


def _stop(process: subprocess.Popen[bytes], grace: float) -> None:
    """Close the program's input, give it ``grace`` seconds to exit, then kill it."""
    if process.stdin is not None:
        # Unbuffered, so this never waits for a write that the program is
        # not reading.
        with contextlib.suppress(OSError):
            process.stdin.close()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _read_lines(raw: IO[bytes], lines: queue.Queue[bytes], limit: int) -> None:
    """Pass the program's output on, a line at a time, until it ends."""
    stdout = io.BufferedReader(raw)  # type: ignore[type-var]
    try:
        while True:
            line = stdout.readline(limit + 1)
            lines.put(line)
            if not line or not line.endswith(b"\n"):
                return
    except (OSError, ValueError):  # the pipe was closed under us
        lines.put(_EOF)
    finally:
        stdout.close()


def _write_lines(stdin: IO[bytes], texts: queue.Queue[bytes | None]) -> None:
    """Write each view to the program, so that a program that never reads
    blocks this thread and not the game."""
    while True:
        text = texts.get()
        if text is None:
            return
        view = memoryview(text)
        try:
            while view:
                written = stdin.write(view)
                view = view[written or 0 :]
        except (OSError, ValueError):
            return


class ProcessAgent:
    """An agent whose decisions are made by another program, in its own process.

    ``command`` starts the program, as for ``subprocess.Popen`` (a list
    of arguments, no shell), on the first decision; one program plays one
    seat, for as many hands as it is asked (one agent a seat, as for any
    agent).  Each decision sends the view and waits for the answer (see the
    module's documentation for the protocol).

    What can go wrong, and what happens then:

    - the program does not answer within ``timeout`` seconds (the first
      decision also allows ``start_timeout`` for the program to start);
    - it writes a line that is not JSON, longer than ``max_reply`` bytes, or
      not an action; or an action that is not one of the legal ones (a bare
      number must be an index into ``legal_actions``);
    - it writes a second line without being asked, or its process ends.

    In every case the program is stopped.  With no ``fallback`` the decision
    raises :class:`~rummykit.errors.AgentError`, naming the program and what
    went wrong, and the game's state is unchanged.  With a ``fallback``
    agent, that agent makes this decision and every later one of this seat,
    and the reason is appended to :attr:`failures`.

    :meth:`close` (or leaving a ``with`` block) closes the program's input,
    waits up to ``grace`` seconds for it to exit and then kills it; an agent
    that is garbage collected, or still open when the interpreter exits, is
    closed the same way.

    The program inherits this process's environment unless ``env`` is given,
    starts in ``cwd``, and writes its standard error to ``stderr`` (this
    process's, by default; ``subprocess.DEVNULL`` to discard it).  It
    does not inherit other open files.

    >>> ProcessAgent([])
    Traceback (most recent call last):
    ...
    rummykit.errors.InvalidOptionError: ProcessAgent needs a command: a non-empty list of strings, not []
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = 10.0,
        start_timeout: float = 30.0,
        fallback: Agent | None = None,
        max_reply: int = MAX_REPLY,
        grace: float = 1.0,
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        stderr: int | IO[Any] | None = None,
    ) -> None:
        if (
            isinstance(command, str | bytes)
            or not isinstance(command, Sequence)
            or not command
            or not all(isinstance(part, str) for part in command)
        ):
            raise InvalidOptionError(
                "ProcessAgent needs a command: a non-empty list of strings, "
                f"not {quoted(command)}"
            )
        for name, seconds in (
            ("timeout", timeout),
            ("start_timeout", start_timeout),
            ("grace", grace),
        ):
            if (
                not isinstance(seconds, int | float)
                or isinstance(seconds, bool)
                or not 0 < seconds <= 86_400
            ):
                raise InvalidOptionError(
                    f"ProcessAgent {name} must be a number of seconds above 0 and "
                    f"at most 86400, not {quoted(seconds)}"
                )
        if (
            not isinstance(max_reply, int)
            or isinstance(max_reply, bool)
            or not 2 <= max_reply <= 2**26
        ):
            raise InvalidOptionError(
                f"ProcessAgent max_reply must be from 2 to 2**26 bytes, not {quoted(max_reply)}"
            )
        if fallback is not None and not callable(getattr(fallback, "choose", None)):
            raise InvalidOptionError(
                f"ProcessAgent fallback must be an agent or None, not {quoted(fallback)}"
            )
        self.command = tuple(command)
        """The program and its arguments."""
        self.timeout = float(timeout)
        """Seconds the program has to answer each decision."""
        self.start_timeout = float(start_timeout)
        """Extra seconds for the first decision, while the program starts."""
        self.fallback = fallback
        """The agent that takes over when the program fails, or ``None``."""
        self.max_reply = max_reply
        """The longest reply line, in bytes."""
        self.grace = float(grace)
        """Seconds the program has to exit after its input is closed."""
        self.failures: list[str] = []
        """Why the program was stopped, when a fallback took over."""
        self._env = None if env is None else dict(env)
        self._cwd = cwd
        self._stderr = stderr
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes] = queue.Queue(maxsize=2)
        self._texts: queue.Queue[bytes | None] = queue.Queue()
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._failed = False
        self._started = False

    def __repr__(self) -> str:
        return f"ProcessAgent({list(self.command)!r})"

    @property
    def name(self) -> str:
        """The command as one line, for messages."""
        return quoted(" ".join(self.command))

    @property
    def running(self) -> bool:
        """Whether the program has been started and not stopped."""
        return self._process is not None and self._process.poll() is None

    def __enter__(self) -> ProcessAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            process = subprocess.Popen(
                list(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                bufsize=0,
                env=self._env,
                cwd=self._cwd,
                close_fds=True,
            )
        except OSError as error:
            raise AgentError(f"bot {self.name} could not start: {error}") from None
        assert process.stdin is not None and process.stdout is not None
        self._lines = queue.Queue(maxsize=2)
        self._texts = queue.Queue()
        for target, args in (
            (_read_lines, (process.stdout, self._lines, self.max_reply)),
            (_write_lines, (process.stdin, self._texts)),
        ):
            threading.Thread(target=target, args=args, daemon=True).start()
        self._finalizer = weakref.finalize(self, _stop, process, self.grace)
        self._process = process
        return process

    def close(self) -> None:
        """Stop the program: close its input, wait ``grace`` seconds, kill it.

        Closing twice, or an agent that never started, does nothing.  The
        next decision starts the program again, unless it had failed and a
        fallback took over.
        """
        process, self._process = self._process, None
        if process is None:
            return
        self._texts.put(None)
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        # The writer thread closes nothing; closing stdin here ends its write.
        _stop(process, self.grace)

    def _fail(self, reason: str) -> AgentError:
        process = self._process
        status = ""
        if process is not None and process.poll() is not None:
            status = f" (exit status {process.returncode})"
        self.close()
        return AgentError(f"bot {self.name}: {reason}{status}")

    def _ask(self, text: str) -> bytes:
        process = self._process
        wait = self.timeout
        if process is None:
            process = self._start()
            if not self._started:
                wait += self.start_timeout
            self._started = True
        if self._lines.empty():
            self._texts.put(text.encode("utf-8") + b"\n")
            try:
                line = self._lines.get(timeout=wait)
            except queue.Empty:
                raise self._fail(f"did not answer within {wait:g} s") from None
        else:
            # Something came before the question: a line, or the end of a
            # program that stopped before it was asked anything.
            line = self._lines.get_nowait()
            if line:
                raise self._fail("wrote a line without being asked")
        if not line:
            if process.poll() is None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=self.grace)
            raise self._fail("its process ended without answering")
        if len(line) > self.max_reply or not line.endswith(b"\n"):
            raise self._fail(
                f"answered with more than max_reply ({self.max_reply}) bytes on a line"
            )
        return line

    def _decode(self, line: bytes, legal: Sequence[Action]) -> Action:
        from rummykit.serialize import action_from_dict

        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise self._fail(
                f"answered with a line that is not JSON: {quoted(line)}"
            ) from None
        if isinstance(data, int) and not isinstance(data, bool):
            if not 0 <= data < len(legal):
                raise self._fail(
                    f"answered index {quoted(data)}, but there are {len(legal)} legal actions"
                )
            return legal[data]
        try:
            action = action_from_dict(data)
        except RummyError as error:
            raise self._fail(f"answered with no action: {error}") from None
        if action not in legal:
            raise self._fail(f"answered with an action that is not legal now: {action}")
        return action

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Send ``view`` to the program and return the legal action it answers.

        :raises AgentError: if the program fails (see the class) and there is
            no fallback.
        """
        if self._failed and self.fallback is not None:
            return self.fallback.choose(view, legal)
        from rummykit.serialize import view_to_json

        try:
            return self._decode(self._ask(view_to_json(view)), legal)
        except AgentError as error:
            if self.fallback is None:
                raise
            self._failed = True
            self.failures.append(str(error))
            return self.fallback.choose(view, legal)


def serve(
    choose: Callable[[dict[str, Any]], object],
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> None:
    """Run a bot's side of the protocol until its input ends.

    ``choose`` receives each view as a dictionary (what
    :func:`~rummykit.serialize.view_to_dict` gives) and returns one of its
    ``legal_actions`` (a dictionary) or that action's index.

    >>> import io
    >>> from rummykit.agents.process import serve
    >>> out = io.StringIO()
    >>> serve(lambda view: view["legal_actions"][-1],
    ...       stdin=io.StringIO('{"legal_actions": [{"type": "DrawStock"}, {"type": "DrawDiscard"}]}\\n'),
    ...       stdout=out)
    >>> out.getvalue()
    '{"type": "DrawDiscard"}\\n'
    """
    source = sys.stdin if stdin is None else stdin
    sink = sys.stdout if stdout is None else stdout
    for line in source:
        answer = choose(json.loads(line))
        sink.write(json.dumps(answer) + "\n")
        sink.flush()
