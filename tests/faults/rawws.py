"""A bare WebSocket client over a plain socket, for peers that misbehave: one that
never answers pings, stops reading, or vanishes without a close (no library would).

    peer = RawPeer.open(port)            # handshake done
    peer.send(encode(Hello(), Format.MSGPACK))
    opcode, payload = peer.recv_frame()  # (2, b"...") binary, (8, code+reason) close
"""

from __future__ import annotations

import base64
import os
import socket
import struct
from dataclasses import dataclass

CLOSE, PING, PONG, TEXT, BINARY = 8, 9, 10, 1, 2


@dataclass
class RawPeer:
    sock: socket.socket
    buffer: bytes = b""

    @classmethod
    def open(cls, port: int, rcvbuf: int | None = None, timeout: float = 5.0) -> RawPeer:
        """Connect and complete the handshake."""
        peer = cls.start(port, rcvbuf, timeout)
        peer.finish()
        return peer

    @classmethod
    def start(cls, port: int, rcvbuf: int | None = None, timeout: float = 5.0) -> RawPeer:
        """Connect and send the handshake request (``finish()`` reads the answer: many
        peers can be started before any waits)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:  # before connect, so the window is small from the start
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        return cls(sock)

    def finish(self) -> None:
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"handshake refused: {head[:200]!r}")

    def send(self, payload: bytes | str, opcode: int | None = None) -> None:
        if isinstance(payload, str):
            data, opcode = payload.encode(), opcode or TEXT
        else:
            data, opcode = payload, opcode or BINARY
        self.sock.sendall(frame(data, opcode))

    def recv_frame(self) -> tuple[int, bytes]:
        """The next frame (opcode, payload); raises ConnectionError at end of stream."""
        while True:
            parsed = _parse(self.buffer)
            if parsed is not None:
                opcode, payload, used = parsed
                self.buffer = self.buffer[used:]
                return opcode, payload
            self._fill()

    def close_code(self) -> int | None:
        """Read until the server's close frame; its code (None: the stream just ended)."""
        try:
            while True:
                opcode, payload = self.recv_frame()
                if opcode == CLOSE:
                    return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        except (ConnectionError, OSError):
            return None

    def abort(self) -> None:
        """Vanish: reset the connection, no close frame (SO_LINGER 0 sends an RST)."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk


def frame(data: bytes, opcode: int) -> bytes:
    """One final, masked client frame."""
    size = len(data)
    if size < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i & 3] for i, b in enumerate(data))
    return head + mask + masked


def _parse(buffer: bytes) -> tuple[int, bytes, int] | None:
    if len(buffer) < 2:
        return None
    opcode, size = buffer[0] & 0x0F, buffer[1] & 0x7F
    offset = 2
    if size == 126:
        if len(buffer) < 4:
            return None
        size, offset = struct.unpack("!H", buffer[2:4])[0], 4
    elif size == 127:
        if len(buffer) < 10:
            return None
        size, offset = struct.unpack("!Q", buffer[2:10])[0], 10
    if len(buffer) < offset + size:
        return None
    return opcode, buffer[offset:offset + size], offset + size
