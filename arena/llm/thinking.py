"""Split streamed text into reasoning and answer, where reasoning comes inline as <think>...</think>."""

from __future__ import annotations

OPEN, CLOSE = "<think>", "</think>"


class ThinkSplitter:
    """Feed chunks in order; each call returns (kind, text) pieces with kind 'reasoning' or 'answer'.

    Tags may be cut across chunks, so a possible partial tag at the end of a chunk is held back.
    """

    def __init__(self) -> None:
        self.inside = False
        self.pending = ""

    def feed(self, text: str) -> list[tuple[str, str]]:
        """Classify a chunk."""
        self.pending += text
        pieces: list[tuple[str, str]] = []
        while True:
            tag = CLOSE if self.inside else OPEN
            at = self.pending.find(tag)
            if at >= 0:
                self._emit(pieces, self.pending[:at])
                self.pending = self.pending[at + len(tag) :]
                self.inside = not self.inside
                continue
            keep = _partial_suffix(self.pending, tag)
            self._emit(pieces, self.pending[: len(self.pending) - keep])
            self.pending = self.pending[len(self.pending) - keep :]
            return pieces

    def flush(self) -> list[tuple[str, str]]:
        """Whatever is held back once the stream ends."""
        pieces: list[tuple[str, str]] = []
        self._emit(pieces, self.pending)
        self.pending = ""
        return pieces

    def _emit(self, pieces: list[tuple[str, str]], text: str) -> None:
        if text:
            pieces.append(("reasoning" if self.inside else "answer", text))


def _partial_suffix(text: str, tag: str) -> int:
    """Length of the longest end of `text` that starts `tag`."""
    for size in range(min(len(tag) - 1, len(text)), 0, -1):
        if tag.startswith(text[-size:]):
            return size
    return 0
