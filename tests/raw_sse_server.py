"""A raw-socket HTTP server on loopback that streams an SSE reply and closes the socket mid-reply.

No chunked encoding, no `[DONE]`, no finish reason: the body simply ends when the connection
closes, which an HTTP client accepts as a complete response. Only the missing finish reason
tells that the provider never finished.
"""

from __future__ import annotations

import json
import socket
import threading


def sse_chunk(text: str) -> bytes:
    chunk = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "cut",
        "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}],
    }
    return f"data: {json.dumps(chunk)}\n\n".encode()


class CutStreamServer:
    """Answers every request with `MOVE: ...` text, then closes the connection; counts requests."""

    def __init__(self, text: str = "MOVE: 2,2") -> None:
        self.text = text
        self.requests = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with connection:
                self.read_request(connection)
                self.requests += 1
                head = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
                connection.sendall(head + sse_chunk(self.text))
                connection.shutdown(socket.SHUT_RDWR)

    @staticmethod
    def read_request(connection: socket.socket) -> None:
        """Read the headers and the body (by Content-Length)."""
        data = b""
        while b"\r\n\r\n" not in data:
            part = connection.recv(65536)
            if not part:
                return
            data += part
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        while len(body) < length:
            part = connection.recv(65536)
            if not part:
                return
            body += part

    def close(self) -> None:
        self.listener.close()
