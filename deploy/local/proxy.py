"""One origin for ``make run``: a small HTTP/1.1 reverse proxy in front of the two servers.

    python deploy/local/proxy.py --listen 127.0.0.1:8000 \\
        --web 127.0.0.1:PORT_OF_GUNICORN --push 127.0.0.1:PORT_OF_UVICORN

Every page, the API and the pits' push streams are then one origin, as production's reverse
proxy gives them (``deploy/README.md``): the push stream (``/api/v1/pits/<id>/events/``) goes to
the ASGI server, everything else to gunicorn. A pit boss signs in once, and the session's cookie
reaches both.

What it does, and no more: it reads each request's head, sends the request to its server over
a connection kept for that client and that server, and passes the answer back as it comes,
framed as the server framed it (``Content-Length``, chunked, or until the server closes), so a
stream of server-sent events is never held back. It names the client's address in
``X-Forwarded-For`` (``make run`` trusts it, ``TRUSTED_PROXIES``), so the sign-in throttles see
each client rather than the proxy; being the edge, it drops the header a client sends. A kept
connection the server closed while idle (gunicorn's keep-alive) is opened again and the request
sent once more, but only when nothing of an answer came back: the server closed it before
reading the request.

It is for one machine's development stack: production runs a real reverse proxy (nginx, an
ingress), which also terminates TLS and serves HTTP/2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import signal

#: The paths served by the ASGI server: a pit's stream of changes.
PUSH_PATH = re.compile(rb"/api/v1/pits/\d+/events/(?:\?|$)")
#: The largest request or response head read, in bytes.
HEAD_LIMIT = 64 * 1024
#: Hop-by-hop headers, which concern one connection and are not passed on (RFC 9110 7.6.1).
HOP_BY_HOP = frozenset(
    {
        b"connection",
        b"keep-alive",
        b"proxy-connection",
        b"te",
        b"trailer",
        b"upgrade",
    }
)
_CHUNK = 64 * 1024


class Refused(Exception):
    """A request the proxy does not pass on; answered with ``status``, then closed."""

    def __init__(self, status: bytes) -> None:
        super().__init__(status)
        self.status = status


class _Closed(Exception):
    """The server closed a kept connection before answering anything."""


Address = tuple[str, int]


class Proxy:
    """Routes each request to ``web`` or, for a pit's stream, to ``push``."""

    def __init__(self, *, web: Address, push: Address) -> None:
        self.web = web
        self.push = push

    def backend(self, target: bytes) -> Address:
        return self.push if PUSH_PATH.match(target) else self.web

    async def client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serve one client's connection, request after request."""
        peer = writer.get_extra_info("peername")
        address = peer[0] if peer else "unknown"
        kept: dict[Address, tuple[asyncio.StreamReader, asyncio.StreamWriter]] = {}
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                except asyncio.LimitOverrunError:
                    raise Refused(b"431 Request Header Fields Too Large") from None
                keep = await self._one(head, reader, writer, address, kept)
                if not keep:
                    return
        except Refused as refused:
            with contextlib.suppress(ConnectionError):
                writer.write(
                    b"HTTP/1.1 " + refused.status + b"\r\nContent-Length: 0\r\n"
                    b"Connection: close\r\n\r\n"
                )
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            for _, upstream in kept.values():
                upstream.close()
            writer.close()

    async def _one(
        self,
        head: bytes,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        address: str,
        kept: dict[Address, tuple[asyncio.StreamReader, asyncio.StreamWriter]],
    ) -> bool:
        """Pass one request and its answer on; whether the client's connection stays open."""
        request_line, headers = _parse_head(head)
        try:
            method, target, version = request_line.split(b" ")
        except ValueError:
            raise Refused(b"400 Bad Request") from None
        if _header(headers, b"transfer-encoding"):
            # Browsers and the API's clients send a length; a chunked body is not passed on.
            raise Refused(b"411 Length Required")
        length = int(_header(headers, b"content-length") or b"0")
        body = await reader.readexactly(length) if length else b""
        client_keeps = _keeps_alive(version, _header(headers, b"connection"))
        # The proxy is the edge: what a client says it was forwarded for is not believed.
        outgoing = [
            (n, v)
            for n, v in headers
            if n.lower() not in HOP_BY_HOP and n.lower() != b"x-forwarded-for"
        ]
        outgoing.append((b"X-Forwarded-For", address.encode()))
        request = (
            b"%s %s HTTP/1.1\r\n" % (method, target)
            + b"".join(b"%s: %s\r\n" % (n, v) for n, v in outgoing)
            + b"\r\n"
            + body
        )
        backend = self.backend(target)
        for attempt in (0, 1):
            upstream = kept.pop(backend, None)
            reused = upstream is not None
            if upstream is None:
                try:
                    upstream = await asyncio.open_connection(*backend)
                except OSError:
                    raise Refused(b"502 Bad Gateway") from None
            try:
                server_keeps = await _relay(request, method, upstream, writer, reused=reused)
            except _Closed:
                upstream[1].close()
                if attempt == 0:
                    continue
                raise Refused(b"502 Bad Gateway") from None
            except BaseException:
                upstream[1].close()
                raise
            if server_keeps:
                kept[backend] = upstream
            else:
                upstream[1].close()
            return client_keeps and server_keeps
        raise AssertionError("unreachable")


async def _relay(
    request: bytes,
    method: bytes,
    upstream: tuple[asyncio.StreamReader, asyncio.StreamWriter],
    writer: asyncio.StreamWriter,
    *,
    reused: bool,
) -> bool:
    """Send ``request`` upstream and pass its answer to ``writer``; whether the server keeps
    the connection open.

    :raises _Closed: when a reused connection ends before any of the answer came.
    """
    up_reader, up_writer = upstream
    try:
        up_writer.write(request)
        await up_writer.drain()
        head = await up_reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError) as exc:
        if reused and not getattr(exc, "partial", b""):
            raise _Closed from None
        raise
    status_line, headers = _parse_head(head)
    status = int(status_line.split(b" ", 2)[1])
    server_keeps = _keeps_alive(status_line.split(b" ", 1)[0], _header(headers, b"connection"))
    length = _header(headers, b"content-length")
    chunked = b"chunked" in (_header(headers, b"transfer-encoding") or b"").lower()
    no_body = method == b"HEAD" or status in (204, 304) or 100 <= status < 200
    until_close = not (no_body or length is not None or chunked)
    outgoing = [(n, v) for n, v in headers if n.lower() not in HOP_BY_HOP]
    if until_close:
        # The body ends when the server closes: so must the client's connection.
        outgoing.append((b"Connection", b"close"))
    writer.write(
        status_line + b"\r\n" + b"".join(b"%s: %s\r\n" % (n, v) for n, v in outgoing) + b"\r\n"
    )
    if no_body:
        pass
    elif length is not None:
        await _copy(up_reader, writer, int(length))
    elif chunked:
        await _copy_chunked(up_reader, writer)
    else:
        while data := await up_reader.read(_CHUNK):
            writer.write(data)
            await writer.drain()
        await writer.drain()
        return False
    await writer.drain()
    return server_keeps and not until_close


async def _copy(source: asyncio.StreamReader, writer: asyncio.StreamWriter, length: int) -> None:
    while length:
        data = await source.read(min(length, _CHUNK))
        if not data:
            raise asyncio.IncompleteReadError(b"", length)
        writer.write(data)
        length -= len(data)
        await writer.drain()


async def _copy_chunked(source: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Pass a chunked body on chunk by chunk, as it comes (a stream's events at once)."""
    while True:
        size_line = await source.readuntil(b"\r\n")
        size = int(size_line.split(b";", 1)[0], 16)
        writer.write(size_line)
        if size == 0:
            # The trailer section, up to its empty line.
            while (line := await source.readuntil(b"\r\n")) != b"\r\n":
                writer.write(line)
            writer.write(b"\r\n")
            return
        writer.write(await source.readexactly(size + 2))
        await writer.drain()


def _parse_head(head: bytes) -> tuple[bytes, list[tuple[bytes, bytes]]]:
    lines = head.split(b"\r\n")
    headers = []
    for line in lines[1:]:
        if not line:
            continue
        name, sep, value = line.partition(b":")
        if not sep:
            raise Refused(b"400 Bad Request")
        headers.append((name.strip(), value.strip()))
    return lines[0], headers


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    values = [v for n, v in headers if n.lower() == name]
    return b", ".join(values) if values else None


def _keeps_alive(version: bytes, connection: bytes | None) -> bool:
    tokens = {t.strip() for t in (connection or b"").lower().split(b",")}
    if version == b"HTTP/1.0":
        return b"keep-alive" in tokens
    return b"close" not in tokens


def _address(text: str) -> Address:
    host, _, port = text.rpartition(":")
    return host, int(port)


async def serve(listen: Address, proxy: Proxy) -> None:
    server = await asyncio.start_server(proxy.client, *listen, limit=HEAD_LIMIT)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with server:
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listen", required=True, help="host:port to serve")
    parser.add_argument("--web", required=True, help="gunicorn's host:port")
    parser.add_argument("--push", required=True, help="the ASGI server's host:port")
    args = parser.parse_args()
    proxy = Proxy(web=_address(args.web), push=_address(args.push))
    asyncio.run(serve(_address(args.listen), proxy))


if __name__ == "__main__":
    main()
