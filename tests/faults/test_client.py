"""The fault tests' HTTP client meets a closed keep-alive connection as HTTP clients do: a read
is sent again on a new connection, while a write that found its connection closed is
:class:`~tests.faults.stack.Dropped` (the tests count those, and send them again themselves
with the same idempotency key)."""

from __future__ import annotations

import http.server
import socket
import socketserver
import threading
from collections.abc import Iterator

import pytest

from tests.faults.stack import Client, Dropped


class _ClosesIdleConnections(http.server.BaseHTTPRequestHandler):
    """Answers every request on a keep-alive connection; closes one that :meth:`close_idle`
    was told to, as gunicorn closes one idle longer than its ``keepalive``."""

    protocol_version = "HTTP/1.1"
    answered: list[str]

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._answer()

    def _answer(self) -> None:
        self.answered.append(self.command)
        body = b'{"ok": true}'
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        # The next request on this connection finds it closed, with no answer.
        self.close_connection = True


@pytest.fixture
def server() -> Iterator[tuple[int, list[str]]]:
    answered: list[str] = []
    handler = type("Handler", (_ClosesIdleConnections,), {"answered": answered})
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as served:
        thread = threading.Thread(target=served.serve_forever, daemon=True)
        thread.start()
        try:
            yield served.server_address[1], answered
        finally:
            served.shutdown()


def test_a_read_on_a_connection_closed_while_idle_is_sent_again(
    server: tuple[int, list[str]],
) -> None:
    port, answered = server
    client = Client(port)
    assert client.request("GET", "/first")[:2] == (200, {"ok": True})
    assert client.request("GET", "/again")[:2] == (200, {"ok": True})
    assert answered == ["GET", "GET"]


def test_a_write_on_a_connection_closed_while_idle_is_dropped_not_sent_again(
    server: tuple[int, list[str]],
) -> None:
    port, answered = server
    client = Client(port)
    client.request("GET", "/first")
    with pytest.raises(Dropped):
        client.request("POST", "/write", {"n": 1})
    assert answered == ["GET"]
    # The next request opens a new connection.
    assert client.request("POST", "/write", {"n": 1})[0] == 200
    assert answered == ["GET", "POST"]


def test_a_read_that_finds_no_server_is_dropped() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    with pytest.raises(Dropped):
        Client(port).request("GET", "/nobody-listens")
